/**
 * TS/JS facts from TypeScript's parser (src/domain/graph/scriptFacts.ts): one case per miss class
 * that tree-sitter's query extraction had on real code (effect, zod; issue 11).
 */
import { describe, expect, it } from "vitest"
import * as ts from "typescript-parser"
import type { FileFacts, RefFact } from "../../src/domain/graph/facts.js"
import { scriptFacts } from "../../src/domain/graph/scriptFacts.js"

const facts = (text: string, file = "m.ts"): FileFacts => {
  const kind = file.endsWith(".js") ? ts.ScriptKind.JS : file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  return scriptFacts(ts, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind))
}

/** Each reference as `line:col name → what it is bound to`. */
const bound = (f: FileFacts, name?: string) =>
  f.refs.filter((r) => name === undefined || r.name === name).map((r) => `${r.startLine}:${r.startColumn} ${r.name} → ${target(f, r)}`)
const target = (f: FileFacts, r: RefFact) => {
  const b = r.binding
  if (b === undefined) return "?"
  if (b.kind === "symbol") return `${f.symbols[b.index]!.kind} ${f.symbols[b.index]!.qualifiedName}`
  if (b.kind === "export") return `export of ${b.module}`
  if (b.kind === "member") return `member of ${b.of} from ${b.module}`
  return b.kind
}
const names = (f: FileFacts) => f.symbols.map((s) => `${s.kind} ${s.qualifiedName}`)

