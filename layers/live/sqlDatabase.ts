import * as Effect from "effect/Effect"
import type { Database, SqlJsStatic, Statement } from "sql.js"
import { CREATOR, JOURNAL_MODE, MIGRATED, MIGRATIONS, SCHEMA_VERSION } from "../../src/domain/graph/schema.js"
import { spliceError } from "../../src/domain/SpliceError.js"
import type { DbLocation, GraphDbService, SqlValue } from "../../services/GraphDb.js"
import { eventLoopTurn } from "./eventLoopTurn.js"
import { readWasm } from "./grammarFiles.js"
import { fileContent } from "./sqlFileBytes.js"

/** sql.js: the runtime (loaded from bytes, once), schema checks and migrations, and the service wrapper. */

let runtime: Promise<SqlJsStatic> | undefined
/**
 * sql.js, imported on first use: commands that never open the graph never evaluate it. Its wasm
 * compiles on V8's background threads, so a graph command starts it before taking the database's
 * lock and reading the file (GraphDbLive), which then overlap the compile.
 */
export const startSqlJs = () =>
  (runtime ??= import("sql.js").then((m) => m.default({ wasmBinary: readWasm("sql-wasm.wasm", "sql.js/dist") as unknown as ArrayBuffer })))

const SQLITE_HEADER = "SQLite format 3\u0000"

/**
 * The rollback journal and temporary tables in SQLite's memory rather than in files of sql.js's
 * in-memory file system, whose writes copy each page into a JavaScript array grown by copying (a
 * one-file refresh of effect's graph: its transaction 72-85 ms -> 34-45 ms, the refresh's temporary
 * table 20 -> 6 ms). Nothing is lost: that file system is the process's memory too, and the
 * database on disk changes only by `save`'s atomic write. ROLLBACK works alike. Both are settings
 * of the connection, which a save keeps open (sqlFileBytes.ts; sql.js's `export` does too).
 */
const IN_MEMORY = `PRAGMA journal_mode = ${JOURNAL_MODE}; PRAGMA temp_store = MEMORY`

const dbError = (location: DbLocation, message: string, hint?: string) =>
  spliceError("SPL-E091", message, { ...(hint ? { hint } : {}), context: { db: location.path, source: location.source } })

/** Open (or create) a database and bring it to the current schema; refuse foreign or corrupt ones. */
export const openGraphDatabase = (bytes: Uint8Array | null, location: DbLocation) =>
  Effect.gen(function*() {
    const SQL = yield* Effect.promise(startSqlJs)
    if (bytes !== null && bytes.length > 0) {
      const header = new TextDecoder().decode(bytes.subarray(0, 16))
      if (header !== SQLITE_HEADER) {
        return yield* Effect.fail(dbError(location, `${location.path} is not a SQLite database`, "Pass --db with another path, or remove the file if it is splice's and damaged."))
      }
    }
    const db = yield* Effect.try({
      // In storage that grows in place, the bytes themselves when read by readDatabaseFile (sqlFileBytes.ts).
      try: () => new SQL.Database(fileContent(SQL, bytes)),
      catch: (e) => dbError(location, `cannot open ${location.path}: ${String(e)}`)
    })
    const query = <T>(sql: string): T[] => {
      const r = db.exec(sql)
      if (r.length === 0) return []
      const { columns, values } = r[0]!
      return values.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])) as T)
    }
    const fresh = bytes === null || bytes.length === 0
    if (!fresh) {
      const check = Effect.try({
        try: () => {
          // Reads the file's first page: a damaged file fails here, as corrupt.
          db.run(IN_MEMORY)
          const tables = query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").map((t) => t.name)
          if (!tables.includes("meta")) return { creator: undefined, version: 0 }
          const meta = Object.fromEntries(query<{ key: string; value: string }>("SELECT key, value FROM meta").map((r) => [r.key, r.value]))
          return { creator: meta["creator"], version: Number(meta["schema_version"] ?? 0) }
        },
        catch: (e) => dbError(location, `${location.path} is corrupt: ${String(e)}`, "Remove it and run `splice index --full` if it is splice's.")
      })
      const { creator, version } = yield* check
      if (creator !== CREATOR) {
        db.close()
        return yield* Effect.fail(dbError(location, `${location.path} was not created by splice; splice never writes to a database it did not create`,
          "Pass --db with a path for splice's own graph (the default is <workspace>/.splice/graph.db)."))
      }
      if (version > SCHEMA_VERSION) {
        db.close()
        return yield* Effect.fail(dbError(location, `${location.path} has schema version ${version}; this splice knows up to ${SCHEMA_VERSION}`, "Upgrade splice, or rebuild with --db elsewhere."))
      }
      // In memory until the next save: a migration that fails leaves the file as it was.
      yield* Effect.try({
        try: () => { for (let v = version; v < SCHEMA_VERSION; v++) for (const sql of MIGRATIONS[v]!) db.run(sql) },
        catch: (e) => {
          db.close()
          return dbError(location, `cannot bring ${location.path} from schema version ${version} to ${SCHEMA_VERSION}: ${String(e)}`,
            "Remove it and run `splice index --full` if it is splice's.")
        }
      })
      if (version < SCHEMA_VERSION) {
        db.run("UPDATE meta SET value = ? WHERE key = 'schema_version'", [String(SCHEMA_VERSION)])
        // A migration that rebuilds a table leaves the old one's pages free in the file (CPython's
        // graph: 74.5 MB at schema 4, 95.2 MB migrated); the file is written once, compact.
        db.run("VACUUM")
        memoOf(db).set(MIGRATED, true)
      }
    } else {
      db.run(IN_MEMORY)
      for (const step of MIGRATIONS) for (const sql of step) db.run(sql)
      db.run("INSERT INTO meta (key, value) VALUES ('creator', ?), ('schema_version', ?), ('created', ?)", [CREATOR, String(SCHEMA_VERSION), new Date().toISOString()])
    }
    return db
  })

