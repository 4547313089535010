/**
 * The writers (edit, write, apply, undo) refresh the files they changed in an existing code graph
 * after the commit. The graph is read back directly (no query, since queries refresh first), and
 * compared with a graph built from scratch over the same files.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { GraphAccessMemory } from "../../layers/memory/GraphAccessMemory.js"
import { apply, type ApplyConfig } from "../../src/commands/apply.js"
import { edit } from "../../src/commands/edit.js"
import { indexCommand } from "../../src/commands/graph/index.js"
import { refreshGraph, refreshPaths } from "../../src/commands/graph/refresh.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { undo } from "../../src/commands/undo.js"
import { write } from "../../src/commands/write.js"
import { remove } from "../../src/commands/remove.js"
import { cp, mv } from "../../src/commands/transfer.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import { resolutionText } from "../../src/domain/graph/schema.js"
import { GraphDb } from "../../services/GraphDb.js"
import { oneEdit, writeConfig } from "../support/configs.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs, run, type Services } from "../support/memory.js"

const PROJECT = {
  "tsconfig.json": "{ \"compilerOptions\": { \"strict\": true } }\n",
  "src/shapes.ts": "export function areaOf(r: number): number {\n  return Math.PI * r * r\n}\n\nexport class Circle {\n  constructor(readonly r: number) {}\n}\n",
  "src/main.ts": "import { areaOf } from \"./shapes\"\nimport { twice } from \"./util/math\"\n\nexport function report(): number {\n  return twice(areaOf(2))\n}\n",
  "src/util/math.ts": "export const twice = (n: number): number => n * 2\n",
  "README.md": "# shapes\n"
}

const applyCfg = (over: Partial<ApplyConfig> = {}): ApplyConfig => ({
  input: "-", format: "auto", preview: false, showDiff: false, exact: false, expectChecksums: [],
  validate: "syntax", maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200, ...over
})

/** A writer run with the in-memory graph reachable, as the CLI runs it with a graph on disk. */
const withGraph = (program: Effect.Effect<unknown, SpliceError, Services>, mem: MemoryFs, saved: SavedGraph, stdin?: string) =>
  run(program.pipe(Effect.provide(GraphAccessMemory(saved))), mem, stdin !== undefined ? { stdin } : {})

interface Graph {
  readonly files: ReadonlyArray<string>
  readonly symbols: ReadonlyArray<Record<string, unknown>>
  readonly refs: ReadonlyArray<Record<string, unknown>>
  readonly imports: ReadonlyArray<Record<string, unknown>>
}

/** What the graph holds, by path and name (ids differ between builds), read without refreshing it. */
const readGraph = Effect.gen(function*() {
  const db = yield* GraphDb
  return {
    files: (yield* db.all<{ path: string }>("SELECT path FROM files ORDER BY path")).map((f) => f.path),
    symbols: yield* db.all("SELECT f.path, s.name, s.kind, s.start_line FROM symbols s JOIN files f ON f.id = s.file_id ORDER BY 1, 2, 4"),
    refs: yield* db.all(
      `SELECT f.path, n.text AS name, r.line, ${resolutionText("r.resolution")} AS resolution, tf.path AS target_file, t.name AS target FROM refs r JOIN files f ON f.id = r.file_id JOIN names n ON n.id = r.name_id ` +
        "LEFT JOIN symbols t ON t.id = r.symbol_id LEFT JOIN files tf ON tf.id = t.file_id ORDER BY 1, 3, 2"),
    imports: yield* db.all(
      "SELECT f.path, i.module, (SELECT group_concat(g.path) FROM json_each(i.resolved_files) j JOIN files g ON g.id = j.value) AS targets " +
        "FROM imports i JOIN files f ON f.id = i.file_id ORDER BY 1, 2")
  } satisfies Graph
})

const contents = async (mem: MemoryFs, saved: SavedGraph): Promise<Graph> => {
  let graph: Graph | undefined
  const r = await runGraph(readGraph.pipe(Effect.tap((g) => Effect.sync(() => { graph = g }))), mem, saved)
  expect(r.exit).toBe(0)
  return graph!
}

