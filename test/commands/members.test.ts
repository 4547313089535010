/**
 * TS/JS members as symbols on the memory layers: a React prop, a class field, an enum member and a
 * type literal's property are found, renamed (TypeScript's LanguageService and the graph alone),
 * deleted and patched; undo restores the bytes.
 */
import { describe, expect, it } from "vitest"
import { findCommand } from "../../src/commands/graph/find.js"
import { refsCommand } from "../../src/commands/graph/refs.js"
import { rename, type RenameConfig } from "../../src/commands/rename.js"
import { extract } from "../../src/commands/extract.js"
import { deleteSymbol } from "../../src/commands/symbol/delete.js"
import { insert } from "../../src/commands/symbol/insert.js"
import { patch } from "../../src/commands/symbol/patch.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { undo } from "../../src/commands/undo.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"

const writing = { preview: false, showDiff: false, validate: "syntax" as const, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200 }
const renameCfg = (symbol: string, to: string, more: Partial<RenameConfig> = {}): RenameConfig => ({ symbol, to, includeUnresolved: false, ...writing, ...more })

const PROPS = `export interface CounterProps {
  /** The count shown. */
  state: number
  label?: string
}
`
const COUNTER = `import type { CounterProps } from "./props"

export function Counter({ state, label }: CounterProps) {
  return <b title={label}>{state}</b>
}

export const Twice = (props: CounterProps) => <Counter state={props.state * 2} />
`
const APP = `import { Counter } from "./counter"
import type { CounterProps } from "./props"

const initial: CounterProps = { state: 1 }
const state = 3
const shorthand: CounterProps = { state }
export const app = <Counter state={initial.state + shorthand.state + state} label="n" />
`
const BOX = `export class Box {
  size = 1
  constructor(private readonly w: number) {}
  get area() { return this.size * this.w }
  set area(v: number) { this.size = v / this.w }
}
export enum Color { Red, Green }
export type Point = { x: number; y: number }
export const origin: Point = { x: 0, y: 0 }
export const b = new Box(2)
console.log(b.size, Color.Red, origin.x, b.area)
`

const react = () => new MemoryFs({ "src/props.ts": PROPS, "src/counter.tsx": COUNTER, "src/app.tsx": APP })

