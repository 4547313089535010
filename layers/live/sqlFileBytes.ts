import * as fs from "node:fs"
import type { Database, SqlJsStatic } from "sql.js"

/**
 * A database's bytes in sql.js without copies of the whole.
 *
 * sql.js keeps a database in a file of its in-memory file system (Emscripten's MEMFS), whose
 * storage is an array: a file that grows past it is copied into one an eighth larger (the old one
 * garbage until collected: a first index of CPython's standard library made some forty copies on
 * the way to 59 MB), and `export` copied the whole file into a new array to be written out (the
 * database twice in memory at each save). Here the storage grows in place and a save writes the
 * database page by page to its file. Both rest on one behaviour of MEMFS (sql.js 1.17): the first
 * write into an empty file keeps `data.slice(0, n)` as the file's storage, and every later write,
 * read and growth of the file goes through that storage's `set`, `subarray` and `length` (its
 * capacity). test/integration/graph-db-bytes.test.ts holds sql.js to it.
 */

/** The most a database file can grow to in memory (sql.js's wasm addresses 4 GiB in all). */
const MAX_FILE = 2 ** 32

/** ES2024's resizable ArrayBuffer (Node 20, Deno), beyond the TypeScript lib this project builds with. */
interface ResizableBuffer extends ArrayBuffer {
  readonly resizable: boolean
  resize(size: number): void
}
const ResizableArrayBuffer = ArrayBuffer as unknown as new (size: number, options: { maxByteLength: number }) => ResizableBuffer
const isResizable = (b: ArrayBufferLike): b is ResizableBuffer => (b as Partial<ResizableBuffer>).resizable === true

/**
 * A MEMFS file's storage that grows in place: a resizable ArrayBuffer, its address space reserved
 * up front (pages cost memory once written), so MEMFS, finding room enough, never copies it.
 */
class GrowingStorage {
  readonly length = MAX_FILE
  private readonly bytes: Uint8Array

  constructor(private readonly buffer: ResizableBuffer) {
    this.bytes = new Uint8Array(buffer) // tracks the buffer's length
  }

  set(source: Uint8Array, at: number): void {
    const end = at + source.length
    const size = this.buffer.byteLength
    // In steps of an eighth (as MEMFS grows), each a resize of the reserved range, not a copy.
    if (end > size) this.buffer.resize(Math.min(MAX_FILE, Math.max(end, Math.ceil(size * 1.125))))
    this.bytes.set(source, at)
  }

  subarray(start: number, end: number): Uint8Array {
    return this.bytes.subarray(start, end)
  }
}

/** A resizable buffer of `size` bytes, or undefined where the engine cannot reserve one. */
const resizable = (size: number): ResizableBuffer | undefined => {
  try {
    return new ResizableArrayBuffer(size, { maxByteLength: MAX_FILE })
  } catch {
    return undefined
  }
}