/** The same files indexed from nothing. */
const fromScratch = async (mem: MemoryFs) => {
  const fresh = new SavedGraph()
  expect((await runGraph(indexCommand(true), mem, fresh)).exit).toBe(0)
  return contents(mem, fresh)
}

const indexed = async (files: Record<string, string> = PROJECT) => {
  const mem = new MemoryFs(files)
  const saved = new SavedGraph()
  expect((await runGraph(indexCommand(false), mem, saved)).exit).toBe(0)
  return { mem, saved }
}

describe("the graph after splice's own writes", () => {
  it("edit: a renamed function is in the graph under its new name at once, the old name gone, references re-resolved", async () => {
    const { mem, saved } = await indexed()
    const saves = saved.saves
    const r = await withGraph(edit(oneEdit("src/shapes.ts", "export function areaOf(", "export function circleArea(")), mem, saved)
    expect(r.exit).toBe(0)
    expect(r.last["graph"]).toMatchObject({ db: null, refreshed: ["src/shapes.ts"], removed: [] })
    expect(typeof (r.last["graph"] as { ms: unknown }).ms).toBe("number")
    expect(saved.saves).toBe(saves + 1)
    const graph = await contents(mem, saved)
    const names = graph.symbols.map((s) => s["name"])
    expect(names).toContain("circleArea")
    expect(names).not.toContain("areaOf")
    // main.ts still calls areaOf, which no longer exists: its reference lost its target.
    expect(graph.refs.find((x) => x["name"] === "areaOf")).toMatchObject({ path: "src/main.ts", target: null })
    expect(graph).toEqual(await fromScratch(mem))
  })

  it("a file put back exactly as the last walk saw it (bytes and mtime) after a write is indexed again: the write forgot the recorded walk", async () => {
    const { mem, saved } = await indexed()
    const entry = mem.entries.get("/ws/src/util/math.ts") as { data: Uint8Array; mtimeMs: number }
    const before = { data: entry.data, mtimeMs: entry.mtimeMs }
    expect((await withGraph(edit(oneEdit("src/util/math.ts", "export const twice", "export const double")), mem, saved)).exit).toBe(0)
    const restored = mem.entries.get("/ws/src/util/math.ts") as { data: Uint8Array; mtimeMs: number }
    restored.data = before.data
    restored.mtimeMs = before.mtimeMs
    // A new process: the walk is the one the index recorded, but the graph holds the edit.
    const refreshed = await runGraph(refreshGraph({ full: false, progress: false }), mem, saved)
    expect(refreshed.exit).toBe(0)
    const names = (await contents(mem, saved)).symbols.map((x) => x["name"])
    expect(names).toContain("twice")
    expect(names).not.toContain("double")
  })

  it("a changed export read again by many importers (every symbol read at once past 8 files): the same graph as from scratch", async () => {
    const files: Record<string, string> = { "src/lib.ts": "export function areaOf(r: number) { return r * r }\nexport const unit = 'cm'\n" }
    for (let i = 0; i < 12; i++) {
      files[`src/use${i}.ts`] = `import { areaOf, unit } from "./lib"\nimport { helper${(i + 1) % 12} } from "./use${(i + 1) % 12}"\nexport const helper${i} = () => areaOf(${i}) + unit + helper${(i + 1) % 12}\n`
    }
    const { mem, saved } = await indexed(files)
    // areaOf goes away, circleArea comes: every importer's references are resolved again.
    expect((await withGraph(edit(oneEdit("src/lib.ts", "export function areaOf(", "export function circleArea(")), mem, saved)).exit).toBe(0)
    const graph = await contents(mem, saved)
    expect(graph).toEqual(await fromScratch(mem))
    expect(graph.refs.filter((x) => x["name"] === "areaOf" && x["target"] === null)).toHaveLength(24)
    expect(graph.refs.filter((x) => x["name"] === "unit" && x["target"] === "unit")).toHaveLength(24)
  })

  it("a file that only gains exports: the uses of the new names elsewhere bind to them, through re-exports too, as a build from scratch has them", async () => {
    const { mem, saved } = await indexed({
      "src/lib.ts": "export const a = 1\n",
      "src/other.ts": "export function shared() { return 0 }\n",
      "src/index.ts": "export * from \"./lib\"\nexport * from \"./other\"\n",
      "src/use.ts": "import { a, fresh } from \"./index\"\nexport const u = a + fresh\n",
      // Bound through the second wildcard until lib.ts, the first, exports the same name.
      "src/use2.ts": "import { shared } from \"./index\"\nexport const v = shared()\n",
      "src/guess.ts": "export const g = (x: { fresh: number }) => x.fresh\n"
    })
    const next = "export const a = 1\nexport const fresh = 2\nexport function shared() { return 1 }\n"
    expect((await withGraph(write(writeConfig("src/lib.ts", next, {})), mem, saved)).exit).toBe(0)
    const graph = await contents(mem, saved)
    expect(graph).toEqual(await fromScratch(mem))
    for (const [file, name] of [["src/use.ts", "fresh"], ["src/use2.ts", "shared"]]) {
      expect(graph.refs.filter((x) => x["path"] === file && x["name"] === name)).toEqual([
        expect.objectContaining({ resolution: "exact", target_file: "src/lib.ts" }),
        expect.objectContaining({ resolution: "exact", target_file: "src/lib.ts" })
      ])
    }
  })

  it("a symbol that is still there keeps its id: references elsewhere keep pointing at it; one that came is found, one that went is lost", async () => {
    const { mem, saved } = await indexed()
    const ids = Effect.flatMap(GraphDb, (db) => db.all<{ name: string; id: number }>("SELECT name, id FROM symbols ORDER BY name"))
    let before: ReadonlyArray<{ name: string; id: number }> = []
    expect((await runGraph(Effect.tap(ids, (rows) => Effect.sync(() => { before = rows })), mem, saved)).exit).toBe(0)
    // A new body for areaOf, Circle gone, a new export: areaOf keeps its id, main.ts's reference still points at it.
    const next = "export function areaOf(r: number): number {\n  return 3.14 * r * r\n}\n\nexport const unit = \"cm\"\n"
    expect((await withGraph(write(writeConfig("src/shapes.ts", next, {})), mem, saved)).exit).toBe(0)
    let after: ReadonlyArray<{ name: string; id: number }> = []
    expect((await runGraph(Effect.tap(ids, (rows) => Effect.sync(() => { after = rows })), mem, saved)).exit).toBe(0)
    const idOf = (rows: ReadonlyArray<{ name: string; id: number }>, name: string) => rows.find((r) => r.name === name)?.id
    expect(idOf(after, "areaOf")).toBe(idOf(before, "areaOf"))
    expect(idOf(after, "Circle")).toBeUndefined()
    expect(idOf(after, "unit")).toBeDefined()
    const graph = await contents(mem, saved)
    expect(graph.refs.filter((x) => x["name"] === "areaOf")).toEqual([
      expect.objectContaining({ path: "src/main.ts", line: 1, resolution: "exact", target_file: "src/shapes.ts" }),
      expect.objectContaining({ path: "src/main.ts", line: 5, resolution: "exact", target_file: "src/shapes.ts" })
    ])
    expect(graph).toEqual(await fromScratch(mem))
  })

  it("a reference to a renamed function loses its target, even when SQLite gives the new symbol the old one's id", async () => {
    // z.ts is written last, so its symbols hold the highest ids; renaming its only function deletes
    // that id and the new symbol gets it again. The reference in a.ts must not follow it.
    // a.ts does not import z.ts (a global, say), so only the rename itself can tell that its call lost its target.
    // Both are scripts (no import or export): z.ts's foo is a global, which a.ts can only name by name.
    const { mem, saved } = await indexed({ "src/a.ts": "const a = foo()\n" })
    expect((await withGraph(write(writeConfig("src/z.ts", "function foo(): number {\n  return 1\n}\n", { create: true })), mem, saved)).exit).toBe(0)
    expect((await contents(mem, saved)).refs.find((x) => x["name"] === "foo")).toMatchObject({ target: "foo", target_file: "src/z.ts", resolution: "name" })
    expect((await withGraph(edit(oneEdit("src/z.ts", "function foo(", "function bar(")), mem, saved)).exit).toBe(0)
    const graph = await contents(mem, saved)
    expect(graph.refs.find((x) => x["name"] === "foo")).toMatchObject({ path: "src/a.ts", target: null })
    expect(graph).toEqual(await fromScratch(mem))
  })

  it("apply: a moved file's rows leave the old path and arrive at the new one; a deleted file's go; imports follow", async () => {
    const { mem, saved } = await indexed()
    const patch = `*** Begin Patch
*** Update File: src/util/math.ts
*** Move to: src/lib/math.ts
@@
-export const twice = (n: number): number => n * 2
+export const twice = (n: number): number => n + n
*** Update File: src/main.ts
@@
-import { twice } from "./util/math"
+import { twice } from "./lib/math"
*** Add File: src/extra.ts
+export function extra(): string {
+  return "x"
+}
*** End Patch
`
    const r = await withGraph(apply(applyCfg()), mem, saved, patch)
    expect(r.exit).toBe(0)
    const report = r.last["graph"] as { refreshed: string[]; removed: string[] }
    expect([...report.refreshed].sort()).toEqual(["src/extra.ts", "src/lib/math.ts", "src/main.ts"])
    expect(report.removed).toEqual(["src/util/math.ts"])
    const graph = await contents(mem, saved)
    expect(graph.files).toEqual(["src/extra.ts", "src/lib/math.ts", "src/main.ts", "src/shapes.ts"])
    expect(graph.imports).toContainEqual({ path: "src/main.ts", module: "./lib/math", targets: "src/lib/math.ts" })
    expect(graph.refs.find((x) => x["name"] === "twice")).toMatchObject({ path: "src/main.ts", target_file: "src/lib/math.ts", resolution: "exact" })
    expect(graph).toEqual(await fromScratch(mem))

    const del = await withGraph(apply(applyCfg()), mem, saved, "*** Begin Patch\n*** Delete File: src/extra.ts\n*** End Patch\n")
    expect(del.last["graph"]).toMatchObject({ refreshed: [], removed: ["src/extra.ts"] })
    expect(await contents(mem, saved)).toEqual(await fromScratch(mem))
  })

  it("mv, cp and rm: moved, copied and removed files are refreshed, a whole directory at once", async () => {
    const { mem, saved } = await indexed()
    const transfer = (from: string, to: string) => ({ from, to, force: false, preview: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200 })
    const moved = await withGraph(mv(transfer("src/util", "src/lib")), mem, saved)
    expect(moved.exit).toBe(0)
    // The moved file's rows under its new name, and its importer (rewritten by the move) refreshed.
    expect(moved.last["graph"]).toMatchObject({ refreshed: ["src/lib/math.ts", "src/main.ts"], removed: ["src/util/math.ts"] })
    let graph = await contents(mem, saved)
    expect(graph.files).toEqual(["src/lib/math.ts", "src/main.ts", "src/shapes.ts"])
    expect(graph.imports).toContainEqual({ path: "src/main.ts", module: "./lib/math", targets: "src/lib/math.ts" })
    expect(graph.refs.find((x) => x["name"] === "twice")).toMatchObject({ path: "src/main.ts", target_file: "src/lib/math.ts", resolution: "exact" })
    expect(graph).toEqual(await fromScratch(mem))

    const copied = await withGraph(cp(transfer("src/shapes.ts", "src/shapes2.ts")), mem, saved)
    expect(copied.last["graph"]).toMatchObject({ refreshed: ["src/shapes2.ts"], removed: [] })
    const removed = await withGraph(remove({ paths: ["src/lib"], recursive: true, preview: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200 }), mem, saved)
    expect(removed.last["graph"]).toMatchObject({ refreshed: [], removed: ["src/lib/math.ts"] })
    graph = await contents(mem, saved)
    expect(graph.files).toEqual(["src/main.ts", "src/shapes.ts", "src/shapes2.ts"])
    expect(graph).toEqual(await fromScratch(mem))

    const back = await withGraph(undo({ lockTimeoutMs: 200 }), mem, saved)
    expect(back.last["graph"]).toMatchObject({ refreshed: ["src/lib/math.ts"] })
    expect(await contents(mem, saved)).toEqual(await fromScratch(mem))
  })

  it("undo: the restored files are refreshed too (the old name is back)", async () => {
    const { mem, saved } = await indexed()
    expect((await withGraph(edit(oneEdit("src/shapes.ts", "export function areaOf(", "export function circleArea(")), mem, saved)).exit).toBe(0)
    const r = await withGraph(undo({ lockTimeoutMs: 200 }), mem, saved)
    expect(r.exit).toBe(0)
    expect(r.last["graph"]).toMatchObject({ refreshed: ["src/shapes.ts"], removed: [] })
    const graph = await contents(mem, saved)
    expect(graph.symbols.map((s) => s["name"])).toContain("areaOf")
    expect(graph.refs.find((x) => x["name"] === "areaOf")).toMatchObject({ target_file: "src/shapes.ts" })
    expect(graph).toEqual(await fromScratch(mem))
  })

  it("write --create: a new source file is added; one under a gitignored directory is not", async () => {
    const { mem, saved } = await indexed({ ...PROJECT, ".gitignore": "generated/\n", "src/deep/.gitignore": "*.gen.ts\n" })
    const created = await withGraph(write(writeConfig("src/fresh.ts", "export const fresh = 1\n", { create: true })), mem, saved)
    expect(created.last["graph"]).toMatchObject({ refreshed: ["src/fresh.ts"] })
    const ignored = await withGraph(write(writeConfig("generated/out.ts", "export const out = 1\n", { create: true })), mem, saved)
    expect(ignored.exit).toBe(0)
    expect(ignored.last["graph"]).toMatchObject({ refreshed: [], removed: [] })
    const nested = await withGraph(write(writeConfig("src/deep/x.gen.ts", "export const g = 1\n", { create: true })), mem, saved)
    expect(nested.last["graph"]).toMatchObject({ refreshed: [], removed: [] })
    const graph = await contents(mem, saved)
    expect(graph.files).toContain("src/fresh.ts")
    expect(graph.files).not.toContain("generated/out.ts")
    expect(graph.files).not.toContain("src/deep/x.gen.ts")
    expect(graph).toEqual(await fromScratch(mem))
  })

  it("no graph: skipped, and none is created", async () => {
    const mem = new MemoryFs(PROJECT)
    const saved = new SavedGraph()
    const r = await withGraph(edit(oneEdit("src/shapes.ts", "areaOf(", "circleArea(")), mem, saved)
    expect(r.exit).toBe(0)
    expect(r.last["graph"]).toEqual({ skipped: "no graph database" })
    expect(saved.bytes).toBeNull()
    expect(saved.saves).toBe(0)
  })

  it("a file of no indexed language: skipped without opening the graph; a preview or a failed edit: no refresh", async () => {
    const { mem, saved } = await indexed()
    const saves = saved.saves
    const readme = await withGraph(edit(oneEdit("README.md", "# shapes", "# Shapes")), mem, saved)
    expect(readme.last["graph"]).toEqual({ db: null, skipped: "no file of an indexed language changed" })
    const preview = await withGraph(edit(oneEdit("src/shapes.ts", "areaOf(", "circleArea(", { preview: true })), mem, saved)
    expect(preview.exit).toBe(0)
    expect(preview.last["graph"]).toBeUndefined()
    const broken = await withGraph(edit(oneEdit("src/shapes.ts", "return Math.PI * r * r\n}", "return (")), mem, saved)
    expect(broken.exit).toBe(5)
    expect(saved.saves).toBe(saves)
  })

  it("a graph that cannot be refreshed does not fail the committed edit: the result and stderr say so", async () => {
    const { mem, saved } = await indexed()
    saved.bytes = new TextEncoder().encode("not a database at all, just text")
    const r = await withGraph(edit(oneEdit("src/shapes.ts", "areaOf(", "circleArea(")), mem, saved)
    expect(r.exit).toBe(0)
    expect(mem.text("src/shapes.ts")).toContain("circleArea(")
    expect(r.last).toMatchObject({ ok: true, changed: true, graph: { db: null, error: { code: "SPL-E091" } } })
    expect(r.logs.some((l) => l.includes("the change is committed, but the code graph was not refreshed"))).toBe(true)
  })

  it("refreshPaths on paths that were never indexed and are gone is a no-op", async () => {
    const { mem, saved } = await indexed()
    const before = await contents(mem, saved)
    const r = await runGraph(refreshPaths(["src/never.ts", "docs/x.md"]), mem, saved)
    expect(r.exit).toBe(0)
    expect(await contents(mem, saved)).toEqual(before)
  })
})

