import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { FIXTURES } from "../support/graph.js"
import { ensureBuilt, logicRuntimes, runSync, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

describe.each(logicRuntimes)("the code graph in the built CLI under $name", (rt) => {
  let ws: string
  const run = (args: string[]) => runSync(rt, [...args, "--workspace", ws], { cwd: ws, env: { HOME: ws } })
  beforeEach(() => {
    ws = tempWorkspace()
    fs.cpSync(FIXTURES, ws, { recursive: true })
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("status before any index: exit 3 listing every path tried", () => {
    const r = run(["status"])
    expect([r.code, r.last["code"]]).toEqual([3, "SPL-E091"])
    expect(r.last["context"]).toMatchObject({ tried: [`${ws}/.splice/graph.db`, `${ws}/.magellan/${path.basename(ws)}/${path.basename(ws)}.db`, `${ws}/.magellan/${path.basename(ws)}.db`] })
  })

  it("index, find, refs, outline, suggest, files, export", () => {
    const idx = run(["index"])
    expect(idx.code).toBe(0)
    expect(idx.last).toMatchObject({ command: "index", created: true, files: 26, parsed: 26, db: `${ws}/.splice/graph.db` })
    expect(fs.existsSync(path.join(ws, ".splice", "graph.db"))).toBe(true)
    expect(run(["status"]).last).toMatchObject({ found_by: "workspace", indexed_files: 26, stale: [], unindexed: [] })

    const find = run(["find", "make*", "--exported"])
    expect(find.lines[0]).toMatchObject({ type: "symbol", name: "makeCircle", file: "ts/src/lib/shapes.ts", span: { start_line: 12, start_col: 1 } })

    const refs = run(["refs", "perimeter"])
    expect(refs.last).toMatchObject({
      definition: { qualified_name: "perimeter", file: "rs/src/shapes.rs", signature: "pub fn perimeter(s: &Square) -> f64" },
      references: [{ file: "rs/src/main.rs", line: 7, col: 13, kind: "call", resolution: "exact", in: "main" }],
      callers: [{ name: "main", file: "rs/src/main.rs", resolution: "exact" }]
    })
    const amb = run(["refs", "area"])
    expect([amb.code, amb.last["code"]]).toEqual([6, "SPL-E002"])

    const outline = run(["outline", "py/pkg/geometry.py"])
    expect((outline.last["symbols"] as Array<{ name: string; children: Array<{ name: string }> }>).map((s) => [s.name, s.children.map((c) => c.name)]))
      .toEqual([["Rect", ["__init__", "area"]], ["scale", []], ["_private", []], ["UNIT", []]])

    const suggest = run(["suggest", "--fn-name", "scale_circle", "--desc", "Scale a circle shape by a factor", "--file", "ts/src/lib/scale.ts", "--output", "json"])
    expect(suggest.last).toMatchObject({
      function_name: "scale_circle",
      language: "typescript",
      suggested_signature: "export function scaleCircle(circle: Circle): Circle",
      imports: ["import type { Circle } from \"./shapes\""],
      keywords: ["scale", "circle", "shape", "factor"],
      inferred_from: expect.arrayContaining([expect.objectContaining({ name: "Circle", file: "ts/src/lib/shapes.ts" })])
    })
    expect(String(suggest.last["scaffold"])).toContain("throw new Error(\"TODO: Scale a circle shape by a factor\")")

    const files = run(["files"])
    expect(files.lines.filter((l) => l["type"] === "file")).toHaveLength(26)
    const jsonl = run(["export", "--format", "jsonl"])
    expect(new Set(jsonl.lines.map((l) => l["type"]))).toEqual(new Set(["file", "symbol", "reference", "import", "result"]))
    const missing = run(["find", "makeCircel"])
    expect([missing.code, missing.last["code"]]).toEqual([6, "SPL-E001"])
    expect(missing.last["context"]).toMatchObject({ did_you_mean: expect.arrayContaining(["makeCircle"]) })
  }, 90_000) // nine processes; the first index loads TypeScript's 9 MB parser (slow under Deno on a loaded machine)

  it("queries refresh first: an edit is seen by the next find", () => {
    expect(run(["index"]).code).toBe(0)
    fs.appendFileSync(path.join(ws, "ts/src/lib/more.ts"), "export function brandNew(): number { return 1 }\n")
    const r = run(["find", "brandNew"])
    expect(r.lines[0]).toMatchObject({ name: "brandNew", file: "ts/src/lib/more.ts" })
  })

  it("never touches a database it did not create: --db on a foreign file is exit 3", () => {
    const foreign = path.join(ws, "other.db")
    fs.writeFileSync(foreign, "SQLite format 3\u0000" + "x".repeat(100))
    const before = fs.readFileSync(foreign)
    const r = run(["index", "--db", foreign])
    expect([r.code, r.last["code"]]).toEqual([3, "SPL-E091"])
    expect(fs.readFileSync(foreign)).toEqual(before)
  })
})
