/** What the code graph knows about one file, as extracted from its syntax tree. */

export type SymbolKind =
  | "function" | "method" | "class" | "interface" | "type" | "enum" | "struct" | "trait"
  | "constant" | "variable" | "module" | "namespace" | "macro" | "property"

export type RefKind = "call" | "read" | "type" | "import"

export interface Span {
  /** UTF-8 byte offsets. */
  readonly startByte: number
  readonly endByte: number
  /** 1-based lines and columns. */
  readonly startLine: number
  readonly startColumn: number
  readonly endLine: number
  readonly endColumn: number
}

export interface SymbolFact extends Span {
  readonly name: string
  readonly kind: SymbolKind
  /** Enclosing class/struct/impl/module/namespace names, joined by the language's separator; null at top level. */
  readonly container: string | null
  readonly qualifiedName: string
  readonly signature: string
  readonly parameters: string | null
  readonly returnType: string | null
  readonly exported: boolean
  /** Every signature of an overloaded function or method (TS/JS), which is one symbol. */
  readonly overloads?: ReadonlyArray<string>
  /**
   * UTF-8 byte offsets of the name in each declaration (one, or one per overload): where a rename
   * edits the definition. Not stored in the graph; recomputed from the file when needed.
   */
  readonly nameBytes?: ReadonlyArray<number>
}

export interface RefFact extends Span {
  readonly name: string
  readonly kind: RefKind
  /** `pkg` in `pkg.Name()`, `mod` in `mod::name()`. */
  readonly qualifier: string | null
  /** Index in `symbols` of the innermost function or method around it (for callers and callees). */
  readonly enclosing: number | null
  /**
   * How the parser bound the name, where it can (TS/JS); absent for the tree-sitter languages, whose
   * references the resolver matches by imports and names. See RefBinding.
   */
  readonly binding?: RefBinding
  /** `{ name }` in an object literal: the name is also the property's, so a rename writes `{ name: renamed }`. */
  readonly shorthand?: true
  /** `{ name }` in a destructuring, naming a property: the name is also the local's, so a rename of the property writes `{ renamed: name }`. */
  readonly bindingShorthand?: true
}

/**
 * What a scope-aware parser knows about a reference before any other file is looked at:
 * - `symbol`: a declaration of this file (index in `symbols`): exact.
 * - `export`: the export `name` of the module `module` (an import, `Ns.name` on `import * as Ns`);
 *   `namespace` when it qualifies a further name (`Ns.Inner.T`: Inner is a namespace, not a type).
 * - `member`: a member of the export `of` of `module` (`Schema.String` on `import { Schema }`);
 *   `ofInterface` when that export must be an interface or an object type: a property of an object
 *   literal it types (`const r: Ns.Reducer = { a: … }`), `this.a` under `this: Ns.Reducer`; `ofType`
 *   when it is the type of a value (`p.state` of `p: Props`, `b.size` of `b = new Box()`): an
 *   interface, object type or class (a member it does not declare is then a guess by name).
 * - `unknown-member`: `x.name(…)` on a receiver whose type is unknown: a guess by name among methods;
 *   a JSX attribute of a component whose props type is unknown (`<Imported name={…} />`): among properties.
 * - `global`: a name no declaration in the file binds, in a script (not a module): a guess by name.
 */
export type RefBinding =
  | { readonly kind: "symbol"; readonly index: number }
  | { readonly kind: "export"; readonly module: string; readonly namespace?: true }
  | { readonly kind: "member"; readonly module: string; readonly of: string; readonly ofInterface?: true; readonly ofType?: true }
  | { readonly kind: "unknown-member" }
  | { readonly kind: "global" }

export interface ImportedName {
  readonly name: string
  /** The local name, when renamed (`import { a as b }`). */
  readonly alias: string | null
}

export interface ImportFact {
  readonly module: string
  readonly line: number
  readonly names: ReadonlyArray<ImportedName>
  /** `import * as ns`, `import x` (Go/Python module alias). */
  readonly namespace: string | null
  readonly defaultName: string | null
  /** `export { a } from "m"`: names this file re-exports. */
  readonly reexports: ReadonlyArray<ImportedName>
  /** `export * from "m"`, `from m import *`, `use a::*`. */
  readonly wildcard: boolean
  /** Rust `mod name;`: a child module file. */
  readonly isModDeclaration: boolean
}

export interface FileFacts {
  readonly symbols: ReadonlyArray<SymbolFact>
  readonly refs: ReadonlyArray<RefFact>
  readonly imports: ReadonlyArray<ImportFact>
}
