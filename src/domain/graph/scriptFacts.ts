/**
 * A TypeScript or JavaScript file's facts from TypeScript's own parser, with its scopes resolved.
 *
 * Symbols are what another file can name: declarations at the top level and in namespaces, and the
 * members of classes, interfaces, object type aliases and enums: methods (overloads are one symbol),
 * properties (fields, parameter properties, property signatures) and enum members. Every identifier that is not a
 * declaration is bound through the scope chain — parameters, locals, type parameters, `infer`
 * names, catch variables — so a local that shadows a top-level name never counts as a use of it.
 * What the file alone cannot settle is said in the reference's `binding`: an export of a module, a
 * member of one, or a guess by name (see RefBinding). Pure: the TypeScript API is passed in.
 */
import type * as TS from "typescript-parser"
import type { TreeApi } from "../typescriptParserApi.js"
import type { FileFacts, ImportedName, ImportFact, RefBinding, RefFact, RefKind, SymbolFact, SymbolKind } from "./facts.js"
import { byteOffsets, linePositions } from "./offsets.js"

/** Only the parser bundle's names (src/domain/typescriptParserApi.ts): facts are taken with that bundle. */
type Ts = TreeApi

const VALUE = 1
const TYPE = 2
const NAMESPACE = 4
const ALL = VALUE | TYPE | NAMESPACE

type Target =
  | { readonly kind: "symbol"; readonly index: number }
  /** `type`: what the local's declared type (`p: Props`) or `new C()` value names, asked when a member of it is used. */
  | { readonly kind: "local"; readonly type?: () => TypeOwner | undefined }
  | { readonly kind: "import"; readonly module: string; readonly name: string }
  | { readonly kind: "namespace-import"; readonly module: string }

interface Binding {
  readonly meaning: number
  readonly target: Target
}

class Scope {
  readonly names = new Map<string, Binding[]>()
  constructor(readonly parent: Scope | undefined) {}
  declare(name: string, meaning: number, target: Target) {
    const list = this.names.get(name)
    if (list === undefined) this.names.set(name, [{ meaning, target }])
    else list.push({ meaning, target })
  }
  /**
   * The innermost binding with the meaning, else the innermost of any meaning (JS has one namespace),
   * but never a namespace for a type: a TypeScript namespace has no type meaning, so `ReadonlyArray<A>`
   * beside effect's `namespace ReadonlyArray` is the global type.
   */
  lookup(name: string, meaning: number): Binding | undefined {
    let fallback: Binding | undefined
    for (let s: Scope | undefined = this; s !== undefined; s = s.parent) {
      const list = s.names.get(name)
      if (list === undefined) continue
      const hit = list.find((b) => (b.meaning & meaning) !== 0)
      if (hit !== undefined) return hit
      fallback ??= meaning === TYPE ? list.find((b) => (b.meaning & NAMESPACE) === 0) : list[0]
    }
    return fallback
  }
}

/** Names every program has: never a workspace declaration. */
const AMBIENT = new Set(["undefined", "NaN", "Infinity", "arguments", "globalThis", "require", "module", "exports", "console", "Object", "Array", "Promise", "Symbol", "Error", "String", "Number", "Boolean", "Math", "JSON", "Date", "RegExp", "Map", "Set", "WeakMap", "WeakSet"])

/** A member's signature (its modifiers first) that says `static`. */
const STATIC = /^((public|private|protected|readonly|override|abstract|declare|accessor)\s+)*static\s/
const collapse = (s: string) => s.replace(/\s+/g, " ").trim()
const MAX_SIGNATURE = 240
const clip = (s: string) => (s.length > MAX_SIGNATURE ? s.slice(0, MAX_SIGNATURE) + "…" : s)

/**
 * The declaration a type reference `T` or `Ns.T` names, as far as the file can tell: an export of a
 * module (`import { T }`, `import * as Ns`), or a declaration of this file (its container and name,
 * looked up once the whole file is walked: it may be declared further down).
 */
type TypeOwner = { readonly module: string; readonly of: string } | { readonly container: string; readonly owner: string }

interface Context {
  readonly scope: Scope
  /** The qualified name of the class whose `this` is in scope, when that class is a symbol. */
  readonly thisClass: string | null
  /** The type a function declares for `this` (`function (this: T)`), when it can name an interface (see typeOwner). */
  readonly thisType?: TypeOwner | undefined
  /** The innermost symbol around (for callers and callees). */
  readonly enclosing: number | null
  /** The declared result type of the innermost function (not an async one's or a generator's): it types a returned literal. */
  readonly returnType?: TS.TypeNode | undefined
  /** Declarations here become symbols (the top level, namespace bodies)… */
  readonly symbolic: boolean
  /** …members of this namespace (null at the top level). */
  readonly container: string | null
}

