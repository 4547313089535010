/**
 * The built CLI keeps an existing code graph current after its own writes (edit, apply, undo), with
 * no `splice index` in between: `splice status` (which never refreshes) finds nothing stale, and
 * `splice find` answers with the new names and paths. Without a graph nothing is created.
 */
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { FIXTURES } from "../support/graph.js"
import { ensureBuilt, runSync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const MOVE = `*** Begin Patch
*** Update File: src/util/format.ts
*** Move to: src/util/units.ts
@@
 export function formatArea(value: number, unit: string): string {
-  return value.toFixed(2) + unit
+  return value.toFixed(3) + unit
*** Update File: src/main.ts
@@
-import { formatArea } from "@util/format"
+import { formatArea } from "@util/units"
*** End Patch
`

describe.each(runtimes)("splice's writes keep the code graph current under $name", (rt) => {
  let ws: string
  const run = (args: string[], input?: string) =>
    runSync(rt, [...args, "--workspace", ws], { cwd: ws, env: { HOME: ws }, ...(input !== undefined ? { input } : {}) })
  beforeEach(() => {
    ws = tempWorkspace()
    // A small real project: the TypeScript part of the graph fixtures (tsconfig paths, re-exports).
    fs.cpSync(path.join(FIXTURES, "ts"), ws, { recursive: true })
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("edit renames a function: find has the new name and not the old, nothing stale; undo puts it back", () => {
    expect(run(["index"]).code).toBe(0)
    const e = run(["edit", "-f", "src/lib/shapes.ts", "--replace-old", "export function makeCircle(", "--replace-new", "export function buildCircle(", "--validate", "syntax"])
    expect(e.code).toBe(0)
    expect(e.last["graph"]).toMatchObject({ db: `${ws}/.splice/graph.db`, refreshed: ["src/lib/shapes.ts"], removed: [] })
    expect(run(["status"]).last).toMatchObject({ stale: [], unindexed: [] })
    const found = run(["find", "buildCircle"])
    expect(found.lines[0]).toMatchObject({ type: "symbol", name: "buildCircle", file: "src/lib/shapes.ts" })
    expect(run(["find", "makeCircle"]).last).toMatchObject({ code: "SPL-E001" })

    const u = run(["undo"])
    expect(u.code).toBe(0)
    expect(u.last["graph"]).toMatchObject({ refreshed: ["src/lib/shapes.ts"] })
    expect(run(["status"]).last).toMatchObject({ stale: [], unindexed: [] })
    expect(run(["find", "makeCircle"]).lines[0]).toMatchObject({ name: "makeCircle", file: "src/lib/shapes.ts" })
  })

  it("a graph another command holds (a rename that may wait for this writer's file): the refresh is left to the next query, no stall", () => {
    expect(run(["index"]).code).toBe(0)
    // The graph's lock file, held by a live process (pid 1 stands in for a rename in progress).
    const db = `${ws}/.splice/graph.db`
    const lockFile = path.join(ws, ".splice", "locks", createHash("sha1").update(`graph-db:${db}`).digest("hex").slice(0, 24) + ".lock")
    fs.writeFileSync(lockFile, JSON.stringify({ pid: 1, host: os.hostname(), token: "t", path: `graph-db:${db}`, since: "" }))
    const started = Date.now()
    const e = run(["edit", "-f", "src/lib/shapes.ts", "--replace-old", "export function makeCircle(", "--replace-new", "export function buildCircle(", "--validate", "syntax"])
    expect(e.code).toBe(0)
    expect(e.last["graph"]).toMatchObject({ skipped: expect.stringMatching(/in use by another command/), db })
    expect(Date.now() - started).toBeLessThan(8000) // not the 10 s lock timeout
    fs.rmSync(lockFile)
    expect(run(["find", "buildCircle"]).lines[0]).toMatchObject({ type: "symbol", name: "buildCircle" })
  })

  it("apply moves a file: the graph holds the new path, not the old; find reports the new path", () => {
    expect(run(["index"]).code).toBe(0)
    const a = run(["apply", "--validate", "syntax"], MOVE)
    expect(a.code).toBe(0)
    expect(a.last["graph"]).toMatchObject({ removed: ["src/util/format.ts"] })
    expect([...(a.last["graph"] as { refreshed: string[] }).refreshed].sort()).toEqual(["src/main.ts", "src/util/units.ts"])
    const files = run(["status"]).last
    expect(files).toMatchObject({ stale: [], unindexed: [] })
    expect(run(["find", "formatArea"]).lines[0]).toMatchObject({ name: "formatArea", file: "src/util/units.ts" })
    // The alias import follows the move: the call in main.ts resolves to the moved definition.
    expect(run(["refs", "formatArea"]).last["references"]).toEqual([
      expect.objectContaining({ file: "src/main.ts", kind: "import", resolution: "exact" }),
      expect.objectContaining({ file: "src/main.ts", kind: "call", resolution: "exact" })
    ])
  })

  it("--db names the graph to refresh; without any graph the write is skipped cleanly and creates none", () => {
    const elsewhere = path.join(tempWorkspace("splice-db-"), "g.db")
    try {
      expect(run(["index", "--db", elsewhere]).code).toBe(0)
      const w = run(["write", "-f", "src/extra.ts", "--create", "--content", "export const extra = 1\n", "--db", elsewhere])
      expect(w.code).toBe(0)
      expect(w.last["graph"]).toMatchObject({ db: elsewhere, refreshed: ["src/extra.ts"] })
      expect(run(["status", "--db", elsewhere]).last).toMatchObject({ indexed_files: 6, stale: [], unindexed: [] })

      const missing = path.join(path.dirname(elsewhere), "none.db")
      const m = run(["edit", "-f", "src/extra.ts", "--replace-old", "= 1", "--replace-new", "= 2", "--db", missing])
      expect(m.code).toBe(0)
      expect(m.last["graph"]).toEqual({ skipped: `no graph database at ${missing}`, db: missing })
      expect(fs.existsSync(missing)).toBe(false)

      // No --db, and nothing in the discovery chain (the graph above is outside it).
      const n = run(["edit", "-f", "src/extra.ts", "--replace-old", "= 2", "--replace-new", "= 3"])
      expect(n.code).toBe(0)
      expect(n.last["graph"]).toEqual({ skipped: "no graph database" })
      expect(fs.existsSync(path.join(ws, ".splice", "graph.db"))).toBe(false)
    } finally {
      fs.rmSync(path.dirname(elsewhere), { recursive: true, force: true })
    }
  })

  it("a graph that cannot be opened: the edit still succeeds (exit 0), the result and stderr say why", () => {
    fs.mkdirSync(path.join(ws, ".splice"), { recursive: true })
    fs.writeFileSync(path.join(ws, ".splice", "graph.db"), "this is not a database")
    const e = run(["edit", "-f", "src/lib/shapes.ts", "--replace-old", "makeCircle(", "--replace-new", "buildCircle(", "--validate", "syntax"])
    expect(e.code).toBe(0)
    expect(e.last).toMatchObject({ ok: true, changed: true, graph: { error: { code: "SPL-E091" } } })
    expect(e.stderr).toContain("the code graph was not refreshed")
    expect(fs.readFileSync(path.join(ws, "src/lib/shapes.ts"), "utf8")).toContain("buildCircle(")
  })
})
