import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { SpliceError, spliceError } from "../../src/domain/SpliceError.js"
import { type DirEntry, type FileInfo, FileStore, type FileStoreService, type ResolvedPath, type UserPath, type ScannedFile, type WalkedFile, type WorkspacePath, type ExpectedFile, type StagedWrite } from "../../services/FileStore.js"
import { fromErrno } from "../live/errno.js"

/**
 * An in-memory workspace for command tests, with fault injection: make a matching operation fail
 * with an errno (ENOSPC, EACCES, EIO …), or "crash" the process after N successful writes — from
 * then on every write dies and nothing more lands, as if the process had been killed, until
 * `restart()` starts a new process on the same disk.
 */

/**
 * A file is its inode: an object that every name of it (hard links, `link`) shares, with its number
 * (`ino`, the identity a stat reports). A rename keeps the object; an atomic replace makes a new one;
 * an in-place write (a hard-linked file, `fill`, `truncate`) changes the object, so every name sees it.
 * A directory has its number too (`mem:dir:N`, counted per disk, so that two runs of one scenario
 * journal the same identities): a rename of it (moveDirectory, rename) keeps it, a directory made
 * again where one was removed gets a new one.
 */
type Entry =
  | { readonly kind: "file"; data: Uint8Array; mode: number; nlink: number; mtimeMs: number; ctimeMs?: number; readonly ino: number }
  | { readonly kind: "directory"; readonly mode?: number; readonly ino: number }
  | { readonly kind: "fifo" | "device" }
  /** `raw` as written: a relative one is taken from the link's own directory when followed (so a moved link points from its new place). */
  | { readonly kind: "symlink"; readonly raw: string }

/** `stage`: writing a file's next content beside it (FileStore.stage), before the transaction begins. */
export type FaultOp = "read" | "write" | "create" | "remove" | "stage"

/** A new file's inode (see Entry): numbered across every MemoryFs, as no two files share one. */
let nextIno = 1
export const newFile = (data: Uint8Array, mode: number, mtimeMs: number): Extract<Entry, { kind: "file" }> => ({ kind: "file", data, mode, nlink: 1, mtimeMs, ino: nextIno++ })

export interface Fault {
  /** `list`: reading a directory's entries (a walk meets an unreadable directory). */
  readonly op: FaultOp | "list"
  /** Workspace-relative path, or a prefix ending in `/`; every path when absent. */
  readonly path?: string
  /** Or any path this accepts. */
  readonly match?: (path: string) => boolean
  readonly errno: "ENOSPC" | "EACCES" | "EIO" | "EROFS" | "EXDEV"
  /** How many times it fires (default: always). */
  times?: number
}

export class SimulatedCrash extends Error {
  constructor() {
    super("simulated crash: the process died here")
  }
}

export class MemoryFs {
  readonly root = "/ws"
  private nextDirIno = 1
  readonly entries = new Map<string, Entry>([["/ws", this.newDirectory()]])
  faults: Fault[] = []
  /** Writes that may still succeed before the simulated crash; undefined = never crash. */
  crashAfterWrites: number | undefined = undefined
  /** Crash at the first mutating operation this predicate accepts (before it happens). */
  crashWhen: ((op: FaultOp, path: string) => boolean) | undefined = undefined
  crashed = false
  /** Every mutating operation, in order, as `op path` (for assertions). */
  readonly log: string[] = []
  private clock = 1_700_000_000_000

  constructor(files: Record<string, string | Uint8Array> = {}) {
    for (const [p, content] of Object.entries(files)) this.put(p, content)
  }

  abs(rel: string): string {
    return path.posix.resolve(this.root, rel)
  }

  put(rel: string, content: string | Uint8Array, mode = 0o644): void {
    const abs = this.abs(rel)
    this.mkdirs(path.posix.dirname(abs))
    const data = typeof content === "string" ? new TextEncoder().encode(content) : content
    this.entries.set(abs, newFile(data, mode, this.clock++))
  }

  /** A second name for a file (ln): one inode, its link count raised. */
  link(rel: string, newRel: string): void {
    const e = this.entries.get(this.abs(rel))
    if (e?.kind !== "file") throw new Error(`not a file: ${rel}`)
    this.mkdirs(path.posix.dirname(this.abs(newRel)))
    e.nlink++
    this.entries.set(this.abs(newRel), e)
  }

