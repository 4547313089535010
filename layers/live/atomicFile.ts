import * as fs from "node:fs"
import * as path from "node:path"

/** The durable pieces of an atomic write, shared by the FileStore and the graph database. */

let tempCounter = 0
const tempName = (abs: string): string =>
  path.join(path.dirname(abs), `.${path.basename(abs)}.splice-${process.pid}-${Date.now().toString(36)}-${tempCounter++}.tmp`)

export const writeAll = (fd: number, data: Uint8Array): void => {
  let off = 0
  while (off < data.length) off += fs.writeSync(fd, data, off, data.length - off)
}

/** fsync a directory so a rename in it is durable. Some platforms cannot open directories: skip there. */
export const syncDirectory = (dir: string): void => {
  if (process.platform === "win32") return
  const fd = fs.openSync(dir, "r")
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * A new temp file beside `abs` (O_EXCL, `mode` exactly) holding `data` (or what it writes into the
 * descriptor), still open. With `owner`, the file gets the replaced file's owner and group where the
 * process may set them (root may set both, others their own groups), as write-file-atomic does. On
 * failure it is closed and removed.
 */
const createTemp = (abs: string, data: Uint8Array | ((fd: number) => void), mode: number, owner?: { readonly uid: number; readonly gid: number }): { readonly tmp: string; readonly fd: number } => {
  const tmp = tempName(abs)
  // Readable too for a writer that reads back what it wrote.
  const fd = fs.openSync(tmp, typeof data === "function" ? "wx+" : "wx", mode)
  try {
    if (typeof data === "function") data(fd)
    else writeAll(fd, data)
    if (owner !== undefined) {
      const st = fs.fstatSync(fd)
      if (st.uid !== owner.uid || st.gid !== owner.gid) {
        try {
          fs.fchownSync(fd, owner.uid, owner.gid)
        } catch (e) {
          if ((e as { code?: string }).code !== "EPERM") throw e
        }
      }
    }
    fs.fchmodSync(fd, mode) // the umask must not narrow the original's mode (and chown clears setuid bits)
  } catch (e) {
    fs.closeSync(fd)
    fs.rmSync(tmp, { force: true })
    throw e
  }
  return { tmp, fd }
}

/** Write data to a new temp file beside `abs` (see createTemp), durably unless told not to; returns its path. */
export const writeTemp = (abs: string, data: Uint8Array | ((fd: number) => void), mode: number, owner?: { readonly uid: number; readonly gid: number }, durable = true): string => {
  const { tmp, fd } = createTemp(abs, data, mode, owner)
  try {
    if (durable) fs.fsyncSync(fd)
  } catch (e) {
    fs.closeSync(fd)
    fs.rmSync(tmp, { force: true })
    throw e
  }
  fs.closeSync(fd)
  return tmp
}

/**
 * writeTemp with the flush on a worker thread: returns the temp file's path at once and a promise
 * of its fsync (the descriptor is closed when the flush settles; the promise never rejects: it
 * gives the flush's error, or undefined).
 */
export const writeTempFlushing = (abs: string, data: Uint8Array, mode: number, owner?: { readonly uid: number; readonly gid: number }): { readonly tmp: string; readonly flushed: Promise<NodeJS.ErrnoException | undefined> } => {
  const { tmp, fd } = createTemp(abs, data, mode, owner)
  const flushed = new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    fs.fsync(fd, (err) => fs.close(fd, () => resolve(err ?? undefined)))
  })
  return { tmp, flushed }
}

/**
 * Create `target` (O_EXCL, never following a symlink) and write it in place; fsync it when
 * `durable` ("data": fdatasync, which flushes what reading it back needs, not its timestamps).
 */
export const writeNewFile = (target: string, data: Uint8Array, mode: number, durable: boolean | "data"): void => {
  const fd = fs.openSync(target, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, mode)
  try {
    writeAll(fd, data)
    if (durable === "data") fs.fdatasyncSync(fd)
    else if (durable) fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Replace a whole file atomically and durably: temp in the same directory, fsync, rename, fsync dir.
 * The content is the bytes, or what a function writes into the temp file's descriptor (a large file
 * written in pieces, never whole in memory); a function that throws leaves the file as it was.
 */
export const writeFileAtomic = (abs: string, data: Uint8Array | ((fd: number) => void), mode = 0o644): void => {
  fs.mkdirSync(path.dirname(abs), { recursive: true })
  const tmp = writeTemp(abs, data, mode)
  try {
    fs.renameSync(tmp, abs)
  } catch (e) {
    fs.rmSync(tmp, { force: true })
    throw e
  }
  syncDirectory(path.dirname(abs))
}