describe("TypeScript facts with scopes", () => {
  it("code tree-sitter-typescript rejects: variance annotations and call signatures that start a line", () => {
    const f = facts([
      "export interface Chunk<out A> {",
      "  <B>(f: (a: A) => B): Chunk<B>",
      "  readonly length: number",
      "}",
      "export type Fn<in out K> = (k: K) => Chunk<K>",
      "export const flow = <K,>(k: K): Chunk<K> => make(k)",
      "export function make<K>(k: K): Chunk<K> { return k as any }",
      ""
    ].join("\n"))
    expect(names(f)).toEqual(["interface Chunk", "type Fn", "function flow", "function make", "property Chunk.length"])
    expect(bound(f, "make")).toEqual(["6:45 make → function make"])
  })

  it("generic and qualified type uses; type parameters and infer names bind to nothing", () => {
    const f = facts([
      "import * as O from \"./Option.js\"",
      "export type Box<T> = { value: T }",
      "export type Unbox<B> = B extends Box<infer V> ? V : O.Option<B>",
      "export declare namespace Box { type Of<T> = Box<T> }",
      "export const x: Box.Of<number> = { value: 1 }",
      ""
    ].join("\n"))
    expect(bound(f).sort()).toEqual([
      "3:34 Box → type Box",
      "3:55 Option → export of ./Option.js",
      "4:45 Box → type Box",
      "5:17 Box → namespace Box",
      "5:21 Of → type Box.Of"
    ])
    expect(bound(f).some((r) => / (T|V|B) → /.test(r))).toBe(false)
    expect(bound(f, "Of")).toEqual(["5:21 Of → type Box.Of"])
    expect(bound(f, "Option")).toEqual(["3:55 Option → export of ./Option.js"])
  })

  it("a type named like a namespace of the file that declares no type of that name is the global type (effect's Array.ts: `ReadonlyArray<A>` beside `namespace ReadonlyArray`)", () => {
    const f = facts([
      "export interface L { readonly type: ReadonlyArray<number> }",
      "export declare namespace ReadonlyArray {",
      "  export type Infer<S> = S extends ReadonlyArray<infer A> ? A : never",
      "}",
      "export type Q = ReadonlyArray.Infer<number[]>",
      "export declare namespace Box { type Of<T> = T }",
      "export type Box<T> = Box.Of<T>",
      "export const b: Box<number> = 1",
      ""
    ].join("\n"))
    expect(bound(f, "ReadonlyArray")).toEqual(["1:37 ReadonlyArray → global", "3:36 ReadonlyArray → global", "5:17 ReadonlyArray → namespace ReadonlyArray"])
    // With a type of that name (a merged declaration), the type is the one named.
    expect(bound(f, "Box")).toEqual(["7:22 Box → namespace Box", "8:17 Box → type Box"])
  })

  it("Ns.Inner.T on `import * as Ns`: Inner is the module's namespace export, T a member of it", () => {
    const f = facts("import * as DateTime from \"./DateTime.js\"\nexport const x = (i: DateTime.DateTime.Input) => DateTime.DateTime.make(i)\n")
    expect(bound(f).sort()).toEqual([
      "2:31 DateTime → export of ./DateTime.js",
      "2:40 Input → member of DateTime from ./DateTime.js",
      "2:59 DateTime → export of ./DateTime.js",
      "2:68 make → member of DateTime from ./DateTime.js"
    ])
    expect(f.refs.find((r) => r.startColumn === 31)!.binding).toEqual({ kind: "export", module: "./DateTime.js", namespace: true })
  })

  it("Ns.T and Class.m() used above the namespace or class that declares them (effect's Match.ts: Types.Tags 1,000 lines before namespace Types)", () => {
    const f = facts([
      "export type A<I> = { readonly [Tag in Types.Tags<\"_tag\", I> & string]: number }",
      "export function make() { return Box.of(1) }",
      "export declare namespace Types {",
      "  export type Tags<D extends string, P> = P extends Record<D, infer X> ? X : never",
      "}",
      "export class Box { static of(n: number) { return new Box() } }",
      "export type B<I> = Types.Tags<\"k\", I>"
    ].join("\n"))
    expect(bound(f, "Tags")).toEqual(["1:45 Tags → type Types.Tags", "7:26 Tags → type Types.Tags"])
    expect(bound(f, "of")).toEqual(["2:37 of → method Box.of"])
    // In the file's order, whenever they were bound.
    expect(f.refs.map((r) => r.startByte)).toEqual([...f.refs.map((r) => r.startByte)].sort((a, b) => a - b))
  })

  it("an object literal typed by an interface (annotation, satisfies, as, an arrow's return type): its property names are the interface's members (effect's CauseReducer)", () => {
    const f = facts([
      "import type * as Cause from \"./Cause.js\"",
      "import { type Printer } from \"./Printer.js\"",
      "const Size: Cause.CauseReducer<unknown, unknown, number> = {",
      "  emptyCase: () => 0,",
      "  interruptCase: () => 1,",
      "  sequentialCase(_, left, right) { return left + right }",
      "}",
      "const filter = <E>(p: (e: E) => boolean): Cause.CauseReducer<unknown, E, boolean> => ({ emptyCase: () => false, failCase: (_, e) => p(e) })",
      "export const human = { print: (s: string) => s } satisfies Printer",
      "const local = { size: 1, count() { return 2 } } as Counter",
      "const notOurs: Partial<Counter> = { count: () => 1 }",
      "const shapes: Shape = { area: 1 }",
      "interface Counter { readonly size: number; count(): number }",
      "class Shape { static area() { return 0 } }",
      ""
    ].join("\n"))
    const props = f.refs.filter((r) => r.kind === "read" && /Case$|^print$|^count$|^area$/.test(r.name))
    expect(props.map((r) => `${r.startLine}:${r.startColumn} ${r.name} → ${target(f, r)}`)).toEqual([
      "4:3 emptyCase → member of CauseReducer from ./Cause.js",
      "5:3 interruptCase → member of CauseReducer from ./Cause.js",
      "6:3 sequentialCase → member of CauseReducer from ./Cause.js",
      "8:89 emptyCase → member of CauseReducer from ./Cause.js",
      "8:113 failCase → member of CauseReducer from ./Cause.js",
      "9:24 print → member of Printer from ./Printer.js",
      // An interface of the file, declared below: its method; `size` is a property (no symbol), and
      // neither Partial<Counter> nor a class (whose `area` here is static) types the literal's names.
      "10:26 count → method Counter.count"
    ])
    expect(props.filter((r) => r.binding?.kind === "member").every((r) => r.binding?.kind === "member" && r.binding.ofInterface === true)).toBe(true)
    expect(f.refs.map((r) => r.startByte)).toEqual([...f.refs.map((r) => r.startByte)].sort((a, b) => a - b))
  })

  it("this.m() under a declared `this: T` is a member of the interface T (effect's protos: `toJSON(this: Duration)`); another function's own `this` is not", () => {
    const f = facts([
      "import type * as Duration from \"./Duration.js\"",
      "import { format } from \"./Inspectable.js\"",
      "interface MutableRef<A> { get(): A; readonly current: A }",
      "const DurationProto = {",
      "  toJSON(this: Duration.Duration) { return { millis: this.toMillis() } },",
      "  toString(this: Duration.Duration) { return format(this.toJSON()) },",
      "  [Symbol.iterator](this: MutableRef<number>) { const next = () => this.get(); return { next, inner: function () { return this.get() } } },",
      "  plain() { return this.toMillis() }",
      "}",
      "export class Box { value() { return 1 } show(this: MutableRef<number>) { return this.get() + this.current } }",
      ""
    ].join("\n"))
    expect(f.refs.filter((r) => r.qualifier === "this").map((r) => `${r.startLine}:${r.startColumn} ${r.name} ${r.kind} → ${target(f, r)}`)).toEqual([
      "5:59 toMillis call → member of Duration from ./Duration.js",
      "6:58 toJSON call → member of Duration from ./Duration.js",
      // The arrow's `this` is the method's; the function expression's own `this` is unknown (nothing).
      "7:73 get call → method MutableRef.get",
      // In a class, a declared `this` is that type's, not the class's.
      "10:86 get call → method MutableRef.get",
      "10:99 current read → property MutableRef.current"
    ])
    expect(f.refs.filter((r) => r.binding?.kind === "member").every((r) => r.binding?.kind === "member" && r.binding.ofInterface === true)).toBe(true)
  })

  it("a local that shadows a top-level name is not a use of it", () => {
    const f = facts([
      "export const map = 1",
      "export function f(map: number) { return map + 1 }",
      "export function g() { const map = 2; return map }",
      "export function h() { return map }",
      ""
    ].join("\n"))
    expect(bound(f, "map")).toEqual(["4:30 map → constant map"])
  })

  it("this.m() and Class.m() bind to the method; x.m() on an unknown receiver is only a guess among members", () => {
    const f = facts([
      "export class Tracer {",
      "  span(name: string) { return this.log(name) }",
      "  log(s: string) { return s }",
      "  static of() { return new Tracer() }",
      "}",
      "export function span(t: { span(n: string): void }) { t.span(\"x\"); return Tracer.of() }",
      ""
    ].join("\n"))
    expect(bound(f, "log")).toEqual(["2:36 log → method Tracer.log"])
    expect(bound(f, "of")).toEqual(["6:81 of → method Tracer.of"])
    // not the top-level function span
    expect(bound(f, "span")).toEqual(["6:56 span → unknown-member"])
  })

  it("overloads are one symbol with every signature callers can use", () => {
    const f = facts([
      "export function parse(s: string): number",
      "export function parse(s: string, radix: number): number",
      "export function parse(s: string, radix?: number): number { return radix ?? s.length }",
      "export interface P { get(): string; get(i: number): string }",
      ""
    ].join("\n"))
    expect(names(f)).toEqual(["function parse", "interface P", "method P.get"])
    expect(f.symbols[0]).toMatchObject({ startLine: 1, endLine: 3, overloads: ["function parse(s: string): number", "function parse(s: string, radix: number): number"] })
    expect(f.symbols[2]!.overloads).toHaveLength(2)
    const documented = facts("export const is: {\n  /** a doc */\n  (u: unknown): boolean\n} = (u) => true\n")
    expect(documented.symbols[0]!.signature).toBe("const is: { (u: unknown): boolean } = (u)")
  })

  it("keeps consts whatever their initializer (as casts, regex, generators), the file's last declaration, and no keyword as a method", () => {
    const f = facts([
      "export const a = {} as Record<string, number>",
      "export const re = /x+/g",
      "export const gen = function*() { yield 1 }",
      "export class K { m() { if (a) { return 1 } return 2 } }",
      "export const last = 1"
    ].join("\n"))
    expect(names(f)).toEqual(["constant a", "constant re", "function gen", "class K", "constant last", "method K.m"])
  })

  it("imports: named, aliased, default, namespace, re-exports; the import names are references of the export", () => {
    const f = facts([
      "import def, { a, b as c } from \"./m.js\"",
      "import * as ns from \"./n.js\"",
      "export { d, e as f } from \"./o.js\"",
      "export * from \"./p.js\"",
      "export const x = [def, a, c, ns.g()]",
      ""
    ].join("\n"))
    expect(f.imports.map((i) => [i.module, i.names, i.namespace, i.defaultName, i.reexports, i.wildcard])).toEqual([
      ["./m.js", [{ name: "a", alias: null }, { name: "b", alias: "c" }], null, "def", [], false],
      ["./n.js", [], "ns", null, [], false],
      ["./o.js", [], null, null, [{ name: "d", alias: null }, { name: "e", alias: "f" }], false],
      ["./p.js", [], null, null, [], true]
    ])
    expect(bound(f).sort()).toEqual([
      "1:15 a → export of ./m.js",
      "1:18 b → export of ./m.js",
      "1:8 default → export of ./m.js",
      "3:10 d → export of ./o.js",
      "3:13 e → export of ./o.js",
      "5:19 default → export of ./m.js",
      "5:24 a → export of ./m.js",
      "5:27 b → export of ./m.js",
      "5:33 g → export of ./n.js"
    ].sort())
  })

  it("a member of a named import is resolved through it; a global is a guess, never an exact reference", () => {
    const f = facts("import { z } from \"zod\"\nexport const s = z.string()\nexport const g = someGlobal + Math.max(1, 2)\n")
    expect(bound(f, "string")).toEqual(["2:20 string → member of z from zod"])
    expect(bound(f, "someGlobal")).toEqual(["3:18 someGlobal → global"])
    expect(bound(f, "Math")).toEqual([]) // what every program has is not a workspace name
  })

  it("functions declared inside a function are symbols named after it; references to them are exact", () => {
    const f = facts("export function outer() {\n  function inner() { return 1 }\n  return inner()\n}\n")
    expect(names(f)).toEqual(["function outer", "function outer.inner"])
    expect(bound(f, "inner")).toEqual(["3:10 inner → function outer.inner"])
    expect(f.refs.find((r) => r.name === "inner")!.enclosing).toBe(0)
  })

  it("export default and export { a as b }: the module re-exports from itself under the new name", () => {
    const f = facts("export default function parse() {}\nconst helper = 1\nexport { helper as util }\n", "src/m.ts")
    expect(f.imports).toEqual([{ module: "./m.ts", line: 3, names: [], namespace: null, defaultName: null, reexports: [{ name: "helper", alias: "util" }, { name: "parse", alias: "default" }], wildcard: false, isModDeclaration: false }])
    expect(names(f)).toEqual(["function parse", "constant helper"])
    expect(f.symbols.map((s) => s.exported)).toEqual([true, true])
  })

  it("CommonJS exports: exports.f = …, module.exports.g = …, module.exports = { a, b: c }", () => {
    const f = facts("exports.f = function (x) { return x }\nmodule.exports.g = 1\nfunction a() {}\nfunction c() {}\nmodule.exports = { a, b: c }\n", "m.js")
    expect(new Set(f.symbols.map((s) => `${s.kind} ${s.name} ${s.exported}`))).toEqual(new Set(["function a true", "function c true", "function f true", "variable g true"]))
    expect(f.imports[0]!.reexports).toEqual([{ name: "c", alias: "b" }])
  })

  it("JavaScript: CommonJS requires are imports; JSX tags are uses", () => {
    const f = facts("const fs = require(\"fs\")\nconst { join, dirname: dir } = require(\"path\")\nfunction App() { return <Box/> }\nfunction Box() { return join(dir(\"a\"), fs.sep) }\n", "m.jsx")
    expect(f.imports.map((i) => [i.module, i.namespace, i.names])).toEqual([
      ["fs", "fs", []],
      ["path", null, [{ name: "join", alias: null }, { name: "dirname", alias: "dir" }]]
    ])
    expect(bound(f, "Box")).toEqual(["3:26 Box → function Box"])
    expect(bound(f, "join")).toEqual(["2:9 join → export of path", "4:25 join → export of path"])
    expect(bound(f, "dirname")).toEqual(["2:15 dirname → export of path", "4:30 dirname → export of path"])
  })
})

