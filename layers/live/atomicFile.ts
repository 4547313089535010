import * as fs from "node:fs"
import * as path from "node:path"

/** Write a whole file atomically and durably: temp in the same directory, fsync, rename, fsync dir. */
export const writeFileAtomic = (abs: string, data: Uint8Array, mode = 0o644): void => {
  fs.mkdirSync(path.dirname(abs), { recursive: true })
  const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.splice-${process.pid}-${Date.now().toString(36)}.tmp`)
  const fd = fs.openSync(tmp, "wx", mode)
  try {
    let off = 0
    while (off < data.length) off += fs.writeSync(fd, data, off, data.length - off)
    fs.fsyncSync(fd)
  } catch (e) {
    fs.closeSync(fd)
    fs.rmSync(tmp, { force: true })
    throw e
  }
  fs.closeSync(fd)
  try {
    fs.renameSync(tmp, abs)
  } catch (e) {
    fs.rmSync(tmp, { force: true })
    throw e
  }
  if (process.platform !== "win32") {
    const dfd = fs.openSync(path.dirname(abs), "r")
    try {
      fs.fsyncSync(dfd)
    } finally {
      fs.closeSync(dfd)
    }
  }
}