describe("TS/JS members on the memory layers", () => {
  it("find and refs name a prop, a field, an enum member and a type literal's property by Type.member", async () => {
    const mem = new MemoryFs({ "src/box.ts": BOX })
    const saved = new SavedGraph()
    const found = await runGraph(findCommand({ name: "Box.size", exported: false, fuzzy: false, limit: 10 }), mem, saved)
    expect(found.lines.filter((l) => l["type"] === "symbol").map((l) => `${l["kind"]} ${l["qualified_name"]}`)).toEqual(["property Box.size"])
    const refsOf = async (name: string) => {
      const r = await runGraph(refsCommand({ name }), mem, saved)
      return (r.last["references"] as Array<{ line: number; resolution: string }>).map((x) => `${x.line} ${x.resolution}`)
    }
    expect(await refsOf("Box.size")).toEqual(["4 exact", "5 exact", "11 exact"])
    expect(await refsOf("Color.Red")).toEqual(["11 exact"])
    expect(await refsOf("Point.x")).toEqual(["9 exact", "11 exact"])
    expect(await refsOf("Box.w")).toEqual(["4 exact", "5 exact"])
  })

  it("renames a React prop through TypeScript: the interface, the destructuring (`{ st: state }`), JSX attributes, props.x, a typed literal and its shorthand; undo restores every byte", async () => {
    const mem = react()
    const saved = new SavedGraph()
    const r = await runGraph(rename(renameCfg("CounterProps.state", "count")), mem, saved)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ engine: "typescript", symbol: { kind: "property", qualified_name: "CounterProps.state" }, unresolved: [] })
    expect(mem.text("src/props.ts")).toBe(PROPS.replace("  state: number", "  count: number"))
    expect(mem.text("src/counter.tsx")).toBe(COUNTER.replace("{ state, label }", "{ count: state, label }").replace("<Counter state={props.state * 2}", "<Counter count={props.count * 2}"))
    expect(mem.text("src/app.tsx")).toBe(APP.replace("{ state: 1 }", "{ count: 1 }").replace("{ state }", "{ count: state }")
      .replace("<Counter state={initial.state + shorthand.state + state}", "<Counter count={initial.count + shorthand.count + state}"))
    expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect([mem.text("src/props.ts"), mem.text("src/counter.tsx"), mem.text("src/app.tsx")]).toEqual([PROPS, COUNTER, APP])
  })

  it("renames a React prop with the graph alone: the members of typed values and the JSX of its own file's components; an imported component's attribute is listed as unresolved", async () => {
    const mem = react()
    const r = await runGraph(rename(renameCfg("CounterProps.state", "count", { engine: "graph" })), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ engine: "graph" })
    expect(mem.text("src/props.ts")).toBe(PROPS.replace("  state: number", "  count: number"))
    // The destructured prop keeps its local's name; the component's own JSX and props.x follow.
    expect(mem.text("src/counter.tsx")).toBe(COUNTER.replace("{ state, label }", "{ count: state, label }").replace("<Counter state={props.state * 2}", "<Counter count={props.count * 2}"))
    // `<Counter state=…>` of the imported Counter (whose props type the file cannot see) is a use by name: listed, not renamed.
    expect(mem.text("src/app.tsx")).toBe(APP.replace("{ state: 1 }", "{ count: 1 }").replace("initial.state + shorthand.state", "initial.count + shorthand.count"))
    expect(r.last["unresolved"]).toEqual(expect.arrayContaining([{ file: "src/app.tsx", line: 7, col: 29, kind: "read", renamed: false }]))
  })

  it("renames a class field with its get/set accessors' uses, an enum member, a type literal's property and a parameter property (both engines); a taken name is SPL-E140", async () => {
    for (const engine of ["auto", "graph"] as const) {
      const mem = new MemoryFs({ "src/box.ts": BOX })
      const saved = new SavedGraph()
      expect((await runGraph(rename(renameCfg("Box.size", "extent", { engine })), mem, saved)).exit).toBe(0)
      expect((await runGraph(rename(renameCfg("Color.Red", "Crimson", { engine })), mem, saved)).exit).toBe(0)
      expect((await runGraph(rename(renameCfg("Point.x", "left", { engine })), mem, saved)).exit).toBe(0)
      expect((await runGraph(rename(renameCfg("Box.w", "width", { engine })), mem, saved)).exit).toBe(0)
      expect(mem.text("src/box.ts")).toBe(BOX.replace(/size/g, "extent").replace(/Red/g, "Crimson").replace("x: number", "left: number")
        .replace("{ x: 0", "{ left: 0").replace("origin.x", "origin.left").replace(/this\.w\b/g, "this.width").replace("readonly w:", "readonly width:"))
      const taken = await runGraph(rename(renameCfg("Box.extent", "area", { engine })), mem, saved)
      expect(taken.error?.code).toBe("SPL-E140")
      for (let i = 0; i < 4; i++) expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
      expect(mem.text("src/box.ts")).toBe(BOX)
    }
  })

  it("an unknown member is SPL-E001 with the close names; delete refuses a used member (SPL-E143) and deletes an unused one; patch replaces one; undo restores them", async () => {
    const mem = new MemoryFs({ "src/box.ts": BOX.replace("  size = 1\n", "  size = 1\n  spare = 0\n") })
    const before = mem.text("src/box.ts")!
    const saved = new SavedGraph()
    const unknown = await runGraph(rename(renameCfg("Box.sise", "n")), mem, saved)
    expect(unknown.error?.code).toBe("SPL-E001")
    expect(unknown.error?.context).toMatchObject({ did_you_mean: expect.arrayContaining(["Box.size"]) })
    expect((await runGraph(deleteSymbol({ file: "src/box.ts", symbol: "Box.size", force: false, ...writing }), mem, saved)).error?.code).toBe("SPL-E143")
    expect((await runGraph(deleteSymbol({ file: "src/box.ts", symbol: "Box.spare", force: false, ...writing }), mem, saved)).exit).toBe(0)
    expect((await runGraph(deleteSymbol({ file: "src/box.ts", symbol: "Color.Green", force: false, ...writing }), mem, saved)).exit).toBe(0)
    expect((await runGraph(patch({ file: "src/box.ts", symbol: "Point.y", content: "y?: number", body: false, ...writing }), mem, saved)).exit).toBe(0)
    expect(mem.text("src/box.ts")).toBe(before.replace("  spare = 0\n", "").replace("Red, Green }", "Red }").replace("y: number", "y?: number"))
    for (let i = 0; i < 3; i++) expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect(mem.text("src/box.ts")).toBe(before)
  })

  it("patch with new code that brings its own line comment replaces the old one after the member; without one, the old comment stays", async () => {
    const src = "export class A {\n  x = 1 // the x\n  y = 2 // the y\n}\n"
    const mem = new MemoryFs({ "a.ts": src })
    const saved = new SavedGraph()
    expect((await runGraph(patch({ file: "a.ts", symbol: "A.x", content: "x = 10 // the x, ten", body: false, ...writing }), mem, saved)).exit).toBe(0)
    expect((await runGraph(patch({ file: "a.ts", symbol: "A.y", content: "y = 20", body: false, ...writing }), mem, saved)).exit).toBe(0)
    expect(mem.text("a.ts")).toBe("export class A {\n  x = 10 // the x, ten\n  y = 20 // the y\n}\n")
  })

  it("extract takes a member with its doc comment; insert goes after and before a member, and undo restores the file", async () => {
    const mem = new MemoryFs({ "src/props.ts": PROPS, "src/box.ts": BOX })
    const saved = new SavedGraph()
    const x = await runGraph(extract({ file: "src/props.ts", symbol: "CounterProps.state", maxBytes: DEFAULT_MAX_BYTES }), mem, saved)
    expect(x.last).toMatchObject({ text: "/** The count shown. */\n  state: number", symbol: { kind: "property", qualified_name: "CounterProps.state" } })
    expect((await runGraph(insert({ file: "src/props.ts", position: "after", symbol: "CounterProps.state", content: "step?: number", ...writing }), mem, saved)).exit).toBe(0)
    expect((await runGraph(insert({ file: "src/box.ts", position: "before", symbol: "Box.size", content: "weight = 2", ...writing }), mem, saved)).exit).toBe(0)
    expect(mem.text("src/props.ts")).toBe(PROPS.replace("  state: number\n", "  state: number\n  step?: number\n"))
    expect(mem.text("src/box.ts")).toBe(BOX.replace("  size = 1\n", "  weight = 2\n  size = 1\n"))
    for (let i = 0; i < 2; i++) expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect([mem.text("src/props.ts"), mem.text("src/box.ts")]).toEqual([PROPS, BOX])
  })

  it("a full disk while writing the second file of a prop's rename rolls the first back (SPL-E081)", async () => {
    const mem = react()
    mem.faults.push({ op: "write", path: "src/counter.tsx", errno: "ENOSPC" })
    const r = await runGraph(rename(renameCfg("CounterProps.state", "count")), mem, new SavedGraph())
    expect(r.error?.code).toBe("SPL-E081")
    expect([mem.text("src/props.ts"), mem.text("src/counter.tsx"), mem.text("src/app.tsx")]).toEqual([PROPS, COUNTER, APP])
  })
})
