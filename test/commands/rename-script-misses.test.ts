/**
 * `splice rename` of TS/JS symbols where TypeScript's own rename leaves the program broken or the
 * published types stale: on the memory layers, with the real TypeScript LanguageService.
 */
import { describe, expect, it } from "vitest"
import { rename, type RenameConfig } from "../../src/commands/rename.js"
import { undo } from "../../src/commands/undo.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"

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

describe("rename: a JS module and its hand-written declaration file", () => {
  const JS = "export function makeThing(n) { return n * 2 }\nexport const other = makeThing(1)\nexport class Queue {\n  dequeue() { return 1 }\n  drain() { return this.dequeue() }\n}\n"
  const DTS = "export declare function makeThing(n: number): number;\nexport declare const other: number;\nexport declare class Queue {\n  dequeue(): number;\n  drain(): number;\n}\n"
  const USE = "import { makeThing, Queue } from \"./index.js\"\nexport const y = makeThing(3) + new Queue().dequeue()\n"
  const project = () => new MemoryFs({ "package.json": "{ \"name\": \"m\", \"type\": \"module\", \"main\": \"index.js\", \"types\": \"index.d.ts\" }\n", "index.js": JS, "index.d.ts": DTS, "use.ts": USE })

  it("renaming the function in the .js renames its declaration in the .d.ts and the importers (which read the .d.ts); undo restores all three", async () => {
    const mem = project()
    const saved = new SavedGraph()
    const r = await runGraph(rename(config("makeThing", "buildThing", { path: "index.js" })), mem, saved)
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("index.js")).toBe(JS.replaceAll("makeThing", "buildThing"))
    expect(mem.text("index.d.ts")).toBe(DTS.replace("makeThing", "buildThing"))
    expect(mem.text("use.ts")).toBe(USE.replaceAll("makeThing", "buildThing"))
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 5, unresolved: [] })
    expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect([mem.text("index.js"), mem.text("index.d.ts"), mem.text("use.ts")]).toEqual([JS, DTS, USE])
  })

  it("renaming a method in the .d.ts renames the class's method in the .js (and the other way round)", async () => {
    const mem = project()
    const r = await runGraph(rename(config("Queue.dequeue", "shift", { path: "index.d.ts" })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("index.js")).toBe(JS.replaceAll("dequeue", "shift"))
    expect(mem.text("index.d.ts")).toBe(DTS.replace("dequeue", "shift"))
    expect(mem.text("use.ts")).toBe(USE.replace("dequeue", "shift"))
    const back = await runGraph(rename(config("Queue.shift", "dequeue", { path: "index.js" })), mem, new SavedGraph())
    expect(back.exit, JSON.stringify(back.error)).toBe(0)
    expect([mem.text("index.js"), mem.text("index.d.ts"), mem.text("use.ts")]).toEqual([JS, DTS, USE])
  })

  it("pairs a package's `main` with its `types` in another directory (commander's index.js and typings/index.d.ts)", async () => {
    const mem = new MemoryFs({ "package.json": "{ \"name\": \"m\", \"main\": \"./lib/main.js\", \"types\": \"./typings/index.d.ts\" }\n", "lib/main.js": JS, "typings/index.d.ts": DTS })
    const r = await runGraph(rename(config("makeThing", "buildThing", { path: "lib/main.js" })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("typings/index.d.ts")).toBe(DTS.replace("makeThing", "buildThing"))
  })
})

describe("rename: a property's name as a key in string literals", () => {
  const ITEM = `export interface Item { lane: number; name: string }
export type Lane = Pick<Item, 'lane'>
export type Rest = Omit<Item, 'lane' | 'name'>
export type L = Item['lane']
export type X = Exclude<keyof Item, "lane">
export const k: keyof Item = 'lane'
export const ks: Array<keyof Item> = ['lane', 'name']
declare function pluck<T, K extends keyof T>(o: T, k: K): T[K]
declare const it: Item
export const v = pluck(it, 'lane')
export function f(x: keyof Item) { switch (x) { case 'lane': return 1 } return x === 'lane' }
`
  // The same text keying another type, or no type: TypeScript's keys of Other, a plain string, a record's own key.
  const OTHER = `import { pluck } from "./pluck"
export const unrelated = 'lane'
export const record: Record<'lane', number> = { lane: 1 }
interface Other { lane: string }
export type OP = Pick<Other, 'lane'>
export const p = (o: Other) => pluck(o, 'lane')
`
  const PLUCK = "export declare function pluck<T, K extends keyof T>(o: T, k: K): T[K]\n"
  const USE = "import type { Item } from './item'\nexport type Picked = Pick<Item, 'name' | 'lane'>\nexport const read = (i: Item) => i['lane']\n"

  it("renames the key in Pick, Omit, Exclude<keyof …>, keyof-typed values, a generic call's `K extends keyof T` argument and comparisons, across files; the same text keying another type stays; undo restores", async () => {
    const mem = new MemoryFs({ "item.ts": ITEM, "other.ts": OTHER, "pluck.ts": PLUCK, "use.ts": USE })
    const saved = new SavedGraph()
    const r = await runGraph(rename(config("Item.lane", "track")), mem, saved)
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("item.ts")).toBe(ITEM.replaceAll("lane", "track"))
    expect(mem.text("use.ts")).toBe(USE.replaceAll("lane", "track"))
    expect(mem.text("other.ts")).toBe(OTHER)
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 12, unresolved: [] })
    expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect([mem.text("item.ts"), mem.text("use.ts")]).toEqual([ITEM, USE])
  })

  it("follows the key into the types that inherit the property (an interface that extends it) and a class's member", async () => {
    const text = "export class Box { size = 1 }\nexport interface Big extends Box { more: true }\nexport type S = Pick<Big, 'size'>\nexport const key: keyof Box = 'size'\n"
    const mem = new MemoryFs({ "box.ts": text })
    const r = await runGraph(rename(config("Box.size", "length")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("box.ts")).toBe(text.replaceAll("size", "length"))
  })
})