  /** A new directory (its own inode), with exactly `mode` when given (else 0755). */
  newDirectory(mode?: number): Extract<Entry, { kind: "directory" }> {
    return { kind: "directory", ino: this.nextDirIno++, ...(mode !== undefined ? { mode } : {}) }
  }

  /** chmod of a directory: the same directory (inode), another mode. */
  chmodDirectory(rel: string, mode: number): void {
    const e = this.entries.get(this.abs(rel))
    if (e?.kind !== "directory") throw new Error(`not a directory: ${rel}`)
    this.entries.set(this.abs(rel), { ...e, mode })
  }

  /** What a stat would report of a directory: its inode number and mode (undefined when no directory is there). */
  dirInode(rel: string): { readonly ino: number; readonly mode: number } | undefined {
    const e = this.entries.get(this.abs(rel))
    return e?.kind === "directory" ? { ino: e.ino, mode: e.mode ?? 0o755 } : undefined
  }

  /** What a stat would report of a file: its inode number, link count, mode and mtime (undefined when none). */
  inode(rel: string): { readonly ino: number; readonly nlink: number; readonly mode: number; readonly mtimeMs: number } | undefined {
    const e = this.entries.get(this.abs(rel))
    return e?.kind === "file" ? { ino: e.ino, nlink: e.nlink, mode: e.mode, mtimeMs: e.mtimeMs } : undefined
  }

  /** A name goes (unlink): its file loses one link; the inode lives on under its other names. */
  unlinkName(abs: string): void {
    const e = this.entries.get(abs)
    if (e?.kind === "file" && e.nlink > 1) e.nlink--
    this.entries.delete(abs)
  }

  putSpecial(rel: string, kind: "fifo" | "device" | "directory"): void {
    const abs = this.abs(rel)
    this.mkdirs(path.posix.dirname(abs))
    this.entries.set(abs, kind === "directory" ? this.newDirectory() : { kind })
  }

  symlink(rel: string, target: string): void {
    const abs = this.abs(rel)
    this.mkdirs(path.posix.dirname(abs))
    this.entries.set(abs, { kind: "symlink", raw: target })
  }

  text(rel: string): string | undefined {
    const e = this.entries.get(this.abs(rel))
    return e?.kind === "file" ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(e.data) : undefined
  }

  bytes(rel: string): Uint8Array | undefined {
    const e = this.entries.get(this.abs(rel))
    return e?.kind === "file" ? e.data : undefined
  }

  exists(rel: string): boolean {
    return this.entries.has(this.abs(rel))
  }

  /** A new process on the same disk: the crash is over, faults stay as configured. */
  restart(): void {
    this.crashed = false
    this.crashAfterWrites = undefined
    this.crashWhen = undefined
  }

  private mkdirs(abs: string): void {
    let cur = abs
    const todo: string[] = []
    while (!this.entries.has(cur)) {
      todo.unshift(cur)
      cur = path.posix.dirname(cur)
    }
    for (const d of todo) this.entries.set(d, this.newDirectory())
  }

  /** Check faults and the crash budget before a mutating operation. */
  gate(op: FaultOp, rel: string): void {
    if (this.crashed) throw new SimulatedCrash()
    const fault = this.faults.find((f) =>
      (f.op === op) &&
      (f.match !== undefined ? f.match(rel) : f.path === undefined || f.path === rel || (f.path.endsWith("/") && rel.startsWith(f.path))) &&
      (f.times === undefined || f.times > 0)
    )
    if (fault !== undefined) {
      if (fault.times !== undefined) fault.times--
      throw Object.assign(new Error(`${fault.errno}: injected fault on ${op} ${rel}`), { code: fault.errno })
    }
    if (op !== "read" && this.crashWhen?.(op, rel) === true) {
      this.crashed = true
      throw new SimulatedCrash()
    }
    if (op !== "read" && this.crashAfterWrites !== undefined) {
      if (this.crashAfterWrites === 0) {
        this.crashed = true
        throw new SimulatedCrash()
      }
      this.crashAfterWrites--
    }
    if (op !== "read") this.log.push(`${op} ${rel}`)
  }

