/**
 * The write phase shared by every mutating command: journal the originals, write each file
 * atomically, mark the transaction committed. Any failure or interruption before the commit mark
 * rolls back (uninterruptibly, so a second Ctrl-C cannot stop it halfway).
 */
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { errorMessage } from "../domain/render.js"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import { SpliceError, spliceError } from "../domain/SpliceError.js"
import { type ExpectedFile, type FileInfo, FileStore, type ResolvedPath, type StagedWrite, type WorkspacePath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Journal, type RemovedDir, type TxEdit, type TxLink, type TxRecord } from "../../services/Journal.js"
import { Output } from "../../services/Output.js"
import { parentWorkspacePath, WORKSPACE_ROOT } from "../domain/workspacePath.js"
import { identityLock, type LockKey } from "../../services/Lock.js"
import { ABSENT, currentChecksum, currentState, expectedFrom, type RollbackEntry, rollbackOne } from "./fileRollback.js"
import { rollbackMove } from "./moveBack.js"
import { type MoveWrite, moveIn, movePairings, moveSourceIndex } from "./movedFile.js"
import { carriesName } from "../domain/dirMove.js"
import { type DirMove, type DirMoveBack, rollbackDirMoves, stuckIn } from "./movedDirectory.js"

export { ABSENT, currentChecksum, currentState, expectedFrom, type RollbackEntry }

export interface PlannedWrite {
  readonly target: ResolvedPath
  /** Current bytes, or null when the file does not exist yet. */
  readonly original: Uint8Array | null
  /** The file's mode before (what a rollback restores it with), or the new file's mode. */
  readonly mode: number | null
  /** The mode the written file gets when it is not `mode` (an undo putting back a file `mv --force` replaced). */
  readonly nextMode?: number
  /** Bytes to write, or null to remove the file (undo of a creation). */
  readonly next: Uint8Array | null
  readonly checksumBefore: string | null
  readonly checksumAfter: string
  /** The file must not exist: create it without ever replacing. */
  readonly createOnly?: boolean
  /** What the target held when read (checked again right before it is replaced). */
  readonly expect?: ExpectedFile
  /** The target is hard-linked, so it is rewritten in place (a crash can tear it). */
  readonly inPlace?: boolean
  /**
   * The file at this path is given the target's name (the file itself kept: inode, mode, timestamps,
   * hard links) instead of `next` being written; when `next` is not what it held (`moveExpect`), its
   * bytes are then written as any write's (in place with `inPlace`). Its old name's own entry comes
   * after this one and finds it gone. `expect` still guards the file the target replaces (--force).
   * The journal records the two as one move (TxMove), which every way back renames back.
   */
  readonly moveFrom?: ResolvedPath
  /** What the file at `moveFrom` held when read (checked right before the move). */
  readonly moveExpect?: ExpectedFile
  /**
   * The file goes along with a directory renamed as a whole (CommitOptions.dirMoves): a move of it,
   * or its old name's removal, is done by that rename; only new bytes (`next` not what it held) are
   * written into it, once it has its new name.
   */
  readonly carried?: boolean
}

/** How a planned write lands: a new file renamed (or linked) into place, or a hard-linked file rewritten in place. */
export const writeStrategy = (w: Pick<PlannedWrite, "inPlace">): "rename" | "inplace" => (w.inPlace === true ? "inplace" : "rename")

/**
 * Put each file of a transaction back: restore it only when it holds exactly what the transaction
 * wrote; a file that is already original is left; any other content is a conflict, left alone.
 * A moved file (tx.moves) is renamed back rather than written (moveBack.ts). Every restore is read
 * back and compared with the original's checksum.
 */
