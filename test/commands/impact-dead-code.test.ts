/** `splice impact` and `splice dead-code` on the memory layers. */
import { describe, expect, it } from "vitest"
import { deadCodeCommand } from "../../src/commands/graph/deadCode.js"
import { impactCommand } from "../../src/commands/graph/impact.js"
import { refsCommand } from "../../src/commands/graph/refs.js"
import { rename } from "../../src/commands/rename.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"

const project = () => {
  const mem = new MemoryFs()
  mem.put("package.json", JSON.stringify({ name: "demo", exports: { ".": "./dist/index.js" } }))
  mem.put("src/index.ts", "export { total } from \"./report\"\nexport function publicApi() { return 1 }\n")
  mem.put("src/area.ts", "export function area(r: number) { return r * r }\nfunction unusedHelper() { return 2 }\nexport function unusedExport() { return 3 }\n")
  mem.put("src/report.ts", "import { area } from \"./area\"\nexport function sum(rs: number[]) { return rs.reduce((n, r) => n + area(r), 0) }\nexport function total() { return sum([1, 2]) }\n")
  mem.put("src/report.test.ts", "import { total } from \"./report\"\nfunction check() { return total() === 10 }\ncheck()\nfunction unusedInTest() { return 0 }\n")
  mem.put("src/box.ts", "export class Box {\n  constructor() {}\n  get size() { return 1 }\n  unusedMethod() { return 1 }\n}\nexport const b = new Box()\n")
  return mem
}

