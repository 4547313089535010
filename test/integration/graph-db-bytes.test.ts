/**
 * The graph database's bytes in sql.js (layers/live/sqlFileBytes.ts): its in-memory file is the
 * buffer read from disk, grown in place; a save writes it out page by page, never holding a second
 * full copy in memory: the file is what sql.js's `export` makes, and a copy that cannot be made
 * leaves the file on disk as it was.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as v8 from "node:v8"
import * as vm from "node:vm"
import * as Effect from "effect/Effect"
import type { Database } from "sql.js"
import { afterEach, describe, expect, it } from "vitest"
import { writeFileAtomic } from "../../layers/live/atomicFile.js"
import { openGraphDatabase, startSqlJs } from "../../layers/live/sqlDatabase.js"
import { fileContent, readDatabaseFile, writeDatabase } from "../../layers/live/sqlFileBytes.js"
import type { DbLocation } from "../../services/GraphDb.js"

const location: DbLocation = { path: null, source: "memory", existed: false, tried: [] }
const dirs: string[] = []
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "splice-db-bytes-"))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

/** A graph database of about `mb` MB: names of 200 characters, unique. */
const graphOf = async (mb: number): Promise<Database> => {
  const db = await Effect.runPromise(openGraphDatabase(null, location))
  db.run("BEGIN")
  const st = db.prepare("INSERT INTO names (text) VALUES (?)")
  for (let i = 0; i < mb * 4_000; i++) st.run([`${i}:`.padEnd(200, "abcdefghij".charAt(i % 10))])
  st.free()
  db.run("COMMIT")
  return db
}

v8.setFlagsFromString("--expose-gc")
/** A full garbage collection: what is counted after it is alive. */
const collect = vm.runInNewContext("gc") as () => void

/** The header fields a copy of a database sets for itself (change counter, schema cookie, version-valid-for). */
const OWN_FIELDS = new Set([24, 25, 26, 27, 40, 41, 42, 43, 92, 93, 94, 95])

describe("writing the graph database out", () => {
  it("writes what export makes, page by page in bounded writes, and the file opens with every row", async () => {
    const SQL = await startSqlJs()
    const db = await graphOf(3)
    const file = path.join(tempDir(), "graph.db")
    let written: ReturnType<typeof writeDatabase> | undefined
    writeFileAtomic(file, (fd) => void (written = writeDatabase(SQL, db, fd)))
    const exported = db.export()
    const onDisk = fs.readFileSync(file)
    expect(onDisk.length).toBe(exported.length)
    expect(written).toEqual({ bytes: exported.length, largestWrite: 1 << 20 })
    const differ: number[] = []
    for (let i = 0; i < exported.length; i++) if (onDisk[i] !== exported[i]) differ.push(i)
    expect(differ.filter((i) => !OWN_FIELDS.has(i))).toEqual([])
    const reopened = new SQL.Database(onDisk)
    expect(reopened.exec("PRAGMA integrity_check")[0]!.values).toEqual([["ok"]])
    expect(reopened.exec("SELECT count(*), max(text) FROM names")[0]!.values).toEqual(db.exec("SELECT count(*), max(text) FROM names")[0]!.values)
    reopened.close()
    db.close()
  })

  it("holds no second copy of the database in memory while it writes", async () => {
    const SQL = await startSqlJs()
    const db = await graphOf(12)
    const size = Number(db.exec("PRAGMA page_count")[0]!.values[0]![0]) * 4096
    expect(size).toBeGreaterThan(16e6)
    const file = path.join(tempDir(), "graph.db")
    let grew = 0
    writeFileAtomic(file, (fd) => {
      collect() // the arrays the database's file grew out of, gone: no collection during the write can make up for a copy
      const before = process.memoryUsage().arrayBuffers
      writeDatabase(SQL, db, fd)
      // Measured before anything written can be collected: a whole copy (export) would count here.
      grew = process.memoryUsage().arrayBuffers - before
    })
    expect(fs.statSync(file).size).toBe(size)
    expect(grew).toBeLessThan(size / 8)
    db.close()
  })

  it("fails without touching the file when the database cannot be copied (a write transaction open)", async () => {
    const SQL = await startSqlJs()
    const db = await graphOf(1)
    const dir = tempDir()
    const file = path.join(dir, "graph.db")
    fs.writeFileSync(file, "the graph as it was")
    db.run("BEGIN")
    db.run("INSERT INTO names (text) VALUES ('uncommitted')")
    expect(() => writeFileAtomic(file, (fd) => void writeDatabase(SQL, db, fd))).toThrow(/cannot copy the database/)
    expect(fs.readFileSync(file, "utf8")).toBe("the graph as it was")
    expect(fs.readdirSync(dir)).toEqual(["graph.db"]) // no temp file left
    db.run("ROLLBACK")
    db.close()
  })

  it("keeps the bytes read from disk as the database's file, and grows them in place as the database grows", async () => {
    const SQL = await startSqlJs()
    const db = await graphOf(1)
    const file = path.join(tempDir(), "graph.db")
    writeFileAtomic(file, (fd) => void writeDatabase(SQL, db, fd))
    db.close()
    const bytes = readDatabaseFile(file)
    const read = bytes.length
    const reopened = await Effect.runPromise(openGraphDatabase(bytes, { ...location, existed: true }))
    reopened.run("BEGIN")
    const st = reopened.prepare("INSERT INTO names (text) VALUES (?)")
    for (let i = 0; i < 20_000; i++) st.run([`grown ${i}`.padEnd(200, ".")])
    st.free()
    reopened.run("COMMIT")
    // sql.js's file is that buffer: grown (not copied elsewhere) and holding every committed page.
    const size = Number(reopened.exec("PRAGMA page_count")[0]!.values[0]![0]) * 4096
    expect(size).toBeGreaterThan(read + 3e6)
    expect(bytes.length).toBeGreaterThanOrEqual(size)
    const exported = reopened.export()
    const differ: number[] = []
    for (let i = 0; i < size; i++) if (bytes[i] !== exported[i]) differ.push(i)
    expect(differ.filter((i) => !OWN_FIELDS.has(i))).toEqual([])
    reopened.close()
  })

  it("opens a new database, and one from bytes it must not change, in storage of its own", async () => {
    const SQL = await startSqlJs()
    const fresh = new SQL.Database(fileContent(SQL, null))
    fresh.run("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
    const image = fresh.export()
    expect(fresh.exec("PRAGMA user_version")[0]!.values).toEqual([[0]])
    fresh.close()
    const copy = image.slice()
    const again = new SQL.Database(fileContent(SQL, image))
    again.run("INSERT INTO t SELECT x + 1 FROM t")
    expect(again.exec("SELECT count(*) FROM t")[0]!.values).toEqual([[2]])
    again.close()
    expect(image).toEqual(copy) // the caller's bytes (a saved graph of the memory layer) as they were
    expect(image.slice(0, 4)).toEqual(copy.slice(0, 4)) // and their own slice
  })
})
