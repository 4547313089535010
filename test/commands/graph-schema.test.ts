import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import initSqlJs from "sql.js"
import { describe, expect, it } from "vitest"
import { exportCommand } from "../../src/commands/graph/export.js"
import { refreshGraph } from "../../src/commands/graph/refresh.js"
import { refsCommand } from "../../src/commands/graph/refs.js"
import { FACTS_VERSION, REF_KINDS, refKindCode, RESOLUTIONS, resolutionCode, SCHEMA_VERSION } from "../../src/domain/graph/schema.js"
import { GraphDb } from "../../services/GraphDb.js"
import { FIXTURES, fixtureFs, runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"

/**
 * test/fixtures/graph-schema4.db: test/fixtures/graph indexed by splice at commit 008ced1 (schema 4,
 * names and codes as text), with `node dist/launch.cjs index` in a copy of that directory.
 */
const SCHEMA4 = path.join(FIXTURES, "..", "graph-schema4.db")

type Graph = { files: Array<Record<string, unknown>>; symbols: unknown[]; references: unknown[]; imports: unknown[] }
const graphOf = async (saved: SavedGraph, mem: MemoryFs) => {
  const r = await runGraph(exportCommand("json"), mem, saved)
  expect(r.exit).toBe(0)
  const g = r.last["graph"] as Graph
  // When a file was indexed, and its mtime on this (memory) file system, differ between the two.
  return { ...g, files: g.files.map(({ indexed_at: _i, mtime: _m, ...f }) => f) }
}
/**
 * Both graphs without the references extraction records differently since the fixture was built
 * (FACTS_VERSION's history in src/domain/graph/schema.ts: 2, Python attribute reads on a typed local
 * or a call's result, `r.w` of `r: Rect`; 3, class-body names, none in the fixture; 4, Go locals typed
 * by a call, `p.(geo.NewPoint())`; 5, TS/JS members as symbols, `private radius`, and the members of
 * typed values, `s.area()` of `s: Shape`), as the new index has them, and without reference ids,
 * which those shift. Symbols are named by file and place instead of ids (the new members shift those).
 */
const withoutNewerFacts = (a: Graph, b: Graph) => {
  type Row = Record<string, unknown>
  const scripts = new Set((b.files as Row[]).filter((f) => ["typescript", "tsx", "javascript"].includes(f["language"] as string)).map((f) => f["id"]))
  const goFiles = new Set((b.files as Row[]).filter((f) => f["language"] === "go").map((f) => f["id"]))
  // Facts 5: TS/JS members; facts 6: Go struct fields, read on typed values and as struct literal keys.
  const isMember = (s: Row) => (scripts.has(s["file_id"]) && s["container"] !== null && (s["kind"] === "property" || s["kind"] === "constant")) ||
    (goFiles.has(s["file_id"]) && s["kind"] === "property")
  const members = (g: Graph) => new Set((g.symbols as Row[]).filter(isMember).map((s) => s["id"]))
  const newer = (g: Graph) => {
    const ids = members(g)
    return (r: Row) =>
      (typeof r["qualifier"] === "string" && ((r["kind"] === "read" && /^\w+(: | = )|\(\)$/.test(r["qualifier"])) || /^\w+\.\(.*\(\)\)$/.test(r["qualifier"]))) ||
      ids.has(r["symbol_id"]) || String(r["binding"]).startsWith("type-member:") || (scripts.has(r["file_id"]) && r["qualifier"] !== null && r["binding"] === "member") ||
      (goFiles.has(r["file_id"]) && r["kind"] === "read" && r["qualifier"] !== null)
  }
  const key = (r: Row) => `${r["file_id"]}:${r["start_byte"]}`
  const changed = new Set([...(a.references as Row[]).filter(newer(a)), ...(b.references as Row[]).filter(newer(b))].map(key))
  const strip = (g: Graph) => {
    const place = new Map((g.symbols as Row[]).map((s) => [s["id"], `${s["file_id"]}:${s["start_byte"]}:${s["name"]}`]))
    const at = (id: unknown) => (id === null ? null : place.get(id))
    return {
      ...g,
      symbols: (g.symbols as Row[]).filter((s) => !isMember(s)).map(({ id, ...s }) => ({ ...s, id: at(id) })),
      references: (g.references as Row[]).filter((r) => !changed.has(key(r))).map(({ id: _id, ...r }) => ({ ...r, symbol_id: at(r["symbol_id"]), enclosing_symbol_id: at(r["enclosing_symbol_id"]) }))
    }
  }
  return [strip(a), strip(b)]
}
/** Rows of a query on the saved database, read without refreshing it. */
const query = async <T>(sql: string, saved: SavedGraph) => {
  let rows: T[] = []
  const r = await runGraph(Effect.tap(Effect.flatMap(GraphDb, (db) => db.all<T>(sql)), (x) => Effect.sync(() => { rows = x })), fixtureFs(), saved)
  expect(r.exit).toBe(0)
  return rows
}

/** A database's bytes after one statement. */
const edited = async (bytes: Uint8Array, sql: string, params: ReadonlyArray<string> = []) => {
  const SQL = await initSqlJs()
  const db = new SQL.Database(bytes)
  db.run(sql, [...params])
  const out = db.export()
  db.close()
  return out
}

describe("the graph's schema", () => {
  it("a schema-4 database, built by the previous splice, is migrated in place, saved once, and answers as a new index does", async () => {
    const old = new SavedGraph()
    // The migration is what is tested: its facts are marked as this build's, or the first refresh
    // would extract every file again (as it does for an older build's facts: graph.test.ts).
    old.bytes = await edited(new Uint8Array(fs.readFileSync(SCHEMA4)), "INSERT OR REPLACE INTO meta (key, value) VALUES ('facts', ?)", [FACTS_VERSION])
    const fresh = new SavedGraph()
    // One tree each, so later runs trust the sizes and times they recorded.
    const [oldTree, freshTree] = [fixtureFs(), fixtureFs()]

    // Every fact of every file, and every reference with its target and resolution, is the same.
    const migrated = await graphOf(old, oldTree)
    expect(old.saves).toBe(1)
    const rebuilt = await graphOf(fresh, freshTree)
    expect(migrated.references.length).toBe(148)
    const [was, is] = withoutNewerFacts(migrated, rebuilt)
    expect(was).toEqual(is)
    expect(await query<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'", old)).toEqual([{ value: String(SCHEMA_VERSION) }])
    // Compacted once migrated: the rebuilt table's old pages are not kept free in the file.
    expect(await query<{ freelist_count: number }>("PRAGMA freelist_count", old)).toEqual([{ freelist_count: 0 }])

    // Saved after migrating: the next process neither migrates nor saves again. The queries of
    // refs read names, codes and the partial indexes as a new index's do.
    for (const name of ["makeCircle", "area"]) {
      const a = await runGraph(refsCommand({ name }), oldTree, old)
      const b = await runGraph(refsCommand({ name }), freshTree, fresh)
      expect(a.exit).toBe(b.exit)
      expect(a.last).toEqual(b.last)
    }
    expect(old.saves).toBe(1)
  })

  it("a schema-4 database the migration cannot read (a reference kind no splice wrote) is SPL-E091, and nothing is saved over it", async () => {
    const damaged = new SavedGraph()
    damaged.bytes = await edited(new Uint8Array(fs.readFileSync(SCHEMA4)), "UPDATE refs SET kind = 'write' WHERE id = (SELECT min(id) FROM refs)")
    const before = damaged.bytes
    const r = await runGraph(refsCommand({ name: "makeCircle" }), fixtureFs(), damaged)
    expect(r.error?.code).toBe("SPL-E091")
    expect(r.error?.message).toMatch(new RegExp(`from schema version 4 to ${SCHEMA_VERSION}: .*NOT NULL`))
    expect(damaged.saves).toBe(0)
    expect(damaged.bytes).toBe(before)
  })

  it("a file with SQLite's header and damaged pages is SPL-E091 (corrupt), not an internal error, and nothing is saved over it", async () => {
    const good = new SavedGraph()
    await runGraph(refreshGraph({ full: true, progress: false }), fixtureFs(), good)
    for (const damage of [(b: Uint8Array) => b.fill(0x5a, 16), (b: Uint8Array) => b.fill(0x5a, 100, 4096)]) {
      const damaged = new SavedGraph()
      damaged.bytes = damage(new Uint8Array(good.bytes!))
      const before = damaged.bytes
      const r = await runGraph(refsCommand({ name: "makeCircle" }), fixtureFs(), damaged)
      expect([r.exit, r.error?.code, r.error?.message]).toEqual([3, "SPL-E091", expect.stringMatching(/is corrupt: .*(not a database|malformed)/)])
      expect(damaged.saves).toBe(0)
      expect(damaged.bytes).toBe(before)
    }
  })

  it("stores each reference name once, kind and resolution as codes, and drops names no reference uses with a full index", async () => {
    const saved = new SavedGraph()
    const mem = fixtureFs("ts")
    expect((await runGraph(refreshGraph({ full: false, progress: false }), mem, saved)).exit).toBe(0)
    const dup = await query<{ n: number }>("SELECT count(*) AS n FROM (SELECT text FROM names GROUP BY text HAVING count(*) > 1)", saved)
    expect(dup).toEqual([{ n: 0 }])
    const kinds = await query<{ kind: number }>("SELECT DISTINCT kind FROM refs ORDER BY kind", saved)
    expect(kinds.every((k) => Number.isInteger(k.kind) && k.kind >= 0 && k.kind < REF_KINDS.length)).toBe(true)
    const how = await query<{ resolution: number }>("SELECT DISTINCT resolution FROM refs", saved)
    expect(how.every((k) => Number.isInteger(k.resolution) && k.resolution >= 0 && k.resolution < RESOLUTIONS.length)).toBe(true)

    // A refresh that removes the only uses of a name keeps its row; a full index drops it.
    const main = "src/main.ts"
    mem.put(main, `${mem.text(main)!}\nexport const onlyHere = () => neverSeenElsewhere()\n`)
    expect((await runGraph(refreshGraph({ full: false, progress: false }), mem, saved)).exit).toBe(0)
    const named = "SELECT count(*) AS n FROM names WHERE text = 'neverSeenElsewhere'"
    expect(await query<{ n: number }>(named, saved)).toEqual([{ n: 1 }])
    mem.put(main, mem.text(main)!.replace("\nexport const onlyHere = () => neverSeenElsewhere()\n", ""))
    expect((await runGraph(refreshGraph({ full: false, progress: false }), mem, saved)).exit).toBe(0)
    expect(await query<{ n: number }>(named, saved)).toEqual([{ n: 1 }])
    expect((await runGraph(refreshGraph({ full: true, progress: false }), mem, saved)).exit).toBe(0)
    expect(await query<{ n: number }>(named, saved)).toEqual([{ n: 0 }])
    expect(await query<{ n: number }>("SELECT count(*) AS n FROM refs r LEFT JOIN names n ON n.id = r.name_id WHERE n.id IS NULL", saved)).toEqual([{ n: 0 }])
  })

  it("a bulk index (a hundred files and more) leaves the rollback journal it ran without as it was (the same database's next transaction rolls back), and settles", async () => {
    const mem = new MemoryFs()
    const result: unknown[] = []
    for (let i = 0; i < 120; i++) mem.put(`m${i}.py`, i === 0 ? "def f0():\n    return 0\n" : `from m${i - 1} import f${i - 1}\n\ndef f${i}():\n    return f${i - 1}()\n`)
    const program = Effect.gen(function*() {
      const stats = yield* refreshGraph({ full: true, progress: false })
      const db = yield* GraphDb
      const mode = (yield* db.all<{ journal_mode: string }>("PRAGMA journal_mode"))[0]?.journal_mode
      yield* db.run("BEGIN")
      yield* db.run("DELETE FROM symbols")
      yield* db.run("ROLLBACK")
      const symbols = (yield* db.all<{ n: number }>("SELECT count(*) AS n FROM symbols"))[0]?.n
      const exact = (yield* db.all<{ n: number }>(`SELECT count(*) AS n FROM refs WHERE resolution = ${resolutionCode("exact")} AND kind = ${refKindCode("call")}`))[0]?.n
      return yield* Effect.sync(() => ({ parsed: stats.parsed, mode, symbols, exact }))
    })
    const saved = new SavedGraph()
    const r = await runGraph(Effect.flatMap(program, (v) => Effect.sync(() => void result.push(v))), mem, saved)
    expect(r.exit).toBe(0)
    expect(result).toEqual([{ parsed: 120, mode: "memory", symbols: 120, exact: 119 }])
    // Long work: a long-running process would give its garbage back; a refresh of one file is not.
    expect(saved.settles).toBe(1)
    mem.put("m0.py", "def f0():\n    return 1\n")
    expect((await runGraph(refreshGraph({ full: false, progress: false }), mem, saved)).exit).toBe(0)
    expect(saved.settles).toBe(1)
  })

  it("codes: the text each column stores as an integer, and an unknown text is a bug, not a silent 0", () => {
    expect(REF_KINDS.map(refKindCode)).toEqual([0, 1, 2, 3])
    expect(RESOLUTIONS.map(resolutionCode)).toEqual([0, 1, 2])
    expect(() => refKindCode("write")).toThrow(/unknown reference kind write/)
    expect(() => resolutionCode("maybe")).toThrow(/unknown resolution maybe/)
  })
})