export const rollbackFiles = (
  tx: TxRecord,
  original: (index: number) => Effect.Effect<Uint8Array | null, SpliceError>,
  /** Indices of the files actually written (known in-process; after a crash, all are checked). */
  written?: ReadonlySet<number>,
  /** How the directories it moved as a whole went back (rollbackDirMoves), before this. */
  dirs: ReadonlyArray<DirMoveBack> = []
) =>
  Effect.gen(function*() {
    const report = new Map<number, RollbackEntry>()
    // A file in a directory whose rename back failed stays where it is: going back alone, it would split the directory.
    for (const [i, f] of tx.files.entries()) {
      const stuck = stuckIn(dirs, f.path)
      if (stuck !== undefined) report.set(i, { file: f.path, action: "failed", error: stuck.error ?? "the directory was not renamed back" })
    }
    const renamedBack = dirs.filter((d) => d.outcome === "renamed")
    // Moved files first, each renamed back (a state the move does not explain goes file by file).
    for (const m of [...(tx.moves ?? [])].reverse()) {
      if (report.has(m.from) || report.has(m.to)) continue
      if (written !== undefined && !written.has(m.from) && !written.has(m.to)) continue
      const back = yield* rollbackMove(tx, m, original)
      if (back === undefined) continue
      // Home already, by its directory's rename back: that was its way back.
      const byDir = renamedBack.some((d) => carriesName(d.move, tx.files[m.from]!.path)) && back.from.action === "unchanged"
      report.set(m.from, byDir ? { ...back.from, action: "restored" } : back.from)
      report.set(m.to, byDir && back.to.action === "unchanged" && tx.files[m.to]!.checksumBefore === null ? { ...back.to, action: "removed" } : back.to)
    }
    for (let i = tx.files.length - 1; i >= 0; i--) {
      if (report.has(i)) continue
      if (written !== undefined && !written.has(i)) report.set(i, { file: tx.files[i]!.path, action: "unchanged" })
      else report.set(i, yield* rollbackOne(tx.files[i]!, original(i)))
    }
    return tx.files.map((_, i) => report.get(i)!)
  })

/**
 * Every way back of a transaction that did not commit (the rollback after a failure, recovery after
 * a crash): the directories it moved as a whole renamed back first, then the directories it removed
 * made again, its links and its files put back. The report has its links, then its files.
 */
export const rollbackTransaction = (
  tx: TxRecord,
  original: (index: number) => Effect.Effect<Uint8Array | null, SpliceError>,
  written?: ReadonlySet<number>
) =>
  Effect.gen(function*() {
    const dirs = yield* rollbackDirMoves(tx)
    yield* restoreRemovedDirectories(tx, (d) => stuckIn(dirs, d) === undefined)
    const links = yield* rollbackLinks(tx)
    return [...links, ...(yield* rollbackFiles(tx, original, written, dirs))]
  })

/** The files a rollback could not verify as original, or undefined when all are. */
export const incompleteRollback = (tx: TxRecord, report: ReadonlyArray<RollbackEntry>, cause?: SpliceError) => {
  const bad = report.filter((r) => r.action === "conflict" || r.action === "failed")
  if (bad.length === 0) return undefined
  const state = (r: RollbackEntry) =>
    r.action === "conflict" ? `changed by someone else (${r.checksum === ABSENT ? "now absent" : `now ${r.checksum}`}), left alone` : `not restored: ${r.error}`
  return spliceError("SPL-E035", `the rollback of ${tx.id} is incomplete: ${bad.map((r) => `${r.file} ${state(r)}`).join("; ")}`, {
    context: {
      tx: tx.id,
      files: bad.map((r) => ({ file: r.file, state: r.action === "conflict" ? "changed_externally" as const : "restore_failed" as const, checksum: r.checksum ?? null, ...(r.error !== undefined ? { error: r.error } : {}) })),
      restored: report.filter((r) => r.action !== "conflict" && r.action !== "failed").map((r) => r.file),
      ...(cause !== undefined ? { cause: { code: cause.code, message: cause.message } } : {})
    }
  })
}

/**
 * The directories new files need, outermost first: each missing ancestor of a file the transaction
 * creates, and each of `wanted` (directories asked for by name) that is missing, with its missing
 * ancestors. Recorded in the journal before they are made, so every way back can remove them.
 */
export const missingDirectories = (writes: ReadonlyArray<PlannedWrite>, wanted: ReadonlyArray<WorkspacePath> = []) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const missing: WorkspacePath[] = []
    const starts = [
      ...writes.filter((w) => w.next !== null && w.original === null).map((w) => ({ file: w.target.relative, from: parentWorkspacePath(w.target.relative) })),
      ...wanted.map((d) => ({ file: d, from: d }))
    ]
    for (const { file, from } of starts) {
      const chain: WorkspacePath[] = []
      for (let d = from; d !== WORKSPACE_ROOT; d = parentWorkspacePath(d)) {
        if (missing.includes(d)) break
        const st = yield* store.stat(yield* store.locate(d))
        if (st._tag === "Some") {
          if (st.value.kind === "directory") break
          return yield* Effect.fail(spliceError("SPL-E020", `cannot create ${file}: ${d} is a ${st.value.kind}, not a directory`, {
            context: { file, directory: d, kind: st.value.kind }
          }))
        }
        chain.unshift(d)
      }
      missing.push(...chain)
    }
    // Outermost first (a parent before its children), whatever order the files came in.
    return missing.sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : a > b ? 1 : 0))
  })