export const scriptFacts = (ts: Ts, sf: TS.SourceFile): FileFacts => {
  const K = ts.SyntaxKind
  const text = sf.text
  const toByte = byteOffsets(text)
  const position = linePositions(text)
  const symbols: Array<SymbolFact & { overloads?: string[]; nameBytes?: number[] }> = []
  /** The symbol each declaration node declares (overloads and merged declarations share one). */
  const symbolOf = new Map<TS.Node, number>()
  /** Members of each container symbol (class, interface, namespace, enum): qualified name → name → index. */
  const members = new Map<string, Map<string, number>>()
  /** `Ns.name` met before Ns's members were declared: looked up again once the whole file is walked. */
  const laterMembers: Array<{ readonly id: TS.Identifier; readonly name: string; readonly kind: RefKind; readonly qualified: string; readonly qualifier: string; readonly ctx: Context }> = []
  /** Members of an interface of this file named before the whole file is walked (`const r: Reducer = { a: … }`, `this.a()` under `this: Reducer`). */
  const laterProperties: Array<{ readonly id: TS.Identifier; readonly kind: RefKind; readonly qualifier: string | null; readonly container: string; readonly owner: string; readonly ctx: Context; readonly typed?: boolean; readonly bindingShorthand?: boolean }> = []
  const refs: RefFact[] = []
  const imports: ImportFact[] = []
  const exportedNames = new Set<string>()
  const seenRefs = new Set<number>()
  // The parser sets no parent pointers (setting them is a whole extra pass): what a reference needs
  // from its parent is noted on the way down instead. Callees of calls, `new`, tagged templates and
  // decorators are calls; the names of `{ a }` shorthand properties are flagged as such.
  const callees = new Set<TS.Node>()
  const shorthandNames = new Set<TS.Node>()

  const spanOf = (start: number, end: number) => {
    const a = position(start)
    const b = position(end)
    return { startByte: toByte(start), endByte: toByte(end), startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column }
  }
  const hasModifier = (node: TS.Node, kind: TS.SyntaxKind) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind)
  /** The expression inside parentheses, `as`, `satisfies` and `<T>` casts. */
  const unwrapped = (e: TS.Expression): TS.Expression => {
    let x = e
    while (ts.isParenthesizedExpression(x) || ts.isAsExpression(x) || ts.isSatisfiesExpression(x) || ts.isTypeAssertionExpression(x)) x = x.expression
    return x
  }
  /** The function a variable is initialized with (`const f = (…) => …`), if it is one. */
  const functionValue = (e: TS.Expression | undefined): TS.ArrowFunction | TS.FunctionExpression | undefined => {
    const x = e === undefined ? undefined : unwrapped(e)
    return x !== undefined && (ts.isArrowFunction(x) || ts.isFunctionExpression(x)) ? x : undefined
  }
  /** The declaration's header: from its first token (modifiers but `export`/`default`/`declare`) to its body. */
  const header = (node: TS.Node, bodyStart: number | undefined) => {
    // Doc comments inside a declaration (effect documents each overload of a type literal) are not its signature.
    const raw = text.slice(node.getStart(sf), bodyStart ?? node.end).replace(/\/\*[\s\S]*?\*\//g, " ")
    return clip(collapse(raw).replace(/^(export\s+)?(default\s+)?(declare\s+)?/, "").replace(/\s*(\{|=>|=)?\s*;?$/, ""))
  }
  /** Where a declaration's name is: its name node, else (a variable statement, `exports.f = …`) the first identifier spelled so. */
  const nameByte = (node: TS.Node, name: string): number[] => {
    const own = ts.getNameOfDeclaration(node as TS.Declaration)
    if (own !== undefined && (ts.isIdentifier(own) || ts.isPrivateIdentifier(own) || ts.isStringLiteral(own))) return [toByte(own.getStart(sf))]
    let found: number | undefined
    const visit = (n: TS.Node): void => {
      if (found !== undefined) return
      if (ts.isIdentifier(n) && n.text === name) found = n.getStart(sf)
      else ts.forEachChild(n, visit)
    }
    visit(node)
    return found === undefined ? [] : [toByte(found)]
  }
  const paramsText = (node: TS.SignatureDeclarationBase) => `(${collapse(text.slice(node.parameters.pos, node.parameters.end))})`

  const addSymbol = (
    name: string,
    kind: SymbolKind,
    container: string | null,
    node: TS.Node,
    signature: string,
    exported: boolean,
    fn?: TS.SignatureDeclarationBase
  ): number => {
    const qualifiedName = container === null ? name : `${container}.${name}`
    symbols.push({
      name,
      kind,
      container,
      qualifiedName,
      signature,
      parameters: fn !== undefined ? paramsText(fn) : null,
      returnType: fn?.type !== undefined ? collapse(fn.type.getText(sf)) : null,
      exported,
      ...spanOf(node.getStart(sf), node.end),
      nameBytes: nameByte(node, name)
    })
    const index = symbols.length - 1
    symbolOf.set(node, index)
    const key = container ?? ""
    let m = members.get(key)
    if (m === undefined) members.set(key, (m = new Map()))
    if (!m.has(name)) m.set(name, index)
    return index
  }

  /** An overload's later signature: the symbol grows to cover it and records every signature. */
  const mergeOverload = (index: number, node: TS.Node, signature: string, hasBody: boolean) => {
    const s = symbols[index]!
    symbolOf.set(node, index)
    const end = spanOf(node.getStart(sf), node.end)
    const overloads = s.overloads ?? [s.signature]
    // The implementation's signature is not callable from outside once there are overloads.
    if (!hasBody) overloads.push(signature)
    symbols[index] = { ...s, overloads, nameBytes: [...(s.nameBytes ?? []), ...nameByte(node, s.name)], endByte: end.endByte, endLine: end.endLine, endColumn: end.endColumn }
  }

  /** A further declaration of the same member (a `set` beside its `get`, a property of a merged interface): its name is renamed with it. */
  const mergeDeclaration = (index: number, node: TS.Node, name: string) => {
    const s = symbols[index]!
    symbolOf.set(node, index)
    const end = spanOf(node.getStart(sf), node.end)
    const grows = end.endByte > s.endByte
    symbols[index] = { ...s, nameBytes: [...(s.nameBytes ?? []), ...nameByte(node, name)], ...(grows ? { endByte: end.endByte, endLine: end.endLine, endColumn: end.endColumn } : {}) }
  }

  /** A member's name as a symbol's: an identifier, `#private` or a string literal (not a computed name). */
  const memberName = (name: TS.PropertyName | undefined): string | undefined =>
    name !== undefined && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined

  /**
   * The members of an object type (an interface's, a type literal's) as symbols of `qualified`:
   * property signatures are properties, method signatures methods (overloads are one).
   */
  const typeMembers = (elements: ReadonlyArray<TS.TypeElement>, qualified: string, exported: boolean): Map<TS.TypeElement, number> => {
    const out = new Map<TS.TypeElement, number>()
    for (const m of elements) {
      const name = ts.isPropertySignature(m) || ts.isMethodSignature(m) ? memberName(m.name) : undefined
      if (name === undefined || ts.isPrivateIdentifier(m.name!)) continue
      const previous = members.get(qualified)?.get(name)
      const kind: SymbolKind = ts.isMethodSignature(m) ? "method" : "property"
      if (previous !== undefined && symbols[previous]!.kind === kind) {
        if (kind === "method") mergeOverload(previous, m, header(m, undefined), false)
        else mergeDeclaration(previous, m, name)
        out.set(m, previous)
      } else out.set(m, addSymbol(name, kind, qualified, m, header(m, undefined), exported, ts.isMethodSignature(m) ? m : undefined))
    }
    return out
  }

  const addRef = (id: TS.Identifier | TS.PrivateIdentifier | TS.StringLiteral, name: string, kind: RefKind, binding: RefBinding, qualifier: string | null, ctx: Context, flags?: { readonly bindingShorthand: true }) => {
    const start = id.getStart(sf)
    if (seenRefs.has(start)) return
    seenRefs.add(start)
    const shorthand = shorthandNames.has(id)
    refs.push({ name, kind, qualifier, enclosing: ctx.enclosing, binding, ...spanOf(start, id.end), ...(shorthand ? { shorthand: true as const } : {}), ...flags })
  }

  const refKindAt = (node: TS.Node, meaning: number): RefKind =>
    meaning === TYPE || meaning === NAMESPACE ? "type" : callees.has(node) ? "call" : "read"


  /** A name used where a value, a type or a namespace is expected. */
  const useName = (id: TS.Identifier, meaning: number, ctx: Context, kind?: RefKind) => {
    const name = id.text
    const b = ctx.scope.lookup(name, meaning)
    const refKind = kind ?? refKindAt(id, meaning)
    if (b === undefined) {
      // A global: of the runtime or its lib (`Array`, `console`), or declared by a script or a
      // `declare global` of the workspace. Which one only a type checker knows: a guess by name.
      if (!AMBIENT.has(name)) addRef(id, name, refKind, { kind: "global" }, null, ctx)
      return
    }
    const t = b.target
    if (t.kind === "symbol") addRef(id, name, refKind, { kind: "symbol", index: t.index }, null, ctx)
    else if (t.kind === "import") addRef(id, t.name, refKind, { kind: "export", module: t.module }, null, ctx)
  }

  /** `left.name` (expression or qualified type name): a member of what `left` denotes. */
  const useMember = (left: TS.Node, id: TS.Identifier | TS.PrivateIdentifier, meaning: number, ctx: Context, access: TS.Node) => {
    const name = id.text
    const kind: RefKind = meaning === VALUE ? refKindAt(access, VALUE) : "type"
    // `Ns.Inner.name` where Ns is `import * as Ns`: a member of the module's export Inner.
    if ((ts.isQualifiedName(left) || ts.isPropertyAccessExpression(left)) && !ts.isPrivateIdentifier(id)) {
      const outer = ts.isQualifiedName(left) ? left.left : left.expression
      const inner = ts.isQualifiedName(left) ? left.right : left.name
      const t = ts.isIdentifier(outer) ? ctx.scope.lookup(outer.text, NAMESPACE | VALUE)?.target : undefined
      if (t?.kind === "namespace-import" && ts.isIdentifier(inner)) return addRef(id, name, kind, { kind: "member", module: t.module, of: inner.text }, inner.text, ctx)
    }
    if (left.kind === K.ThisKeyword) {
      // `function (this: T) { this.m() }`: a member of T, when T is an interface (a property is no symbol: nothing then).
      if (ctx.thisType !== undefined && ts.isIdentifier(id)) return interfaceMember(id, kind, "this", ctx.thisType, ctx)
      if (ctx.thisClass === null) return
      const index = members.get(ctx.thisClass)?.get(name)
      if (index !== undefined) addRef(id, name, kind, { kind: "symbol", index }, "this", ctx)
      else if (kind === "call" && plainMembers.get(ctx.thisClass)?.has(name) !== true) addRef(id, name, kind, { kind: "unknown-member" }, "this", ctx)
      return
    }
    if (ts.isIdentifier(left)) {
      const b = ctx.scope.lookup(left.text, NAMESPACE | VALUE)
      const t = b?.target
      if (t?.kind === "namespace-import") {
        return addRef(id, name, kind, { kind: "export", module: t.module, ...(meaning === NAMESPACE ? { namespace: true as const } : {}) }, left.text, ctx)
      }
      if (t?.kind === "import") return addRef(id, name, kind, { kind: "member", module: t.module, of: t.name }, left.text, ctx)
      if (t?.kind === "symbol") {
        const qualified = symbols[t.index]!.qualifiedName
        const index = members.get(qualified)?.get(name)
        if (index !== undefined) return addRef(id, name, kind, { kind: "symbol", index }, left.text, ctx)
        // A variable of a declared type (`const box: Box`, `const box = new Box()`): a member of that type.
        const typed = ts.isIdentifier(id) ? valueTypes.get(t.index)?.() : undefined
        if (typed !== undefined) return typedMember(id as TS.Identifier, kind, left.text, typed, ctx)
        // A variable's member (`box.get()`) whose type is unknown here: a guess by name.
        const declared = symbols[t.index]!.kind
        if (kind === "call" && (declared === "variable" || declared === "constant")) addRef(id, name, kind, { kind: "unknown-member" }, left.text, ctx)
        // A namespace, class or enum of this file declared further down (`Types.Tags` above `namespace
        // Types`): its members are known once the file is walked. Without such a member then, it is a
        // member of a merged or base declaration.
        else if (!ts.isPrivateIdentifier(id)) laterMembers.push({ id, name, kind, qualified, qualifier: left.text, ctx })
        return
      }
      const typed = t?.kind === "local" && ts.isIdentifier(id) ? t.type?.() : undefined
      if (typed !== undefined) return typedMember(id as TS.Identifier, kind, left.text, typed, ctx)
      if (t?.kind === "local" && kind !== "call") return
      if (kind === "call") addRef(id, name, kind, { kind: "unknown-member" }, left.text, ctx)
      return
    }
    if (kind === "call" && !ts.isPrivateIdentifier(id)) addRef(id, name, kind, { kind: "unknown-member" }, null, ctx)
  }

  /**
   * What a member access reads from: the value inside parentheses, `satisfies` and `!` (the same
   * value, or its non-null part), or the type of the outermost cast (`(x as T).a` is T's member
   * whatever x is; `(x as any).a` is no one's). `as const` is no cast.
   */
  const receiver = (e: TS.Expression): { readonly cast: TS.TypeNode } | { readonly value: TS.Expression } => {
    let x = e
    while (ts.isParenthesizedExpression(x) || ts.isSatisfiesExpression(x) || x.kind === K.NonNullExpression) x = (x as TS.ParenthesizedExpression | TS.SatisfiesExpression | TS.NonNullExpression).expression
    if ((ts.isAsExpression(x) || ts.isTypeAssertionExpression(x)) && !(ts.isTypeReferenceNode(x.type) && ts.isIdentifier(x.type.typeName) && x.type.typeName.text === "const")) return { cast: x.type }
    return { value: unwrapped(x) }
  }
  /**
   * The type a value expression has, as far as the file can say: a cast's (`x as T`), a typed local's
   * or variable's (`p: Props`, `const b = new Box()`), a `new C()`'s.
   */
  const expressionOwner = (e: TS.Expression, ctx: Context): TypeOwner | undefined => {
    const r = receiver(e)
    if ("cast" in r) return typeOwner(r.cast, ctx)
    const x = r.value
    if (ts.isNewExpression(x)) return classOwner(x.expression, ctx)
    if (!ts.isIdentifier(x)) return undefined
    const t = ctx.scope.lookup(x.text, VALUE)?.target
    if (t?.kind === "symbol") return valueTypes.get(t.index)?.()
    return t?.kind === "local" ? t.type?.() : undefined
  }
  /**
   * `const { state, run: go } = props` (or `: Props = …`): the property names are the type's members
   * (`state` also the new local's: a rename of the property writes `{ renamed: state }`). Nested
   * patterns and `...rest` are left alone.
   */
  const destructured = (name: TS.BindingName, owner: TypeOwner | undefined, ctx: Context) => {
    if (owner === undefined || !ts.isObjectBindingPattern(name)) return
    for (const e of name.elements) {
      const property = e.propertyName ?? e.name
      if (e.dotDotDotToken === undefined && ts.isIdentifier(property)) typedMember(property, "read", null, owner, ctx, e.propertyName === undefined)
    }
  }
  /** `(x as T).name`: a member of T when the file can name T; a call on another cast is a guess by name. */
  const castMember = (type: TS.TypeNode, id: TS.Identifier | TS.PrivateIdentifier, ctx: Context, access: TS.Node) => {
    const kind = refKindAt(access, VALUE)
    const owner = ts.isIdentifier(id) ? typeOwner(type, ctx) : undefined
    if (owner !== undefined) typedMember(id as TS.Identifier, kind, null, owner, ctx)
    else if (kind === "call" && !ts.isPrivateIdentifier(id)) addRef(id, id.text, kind, { kind: "unknown-member" }, null, ctx)
  }
  /**
   * `const r: T = { a: …, b() {…} }`, `{…} satisfies T`, `{…} as T`, `(): T => ({…})`: TypeScript
   * types the literal by T, and counts its property names as references of T's members. Only where T
   * is an interface (a class's static method of the same name is no member of its instances), named
   * `T`, `Ns.T` (`import * as Ns`) or an imported `T`; a member T inherits is left unresolved.
   */
  const typedLiteral = (type: TS.TypeNode | undefined, value: TS.Expression | undefined, ctx: Context) => {
    if (value === undefined || namedType(type) === undefined) return
    let e = value
    while (ts.isParenthesizedExpression(e)) e = e.expression
    if (!ts.isObjectLiteralExpression(e)) return
    const owner = typeOwner(type, ctx)
    if (owner === undefined) return
    for (const p of e.properties) {
      if (!(ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) || !ts.isIdentifier(p.name)) continue
      interfaceMember(p.name, "read", null, owner, ctx)
    }
  }
  /** What a type annotation `T<…>` or `Ns.T<…>` names (TypeOwner), when the file can say. */
  const typeOwner = (declared: TS.TypeNode | undefined, ctx: Context): TypeOwner | undefined => {
    const type = namedType(declared)
    if (type === undefined) return undefined
    const typeName = type.typeName
    if (ts.isIdentifier(typeName)) {
      const t = ctx.scope.lookup(typeName.text, TYPE)?.target
      if (t?.kind === "import") return { module: t.module, of: t.name }
      if (t?.kind === "symbol") return { container: symbols[t.index]!.container ?? "", owner: symbols[t.index]!.name }
    } else {
      // `Ns.T`, `Ns.Inner.T` (effect's `Effect.Retry.Options`): the path below the first name.
      const path: string[] = []
      let first: TS.EntityName = typeName
      while (ts.isQualifiedName(first)) {
        path.unshift(first.right.text)
        first = first.left
      }
      const t = ctx.scope.lookup(first.text, NAMESPACE)?.target
      if (t?.kind === "namespace-import") return { module: t.module, of: path.join(".") }
      if (t?.kind === "import") return { module: t.module, of: [t.name, ...path].join(".") }
      if (t?.kind === "symbol") return { container: [symbols[t.index]!.qualifiedName, ...path.slice(0, -1)].join("."), owner: path[path.length - 1]! }
    }
    return undefined
  }
  /**
   * The type reference a declared type comes down to: `T`, `(T)`, or `T | undefined | null` (a
   * member read on such a value, once narrowed, is T's; a union of two types names neither).
   */
  const namedType = (type: TS.TypeNode | undefined): TS.TypeReferenceNode | undefined => {
    let t = type
    while (t !== undefined && t.kind === K.ParenthesizedType) t = (t as TS.ParenthesizedTypeNode).type
    if (t !== undefined && t.kind === K.UnionType) {
      const rest = (t as TS.UnionTypeNode).types.filter((u) => u.kind !== K.UndefinedKeyword && !(u.kind === K.LiteralType && (u as TS.LiteralTypeNode).literal.kind === K.NullKeyword))
      return rest.length === 1 ? namedType(rest[0]) : undefined
    }
    return t !== undefined && ts.isTypeReferenceNode(t) ? t : undefined
  }
  /** The type literals an alias's type is made of: `{ … }`, or the `{ … }` parts of an intersection. */
  const objectLiterals = (type: TS.TypeNode): TS.TypeLiteralNode[] =>
    ts.isTypeLiteralNode(type) ? [type] : ts.isIntersectionTypeNode(type) ? type.types.filter(ts.isTypeLiteralNode) : []
  /** The class `new C(…)` or `new Ns.C(…)` instantiates, when the file can say. */
  const classOwner = (e: TS.Expression, ctx: Context): TypeOwner | undefined => {
    if (ts.isIdentifier(e)) {
      const t = ctx.scope.lookup(e.text, VALUE)?.target
      if (t?.kind === "import") return { module: t.module, of: t.name }
      if (t?.kind === "symbol" && symbols[t.index]!.kind === "class") return { container: symbols[t.index]!.container ?? "", owner: symbols[t.index]!.name }
    } else if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
      const t = ctx.scope.lookup(e.expression.text, NAMESPACE)?.target
      if (t?.kind === "namespace-import") return { module: t.module, of: e.name.text }
    }
    return undefined
  }
  /**
   * What a value's declared type (`p: Props`) or initializer (`new Box()`, `x as Box`) names, asked
   * once a member of it is used (the type may be declared further down).
   */
  const valueType = (type: TS.TypeNode | undefined, init: TS.Expression | undefined, ctx: Context): (() => TypeOwner | undefined) | undefined => {
    let source: (() => TypeOwner | undefined) | undefined
    let cast = init
    while (cast !== undefined && ts.isParenthesizedExpression(cast)) cast = cast.expression
    const castType = cast !== undefined && (ts.isAsExpression(cast) || ts.isTypeAssertionExpression(cast)) ? cast.type : undefined
    const declared = type ?? castType
    const inPlace = declared === undefined ? undefined : literalOwners.get(declared)
    if (inPlace !== undefined) source = () => inPlace
    else if (declared !== undefined) source = namedType(declared) !== undefined ? () => typeOwner(declared, ctx) : undefined
    else {
      const x = init === undefined ? undefined : unwrapped(init)
      if (x !== undefined && ts.isNewExpression(x)) source = () => classOwner(x.expression, ctx)
    }
    if (source === undefined) return undefined
    let known: { readonly owner: TypeOwner | undefined } | undefined
    return () => (known ??= { owner: source() }).owner
  }
  /**
   * A function's props (its first parameter's type), for its JSX attributes (`<C state={1} />`): a
   * type it names (`(p: Props)`), or, for a component (a capitalized name, as JSX requires), an
   * object type written in place (`({ state }: { state: number })`), whose members are then the
   * component's (`C.state`), as an interface's are the interface's.
   */
  const componentProps = (index: number, fn: TS.SignatureDeclarationBase, ctx: Context) => {
    const type = fn.parameters[0]?.type
    const literals = type === undefined || !/^[A-Z]/.test(symbols[index]!.name) ? [] : objectLiterals(type)
    if (literals.length > 0) {
      const owner: TypeOwner = { container: symbols[index]!.container ?? "", owner: symbols[index]!.name }
      for (const l of literals) {
        typeMembers(l.members, symbols[index]!.qualifiedName, symbols[index]!.exported)
        literalOwners.set(l, owner)
      }
      literalOwners.set(type!, owner)
      propsTypes.set(index, () => owner)
      return
    }
    const props = valueType(type, undefined, ctx)
    if (props !== undefined) propsTypes.set(index, props)
  }
  /** Object types written in a function's props parameter, and the function that owns their members. */
  const literalOwners = new Map<TS.Node, TypeOwner>()
  /** Declared types of variable symbols (`const box = new Box()`), by symbol index. */
  const valueTypes = new Map<number, () => TypeOwner | undefined>()
  /** Props types of function symbols (their first parameter's), for JSX attributes (`<C state={1} />`). */
  const propsTypes = new Map<number, () => TypeOwner | undefined>()

  /**
   * `id` names a member of a value of the type `owner` denotes (`p.state` of `p: Props`, a
   * destructured `{ state }`, a JSX attribute): of another file's export, resolved with the graph;
   * of this file's interface, type or class, once the whole file is walked. A call to a member the
   * type does not declare (an inherited one) stays a guess by name.
   */
  const typedMember = (id: TS.Identifier, kind: RefKind, qualifier: string | null, owner: TypeOwner, ctx: Context, bindingShorthand = false) => {
    if ("module" in owner) {
      const shorthand = bindingShorthand ? { bindingShorthand: true as const } : undefined
      addRef(id, id.text, kind, { kind: "member", module: owner.module, of: owner.of, ofType: true }, qualifier, ctx, shorthand)
      unordered = true
    } else laterProperties.push({ id, kind, qualifier, ...owner, ctx, typed: true, bindingShorthand })
  }

  /** `id` names a member of the interface `owner` denotes: bound now (another file's), or once the file is walked. */
  const interfaceMember = (id: TS.Identifier, kind: RefKind, qualifier: string | null, owner: TypeOwner, ctx: Context) => {
    if ("module" in owner) {
      addRef(id, id.text, kind, { kind: "member", module: owner.module, of: owner.of, ofInterface: true }, qualifier, ctx)
      unordered = true
    } else laterProperties.push({ id, kind, qualifier, ...owner, ctx })
  }
  /** References were added out of the order of the file: sorted at the end. */
  let unordered = false

  // ---- declarations ----

  const bindingNames = (name: TS.BindingName, out: TS.Identifier[] = []): TS.Identifier[] => {
    if (ts.isIdentifier(name)) out.push(name)
    else for (const e of name.elements) if (!ts.isOmittedExpression(e)) bindingNames(e.name, out)
    return out
  }

  /**
   * `var` declarations of a function body, at any block depth (they belong to the function). A
   * declaration list is a statement's or a `for`'s: only statements are visited, never expressions
   * (a function or class inside one has a scope of its own).
   */
  const hoistVars = (node: TS.Node, scope: Scope) => {
    const declareList = (n: TS.Node | undefined) => {
      if (n === undefined || !ts.isVariableDeclarationList(n) || (n.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const | ts.NodeFlags.Using)) !== 0) return
      for (const d of n.declarations) for (const id of bindingNames(d.name)) scope.declare(id.text, VALUE, { kind: "local" })
    }
    const visit = (n: TS.Node): void => {
      switch (n.kind) {
        case K.VariableStatement:
          return declareList((n as TS.VariableStatement).declarationList)
        case K.ForStatement:
        case K.ForInStatement:
        case K.ForOfStatement:
          declareList((n as TS.ForStatement).initializer)
          return visit((n as TS.ForStatement).statement)
        case K.Block:
        case K.IfStatement:
        case K.DoStatement:
        case K.WhileStatement:
        case K.TryStatement:
        case K.CatchClause:
        case K.SwitchStatement:
        case K.CaseBlock:
        case K.CaseClause:
        case K.DefaultClause:
        case K.LabeledStatement:
        case K.WithStatement:
        case K.ModuleDeclaration:
        case K.ModuleBlock:
          return void ts.forEachChild(n, visit)
        default:
          return
      }
    }
    ts.forEachChild(node, visit)
  }

  const requireCall = (e: TS.Expression | undefined): string | undefined => {
    if (e === undefined) return undefined
    const x = unwrapped(e)
    if (ts.isCallExpression(x) && ts.isIdentifier(x.expression) && x.expression.text === "require" && x.arguments.length === 1) {
      const arg = x.arguments[0]!
      if (ts.isStringLiteralLike(arg)) return arg.text
    }
    return undefined
  }

  const importDeclaration = (s: TS.ImportDeclaration, scope: Scope, ctx: Context) => {
    if (!ts.isStringLiteralLike(s.moduleSpecifier)) return
    const module = s.moduleSpecifier.text
    const names: ImportedName[] = []
    let namespace: string | null = null
    let defaultName: string | null = null
    const clause = s.importClause
    if (clause?.name !== undefined) {
      defaultName = clause.name.text
      scope.declare(clause.name.text, ALL, { kind: "import", module, name: "default" })
      addRef(clause.name, "default", "import", { kind: "export", module }, null, ctx)
    }
    const bindings = clause?.namedBindings
    if (bindings !== undefined && ts.isNamespaceImport(bindings)) {
      namespace = bindings.name.text
      scope.declare(bindings.name.text, ALL, { kind: "namespace-import", module })
    } else if (bindings !== undefined) {
      for (const e of bindings.elements) {
        const imported = e.propertyName ?? e.name
        const importedName = imported.text
        names.push({ name: importedName, alias: e.propertyName !== undefined ? e.name.text : null })
        scope.declare(e.name.text, ALL, { kind: "import", module, name: importedName })
        addRef(imported, importedName, "import", { kind: "export", module }, null, ctx)
      }
    }
    imports.push({ module, line: position(s.getStart(sf)).line, names, namespace, defaultName, reexports: [], wildcard: false, isModDeclaration: false })
  }

  /** `const x = require("m")`, `const { a, b: c } = require("m")`: CommonJS imports. */
  const requireDeclaration = (d: TS.VariableDeclaration, scope: Scope, line: number, ctx: Context): boolean => {
    const module = requireCall(d.initializer)
    if (module === undefined) return false
    if (ts.isIdentifier(d.name)) {
      scope.declare(d.name.text, ALL, { kind: "namespace-import", module })
      imports.push({ module, line, names: [], namespace: d.name.text, defaultName: null, reexports: [], wildcard: false, isModDeclaration: false })
      return true
    }
    if (ts.isObjectBindingPattern(d.name)) {
      const names: ImportedName[] = []
      for (const e of d.name.elements) {
        if (!ts.isIdentifier(e.name) || e.dotDotDotToken !== undefined) continue
        const importedId = e.propertyName !== undefined && ts.isIdentifier(e.propertyName) ? e.propertyName : e.name
        const imported = importedId.text
        names.push({ name: imported, alias: imported !== e.name.text ? e.name.text : null })
        scope.declare(e.name.text, ALL, { kind: "import", module, name: imported })
        addRef(importedId, imported, "import", { kind: "export", module }, null, ctx)
      }
      imports.push({ module, line, names, namespace: null, defaultName: null, reexports: [], wildcard: false, isModDeclaration: false })
      return true
    }
    return false
  }

  /**
   * Binds every name the statements declare, before any of them is walked (declarations hoist; a
   * type can be used above its declaration). Where `ctx.container` is set, they become symbols.
   */
  const declareStatements = (statements: ReadonlyArray<TS.Statement>, scope: Scope, ctx: Context) => {
    const { container, symbolic } = ctx
    const overloadOf = new Map<string, number>()
    const inNamespace = container !== null
    // Functions and classes declared inside a function are symbols too, named after it (`outer.inner`), never exported.
    const around = ctx.enclosing === null ? undefined : symbols[ctx.enclosing]
    const nestedIn = !symbolic && around !== undefined && (around.kind === "function" || around.kind === "method") ? around.qualifiedName : null
    for (const s of statements) {
      const exported = hasModifier(s, K.ExportKeyword)
      if (ts.isImportDeclaration(s)) {
        importDeclaration(s, scope, ctx)
      } else if (ts.isImportEqualsDeclaration(s)) {
        const ref = s.moduleReference
        if (ts.isExternalModuleReference(ref) && ts.isStringLiteralLike(ref.expression)) {
          scope.declare(s.name.text, ALL, { kind: "namespace-import", module: ref.expression.text })
          imports.push({ module: ref.expression.text, line: position(s.getStart(sf)).line, names: [], namespace: s.name.text, defaultName: null, reexports: [], wildcard: false, isModDeclaration: false })
        } else scope.declare(s.name.text, ALL, { kind: "local" })
      } else if (ts.isFunctionDeclaration(s)) {
        if (s.name === undefined) continue
        const name = s.name.text
        if (!symbolic && nestedIn === null) {
          scope.declare(name, VALUE, { kind: "local" })
          continue
        }
        const previous = overloadOf.get(name)
        const signature = header(s, s.body?.getStart(sf))
        if (previous !== undefined) {
          mergeOverload(previous, s, signature, s.body !== undefined)
          continue
        }
        const index = symbolic
          ? addSymbol(name, "function", container, s, signature, exported || (!inNamespace && hasModifier(s, K.DefaultKeyword)), s)
          : addSymbol(name, "function", nestedIn, s, signature, false, s)
        overloadOf.set(name, index)
        componentProps(index, s, ctx)
        scope.declare(name, VALUE, { kind: "symbol", index })
      } else if (ts.isClassDeclaration(s)) {
        if (s.name === undefined) continue
        const name = s.name.text
        if (!symbolic && nestedIn === null) {
          scope.declare(name, VALUE | TYPE, { kind: "local" })
          continue
        }
        const bodyStart = text.indexOf("{", s.members.pos - 1)
        const index = addSymbol(name, "class", symbolic ? container : nestedIn, s, header(s, bodyStart === -1 ? undefined : bodyStart), symbolic && exported)
        scope.declare(name, VALUE | TYPE, { kind: "symbol", index })
      } else if (ts.isInterfaceDeclaration(s)) {
        const name = s.name.text
        if (!symbolic) {
          scope.declare(name, TYPE, { kind: "local" })
          continue
        }
        const existing = scope.names.get(name)?.find((b) => b.target.kind === "symbol" && symbols[b.target.index]!.kind === "interface")
        if (existing !== undefined && existing.target.kind === "symbol") {
          symbolOf.set(s, existing.target.index) // a merged declaration: one interface
          continue
        }
        const bodyStart = text.indexOf("{", s.members.pos - 1)
        const index = addSymbol(name, "interface", container, s, header(s, bodyStart === -1 ? undefined : bodyStart), exported)
        scope.declare(name, TYPE, { kind: "symbol", index })
      } else if (ts.isTypeAliasDeclaration(s)) {
        const name = s.name.text
        if (!symbolic) scope.declare(name, TYPE, { kind: "local" })
        else scope.declare(name, TYPE, { kind: "symbol", index: addSymbol(name, "type", container, s, header(s, undefined), exported) })
      } else if (ts.isEnumDeclaration(s)) {
        const name = s.name.text
        if (!symbolic) {
          scope.declare(name, ALL, { kind: "local" })
          continue
        }
        const bodyStart = text.indexOf("{", s.members.pos - 1)
        const index = addSymbol(name, "enum", container, s, header(s, bodyStart === -1 ? undefined : bodyStart), exported)
        scope.declare(name, ALL, { kind: "symbol", index })
      } else if (ts.isModuleDeclaration(s)) {
        if (!ts.isIdentifier(s.name)) continue // `declare module "x"` / `declare global`: walked, not named
        const name = s.name.text
        if (!symbolic) {
          scope.declare(name, VALUE | NAMESPACE, { kind: "local" })
          continue
        }
        const existing = scope.names.get(name)?.find((b) => b.target.kind === "symbol" && symbols[b.target.index]!.kind === "namespace")
        if (existing !== undefined && existing.target.kind === "symbol") {
          symbolOf.set(s, existing.target.index)
          continue
        }
        const index = addSymbol(name, "namespace", container, s, header(s, s.body?.getStart(sf)), exported)
        scope.declare(name, VALUE | NAMESPACE, { kind: "symbol", index })
      } else if (ts.isVariableStatement(s)) {
        const list = s.declarationList
        const constant = (list.flags & ts.NodeFlags.Const) !== 0
        const line = position(s.getStart(sf)).line
        for (const d of list.declarations) {
          if (requireDeclaration(d, scope, line, ctx)) continue
          const type = ts.isIdentifier(d.name) ? valueType(d.type, d.initializer, ctx) : undefined
          for (const id of bindingNames(d.name)) {
            if (!symbolic) {
              scope.declare(id.text, VALUE, type !== undefined ? { kind: "local", type } : { kind: "local" })
              continue
            }
            const single = list.declarations.length === 1 && ts.isIdentifier(d.name)
            const node = single ? s : d
            const fn = ts.isIdentifier(d.name) ? functionValue(d.initializer) : undefined
            const kind: SymbolKind = fn !== undefined ? "function" : constant ? "constant" : "variable"
            const signature = fn !== undefined ? header(node, fn.body.getStart(sf)) : header(node, undefined)
            const index = addSymbol(id.text, kind, container, node, signature, exported, fn)
            scope.declare(id.text, VALUE, { kind: "symbol", index })
            if (type !== undefined) valueTypes.set(index, type)
            if (fn !== undefined) componentProps(index, fn, ctx)
          }
        }
      } else if (symbolic && container === null && ts.isExpressionStatement(s)) commonJsExport(s)
    }
  }

  /** `module.exports` or `exports`. */
  const isExportsObject = (e: TS.Expression) =>
    (ts.isIdentifier(e) && e.text === "exports") ||
    (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "module" && e.name.text === "exports")

  /**
   * CommonJS: `exports.f = function …` and `module.exports.f = …` declare an exported f;
   * `module.exports = { a, b: c }` exports a and (as b) c.
   */
  const commonJsExport = (s: TS.ExpressionStatement) => {
    const e = s.expression
    if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== K.EqualsToken) return
    const left = e.left
    if (ts.isPropertyAccessExpression(left) && isExportsObject(left.expression) && ts.isIdentifier(left.name)) {
      const fn = functionValue(e.right)
      addSymbol(left.name.text, fn !== undefined ? "function" : "variable", null, s, header(s, fn?.body.getStart(sf)), true, fn)
    } else if (isExportsObject(left) && ts.isObjectLiteralExpression(unwrapped(e.right))) {
      for (const p of (unwrapped(e.right) as TS.ObjectLiteralExpression).properties) {
        if (ts.isShorthandPropertyAssignment(p)) exportedNames.add(p.name.text)
        else if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.initializer) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
          exportedNames.add(p.initializer.text)
          if (p.name.text !== p.initializer.text) exportAs(p.initializer.text, p.name.text, s)
        }
      }
    }
  }

  // ---- the walk ----

  const typeParameters = (node: { readonly typeParameters?: TS.NodeArray<TS.TypeParameterDeclaration> | undefined }, scope: Scope) => {
    for (const p of node.typeParameters ?? []) scope.declare(p.name.text, TYPE, { kind: "local" })
  }

  const walkChildren = (node: TS.Node, ctx: Context) => ts.forEachChild(node, (c) => walk(c, ctx))

  /** A function-like node: its type parameters, parameters and body in a new scope. */
  const walkFunction = (node: TS.SignatureDeclarationBase, ctx: Context, enclosing: number | null) => {
    const scope = new Scope(ctx.scope)
    typeParameters(node, scope)
    // `this` is the declared one (`this: T`); an arrow function's is the one around it; another
    // function's own `this` is not T's (nor, with a declared one, the class's).
    const first = node.parameters[0]
    const thisParam = first !== undefined && ts.isIdentifier(first.name) && first.name.text === "this" ? first : undefined
    const thisType = thisParam !== undefined ? typeOwner(thisParam.type, ctx) : ts.isArrowFunction(node) ? ctx.thisType : undefined
    const plainResult = !hasModifier(node, K.AsyncKeyword) && !("asteriskToken" in node && node.asteriskToken !== undefined)
    const inner: Context = { ...ctx, scope, symbolic: false, container: null, enclosing: enclosing ?? ctx.enclosing, ...(thisParam !== undefined ? { thisClass: null } : {}), thisType, returnType: plainResult ? node.type : undefined }
    if (ts.isFunctionExpression(node) && node.name !== undefined) scope.declare(node.name.text, VALUE, { kind: "local" })
    // Parameters: names are locals; defaults and types are uses (in the new scope: a default may name an earlier parameter).
    for (const p of node.parameters) {
      if (p === thisParam) continue
      const type = ts.isIdentifier(p.name) ? valueType(p.type, undefined, inner) : undefined
      for (const id of bindingNames(p.name)) scope.declare(id.text, VALUE, type !== undefined ? { kind: "local", type } : { kind: "local" })
    }
    walkSignatureParts(node, inner)
    // `({ state, run: go }: Props)`: the property names are Props's members (`state` also the local's).
    for (const p of node.parameters) {
      if (ts.isObjectBindingPattern(p.name)) destructured(p.name, (p.type !== undefined ? literalOwners.get(p.type) : undefined) ?? typeOwner(p.type, inner), inner)
    }
    // Signatures of types and interface members have no body.
    const body = "body" in node ? (node as TS.FunctionLikeDeclarationBase).body : undefined
    if (body === undefined) return
    if (ts.isBlock(body)) {
      hoistVars(body, scope)
      declareStatements(body.statements, scope, inner)
      for (const st of body.statements) walk(st, inner)
    } else {
      typedLiteral(inner.returnType, body, inner)
      walk(body, inner)
    }
  }

  const walkSignatureParts = (node: TS.SignatureDeclarationBase, ctx: Context) => {
    for (const p of node.typeParameters ?? []) walk(p, ctx)
    for (const p of node.parameters) walk(p, ctx)
    if (node.type) walk(node.type, ctx)
  }

  /** In `{ a = x, b: [c = y] }`, the defaults and computed keys are uses; the names are not. */
  const walkBindingDefaults = (name: TS.BindingName, ctx: Context) => {
    if (ts.isIdentifier(name)) return
    for (const e of name.elements) {
      if (ts.isOmittedExpression(e)) continue
      if (e.propertyName !== undefined && ts.isComputedPropertyName(e.propertyName)) walk(e.propertyName.expression, ctx)
      walkBindingDefaults(e.name, ctx)
      if (e.initializer) walk(e.initializer, ctx)
    }
  }

  const walkBlockLike = (statements: ReadonlyArray<TS.Statement>, ctx: Context) => {
    const scope = new Scope(ctx.scope)
    const inner: Context = { ...ctx, scope, symbolic: false, container: null }
    declareStatements(statements, scope, inner)
    for (const st of statements) walk(st, inner)
  }

  /**
   * What each class and interface of this file extends (`interface Graph extends Proto<N, E>`), by
   * qualified name: a member it does not declare is its bases' (see inherited).
   */
  const bases = new Map<string, Array<() => { readonly container: string; readonly owner: string } | undefined>>()
  const noteBases = (qualified: string, types: ReadonlyArray<TS.ExpressionWithTypeArguments>, meaning: number, ctx: Context) => {
    const list = bases.get(qualified) ?? []
    for (const t of types) {
      const e = t.expression
      // A declaration of this file; another module's base or a call's result (`extends Mixin(Base)`) is not this file's to say (undefined).
      const b = ts.isIdentifier(e) ? ctx.scope.lookup(e.text, meaning)?.target : undefined
      list.push(() => (b?.kind === "symbol" ? { container: symbols[b.index]!.container ?? "", owner: symbols[b.index]!.name } : undefined))
    }
    bases.set(qualified, list)
  }
  /**
   * A member a class or interface of this file inherits from its bases of this file: the one member of
   * that name they declare (an interface's several bases may both declare it: the same one, or none
   * is chosen). Undefined when a base is another module's (its members are not known here).
   */
  const inherited = (qualified: string, name: string, seen = new Set<string>()): number | undefined => {
    if (seen.has(qualified)) return undefined
    seen.add(qualified)
    const found = new Set<number>()
    for (const base of bases.get(qualified) ?? []) {
      const owner = base()
      if (owner === undefined) return undefined
      const type = members.get(owner.container)?.get(owner.owner)
      const kind = type === undefined ? undefined : symbols[type]!.kind
      if (kind !== "interface" && kind !== "class" && kind !== "type") return undefined
      const q = symbols[type!]!.qualifiedName
      const own = members.get(q)?.get(name) ?? inherited(q, name, seen)
      if (own === undefined && (bases.get(q) ?? []).some((b) => b() === undefined)) return undefined
      if (own !== undefined) found.add(own)
    }
    return found.size === 1 ? [...found][0] : undefined
  }

  const walkClass = (node: TS.ClassLikeDeclaration, ctx: Context) => {
    const scope = new Scope(ctx.scope)
    typeParameters(node, scope)
    const name = node.name?.text
    const index = symbolOf.get(node)
    const qualified = index !== undefined ? symbols[index]!.qualifiedName : null
    if (ts.isClassExpression(node) && name !== undefined) scope.declare(name, VALUE | TYPE, { kind: "local" })
    for (const m of ts.getDecorators(node) ?? []) walk(m, ctx)
    const inner: Context = { scope, symbolic: false, container: null, thisClass: qualified, enclosing: index ?? ctx.enclosing }
    for (const p of node.typeParameters ?? []) walk(p, inner)
    for (const h of node.heritageClauses ?? []) {
      for (const t of h.types) walkHeritage(t, h.token === K.ImplementsKeyword ? TYPE : VALUE, inner)
      if (qualified !== null && h.token === K.ExtendsKeyword) noteBases(qualified, h.types, VALUE, inner)
    }
    // Members first (so `this.m()` resolves above m's declaration), then their bodies.
    const methodIndex = new Map<TS.ClassElement, number>()
    if (qualified !== null) {
      const overloadOf = new Map<string, number>()
      const exported = (m: TS.Node, name: TS.Node) => symbols[index!]!.exported && !hasModifier(m, K.PrivateKeyword) && !ts.isPrivateIdentifier(name)
      for (const m of node.members) {
        if (!(ts.isMethodDeclaration(m) || ts.isGetAccessor(m) || ts.isSetAccessor(m))) continue
        const name = memberName(m.name)
        if (name === undefined) continue
        const signature = header(m, m.body?.getStart(sf))
        const previous = overloadOf.get(name)
        if (previous !== undefined) {
          // Overloads are one method; a `set` beside its `get` is one member, its name renamed with it.
          if (ts.isMethodDeclaration(m)) mergeOverload(previous, m, signature, m.body !== undefined)
          else mergeDeclaration(previous, m, name)
          methodIndex.set(m, previous)
          continue
        }
        const i = addSymbol(name, "method", qualified, m, signature, exported(m, m.name), m)
        overloadOf.set(name, i)
        methodIndex.set(m, i)
      }
      // Properties and the constructor's parameter properties (`constructor(private a: A)`) are members too.
      for (const m of node.members) {
        const name = ts.isPropertyDeclaration(m) ? memberName(m.name) : undefined
        if (ts.isPropertyDeclaration(m) && name !== undefined && !members.get(qualified)?.has(name)) addSymbol(name, "property", qualified, m, header(m, m.initializer?.getStart(sf)), exported(m, m.name), undefined)
        else if (ts.isPropertyDeclaration(m) && (ts.isIdentifier(m.name) || ts.isPrivateIdentifier(m.name))) noteMember(qualified, m.name.text)
        if (ts.isConstructorDeclaration(m)) {
          for (const p of m.parameters) {
            if (!ts.isIdentifier(p.name) || !ts.canHaveModifiers(p) || (ts.getModifiers(p) ?? []).length === 0) continue
            if (!members.get(qualified)?.has(p.name.text)) addSymbol(p.name.text, "property", qualified, p, header(p, p.initializer?.getStart(sf)), exported(p, p.name), undefined)
          }
        }
      }
    }
    for (const m of node.members) walkClassMember(m, inner, methodIndex.get(m))
  }

  /** Members that are not symbols (properties): `this.x` on them is neither a reference nor a guess. */
  const plainMembers = new Map<string, Set<string>>()
  const noteMember = (qualified: string, name: string) => {
    let set = plainMembers.get(qualified)
    if (set === undefined) plainMembers.set(qualified, (set = new Set()))
    set.add(name)
  }

  const walkClassMember = (m: TS.ClassElement, ctx: Context, index: number | undefined) => {
    for (const d of (ts.canHaveDecorators(m) ? ts.getDecorators(m) : undefined) ?? []) walk(d, ctx)
    if (m.name !== undefined && ts.isComputedPropertyName(m.name)) walk(m.name.expression, ctx)
    if (ts.isMethodDeclaration(m) || ts.isConstructorDeclaration(m) || ts.isGetAccessor(m) || ts.isSetAccessor(m)) {
      walkFunction(m, ctx, index ?? null)
    } else if (ts.isPropertyDeclaration(m)) {
      if (m.type) walk(m.type, ctx)
      typedLiteral(m.type, m.initializer, ctx)
      if (m.initializer) walk(m.initializer, ctx)
    } else if (ts.isClassStaticBlockDeclaration(m)) {
      walkBlockLike(m.body.statements, ctx)
    } else if (ts.isIndexSignatureDeclaration(m)) {
      walkFunction(m, ctx, null)
    }
  }

  const walkHeritage = (t: TS.ExpressionWithTypeArguments, meaning: number, ctx: Context) => {
    const e = t.expression
    if (ts.isIdentifier(e)) useName(e, meaning, ctx, "type")
    else if (ts.isPropertyAccessExpression(e)) {
      walkEntity(e.expression, meaning === TYPE ? NAMESPACE : VALUE, ctx)
      useMember(e.expression, e.name, TYPE, ctx, e)
    } else walk(e, ctx)
    for (const a of t.typeArguments ?? []) walk(a, ctx)
  }

  /** The left of a qualified name or heritage access: a namespace (or value) name, or a deeper access. */
  const walkEntity = (e: TS.Node, meaning: number, ctx: Context) => {
    if (ts.isIdentifier(e)) useName(e, meaning, ctx, "type")
    else if (ts.isQualifiedName(e)) {
      walkEntity(e.left, NAMESPACE, ctx)
      useMember(e.left, e.right, meaning, ctx, e)
    } else if (ts.isPropertyAccessExpression(e)) {
      walkEntity(e.expression, meaning, ctx)
      useMember(e.expression, e.name, meaning === VALUE ? TYPE : meaning, ctx, e)
    } else walk(e, ctx)
  }

  const walkInterface = (node: TS.InterfaceDeclaration, ctx: Context) => {
    const scope = new Scope(ctx.scope)
    typeParameters(node, scope)
    const index = symbolOf.get(node)
    const qualified = index !== undefined ? symbols[index]!.qualifiedName : null
    const inner: Context = { ...ctx, scope, symbolic: false, container: null }
    for (const p of node.typeParameters ?? []) walk(p, inner)
    for (const h of node.heritageClauses ?? []) for (const t of h.types) walkHeritage(t, TYPE, inner)
    if (qualified !== null) for (const h of node.heritageClauses ?? []) noteBases(qualified, h.types, TYPE, inner)
    const memberIndex = qualified === null ? new Map<TS.TypeElement, number>() : typeMembers(node.members, qualified, symbols[index!]!.exported)
    walkTypeMembers(node.members, inner, memberIndex)
  }

  const walkTypeMembers = (elements: ReadonlyArray<TS.TypeElement>, ctx: Context, memberIndex: ReadonlyMap<TS.TypeElement, number>) => {
    for (const m of elements) {
      if (m.name !== undefined && ts.isComputedPropertyName(m.name)) walk(m.name.expression, ctx)
      if (ts.isMethodSignature(m) || ts.isCallSignatureDeclaration(m) || ts.isConstructSignatureDeclaration(m) || ts.isIndexSignatureDeclaration(m)) {
        walkFunction(m, ctx, memberIndex.get(m) ?? null)
      } else if (ts.isPropertySignature(m) && m.type) walk(m.type, ctx)
      else if (!ts.isPropertySignature(m)) walk(m, ctx)
    }
  }

  const walkModule = (node: TS.ModuleDeclaration, ctx: Context) => {
    let body = node.body
    let container: string | null = null
    if (ts.isIdentifier(node.name) && ctx.symbolic) {
      const index = symbolOf.get(node)
      if (index !== undefined) container = symbols[index]!.qualifiedName
    }
    // `namespace A.B.C { }`: nested declarations, one per name.
    while (body !== undefined && ts.isModuleDeclaration(body)) {
      const inner: TS.ModuleDeclaration = body
      if (container !== null && ts.isIdentifier(inner.name)) {
        const existing = members.get(container)?.get(inner.name.text)
        container = existing !== undefined ? symbols[existing]!.qualifiedName
          : symbols[addSymbol(inner.name.text, "namespace", container, inner, header(inner, inner.body?.getStart(sf)), true)]!.qualifiedName
      }
      body = inner.body
    }
    if (body === undefined || !ts.isModuleBlock(body)) return
    const scope = new Scope(ctx.scope)
    // `declare global { }` declares globals: symbols at the top level. `declare module "m" { }`: not named here.
    const global = (node.flags & ts.NodeFlags.GlobalAugmentation) !== 0
    const inner: Context = { ...ctx, scope, symbolic: container !== null || global, container }
    declareStatements(body.statements, scope, inner)
    for (const st of body.statements) walk(st, inner)
  }

  const walkExportDeclaration = (s: TS.ExportDeclaration, ctx: Context) => {
    const module = s.moduleSpecifier !== undefined && ts.isStringLiteralLike(s.moduleSpecifier) ? s.moduleSpecifier.text : undefined
    const clause = s.exportClause
    if (module !== undefined) {
      const reexports: ImportedName[] = []
      let namespace: string | null = null
      if (clause !== undefined && ts.isNamedExports(clause)) {
        for (const e of clause.elements) {
          const original = e.propertyName ?? e.name
          const originalName = ts.isIdentifier(original) ? original.text : original.text
          reexports.push({ name: originalName, alias: e.propertyName !== undefined ? e.name.text : null })
          if (ts.isIdentifier(original)) addRef(original, originalName, "import", { kind: "export", module }, null, ctx)
        }
      } else if (clause !== undefined && ts.isNamespaceExport(clause)) namespace = clause.name.text
      imports.push({ module, line: position(s.getStart(sf)).line, names: [], namespace, defaultName: null, reexports, wildcard: clause === undefined, isModDeclaration: false })
      return
    }
    if (clause !== undefined && ts.isNamedExports(clause)) {
      for (const e of clause.elements) {
        const local = e.propertyName ?? e.name
        if (!ts.isIdentifier(local)) continue
        exportedNames.add(local.text)
        if (e.propertyName !== undefined) exportAs(local.text, e.name.text, s)
        useName(local, ALL, ctx, "read")
      }
    }
  }

  /**
   * `export { a as b }`, `export default a`: the module exports a declaration under another name,
   * said as the module re-exporting from itself, which the resolver follows like any re-export.
   */
  const selfExports: ImportedName[] = []
  let selfExportLine = 0
  const exportAs = (local: string, exported: string, at: TS.Node) => {
    selfExports.push({ name: local, alias: exported })
    selfExportLine ||= position(at.getStart(sf)).line
  }

  const walk = (node: TS.Node, ctx: Context): void => {
    switch (node.kind) {
      case K.Identifier:
        return useName(node as TS.Identifier, VALUE, ctx)
      case K.PropertyAccessExpression: {
        const e = node as TS.PropertyAccessExpression
        walk(e.expression, ctx)
        const r = receiver(e.expression)
        return "cast" in r ? castMember(r.cast, e.name, ctx, e) : useMember(r.value, e.name, VALUE, ctx, e)
      }
      case K.QualifiedName: {
        const q = node as TS.QualifiedName
        walkEntity(q.left, NAMESPACE, ctx)
        return useMember(q.left, q.right, TYPE, ctx, q)
      }
      case K.TypeReference: {
        const t = node as TS.TypeReferenceNode
        if (ts.isIdentifier(t.typeName)) useName(t.typeName, TYPE, ctx, "type")
        else walk(t.typeName, ctx)
        for (const a of t.typeArguments ?? []) walk(a, ctx)
        return
      }
      case K.TypeQuery: {
        const t = node as TS.TypeQueryNode
        if (ts.isIdentifier(t.exprName)) useName(t.exprName, VALUE, ctx, "type")
        else walkEntity(t.exprName, VALUE, ctx)
        for (const a of t.typeArguments ?? []) walk(a, ctx)
        return
      }
      case K.ImportType: {
        const t = node as TS.ImportTypeNode
        for (const a of t.typeArguments ?? []) walk(a, ctx)
        return
      }
      case K.ExpressionWithTypeArguments: {
        const t = node as TS.ExpressionWithTypeArguments
        walk(t.expression, ctx)
        for (const a of t.typeArguments ?? []) walk(a, ctx)
        return
      }
      case K.ImportDeclaration:
      case K.ImportEqualsDeclaration:
        return // bound by declareStatements
      case K.ExportDeclaration:
        return walkExportDeclaration(node as TS.ExportDeclaration, ctx)
      case K.ExportAssignment: {
        const e = node as TS.ExportAssignment
        if (ts.isIdentifier(e.expression)) {
          exportedNames.add(e.expression.text)
          if (e.isExportEquals !== true) exportAs(e.expression.text, "default", e)
          return useName(e.expression, ALL, ctx, "read")
        }
        return walk(e.expression, ctx)
      }
      case K.FunctionDeclaration: {
        const f = node as TS.FunctionDeclaration
        const index = symbolOf.get(f)
        return walkFunction(f, ctx, index ?? null)
      }
      case K.FunctionExpression:
      case K.ArrowFunction:
      case K.Constructor:
      case K.GetAccessor:
      case K.SetAccessor:
      case K.MethodDeclaration:
      case K.FunctionType:
      case K.ConstructorType:
      case K.CallSignature:
      case K.ConstructSignature:
      case K.MethodSignature:
      case K.IndexSignature:
        return walkFunction(node as TS.SignatureDeclarationBase, ctx, null)
      case K.ClassDeclaration:
      case K.ClassExpression:
        return walkClass(node as TS.ClassLikeDeclaration, ctx)
      case K.InterfaceDeclaration:
        return walkInterface(node as TS.InterfaceDeclaration, ctx)
      case K.TypeAliasDeclaration: {
        const t = node as TS.TypeAliasDeclaration
        const scope = new Scope(ctx.scope)
        typeParameters(t, scope)
        const inner: Context = { ...ctx, scope, symbolic: false, container: null }
        for (const p of t.typeParameters ?? []) walk(p, inner)
        const index = symbolOf.get(t)
        // `type P = { a: number }` (also `Base & { a: number }`): its members are P's, as an interface's.
        const literals = index === undefined ? [] : objectLiterals(t.type)
        if (literals.length === 0) return walk(t.type, inner)
        for (const part of ts.isIntersectionTypeNode(t.type) ? t.type.types : [t.type]) {
          if (!ts.isTypeLiteralNode(part)) walk(part, inner)
          else walkTypeMembers(part.members, inner, typeMembers(part.members, symbols[index!]!.qualifiedName, symbols[index!]!.exported))
        }
        return
      }
      case K.EnumDeclaration: {
        const e = node as TS.EnumDeclaration
        const index = symbolOf.get(e)
        if (index !== undefined) {
          const qualified = symbols[index]!.qualifiedName
          for (const m of e.members) {
            const name = memberName(m.name)
            if (name === undefined) continue
            const previous = members.get(qualified)?.get(name)
            if (previous !== undefined) mergeDeclaration(previous, m, name)
            else addSymbol(name, "constant", qualified, m, header(m, m.initializer?.getStart(sf)), symbols[index]!.exported, undefined)
          }
        }
        for (const m of e.members) {
          if (ts.isComputedPropertyName(m.name)) walk(m.name.expression, ctx)
          if (m.initializer) walk(m.initializer, ctx)
        }
        return
      }
      case K.ModuleDeclaration:
        return walkModule(node as TS.ModuleDeclaration, ctx)
      case K.VariableStatement: {
        const s = node as TS.VariableStatement
        for (const d of s.declarationList.declarations) {
          if (requireCall(d.initializer) !== undefined) continue
          walkBindingDefaults(d.name, ctx)
          if (d.type) walk(d.type, ctx)
          if (d.initializer === undefined) continue
          const index = symbolOf.get(s.declarationList.declarations.length === 1 ? s : d)
          const inner = index !== undefined ? { ...ctx, enclosing: index } : ctx
          typedLiteral(d.type, d.initializer, inner)
          if (ts.isObjectBindingPattern(d.name)) destructured(d.name, d.type !== undefined ? typeOwner(d.type, ctx) : expressionOwner(d.initializer, ctx), ctx)
          walk(d.initializer, inner)
        }
        return
      }
      case K.VariableDeclarationList: {
        // in `for (let i …)`: bound by the for statement's scope
        const l = node as TS.VariableDeclarationList
        for (const d of l.declarations) {
          walkBindingDefaults(d.name, ctx)
          if (d.type) walk(d.type, ctx)
          if (d.initializer) walk(d.initializer, ctx)
        }
        return
      }
      case K.Block:
        return walkBlockLike((node as TS.Block).statements, ctx)
      case K.CaseBlock: {
        const scope = new Scope(ctx.scope)
        const inner: Context = { ...ctx, scope, symbolic: false, container: null }
        const clauses = (node as TS.CaseBlock).clauses
        declareStatements(clauses.flatMap((c) => [...c.statements]), scope, inner)
        for (const c of clauses) walk(c, inner)
        return
      }
      case K.ForStatement:
      case K.ForInStatement:
      case K.ForOfStatement: {
        const f = node as TS.ForStatement | TS.ForInStatement | TS.ForOfStatement
        const scope = new Scope(ctx.scope)
        const init = f.initializer
        if (init !== undefined && ts.isVariableDeclarationList(init)) {
          for (const d of init.declarations) for (const id of bindingNames(d.name)) scope.declare(id.text, VALUE, { kind: "local" })
        }
        return walkChildren(node, { ...ctx, scope, symbolic: false, container: null })
      }
      case K.CatchClause: {
        const c = node as TS.CatchClause
        const scope = new Scope(ctx.scope)
        const inner: Context = { ...ctx, scope, symbolic: false, container: null }
        if (c.variableDeclaration !== undefined) {
          for (const id of bindingNames(c.variableDeclaration.name)) scope.declare(id.text, VALUE, { kind: "local" })
          if (c.variableDeclaration.type) walk(c.variableDeclaration.type, inner)
        }
        return walk(c.block, inner)
      }
      case K.MappedType: {
        const m = node as TS.MappedTypeNode
        const scope = new Scope(ctx.scope)
        const inner: Context = { ...ctx, scope }
        if (m.typeParameter.constraint) walk(m.typeParameter.constraint, ctx)
        scope.declare(m.typeParameter.name.text, TYPE, { kind: "local" })
        if (m.nameType) walk(m.nameType, inner)
        if (m.type) walk(m.type, inner)
        return
      }
      case K.ConditionalType: {
        const c = node as TS.ConditionalTypeNode
        const scope = new Scope(ctx.scope)
        const collectInfer = (n: TS.Node) => {
          if (ts.isInferTypeNode(n)) scope.declare(n.typeParameter.name.text, TYPE, { kind: "local" })
          ts.forEachChild(n, collectInfer)
        }
        collectInfer(c.extendsType)
        walk(c.checkType, ctx)
        const inner: Context = { ...ctx, scope }
        walk(c.extendsType, inner)
        walk(c.trueType, inner)
        return walk(c.falseType, ctx)
      }
      case K.InferType: {
        const c = (node as TS.InferTypeNode).typeParameter.constraint
        if (c) walk(c, ctx)
        return
      }
      case K.ReturnStatement: {
        // `function f(): T { return { a: … } }`: the literal is typed by T, as `const r: T = {…}` is.
        typedLiteral(ctx.returnType, (node as TS.ReturnStatement).expression, ctx)
        return walkChildren(node, ctx)
      }
      case K.PropertyAssignment: {
        const p = node as TS.PropertyAssignment
        if (ts.isComputedPropertyName(p.name)) walk(p.name.expression, ctx)
        return walk(p.initializer, ctx)
      }
      case K.ShorthandPropertyAssignment: {
        const p = node as TS.ShorthandPropertyAssignment
        shorthandNames.add(p.name)
        useName(p.name, VALUE, ctx, "read")
        if (p.objectAssignmentInitializer) walk(p.objectAssignmentInitializer, ctx)
        return
      }
      case K.PropertySignature: {
        const p = node as TS.PropertySignature
        if (ts.isComputedPropertyName(p.name)) walk(p.name.expression, ctx)
        if (p.type) walk(p.type, ctx)
        return
      }
      case K.PropertyDeclaration:
        return walkClassMember(node as TS.PropertyDeclaration, ctx, undefined)
      case K.LabeledStatement:
        return walk((node as TS.LabeledStatement).statement, ctx)
      case K.BreakStatement:
      case K.ContinueStatement:
      case K.MetaProperty:
      case K.ImportKeyword:
        return
      case K.NamedTupleMember:
        return walk((node as TS.NamedTupleMember).type, ctx)
      case K.JsxAttribute: {
        const a = node as TS.JsxAttribute
        if (a.initializer) walk(a.initializer, ctx)
        return
      }
      case K.JsxOpeningElement:
      case K.JsxSelfClosingElement:
      case K.JsxClosingElement: {
        const e = node as TS.JsxOpeningElement | TS.JsxSelfClosingElement | TS.JsxClosingElement
        const tag = e.tagName
        // Lower-case tags are intrinsic elements (`div`), not names.
        if (ts.isIdentifier(tag)) {
          if (/^[A-Z_$]/.test(tag.text)) useName(tag, VALUE, ctx, "call")
        } else if (!ts.isJsxNamespacedName(tag)) walk(tag, ctx)
        if (!ts.isJsxClosingElement(e)) {
          for (const a of e.typeArguments ?? []) walk(a, ctx)
          // `<C state={1} />` of a component of this file whose props are typed (`function C(p: Props)`):
          // Props's members; of another component (imported, untyped), a guess among properties by name.
          const component = ts.isIdentifier(tag) && /^[A-Z_$]/.test(tag.text) ? ctx.scope.lookup(tag.text, VALUE)?.target : undefined
          const props = component?.kind === "symbol" ? propsTypes.get(component.index)?.() : undefined
          if (component !== undefined || (!ts.isIdentifier(tag) && !ts.isJsxNamespacedName(tag))) {
            for (const a of e.attributes.properties) {
              if (!ts.isJsxAttribute(a) || !ts.isIdentifier(a.name)) continue
              if (props !== undefined) typedMember(a.name as TS.Identifier, "read", null, props, ctx)
              else addRef(a.name, a.name.text, "read", { kind: "unknown-member" }, null, ctx)
            }
          }
          walk(e.attributes, ctx)
        }
        return
      }
      case K.TypePredicate: {
        const t = node as TS.TypePredicateNode
        if (t.type) walk(t.type, ctx)
        return
      }
      case K.BindingElement:
      case K.ObjectBindingPattern:
      case K.ArrayBindingPattern:
        return walkBindingDefaults(node as TS.BindingName, ctx)
      case K.Parameter: {
        const p = node as TS.ParameterDeclaration
        for (const m of ts.getDecorators(p) ?? []) walk(m, ctx)
        walkBindingDefaults(p.name, ctx)
        if (p.type) walk(p.type, ctx)
        if (p.initializer) walk(p.initializer, ctx)
        return
      }
      case K.TypeParameter: {
        const p = node as TS.TypeParameterDeclaration
        if (p.constraint) walk(p.constraint, ctx)
        if (p.default) walk(p.default, ctx)
        return
      }
      case K.SatisfiesExpression:
      case K.AsExpression:
      case K.TypeAssertionExpression: {
        const e = node as TS.SatisfiesExpression | TS.AsExpression | TS.TypeAssertion
        typedLiteral(e.type, e.expression, ctx)
        return walkChildren(node, ctx)
      }
      case K.CallExpression:
      case K.NewExpression:
        callees.add((node as TS.CallExpression | TS.NewExpression).expression)
        return walkChildren(node, ctx)
      case K.TaggedTemplateExpression:
        callees.add((node as TS.TaggedTemplateExpression).tag)
        return walkChildren(node, ctx)
      case K.Decorator:
        callees.add((node as TS.Decorator).expression)
        return walkChildren(node, ctx)
      default:
        return walkChildren(node, ctx)
    }
  }

  const rootScope = new Scope(undefined)
  const root: Context = { scope: rootScope, thisClass: null, enclosing: null, symbolic: true, container: null }
  declareStatements(sf.statements, rootScope, root)
  for (const s of sf.statements) walk(s, root)
  // Members of declarations the walk reached only after their use, in the order of the file.
  let late = false
  for (const m of laterMembers) {
    const index = members.get(m.qualified)?.get(m.name)
    if (index === undefined) continue
    addRef(m.id, m.name, m.kind, { kind: "symbol", index }, m.qualifier, m.ctx)
    late = true
  }
  for (const p of laterProperties) {
    const owner = members.get(p.container)?.get(p.owner)
    const ownerKind = owner === undefined ? undefined : symbols[owner]!.kind
    // A typed literal's properties are an interface's or an object type's; a typed value's members also a class's.
    // A function's own props written in place (`C.state`) are the function's.
    const fits = ownerKind === "interface" || ownerKind === "type" || (p.typed === true && (ownerKind === "class" || ownerKind === "function"))
    const ownerName = !fits ? undefined : symbols[owner!]!.qualifiedName
    const index = ownerName === undefined ? undefined : members.get(ownerName)?.get(p.id.text) ?? inherited(ownerName, p.id.text)
    // A class's static members are not its instances'.
    if (index === undefined || (ownerKind === "class" && STATIC.test(symbols[index]!.signature))) {
      if (p.typed === true && p.kind === "call") addRef(p.id, p.id.text, p.kind, { kind: "unknown-member" }, p.qualifier, p.ctx)
      late ||= p.typed === true && p.kind === "call"
      continue
    }
    addRef(p.id, p.id.text, p.kind, { kind: "symbol", index }, p.qualifier, p.ctx, p.bindingShorthand === true ? { bindingShorthand: true } : undefined)
    late = true
  }
  if (late || unordered) refs.sort((a, b) => a.startByte - b.startByte)

  // `export default function f`, `export default class C`: f and C are the module's default export.
  for (const s of sf.statements) {
    if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name !== undefined && hasModifier(s, K.ExportKeyword) && hasModifier(s, K.DefaultKeyword)) exportAs(s.name.text, "default", s)
  }
  if (selfExports.length > 0) {
    const self = "./" + sf.fileName.slice(sf.fileName.lastIndexOf("/") + 1)
    imports.push({ module: self, line: selfExportLine, names: [], namespace: null, defaultName: null, reexports: selfExports, wildcard: false, isModDeclaration: false })
  }
  // `export { a }`, `export default a`: declared above, exported here.
  const finalSymbols = symbols.map((s) => (s.container === null && !s.exported && exportedNames.has(s.name) ? { ...s, exported: true } : s))
  return { symbols: finalSymbols, refs, imports }
}