/** One memo per open database, however many calls wrap it. */
const memos = new WeakMap<Database, Map<string, unknown>>()
const memoOf = (db: Database) => {
  let m = memos.get(db)
  if (m === undefined) memos.set(db, m = new Map())
  return m
}

/**
 * Prepared statements by SQL text, one cache per open database: an index prepares the same few
 * statements for each of thousands of files, and sql.js's prepare costs as much as a small insert.
 * Bounded (statements with literal id lists are one-offs); emptied before a save.
 */
const statementCaches = new WeakMap<Database, Map<string, Statement>>()
const STATEMENT_CACHE_SIZE = 64
const statementsOf = (db: Database) => {
  let m = statementCaches.get(db)
  if (m === undefined) statementCaches.set(db, m = new Map())
  return m
}
const freeStatements = (db: Database) => {
  const cache = statementsOf(db)
  for (const st of cache.values()) st.free()
  cache.clear()
}
const prepared = (db: Database, sql: string): Statement => {
  const cache = statementsOf(db)
  let st = cache.get(sql)
  if (st === undefined) {
    if (cache.size >= STATEMENT_CACHE_SIZE) freeStatements(db)
    st = db.prepare(sql)
    cache.set(sql, st)
  }
  return st
}

export const wrapDatabase = (
  db: Database,
  location: DbLocation,
  /** Write the database out (its file: sqlFileBytes.ts's writeDatabase; in memory: `export`). */
  persist: (db: Database) => Effect.Effect<void, ReturnType<typeof spliceError>>,
  breathe: Effect.Effect<void> = eventLoopTurn,
  settle: Effect.Effect<void> = Effect.void
): GraphDbService => {
  const fail = (e: unknown) => dbError(location, `graph database error: ${String(e)}`)
  return {
    location,
    run: (sql, params = []) =>
      Effect.try({
        try: () => {
          if (params.length === 0) return void db.run(sql)
          prepared(db, sql).run(params as SqlValue[])
        },
        catch: fail
      }),
    all: <T>(sql: string, params: ReadonlyArray<SqlValue> = []) =>
      Effect.try({
        try: () => {
          const st = prepared(db, sql)
          try {
            st.bind(params as SqlValue[])
            const out: T[] = []
            while (st.step()) out.push(st.getAsObject() as T)
            return out
          } finally {
            st.reset()
          }
        },
        catch: fail
      }),
    many: (sql, rows) =>
      Effect.try({
        try: () => {
          if (rows.length === 0) return
          const st = prepared(db, sql)
          for (const r of rows) st.run(r as SqlValue[])
        },
        catch: fail
      }),
    lastId: Effect.try({
      try: () => {
        const st = prepared(db, "SELECT last_insert_rowid()")
        try {
          st.step()
          return Number(st.get()[0])
        } finally {
          st.reset()
        }
      },
      catch: fail
    }),
    save: Effect.suspend(() => {
      freeStatements(db)
      return persist(db)
    }),
    breathe,
    settle,
    memo: memoOf(db)
  }
}