/** What is at a link's path now, for a report: absent, the link's text, or what else is there. */
const linkState = (p: ResolvedPath) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const st = yield* store.lstat(p)
    if (st._tag === "None") return { holds: undefined, shown: ABSENT }
    if (st.value.kind !== "symlink") return { holds: undefined, shown: `a ${st.value.kind}` }
    const text = yield* store.readLink(p)
    if (text._tag === "None") return { holds: undefined, shown: "a symlink" }
    return { holds: text.value, shown: `symlink to ${text.value}` }
  })

/**
 * Put a transaction's links back, last first: a link it created is removed while it still holds its
 * text; one it removed is made again where nothing is. Anything else there is someone else's: left.
 */
export const rollbackLinks = (tx: Pick<TxRecord, "links">) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const report: RollbackEntry[] = []
    for (const l of [...(tx.links ?? [])].reverse()) {
      const entry = yield* Effect.gen(function*() {
        const p = yield* store.locateName(l.path)
        const now = yield* linkState(p)
        if (l.change === "created") {
          if (now.shown === ABSENT) return { file: l.path, action: "unchanged" } satisfies RollbackEntry
          if (now.holds !== l.target) return { file: l.path, action: "conflict", checksum: now.shown } satisfies RollbackEntry
          yield* store.remove(p)
          return { file: l.path, action: "removed" } satisfies RollbackEntry
        }
        if (now.holds === l.target) return { file: l.path, action: "unchanged" } satisfies RollbackEntry
        if (now.shown !== ABSENT) return { file: l.path, action: "conflict", checksum: now.shown } satisfies RollbackEntry
        yield* store.symlink(l.target, p)
        return { file: l.path, action: "restored" } satisfies RollbackEntry
      }).pipe(Effect.catchAll((e) => Effect.succeed<RollbackEntry>({ file: l.path, action: "failed", error: `${e.code}: ${e.message}` })))
      report.push(entry)
    }
    return report.reverse()
  })

/** Remove or create a transaction's links (the write phase); a link to remove must still hold its text. */
const applyLinks = (links: ReadonlyArray<TxLink>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    for (const l of links) {
      const p = yield* store.locateName(l.path)
      if (l.change === "created") {
        yield* store.symlink(l.target, p)
        continue
      }
      const now = yield* linkState(p)
      if (now.holds !== l.target) {
        return yield* Effect.fail(spliceError("SPL-E034", `${l.path} changed while splice was working: it is ${now.shown === ABSENT ? "gone" : now.shown}, not a symlink to ${l.target}; nothing was removed`, {
          context: { file: l.path, files: [l.path], race: "content" }
        }))
      }
      yield* store.remove(p)
    }
  })

/**
 * The lock keys that show a transaction's owner is alive: its files, links and directories. An
 * owner holds (at least) these while it runs; recovery rolls back only what it can lock.
 */
export const txLockKeys = (tx: Pick<TxRecord, "files" | "links" | "dirs" | "removedDirs">): LockKey[] => [
  ...new Set<LockKey>([
    ...tx.files.map((f) => f.path),
    ...(tx.links ?? []).map((l) => l.path),
    ...(tx.dirs ?? []),
    ...(tx.removedDirs ?? []).map((d) => d.path)
  ])
]

/**
 * The identity locks of a transaction's files that have other names now (hard links): a writer
 * through another name holds that lock, not the path's. A recovery or an undo that rewrites such
 * a file (in place) must hold it too, or it restores the file under that writer's feet.
 */
export const linkedIdentityKeys = (tx: Pick<TxRecord, "files">) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const keys: LockKey[] = []
    for (const f of tx.files) {
      // A path that cannot be looked at now has no other name to guard: the write itself reports it.
      const st = yield* Effect.orElseSucceed(Effect.flatMap(store.locate(f.path), store.lstat), () => Option.none<FileInfo>())
      if (st._tag === "Some" && st.value.kind === "file") keys.push(...identityLock(st.value))
    }
    return keys
  })