  /** A fault injected on listing a directory (not a write: no crash budget, not logged). */
  gateList(rel: string): void {
    const fault = this.faults.find((f) => f.op === "list" && (f.path === undefined || f.path === rel || (f.path.endsWith("/") && rel.startsWith(f.path))) && (f.times === undefined || f.times > 0))
    if (fault === undefined) return
    if (fault.times !== undefined) fault.times--
    throw Object.assign(new Error(`${fault.errno}: injected fault on list ${rel}`), { code: fault.errno })
  }

  /** Run a filesystem step: injected errnos become SpliceErrors, a simulated crash becomes a defect. */
  run<A>(op: FaultOp | "stat" | "list", rel: string, f: () => A): Effect.Effect<A, ReturnType<typeof fromErrno>> {
    return Effect.suspend(() => {
      try {
        if (op !== "stat" && op !== "list") this.gate(op, rel)
        return Effect.succeed(f())
      } catch (e) {
        if (e instanceof SimulatedCrash) return Effect.die(e)
        if (e instanceof SpliceError) return Effect.fail(e)
        const errOp = op === "create" || op === "remove" || op === "stage" ? "write" : op
        return Effect.fail(fromErrno(e, errOp, rel))
      }
    })
  }

  enoent(rel: string): Error {
    return Object.assign(new Error(`ENOENT: ${rel}`), { code: "ENOENT" })
  }

  tick(): number {
    return this.clock++
  }
}

const isInside = (root: string, p: string) => p === root || p.startsWith(root + "/")

/**
 * `cwd` is the workspace-relative directory the command runs from (default: the root), so command
 * tests can run from a subdirectory as agents do.
 */