describe("rename: JavaScript uses on values of no known type", () => {
  const LIB = `export class Queue {
  push(v) { this.items = [v] }
  get size() { return 1 }
}
export function use(q) { q.push(1); const f = q.push; return f }
export function run() { const q = new Queue(); q.push(2); [].push(3); return q.size }
/** @param {Queue} q */
export function typed(q) { q.push(4) }
// q.push() in a comment, and "x.push" in a string, are no uses
export const s = "x.push"
`
  const MAIN = "import { use } from './lib.js'\nexport const go = (x) => { x.push(5); return x.size }\n"
  const project = () => new MemoryFs({ "lib.js": LIB, "main.js": MAIN })
  const left = [
    { file: "lib.js", line: 5, col: 28, kind: "call" },
    { file: "lib.js", line: 5, col: 49, kind: "text" },
    { file: "main.js", line: 2, col: 30, kind: "call" }
  ]

  it("refuses (SPL-E159, nothing written) a rename that would leave calls and reads through untyped parameters, listing them; the preview says it would not succeed", async () => {
    const mem = project()
    const r = await runGraph(rename(config("Queue.push", "enqueue")), mem, new SavedGraph())
    expect(r.error).toMatchObject({ code: "SPL-E159", context: { name: "Queue.push", new_name: "enqueue", uses: left, total: 3 } })
    expect([mem.text("lib.js"), mem.text("main.js")]).toEqual([LIB, MAIN])
    const preview = await runGraph(rename(config("Queue.push", "enqueue", { preview: true })), mem, new SavedGraph())
    expect(preview.last).toMatchObject({ would_succeed: false, renamed: 3, unresolved: left.map((u) => ({ ...u, renamed: false })) })
  })

  it("includeUnresolved renames them too (the typed uses TypeScript proves, the untyped ones by name); Array's push and the comment stay", async () => {
    const mem = project()
    const r = await runGraph(rename(config("Queue.push", "enqueue", { includeUnresolved: true })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("lib.js")).toBe(LIB.replace("  push(v)", "  enqueue(v)").replace("q.push(1); const f = q.push;", "q.enqueue(1); const f = q.enqueue;").replace("q.push(2)", "q.enqueue(2)").replace("q.push(4)", "q.enqueue(4)"))
    expect(mem.text("main.js")).toBe(MAIN.replace("x.push(5)", "x.enqueue(5)"))
    expect(r.last).toMatchObject({ unresolved: left.map((u) => ({ ...u, renamed: true })) })
  })

  it("keepUnresolved renames the proven uses and leaves (and lists) the untyped ones; a getter read through an untyped value is one", async () => {
    const mem = project()
    const r = await runGraph(rename(config("Queue.push", "enqueue", { keepUnresolved: true })), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("lib.js")).toBe(LIB.replace("  push(v)", "  enqueue(v)").replace("q.push(2)", "q.enqueue(2)").replace("q.push(4)", "q.enqueue(4)"))
    expect(mem.text("main.js")).toBe(MAIN)
    expect(r.last).toMatchObject({ renamed: 3, unresolved: left.map((u) => ({ ...u, renamed: false })) })
    const getter = await runGraph(rename(config("Queue.size", "length")), project(), new SavedGraph())
    expect(getter.error).toMatchObject({ code: "SPL-E159", context: { uses: [{ file: "main.js", line: 2, col: 48, kind: "text" }], total: 1 } })
  })

  it("a `.name` found as text that TypeScript ties to another type's member is not listed (nor refused)", async () => {
    const text = "export interface A { index: number }\nexport interface B { index: number }\nexport const f = (bs: B[], a: A) => bs.map((b) => b)[0]!.index + a.index\n"
    const mem = new MemoryFs({ "a.ts": text })
    const r = await runGraph(rename(config("A.index", "position")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last).toMatchObject({ renamed: 2, unresolved: [] })
    expect(mem.text("a.ts")).toBe(text.replace("A { index", "A { position").replace("a.index", "a.position"))
  })

  it("a rename whose every use TypeScript can type is not refused", async () => {
    const mem = new MemoryFs({ "lib.js": "export class Queue {\n  push(v) { return v }\n}\n/** @param {Queue} q */\nexport const f = (q) => q.push(1) + [].push(2)\n" })
    const r = await runGraph(rename(config("Queue.push", "enqueue")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last).toMatchObject({ renamed: 2, unresolved: [] })
  })
})