/** Every directory a commit of these writes and options makes: new files' and links' missing parents, and `makeDirs`. */
export const directoriesToMake = (writes: ReadonlyArray<PlannedWrite>, options: Pick<CommitOptions, "makeDirs" | "links">) =>
  missingDirectories(writes, [
    ...(options.makeDirs ?? []).map((d) => d.path),
    ...(options.links ?? []).filter((l) => l.change === "created").map((l) => parentWorkspacePath(l.path)).filter((d) => d !== WORKSPACE_ROOT)
  ])

/**
 * Make the directories a transaction removed again, outermost first, with their modes, where they
 * are missing: before its files are restored into them. One that cannot be made is left to the
 * restores of its files, which then fail and are reported.
 */
export const restoreRemovedDirectories = (tx: Pick<TxRecord, "removedDirs">, wanted: (d: WorkspacePath) => boolean = () => true) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    for (const d of [...(tx.removedDirs ?? [])].reverse()) {
      if (!wanted(d.path)) continue
      yield* Effect.gen(function*() {
        const p = yield* store.locate(d.path)
        if ((yield* store.lstat(p))._tag === "None") yield* store.makeDirectory(p, { mode: d.mode })
      }).pipe(Effect.ignore)
    }
  })

/**
 * Remove the directories a transaction empties (innermost first). Each must be empty by now: one
 * that is not gained something during the transaction (SPL-E034), which then rolls back.
 */
const removeEmptied = (dirs: ReadonlyArray<RemovedDir>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    for (const d of dirs) {
      const p = yield* store.locate(d.path)
      if (yield* store.removeEmptyDirectory(p)) continue
      const st = yield* store.lstat(p)
      if (st._tag === "None") continue
      const names = st.value.kind === "directory" ? yield* store.list(p) : []
      return yield* Effect.fail(spliceError("SPL-E034", `${d.path} is not empty: ${names.length > 0 ? `${names.slice(0, 5).join(", ")}${names.length > 5 ? ", …" : ""} appeared in it` : `it is a ${st.value.kind} now`} while splice was removing it; nothing was removed`, {
        context: { file: d.path, files: [d.path], race: "content" }
      }))
    }
  })

/**
 * Remove the directories a transaction created, innermost first, each only while empty: a file
 * someone else put there keeps its directory. Returns the ones removed.
 */
export const removeCreatedDirectories = (tx: Pick<TxRecord, "dirs">) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const removed: WorkspacePath[] = []
    for (const d of [...(tx.dirs ?? [])].reverse()) {
      if (yield* store.removeEmptyDirectory(yield* store.locate(d))) removed.push(d)
    }
    return removed
  })

const encoder = new TextEncoder()

/** Edits as the journal keeps them: the file's index and the BLAKE3 of each text. */
export const recordedEdits = (writes: ReadonlyArray<PlannedWrite>, edits: NonNullable<CommitOptions["edits"]>) =>
  Effect.gen(function*() {
    const hasher = yield* Hasher
    const out: TxEdit[] = []
    for (const e of edits) {
      const file = writes.findIndex((w) => w.target.relative === e.file)
      if (file !== -1) out.push({ file, old: yield* hasher.blake3(encoder.encode(e.old)), new: yield* hasher.blake3(encoder.encode(e.new)) })
    }
    return out
  })

export interface CommitOptions {
  readonly command: string
  readonly undoes?: string
  /** The exact-text replacements made (recorded by hash: evidence for a later retry). */
  readonly edits?: ReadonlyArray<{ readonly file: WorkspacePath; readonly old: string; readonly new: string }>
  /**
   * Directories to make besides the missing parents of new files (an undo making removed
   * directories again, empty ones included), with their modes. Recorded as created ones.
   */
  readonly makeDirs?: ReadonlyArray<RemovedDir>
  /**
   * Directories to remove once the files are written, innermost first (`rm --recursive`, a
   * directory moved away); each must be empty by then. Recorded, so every way back makes them again.
   */
  readonly removeDirs?: ReadonlyArray<RemovedDir>
  /** Symbolic links to remove or create once the files are written (`rm` or `mv` of links). */
  readonly links?: ReadonlyArray<TxLink>
  /**
   * Directories renamed as a whole before the files are written (mv of a directory, its undo):
   * `carried` writes, links and directories inside them are moved, made or removed by that rename.
   */
  readonly dirMoves?: ReadonlyArray<DirMove>
  /** Test hook (SPLICE_TEST_HOLD_MS): pause after writing, before the commit mark. */
  readonly holdMs?: number
}

