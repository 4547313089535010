import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { findCommand } from "../../src/commands/graph/find.js"
import { indexCommand } from "../../src/commands/graph/index.js"
import { outlineCommand } from "../../src/commands/graph/outline.js"
import { refreshGraph, refreshPaths } from "../../src/commands/graph/refresh.js"
import { refsCommand } from "../../src/commands/graph/refs.js"
import { statusCommand } from "../../src/commands/graph/status.js"
import { suggestCommand } from "../../src/commands/graph/suggest.js"
import { GraphDb } from "../../services/GraphDb.js"
import { fixtureFs, runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"
import { FACTS_VERSION, resolutionText } from "../../src/domain/graph/schema.js"

type Ref = { file: string; line: number; kind: string; resolution: string; in: string | null }
const refsOf = (r: { last: Record<string, unknown> }) => r.last["references"] as Ref[]
const byNameOf = (r: { last: Record<string, unknown> }) => r.last["by_name"] as Ref[]

describe("the code graph on the memory layers", () => {
  it("indexes every language of the fixture tree and saves the database", async () => {
    const mem = fixtureFs()
    const saved = new SavedGraph()
    const r = await runGraph(indexCommand(false), mem, saved)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ command: "index", files: 26, parsed: 26, unchanged: 0, removed: 0 })
    expect(Number(r.last["symbols"])).toBeGreaterThan(40)
    expect(saved.saves).toBe(1)
  })

  it("resolves across files: a re-export chain and a tsconfig path alias (TypeScript)", async () => {
    const mem = fixtureFs()
    const saved = new SavedGraph()
    const circle = await runGraph(refsCommand({ name: "makeCircle" }), mem, saved)
    expect(circle.last["definition"]).toMatchObject({ file: "ts/src/lib/shapes.ts", kind: "function", exported: true, return_type: "Circle" })
    // The re-export and the import name it too (as TypeScript's findReferences says), then the call.
    expect(refsOf(circle)).toEqual([
      expect.objectContaining({ file: "ts/src/lib/index.ts", line: 1, kind: "import", resolution: "exact" }),
      expect.objectContaining({ file: "ts/src/main.ts", line: 1, kind: "import", resolution: "exact" }),
      expect.objectContaining({ file: "ts/src/main.ts", line: 6, kind: "call", resolution: "exact", in: "report" })
    ])
    expect(circle.last["by_name"]).toEqual([])
    expect(circle.last["callers"]).toEqual([expect.objectContaining({ name: "report", file: "ts/src/main.ts", resolution: "exact" })])
    expect(circle.last["callees"]).toEqual([expect.objectContaining({ name: "Circle", kind: "class" })])
    const alias = await runGraph(refsCommand({ name: "formatArea" }), mem, saved)
    expect(refsOf(alias).map((r) => [r.file, r.line, r.kind, r.resolution])).toEqual([["ts/src/main.ts", 2, "import", "exact"], ["ts/src/main.ts", 7, "call", "exact"]])
    const star = await runGraph(refsCommand({ name: "describe" }), mem, saved)
    expect(refsOf(star).map((r) => [r.file, r.line, r.kind, r.resolution])).toEqual([["ts/src/main.ts", 1, "import", "exact"], ["ts/src/main.ts", 7, "call", "exact"]]) // through export *
  })

  it("resolves Python relative imports, Rust use/mod, Go packages and Java's implicit this", async () => {
    const mem = fixtureFs()
    const saved = new SavedGraph()
    const cases: Array<[string, string, string]> = [
      ["scale", "py/pkg/report.py", "summary"],
      ["perimeter", "rs/src/main.rs", "main"],
      ["NewPoint", "go/main.go", "main"],
      ["format", "java/src/demo/Greeter.java", "Greeter.greet"]
    ]
    for (const [name, file, caller] of cases) {
      const r = await runGraph(refsCommand({ name }), mem, saved)
      expect([name, refsOf(r)]).toEqual([name, [expect.objectContaining({ file, kind: "call", resolution: "exact", in: caller })]])
    }
    // p.Norm() where p := geo.NewPoint(…): the method of the type NewPoint returns.
    const go = await runGraph(refsCommand({ name: "Norm" }), mem, saved)
    expect(refsOf(go)).toEqual([expect.objectContaining({ file: "go/main.go", kind: "call", resolution: "exact" })])
    expect(byNameOf(go)).toEqual([])
    const py = await runGraph(refsCommand({ name: "UNIT" }), mem, saved)
    expect(refsOf(py)).toEqual([expect.objectContaining({ file: "py/pkg/report.py", kind: "read", resolution: "exact" })])
  })

  it("resolves Ruby require_relative, C# using, PHP use and Kotlin import (and Kotlin's same package); a member through its type (Money::ZERO, Ring.Grow)", async () => {
    const mem = fixtureFs()
    const saved = new SavedGraph()
    const refs = async (name: string) => {
      const r = await runGraph(refsCommand({ name }), mem, saved)
      return { exact: (refsOf(r) ?? []).map((x) => `${x.file}:${x.line} ${x.kind} ${x.resolution} in ${x.in}`), byName: (byNameOf(r) ?? []).map((x) => `${x.file}:${x.line}`) }
    }
    expect(await refs("parse")).toEqual({ exact: ["rb/lib/shop/cart.rb:13 call exact in Shop::Cart::put"], byName: [] })
    expect(await refs("ZERO")).toEqual({ exact: ["rb/lib/shop/cart.rb:18 read exact in Shop::Cart::total"], byName: [] })
    expect((await refs("Cart")).exact).toEqual(["rb/app.rb:4 type exact in checkout"])
    expect((await refs("display")).exact).toEqual(["rb/app.rb:6 call exact in checkout"])
    expect((await refs("Money")).exact).toContain("rb/lib/shop/cart.rb:13 type exact in Shop::Cart::put")
    expect(await refs("Grow")).toEqual({ exact: ["cs/App/Program.cs:11 call exact in Program.Main"], byName: [] })
    expect((await refs("IShape")).exact).toEqual(["cs/App/Program.cs:11 type exact in Program.Main", "cs/App/Program.cs:15 type exact in Program.Explain", "cs/Geometry/Shapes.cs:10 type exact in null"])
    expect(await refs("Explain")).toEqual({ exact: ["cs/App/Program.cs:12 call exact in Program.Main"], byName: [] })
    expect(await refs("unit")).toEqual({ exact: ["php/src/Statement.php:15 call exact in Statement::render"], byName: [] })
    expect(await refs("enlarge")).toEqual({ exact: ["php/src/Statement.php:15 call exact in Statement::render"], byName: [] })
    expect((await refs("Outline")).exact).toEqual(["php/src/Geometry/Disc.php:10 type exact in null", "php/src/Statement.php:13 type exact in Statement::render"])
    // Main.kt imports it; Line.kt sees it as a member of the same package, without an import.
    expect(await refs("distance")).toEqual({ exact: ["kt/src/main/kotlin/com/acme/app/Main.kt:11 call exact in run", "kt/src/main/kotlin/com/acme/geo/Line.kt:4 call exact in Line.span"], byName: [] })
    expect(await refs("of")).toEqual({ exact: ["kt/src/main/kotlin/com/acme/app/Main.kt:10 call exact in run"], byName: [] })
    expect((await refs("Solid")).exact).toEqual(["kt/src/main/kotlin/com/acme/app/Main.kt:7 type exact in caption", "kt/src/main/kotlin/com/acme/geo/Vec.kt:19 type exact in null"])
  })

  it("find: kinds, files, exported, globs and fuzzy; SPL-E001 with did-you-mean", async () => {
    const mem = fixtureFs()
    const saved = new SavedGraph()
    const areas = await runGraph(findCommand({ name: "area", exported: false, fuzzy: false, limit: 50 }), mem, saved)
    expect(areas.lines.filter((l) => l["type"] === "symbol").map((l) => l["qualified_name"])).toEqual(["geo::Box::area", "Rect.area", "Area::area", "Shape.area", "Circle.area"])
    // A qualified name, whatever the language's separator, finds that member only (looked up through the name's index).
    for (const [qualified, file] of [["geo::Box::area", "c/shape.cpp"], ["Rect.area", "py/pkg/geometry.py"], ["Area::area", undefined], ["Shape.area", undefined]] as const) {
      const one = await runGraph(findCommand({ name: qualified, exported: false, fuzzy: false, limit: 50 }), mem, saved)
      const found = one.lines.filter((l) => l["type"] === "symbol")
      expect(found.map((l) => l["qualified_name"])).toEqual([qualified])
      if (file !== undefined) expect(found[0]).toMatchObject({ file })
    }
    const glob = await runGraph(findCommand({ name: "make*", exported: true, fuzzy: false, limit: 50 }), mem, saved)
    expect(glob.lines.filter((l) => l["type"] === "symbol").map((l) => l["name"])).toEqual(["makeCircle"])
    const structs = await runGraph(findCommand({ name: "*", kind: "struct", exported: false, fuzzy: false, limit: 50 }), mem, saved)
    expect(structs.lines.filter((l) => l["type"] === "symbol").map((l) => l["name"]).sort()).toEqual(["Point", "Spot", "Square", "point"])
    const fuzzy = await runGraph(findCommand({ name: "mkcrcl", exported: false, fuzzy: true, limit: 5 }), mem, saved)
    expect(fuzzy.lines[0]).toMatchObject({ name: "makeCircle" })
    const none = await runGraph(findCommand({ name: "makeCircel", exported: false, fuzzy: false, limit: 5 }), mem, saved)
    expect([none.exit, none.error?.code]).toEqual([6, "SPL-E001"])
    expect(none.error?.context?.["did_you_mean"]).toContain("makeCircle")
  })

  it("refs of an ambiguous name is SPL-E002 listing candidates; --file narrows it", async () => {
    const mem = fixtureFs()
    const saved = new SavedGraph()
    const amb = await runGraph(refsCommand({ name: "area" }), mem, saved)
    expect([amb.exit, amb.error?.code]).toEqual([6, "SPL-E002"])
    expect((amb.error?.context?.["candidates"] as unknown[]).length).toBe(5)
    const one = await runGraph(refsCommand({ name: "area", file: "py/pkg/geometry.py" }), mem, saved)
    expect(one.last["definition"]).toMatchObject({ qualified_name: "Rect.area", file: "py/pkg/geometry.py" })
    expect([...refsOf(one), ...byNameOf(one)]).toEqual([expect.objectContaining({ file: "py/pkg/report.py", kind: "call" })])
  })

  it("outline: a tree with signatures and spans", async () => {
    const mem = fixtureFs()
    const r = await runGraph(outlineCommand("rs/src/shapes.rs"), mem, new SavedGraph())
    const tree = r.last["symbols"] as Array<{ name: string; kind: string; children: Array<{ name: string; signature: string; span: { start_line: number } }> }>
    expect(tree.map((n) => `${n.kind} ${n.name}`)).toEqual(["struct Square", "trait Area", "function perimeter", "function helper"])
    expect(tree[0]!.children.map((c) => c.name)).toEqual(["new"]) // from the impl block
    expect(tree[1]!.children).toEqual([expect.objectContaining({ name: "area", signature: "fn area(&self) -> f64;", span: expect.objectContaining({ start_line: 12 }) })])
  })

  it("facts an older build extracted (meta facts missing or another version) are extracted again, every file, once; a refresh of some paths does not claim them current", async () => {
    const mem = fixtureFs("ts")
    const saved = new SavedGraph()
    expect((await runGraph(indexCommand(false), mem, saved)).last).toMatchObject({ parsed: 5 })
    const setFacts = (sql: string) => runGraph(Effect.flatMap(GraphDb, (db) => Effect.zipRight(db.run(sql), db.save)), mem, saved)
    const facts = async () => {
      let v: string | undefined
      await runGraph(Effect.map(Effect.flatMap(GraphDb, (db) => db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'facts'")), (r) => (v = r[0]?.value)), mem, saved)
      return v
    }
    expect(await facts()).toBe(FACTS_VERSION)
    await setFacts("DELETE FROM meta WHERE key = 'facts'") // as a database of an older build has it
    // A write's refresh of one path re-extracts that file only and leaves the version unclaimed.
    mem.put("src/lib/more.ts", `${mem.text("src/lib/more.ts")}export const added = 1\n`)
    expect((await runGraph(refreshPaths(["src/lib/more.ts"]), mem, saved)).exit).toBe(0)
    expect(await facts()).toBeUndefined()
    expect((await runGraph(indexCommand(false), mem, saved)).last).toMatchObject({ parsed: 5, unchanged: 0 })
    expect(await facts()).toBe(FACTS_VERSION)
    expect((await runGraph(indexCommand(false), mem, saved)).last).toMatchObject({ parsed: 0, unchanged: 5 })
    await setFacts("UPDATE meta SET value = '0' WHERE key = 'facts'")
    expect((await runGraph(refsCommand({ name: "added" }), mem, saved)).exit).toBe(0)
    expect(await facts()).toBe(FACTS_VERSION)
  })

  it("incremental: only a changed, an added file are parsed; a deleted file's facts go; nothing changed costs no parse", async () => {
    const mem = fixtureFs("ts")
    const saved = new SavedGraph()
    const first = await runGraph(indexCommand(false), mem, saved)
    expect(first.last).toMatchObject({ parsed: 5 })
    const again = await runGraph(indexCommand(false), mem, saved)
    expect(again.last).toMatchObject({ parsed: 0, unchanged: 5 })
    // Same bytes, new mtime: hashed, not parsed.
    mem.put("src/lib/more.ts", mem.text("src/lib/more.ts")!)
    expect((await runGraph(indexCommand(false), mem, saved)).last).toMatchObject({ parsed: 0, unchanged: 5 })
    mem.put("src/lib/more.ts", "export const describe = (s: string): string => s\nexport const extra = 1\n")
    mem.put("src/new.ts", "import { extra } from \"./lib/more\"\nexport const twice = extra * 2\n")
    mem.entries.delete("/ws/src/util/format.ts")
    const changed = await runGraph(indexCommand(false), mem, saved)
    expect(changed.last).toMatchObject({ parsed: 2, removed: 1, unchanged: 3 })
    const extra = await runGraph(refsCommand({ name: "extra" }), mem, saved)
    expect(refsOf(extra).map((r) => [r.file, r.kind, r.resolution])).toEqual([["src/new.ts", "import", "exact"], ["src/new.ts", "read", "exact"]])
    const gone = await runGraph(findCommand({ name: "formatArea", exported: false, fuzzy: false, limit: 5 }), mem, saved)
    expect(gone.error?.code).toBe("SPL-E001")
    // The import of the deleted module and the call lost their target: unresolved ('none'), not a guess.
    const rows = await runGraph(Effect.tap(Effect.flatMap(GraphDb, (db) => db.all<{ symbol_id: number | null; resolution: string }>(`SELECT symbol_id, ${resolutionText("resolution")} AS resolution FROM refs WHERE name_id = (SELECT id FROM names WHERE text = 'formatArea')`)),
      (rs) => Effect.sync(() => expect(rs).toEqual([{ symbol_id: null, resolution: "none" }, { symbol_id: null, resolution: "none" }]))), mem, saved)
    expect(rows.exit).toBe(0)
    const refresh = await runGraph(refreshGraph({ full: false, progress: false }), mem, saved)
    expect(refresh.exit).toBe(0)
  })

  it("respects .gitignore and skips node_modules, venvs and build output (dist beside tsconfig.json)", async () => {
    const mem = fixtureFs("ts")
    mem.put(".gitignore", "generated/\n*.gen.ts\n!keep.gen.ts\n")
    mem.put("generated/x.ts", "export const x = 1\n")
    mem.put("src/a.gen.ts", "export const a = 1\n")
    mem.put("src/keep.gen.ts", "export const k = 1\n")
    mem.put("node_modules/lib/index.ts", "export const n = 1\n")
    mem.put("dist/out.js", "export const d = 1\n")
    mem.put(".venv/lib/site.py", "x = 1\n")
    const r = await runGraph(indexCommand(false), mem, new SavedGraph())
    expect(r.last).toMatchObject({ files: 6 })
  })

  it("skips dist, build and target only as a project's build output: beside a manifest", async () => {
    const mem = fixtureFs("ts")
    mem.put("package.json", JSON.stringify({ name: "app" }))
    mem.put("dist/out.js", "export const fromDist = 1\n")
    mem.put("rs/Cargo.toml", "[package]\nname = \"rs\"\n")
    mem.put("rs/target/debug/gen.rs", "pub fn from_target() {}\n")
    // Go's own go/build package, a directory of build scripts: source, nothing beside them builds into them.
    mem.put("go/build/build.go", "package build\n\nfunc Import() {}\n")
    mem.put("tools/build/gen.ts", "export const fromTools = 1\n")
    // Go builds into neither: Go's own cmd/dist beside cmd/go.mod is a program's source.
    mem.put("cmd/go.mod", "module cmd\n")
    mem.put("cmd/dist/main.go", "package main\n\nfunc bootstrapBuildTools() {}\n")
    const saved = new SavedGraph()
    const find = (name: string) => runGraph(findCommand({ name, exported: false, fuzzy: false, limit: 5 }), mem, saved)
    expect((await find("Import")).lines[0]).toMatchObject({ file: "go/build/build.go" })
    expect((await find("fromTools")).lines[0]).toMatchObject({ file: "tools/build/gen.ts" })
    expect((await find("bootstrapBuildTools")).lines[0]).toMatchObject({ file: "cmd/dist/main.go" })
    expect((await find("fromDist")).error?.code).toBe("SPL-E001")
    expect((await find("from_target")).error?.code).toBe("SPL-E001")
    // A write into build output does not put it in the graph either.
    mem.put("dist/out.js", "export const fromDist = 2\n")
    await runGraph(refreshPaths(["dist/out.js"]), mem, saved)
    expect((await find("fromDist")).error?.code).toBe("SPL-E001")
  })

  it("a package as published (package.json and dist/ only) indexes its dist/, until it has other code", async () => {
    const mem = new MemoryFs()
    mem.put("package.json", JSON.stringify({ name: "lib", main: "dist/index.js" }))
    mem.put("dist/index.js", "export { getCookie } from './cookie.js'\n")
    mem.put("dist/cookie.js", "export const getCookie = (c) => c\n")
    const saved = new SavedGraph()
    const refs = await runGraph(refsCommand({ name: "getCookie" }), mem, saved)
    expect(refs.last["definition"]).toMatchObject({ file: "dist/cookie.js" })
    expect(refsOf(refs)).toEqual([expect.objectContaining({ file: "dist/index.js", kind: "import", resolution: "exact" })])
    // splice's own write refreshes the written file: still indexed.
    mem.put("dist/cookie.js", "export const getCookie = (c) => c\nexport const setCookie = (c) => c\n")
    await runGraph(refreshPaths(["dist/cookie.js"]), mem, saved)
    const find = (name: string) => runGraph(findCommand({ name, exported: false, fuzzy: false, limit: 5 }), mem, saved)
    expect((await find("setCookie")).lines[0]).toMatchObject({ file: "dist/cookie.js" })
    // Sources appear: dist/ is build output again and leaves the graph.
    mem.put("src/cookie.ts", "export const getCookie = (c: string) => c\n")
    expect((await find("getCookie")).lines[0]).toMatchObject({ file: "src/cookie.ts" })
    expect((await find("setCookie")).error?.code).toBe("SPL-E001")
  })

  it("tsconfig paths and baseUrl set in the configs a tsconfig.json extends resolve imports (later extends entries override)", async () => {
    const mem = new MemoryFs()
    mem.put("tsconfig.base.json", JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@lib/*": ["libs/lib/src/*"] } } }))
    mem.put("tsconfig.old.json", JSON.stringify({ compilerOptions: { paths: { "@lib/*": ["libs/old/*"] } } }))
    mem.put("packages/app/tsconfig.json", JSON.stringify({ extends: ["../../tsconfig.old.json", "../../tsconfig.base.json"], include: ["src"] }))
    mem.put("libs/lib/src/util.ts", "export function slugify(s: string): string {\n  return s\n}\n")
    mem.put("libs/old/util.ts", "export function slugify(s: string): string {\n  return s + 'old'\n}\n")
    mem.put("packages/app/src/main.ts", "import { slugify } from \"@lib/util\"\nexport const title = slugify(\"A b\")\n")
    const saved = new SavedGraph()
    const refs = await runGraph(refsCommand({ name: "slugify", file: "libs/lib/src/util.ts" }), mem, saved)
    expect(refsOf(refs).map((r) => `${r.file}:${r.line} ${r.kind} ${r.resolution}`)).toEqual([
      "packages/app/src/main.ts:1 import exact", "packages/app/src/main.ts:2 call exact"
    ])
    // The base is a project file: changing it is seen by the next query.
    mem.put("tsconfig.base.json", JSON.stringify({ compilerOptions: { baseUrl: "." } }))
    const old = await runGraph(refsCommand({ name: "slugify", file: "libs/old/util.ts" }), mem, saved)
    expect(refsOf(old).map((r) => `${r.file}:${r.line} ${r.kind} ${r.resolution}`)).toEqual([
      "packages/app/src/main.ts:1 import exact", "packages/app/src/main.ts:2 call exact"
    ])
  })

  it("status reports counts and stale files without refreshing", async () => {
    const mem = fixtureFs("ts")
    const saved = new SavedGraph()
    await runGraph(indexCommand(false), mem, saved)
    mem.put("src/lib/more.ts", "export const describe = 1\n")
    mem.put("src/added.ts", "export const a = 1\n")
    const s = await runGraph(statusCommand, mem, saved)
    expect(s.last).toMatchObject({ indexed_files: 5, stale: [{ file: "src/lib/more.ts", state: "stale" }], unindexed: ["src/added.ts"] })
  })

  it("status counts as resolved only references that point at a declaration: a Python call on a value of unknown type is settled, not resolved", async () => {
    const mem = new MemoryFs({ "m.py": "class A:\n    def size(self):\n        return 1\n\n\ndef f(box):\n    return box.size() + A().size()\n\n\ndef g():\n    return f(A())\n" })
    const saved = new SavedGraph()
    await runGraph(indexCommand(false), mem, saved)
    const s = await runGraph(statusCommand, mem, saved)
    // f(…), the two A(…) and A().size() resolve; box.size() points at nothing here.
    expect(s.last).toMatchObject({ references: 5, resolved_exact: 4 })
  })

  it("status reports files that cannot be indexed (not UTF-8, binary) as skipped with the reason, not as 'not yet indexed' forever", async () => {
    const mem = fixtureFs("ts")
    mem.put("src/latin1.ts", new Uint8Array([0x2f, 0x2f, 0x20, 0xe9, 0x0a]))
    mem.put("src/blob.ts", new Uint8Array([0x00, 0x01, 0x02]))
    const saved = new SavedGraph()
    await runGraph(indexCommand(false), mem, saved)
    const s = await runGraph(statusCommand, mem, saved)
    expect(s.last).toMatchObject({ unindexed: [], skipped: [{ file: "src/blob.ts", reason: "binary" }, { file: "src/latin1.ts", reason: "not valid UTF-8" }] })
    // A skipped file is not read again while unchanged; fixed, it is indexed.
    const again = await runGraph(indexCommand(false), mem, saved)
    expect(again.last).toMatchObject({ parsed: 0 })
    mem.put("src/latin1.ts", "export const fixed = 1\n")
    await runGraph(indexCommand(false), mem, saved)
    const after = await runGraph(statusCommand, mem, saved)
    expect(after.last).toMatchObject({ skipped: [{ file: "src/blob.ts" }], unindexed: [] })
    // A file that was text and turns binary loses its facts.
    mem.put("src/latin1.ts", new Uint8Array([0x00]))
    const gone = await runGraph(findCommand({ name: "fixed", exported: false, fuzzy: false, limit: 5 }), mem, saved)
    expect(gone.error?.code).toBe("SPL-E001")
  })

  it("find says when --limit cut the list: truncated and the total", async () => {
    const mem = fixtureFs()
    const saved = new SavedGraph()
    const r = await runGraph(findCommand({ name: "*", exported: false, fuzzy: false, limit: 3 }), mem, saved)
    expect(r.lines.filter((l) => l["type"] === "symbol")).toHaveLength(3)
    expect(r.last).toMatchObject({ count: 3, truncated: true, total: expect.any(Number) })
    expect(r.last["total"] as number).toBeGreaterThan(3)
    const all = await runGraph(findCommand({ name: "area", exported: false, fuzzy: false, limit: 200 }), mem, saved)
    expect(all.last).toMatchObject({ count: 5, total: 5, truncated: false })
    const bad = await runGraph(findCommand({ name: "area", exported: false, fuzzy: false, limit: 0 }), mem, saved)
    expect(bad.error?.code).toBe("SPL-E010")
  })

  it("find --file matches the path as typed, or a suffix at a / (not inside a name), with LIKE wildcards taken literally", async () => {
    const mem = fixtureFs("ts")
    mem.put("src/lib/xshapes.ts", "export const area = 1\n")
    mem.put("src/lib/a_b.ts", "export const area = 2\n")
    mem.put("src/lib/axb.ts", "export const area = 3\n")
    const saved = new SavedGraph()
    const files = async (file: string) =>
      (await runGraph(findCommand({ name: "area", file, exported: false, fuzzy: false, limit: 50 }), mem, saved)).lines.filter((l) => l["type"] === "symbol").map((l) => l["file"])
    const shapes = await files("shapes.ts")
    expect(shapes.length).toBeGreaterThan(0)
    expect(new Set(shapes)).toEqual(new Set(["src/lib/shapes.ts"]))
    expect(await files("a_b.ts")).toEqual(["src/lib/a_b.ts"])
    // A path that exists as given wins over the same name deeper down (date-fns' addDays.js and fp/addDays.js).
    mem.put("area.ts", "export const area = 0\n")
    mem.put("fp/area.ts", "export const area = 4\n")
    expect(await files("area.ts")).toEqual(["area.ts"])
    expect(await files("fp/area.ts")).toEqual(["fp/area.ts"])
    const refs = await runGraph(refsCommand({ name: "area", file: "area.ts" }), mem, saved)
    expect(refs.last).toMatchObject({ definition: { file: "area.ts" } })
  })

  it("outline: a Python signature ends at its colon, without the comment after it", async () => {
    const mem = new MemoryFs({ "m.py": "class C:\n    def __chain_b(self): # Because 'b' is chained\n        return 1\n\n    def g(self, s='#not a comment'):  # but this is\n        pass\n" })
    const r = await runGraph(outlineCommand("m.py"), mem, new SavedGraph())
    const methods = (r.last["symbols"] as Array<{ children: Array<{ signature: string }> }>)[0]!.children.map((c) => c.signature)
    expect(methods).toEqual(["def __chain_b(self)", "def g(self, s='#not a comment')"])
  })

  it("a database splice did not create is refused (SPL-E091) and left alone", async () => {
    const saved = new SavedGraph()
    // A valid SQLite file with someone else's schema.
    const other = await runGraph(Effect.flatMap(GraphDb, (db) => Effect.zipRight(db.run("DROP TABLE meta"), db.save)), fixtureFs("ts"), saved)
    expect(other.exit).toBe(0)
    const bytes = saved.bytes
    const r = await runGraph(indexCommand(false), fixtureFs("ts"), saved)
    expect([r.exit, r.error?.code]).toEqual([3, "SPL-E091"])
    expect(saved.bytes).toBe(bytes)
    const newer = new SavedGraph()
    await runGraph(Effect.flatMap(GraphDb, (db) => Effect.zipRight(db.run("UPDATE meta SET value = '99' WHERE key = 'schema_version'"), db.save)), fixtureFs("ts"), newer)
    const future = await runGraph(indexCommand(false), fixtureFs("ts"), newer)
    expect([future.exit, future.error?.code]).toEqual([3, "SPL-E091"])
    expect(future.error?.message).toMatch(/schema version 99/)
    saved.bytes = new TextEncoder().encode("not a database at all, no header")
    const corrupt = await runGraph(indexCommand(false), fixtureFs("ts"), saved)
    expect([corrupt.exit, corrupt.error?.code]).toEqual([3, "SPL-E091"])
  })

  it("suggest: keywords, related symbols, types and imports relative to the target", async () => {
    const mem = fixtureFs()
    const saved = new SavedGraph()
    const ts = await runGraph(suggestCommand({ fnName: "scale_circle", desc: "Scale a circle shape by a factor", file: "ts/src/lib/scale.ts" }), mem, saved)
    expect(ts.last).toMatchObject({
      function_name: "scale_circle",
      language: "typescript",
      suggested_signature: "export function scaleCircle(circle: Circle): Circle",
      imports: ["import type { Circle } from \"./shapes\""],
      keywords: ["scale", "circle", "shape", "factor"]
    })
    expect((ts.last["inferred_from"] as Array<{ name: string; file: string; score: number }>)[0]).toMatchObject({ name: "Circle", file: "ts/src/lib/shapes.ts" })
    const py = await runGraph(suggestCommand({ fnName: "rect_area_report", desc: "report the area of a rect", file: "py/pkg/area.py" }), mem, saved)
    expect(py.last).toMatchObject({ language: "python", suggested_signature: "def rect_area_report(rect: Rect):", imports: ["from .geometry import Rect"] })
    const nothing = await runGraph(suggestCommand({ fnName: "frobnicate", desc: "zzz qqq", file: "x.ts" }), mem, saved)
    expect(nothing.last).toMatchObject({ inferred_from: [], suggested_signature: "export function frobnicate(input: unknown): unknown", note: expect.stringMatching(/nothing related/) })
  })
})

describe("TypeScript and JavaScript exports across files", () => {
  it("a default export, an export alias, CommonJS exports and a package importing itself by name resolve exactly", async () => {
    const mem = new MemoryFs({
      "package.json": JSON.stringify({ name: "shapes", exports: { "./geo": "./src/geo.ts" } }),
      "src/geo.ts": "export default function area(r: number) { return r * r }\nconst scaleImpl = (k: number) => k\nexport { scaleImpl as scale }\n",
      "src/main.ts": "import area, { scale } from \"./geo.js\"\nimport * as geo from \"shapes/geo\"\nexport const x = area(scale(2)) + geo.scale(1)\n",
      "lib/util.js": "exports.slug = function (s) { return s }\nfunction pad(s) { return s }\nmodule.exports.pad = pad\n",
      "lib/app.js": "const { slug } = require(\"./util\")\nconst util = require(\"./util.js\")\nmodule.exports = () => slug(\"x\") + util.slug(\"y\")\n"
    })
    const saved = new SavedGraph()
    const where = (r: { last: Record<string, unknown> }) => refsOf(r).map((x) => `${x.file}:${x.line} ${x.kind} ${x.resolution}`)
    expect(where(await runGraph(refsCommand({ name: "area" }), mem, saved))).toEqual(["src/main.ts:1 import exact", "src/main.ts:3 call exact"])
    expect(where(await runGraph(refsCommand({ name: "scaleImpl" }), mem, saved))).toEqual(["src/geo.ts:3 read exact", "src/main.ts:1 import exact", "src/main.ts:3 call exact", "src/main.ts:3 call exact"])
    expect(where(await runGraph(refsCommand({ name: "slug" }), mem, saved))).toEqual(["lib/app.js:1 import exact", "lib/app.js:3 call exact", "lib/app.js:3 call exact"])
  })

  it("the properties of an object literal typed by another file's interface are exact references of its methods; a class's static method of that name is not", async () => {
    const mem = new MemoryFs({
      "src/Cause.ts": [
        "export interface CauseReducer<C, Z> {",
        "  emptyCase(context: C): Z",
        "  interruptCase(context: C, fiberId: number): Z",
        "}",
        "export class Registry { static interruptCase() { return 0 } }",
        "export const reduce = <C, Z>(context: C, reducer: CauseReducer<C, Z>): Z => reducer.emptyCase(context)",
        ""
      ].join("\n"),
      "src/internal/cause.ts": [
        "import type * as Cause from \"../Cause.js\"",
        "import { Registry } from \"../Cause.js\"",
        "const SizeCauseReducer: Cause.CauseReducer<unknown, number> = {",
        "  emptyCase: () => 0,",
        "  interruptCase: () => 1",
        "}",
        "const counts: Registry = { interruptCase: () => 2 } as any",
        "export const size = SizeCauseReducer",
        ""
      ].join("\n")
    })
    const saved = new SavedGraph()
    const where = (r: { last: Record<string, unknown>; error?: unknown }) => r.error !== undefined ? [JSON.stringify(r.error)] : [...refsOf(r), ...byNameOf(r)].map((x) => `${x.file}:${x.line} ${x.kind} ${x.resolution}`)
    expect(where(await runGraph(refsCommand({ name: "CauseReducer.interruptCase" }), mem, saved))).toEqual(["src/internal/cause.ts:5 read exact"])
    // `reducer.emptyCase()` on `reducer: CauseReducer<C, Z>`: a member of the parameter's type, exact.
    expect(where(await runGraph(refsCommand({ name: "CauseReducer.emptyCase" }), mem, saved))).toEqual(["src/Cause.ts:6 call exact", "src/internal/cause.ts:4 read exact"])
    expect(where(await runGraph(refsCommand({ name: "Registry.interruptCase" }), mem, saved))).toEqual([])
    // One-file refreshes: a literal names a method the interface lacks (unresolved, no guess); the
    // interface gains it (the literal, unchanged, is found by that name); then the interface turns
    // into a class (its importers resolve again: no longer an interface's member).
    mem.put("src/more.ts", "import type { CauseReducer } from \"./Cause.js\"\nexport const r: CauseReducer<0, 0> = { emptyCase: () => 0, dieCase: () => 0 }\n")
    expect(where(await runGraph(refsCommand({ name: "CauseReducer.emptyCase" }), mem, saved))).toEqual(["src/Cause.ts:6 call exact", "src/internal/cause.ts:4 read exact", "src/more.ts:2 read exact"])
    mem.put("src/Cause.ts", mem.text("src/Cause.ts")!.replace("  emptyCase(context: C): Z\n", "  emptyCase(context: C): Z\n  dieCase(context: C): Z\n"))
    expect(where(await runGraph(refsCommand({ name: "CauseReducer.dieCase" }), mem, saved))).toEqual(["src/more.ts:2 read exact"])
    mem.put("src/Cause.ts", mem.text("src/Cause.ts")!.replace("export interface CauseReducer<C, Z> {", "export declare class CauseReducer<C, Z> {"))
    expect(where(await runGraph(refsCommand({ name: "CauseReducer.dieCase" }), mem, saved))).toEqual([])
    expect(where(await runGraph(refsCommand({ name: "CauseReducer.interruptCase" }), mem, saved))).toEqual([])
  })
})

describe("refs of a member", () => {
  it("lists, by name (kind text), each `.name` the graph has no record of (a read on a value of inferred type), as delete and rename do; not one the graph ties to another symbol", async () => {
    const mem = new MemoryFs({
      "m.ts": [
        "export interface Item { lane: number }",
        "export interface Other { lane: string }",
        "export function lanes(items: Item[], o: Other): number[] {",
        "  const out: number[] = []",
        "  for (const item of items) out.push(item.lane)",
        "  const first = items[0]",
        "  if (first) out.push(first.lane)",
        "  return o.lane.length > 0 ? out : []",
        "}",
        ""
      ].join("\n")
    })
    const r = await runGraph(refsCommand({ name: "Item.lane" }), mem, new SavedGraph())
    expect(refsOf(r)).toEqual([])
    expect(byNameOf(r).map((x) => `${x.line} ${x.kind} ${x.resolution}`)).toEqual(["5 text name", "7 text name"])
  })
})

describe("this under a declared type", () => {
  it("this.m() in a function declaring `this: Ns.T` is an exact reference of the interface's method; a class's is not taken for it", async () => {
    const mem = new MemoryFs({
      "src/Duration.ts": "export interface Duration {\n  toMillis(): number\n}\nexport declare class Clock {\n  static toMillis(): number\n}\n",
      "src/internal/duration.ts": [
        "import type * as Duration from \"../Duration.js\"",
        "import type { Clock } from \"../Duration.js\"",
        "export const DurationProto = {",
        "  toJSON(this: Duration.Duration) {",
        "    return { _id: \"Duration\", millis: this.toMillis() }",
        "  },",
        "  tick(this: Clock) { return this.toMillis() }",
        "}",
        ""
      ].join("\n")
    })
    const saved = new SavedGraph()
    const where = (r: { last: Record<string, unknown>; error?: unknown }) => r.error !== undefined ? [JSON.stringify(r.error)] : [...refsOf(r), ...byNameOf(r)].map((x) => `${x.file}:${x.line} ${x.kind} ${x.resolution}`)
    // Line 7's `this.toMillis()` the graph ties to neither: a `.toMillis` by name (text) for each; line 5's is Duration's alone.
    expect(where(await runGraph(refsCommand({ name: "Duration.toMillis" }), mem, saved))).toEqual(["src/internal/duration.ts:5 call exact", "src/internal/duration.ts:7 text name"])
    expect(where(await runGraph(refsCommand({ name: "Clock.toMillis" }), mem, saved))).toEqual(["src/internal/duration.ts:7 text name"])
  })
})

describe("a graph kept open between calls (splice mcp)", () => {
  it("a refresh that finds every file as the last one left them reads nothing; any change, or a write's refresh of some paths, makes the next refresh look again", async () => {
    const mem = fixtureFs("ts")
    const program = Effect.gen(function*() {
      const db = yield* GraphDb
      const first = yield* refreshGraph({ full: false, progress: false })
      expect(first.parsed).toBeGreaterThan(0)
      // Counted queries: the quick path runs none.
      let queries = 0
      const all = db.all
      ;(db as { all: typeof db.all }).all = ((sql: string, params?: ReadonlyArray<string | number | null>) => (queries++, all(sql, params))) as typeof db.all
      const again = yield* refreshGraph({ full: false, progress: false })
      expect([again.parsed, again.changed, queries]).toEqual([0, [], 0])
      // Changed on disk (size and mtime): seen.
      mem.put("src/lib/shapes.ts", mem.text("src/lib/shapes.ts") + "export const tau = 6.28\n")
      const changed = yield* refreshGraph({ full: false, progress: false })
      expect(changed.changed).toEqual(["src/lib/shapes.ts"])
      expect(queries).toBeGreaterThan(0)
      // The paths a write refreshed: the next full walk cannot trust the last one.
      yield* refreshPaths(["src/lib/shapes.ts"])
      expect(db.memo.has("refresh:in-sync-with")).toBe(false)
      const after = yield* refreshGraph({ full: false, progress: false })
      expect(after.parsed).toBe(0)
      expect(db.memo.has("refresh:in-sync-with")).toBe(true)
    })
    const r = await runGraph(program, mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
  })
})