export const makeMemoryFileStore = (mem: MemoryFs, cwd: string = "."): FileStoreService => {
  const root = mem.root
  const rel = (abs: string) => (abs === root ? "." : abs.slice(root.length + 1)) as WorkspacePath
  const base = path.posix.resolve(root, cwd)

  const resolveFrom = (from: string, input: string) =>
    Effect.suspend(() => {
      if (input.length === 0 || input.includes("\0")) {
        return Effect.fail(spliceError("SPL-E066", "invalid path: empty or contains a NUL byte", { context: { path: input } }))
      }
      const lexical = path.posix.resolve(from, input)
      if (!isInside(root, lexical)) {
        return Effect.fail(spliceError("SPL-E061", `path is outside the workspace: ${input}`, { context: { path: input, workspace: root } }))
      }
      // Follow symlinks component by component.
      const parts = lexical.slice(root.length).split("/").filter((s) => s.length > 0)
      let cur = root
      for (let i = 0; i < parts.length; i++) {
        let next = `${cur}/${parts[i]}`
        let hops = 0
        let e = mem.entries.get(next)
        while (e?.kind === "symlink" && hops++ < 40) {
          next = path.posix.resolve(path.posix.dirname(next), e.raw)
          e = mem.entries.get(next)
        }
        if (!isInside(root, next)) {
          return Effect.fail(spliceError("SPL-E062", `path leads outside the workspace through a symlink: ${input}`, {
            context: { path: input, target: next, workspace: root }
          }))
        }
        cur = next
      }
      const r: ResolvedPath = { absolute: cur, relative: rel(cur) }
      return Effect.succeed(r)
    })
  const resolve = (input: UserPath) => resolveFrom(base, input)
  const locate = (p: WorkspacePath) => resolveFrom(root, p)
  const nameFrom = (from: string, input: string) =>
    Effect.suspend(() => {
      const lexical = path.posix.resolve(from, input)
      if (input.length === 0 || input.includes("\0") || !isInside(root, lexical) || lexical === root) return resolveFrom(from, input)
      return Effect.map(resolveFrom(root, rel(path.posix.dirname(lexical))), (dir): ResolvedPath => {
        const absolute = `${dir.absolute}/${path.posix.basename(lexical)}`
        return { absolute, relative: rel(absolute) }
      })
    })
  const resolveName = (input: UserPath) => nameFrom(base, input)
  const locateName = (p: WorkspacePath) => nameFrom(root, p)

  /** The entry at a path, following symlinks unless `follow` is false; and where it ended. */
  const entryAt = (abs: string, follow: boolean): { entry: Entry | undefined; at: string } => {
    let at = abs
    let e = mem.entries.get(at)
    for (let hops = 0; follow && e?.kind === "symlink" && hops < 40; hops++) {
      at = path.posix.resolve(path.posix.dirname(at), e.raw)
      e = mem.entries.get(at)
    }
    return { entry: e, at }
  }
  const infoOf = (e: Entry, at: string): FileInfo =>
    e.kind === "file"
      ? { kind: "file", size: e.data.length, mode: e.mode, nlink: e.nlink, mtimeMs: e.mtimeMs, ctimeMs: e.ctimeMs ?? e.mtimeMs, identity: `mem:ino:${e.ino}`, uid: 0, gid: 0 }
      : { kind: e.kind, size: 0, mode: e.kind === "directory" ? e.mode ?? 0o755 : 0o644, nlink: 1, mtimeMs: 0, ctimeMs: 0, identity: e.kind === "directory" ? `mem:dir:${e.ino}` : `mem:${at}`, uid: 0, gid: 0 }

  const stat = (p: ResolvedPath) =>
    mem.run("stat", p.relative, (): Option.Option<FileInfo> => {
      const { entry, at } = entryAt(p.absolute, true)
      return entry === undefined ? Option.none() : Option.some(infoOf(entry, at))
    })

  const lstat = (p: ResolvedPath) =>
    mem.run("stat", p.relative, (): Option.Option<FileInfo> => {
      const e = mem.entries.get(p.absolute)
      return e === undefined ? Option.none() : Option.some(infoOf(e, p.absolute))
    })

  const lstatMany = (ps: ReadonlyArray<ResolvedPath>) => Effect.forEach(ps, lstat)

  const readLink = (p: ResolvedPath) =>
    mem.run("stat", p.relative, (): Option.Option<string> => {
      const e = mem.entries.get(p.absolute)
      return e?.kind === "symlink" ? Option.some(e.raw) : Option.none()
    })

  const read = (p: ResolvedPath, options?: { readonly noFollow?: boolean; readonly limit?: number }) =>
    mem.run("read", p.relative, () => {
      const e = entryAt(p.absolute, options?.noFollow !== true).entry
      if (e === undefined) throw mem.enoent(p.relative)
      if (e.kind !== "file") throw spliceError("SPL-E065", `not a regular file (${e.kind}): ${p.relative}`, { context: { file: p.relative, kind: e.kind } })
      return e.data.slice(0, options?.limit)
    })

  const parentMustExist = (p: ResolvedPath) => {
    const parent = mem.entries.get(path.posix.dirname(p.absolute))
    if (parent?.kind !== "directory") throw mem.enoent(p.relative)
  }

  // A hard-linked file (nlink > 1) is rewritten in place unless splitLinks (any file with inPlace), as on a real disk: its
  // other names see the new bytes. Anything else is a new inode renamed over the name.
  const writeAtomic = (p: ResolvedPath, data: Uint8Array, options?: { readonly mode?: number; readonly expect?: ExpectedFile; readonly splitLinks?: boolean; readonly inPlace?: boolean; readonly durable?: boolean }) =>
    mem.run("write", p.relative, () => {
      parentMustExist(p)
      const old = mem.entries.get(p.absolute)
      const expect = options?.expect
      if (expect !== undefined) {
        const same = old?.kind === "file" && (
          (old.data.length === expect.size && old.mtimeMs === expect.mtimeMs) ||
          Buffer.from(old.data).equals(Buffer.from(expect.bytes))
        )
        if (!same) throw spliceError("SPL-E034", `${p.relative} was changed by another program while splice was editing it; nothing was replaced`, { context: { file: p.relative, files: [p.relative], race: "content" } })
      }
      const mode = options?.mode ?? (old?.kind === "file" ? old.mode : 0o644)
      if (old !== undefined && old.kind !== "file") throw Object.assign(new Error("EISDIR"), { code: "EISDIR" })
      if (old?.kind === "file" && ((old.nlink > 1 && options?.splitLinks !== true) || options?.inPlace === true)) {
        old.data = data.slice()
        old.mtimeMs = mem.tick()
        return
      }
      // The replaced inode loses this name (its other names keep it); a link count a test set by hand stays.
      const shared = old?.kind === "file" && [...mem.entries].some(([k, e]) => e === old && k !== p.absolute)
      if (shared) old.nlink--
      const next = newFile(data.slice(), mode, mem.tick())
      if (old?.kind === "file" && !shared) next.nlink = old.nlink
      mem.entries.set(p.absolute, next)
    })

  // Staging holds the bytes; publishing is writeAtomic's one step (the same crash point and log as
  // an unstaged write), so tests count the same operations either way. A `stage` fault fails the
  // staging itself (a full disk found before the transaction began); it spends no crash budget.
  interface MemoryStaged extends StagedWrite {
    readonly data: Uint8Array
    readonly mode: number | undefined
    done: boolean
  }
  const stage = (p: ResolvedPath, data: Uint8Array, options?: { readonly mode?: number }) =>
    Effect.suspend(() => {
      const fault = mem.faults.find((f) => f.op === "stage" && (f.path === undefined || f.path === p.relative) && (f.times === undefined || f.times > 0))
      if (fault !== undefined) {
        if (fault.times !== undefined) fault.times--
        return Effect.fail(fromErrno(Object.assign(new Error(`${fault.errno}: injected fault on stage ${p.relative}`), { code: fault.errno }), "write", p.relative))
      }
      const staged: MemoryStaged = { target: p, data: data.slice(), mode: options?.mode, done: false }
      return Effect.succeed<StagedWrite>(staged)
    })
  const publish = (staged: StagedWrite, options?: { readonly expect?: ExpectedFile }) =>
    Effect.suspend(() => {
      const s = staged as MemoryStaged
      if (s.done) return Effect.void
      s.done = true
      return writeAtomic(s.target, s.data, { ...(s.mode !== undefined ? { mode: s.mode } : {}), ...(options?.expect !== undefined ? { expect: options.expect } : {}), splitLinks: true })
    })
  const discard = (staged: StagedWrite) => Effect.sync(() => void ((staged as MemoryStaged).done = true))
  // Nothing to flush on this disk (writeAtomic's own directory flush is no step here either).
  const syncDirectories = (_files: ReadonlyArray<ResolvedPath>) => Effect.void

  // Every sync level is the same here: this disk never loses a write.
  const createExclusive = (p: ResolvedPath, data: Uint8Array, options?: { readonly mode?: number; readonly sync?: "full" | "data" | "named" | "none" }) =>
    mem.run("create", p.relative, () => {
      parentMustExist(p)
      if (mem.entries.has(p.absolute)) throw Object.assign(new Error("EEXIST"), { code: "EEXIST" })
      mem.entries.set(p.absolute, newFile(data.slice(), options?.mode ?? 0o644, mem.tick()))
    })

  // Flushed or not, the same here (this disk never loses a write): flushData is no step.
  const flushData = (_p: ResolvedPath, _options?: { readonly withName?: boolean }) => Effect.void
  const fill = (p: ResolvedPath, data: Uint8Array, _options?: { readonly sync?: boolean }) =>
    mem.run("write", p.relative, () => {
      const e = mem.entries.get(p.absolute)
      if (e === undefined) throw mem.enoent(p.relative)
      if (e.kind !== "file") throw Object.assign(new Error(`not a regular file: ${p.relative}`), { code: "EINVAL" })
      e.data = data.slice()
      e.mtimeMs = mem.tick()
    })

  const truncate = (p: ResolvedPath, size: number) =>
    mem.run("write", p.relative, () => {
      const e = mem.entries.get(p.absolute)
      if (e === undefined) throw mem.enoent(p.relative)
      if (e.kind !== "file") throw Object.assign(new Error(`not a regular file: ${p.relative}`), { code: "EINVAL" })
      e.data = e.data.slice(0, size)
      e.mtimeMs = mem.tick()
    })

  const remove = (p: ResolvedPath) => mem.run("remove", p.relative, () => mem.unlinkName(p.absolute))

  const list = (dir: ResolvedPath) =>
    mem.run("list", dir.relative, () => {
      const prefix = dir.absolute + "/"
      const names = new Set<string>()
      for (const k of mem.entries.keys()) {
        if (k.startsWith(prefix)) names.add(k.slice(prefix.length).split("/")[0]!)
      }
      return [...names].sort()
    })

  const entries = (dir: ResolvedPath) =>
    mem.run("list", dir.relative, () => {
      const d = mem.entries.get(dir.absolute)
      if (d === undefined) throw mem.enoent(dir.relative)
      if (d.kind !== "directory") throw Object.assign(new Error(`ENOTDIR: ${dir.relative}`), { code: "ENOTDIR" })
      mem.gateList(dir.relative)
      const prefix = dir.absolute + "/"
      const out: DirEntry[] = []
      for (const [k, e] of mem.entries) {
        if (k.startsWith(prefix) && !k.slice(prefix.length).includes("/")) out.push({ name: k.slice(prefix.length), kind: e.kind })
      }
      // In no set order, as on a real disk: reversed here, so that no caller comes to rely on one.
      return out.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))
    })

  const scanEach = (paths: ReadonlyArray<ResolvedPath>, probe: number, each: (path: ResolvedPath, file: ScannedFile) => void) =>
    Effect.sync(() => {
      for (const p of paths) {
        const file = Effect.runSync(Effect.either(mem.run("read", p.relative, (): ScannedFile => {
          const e = mem.entries.get(p.absolute)
          if (e === undefined) throw mem.enoent(p.relative)
          if (e.kind !== "file") throw spliceError("SPL-E065", `not a regular file (${e.kind}): ${p.relative}`, { context: { file: p.relative, kind: e.kind } })
          if (e.data.subarray(0, probe).indexOf(0) !== -1) return { kind: "binary", size: e.data.length }
          return { kind: "text", bytes: e.data.slice() }
        })))
        each(p, file._tag === "Right" ? file.right : { kind: "error", error: file.left })
      }
    })

  const makeDirectory = (dir: ResolvedPath, options?: { readonly mode?: number }) =>
    mem.run("create", dir.relative, () => {
      let cur = dir.absolute
      const todo: string[] = []
      while (!mem.entries.has(cur)) {
        todo.unshift(cur)
        cur = path.posix.dirname(cur)
      }
      if (mem.entries.get(cur)?.kind !== "directory") throw Object.assign(new Error("ENOTDIR"), { code: "ENOTDIR" })
      for (const d of todo) mem.entries.set(d, mem.newDirectory(d === dir.absolute ? options?.mode : undefined))
    })

  // As the live disk does it: with `replace`, one rename (faults on "create" of `to`, then on "remove"
  // of `from`, before anything changed); without, a link (the "create" step) and then an unlink (the
  // "remove" step), so a crash between them leaves the file under both names, one inode.
  const moveFile = (from: ResolvedPath, to: ResolvedPath, options: { readonly replace: boolean; readonly expect?: ExpectedFile; readonly expectTarget?: ExpectedFile }) =>
    mem.run("create", to.relative, () => {
      if (options.replace) mem.gate("remove", from.relative)
      parentMustExist(to)
      const e = mem.entries.get(from.absolute)
      if (e === undefined) throw mem.enoent(from.relative)
      const unchanged = (p: ResolvedPath, x: Entry | undefined, expect: ExpectedFile) => {
        const same = x?.kind === "file" && ((x.data.length === expect.size && x.mtimeMs === expect.mtimeMs) || Buffer.from(x.data).equals(Buffer.from(expect.bytes)))
        if (!same) throw spliceError("SPL-E034", `${p.relative} was changed by another program while splice was editing it; nothing was replaced`, { context: { file: p.relative, files: [p.relative], race: "content" } })
      }
      if (options.expect !== undefined) unchanged(from, e, options.expect)
      const old = mem.entries.get(to.absolute)
      if (old !== undefined && !options.replace) throw Object.assign(new Error("EEXIST"), { code: "EEXIST" })
      if (old !== undefined && options.expectTarget !== undefined) unchanged(to, old, options.expectTarget)
      if (old?.kind === "directory") throw Object.assign(new Error("EISDIR"), { code: "EISDIR" })
      if (e.kind === "directory") throw Object.assign(new Error("EISDIR"), { code: "EISDIR" })
      if (options.replace) {
        if (old !== undefined) mem.unlinkName(to.absolute)
        mem.entries.delete(from.absolute)
        mem.entries.set(to.absolute, e)
        return
      }
      if (e.kind === "file") e.nlink++
      mem.entries.set(to.absolute, e)
      mem.gate("remove", from.relative)
      mem.unlinkName(from.absolute)
    })

  // A step of its own (a crash point), which changes nothing on this disk.
  const syncDirectory = (dir: ResolvedPath) =>
    mem.run("write", dir.relative, () => {
      if (mem.entries.get(dir.absolute)?.kind !== "directory") throw mem.enoent(dir.relative)
    })

  // Durable or not, the same here (this disk never loses a write; tests put what a power loss leaves by hand).
  const rename = (from: ResolvedPath, to: ResolvedPath, _options?: { readonly durable?: boolean }) =>
    mem.run("write", from.relative, () => {
      if (mem.entries.has(to.absolute)) throw Object.assign(new Error("EEXIST"), { code: "EEXIST" })
      if (!mem.entries.has(from.absolute)) throw mem.enoent(from.relative)
      for (const [k, e] of [...mem.entries.entries()]) {
        if (k === from.absolute || k.startsWith(from.absolute + "/")) {
          mem.entries.delete(k)
          mem.entries.set(to.absolute + k.slice(from.absolute.length), e)
        }
      }
    })

  // One step (a crash point): the whole subtree takes the new name at once, as rename(2) does.
  const moveDirectory = (from: ResolvedPath, to: ResolvedPath, options: { readonly identity: string }) =>
    mem.run("write", from.relative, () => {
      const e = mem.entries.get(from.absolute)
      if (e?.kind !== "directory" || `mem:dir:${e.ino}` !== options.identity) {
        throw spliceError("SPL-E034", `${from.relative} is not the directory splice planned to move (replaced or removed meanwhile); nothing was moved`, {
          context: { file: from.relative, files: [from.relative], race: "content" }
        })
      }
      if (mem.entries.has(to.absolute)) throw Object.assign(new Error("EEXIST"), { code: "EEXIST" })
      parentMustExist(to)
      for (const [k, x] of [...mem.entries.entries()]) {
        if (k === from.absolute || k.startsWith(from.absolute + "/")) {
          mem.entries.delete(k)
          mem.entries.set(to.absolute + k.slice(from.absolute.length), x)
        }
      }
    })

  const symlink = (target: string, p: ResolvedPath) =>
    mem.run("create", p.relative, () => {
      parentMustExist(p)
      if (mem.entries.has(p.absolute)) throw Object.assign(new Error("EEXIST"), { code: "EEXIST" })
      mem.entries.set(p.absolute, { kind: "symlink", raw: target })
    })

  const removeDirectory = (dir: ResolvedPath) =>
    mem.run("remove", dir.relative, () => {
      for (const k of [...mem.entries.keys()]) {
        if (k === dir.absolute || k.startsWith(dir.absolute + "/")) mem.entries.delete(k)
      }
    })

  const removeEmptyDirectory = (dir: ResolvedPath) =>
    mem.run("remove", dir.relative, () => {
      if (mem.entries.get(dir.absolute)?.kind !== "directory") return false
      for (const k of mem.entries.keys()) if (k.startsWith(dir.absolute + "/")) return false
      mem.entries.delete(dir.absolute)
      return true
    })

  const walk = (dir: ResolvedPath, prune: (relativeDir: string, name: string) => boolean) =>
    mem.run("list", dir.relative, () => {
      const out: WalkedFile[] = []
      const prefix = dir.absolute === root ? root + "/" : dir.absolute + "/"
      for (const [k, e] of [...mem.entries.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        if (!k.startsWith(prefix) || e.kind !== "file") continue
        const relPath = rel(k)
        const parts = relPath.split("/")
        // As the live walk: only the directories below `dir` are asked about.
        const below = dir.absolute === root ? 0 : dir.relative.split("/").length
        let pruned = false
        for (let i = below; i < parts.length - 1 && !pruned; i++) pruned = prune(parts.slice(0, i).join("/"), parts[i]!)
        if (!pruned) out.push({ relative: relPath, size: e.data.length, mtimeMs: e.mtimeMs, ctimeMs: e.ctimeMs ?? e.mtimeMs })
      }
      return out
    })

  return { root, resolve, locate, resolveName, locateName, stat, lstat, lstatMany, readLink, read, writeAtomic, stage, publish, discard, syncDirectories, createExclusive, fill, flushData, truncate, remove, list, entries, scanEach, makeDirectory, moveFile, moveDirectory, symlink, syncDirectory, rename, removeDirectory, removeEmptyDirectory, walk }
}

export const FileStoreMemory = (mem: MemoryFs, cwd?: string): Layer.Layer<FileStore> => Layer.sync(FileStore, () => makeMemoryFileStore(mem, cwd))
