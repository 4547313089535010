/**
 * The graph database a long-running server keeps open: reused only while the file on disk is the one
 * this process last read or wrote; dropped (closed) when another process saved it, or when a call
 * failed and may have left it half-changed.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import type { Database } from "sql.js"
import { describe, expect, it } from "vitest"
import { FileStoreLive } from "../../layers/live/FileStoreLive.js"
import { GraphDbCache } from "../../layers/live/graphDbCache.js"
import { GraphDbLive } from "../../layers/live/GraphDbLive.js"
import { LockLive } from "../../layers/live/LockLive.js"
import { writeFileAtomic } from "../../layers/live/atomicFile.js"
import { GraphDb } from "../../services/GraphDb.js"

const fakeDb = () => {
  const db = { closed: 0, close() { db.closed++ } }
  return db
}

describe("GraphDbCache", () => {
  it("hands back the open database while the file is unchanged, and drops it when another process replaced the file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "splice-cache-"))
    const file = path.join(dir, "graph.db")
    fs.writeFileSync(file, "one")
    const cache = new GraphDbCache()
    const db = fakeDb()
    cache.keep(file, db as unknown as Database)
    expect(cache.take(file)).toBe(db)
    expect(cache.take(path.join(dir, "other.db"))).toBeUndefined() // another database: this one is closed
    expect(db.closed).toBe(1)
    const db2 = fakeDb()
    cache.keep(file, db2 as unknown as Database)
    writeFileAtomic(file, new TextEncoder().encode("two")) // another process saved it (same size, new inode)
    expect(cache.take(file)).toBeUndefined()
    expect(db2.closed).toBe(1)
    const db3 = fakeDb()
    cache.keep(file, db3 as unknown as Database)
    writeFileAtomic(file, new TextEncoder().encode("three"))
    cache.saved(file) // ... this process saved it
    expect(cache.take(file)).toBe(db3)
  })

  it("GraphDbLive reuses the open database across calls, reloads after another process saved it, and drops it after a failed call", async () => {
    const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-cache-ws-")))
    const cache = new GraphDbCache()
    const layer = (create: boolean) => GraphDbLive({ create, cache }).pipe(Layer.provide(Layer.merge(FileStoreLive(ws), LockLive(ws))))
    const call = <A, E>(body: Effect.Effect<A, E, GraphDb>, create = false) => Effect.runPromiseExit(Effect.provide(body, layer(create)))
    const count = Effect.flatMap(GraphDb, (db) => db.all<{ n: number }>("SELECT count(*) AS n FROM meta WHERE key = 'probe'"))
    const insert = (v: string) => Effect.flatMap(GraphDb, (db) => db.run("INSERT INTO meta (key, value) VALUES ('probe', ?)", [v]))
    // Created and saved by this process.
    expect(Exit.isSuccess(await call(Effect.flatMap(GraphDb, (db) => db.save), true))).toBe(true)
    // A change not saved is still visible to the next call: the same open database.
    expect(Exit.isSuccess(await call(insert("unsaved")))).toBe(true)
    expect(await call(count)).toMatchObject({ _tag: "Success", value: [{ n: 1 }] })
    // A failed call drops what it may have half-changed: the next call reads the file again.
    expect(Exit.isFailure(await call(Effect.zipRight(insert("half"), Effect.fail("boom"))))).toBe(true)
    expect(await call(count)).toMatchObject({ _tag: "Success", value: [{ n: 0 }] })
    // Another process replaces the file: the next call loads it.
    const other = await Effect.runPromise(Effect.provide(Effect.flatMap(GraphDb, (db) => Effect.zipRight(insert("theirs"), db.save)), GraphDbLive({ create: false }).pipe(Layer.provide(Layer.merge(FileStoreLive(ws), LockLive(ws))))))
    expect(other).toBeUndefined()
    expect(await call(count)).toMatchObject({ _tag: "Success", value: [{ n: 1 }] })
  })
})
