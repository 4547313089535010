import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { SpliceError, spliceError } from "../../src/domain/SpliceError.js"
import { type UserPath, type WorkspacePath, WORKSPACE_ROOT } from "../../src/domain/workspacePath.js"
import { type DirEntry, type ExpectedFile, type FileInfo, type FileKind, FileStore, type FileStoreService, type ResolvedPath, type ScannedFile, type StagedWrite, type WalkedFile } from "../../services/FileStore.js"
import { syncDirectory, writeAll, writeNewFile, writeTemp, writeTempFlushing } from "./atomicFile.js"
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
  ctimeMs: st.ctimeMs,
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
export const readRegularFile = (abs: string, relative: string, noFollow = false, limit?: number): Uint8Array => {
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
    if (limit === undefined) return new Uint8Array(fs.readFileSync(fd))
    // The head only: up to `limit` bytes, as far as the file goes.
    const out = new Uint8Array(Math.min(limit, st.size))
    let got = 0
    for (let n = -1; got < out.length && n !== 0; got += n) n = fs.readSync(fd, out, got, out.length - got, got)
    return got === out.length ? out : out.subarray(0, got)
  } finally {
    fs.closeSync(fd)
  }
}

const direntKind = (e: fs.Dirent): FileKind =>
  e.isFile() ? "file" : e.isDirectory() ? "directory" : e.isSymbolicLink() ? "symlink" : e.isFIFO() ? "fifo" : e.isSocket() ? "socket"
  : e.isCharacterDevice() || e.isBlockDevice() ? "device" : "other"

/**
 * A regular file for a search, read into `scratch` (grown when too small; the grown buffer is
 * returned for the next file): its first `probe` bytes are read first, and a NUL byte among them
 * ends the read there (a binary file costs one small read, not its whole size). Never follows a
 * symlink or blocks on a FIFO (O_NOFOLLOW, O_NONBLOCK, type checked on the descriptor).
 */
export const scanRegularFile = (abs: string, relative: string, probe: number, scratch: Buffer): { file: ScannedFile; scratch: Buffer } => {
  let fd: number
  try {
    fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW)
  } catch (e) {
    if ((e as { code?: string }).code === "ELOOP") throw notRegular("symlink", relative)
    throw e
  }
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile()) throw notRegular(kindOf(st), relative)
    // The size fstat gave is read (a file that changes meanwhile is read as far as it goes), in as
    // few reads as the kernel allows: no read past the end to see EOF.
    // One byte more than the file: room for the NUL that ends the binary probe below.
    const buf: Buffer = scratch.length > st.size ? scratch : Buffer.allocUnsafe(Math.max(st.size + 1, scratch.length * 2))
    let filled = 0
    const fill = (upTo: number) => {
      while (filled < upTo) {
        const n = fs.readSync(fd, buf, filled, upTo - filled, null)
        if (n === 0) return
        filled += n
      }
    }
    fill(Math.min(probe, st.size))
    // A NUL just past what was read stops the native search there, without a view of the buffer per file.
    buf[filled] = 0
    if (buf.indexOf(0) < filled) return { file: { kind: "binary", size: st.size }, scratch: buf }
    fill(st.size)
    return { file: { kind: "text", bytes: buf.subarray(0, filled) }, scratch: buf }
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * The C library's realpath where the runtime has it (one call; Node's JavaScript realpathSync lstats
 * every component of the path, four system calls and their objects for each path splice resolves).
 */
const realpath: (p: string) => string = typeof fs.realpathSync.native === "function" ? (p) => fs.realpathSync.native(p) : (p) => fs.realpathSync(p)