/**
 * A write that replaces an existing file by a rename (not moved in, not created, not rewritten in
 * place): its next content can be written and flushed before the journal begins (FileStore.stage).
 */
const stageable = (w: PlannedWrite): w is PlannedWrite & { readonly next: Uint8Array } =>
  w.original !== null && w.next !== null && w.moveFrom === undefined && w.createOnly !== true && w.inPlace !== true

/**
 * Journal, write, run `afterWrite` on the written state (the compiler gate), commit. Returns the
 * transaction and what `afterWrite` returned; any failure rolls back.
 *
 * The flushes overlap rather than follow one another: once the journal's intent is written, each
 * replaced file's temp file is written beside it and flushed on a worker thread while the intent
 * is flushed (nothing touches a target yet), every target is renamed once all are durable, and
 * their directories are flushed together before the commit mark. A crash before the mark leaves
 * some of the renames: recovery reads each target's checksum, as it always did, and removes the
 * temp files beside a pending transaction's targets. Staged files not renamed are removed on failure.
 */
export const commitWrites = <V = undefined, E = never, R = never>(
  writes: ReadonlyArray<PlannedWrite>,
  options: CommitOptions,
  afterWrite: Effect.Effect<V, E, R> = Effect.succeed(undefined as V)
) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const journal = yield* Journal
    const output = yield* Output
    const committed = yield* Ref.make(false)
    const originals = writes.map((w) => w.original)
    const written = new Set<number>()
    const edits = yield* recordedEdits(writes, options.edits ?? [])
    const modes = new Map((options.makeDirs ?? []).map((d) => [d.path, d.mode]))
    const links = options.links ?? []
    const dirs = yield* directoriesToMake(writes, options)
    const removeDirs = options.removeDirs ?? []
    const dirMoves = options.dirMoves ?? []
    /** A name the directories' renames take care of (made, emptied or filled by them). */
    const carried = (p: WorkspacePath) => dirMoves.some((m) => carriesName({ from: m.from.relative, to: m.to.relative }, p))
    const staged = new Map<number, StagedWrite>()
    const stageAll = Effect.forEach(writes, (w, i) => {
      if (!stageable(w)) return Effect.void
      const mode = w.nextMode ?? w.mode
      return Effect.map(store.stage(w.target, w.next, mode === null ? undefined : { mode }), (s) => void staged.set(i, s))
    }, { discard: true })
    const discardStaged = Effect.suspend(() => Effect.forEach([...staged.values()], store.discard, { discard: true }))
    return yield* Effect.acquireUseRelease(
      journal.begin({
        command: options.command,
        // Written while the intent is, flushed beside it: never touching a target.
        alongside: stageAll,
        edits,
        dirs,
        removedDirs: removeDirs,
        links,
        moves: movePairings(writes),
        dirMoves: dirMoves.map((m) => ({ from: m.from.relative, to: m.to.relative, identity: m.identity })),
        ...(options.undoes !== undefined ? { undoes: options.undoes } : {}),
        files: writes.map((w) => ({
          path: w.target.relative,
          ...(w.inPlace === true ? { inPlace: true } : {}),
          existed: w.original !== null,
          mode: w.mode,
          ...(w.nextMode !== undefined && w.nextMode !== w.mode ? { modeAfter: w.nextMode } : {}),
          checksumBefore: w.checksumBefore,
          checksumAfter: w.checksumAfter,
          original: w.original
        }))
      }),
      (tx) =>
        Effect.gen(function*() {
          for (const d of dirs) {
            // Recorded (a way back file by file removes them), but made by a directory's rename.
            if (carried(d)) continue
            const mode = modes.get(d)
            yield* store.makeDirectory(yield* store.locate(d), mode === undefined ? undefined : { mode })
          }
          for (const m of dirMoves) {
            // Every file it carries is the rollback's to look at once the rename may have happened.
            for (const [i, w] of writes.entries()) if (w.carried === true) written.add(i)
            yield* store.moveDirectory(m.from, m.to, { identity: m.identity })
          }
          for (const [i, w] of writes.entries()) {
            // Marked before the write: a write that fails half-way must be looked at by the rollback.
            written.add(i)
            // Its old name emptied by its directory's rename.
            if (w.carried === true && w.moveFrom === undefined) continue
            if (w.moveFrom !== undefined) {
              // The move takes the source's name away too: the rollback must look at both.
              const source = moveSourceIndex(writes, i)
              if (source !== -1) written.add(source)
              let renamed = false
              yield* moveIn(w as MoveWrite, { ...(w.moveExpect !== undefined ? { expect: w.moveExpect } : {}), ...(w.expect !== undefined ? { expectTarget: w.expect } : {}) }, () => (renamed = true)).pipe(
                Effect.tapError((e) =>
                  Effect.sync(() => {
                    // Found before the rename: nothing of ours to roll back at either name.
                    if (renamed || (e.code !== "SPL-E034" && e.code !== "SPL-E062")) return
                    written.delete(i)
                    if (source !== -1) written.delete(source)
                  })
                )
              )
            } else if (staged.has(i)) {
              yield* store.publish(staged.get(i)!, w.expect !== undefined ? { expect: w.expect } : undefined).pipe(
                Effect.tapError((e) => Effect.sync(() => (e.code === "SPL-E034" || e.code === "SPL-E062") && written.delete(i)))
              )
            } else if (w.next === null) yield* store.remove(w.target)
            else if (w.createOnly === true) {
              const mode = w.nextMode ?? w.mode
              yield* store.createExclusive(w.target, w.next, mode === null ? undefined : { mode })
            } else {
              const mode = w.nextMode ?? w.mode
              yield* store.writeAtomic(w.target, w.next, {
                ...(mode === null ? {} : { mode }),
                ...(w.expect !== undefined ? { expect: w.expect } : {}),
                // As planned: the reported write_strategy is what happened.
                splitLinks: w.inPlace !== true
              }).pipe(
                // These are found before a byte of the target is touched: nothing of ours to roll back there.
                Effect.tapError((e) => Effect.sync(() => (e.code === "SPL-E034" || e.code === "SPL-E062") && written.delete(i)))
              )
            }
          }
          // The renames made durable (writeAtomic's other writes did so themselves).
          yield* store.syncDirectories([...staged.keys()].filter((i) => written.has(i)).map((i) => writes[i]!.target))
          yield* applyLinks(links.filter((l) => !carried(l.path)))
          const verified = yield* afterWrite
          // Emptied directories go last: the checker saw the files' final state, and a baseline run
          // (putting originals back) needed them.
          yield* removeEmptied(removeDirs.filter((d) => !carried(d.path)))
          if (options.holdMs !== undefined && options.holdMs > 0) {
            const holdMs = options.holdMs
            yield* output.log((t) => t.notes.testHold(tx.id, holdMs))
            yield* Effect.sleep(Duration.millis(options.holdMs))
          }
          yield* journal.setState(tx.id, "committed")
          yield* Ref.set(committed, true)
          return { tx, verified }
        }),
      (tx, exit) =>
        Exit.isSuccess(exit)
          ? Effect.void
          : Effect.gen(function*() {
            if (yield* Ref.get(committed)) return
            const report = yield* rollbackTransaction(tx, (i) => Effect.succeed(originals[i] ?? null), written)
            yield* removeCreatedDirectories(tx)
            // A restore that failed leaves the journal pending, so `splice recover` tries again;
            // someone else's content is final (recovery would leave it alone too).
            if (!report.some((r) => r.action === "failed")) {
              yield* journal.setState(tx.id, "rolled_back")
              // The copies are never needed again; on a full disk they are the space to give back.
              yield* journal.dropOriginals(tx.id).pipe(Effect.ignore)
            }
            const failure = Exit.isFailure(exit) ? Option.getOrUndefined(Cause.failureOption(exit.cause)) : undefined
            const cause = failure instanceof SpliceError ? failure : undefined
            const incomplete = incompleteRollback(tx, report, cause)
            if (incomplete === undefined) return yield* output.log((t) => t.notes.rolledBack(tx.id))
            yield* output.log((t) => t.notes.rollbackIncomplete(errorMessage(incomplete, t), report.some((r) => r.action === "failed")))
            // Only a verified rollback may be reported as one. A release cannot fail, so this is
            // carried as a defect, which the outcome ranks above the error (or signal) that caused it.
            return yield* Effect.die(incomplete)
          }).pipe(
            Effect.catchAll((e) =>
              Effect.zipRight(
                output.log((t) => t.notes.rollbackFailed(tx.id, errorMessage(e, t))),
                Effect.die(spliceError("SPL-E035", `the rollback of ${tx.id} is incomplete: ${e.message}`, { context: { tx: tx.id, files: [], error: e.message } }))
              )
            )
          )
    ).pipe(Effect.ensuring(discardStaged))
  })