describe("a Python file's importers after an edit of it", () => {
  const PY = {
    "base.py": "class Base:\n    def greet(self):\n        return 1\n",
    "lib.py": "from base import Base\n\n\nclass Old(New):\n    pass\n\n\ndef make() -> \"Old\":\n    return Old()\n",
    "main.py": "import lib\n\n\nclass Mine(lib.Old):\n    def run(self):\n        x = lib.make()\n        return self.greet() + x.greet() + lib.extra()\n"
  }
  const greets = (g: Graph) => g.refs.filter((r) => r["name"] === "greet").map((r) => `${r["path"] as string}:${r["line"] as number} ${(r["target_file"] as string | null) ?? "-"}`)

  it("gaining a function: the uses of its name resolve, the rest stay; the graph is a full index's", async () => {
    const { mem, saved } = await indexed(PY)
    expect((await withGraph(edit(oneEdit("lib.py", "def make()", "def extra():\n    return 2\n\n\ndef make()")), mem, saved)).exit).toBe(0)
    const graph = await contents(mem, saved)
    expect(graph.refs.find((r) => r["name"] === "extra")).toMatchObject({ path: "main.py", target_file: "lib.py", resolution: "exact" })
    expect(graph).toEqual(await fromScratch(mem))
  })

  it("gaining a class that makes an older class's bases resolve: members reached through it resolve in the importers too", async () => {
    const { mem, saved } = await indexed(PY)
    expect(greets(await contents(mem, saved))).toEqual(["main.py:7 -", "main.py:7 -"])
    // `greet` is no new name: only resolving main.py again finds Base.greet through Old(New(Base)).
    expect((await withGraph(edit(oneEdit("lib.py", "class Old(New):", "class New(Base):\n    pass\n\n\nclass Old(New):")), mem, saved)).exit).toBe(0)
    const graph = await contents(mem, saved)
    expect(greets(graph)).toEqual(["main.py:7 base.py", "main.py:7 base.py"])
    expect(graph).toEqual(await fromScratch(mem))
  })

  it("a changed base class or annotated result, or changed imports: the importers resolve again", async () => {
    for (const [from, to] of [["class Old(New):", "class Old(Base):"], ["from base import Base\n", "from base import Base as New\n"]]) {
      const { mem, saved } = await indexed(PY)
      expect((await withGraph(edit(oneEdit("lib.py", from!, to!)), mem, saved)).exit).toBe(0)
      const graph = await contents(mem, saved)
      expect(greets(graph)).toEqual(["main.py:7 base.py", "main.py:7 base.py"])
      expect(graph).toEqual(await fromScratch(mem))
    }
  })
})
