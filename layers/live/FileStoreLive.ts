import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { SpliceError, spliceError } from "../../src/domain/SpliceError.js"
import { type UserPath, type WorkspacePath, WORKSPACE_ROOT } from "../../src/domain/workspacePath.js"
import { type FileInfo, type FileKind, FileStore, type FileStoreService, type ResolvedPath, type WalkedFile } from "../../services/FileStore.js"
import { syncDirectory, writeAll, writeTemp } from "./atomicFile.js"
import { fromErrno } from "./errno.js"

const isInside = (root: string, p: string): boolean => {
  const rel = path.relative(root, p)
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel))
}

const toRelative = (root: string, abs: string): WorkspacePath => {
  const rel = path.relative(root, abs).split(path.sep).join("/")
  return (rel === "" ? WORKSPACE_ROOT : rel) as WorkspacePath
}

const kindOf = (st: fs.Stats): FileKind =>
  st.isFile() ? "file" : st.isDirectory() ? "directory" : st.isSymbolicLink() ? "symlink" : st.isFIFO() ? "fifo" : st.isSocket() ? "socket"
  : st.isCharacterDevice() || st.isBlockDevice() ? "device" : "other"

const infoOf = (st: fs.Stats): FileInfo => ({
  kind: kindOf(st),
  size: st.size,
  mode: st.mode & 0o7777,
  nlink: st.nlink,
  mtimeMs: st.mtimeMs,
  identity: `${st.dev}:${st.ino}`,
  uid: st.uid,
  gid: st.gid
})

/** Not a regular file: a coded refusal naming what it is. */
const notRegular = (kind: FileKind, relative: string) =>
  spliceError("SPL-E065", `not a regular file (${kind}): ${relative}`, { context: { file: relative, kind } })

/**
 * Read a regular file without ever blocking: O_NONBLOCK makes opening a FIFO return at once, and
 * the type is checked on the open descriptor (no window between a check and the open).
 */
export const readRegularFile = (abs: string, relative: string, noFollow = false): Uint8Array => {
  const flags = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | (noFollow ? fs.constants.O_NOFOLLOW : 0)
  let fd: number
  try {
    fd = fs.openSync(abs, flags)
  } catch (e) {
    if ((e as { code?: string }).code === "ELOOP" && noFollow) throw notRegular("symlink", relative)
    throw e
  }
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile()) throw notRegular(kindOf(st), relative)
    return new Uint8Array(fs.readFileSync(fd))
  } finally {
    fs.closeSync(fd)
  }
}