/** fsync these directories on worker threads, all at once, with one wait for them all (the first error fails it). */
const flushDirectoriesOffThread = (dirs: ReadonlyArray<ResolvedPath>): Effect.Effect<void, SpliceError> =>
  Effect.async<void, SpliceError>((resume) => {
    if (process.platform === "win32" || dirs.length === 0) return resume(Effect.void)
    let left = dirs.length
    let failed: SpliceError | undefined
    for (const dir of dirs) {
      const done = (e: NodeJS.ErrnoException | null) => {
        if (e !== null && failed === undefined) failed = fromErrno(e, "write", dir.relative)
        if (--left === 0) resume(failed === undefined ? Effect.void : Effect.fail(failed))
      }
      fs.open(dir.absolute, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY | fs.constants.O_NOFOLLOW, (openError, fd) => {
        if (openError !== null) return done(openError)
        fs.fsync(fd, (err) => fs.close(fd, () => done(err)))
      })
    }
  })

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
        let found: fs.Stats | undefined
        try {
          // No exception for a missing name (most probes of a file yet to be made): making one costs more than the lstat.
          found = fs.lstatSync(probe, { throwIfNoEntry: false })
        } catch {
          found = undefined
        }
        if (found !== undefined) break
        const up = path.dirname(probe)
        if (up === probe) break
        rest.unshift(path.basename(probe))
        probe = up
      }
      let real: string
      try {
        real = realpath(probe)
      } catch (e) {
        // A dangling symlink: where it points decides.
        const code = (e as { code?: string }).code
        if (code === "EINVAL" || code === "ENOTDIR" || code === "ELOOP") {
          // A component changed between two looks (a symlink became a directory or back): a race.
          return Effect.fail(spliceError("SPL-E034", `${input} changed while splice was resolving it (${code})`, { context: { path: input, race: "resolve" } }))
        }
        if (code !== "ENOENT") return Effect.fail(fromErrno(e, "stat", input))
        let link: string
        try {
          link = fs.readlinkSync(probe)
        } catch (le) {
          // It stopped being a symlink between two looks: someone is changing the tree right now.
          return Effect.fail(spliceError("SPL-E034", `${input} changed while splice was resolving it (${(le as { code?: string }).code ?? "race"})`, {
            context: { path: input, race: "resolve" }
          }))
        }
        const target = path.resolve(path.dirname(probe), link)
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

  /** The name itself: its directory resolved (and jailed), its last component kept as typed. */
  const nameFrom = (from: string, input: string) =>
    Effect.suspend(() => {
      if (input.length === 0 || input.includes("\0")) return resolveFrom(from, input)
      const lexical = path.resolve(from, input)
      if (!isInside(root, lexical) || lexical === root) return resolveFrom(from, input)
      return Effect.map(resolveFrom(root, path.relative(root, path.dirname(lexical)) || "."), (dir): ResolvedPath => {
        const absolute = path.join(dir.absolute, path.basename(lexical))
        return { absolute, relative: toRelative(root, absolute) }
      })
    })
  const resolveName = (input: UserPath) => nameFrom(base, input)
  const locateName = (p: WorkspacePath) => nameFrom(root, p)

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

  const lstatMany = (ps: ReadonlyArray<ResolvedPath>) =>
    Effect.suspend(() => {
      const out: Array<Option.Option<FileInfo>> = []
      for (const p of ps) {
        try {
          const st = fs.lstatSync(p.absolute, { throwIfNoEntry: false })
          out.push(st === undefined ? Option.none() : Option.some(infoOf(st)))
        } catch (e) {
          return Effect.fail(fromErrno(e, "stat", p.relative))
        }
      }
      return Effect.succeed(out)
    })

  const readLink = (p: ResolvedPath) =>
    Effect.try({
      try: (): Option.Option<string> => {
        try {
          return Option.some(fs.readlinkSync(p.absolute))
        } catch (e) {
          const code = (e as { code?: string }).code
          if (code === "EINVAL" || code === "ENOENT") return Option.none()
          throw e
        }
      },
      catch: (e) => fromErrno(e, "stat", p.relative)
    })

  const read = (p: ResolvedPath, options?: { readonly noFollow?: boolean; readonly limit?: number }) =>
    Effect.try({
      try: () => readRegularFile(p.absolute, p.relative, options?.noFollow === true, options?.limit),
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "read", p.relative))
    })

  /**
   * The directory a write goes to must still be the real directory resolved earlier, inside the
   * workspace: another process may have swapped it for a symlink to elsewhere meanwhile.
   */
  const checkDirectory = (p: ResolvedPath) => {
    const dir = path.dirname(p.absolute)
    let real: string
    try {
      real = fs.realpathSync(dir)
    } catch (e) {
      throw spliceError("SPL-E034", `the directory of ${p.relative} changed while splice was writing (${(e as { code?: string }).code ?? "gone"})`, {
        context: { file: p.relative, race: "directory" }
      })
    }
    if (real !== dir || !isInside(root, real)) {
      throw spliceError("SPL-E062", `the directory of ${p.relative} was replaced by a symlink while splice was writing; nothing was replaced`, {
        context: { file: p.relative, expected: dir, now: real, race: "directory" }
      })
    }
  }

  /**
   * Run `fn` with the target's directory pinned: the directory is opened once, checked (through
   * /proc/self/fd, which names what the descriptor really is) to be the one resolved, inside the
   * workspace, and every later step goes through `/proc/self/fd/<fd>/<name>`, which the kernel
   * resolves to that open directory — swapping the directory for a symlink afterwards changes
   * nothing. Where /proc is missing, the path is used, checked before and after the temp file.
   */
  const inPinnedDirectory = <A>(p: ResolvedPath, fn: (target: string, dirFd: number | undefined) => A): A => {
    const dir = path.dirname(p.absolute)
    let fd: number | undefined
    try {
      fd = fs.openSync(dir, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY | fs.constants.O_NOFOLLOW)
    } catch (e) {
      checkDirectory(p) // says what happened to it (gone, a symlink now), if it can tell
      throw spliceError("SPL-E062", `the directory of ${p.relative} changed while splice was writing (${(e as { code?: string }).code ?? "race"})`, {
        context: { file: p.relative, race: "directory" }
      })
    }
    try {
      const magic = `/proc/self/fd/${fd}`
      let opened: string | undefined
      try {
        opened = fs.readlinkSync(magic)
      } catch {
        opened = undefined // no /proc here
      }
      // What the kernel opened is named by its real path: when that is the directory resolved, no
      // component of it is a symlink and it is inside the workspace (the realpath check is only needed without /proc).
      if (opened === undefined || opened !== dir) checkDirectory(p)
      if (opened !== undefined && opened !== dir) {
        throw spliceError("SPL-E062", `the directory of ${p.relative} was replaced while splice was writing; nothing was replaced`, {
          context: { file: p.relative, expected: dir, now: opened, race: "directory" }
        })
      }
      return fn(opened === undefined ? p.absolute : path.join(magic, path.basename(p.absolute)), opened === undefined ? undefined : fd)
    } finally {
      fs.closeSync(fd)
    }
  }

  /** Another program's write since the file was read (it does not take splice's locks). */
  const checkUnchanged = (p: ResolvedPath, expect: ExpectedFile, at: string = p.absolute) => {
    const st = fs.statSync(at, { throwIfNoEntry: false })
    if (st !== undefined && st.isFile() && st.size === expect.size && st.mtimeMs === expect.mtimeMs && `${st.dev}:${st.ino}` === expect.identity) return
    const now = st === undefined ? undefined : st.isFile() ? readRegularFile(at, p.relative) : undefined
    if (now !== undefined && Buffer.from(now).equals(Buffer.from(expect.bytes))) return
    throw spliceError("SPL-E034", `${p.relative} was changed by another program while splice was editing it; nothing was replaced`, {
      context: { file: p.relative, files: [p.relative], race: "content", now: st === undefined ? "absent" : st.isFile() ? `${st.size} bytes` : "not a file" }
    })
  }

  const writeAtomic = (p: ResolvedPath, data: Uint8Array, options?: { readonly mode?: number; readonly expect?: ExpectedFile; readonly splitLinks?: boolean; readonly inPlace?: boolean; readonly durable?: boolean }) =>
    Effect.try({
      try: () =>
        inPinnedDirectory(p, (target, dirFd) => {
          const st = fs.lstatSync(target, { throwIfNoEntry: false })
          const mode = options?.mode ?? (st ? st.mode & 0o7777 : 0o644)
          if (st !== undefined && st.isFile() && ((st.nlink > 1 && options?.splitLinks !== true) || options?.inPlace === true)) {
            // Hard-linked: a rename would split the links, so rewrite the inode in place.
            // The journal holds the original, so a torn write is still recoverable.
            if (options?.expect !== undefined) checkUnchanged(p, options.expect, target)
            const fd = fs.openSync(target, fs.constants.O_RDWR | fs.constants.O_NOFOLLOW)
            try {
              fs.ftruncateSync(fd, 0)
              writeAll(fd, data)
              fs.fsyncSync(fd)
            } finally {
              fs.closeSync(fd)
            }
            return
          }
          const durable = options?.durable !== false
          const tmp = writeTemp(target, data, mode, st === undefined ? undefined : { uid: st.uid, gid: st.gid }, durable)
          try {
            // Checked again after the temp file exists and right before the rename.
            if (dirFd === undefined) checkDirectory(p)
            if (options?.expect !== undefined) checkUnchanged(p, options.expect, target)
            fs.renameSync(tmp, target)
          } catch (e) {
            fs.rmSync(tmp, { force: true })
            throw e
          }
          if (!durable) return
          if (dirFd !== undefined) fs.fsyncSync(dirFd)
          else syncDirectory(path.dirname(p.absolute))
        }),
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "write", p.relative))
    })

  /** What stage made: the temp file's name, the directory it is in (by device and inode, where /proc said what was opened), its flush. */
  interface LiveStaged extends StagedWrite {
    readonly tmpName: string
    readonly dirIdentity: string | undefined
    readonly flushed: Promise<NodeJS.ErrnoException | undefined>
    done: boolean
  }
  // Each staged file holds a descriptor until its flush settles: a transaction of thousands of files
  // waits for room rather than run out of descriptors.
  const flushing = new Set<Promise<unknown>>()
  const MAX_FLUSHING = 64
  const roomToFlush = Effect.suspend(() =>
    flushing.size < MAX_FLUSHING ? Effect.void : Effect.promise(async () => {
      while (flushing.size >= MAX_FLUSHING) await Promise.race(flushing)
    })
  )
  const identityOf = (fd: number) => {
    const st = fs.fstatSync(fd)
    return `${st.dev}:${st.ino}`
  }
  /** The staged temp file's path through the directory now pinned, or undefined when that is another directory than the one staged in. */
  const stagedPath = (s: LiveStaged, target: string, dirFd: number | undefined) =>
    dirFd !== undefined && s.dirIdentity !== undefined && identityOf(dirFd) !== s.dirIdentity ? undefined : path.join(path.dirname(target), s.tmpName)

  const stage = (p: ResolvedPath, data: Uint8Array, options?: { readonly mode?: number }) =>
    Effect.zipRight(roomToFlush, Effect.try({
      try: (): StagedWrite =>
        inPinnedDirectory(p, (target, dirFd) => {
          const st = fs.lstatSync(target, { throwIfNoEntry: false })
          const mode = options?.mode ?? (st ? st.mode & 0o7777 : 0o644)
          const dirIdentity = dirFd === undefined ? undefined : identityOf(dirFd)
          const { tmp, flushed } = writeTempFlushing(target, data, mode, st === undefined ? undefined : { uid: st.uid, gid: st.gid })
          flushing.add(flushed)
          void flushed.then(() => flushing.delete(flushed))
          const staged: LiveStaged = { target: p, tmpName: path.basename(tmp), dirIdentity, flushed, done: false }
          return staged
        }),
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "write", p.relative))
    }))

  const publish = (staged: StagedWrite, options?: { readonly expect?: ExpectedFile }) =>
    Effect.suspend(() => {
      const s = staged as LiveStaged
      if (s.done) return Effect.void
      s.done = true // published, or its temp file removed by the failure
      return Effect.flatMap(Effect.promise(() => s.flushed), (flushError) =>
        Effect.try({
          try: () =>
            inPinnedDirectory(s.target, (target, dirFd) => {
              const tmp = stagedPath(s, target, dirFd)
              if (tmp === undefined) {
                throw spliceError("SPL-E062", `the directory of ${s.target.relative} was replaced while splice was writing; nothing was replaced`, {
                  context: { file: s.target.relative, race: "directory" }
                })
              }
              try {
                if (flushError !== undefined) throw flushError
                if (dirFd === undefined) checkDirectory(s.target)
                if (options?.expect !== undefined) checkUnchanged(s.target, options.expect, target)
                fs.renameSync(tmp, target)
              } catch (e) {
                fs.rmSync(tmp, { force: true })
                throw e
              }
            }),
          catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "write", s.target.relative))
        }))
    })

  const discard = (staged: StagedWrite) =>
    Effect.suspend(() => {
      const s = staged as LiveStaged
      if (s.done) return Effect.void
      s.done = true
      // After the flush settled: its descriptor is closed then.
      return Effect.promise(() =>
        s.flushed.then(() => {
          try {
            inPinnedDirectory(s.target, (target, dirFd) => {
              const tmp = stagedPath(s, target, dirFd)
              if (tmp !== undefined) fs.rmSync(tmp, { force: true })
            })
          } catch {
            // The directory is gone or was replaced: the temp file went with it, or `splice recover` leaves it to be found.
          }
        })
      )
    })

  // One directory (an edit): flushed here, as writeAtomic does (a worker thread's round trip costs
  // more than a fast disk's flush). Several: all at once on worker threads, one wait for them all.
  const syncDirectories = (files: ReadonlyArray<ResolvedPath>) =>
    Effect.suspend(() => {
      const dirs = [...new Set(files.map((f) => path.dirname(f.absolute)))]
      if (dirs.length === 0) return Effect.void
      if (dirs.length === 1) return Effect.try({ try: () => syncDirectory(dirs[0]!), catch: (e) => fromErrno(e, "write", toRelative(root, dirs[0]!)) })
      return flushDirectoriesOffThread(dirs.map((dir) => ({ absolute: dir, relative: toRelative(root, dir) })))
    })

  const createExclusive = (p: ResolvedPath, data: Uint8Array, options?: { readonly mode?: number; readonly sync?: "full" | "data" | "named" | "none" }) =>
    Effect.try({
      try: () => {
        inPinnedDirectory(p, (target, dirFd) => {
          if (options?.sync === "data" || options?.sync === "none") return writeNewFile(target, data, options.mode ?? 0o644, options.sync === "data")
          if (options?.sync === "named") {
            writeNewFile(target, data, options.mode ?? 0o644, "data")
            if (dirFd !== undefined) fs.fsyncSync(dirFd)
            else syncDirectory(path.dirname(p.absolute))
            return
          }
          const tmp = writeTemp(target, data, options?.mode ?? 0o644)
          try {
            fs.linkSync(tmp, target) // fails with EEXIST instead of replacing
          } finally {
            fs.rmSync(tmp, { force: true })
          }
          if (dirFd !== undefined) fs.fsyncSync(dirFd)
          else syncDirectory(path.dirname(p.absolute))
        })
      },
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "write", p.relative))
    })

  /** `fn` on the regular file at `p`, opened for writing as it is (never through a symlink, never a FIFO's wait). */
  const withRegularFileForWriting = (p: ResolvedPath, fn: (fd: number, st: fs.Stats) => void) =>
    Effect.try({
      try: () => {
        const fd = fs.openSync(p.absolute, fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
        try {
          const st = fs.fstatSync(fd)
          if (!st.isFile()) throw notRegular(kindOf(st), p.relative)
          fn(fd, st)
        } finally {
          fs.closeSync(fd)
        }
      },
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "write", p.relative))
    })

  const fill = (p: ResolvedPath, data: Uint8Array, options?: { readonly sync?: boolean }) =>
    withRegularFileForWriting(p, (fd, st) => {
      writeAll(fd, data)
      if (st.size > data.length) fs.ftruncateSync(fd, data.length)
      if (options?.sync !== false) fs.fdatasyncSync(fd)
    })

  const flushData = (p: ResolvedPath, options?: { readonly withName?: boolean }) =>
    Effect.zipRight(
      withRegularFileForWriting(p, (fd) => fs.fdatasyncSync(fd)),
      options?.withName === true ? Effect.try({ try: () => syncDirectory(path.dirname(p.absolute)), catch: (e) => fromErrno(e, "write", p.relative) }) : Effect.void
    )

  const truncate = (p: ResolvedPath, size: number) => withRegularFileForWriting(p, (fd) => fs.ftruncateSync(fd, size))

  const remove = (p: ResolvedPath) =>
    Effect.try({
      try: () => {
        // unlink, not rmSync: Node's rmSync answers an unlink refused (EPERM on an immutable file)
        // by trying the name as a directory, and reports that attempt's ENOTDIR instead.
        try {
          fs.unlinkSync(p.absolute)
        } catch (e) {
          if ((e as { code?: string }).code === "ENOENT") return
          throw e
        }
        syncDirectory(path.dirname(p.absolute))
      },
      catch: (e) => fromErrno(e, "write", p.relative)
    })

  const list = (dir: ResolvedPath) =>
    Effect.try({
      try: () => (fs.existsSync(dir.absolute) ? fs.readdirSync(dir.absolute).sort() : []),
      catch: (e) => fromErrno(e, "list", dir.relative)
    })

  const entries = (dir: ResolvedPath) =>
    Effect.try({
      try: () => fs.readdirSync(dir.absolute, { withFileTypes: true }).map((e): DirEntry => ({ name: e.name, kind: direntKind(e) })),
      catch: (e) => fromErrno(e, "list", dir.relative)
    })

  // One buffer for every file a search reads (grown to the largest), kept between calls.
  let scratch: Buffer = Buffer.alloc(0)
  const scanEach = (paths: ReadonlyArray<ResolvedPath>, probe: number, each: (path: ResolvedPath, file: ScannedFile) => void) =>
    Effect.sync(() => {
      if (scratch.length === 0) scratch = Buffer.allocUnsafe(1 << 20)
      for (const p of paths) {
        let file: ScannedFile
        try {
          const r = scanRegularFile(p.absolute, p.relative, probe, scratch)
          scratch = r.scratch
          file = r.file
        } catch (e) {
          file = { kind: "error", error: e instanceof SpliceError ? e : fromErrno(e, "read", p.relative) }
        }
        each(p, file)
      }
    })

  const makeDirectory = (dir: ResolvedPath, options?: { readonly mode?: number }) =>
    Effect.try({
      try: () => {
        const first = fs.mkdirSync(dir.absolute, { recursive: true })
        if (first === undefined) return
        // Exactly the mode asked for: the umask must not narrow a restored directory's mode.
        if (options?.mode !== undefined) fs.chmodSync(dir.absolute, options.mode)
        // Each new directory's name lives in its parent: sync those parents, or a crash can lose the
        // directory together with the files written into it.
        for (let d = dir.absolute; ; d = path.dirname(d)) {
          syncDirectory(path.dirname(d))
          if (d === first || d === path.dirname(d)) break
        }
      },
      catch: (e) => fromErrno(e, "write", dir.relative)
    })

  const syncDirectoryOffThread = (dir: ResolvedPath) => flushDirectoriesOffThread([dir])

  const rename = (from: ResolvedPath, to: ResolvedPath, options?: { readonly durable?: boolean }) =>
    Effect.try({
      try: () => {
        if (fs.existsSync(to.absolute)) throw Object.assign(new Error(`EEXIST: ${to.relative}`), { code: "EEXIST" })
        fs.renameSync(from.absolute, to.absolute)
        if (options?.durable !== false) syncDirectory(path.dirname(to.absolute))
      },
      catch: (e) => fromErrno(e, "write", from.relative)
    })

  /** Copy a file to a new name beside `to` (for a move across devices), durably; link or rename it in. */
  const copyAcross = (from: ResolvedPath, to: ResolvedPath, replace: boolean) => {
    const st = fs.lstatSync(from.absolute)
    if (!st.isFile()) throw notRegular(kindOf(st), from.relative)
    const tmp = writeTemp(to.absolute, readRegularFile(from.absolute, from.relative, true), st.mode & 0o7777, { uid: st.uid, gid: st.gid })
    try {
      if (replace) fs.renameSync(tmp, to.absolute)
      else fs.linkSync(tmp, to.absolute)
    } catch (e) {
      fs.rmSync(tmp, { force: true })
      throw e
    }
    if (!replace) fs.rmSync(tmp, { force: true })
    // Seconds as numbers keep sub-millisecond precision where the runtime passes it on.
    fs.utimesSync(to.absolute, st.atimeMs / 1000, st.mtimeMs / 1000)
    fs.unlinkSync(from.absolute)
  }

  const moveFile = (from: ResolvedPath, to: ResolvedPath, options: { readonly replace: boolean; readonly expect?: ExpectedFile; readonly expectTarget?: ExpectedFile }) =>
    Effect.try({
      try: () => {
        checkDirectory(from)
        checkDirectory(to)
        if (options.expect !== undefined) checkUnchanged(from, options.expect)
        if (options.expectTarget !== undefined) checkUnchanged(to, options.expectTarget)
        const code = (e: unknown) => (e as { code?: string }).code
        if (options.replace) {
          try {
            fs.renameSync(from.absolute, to.absolute)
          } catch (e) {
            if (code(e) !== "EXDEV") throw e
            copyAcross(from, to, true)
          }
        } else {
          try {
            // link fails with EEXIST rather than replacing: no window in which `to` could be lost.
            fs.linkSync(from.absolute, to.absolute)
          } catch (e) {
            const c = code(e)
            if (c === "EXDEV") {
              copyAcross(from, to, false)
              return syncBoth(from, to)
            }
            // A file system without hard links (or protected_hardlinks): check, then rename, under splice's locks.
            if (c !== "EPERM" && c !== "ENOTSUP" && c !== "EOPNOTSUPP" && c !== "EMLINK") throw e
            if (fs.lstatSync(to.absolute, { throwIfNoEntry: false }) !== undefined) throw Object.assign(new Error(`EEXIST: ${to.relative}`), { code: "EEXIST" })
            fs.renameSync(from.absolute, to.absolute)
            return syncBoth(from, to)
          }
          fs.unlinkSync(from.absolute)
        }
        syncBoth(from, to)
      },
      catch: (e) => {
        if (e instanceof SpliceError) return e
        // Name the side the failure is about: the old name when unlinking it or when it is gone.
        const err = e as { code?: string; syscall?: string }
        const aboutSource = err.syscall === "unlink" || (err.code === "ENOENT" && fs.lstatSync(from.absolute, { throwIfNoEntry: false }) === undefined)
        return fromErrno(e, "write", aboutSource ? from.relative : to.relative)
      }
    })

  const moveDirectory = (from: ResolvedPath, to: ResolvedPath, options: { readonly identity: string }) =>
    Effect.try({
      try: () => {
        checkDirectory(from)
        checkDirectory(to)
        const st = fs.lstatSync(from.absolute, { throwIfNoEntry: false })
        if (st === undefined || !st.isDirectory() || `${st.dev}:${st.ino}` !== options.identity) {
          throw spliceError("SPL-E034", `${from.relative} is not the directory splice planned to move (replaced or removed meanwhile); nothing was moved`, {
            context: { file: from.relative, files: [from.relative], race: "content" }
          })
        }
        // rename(2) would replace an empty directory at `to`: nothing may be there (checked under splice's locks).
        if (fs.lstatSync(to.absolute, { throwIfNoEntry: false }) !== undefined) throw Object.assign(new Error(`EEXIST: ${to.relative}`), { code: "EEXIST" })
        fs.renameSync(from.absolute, to.absolute)
        syncBoth(from, to)
      },
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "write", (e as { code?: string }).code === "EEXIST" ? to.relative : from.relative))
    })

  /** Both directories of a move hold a changed name: make both durable. */
  const syncBoth = (from: ResolvedPath, to: ResolvedPath) => {
    syncDirectory(path.dirname(to.absolute))
    if (path.dirname(from.absolute) !== path.dirname(to.absolute)) syncDirectory(path.dirname(from.absolute))
  }

  const symlink = (target: string, p: ResolvedPath) =>
    Effect.try({
      try: () =>
        inPinnedDirectory(p, (at, dirFd) => {
          fs.symlinkSync(target, at)
          if (dirFd !== undefined) fs.fsyncSync(dirFd)
          else syncDirectory(path.dirname(p.absolute))
        }),
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "write", p.relative))
    })

  const removeDirectory = (dir: ResolvedPath) =>
    Effect.try({
      try: () => fs.rmSync(dir.absolute, { recursive: true, force: true }),
      catch: (e) => fromErrno(e, "write", dir.relative)
    })

  const removeEmptyDirectory = (dir: ResolvedPath) =>
    Effect.try({
      try: () => {
        try {
          fs.rmdirSync(dir.absolute)
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code
          if (code === "ENOENT" || code === "ENOTEMPTY" || code === "EEXIST" || code === "ENOTDIR") return false
          throw e
        }
        syncDirectory(path.dirname(dir.absolute))
        return true
      },
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
              if (st !== undefined) out.push({ relative: childRel, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs })
            }
          }
        }
        visit(dir.absolute, dir.relative)
        return out
      },
      catch: (e) => fromErrno(e, "list", dir.relative)
    })

  return { root, resolve, locate, resolveName, locateName, stat, lstat, lstatMany, readLink, read, writeAtomic, stage, publish, discard, syncDirectories, createExclusive, fill, flushData, truncate, remove, list, entries, scanEach, makeDirectory, moveFile, moveDirectory, symlink, syncDirectory: syncDirectoryOffThread, rename, removeDirectory, removeEmptyDirectory, walk }
}

export const FileStoreLive = (root: string, cwd?: string): Layer.Layer<FileStore> =>
  Layer.sync(FileStore, () => makeFileStore(root, cwd))
