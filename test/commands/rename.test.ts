/** `splice rename` on the memory layers: a graph in memory, the real parsers, the journal and undo. */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import { describe, expect, it } from "vitest"
import { refsCommand } from "../../src/commands/graph/refs.js"
import { rename, type RenameConfig } from "../../src/commands/rename.js"
import { undo } from "../../src/commands/undo.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"
import { MAIN, tsconfigMonorepo } from "../support/tsconfigProject.js"

const config = (symbol: string, to: string, more: Partial<RenameConfig> = {}): RenameConfig => ({
  symbol,
  to,
  includeUnresolved: false,
  preview: false,
  showDiff: false,
  validate: "syntax",
  maxBytes: 1 << 24,
  lockTimeoutMs: 200,
  ...more
})

const hasGo = () => {
  try {
    execFileSync("go", ["version"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
}

const A = `export function parse(x: string): number
export function parse(x: number): number
export function parse(x: any): number {
  return Number(x)
}
export const twice = () => parse("1") + parse(2)
const table = { parse }
export default table
`
const B = `import { parse } from "./a"
import { parse as p } from "./a"
import * as A from "./a"
export const total = parse("3") + p(4) + A.parse(5)
export class Box {
  parse(s: string) { return s }
  run() { return this.parse("x") + parse("y") }
}
`

const project = () => {
  const mem = new MemoryFs()
  mem.put("src/a.ts", A)
  mem.put("src/b.ts", B)
  return mem
}

describe("splice rename on the memory layers", () => {
  it("renames every overload, the references across files, the import specifiers and a shorthand property, and undo restores both files", async () => {
    const mem = project()
    const saved = new SavedGraph()
    const r = await runGraph(rename(config("parse", "decode", { path: "src/a.ts" })), mem, saved)
    expect(r.exit).toBe(0)
    expect(mem.text("src/a.ts")).toBe(A.replace(/function parse/g, "function decode").replace(`parse("1") + parse(2)`, `decode("1") + decode(2)`).replace("{ parse }", "{ parse: decode }"))
    // The method Box.parse is another symbol: untouched, and so is this.parse().
    expect(mem.text("src/b.ts")).toBe(`import { decode } from "./a"
import { decode as p } from "./a"
import * as A from "./a"
export const total = decode("3") + p(4) + A.decode(5)
export class Box {
  parse(s: string) { return s }
  run() { return this.parse("x") + decode("y") }
}
`)
    expect(r.last).toMatchObject({
      command: "rename",
      changed: true,
      symbol: { name: "parse", qualified_name: "parse", kind: "function", file: "src/a.ts", line: 1, language: "typescript" },
      new_name: "decode",
      engine: "typescript",
      renamed: 11,
      unresolved: [],
      validation: { gate: "syntax", status: "passed" }
    })
    expect(r.last["files"]).toEqual([
      expect.objectContaining({ file: "src/a.ts", lines: [1, 2, 3, 6, 7], renamed: 6, line_ending: "lf" }),
      expect.objectContaining({ file: "src/b.ts", lines: [1, 2, 4, 7], renamed: 5 })
    ])
    const u = await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)
    expect(u.exit).toBe(0)
    expect(mem.text("src/a.ts")).toBe(A)
    expect(mem.text("src/b.ts")).toBe(B)
  })

  it("TS: a method called on a typed value is renamed through TypeScript's LanguageService and by the graph (the value's declared type); a structural type's is listed as by-name", async () => {
    const text = "export class Box {\n  get(k: string) { return k }\n}\nconst b: Box = new Box()\nexport const v = b.get(\"x\")\nexport const w = (x: { get(k: string): string }) => x.get(\"y\")\n"
    const viaTs = new MemoryFs()
    viaTs.put("box.ts", text)
    const r = await runGraph(rename(config("Box.get", "fetch")), viaTs, new SavedGraph())
    // x.get() is another method (of a structural type): TypeScript leaves it, and it stays listed as a use by name.
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 2, unresolved: [{ file: "box.ts", line: 6, kind: "call", renamed: false }] })
    expect(viaTs.text("box.ts")).toBe(text.replace("  get(k", "  fetch(k").replace("b.get(", "b.fetch("))
    const viaGraph = new MemoryFs()
    viaGraph.put("box.ts", text)
    const g = await runGraph(rename(config("Box.get", "fetch", { engine: "graph" })), viaGraph, new SavedGraph())
    expect(g.last).toMatchObject({ engine: "graph", renamed: 2, unresolved: [{ file: "box.ts", line: 6, kind: "call", renamed: false }] })
    expect(viaGraph.text("box.ts")).toBe(text.replace("  get(k", "  fetch(k").replace("b.get(", "b.fetch("))
  })

  it("TS graph engine: a member read through a destructuring, a cast, `T | undefined` and a returned literal is listed by refs and renamed (`{ status: state }` keeps the local); undo restores", async () => {
    const props = "export interface Props {\n  state: number\n  label: string\n}\n"
    const use = [
      "import type { Props } from \"./props\"",
      "export function view(p: Props, q: Props | undefined, o: object) {",
      "  const { state, label: l } = p",
      "  return state + l + (o as Props).state + q!.state + (o as any).state",
      "}",
      "export function make(): Props { return { state: 1, label: \"x\" } }",
      ""
    ].join("\n")
    const mem = new MemoryFs()
    mem.put("props.ts", props)
    mem.put("use.ts", use)
    const saved = new SavedGraph()
    const refs = await runGraph(refsCommand({ name: "Props.state" }), mem, saved)
    expect((refs.last["references"] as Array<{ file: string; line: number; col: number }>).map((x) => `${x.file}:${x.line}:${x.col}`)).toEqual(["use.ts:3:11", "use.ts:4:35", "use.ts:4:46", "use.ts:6:42"])
    const r = await runGraph(rename(config("Props.state", "status", { engine: "graph" })), mem, saved)
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    // `(o as any).state` is no one's (TypeScript leaves it too): listed for review, not renamed.
    expect(r.last).toMatchObject({ engine: "graph", renamed: 5, unresolved: [{ file: "use.ts", line: 4, col: 65, kind: "text", renamed: false }] })
    expect(mem.text("props.ts")).toBe(props.replace("state:", "status:"))
    expect(mem.text("use.ts")).toBe(use.replace("{ state, label", "{ status: state, label").replace("(o as Props).state", "(o as Props).status").replace("q!.state", "q!.status").replace("{ state: 1", "{ status: 1"))
    expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect(mem.text("props.ts")).toBe(props)
    expect(mem.text("use.ts")).toBe(use)
  })

  it("TS graph engine: a value typed through nested namespaces (`N.Retry.Options`, effect's `Effect.Retry.Options`) reads that type's member, not another type's of the same name", async () => {
    const mem = new MemoryFs()
    mem.put("ns.ts", "export namespace Retry {\n  export interface Options { state: number }\n}\nexport interface Options { state: string }\n")
    const use = "import type * as N from \"./ns\"\nimport { Retry } from \"./ns\"\nexport const a = (o: N.Retry.Options, p: Retry.Options, q: N.Options) => o.state + p.state + q.state\n"
    mem.put("use.ts", use)
    const saved = new SavedGraph()
    const refs = await runGraph(refsCommand({ name: "Retry.Options.state" }), mem, saved)
    expect((refs.last["references"] as Array<{ file: string; line: number; col: number }>).map((x) => `${x.file}:${x.line}:${x.col}`)).toEqual(["use.ts:3:76", "use.ts:3:86"])
    const other = await runGraph(refsCommand({ name: "Options.state" }), mem, saved)
    expect((other.last["references"] as Array<{ file: string; line: number; col: number }>).map((x) => `${x.file}:${x.line}:${x.col}`)).toEqual(["use.ts:3:96"])
    const r = await runGraph(rename(config("Retry.Options.state", "status", { engine: "graph" })), mem, saved)
    // The other `state` is the other type's (the graph resolved it so): neither renamed nor listed.
    expect(r.last).toMatchObject({ engine: "graph", renamed: 3, unresolved: [] })
    expect(mem.text("use.ts")).toBe(use.replace("o.state + p.state", "o.status + p.status"))
  })

  it("TS: unresolved lists only uses TypeScript cannot tie to a declaration (x: any), not another type's member of that name (a Map's, the DOM's, another class's)", async () => {
    const text = "export class Cache { get(k: string): number { return k.length } }\nexport const m = new Map<string, number>()\nexport const v1 = new Cache().get(\"a\") + (m.get(\"a\") ?? 0)\nexport function f(x: any) { return x.get(\"b\") }\nexport const params = new URLSearchParams(\"a=1\").get(\"a\")\n"
    const mem = new MemoryFs({
      "tsconfig.json": JSON.stringify({ compilerOptions: { lib: ["ES2022", "DOM"] } }),
      "a.ts": text,
      "b.ts": "export class Other { get(): number { return 1 } }\nexport const o = new Other().get()\n"
    })
    const r = await runGraph(rename(config("Cache.get", "lookup", { includeUnresolved: true })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last).toMatchObject({ engine: "typescript", unresolved: [{ file: "a.ts", line: 4, kind: "call", renamed: true }] })
    expect(mem.text("a.ts")).toBe(text.replace("{ get(k", "{ lookup(k").replace("Cache().get(", "Cache().lookup(").replace("x.get(", "x.lookup("))
    expect(mem.text("b.ts")).toBe("export class Other { get(): number { return 1 } }\nexport const o = new Other().get()\n")
  })

  it("TS: a default-exported function imported under its own name is renamed with the import's local name (an import of `default` keeps that name)", async () => {
    const mem = new MemoryFs({ "src/m.ts": "export default function main() { return 2 }\n", "src/u.ts": "import main from './m'\nexport const x = main()\n" })
    const r = await runGraph(rename(config("main", "entry")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 3 })
    expect(mem.text("src/m.ts")).toBe("export default function entry() { return 2 }\n")
    expect(mem.text("src/u.ts")).toBe("import entry from './m'\nexport const x = entry()\n")
  })

  it("TS: a method called through the standard library (an array's element, a callback of map, a Promise) is renamed: the LanguageService has the lib", async () => {
    const mem = new MemoryFs()
    const text = `export class Box {
  get(k: string) { return k }
}
const boxes: Box[] = [new Box()]
export const first = (boxes[0] || new Box()).get("a")
export const all = boxes.map((b) => b.get("b"))
export const later = Promise.resolve(new Box()).then((b) => b.get("c"))
`
    mem.put("box.ts", text)
    const r = await runGraph(rename(config("Box.get", "fetch")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error?.context)).toBe(0)
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 4, unresolved: [] })
    expect(mem.text("box.ts")).toBe(text.replaceAll("get(", "fetch("))
  })

  it("TS: a member tied to the standard library's (an iterator's return) is refused (SPL-E140): its uses through the library would break; nothing written", async () => {
    const mem = new MemoryFs()
    const text = "export class Countdown implements Iterator<number> {\n  n = 3\n  next(): IteratorResult<number> { return this.n > 0 ? { done: false, value: this.n-- } : { done: true, value: undefined } }\n  return(): IteratorResult<number> { this.n = 0; return { done: true, value: undefined } }\n  size() { return this.n }\n}\n"
    mem.put("count.ts", text)
    const r = await runGraph(rename(config("Countdown.return", "finish")), mem, new SavedGraph())
    expect(r.error?.code).toBe("SPL-E140")
    expect(r.error?.context).toMatchObject({ name: "Countdown.return", new_name: "finish", clashes: [{ file: "count.ts", line: 4, name: "return", reason: "Countdown.return is tied to Generator.return of TypeScript's standard library (lib.es2015.generator.d.ts), which keeps its name: the uses through it would break" }] })
    expect(mem.text("count.ts")).toBe(text)
    // Its other members are its own.
    expect((await runGraph(rename(config("Countdown.size", "left")), mem, new SavedGraph())).exit).toBe(0)
  })

  it("TS: uses reached through a dependency's types (a value a library function returns, typed by the workspace's interface) are renamed; a member overriding a library class's is refused (SPL-E140)", async () => {
    const lib = {
      ".gitignore": "node_modules/\n",
      "node_modules/@acme/query/package.json": "{ \"name\": \"@acme/query\", \"types\": \"index.d.ts\" }",
      "node_modules/@acme/query/index.d.ts": "export declare function useQuery<T>(options: { queryFn: () => Promise<T> }): { data: T | undefined };\nexport declare class QueryClient {\n  mount(): void;\n}\n"
    }
    const todos = "import { useQuery } from \"@acme/query\"\nexport interface Todo {\n  title: string\n}\nexport function first() {\n  const q = useQuery({ queryFn: async (): Promise<Todo[]> => [] })\n  return q.data?.[0]?.title\n}\n"
    const mem = new MemoryFs({ ...lib, "src/todos.ts": todos })
    const saved = new SavedGraph()
    const r = await runGraph(rename(config("Todo.title", "heading")), mem, saved)
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 2, unresolved: [] })
    expect(mem.text("src/todos.ts")).toBe(todos.replace("  title: string", "  heading: string").replace("?.title", "?.heading"))
    expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect(mem.text("src/todos.ts")).toBe(todos)
    // Without the package's declarations (as rename was before it read them), TypeScript sees `q` as
    // any: the use is left, listed as found by text (the graph records no `?.title` after `]`), and
    // the rename would be refused (SPL-E159) until it is renamed too or left on purpose.
    mem.entries.delete("/ws/node_modules/@acme/query/index.d.ts")
    const partial = await runGraph(rename(config("Todo.title", "heading", { preview: true })), mem, saved)
    expect(partial.last).toMatchObject({ renamed: 1, would_succeed: false, unresolved: [{ file: "src/todos.ts", line: 7, col: 23, kind: "text", renamed: false }] })

    const client = "import { QueryClient } from \"@acme/query\"\nexport class Logging extends QueryClient {\n  mount() {\n    super.mount()\n  }\n  size() { return 0 }\n}\n"
    const over = new MemoryFs({ ...lib, "src/client.ts": client })
    const refused = await runGraph(rename(config("Logging.mount", "start")), over, new SavedGraph())
    expect(refused.error?.code).toBe("SPL-E140")
    expect(refused.error?.context).toMatchObject({ name: "Logging.mount", clashes: [{ file: "src/client.ts", line: 3, reason: "Logging.mount is tied to a declaration of mount in a dependency (node_modules/@acme/query/index.d.ts:3), which keeps its name: the uses through it would break" }] })
    expect(over.text("src/client.ts")).toBe(client)
    expect((await runGraph(rename(config("Logging.size", "count")), over, new SavedGraph())).exit).toBe(0)
  })

  it("TS: renaming an overriding method renames the hierarchy, as TypeScript does, and the check follows it", async () => {
    const mem = new MemoryFs()
    const text = "export abstract class Base {\n  abstract parse(x: string): number\n  run() { return this.parse(\"1\") }\n}\nexport class Sub extends Base {\n  parse(x: string) { return Number(x) }\n}\n"
    mem.put("h.ts", text)
    const r = await runGraph(rename(config("Sub.parse", "decode")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error?.context)).toBe(0)
    expect(mem.text("h.ts")).toBe(text.replaceAll("parse(", "decode("))
  })

  it("renames a method through this.m() and keeps CRLF line endings", async () => {
    const mem = new MemoryFs()
    const text = "export class Box {\r\n  get(k: string) { return k }\r\n  twice(k: string) { return this.get(k) + this.get(k) }\r\n}\r\n"
    mem.put("box.ts", text)
    const r = await runGraph(rename(config("Box.get", "lookup")), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    expect(mem.text("box.ts")).toBe(text.replace("  get(", "  lookup(").replaceAll("this.get(", "this.lookup("))
    const line3 = "  twice(k: string) { return this.get(k) + this.get(k) }"
    expect(r.last["files"]).toEqual([expect.objectContaining({
      file: "box.ts",
      line_ending: "crlf",
      renamed: 3,
      sites: [{ line: 2, col: 3 }, { line: 3, col: line3.indexOf("get") + 1 }, { line: 3, col: line3.lastIndexOf("get") + 1 }]
    })])
  })

  it("renames merged declarations together (an interface and the const of the same name, as zod declares its types)", async () => {
    const mem = new MemoryFs()
    mem.put("schema.ts", "export interface ZodEmail { kind: string }\nexport const ZodEmail = (kind: string): ZodEmail => ({ kind })\n")
    mem.put("use.ts", "import { ZodEmail } from \"./schema\"\nexport const e: ZodEmail = ZodEmail(\"x\")\n")
    const r = await runGraph(rename(config("ZodEmail", "ZodMail", { kind: "interface" })), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    expect(mem.text("schema.ts")).toBe("export interface ZodMail { kind: string }\nexport const ZodMail = (kind: string): ZodMail => ({ kind })\n")
    expect(mem.text("use.ts")).toBe("import { ZodMail } from \"./schema\"\nexport const e: ZodMail = ZodMail(\"x\")\n")
  })

  it("after a rename and its undo, the references are exact again (a refresh reusing a removed symbol's id lost them)", async () => {
    const mem = new MemoryFs()
    mem.put("u.ts", "export namespace util {\n  export type identity<T> = T\n}\nexport namespace objectUtil {\n  export type identity<T> = T\n  export type flatten<T> = identity<{ a: T }>\n}\n")
    const saved = new SavedGraph()
    expect((await runGraph(rename(config("objectUtil.identity", "identityRn")), mem, saved)).exit).toBe(0)
    expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    const r = await runGraph(refsCommand({ name: "objectUtil.identity" }), mem, saved)
    expect(r.last["references"]).toEqual([expect.objectContaining({ file: "u.ts", line: 6, resolution: "exact" })])
    expect(r.last["by_name"]).toEqual([])
  })

  it("--preview shows the combined diff and writes nothing", async () => {
    const mem = project()
    const r = await runGraph(rename(config("parse", "decode", { path: "src/a.ts", preview: true })), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ preview: true, changed: false, would_change: true, would_succeed: true, tx: null })
    expect(String(r.last["diff"])).toContain("--- a/src/b.ts\n+++ b/src/b.ts\n")
    expect(String(r.last["diff"])).toContain("+const table = { parse: decode }\n")
    expect(mem.text("src/a.ts")).toBe(A)
    expect(mem.text("src/b.ts")).toBe(B)
  })

  it("JS CommonJS: `exports.f = f` renames `const { f } = require(...)` and `m.f()` in importers (TypeScript does not follow the export from its side); refs lists them", async () => {
    const mem = new MemoryFs()
    mem.put("lib/sim.js", "function suggestSimilar(word) { return word; }\nexports.suggestSimilar = suggestSimilar;\n")
    mem.put("lib/main.js", "const { suggestSimilar } = require('./sim');\nconst sim = require('./sim');\nconsole.log(suggestSimilar('ok'), sim.suggestSimilar('ok'));\n")
    const refs = await runGraph(refsCommand({ name: "suggestSimilar", kind: "function" }), mem, new SavedGraph())
    expect((refs.last["references"] as Array<{ file: string; line: number }>).map((x) => `${x.file}:${x.line}`)).toEqual(["lib/main.js:1", "lib/main.js:3", "lib/main.js:3", "lib/sim.js:2"])
    const r = await runGraph(rename(config("suggestSimilar", "suggestClosest", { kind: "function" })), mem, new SavedGraph())
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 6, unresolved: [] })
    expect(mem.text("lib/sim.js")).toBe("function suggestClosest(word) { return word; }\nexports.suggestClosest = suggestClosest;\n")
    expect(mem.text("lib/main.js")).toBe("const { suggestClosest } = require('./sim');\nconst sim = require('./sim');\nconsole.log(suggestClosest('ok'), sim.suggestClosest('ok'));\n")
  })
  it("refs of an interface leave out the uses of the namespace of its name, as TypeScript lists them apart (effect's MetricHook.MetricHook.Counter)", async () => {
    const mem = new MemoryFs()
    mem.put("src/MetricHook.ts", "export interface MetricHook { run(): void }\nexport declare namespace MetricHook { type Counter = number }\n")
    mem.put("src/use.ts", "import * as MetricHook from './MetricHook'\nexport const h: MetricHook.MetricHook = { run() {} }\nexport const c: MetricHook.MetricHook.Counter = 1\n")
    const at = (r: { last: Record<string, unknown> }) => (r.last["references"] as Array<{ file: string; line: number; col: number }>).map((x) => `${x.file}:${x.line}`)
    const ns = await runGraph(refsCommand({ name: "MetricHook", kind: "namespace" }), mem, new SavedGraph())
    expect(at(ns)).toEqual(["src/use.ts:3"])
    const iface = await runGraph(refsCommand({ name: "MetricHook", kind: "interface" }), mem, new SavedGraph())
    expect(at(iface)).toEqual(["src/use.ts:2"])
  })
  it("JS CommonJS: `module.exports = { f }` keeps its export name (`{ f: g }`), so importers keep theirs; the uses the graph resolved are listed, not skipped in silence", async () => {
    const mem = new MemoryFs()
    mem.put("lib/sim.js", "function suggestSimilar(word) { return word; }\nmodule.exports = { suggestSimilar };\n")
    const main = "const { suggestSimilar } = require('./sim');\nconsole.log(suggestSimilar('ok'));\n"
    mem.put("lib/main.js", main)
    const r = await runGraph(rename(config("suggestSimilar", "suggestClosest", { kind: "function" })), mem, new SavedGraph())
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 2 })
    expect(r.last["unresolved"]).toEqual([{ file: "lib/main.js", line: 1, col: 9, kind: "import", renamed: false }, { file: "lib/main.js", line: 2, col: 13, kind: "call", renamed: false }])
    expect(mem.text("lib/sim.js")).toBe("function suggestClosest(word) { return word; }\nmodule.exports = { suggestSimilar: suggestClosest };\n")
    expect(mem.text("lib/main.js")).toBe(main)
  })
  it("JS CommonJS: with includeUnresolved, the importers' uses are renamed and the export's key follows (`{ f: f }`, `{ f }`), so the module still works", async () => {
    const mem = new MemoryFs()
    mem.put("utils.js", "var combine = function combine(a, b) { return [a, b]; };\nfunction merge(a) { return a; }\n\nmodule.exports = {\n    combine: combine,\n    'merge': merge,\n    other: { combine: 1 }\n};\n")
    mem.put("main.js", "var utils = require('./utils');\nconsole.log(utils.combine(1, 2), utils.merge(3));\n")
    const r = await runGraph(rename(config("combine", "combineValues", { includeUnresolved: true })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("utils.js")).toContain("module.exports = {\n    combineValues: combineValues,\n    'merge': merge,\n    other: { combine: 1 }\n};\n")
    expect(mem.text("main.js")).toBe("var utils = require('./utils');\nconsole.log(utils.combineValues(1, 2), utils.merge(3));\n")
    const m = await runGraph(rename(config("merge", "join", { includeUnresolved: true })), mem, new SavedGraph())
    expect(m.exit, JSON.stringify(m.error)).toBe(0)
    expect(mem.text("utils.js")).toContain("    'join': join,\n")
    expect(mem.text("main.js")).toBe("var utils = require('./utils');\nconsole.log(utils.combineValues(1, 2), utils.join(3));\n")
    // The shorthand: `{ f }` becomes `{ g }`, and the destructuring importer follows.
    const sh = new MemoryFs({ "lib/sim.js": "function suggestSimilar(word) { return word; }\nmodule.exports = { suggestSimilar };\n", "lib/main.js": "const { suggestSimilar } = require('./sim');\nconsole.log(suggestSimilar('ok'));\n" })
    const s = await runGraph(rename(config("suggestSimilar", "suggestClosest", { kind: "function", includeUnresolved: true })), sh, new SavedGraph())
    expect(s.exit, JSON.stringify(s.error)).toBe(0)
    expect(sh.text("lib/sim.js")).toBe("function suggestClosest(word) { return word; }\nmodule.exports = { suggestClosest };\n")
    expect(sh.text("lib/main.js")).toBe("const { suggestClosest } = require('./sim');\nconsole.log(suggestClosest('ok'));\n")
  })

  it("lists uses known only by name and renames them only with includeUnresolved", async () => {
    const mem = new MemoryFs()
    mem.put("lib.ts", "export class Store {\n  flush() { return 1 }\n}\n")
    mem.put("use.ts", "export const go = (s: any) => s.flush()\n")
    const left = await runGraph(rename(config("flush", "drain", { preview: true })), mem, new SavedGraph())
    expect(left.last["unresolved"]).toEqual([{ file: "use.ts", line: 1, col: 33, kind: "call", renamed: false }])
    expect(left.last["files"]).toEqual([expect.objectContaining({ file: "lib.ts" })])
    const all = await runGraph(rename(config("flush", "drain", { includeUnresolved: true })), mem, new SavedGraph())
    expect(all.exit).toBe(0)
    expect(all.last["unresolved"]).toEqual([{ file: "use.ts", line: 1, col: 33, kind: "call", renamed: true }])
    expect(mem.text("use.ts")).toBe("export const go = (s: any) => s.drain()\n")
    expect(mem.text("lib.ts")).toBe("export class Store {\n  drain() { return 1 }\n}\n")
  })

  it("refuses (SPL-E140, nothing written) a new name a local would capture, one already imported or declared where it lands, or already exported", async () => {
    const cases: Array<[string, string, string]> = [
      ["c.ts", `import { parse } from "./src/a"\nexport function g(decode: number) {\n  return parse(String(decode))\n}\n`, "would no longer refer to it"],
      ["c.ts", `import { parse } from "./src/a"\nconst decode = 1\nexport const q = parse("x") + decode\n`, "imports parse by name, and decode is already the constant decode"],
      ["c.ts", `import { decode } from "./other"\nimport { parse as p } from "./src/a"\nexport const q = p("x") + decode\n`, ""]
    ]
    for (const [file, text, reason] of cases) {
      const mem = project()
      mem.put("other.ts", "export const decode = 0\n")
      mem.put(file, text)
      const r = await runGraph(rename(config("parse", "decode", { path: "src/a.ts" })), mem, new SavedGraph())
      if (reason === "") {
        // An aliased import binds `p`, not the new name: no clash there.
        expect(r.exit, text).toBe(0)
        expect(mem.text(file)).toBe(text.replace("{ parse as p }", "{ decode as p }"))
        continue
      }
      expect(r.error?.code, text).toBe("SPL-E140")
      expect(JSON.stringify(r.error?.context)).toContain(reason)
      expect(mem.text("src/a.ts")).toBe(A)
      expect(mem.text(file)).toBe(text)
    }
    const mem = project()
    const taken = await runGraph(rename(config("parse", "twice", { path: "src/a.ts" })), mem, new SavedGraph())
    expect(taken.error?.code).toBe("SPL-E140")
    expect(taken.error?.context).toMatchObject({ clashes: [{ file: "src/a.ts", name: "twice", reason: "twice is already the function twice (line 6) in src/a.ts" }] })
    const member = new MemoryFs()
    member.put("box.ts", "export class Box {\n  get() { return 1 }\n  put() { return this.get() }\n}\n")
    const m = await runGraph(rename(config("Box.get", "put")), member, new SavedGraph())
    expect(m.error?.code).toBe("SPL-E140")
    expect(m.error?.context).toMatchObject({ clashes: [{ file: "box.ts", line: 3, reason: "Box already has a member put (line 3)" }] })
  })

  it("one refusal (SPL-E140) lists the clashes of every file, not only the first file's (TypeScript and Python)", async () => {
    const mem = project()
    const c = `import { parse } from "./src/a"\nexport function g(decode: number) {\n  return parse(String(decode))\n}\n`
    const d = `import { parse } from "./src/a"\nexport const h = (decode: string) => parse(decode)\n`
    mem.put("c.ts", c)
    mem.put("d.ts", d)
    const r = await runGraph(rename(config("parse", "decode", { path: "src/a.ts" })), mem, new SavedGraph())
    expect(r.error?.code).toBe("SPL-E140")
    expect(r.error?.message).toMatch(/\(and \d+ more\); nothing written$/)
    const files = (r.error?.context?.["clashes"] as Array<{ file: string }>).map((k) => k.file)
    expect([...new Set(files)].sort()).toEqual(["c.ts", "d.ts"])
    expect([mem.text("src/a.ts"), mem.text("c.ts"), mem.text("d.ts")]).toEqual([A, c, d])

    const py = new MemoryFs({
      "m.py": "def size(x):\n    return 1\n",
      "a.py": "from m import size\n\n\ndef f(count):\n    return size(count)\n",
      "b.py": "from m import size\n\n\ndef g(count):\n    return size(count) + 1\n"
    })
    const p = await runGraph(rename(config("size", "count")), py, new SavedGraph())
    expect(p.error?.code).toBe("SPL-E140")
    expect((p.error?.context?.["clashes"] as Array<{ file: string }>).map((k) => k.file).sort()).toEqual(["a.py", "b.py"])
    expect(py.text("a.py")).toBe("from m import size\n\n\ndef f(count):\n    return size(count)\n")
  })

  it("TS: renaming a namespace (zod's `util`) or its member renames `util.InexactPartial<P>`; the members read through that type (`p?.async`) keep their meaning: no SPL-E140", async () => {
    const ns = "export namespace util {\n  export type InexactPartial<T> = { [k in keyof T]?: T[k] | undefined }\n}\n"
    const use = "import { util } from \"./helpers\"\ninterface Params { async: boolean }\nexport const f = (p?: util.InexactPartial<Params>) => p?.async ?? false\n"
    for (const [symbol, to, from, into] of [["util", "utilRn", "util", "utilRn"], ["util.InexactPartial", "Partial2", "InexactPartial", "Partial2"]] as const) {
      const mem = new MemoryFs({ "helpers.ts": ns, "use.ts": use })
      for (const [engine, used] of [["auto", "typescript"], ["graph", "graph"]] as const) {
        const r = await runGraph(rename(config(symbol, to, { engine, preview: true })), mem, new SavedGraph())
        expect(r.exit, `${symbol} (${engine}): ${JSON.stringify(r.error)}`).toBe(0)
        expect(r.last).toMatchObject({ engine: used, renamed: symbol === "util" ? 3 : 2 })
      }
      const r = await runGraph(rename(config(symbol, to)), mem, new SavedGraph())
      expect(r.exit).toBe(0)
      expect(mem.text("helpers.ts")).toBe(ns.replace(from, into))
      expect(mem.text("use.ts")).toBe(symbol === "util" ? use.replaceAll("util", "utilRn") : use.replace("InexactPartial", "Partial2"))
    }
    // A real capture through the same path: inside Outer, `utilRn.InexactPartial` would be Outer's, and `p?.async` its member.
    const captured = "import { util } from \"./helpers\"\ninterface Params { async: boolean }\nexport namespace Outer {\n  export namespace utilRn { export type InexactPartial<T> = { async: string } }\n  export const f = (p?: util.InexactPartial<Params>) => p?.async\n}\n"
    const mem = new MemoryFs({ "helpers.ts": ns, "use.ts": captured })
    const r = await runGraph(rename(config("util", "utilRn")), mem, new SavedGraph())
    expect(r.error?.code).toBe("SPL-E140")
    expect(r.error?.context).toMatchObject({ clashes: expect.arrayContaining([expect.objectContaining({ file: "use.ts", line: 5, name: "async", reason: "async here refers to a member of util.InexactPartial from ./helpers; after the rename async would refer to the declaration Outer.utilRn.InexactPartial.async" })]) })
    expect(mem.text("helpers.ts")).toBe(ns)
    expect(mem.text("use.ts")).toBe(captured)
  })

  it("TS: a file that declares its own symbol of the renamed one's name (effect's Schema.ts `Option` beside `option_.Option`) keeps it: its uses are no SPL-E140", async () => {
    const a = "export namespace Box {\n  export const size = 1\n}\n"
    const b = "import * as a from \"./a\"\nexport namespace Box {\n  export const twice = a.Box.size * 2\n}\nexport const n = Box.twice\n"
    for (const engine of ["auto", "graph"] as const) {
      const mem = new MemoryFs({ "a.ts": a, "b.ts": b })
      const r = await runGraph(rename(config("Box", "Crate", { path: "a.ts", engine })), mem, new SavedGraph())
      expect(r.exit, `${engine}: ${JSON.stringify(r.error)}`).toBe(0)
      expect(r.last).toMatchObject({ renamed: 2 })
      expect(mem.text("a.ts")).toBe(a.replace("Box", "Crate"))
      expect(mem.text("b.ts")).toBe(b.replace("a.Box", "a.Crate"))
    }
  })

  it("refuses a reserved word or a non-identifier (SPL-E141), an unknown name with did-you-mean (SPL-E001), an ambiguous one with candidates (SPL-E002), and the same name (SPL-E010)", async () => {
    const mem = project()
    const saved = new SavedGraph()
    expect((await runGraph(rename(config("parse", "class", { path: "src/a.ts" })), mem, saved)).error).toMatchObject({ code: "SPL-E141", context: { language: "typescript" } })
    expect((await runGraph(rename(config("parse", "two words", { path: "src/a.ts" })), mem, saved)).error?.code).toBe("SPL-E141")
    const unknown = await runGraph(rename(config("prase", "x")), mem, saved)
    expect(unknown.error).toMatchObject({ code: "SPL-E001", context: { did_you_mean: expect.arrayContaining(["parse"]) } })
    // `parse` names the top-level function over the method Box.parse (as refs does); two top-level ones are ambiguous.
    mem.put("src/c.ts", "export const parse = 1\n")
    const ambiguous = await runGraph(rename(config("parse", "decode")), mem, saved)
    expect(ambiguous.error?.code).toBe("SPL-E002")
    expect((ambiguous.error?.context as { candidates: Array<{ file: string }> }).candidates.map((c) => c.file)).toEqual(["src/a.ts", "src/b.ts", "src/c.ts"])
    expect((await runGraph(rename(config("parse", "parse", { path: "src/a.ts" })), mem, saved)).error?.code).toBe("SPL-E010")
    expect(mem.text("src/a.ts")).toBe(A)
  })

  it("a full disk while writing the second file rolls the first back (SPL-E081)", async () => {
    const mem = project()
    mem.faults.push({ op: "write", path: "src/b.ts", errno: "ENOSPC" })
    const r = await runGraph(rename(config("parse", "decode", { path: "src/a.ts" })), mem, new SavedGraph())
    expect(r.error?.code).toBe("SPL-E081")
    expect(mem.text("src/a.ts")).toBe(A)
    expect(mem.text("src/b.ts")).toBe(B)
  })

  it("Python: the definition, calls and the name in `from … import (…)` statements", async () => {
    const mem = new MemoryFs()
    mem.put("pkg/__init__.py", "")
    mem.put("pkg/util.py", "def scale(x, k=2):\n    return x * k\n\n\ndef double(x):\n    return scale(x)\n")
    mem.put("pkg/main.py", "from pkg.util import (\n    double,\n    scale,\n)\nfrom pkg import util\n\nprint(scale(3), util.scale(4), double(5))\n")
    const r = await runGraph(rename(config("scale", "stretch")), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    expect(mem.text("pkg/util.py")).toBe("def stretch(x, k=2):\n    return x * k\n\n\ndef double(x):\n    return stretch(x)\n")
    expect(mem.text("pkg/main.py")).toBe("from pkg.util import (\n    double,\n    stretch,\n)\nfrom pkg import util\n\nprint(stretch(3), util.stretch(4), double(5))\n")
  })

  it("Python: a class attribute its methods also assign (`level = 0`, `self.level = v`) is renamed with every self./cls. use in the class; a same-named attribute of another class is left", async () => {
    const py = "class Conn:\n    level = 0\n\n    def set_level(self, v):\n        self.level = v\n\n    @classmethod\n    def reset(cls):\n        cls.level = 0\n\n    def send(self):\n        return self.level > 0\n\n\nclass Other:\n    def __init__(self):\n        self.level = 1\n"
    const mem = new MemoryFs({ "conn.py": py })
    const r = await runGraph(rename(config("Conn.level", "_level")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("conn.py")).toBe(py.replace(/level = 0\n\n    def set/, "_level = 0\n\n    def set").replace("self.level = v", "self._level = v").replace("cls.level = 0", "cls._level = 0").replace("self.level > 0", "self._level > 0"))
    expect(mem.text("conn.py")).toContain("class Other:\n    def __init__(self):\n        self.level = 1\n")
  })

  it("Python and Go: refuses (SPL-E140, nothing written) a new name a parameter or local would capture, or that the file already uses as a builtin; a builtin's name elsewhere is no clash", async () => {
    const py = "def _has_surrogates(s):\n    return False\n\n\ndef fold(value):\n    if _has_surrogates(value):\n        return None\n    return len(value)\n"
    for (const [to, line, reason] of [["value", 6, /value is a local there/], ["len", 8, /len is already used there/]] as const) {
      const mem = new MemoryFs({ "m.py": py })
      const r = await runGraph(rename(config("_has_surrogates", to)), mem, new SavedGraph())
      expect(r.error?.code).toBe("SPL-E140")
      expect(r.error?.context?.["clashes"]).toEqual([expect.objectContaining({ file: "m.py", line, name: to, reason: expect.stringMatching(reason) })])
      expect(mem.text("m.py")).toBe(py)
    }
    // An importer that reaches it through its module: its own len(…) is still the builtin.
    const mem = new MemoryFs({ "m.py": "def size(x):\n    return 1\n", "use.py": "import m\n\n\ndef f(v):\n    return m.size(v) + len(v)\n" })
    const ok = await runGraph(rename(config("size", "len")), mem, new SavedGraph())
    expect(ok.exit, JSON.stringify(ok.error)).toBe(0)
    expect(mem.text("use.py")).toBe("import m\n\n\ndef f(v):\n    return m.len(v) + len(v)\n")
    if (!hasGo()) return
    const go = "package geo\n\nfunc scale(x int) int { return x }\n\nfunc apply(factor int) int {\n\treturn scale(factor)\n}\n"
    const gm = new MemoryFs({ "go.mod": "module example.com/m\n\ngo 1.19\n", "geo/geo.go": go })
    const g = await runGraph(rename(config("scale", "factor")), gm, new SavedGraph())
    expect(g.error?.code).toBe("SPL-E140")
    expect(g.error?.message).toMatch(/geo\/geo.go:6: factor is a local there/)
    expect(gm.text("geo/geo.go")).toBe(go)
    // A method's new name is never a bare name: the package's own func of that name is no clash.
    const withMethod = "package geo\n\ntype T struct{}\n\nfunc (t T) Size() int { return 1 }\n\nfunc Len() int { return 2 }\n\nfunc use(t T) int {\n\treturn t.Size() + Len()\n}\n"
    const mm = new MemoryFs({ "go.mod": "module example.com/m\n\ngo 1.19\n", "geo/geo.go": withMethod })
    const m = await runGraph(rename(config("T.Size", "Len")), mm, new SavedGraph())
    expect(m.exit, JSON.stringify(m.error)).toBe(0)
    expect(mm.text("geo/geo.go")).toBe(withMethod.replace("T) Size()", "T) Len()").replace("t.Size()", "t.Len()"))
  })

  it("Python: a name listed in __all__ (its module's, and a package's that re-exports it) is renamed there; another module's list and other strings are not", async () => {
    const mem = new MemoryFs({
      "pkg/__init__.py": "from pkg.shl import quote\n\n__all__ = ['quote']\n",
      "pkg/shl.py": "__all__ = [\"split\",\n           \"quote\",  # kept\n           ]\n__all__ += ('quote',)\n__all__.append(\"quote\")\n\n\ndef split(s):\n    return s\n\n\ndef quote(s):\n    return \"quote\" + s\n",
      "other.py": "__all__ = ['quote']\n\n\ndef quote(s):\n    return s\n"
    })
    const r = await runGraph(rename(config("quote", "escape", { path: "pkg/shl.py" })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("pkg/shl.py")).toBe("__all__ = [\"split\",\n           \"escape\",  # kept\n           ]\n__all__ += ('escape',)\n__all__.append(\"escape\")\n\n\ndef split(s):\n    return s\n\n\ndef escape(s):\n    return \"quote\" + s\n")
    expect(mem.text("pkg/__init__.py")).toBe("from pkg.shl import escape\n\n__all__ = ['escape']\n")
    expect(mem.text("other.py")).toBe("__all__ = ['quote']\n\n\ndef quote(s):\n    return s\n")
  })

  it("Python: a re-export in a package's __init__.py and the imports through it; not another module's name of the same spelling", async () => {
    const mem = new MemoryFs()
    mem.put("pkg/__init__.py", "from pkg.util import scale, double\n")
    mem.put("pkg/util.py", "def scale(x):\n    return x * 2\n\n\ndef double(x):\n    return scale(x)\n")
    mem.put("pkg/other.py", "def scale(x):\n    return x\n")
    mem.put("app.py", "from pkg import scale\nprint(scale(1))\n")
    // util.scale() here is the renamed function; the imported scale is pkg.other's, which stays.
    mem.put("mixed.py", "from pkg import util\nfrom pkg.other import scale\nprint(util.scale(2), scale(3))\n")
    const r = await runGraph(rename(config("scale", "stretch", { path: "pkg/util.py" })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("pkg/__init__.py")).toBe("from pkg.util import stretch, double\n")
    expect(mem.text("pkg/util.py")).toBe("def stretch(x):\n    return x * 2\n\n\ndef double(x):\n    return stretch(x)\n")
    expect(mem.text("app.py")).toBe("from pkg import stretch\nprint(stretch(1))\n")
    expect(mem.text("mixed.py")).toBe("from pkg import util\nfrom pkg.other import scale\nprint(util.stretch(2), scale(3))\n")
    expect(mem.text("pkg/other.py")).toBe("def scale(x):\n    return x\n")
  })

  it("Python: a method's rename leaves an imported function of the same name alone", async () => {
    const mem = new MemoryFs()
    mem.put("helpers.py", "def get(k):\n    return k\n")
    mem.put("box.py", "from helpers import get\n\n\nclass Box:\n    def get(self, k):\n        return get(k)\n\n    def twice(self, k):\n        return self.get(k) + self.get(k)\n")
    const r = await runGraph(rename(config("Box.get", "fetch")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("box.py")).toBe("from helpers import get\n\n\nclass Box:\n    def fetch(self, k):\n        return get(k)\n\n    def twice(self, k):\n        return self.fetch(k) + self.fetch(k)\n")
  })

  it("Python: a method's uses the graph cannot resolve (on a value of unknown type, a subscript's) are listed as unresolved, and renamed with includeUnresolved; on a call's result it is resolved", async () => {
    const src = "class A:\n    def size(self):\n        return 1\n\n    def twice(self):\n        return 2 * self.size()\n\n\ndef report(box):\n    return box.size()\n\n\ndef direct():\n    a = A()\n    return a.size() + A().size()\n"
    const mem = new MemoryFs({ "shapes.py": src, "other.py": "def count(items):\n    return items[0].size\n" })
    const r = await runGraph(rename(config("A.size", "volume")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    // A().size() is resolved (a call's result: the class it constructs); box.size() and items[0].size are not.
    expect(r.last["unresolved"]).toEqual([
      { file: "other.py", line: 2, col: 21, kind: "text", renamed: false },
      { file: "shapes.py", line: 10, col: 16, kind: "text", renamed: false }
    ])
    expect(mem.text("shapes.py")).toBe(src.replace("def size", "def volume").replace("self.size()", "self.volume()").replace("a.size() + A().size()", "a.volume() + A().volume()"))
    // Human output lists the first 40 and says how many more the JSON holds.
    const many = new MemoryFs({ "shapes.py": src, "many.py": Array.from({ length: 45 }, (_, i) => `def f${i}(x):\n    return x.size()\n`).join("\n\n") })
    const listed = await runGraph(rename(config("A.size", "volume", { preview: true })), many, new SavedGraph())
    expect((listed.last["unresolved"] as unknown[]).length).toBe(46)
    expect(listed.human).toContain("46 use(s) known only by name left as they are")
    expect(listed.human.match(/^ {2}\S+:\d+:\d+ {2}text$/gm)).toHaveLength(40)
    expect(listed.human).toContain("… and 6 more (the JSON result lists every one)")
    const both = new MemoryFs({ "shapes.py": src, "other.py": "def count(items):\n    return items[0].size\n" })
    const all = await runGraph(rename(config("A.size", "volume", { includeUnresolved: true })), both, new SavedGraph())
    expect(all.exit, JSON.stringify(all.error)).toBe(0)
    expect((all.last["unresolved"] as Array<{ renamed: boolean }>).map((u) => u.renamed)).toEqual([true, true])
    expect(both.text("shapes.py")).toBe(src.replaceAll("size", "volume"))
    expect(both.text("other.py")).toBe("def count(items):\n    return items[0].volume\n")
  })

  it("Python: a variable assigned in several places (both branches of an if, a function declaring it global, another module through the module's name, self.x in each method) is renamed at every assignment", async () => {
    const mem = new MemoryFs()
    const settings = "import os\n\nif os.name == \"nt\":\n    cache_dir = \"C:/cache\"\nelse:\n    cache_dir = \"~/.cache\"\n\n\ndef reset():\n    global cache_dir\n    cache_dir = None\n\n\ndef local():\n    cache_dir = 1\n    return cache_dir\n\n\nprint(cache_dir)\n"
    mem.put("settings.py", settings)
    const r = await runGraph(rename(config("cache_dir", "cache_path")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    // The local of local() is another variable: it stays.
    expect(mem.text("settings.py")).toBe(settings.replaceAll("cache_dir", "cache_path").replace("cache_path = 1\n    return cache_path", "cache_dir = 1\n    return cache_dir"))
    // Assigned through the module from another file.
    mem.put("main.py", "import settings\n\nsettings.cache_path = \"/tmp\"\nprint(settings.cache_path)\n")
    const m = await runGraph(rename(config("cache_path", "cache_root")), mem, new SavedGraph())
    expect(m.exit, JSON.stringify(m.error)).toBe(0)
    expect(mem.text("main.py")).toBe("import settings\n\nsettings.cache_root = \"/tmp\"\nprint(settings.cache_root)\n")
    const counter = "class Counter:\n    def __init__(self):\n        self.count = 0\n\n    def bump(self):\n        self.count = self.count + 1\n"
    mem.put("counter.py", counter)
    const c = await runGraph(rename(config("Counter.count", "total")), mem, new SavedGraph())
    expect(c.exit, JSON.stringify(c.error)).toBe(0)
    expect(mem.text("counter.py")).toBe(counter.replaceAll("self.count", "self.total"))
  })

  it("TS: an import through a `paths` alias that only a config the tsconfig extends declares is renamed", async () => {
    const mem = new MemoryFs()
    tsconfigMonorepo(mem)
    const r = await runGraph(rename(config("area", "surface", { path: "packages/geo/src/area.ts" })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 3 })
    expect(mem.text("packages/app/src/main.ts")).toBe(MAIN.replaceAll("area(", "surface(").replace("{ area }", "{ surface }"))
  })

  it("Rust: a name used inside a macro_rules! body is listed as unresolved (kind text) and renamed with includeUnresolved; a $metavariable of that name is not", async () => {
    const src = "fn divmod100(n: u32) -> (u32, u32) {\n    (n / 100, n % 100)\n}\n\nmacro_rules! split {\n    ($divmod100:expr) => {\n        divmod100($divmod100)\n    };\n}\n\npub fn f() -> u32 {\n    divmod100(7).0 + split!(5).1\n}\n"
    const mem = new MemoryFs({ "Cargo.toml": "[package]\nname = \"m\"\nversion = \"0.1.0\"\n", "src/lib.rs": src })
    const left = await runGraph(rename(config("divmod100", "div_rem", { preview: true })), mem, new SavedGraph())
    expect(left.last).toMatchObject({ unresolved: [{ file: "src/lib.rs", line: 7, col: 9, kind: "text", renamed: false }] })
    const r = await runGraph(rename(config("divmod100", "div_rem", { includeUnresolved: true })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("src/lib.rs")).toBe(src.replace("fn divmod100", "fn div_rem").replace("        divmod100(", "        div_rem(").replace("    divmod100(7)", "    div_rem(7)"))
  })

  it("Go: an exported function and its package-qualified calls in another package", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    mem.put("geo/point.go", "package geo\n\nfunc NewPoint(x int) int { return x }\n")
    mem.put("main.go", "package main\n\nimport \"example.com/m/geo\"\n\nfunc main() { _ = geo.NewPoint(1) }\n")
    const r = await runGraph(rename(config("NewPoint", "MakePoint")), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    expect(mem.text("geo/point.go")).toBe("package geo\n\nfunc MakePoint(x int) int { return x }\n")
    expect(mem.text("main.go")).toBe("package main\n\nimport \"example.com/m/geo\"\n\nfunc main() { _ = geo.MakePoint(1) }\n")
  })

  it("Go: a struct field is a symbol (Box.Size): its reads on values of known type (a receiver, a parameter, a call's result) and struct literal keys are renamed; a same-named map key and another struct's field are not", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    mem.put("geo/box.go", "package geo\n\ntype Box struct {\n\tSize  int\n\tlabel string\n}\n\ntype Other struct{ Size int }\n\ntype Counts map[string]int\n\nfunc (b *Box) Area() int { return b.Size * b.Size }\n\nfunc NewBox() *Box { return &Box{Size: 2, label: \"x\"} }\n")
    mem.put("geo/use.go", "package geo\n\nvar Size = \"k\"\n\nfunc Use(o Other) int {\n\tb := NewBox()\n\tc := Counts{Size: 1}\n\treturn b.Size + o.Size + c[Size]\n}\n")
    const refs = await runGraph(refsCommand({ name: "Box.Size" }), mem, new SavedGraph())
    expect((refs.last["references"] as Array<{ file: string; line: number }>).map((x) => `${x.file}:${x.line}`)).toEqual(["geo/box.go:12", "geo/box.go:12", "geo/box.go:14", "geo/use.go:8"])
    const r = await runGraph(rename(config("Box.Size", "Width")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("geo/box.go")).toBe("package geo\n\ntype Box struct {\n\tWidth  int\n\tlabel string\n}\n\ntype Other struct{ Size int }\n\ntype Counts map[string]int\n\nfunc (b *Box) Area() int { return b.Width * b.Width }\n\nfunc NewBox() *Box { return &Box{Width: 2, label: \"x\"} }\n")
    expect(mem.text("geo/use.go")).toBe("package geo\n\nvar Size = \"k\"\n\nfunc Use(o Other) int {\n\tb := NewBox()\n\tc := Counts{Size: 1}\n\treturn b.Width + o.Size + c[Size]\n}\n")
  })

  it("Go: a field of a test table's anonymous struct (TestSplit.tests.in) is renamed at its literal keys and its reads through the range variable; another table's field of that name is not", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    const test = [
      "package m",
      "",
      "func TestSplit(t *T) {",
      "\ttests := []struct {",
      "\t\tin   string",
      "\t\twant int",
      "\t}{",
      "\t\t{in: \"a\", want: 1},",
      "\t\t{in: \"b\", want: 2},",
      "\t}",
      "\tfor _, tt := range tests {",
      "\t\tcheck(tt.in, tt.want)",
      "\t}",
      "\tfor _, tt := range []struct{ in string }{{in: \"c\"}} {",
      "\t\tcheck(tt.in, 0)",
      "\t}",
      "}",
      "",
      "type T struct{}",
      "",
      "func check(s string, n int) {}",
      ""
    ].join("\n")
    mem.put("m_test.go", test)
    const saved = new SavedGraph()
    const refs = await runGraph(refsCommand({ name: "TestSplit.tests.in" }), mem, saved)
    expect((refs.last["references"] as Array<{ line: number; col: number }>).map((x) => `${x.line}:${x.col}`)).toEqual(["8:4", "9:4", "12:12"])
    const r = await runGraph(rename(config("TestSplit.tests.in", "input")), mem, saved)
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("m_test.go")).toBe(test.replace("\t\tin   string", "\t\tinput   string").replace(/\{in: "([ab])"/g, "{input: \"$1\"").replace("check(tt.in, tt.want)", "check(tt.input, tt.want)"))
    expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect(mem.text("m_test.go")).toBe(test)
  })

  it("Go: a type named in a parameter list whose parameter has the same name (func f(kind kind)) is renamed there too", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    const text = "package fcgi\n\ntype recType uint8\n\nfunc write(recType recType, n int) recType {\n\treturn recType + 1\n}\n"
    mem.put("fcgi/fcgi.go", text)
    const r = await runGraph(rename(config("recType", "kind", { kind: "type" })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("fcgi/fcgi.go")).toBe("package fcgi\n\ntype kind uint8\n\nfunc write(recType kind, n int) kind {\n\treturn recType + 1\n}\n")
  })

  it("Go: calls on range variables (a slice, a variadic parameter, a map's values, a channel) are renamed with a tied method; a receiver of unknown type is listed as unresolved", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    const src = "package shapes\n\ntype Shape interface{ Area() float64 }\n\ntype Rect struct{ W, H float64 }\n\nfunc (r Rect) Area() float64 { return r.W * r.H }\n\ntype Box struct{ inner Shape }\n\n" +
      "func Many(ss []Shape, more ...Shape) (t float64) {\n\tfor _, s := range ss {\n\t\tt += s.Area()\n\t}\n\tfor _, s := range more {\n\t\tt += s.Area()\n\t}\n" +
      "\tm := map[string]Shape{}\n\tfor _, s := range m {\n\t\tt += s.Area()\n\t}\n\tc := make(chan Shape)\n\tfor s := range c {\n\t\tt += s.Area()\n\t}\n\tvar b Box\n\tt += b.inner.Area()\n\treturn\n}\n"
    mem.put("shapes/shapes.go", src)
    const r = await runGraph(rename(config("Rect.Area", "Size")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last).toMatchObject({ renamed: 6, tied: [{ qualified_name: "Shape.Area" }], unresolved: [{ file: "shapes/shapes.go", line: 27, col: 15, kind: "call", renamed: false }] })
    expect(mem.text("shapes/shapes.go")).toBe(src.replaceAll("Area()", "Size()").replace("b.inner.Size()", "b.inner.Area()"))
  })
  it("Go: a method tied to an interface renames the interface's method, every implementation's and their calls together; undo takes all back", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    const api = "package web\n\ntype Request struct{}\n\n// Handler answers a request.\ntype Handler interface {\n\tServeHTTP(w Writer, r *Request)\n}\n\ntype Writer interface {\n\tWriteHeader(code int)\n}\n\nfunc Serve(h Handler) { h.ServeHTTP(nil, &Request{}) }\n"
    const impl = "package web\n\ntype home struct{}\n\nfunc (h *home) ServeHTTP(w Writer, r *Request) {}\n\ntype other int\n\n// other's method has another signature: not tied.\nfunc (o other) ServeHTTP(w Writer) {}\n"
    const app = "package main\n\nimport \"example.com/m/web\"\n\ntype api struct{}\n\nfunc (a api) ServeHTTP(web.Writer, *web.Request) {}\n\nfunc main() {\n\tvar a api\n\ta.ServeHTTP(nil, nil)\n\tweb.Serve(a)\n}\n"
    mem.put("web/api.go", api)
    mem.put("web/impl.go", impl)
    mem.put("main.go", app)
    const saved = new SavedGraph()
    const r = await runGraph(rename(config("home.ServeHTTP", "Serve")), mem, saved)
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last).toMatchObject({ tied: [{ qualified_name: "Handler.ServeHTTP", file: "web/api.go", line: 7 }, { qualified_name: "api.ServeHTTP", file: "main.go", line: 7 }] })
    expect(mem.text("web/api.go")).toBe(api.replace("\tServeHTTP(", "\tServe(").replace("h.ServeHTTP(", "h.Serve("))
    expect(mem.text("web/impl.go")).toBe(impl.replace("(h *home) ServeHTTP", "(h *home) Serve"))
    expect(mem.text("main.go")).toBe(app.replaceAll("ServeHTTP", "Serve"))
    expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect([mem.text("web/api.go"), mem.text("web/impl.go"), mem.text("main.go")]).toEqual([api, impl, app])

    // From the interface's side: the same group. A tied type that already has a method of the new name: SPL-E140, nothing written.
    mem.put("web/impl.go", impl + "\nfunc (h *home) Serve() {}\n")
    const clash = await runGraph(rename(config("Handler.ServeHTTP", "Serve")), mem, new SavedGraph())
    expect(clash.error).toMatchObject({ code: "SPL-E140", context: { clashes: [{ file: "web/impl.go", name: "Serve", reason: expect.stringContaining("home already has a method Serve") }] } })
    expect(mem.text("web/api.go")).toBe(api)
  })

  it.skipIf(!fs.existsSync("/usr/lib/go") && process.env.GOROOT === undefined && !hasGo())("Go: a method that makes a type satisfy an interface of the standard library the workspace names (io.Writer) is SPL-E140 naming both, nothing written", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    const text = "package log\n\nimport \"io\"\n\ntype sink struct{}\n\nfunc (s *sink) Write(p []byte) (n int, err error) { return len(p), nil }\n\nfunc (s *sink) Flush() {}\n\nvar out io.Writer = &sink{}\n"
    mem.put("log/sink.go", text)
    const r = await runGraph(rename(config("sink.Write", "Put")), mem, new SavedGraph())
    expect(r.error).toMatchObject({ code: "SPL-E140", context: { name: "sink.Write", clashes: [{ name: "io.Writer", reason: expect.stringMatching(/tied to io\.Writer\.Write outside the workspace \(.*src\/io\/io\.go:\d+\), which keeps its name: sink would no longer satisfy io\.Writer/) }] } })
    expect(mem.text("log/sink.go")).toBe(text)
    // A method no interface declares is renamed alone.
    expect((await runGraph(rename(config("sink.Flush", "Sync")), mem, new SavedGraph())).exit).toBe(0)
  })

  it("Go: a struct satisfies an interface through what it embeds (a pointer to a workspace type, io.Writer): its method is tied too", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    const pool = "package pool\n\nimport \"io\"\n\ntype Pool interface {\n\tGet(key string) (int, error)\n\tMarkDead(key string)\n}\n\ntype basePool struct{}\n\nfunc (p *basePool) Get(key string) (int, error) { return 0, nil }\nfunc (p *basePool) MarkDead(key string)          {}\n\ntype noDial struct{ *basePool }\n\nfunc (p noDial) Get(key string) (int, error) { return 1, nil }\n\ntype Writer interface {\n\tWrite(p []byte) (int, error)\n\tWriteHeader(code int)\n}\n\ntype plain struct {\n\tio.Writer\n\tcode int\n}\n\nfunc (w *plain) WriteHeader(code int) { w.code = code }\n\nvar _ Pool = noDial{}\nvar _ Writer = &plain{}\n"
    mem.put("pool/pool.go", pool)
    const get = await runGraph(rename(config("Pool.Get", "Fetch")), mem, new SavedGraph())
    expect(get.exit, JSON.stringify(get.error)).toBe(0)
    expect(get.last).toMatchObject({ tied: [{ qualified_name: "basePool.Get" }, { qualified_name: "noDial.Get" }] })
    const header = await runGraph(rename(config("Writer.WriteHeader", "Status")), mem, new SavedGraph())
    expect(header.exit, JSON.stringify(header.error)).toBe(0)
    expect(header.last).toMatchObject({ tied: [{ qualified_name: "plain.WriteHeader" }] })
    expect(mem.text("pool/pool.go")).toBe(pool.replaceAll("Get(key", "Fetch(key").replaceAll("WriteHeader(code", "Status(code"))
  })

  it("Go: Error() string makes a type an error, whose method keeps its name: SPL-E140", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    const text = "package fail\n\ntype oops struct{}\n\nfunc (oops) Error() string { return \"oops\" }\n"
    mem.put("fail/oops.go", text)
    const r = await runGraph(rename(config("oops.Error", "Message")), mem, new SavedGraph())
    expect(r.error).toMatchObject({ code: "SPL-E140", context: { clashes: [{ name: "error", reason: "oops.Error is tied to error.Error outside the workspace (predeclared), which keeps its name: oops would no longer satisfy error" }] } })
    expect(mem.text("fail/oops.go")).toBe(text)
  })

  it("splice case: the old name in another case style, renamed everywhere; kebab is not a TypeScript identifier (SPL-E141); already in that case (SPL-E010)", async () => {
    const mem = new MemoryFs()
    mem.put("cfg.ts", "export const max_retries = 3\nexport const twice = max_retries * 2\n")
    mem.put("use.ts", "import { max_retries } from \"./cfg\"\nexport const n = max_retries\n")
    const r = await runGraph(rename(config("max_retries", "", { to: { style: "screaming" } }), "case"), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ command: "case", new_name: "MAX_RETRIES", renamed: 4 })
    expect(mem.text("cfg.ts")).toBe("export const MAX_RETRIES = 3\nexport const twice = MAX_RETRIES * 2\n")
    expect(mem.text("use.ts")).toBe("import { MAX_RETRIES } from \"./cfg\"\nexport const n = MAX_RETRIES\n")
    expect((await runGraph(rename(config("MAX_RETRIES", "", { to: { style: "kebab" } }), "case"), mem, new SavedGraph())).error).toMatchObject({ code: "SPL-E141", context: { new_name: "max-retries" } })
    expect((await runGraph(rename(config("MAX_RETRIES", "", { to: { style: "screaming" } }), "case"), mem, new SavedGraph())).error).toMatchObject({ code: "SPL-E010", message: "MAX_RETRIES is already in screaming case" })
  })
})