/** A database file's bytes read into storage that sql.js can grow in place (see fileContent). */
export const readDatabaseFile = (path: string): Uint8Array => {
  const fd = fs.openSync(path, "r")
  try {
    const size = fs.fstatSync(fd).size
    const buffer = resizable(size)
    const bytes = buffer === undefined ? new Uint8Array(size) : new Uint8Array(buffer)
    let read = 0
    while (read < size) {
      const n = fs.readSync(fd, bytes, read, size - read, read)
      if (n === 0) break
      read += n
    }
    return read === size ? bytes : bytes.slice(0, read)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * What to open a database from (`new SQL.Database(…)`): the bytes (none: an empty one-page
 * database, as SQLite makes its first page), for sql.js's file system to keep as its file in storage
 * that grows in place: the bytes themselves when readDatabaseFile read them (the caller must not use
 * them after), else a copy, as sql.js would make.
 */
export const fileContent = (SQL: SqlJsStatic, bytes: Uint8Array | null): Uint8Array => {
  const initial = bytes === null || bytes.length === 0 ? emptyImage(SQL, 4096) : bytes // SQLite's default page size
  const own = isResizable(initial.buffer) && initial.byteOffset === 0 && initial.length === initial.buffer.byteLength
  const buffer = own ? initial.buffer as ResizableBuffer : resizable(initial.length)
  if (buffer === undefined) return initial
  const storage = new GrowingStorage(buffer)
  if (!own) storage.set(initial, 0)
  return Object.defineProperty(initial.subarray(), "slice", { value: () => storage }) // a view: MEMFS's first write takes this slice
}

/** How much of the copy is gathered before a write: consecutive pages go out together. */
const CHUNK = 1 << 20

/**
 * A MEMFS file's storage that is a file on disk: a write goes to the descriptor (gathered into
 * CHUNK-sized writes), a read comes back from it, and its capacity never runs out, so MEMFS never
 * copies it into a larger array.
 */
class DiskStorage {
  readonly length = Number.MAX_SAFE_INTEGER
  /** The end of the bytes written so far. */
  extent = 0
  /** The largest single write to the descriptor (bounded by CHUNK, or by one write of SQLite's). */
  largestWrite = 0
  private readonly pending = new Uint8Array(CHUNK)
  private pendingAt = 0
  private pendingLength = 0

  constructor(private readonly fd: number) {}

  set(source: Uint8Array, at: number): void {
    this.extent = Math.max(this.extent, at + source.length)
    if (this.pendingLength > 0 && at === this.pendingAt + this.pendingLength && this.pendingLength + source.length <= CHUNK) {
      this.pending.set(source, this.pendingLength)
      this.pendingLength += source.length
      return
    }
    this.flush()
    if (source.length > CHUNK) return this.write(source, at)
    this.pending.set(source, 0)
    this.pendingAt = at
    this.pendingLength = source.length
  }

  subarray(start: number, end: number): Uint8Array {
    this.flush()
    const out = new Uint8Array(end - start)
    let read = 0
    while (read < out.length) {
      const n = fs.readSync(this.fd, out, read, out.length - read, start + read)
      if (n === 0) break
      read += n
    }
    return out
  }

  flush(): void {
    if (this.pendingLength === 0) return
    this.write(this.pending.subarray(0, this.pendingLength), this.pendingAt)
    this.pendingLength = 0
  }

  private write(data: Uint8Array, at: number): void {
    this.largestWrite = Math.max(this.largestWrite, data.length)
    let off = 0
    while (off < data.length) off += fs.writeSync(this.fd, data, off, data.length - off, at + off)
  }
}

/** The C functions sql.js exports but does not wrap. */
interface SqliteC {
  readonly backupInit: (dest: number, destName: string, source: number, sourceName: string) => number
  readonly backupStep: (backup: number, pages: number) => number
  readonly backupFinish: (backup: number) => number
  readonly errmsg: (db: number) => string
}
const wrapped = new WeakMap<SqlJsStatic, SqliteC>()
const sqliteC = (SQL: SqlJsStatic): SqliteC => {
  let c = wrapped.get(SQL)
  if (c === undefined) {
    const cwrap = (SQL as unknown as { cwrap: (name: string, ret: string | null, args: string[]) => (...a: unknown[]) => unknown }).cwrap
    c = {
      backupInit: cwrap("sqlite3_backup_init", "number", ["number", "string", "number", "string"]) as SqliteC["backupInit"],
      backupStep: cwrap("sqlite3_backup_step", "number", ["number", "number"]) as SqliteC["backupStep"],
      backupFinish: cwrap("sqlite3_backup_finish", "number", ["number"]) as SqliteC["backupFinish"],
      errmsg: cwrap("sqlite3_errmsg", "string", ["number"]) as SqliteC["errmsg"]
    }
    wrapped.set(SQL, c)
  }
  return c
}
/** sql.js's handle of the connection (sqlite3*), a field its Database keeps. */
const handle = (db: Database): number => (db as unknown as { db: number }).db

const SQLITE_DONE = 101
const scalar = (db: Database, sql: string): number => Number(db.exec(sql)[0]!.values[0]![0])

/** An empty database of one page of this size: what the copy starts from (see writeDatabase). */
const emptyImages = new Map<number, Uint8Array>()
const emptyImage = (SQL: SqlJsStatic, pageSize: number): Uint8Array => {
  let image = emptyImages.get(pageSize)
  if (image === undefined) {
    const db = new SQL.Database()
    try {
      db.run(`PRAGMA page_size = ${pageSize}; PRAGMA user_version = 0`) // writes page 1, and only it
      image = db.export()
    } finally {
      db.close()
    }
    emptyImages.set(pageSize, image)
  }
  return image
}

export interface WrittenDatabase {
  readonly bytes: number
  readonly largestWrite: number
}

/**
 * Write the database into a new, empty file (its descriptor, opened for reading and writing) page by
 * page, as `export` would make it, without holding it whole in memory: SQLite's online backup (what
 * `export` runs too) copies it into a database whose MEMFS storage is that file. That database
 * starts as an empty one-page database (MEMFS keeps storage only from a first write that is not
 * empty; the source has at least that page, so the copy never shrinks the file, which MEMFS would do
 * in a new array). Throws, leaving whatever it wrote, when the copy is not all the database
 * (an open write transaction: SQLite refuses to copy it).
 */
export const writeDatabase = (SQL: SqlJsStatic, db: Database, fd: number): WrittenDatabase => {
  const c = sqliteC(SQL)
  const image = emptyImage(SQL, scalar(db, "PRAGMA page_size"))
  const storage = new DiskStorage(fd)
  storage.set(image, 0)
  const handOver = Object.defineProperty(image.subarray(), "slice", { value: () => storage })
  const copy = new SQL.Database(handOver)
  try {
    // No journal: the copy is thrown away on any failure; nothing to sync in memory.
    copy.run("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
    const backup = c.backupInit(handle(copy), "main", handle(db), "main")
    if (backup === 0) throw new Error(`cannot copy the database: ${c.errmsg(handle(copy))}`)
    const step = c.backupStep(backup, -1)
    const finish = c.backupFinish(backup)
    if (step !== SQLITE_DONE || finish !== 0) {
      throw new Error(`cannot copy the database (SQLite ${step}/${finish}): ${c.errmsg(handle(copy))}${step === 5 || step === 6 ? "; a write transaction is open" : ""}`)
    }
  } finally {
    copy.close()
  }
  storage.flush()
  const bytes = scalar(db, "PRAGMA page_count") * scalar(db, "PRAGMA page_size")
  const size = fs.fstatSync(fd).size
  if (storage.extent !== bytes || size !== bytes) throw new Error(`the copy of the database has ${size} bytes (${storage.extent} written), not its ${bytes}`)
  return { bytes, largestWrite: storage.largestWrite }
}