export const makeFileStore = (root: string, cwd: string = process.cwd()): FileStoreService => {
  const realCwd = (() => {
    try {
      return fs.realpathSync(cwd)
    } catch {
      return root
    }
  })()
  const base = isInside(root, realCwd) ? realCwd : root

  /** `input` taken from `from` (the current directory for what the user typed, the root for workspace paths). */
  const resolveFrom = (from: string, input: string) =>
    Effect.suspend(() => {
      if (input.length === 0 || input.includes("\0")) {
        return Effect.fail(spliceError("SPL-E066", "invalid path: empty or contains a NUL byte", { context: { path: input } }))
      }
      const lexical = path.resolve(from, input)
      if (!isInside(root, lexical)) {
        return Effect.fail(spliceError("SPL-E061", `path is outside the workspace: ${input}`, {
          context: { path: input, resolved: lexical, workspace: root }
        }))
      }
      // Resolve symlinks on the deepest part of the path that exists; the rest is yet to be created.
      let probe = lexical
      const rest: string[] = []
      for (;;) {
        try {
          fs.lstatSync(probe)
          break
        } catch {
          const up = path.dirname(probe)
          if (up === probe) break
          rest.unshift(path.basename(probe))
          probe = up
        }
      }
      let real: string
      try {
        real = fs.realpathSync(probe)
      } catch (e) {
        // A dangling symlink: where it points decides.
        const code = (e as { code?: string }).code
        if (code !== "ENOENT") return Effect.fail(fromErrno(e, "stat", input))
        const target = path.resolve(path.dirname(probe), fs.readlinkSync(probe))
        if (!isInside(root, target)) {
          return Effect.fail(spliceError("SPL-E062", `path leads outside the workspace through a symlink: ${input}`, {
            context: { path: input, target, workspace: root }
          }))
        }
        real = target
      }
      if (!isInside(root, real)) {
        return Effect.fail(spliceError("SPL-E062", `path leads outside the workspace through a symlink: ${input}`, {
          context: { path: input, target: real, workspace: root }
        }))
      }
      const absolute = rest.length === 0 ? real : path.join(real, ...rest)
      return Effect.succeed<ResolvedPath>({ absolute, relative: toRelative(root, absolute) })
    })
  const resolve = (input: UserPath) => resolveFrom(base, input)
  const locate = (p: WorkspacePath) => resolveFrom(root, p)

  const stat = (p: ResolvedPath) =>
    Effect.try({
      try: (): Option.Option<FileInfo> => {
        const st = fs.statSync(p.absolute, { throwIfNoEntry: false })
        return st === undefined ? Option.none() : Option.some(infoOf(st))
      },
      catch: (e) => fromErrno(e, "stat", p.relative)
    })

  const lstat = (p: ResolvedPath) =>
    Effect.try({
      try: (): Option.Option<FileInfo> => {
        const st = fs.lstatSync(p.absolute, { throwIfNoEntry: false })
        return st === undefined ? Option.none() : Option.some(infoOf(st))
      },
      catch: (e) => fromErrno(e, "stat", p.relative)
    })

  const read = (p: ResolvedPath, options?: { readonly noFollow?: boolean }) =>
    Effect.try({
      try: () => readRegularFile(p.absolute, p.relative, options?.noFollow === true),
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "read", p.relative))
    })

  const writeAtomic = (p: ResolvedPath, data: Uint8Array, options?: { readonly mode?: number }) =>
    Effect.try({
      try: () => {
        const st = fs.statSync(p.absolute, { throwIfNoEntry: false })
        const mode = options?.mode ?? (st ? st.mode & 0o7777 : 0o644)
        if (st !== undefined && st.isFile() && st.nlink > 1) {
          // Hard-linked: a rename would split the links, so rewrite the inode in place.
          // The journal holds the original, so a torn write is still recoverable.
          const fd = fs.openSync(p.absolute, "r+")
          try {
            fs.ftruncateSync(fd, 0)
            writeAll(fd, data)
            fs.fsyncSync(fd)
          } finally {
            fs.closeSync(fd)
          }
          return
        }
        const tmp = writeTemp(p.absolute, data, mode)
        try {
          fs.renameSync(tmp, p.absolute)
        } catch (e) {
          fs.rmSync(tmp, { force: true })
          throw e
        }
        syncDirectory(path.dirname(p.absolute))
      },
      catch: (e) => fromErrno(e, "write", p.relative)
    })

  const createExclusive = (p: ResolvedPath, data: Uint8Array, options?: { readonly mode?: number }) =>
    Effect.try({
      try: () => {
        const tmp = writeTemp(p.absolute, data, options?.mode ?? 0o644)
        try {
          fs.linkSync(tmp, p.absolute) // fails with EEXIST instead of replacing
        } finally {
          fs.rmSync(tmp, { force: true })
        }
        syncDirectory(path.dirname(p.absolute))
      },
      catch: (e) => fromErrno(e, "write", p.relative)
    })

  const remove = (p: ResolvedPath) =>
    Effect.try({
      try: () => {
        fs.rmSync(p.absolute, { force: true })
        syncDirectory(path.dirname(p.absolute))
      },
      catch: (e) => fromErrno(e, "write", p.relative)
    })

  const list = (dir: ResolvedPath) =>
    Effect.try({
      try: () => (fs.existsSync(dir.absolute) ? fs.readdirSync(dir.absolute).sort() : []),
      catch: (e) => fromErrno(e, "list", dir.relative)
    })

  const makeDirectory = (dir: ResolvedPath) =>
    Effect.try({
      try: () => void fs.mkdirSync(dir.absolute, { recursive: true }),
      catch: (e) => fromErrno(e, "write", dir.relative)
    })

  const rename = (from: ResolvedPath, to: ResolvedPath) =>
    Effect.try({
      try: () => {
        if (fs.existsSync(to.absolute)) throw Object.assign(new Error(`EEXIST: ${to.relative}`), { code: "EEXIST" })
        fs.renameSync(from.absolute, to.absolute)
        syncDirectory(path.dirname(to.absolute))
      },
      catch: (e) => fromErrno(e, "write", from.relative)
    })

  const removeDirectory = (dir: ResolvedPath) =>
    Effect.try({
      try: () => fs.rmSync(dir.absolute, { recursive: true, force: true }),
      catch: (e) => fromErrno(e, "write", dir.relative)
    })

  const walk = (dir: ResolvedPath, prune: (relativeDir: string, name: string) => boolean) =>
    Effect.try({
      try: () => {
        const out: WalkedFile[] = []
        const visit = (abs: string, rel: string) => {
          let entries: fs.Dirent[]
          try {
            entries = fs.readdirSync(abs, { withFileTypes: true })
          } catch {
            return // unreadable directory: skipped, as git would
          }
          for (const e of entries) {
            const childRel = (rel === "." || rel === "" ? e.name : `${rel}/${e.name}`) as WorkspacePath
            const childAbs = path.join(abs, e.name)
            if (e.isDirectory()) {
              if (!prune(rel === "." ? "" : rel, e.name)) visit(childAbs, childRel)
            } else if (e.isFile()) {
              const st = fs.statSync(childAbs, { throwIfNoEntry: false })
              if (st !== undefined) out.push({ relative: childRel, size: st.size, mtimeMs: st.mtimeMs })
            }
          }
        }
        visit(dir.absolute, dir.relative)
        return out
      },
      catch: (e) => fromErrno(e, "list", dir.relative)
    })

  return { root, resolve, locate, stat, lstat, read, writeAtomic, createExclusive, remove, list, makeDirectory, rename, removeDirectory, walk }
}

export const FileStoreLive = (root: string, cwd?: string): Layer.Layer<FileStore> =>
  Layer.sync(FileStore, () => makeFileStore(root, cwd))
