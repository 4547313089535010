/**
 * The graph database keeps SQLite's rollback journal and temporary tables in memory
 * (layers/live/sqlDatabase.ts: files in sql.js's file system cost a refresh a copy of every page
 * it changed). A transaction still rolls back, after a save too (the connection stays as it was),
 * and what a save writes is what was committed.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { openGraphDatabase, wrapDatabase } from "../../layers/live/sqlDatabase.js"
import type { DbLocation } from "../../services/GraphDb.js"

const location: DbLocation = { path: null, source: "memory", existed: false, tried: [] }

describe("the graph database's journal", () => {
  it("and temporary tables are in memory, before and after a save, and a rolled-back transaction leaves the rows as they were", async () => {
    const saved: Uint8Array[] = []
    const db = await Effect.runPromise(Effect.map(openGraphDatabase(null, location), (raw) =>
      wrapDatabase(raw, location, (opened) => Effect.sync(() => void saved.push(opened.export())))))
    const mode = () => [Effect.runSync(db.all<{ journal_mode: string }>("PRAGMA journal_mode"))[0]?.journal_mode, Effect.runSync(db.all<{ temp_store: number }>("PRAGMA temp_store"))[0]?.temp_store]
    const names = () => Effect.runSync(db.all<{ text: string }>("SELECT text FROM names ORDER BY text")).map((r) => r.text)
    expect(mode()).toEqual(["memory", 2])
    Effect.runSync(db.run("INSERT INTO names (text) VALUES (?), (?)", ["a", "b"]))
    Effect.runSync(db.save)
    expect(mode()).toEqual(["memory", 2])
    for (let round = 0; round < 2; round++) {
      Effect.runSync(db.run("BEGIN"))
      Effect.runSync(db.run("DELETE FROM names WHERE text = ?", ["a"]))
      Effect.runSync(db.run("INSERT INTO names (text) VALUES (?)", ["c"]))
      expect(names()).toEqual(["b", "c"])
      Effect.runSync(db.run("ROLLBACK"))
      expect(names()).toEqual(["a", "b"])
      Effect.runSync(db.save)
    }
    // Each save wrote the committed rows: the last file, opened again, holds a and b.
    const reopened = await Effect.runPromise(openGraphDatabase(saved.at(-1)!, { ...location, existed: true }))
    expect(reopened.exec("SELECT text FROM names ORDER BY text")[0]!.values.flat()).toEqual(["a", "b"])
    reopened.close()
  })
})
