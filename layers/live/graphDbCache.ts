import * as fs from "node:fs"
import type { Database } from "sql.js"

/** What identifies the database file's content without reading it: a rename gives a new inode. */
interface Stamp {
  readonly size: number
  readonly mtimeMs: number
  readonly ino: number
}

const stampOf = (path: string): Stamp | undefined => {
  try {
    const st = fs.statSync(path)
    return { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino }
  } catch {
    return undefined
  }
}

const same = (a: Stamp | undefined, b: Stamp | undefined) =>
  a !== undefined && b !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino

/**
 * A graph database kept open between the calls of a long-running process (`splice mcp`), so a query
 * does not load the file each time. It is reused only while the file on disk is the one this process
 * last read or wrote (checked under the database's lock, by size, mtime and inode): when another
 * process saved it since, it is loaded again. A call that fails or is interrupted may have left the
 * open database half-changed, so it is dropped.
 */
export class GraphDbCache {
  private entry: { readonly path: string; stamp: Stamp | undefined; readonly db: Database } | undefined

  /** The open database for this path, when the file has not changed since this process touched it. */
  take(path: string): Database | undefined {
    const e = this.entry
    if (e === undefined) return undefined
    if (e.path === path && same(e.stamp, stampOf(path))) return e.db
    this.drop()
    return undefined
  }

  /** Keep this database open for the next call, as the file now is. */
  keep(path: string, db: Database): void {
    if (this.entry?.db !== db) this.drop()
    this.entry = { path, stamp: stampOf(path), db }
  }

  /** The file was written by this process: the open database is its content. */
  saved(path: string): void {
    if (this.entry?.path === path) this.entry.stamp = stampOf(path)
  }

  holds(db: Database): boolean {
    return this.entry?.db === db
  }

  drop(): void {
    const e = this.entry
    this.entry = undefined
    e?.db.close()
  }
}