describe("splice impact on the memory layers", () => {
  it("follows users level by level, with every file reached and the tests among them", async () => {
    const mem = project()
    const r = await runGraph(impactCommand({ name: "area", depth: 3 }), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    const impacted = r.lines.filter((l) => l["type"] === "impacted").map((l) => [l["name"], l["depth"], l["via"]])
    expect(impacted).toEqual([["sum", 1, "area"], ["total", 2, "sum"], ["check", 3, "total"]])
    expect(r.last).toMatchObject({ command: "impact", definition: { name: "area", file: "src/area.ts" }, depth: 3, symbols: 3, tests: ["src/report.test.ts"] })
    const one = await runGraph(impactCommand({ name: "area", depth: 1 }), mem, new SavedGraph())
    expect(one.last).toMatchObject({ symbols: 1, tests: [] })
    expect(one.last["files"]).toEqual([{ file: "src/report.ts", depth: 1, resolution: "exact", test: false }])
  })

  it("a use by name counts in the languages that can reach the symbol only: a TypeScript call of some b.size() is not a use of a Python method", async () => {
    const mem = project()
    mem.put("src/crate.ts", "export class Crate {\n  size() { return 2 }\n}\nexport function measure(b: any) { return b.size() }\n")
    mem.put("tools/shapes.py", "class A:\n    def size(self):\n        return 1\n\n\ndef report(a: A):\n    return a.size()\n")
    const py = await runGraph(impactCommand({ name: "A.size", depth: 2 }), mem, new SavedGraph())
    expect(py.exit).toBe(0)
    expect(py.lines.filter((l) => l["type"] === "impacted").map((l) => l["name"])).toEqual(["report"])
    expect((py.last["files"] as Array<{ file: string }>).map((f) => f.file)).toEqual(["tools/shapes.py"])
    const ts = await runGraph(impactCommand({ name: "Crate.size", depth: 1 }), mem, new SavedGraph())
    expect((ts.last["files"] as Array<{ file: string }>).map((f) => f.file)).toEqual(["src/crate.ts"])
  })

  it("refuses a depth out of range (SPL-E010) and an unknown name (SPL-E001)", async () => {
    const mem = project()
    expect((await runGraph(impactCommand({ name: "area", depth: 0 }), mem, new SavedGraph())).error?.code).toBe("SPL-E010")
    expect((await runGraph(impactCommand({ name: "arae", depth: 2 }), mem, new SavedGraph())).error).toMatchObject({ code: "SPL-E001", context: { did_you_mean: ["area"] } })
  })
})

describe("splice dead-code on the memory layers", () => {
  it("lists what nothing uses, with reasons; skips tests, entry-file exports, constructors and accessors; exports only when asked", async () => {
    const mem = project()
    const r = await runGraph(deadCodeCommand({ includeExported: false }), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    const dead = (x: typeof r) => x.lines.filter((l) => l["type"] === "dead").map((l) => [l["qualified_name"], l["exported"]])
    expect(dead(r)).toEqual([["unusedHelper", false]])
    expect(r.lines.find((l) => l["type"] === "dead")).toMatchObject({ file: "src/area.ts", line: 2, reason: "no reference to it anywhere in the workspace" })
    // publicApi is exported by the entry file (dist/index.js stands for src/index.ts); unusedInTest is test code.
    expect(r.last).toMatchObject({ command: "dead-code", count: 1, lines: 1, skipped: { tests: 1, entry_points: 1, protocol: 1 } }) // the getter size
    const all = await runGraph(deadCodeCommand({ includeExported: true }), mem, new SavedGraph())
    expect(dead(all)).toEqual([["unusedHelper", false], ["unusedExport", true], ["Box.unusedMethod", true], ["b", true]])
    const under = await runGraph(deadCodeCommand({ includeExported: true, path: "src/box.ts" }), mem, new SavedGraph())
    expect(dead(under)).toEqual([["Box.unusedMethod", true], ["b", true]])
    expect((await runGraph(deadCodeCommand({ includeExported: false, path: "nowhere" }), mem, new SavedGraph())).error?.code).toBe("SPL-E020")
  })

  it("Go struct fields are not judged: a field read only through an index (boxes[0].Size) is no record of the graph's", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    mem.put("geo/box.go", "package geo\n\ntype box struct {\n\tsize int\n}\n\nfunc first(boxes []box) int { return boxes[0].size }\n\nfunc unused() int { return 1 }\n\nvar _ = first\n")
    const dead = await runGraph(deadCodeCommand({ includeExported: true }), mem, new SavedGraph())
    const names = dead.lines.filter((l) => l["type"] === "dead").map((l) => l["qualified_name"])
    expect(names).toContain("unused")
    expect(names).not.toContain("box.size")
  })

  it("a use by name counts only in a language that can reach the symbol: a Python method called only by a TypeScript b.size() is dead", async () => {
    const mem = new MemoryFs()
    mem.put("src/box.ts", "export class Box {\n  size() { return 1 }\n}\nexport class Crate {\n  size() { return 2 }\n}\nexport const m = (b: any) => b.size()\n")
    mem.put("tools/shapes.py", "class A:\n    def size(self):\n        return 1\n\n    def used(self):\n        return 2\n\n\ndef report(a):\n    return a.used()\n")
    const dead = await runGraph(deadCodeCommand({ includeExported: true }), mem, new SavedGraph())
    const names = dead.lines.filter((l) => l["type"] === "dead").map((l) => l["qualified_name"])
    expect(names).toContain("A.size")
    expect(names).not.toContain("A.used")
    expect(names).not.toContain("Box.size")
  })

  it("a method called only by name counts for every method of that name: a .d.ts declaring the same class (as commander ships) or another class does not take the uses away (refs, rename's note and dead-code agree with delete)", async () => {
    const mem = new MemoryFs()
    mem.put("lib/cmd.js", "class Command {\n  make(name) { return new Command(); }\n  sub(name, desc) {\n    const cmd = this.make(name);\n    if (desc) cmd.describe(desc);\n    return cmd;\n  }\n  describe(str) { this._d = str; return this; }\n}\nfunction helper(x) { return x.describe('y'); }\nmodule.exports = { helper };\n")
    mem.put("typings/index.d.ts", "export declare class Command {\n  describe(str: string): this;\n}\n")
    mem.put("lib/other.js", "class Other {\n  describe() { return 1 }\n}\nmodule.exports = { Other };\n")
    const dead = await runGraph(deadCodeCommand({ includeExported: false }), mem, new SavedGraph())
    expect(dead.lines.filter((l) => l["type"] === "dead").map((l) => l["qualified_name"])).toEqual(["Command.sub"])
    const byName = [{ file: "lib/cmd.js", line: 5, col: 19, kind: "call", resolution: "name", in: "Command.sub" }, { file: "lib/cmd.js", line: 10, col: 31, kind: "call", resolution: "name", in: "helper" }]
    for (const file of ["lib/cmd.js", "lib/other.js", "typings/index.d.ts"]) {
      const refs = await runGraph(refsCommand({ name: "describe", file }), mem, new SavedGraph())
      expect(refs.last, file).toMatchObject({ references: [], by_name: byName })
    }
    const preview = await runGraph(rename({ symbol: "Command.describe", path: "lib/cmd.js", to: "setDescription", includeUnresolved: false, preview: true, showDiff: false, validate: "syntax", maxBytes: 1 << 24, lockTimeoutMs: 200 }), mem, new SavedGraph())
    expect(preview.last["unresolved"]).toEqual([{ file: "lib/cmd.js", line: 10, col: 31, kind: "call", renamed: false }])
  })
})
