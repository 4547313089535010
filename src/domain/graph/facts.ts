/** What the code graph knows about one file, as extracted from its syntax tree. */

export type SymbolKind =
  | "function" | "method" | "class" | "interface" | "type" | "enum" | "struct" | "trait"
  | "constant" | "variable" | "module" | "namespace" | "macro"

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
}

export interface RefFact extends Span {
  readonly name: string
  readonly kind: RefKind
  /** `pkg` in `pkg.Name()`, `mod` in `mod::name()`. */
  readonly qualifier: string | null
  /** Index in `symbols` of the innermost function or method around it (for callers and callees). */
  readonly enclosing: number | null
}

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