describe("TS/JS members as symbols", () => {
  const members = (f: FileFacts) => f.symbols.filter((s) => s.container !== null).map((s) => `${s.kind} ${s.qualifiedName}: ${s.signature}`)

  it(".ts: class fields, parameter properties, accessors (a get/set pair is one member), interface and type-literal properties, enum members", () => {
    const f = facts([
      "export class Box {",
      "  size = 1",
      "  private readonly label: string",
      "  #secret = 2",
      "  protected static count: number",
      "  constructor(public w: number, private readonly h: number, plain: number) { this.label = String(plain) }",
      "  get area() { return this.size * this.w * this.h }",
      "  set area(v: number) { this.size = v }",
      "}",
      "export interface Props { state: number; readonly 'quoted': string; run(): void; [key: string]: unknown }",
      "export type P = { label: string; go(): void } & Base",
      "type Base = { id: string }",
      "export enum Color { Red, Green = 'g' }",
      ""
    ].join("\n"))
    expect(members(f)).toEqual([
      "method Box.area: get area()",
      "property Box.size: size",
      "property Box.label: private readonly label: string",
      "property Box.#secret: #secret",
      "property Box.count: protected static count: number",
      "property Box.w: public w: number",
      "property Box.h: private readonly h: number",
      "property Props.state: state: number",
      "property Props.quoted: readonly 'quoted': string",
      "method Props.run: run(): void",
      "property P.label: label: string",
      "method P.go: go(): void",
      "property Base.id: id: string",
      "constant Color.Red: Red",
      "constant Color.Green: Green"
    ])
    const area = f.symbols.find((s) => s.qualifiedName === "Box.area")!
    // Both accessors' names: a rename renames the pair.
    expect(area.nameBytes).toHaveLength(2)
    expect(area.overloads).toBeUndefined()
    expect(f.symbols.find((s) => s.qualifiedName === "Box.size")!.exported).toBe(true)
    expect(f.symbols.find((s) => s.qualifiedName === "Box.label")!.exported).toBe(false)
    expect(f.symbols.find((s) => s.qualifiedName === "Box.#secret")!.exported).toBe(false)
    expect(bound(f, "size")).toEqual(["7:28 size → property Box.size", "8:30 size → property Box.size"])
    expect(bound(f, "h")).toEqual(["7:49 h → property Box.h"])
    expect(bound(f, "label")).toEqual(["6:83 label → property Box.label"])
  })

  it("members of typed values: a typed parameter or local, `new C()`, `x as T`, a destructured parameter, a typed literal; a type's static member or one it lacks is not its", () => {
    const f = facts([
      "import { Remote } from './remote.js'",
      "export function show(q: Props, { state, run: go }: Props, r: Remote) {",
      "  const b = new Box()",
      "  const c = q as unknown as Props",
      "  const d = other() as Box",
      "  q.run(); b.size; Box.count; b.count; d.size; r.width; b.missing(); q.state",
      "  return state + go.length",
      "}",
      "export const p: Props = { state: 1, run() {} }",
      "p.state",
      "interface Props { state: number; run(): void }",
      "class Box { size = 1; public static count = 0 }",
      "declare function other(): unknown",
      ""
    ].join("\n"))
    expect(bound(f).filter((r) => /state|run|size|count|width|missing/.test(r))).toEqual([
      "2:34 state → property Props.state",
      "2:41 run → method Props.run",
      "6:5 run → method Props.run",
      "6:14 size → property Box.size",
      "6:24 count → property Box.count",
      "6:42 size → property Box.size",
      "6:50 width → member of Remote from ./remote.js",
      "6:59 missing → unknown-member",
      "6:72 state → property Props.state",
      "9:27 state → property Props.state",
      "9:37 run → method Props.run",
      "10:3 state → property Props.state"
    ])
    // `{ state }` destructured: a property rename keeps the local's name (`{ st: state }`).
    expect(f.refs.find((r) => r.startLine === 2 && r.name === "state")!.bindingShorthand).toBe(true)
    expect(f.refs.find((r) => r.name === "width")!.binding).toEqual({ kind: "member", module: "./remote.js", of: "Remote", ofType: true })
  })

  it("members through destructuring, casts, `T | undefined`, and a function's declared result", () => {
    const f = facts([
      "export function show(q: Props, maybe: Box | undefined, other: Box | Props) {",
      "  const { state, run: go } = q",
      "  const { size }: Box = make()",
      "  const { size: s2 } = new Box()",
      "  const { state: deep, ...rest } = q as unknown as Props",
      "  maybe!.size; (maybe as Props).state; (q as any).state; (q satisfies Props).state; other.size",
      "  return state + go.length + s2 + deep",
      "}",
      "function props(): Props { if (1) return { state: 1, run() {} }; const inner = (): Props => ({ state: 2 }); return inner() }",
      "async function later(): Props { return { state: 2 } }",
      "function* gen(): Props { return { state: 3 } }",
      "interface Props { state: number; run(): void }",
      "class Box { size = 1 }",
      "declare function make(): Box",
      ""
    ].join("\n"))
    expect(bound(f).filter((r) => /state|run|size/.test(r))).toEqual([
      "2:11 state → property Props.state",
      "2:18 run → method Props.run",
      "3:11 size → property Box.size",
      "4:11 size → property Box.size",
      "5:11 state → property Props.state",
      "6:10 size → property Box.size",
      "6:33 state → property Props.state",
      "6:78 state → property Props.state",
      "9:43 state → property Props.state",
      "9:53 run → method Props.run",
      "9:95 state → property Props.state"
    ])
    // A destructured `{ state }` is also the new local: a property rename writes `{ renamed: state }`.
    expect(f.refs.filter((r) => r.bindingShorthand === true).map((r) => `${r.startLine}:${r.name}`)).toEqual(["2:state", "3:size"])
  })

  it("a member a type inherits from a base of the same file (interface extends, class extends); not from another module's base or from two bases that both declare it", () => {
    const f = facts([
      "import { Remote } from './remote.js'",
      "export const f = (g: Graph, m: Mixed, c: Sub, t: Two, o: Outer) => g.nodes + m.nodes + m.far + c.size + Sub.count + c.count + t.id + o.nodes",
      "interface Proto { nodes: number; id: string }",
      "interface Graph extends Proto { kind: string }",
      "interface Mixed extends Proto, Remote {}",
      "interface Other { id: string }",
      "interface Two extends Proto, Other {}",
      "interface Outer extends Graph {}",
      "class Base { size = 1; static count = 0 }",
      "class Sub extends Base {}",
      ""
    ].join("\n"))
    expect(bound(f).filter((r) => /nodes|far|size|count|id/.test(r))).toEqual([
      "2:70 nodes → property Proto.nodes",
      "2:98 size → property Base.size",
      "2:136 nodes → property Proto.nodes"
    ])
  })

  it(".tsx: a component's props are its props type's members: the interface, the destructuring, JSX attributes, props.x", () => {
    const f = facts([
      "interface Props { state: number; label?: string }",
      "export function Counter({ state, label }: Props) { return <b title={label}>{state}</b> }",
      "export const Labeled = (props: Props) => <Counter state={props.state} label='x' />",
      "export const app = <Counter state={1} />",
      ""
    ].join("\n"), "c.tsx")
    expect(members(f)).toEqual(["property Props.state: state: number", "property Props.label: label?: string"])
    expect(bound(f, "state")).toEqual([
      "2:27 state → property Props.state",
      "3:51 state → property Props.state",
      "3:64 state → property Props.state",
      "4:29 state → property Props.state"
    ])
    expect(bound(f, "label").filter((r) => r.includes("property"))).toEqual(["2:34 label → property Props.label", "3:71 label → property Props.label"])
    // Props written in place are the component's members (`Badge.tone`): its destructuring, its JSX attributes, props.x.
    const inPlace = facts([
      "export function Badge({ tone }: { tone: string; size?: number }) { return <i>{tone}</i> }",
      "export const Chip = (props: { tone: string } & Base) => <Badge tone={props.tone} />",
      "const b = <Badge tone='red' size={2} />",
      "type Base = { id: string }",
      ""
    ].join("\n"), "b.tsx")
    expect(members(inPlace)).toEqual(["property Badge.tone: tone: string", "property Badge.size: size?: number", "property Chip.tone: tone: string", "property Base.id: id: string"])
    expect(bound(inPlace).filter((r) => /tone|size/.test(r))).toEqual([
      "1:25 tone → property Badge.tone",
      "2:64 tone → property Badge.tone",
      "2:76 tone → property Chip.tone",
      "3:18 tone → property Badge.tone",
      "3:29 size → property Badge.size"
    ])
    // An imported component's props type is another file's: its attributes are guesses by name; an intrinsic element's are nothing.
    const g = facts("import { Button } from './button.js'\nexport const ok = <Button kind='primary' onClick={() => 1}><i title='x' /></Button>\n", "d.tsx")
    expect(bound(g).filter((r) => !r.includes("export of"))).toEqual(["2:27 kind → unknown-member", "2:42 onClick → unknown-member"])
  })

  it(".js: class fields and this.x; .d.ts: declared classes, interfaces and enums have their members", () => {
    const js = facts([
      "export class Counter {",
      "  count = 0",
      "  #step = 1",
      "  inc() { this.count += this.#step; return this }",
      "}",
      ""
    ].join("\n"), "c.js")
    expect(members(js)).toEqual(["method Counter.inc: inc()", "property Counter.count: count", "property Counter.#step: #step"])
    expect(bound(js).filter((r) => r.includes("property"))).toEqual(["4:16 count → property Counter.count", "4:30 #step → property Counter.#step"])
    const dts = facts([
      "export declare class Query<T> { readonly state: T; constructor(config: unknown); fetch(): Promise<T> }",
      "export interface Options { retry?: number | boolean }",
      "export declare enum Status { Idle = 0, Busy = 1 }",
      ""
    ].join("\n"), "q.d.ts")
    expect(members(dts)).toEqual([
      "method Query.fetch: fetch(): Promise<T>",
      "property Query.state: readonly state: T",
      "property Options.retry: retry?: number | boolean",
      "constant Status.Idle: Idle",
      "constant Status.Busy: Busy"
    ])
  })
})
