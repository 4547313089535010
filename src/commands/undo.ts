/**
 * `splice undo [TX]`: reverse the transaction that took effect last (an edit, or a redo), or the one
 * named, when every file still holds what it wrote. The undo is a transaction of its own, so it is
 * journaled and can be undone by id (the redo); undo chains (src/domain/undoChain.ts) say what is
 * in effect, and a transaction in effect through a redo is reversed by undoing that redo.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { spliceError } from "../domain/SpliceError.js"
import type { Catalog } from "../domain/locale/index.js"
import { latestInEffect, txEffects } from "../domain/undoChain.js"
import { type FileInfo, FileStore, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Journal, type TxMove, type TxRecord } from "../../services/Journal.js"
import type { LockKey } from "../../services/Lock.js"
import { Output } from "../../services/Output.js"
import { autoRecover, refuseBlocked } from "./recover.js"
import { ABSENT, commitWrites, expectedFrom, linkedIdentityKeys, type PlannedWrite, removeCreatedDirectories, txLockKeys } from "./transaction.js"
import { graphAfterWrite } from "./graphAfterWrite.js"
import { carriesMove } from "../domain/dirMove.js"
import type { DirMove } from "./movedDirectory.js"
import { acquireRecovering } from "./lockRecovering.js"

export interface UndoConfig {
  readonly tx?: string
  readonly lockTimeoutMs: number
  /** --db: the graph to refresh after the commit (default: the discovery chain; none found = skipped). */
  readonly db?: string
  /** Test-only: wait this long between writing and the commit mark (SPLICE_TEST_HOLD_MS). */
  readonly holdMs?: number
}

/** What an undo reverses: the head of a chain (see undoChain.ts), and the transaction whose effect that is. */
interface Target {
  readonly tx: TxRecord
  readonly origin: string
  readonly originCommand: string | undefined
  /** undo: the origin's effect goes; redo: it comes back (the head is an undo). */
  readonly effect: "undo" | "redo"
}

const pick = (history: ReadonlyArray<TxRecord>, id: string | undefined) =>
  Effect.gen(function*() {
    const effects = txEffects(history)
    const byId = new Map(history.map((t) => [t.id, t]))
    const target = (tx: TxRecord): Target => {
      const e = effects.get(tx.id)!
      return { tx, origin: e.origin, originCommand: byId.get(e.origin)?.command, effect: e.depth % 2 === 0 ? "undo" : "redo" }
    }
    if (id === undefined) {
      const latest = latestInEffect(history, effects)
      if (latest !== undefined) return target(latest)
      const redoable = history.find((t) => t.state === "committed" && t.undoes !== undefined)
      return yield* Effect.fail(spliceError("SPL-E022", "nothing to undo: no transaction in history is in effect", {
        hint: redoable !== undefined
          ? `Everything in history was undone. \`splice undo ${redoable.id}\` undoes the latest undo (a redo).`
          : "`splice history` lists the journal; a transaction older than the history is not kept."
      }))
    }
    const matches = history.filter((t) => t.id === id || t.id.startsWith(id))
    if (matches.length === 0) return yield* Effect.fail(spliceError("SPL-E022", `no transaction ${id} in history`, { context: { tx: id } }))
    if (matches.length > 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `transaction id prefix ${id} is ambiguous: ${matches.length} transactions start with it`, {
        hint: "Give more of the id: context.candidates lists the transactions it matches (`splice history` shows what each did).",
        context: { candidates: matches.map((t) => t.id) }
      }))
    }
    const tx = matches[0]!
    const e = effects.get(tx.id)
    if (e === undefined) {
      return yield* Effect.fail(spliceError("SPL-E022", `transaction ${tx.id} is ${tx.state.replace("_", " ")}, not committed`, {
        context: { tx: tx.id, state: tx.state }
      }))
    }
    // Undone (and its undo not undone): nothing of it to reverse. Redoing is undoing its undo.
    if (!e.inEffect || e.head === undefined) {
      const head = e.head !== undefined && byId.get(e.head)?.state === "committed" ? e.head : null
      return yield* Effect.fail(spliceError("SPL-E147", `transaction ${tx.id} is not in effect: undone by ${tx.undoneBy ?? "a transaction no longer in history"}`, {
        ...(head !== null ? { hint: `\`splice undo ${head}\` redoes it (undoes the undo).` } : {}),
        context: { tx: tx.id, undone_by: tx.undoneBy ?? "", head }
      }))
    }
    // In effect through a chain of undos and redos: reversing it is undoing the chain's head.
    return target(byId.get(e.head)!)
  })

/** What undo found at one of the transaction's paths. */
interface Seen {
  readonly target: ResolvedPath
  readonly info: FileInfo | undefined
  readonly bytes: Uint8Array | null
  readonly current: string
}

/**
 * The way back of one move, as two writes: the file at its new name renamed back to its old name
 * (its old bytes written into it after, when the move rewrote it), then the new name's own entry: left empty, or the file the move replaced made again. Both
 * names were checked to hold what the move left.
 */
const moveBackWrites = (tx: TxRecord, m: TxMove, seen: ReadonlyArray<Seen>) =>
  Effect.gen(function*() {
    const journal = yield* Journal
    const f = tx.files[m.from]!
    const t = tx.files[m.to]!
    const atOld = seen[m.from]!
    const atNew = seen[m.to]!
    const info = atNew.info!
    const oldBytes = (yield* journal.original(tx.id, m.from))!
    const replaced = yield* journal.original(tx.id, m.to)
    const rewritten = t.checksumAfter !== f.checksumBefore
    const back: PlannedWrite = {
      target: atOld.target,
      original: atOld.bytes,
      mode: atOld.info?.mode ?? info.mode,
      ...(atOld.info !== undefined ? { nextMode: info.mode, expect: expectedFrom(atOld.info, atOld.bytes!).expect! } : {}),
      next: oldBytes,
      checksumBefore: atOld.current,
      checksumAfter: f.checksumBefore ?? ABSENT,
      moveFrom: atNew.target,
      moveExpect: expectedFrom(info, atNew.bytes!).expect!,
      // Its old bytes written into it, as the move wrote its new ones (movedFile.ts).
      ...(rewritten ? { inPlace: true } : {})
    }
    const left: PlannedWrite = {
      target: atNew.target,
      original: atNew.bytes,
      mode: info.mode,
      next: replaced,
      checksumBefore: atNew.current,
      checksumAfter: t.checksumBefore ?? ABSENT,
      // The name is empty once the file went back: what the move replaced is made again there.
      ...(replaced !== null ? { createOnly: true, ...(t.mode !== null ? { nextMode: t.mode } : {}) } : {})
    }
    return [back, left]
  })

/** The directories `tx` moved as a whole that can go back as one: each still itself at its new name, nothing at its old one. */
const dirMovesBack = (tx: TxRecord) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const back: DirMove[] = []
    for (const m of tx.dirMoves ?? []) {
      const to = yield* store.locateName(m.to)
      const from = yield* store.locateName(m.from)
      const atTo = yield* store.lstat(to)
      const atFrom = yield* store.lstat(from)
      if (atTo._tag === "Some" && atTo.value.kind === "directory" && atTo.value.identity === m.identity && atFrom._tag === "None") back.push({ from: to, to: from, identity: m.identity })
    }
    return back
  })

/** Lock keys not among those held. */
const missingKeys = (held: ReadonlySet<LockKey>, keys: ReadonlyArray<LockKey>) => keys.filter((k) => !held.has(k))

export const undo = (config: UndoConfig) =>
  Effect.gen(function*() {
    const journal = yield* Journal
    const blocked = yield* autoRecover
    let candidate = yield* pick(yield* journal.history, config.tx)
    // Picked, then locked, then picked again under the locks: another undo (another call of one
    // server, another process) may have taken the candidate meanwhile, and the next one may touch
    // other files. Each round that finds another target follows someone else's progress, so this
    // ends; concurrent plain undos each take a distinct transaction, newest first.
    for (;;) {
      const tx0 = candidate.tx
      yield* refuseBlocked(blocked, [...tx0.files.map((f) => f.path), ...(tx0.links ?? []).map((l) => l.path)])
      const outcome = yield* Effect.scoped(Effect.gen(function*() {
        const held = new Set<LockKey>(txLockKeys(tx0))
        yield* acquireRecovering([...held], Duration.millis(config.lockTimeoutMs))
        // A hard-linked file is written by others through its other names too: its identity's lock.
        const linked = yield* linkedIdentityKeys(tx0)
        yield* acquireRecovering(linked, Duration.millis(config.lockTimeoutMs))
        for (const k of linked) held.add(k)
        const now = yield* pick(yield* journal.history, config.tx) // re-check under the locks
        if (now.tx.id !== tx0.id && (missingKeys(held, txLockKeys(now.tx)).length > 0 || missingKeys(held, yield* linkedIdentityKeys(now.tx)).length > 0)) {
          return { retry: now } as const
        }
        return { done: yield* reverse(now, config) } as const
      }))
      if ("done" in outcome) return outcome.done
      candidate = outcome.retry
    }
  })

/** Undo `target.tx` (its locks held): check every file still holds what it wrote, write the way back, mark it undone. */
const reverse = (target: Target, config: UndoConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const journal = yield* Journal
    const output = yield* Output
    const tx = target.tx
    const writes: PlannedWrite[] = []
    const changed: Array<{ file: string; expected: string; actual: string }> = []
    const seen: Array<Seen> = []
    for (let i = 0; i < tx.files.length; i++) {
      const f = tx.files[i]!
      const target = yield* store.locate(f.path)
      const st = yield* store.stat(target)
      const bytes = st._tag === "None" ? null : yield* store.read(target)
      const current = bytes === null ? ABSENT : yield* hasher.blake3(bytes)
      seen.push({ target, info: Option.getOrUndefined(st), bytes, current })
      if (current !== f.checksumAfter) changed.push({ file: f.path, expected: f.checksumAfter, actual: current })
    }
    // A directory it moved as a whole goes back as one, while it is that directory at its new name and
    // nothing took its old one (else its files go back one by one).
    const dirMoves = changed.length === 0 ? yield* dirMovesBack(tx) : []
    // A moved file goes back by a rename (the file itself: inode, mode, timestamps, hard links).
    const moved = new Map<number, PlannedWrite[]>()
    const emitted = new Set<number>()
    if (changed.length === 0) {
      for (const m of tx.moves ?? []) {
        const [back, left] = yield* moveBackWrites(tx, m, seen)
        // Carried by its directory's rename back: only its old bytes (if mv rewrote it) are written.
        const carried = dirMoves.some((d) => carriesMove({ from: d.from.relative, to: d.to.relative }, back!.moveFrom!.relative, back!.target.relative))
        moved.set(Math.min(m.from, m.to), carried ? [{ ...back!, carried }, { ...left!, carried }] : [back!, left!])
      }
      for (const m of tx.moves ?? []) emitted.add(m.from).add(m.to)
    }
    for (let i = 0; i < tx.files.length; i++) {
      const f = tx.files[i]!
      const { target, bytes, current } = seen[i]!
      const st = Option.fromNullable(seen[i]!.info)
      if (moved.has(i)) writes.push(...moved.get(i)!)
      if (current !== f.checksumAfter || emitted.has(i)) continue
      const original = yield* journal.original(tx.id, i)
      writes.push({
        target,
        original: bytes,
        // A file it removed comes back with the mode it had; one whose mode it changed gets it back.
        mode: st._tag === "Some" ? st.value.mode : f.mode,
        ...(st._tag === "Some" && f.modeAfter !== undefined && f.mode !== null && st.value.mode === f.modeAfter ? { nextMode: f.mode } : {}),
        next: original,
        checksumBefore: current,
        checksumAfter: f.checksumBefore ?? ABSENT,
        ...(original !== null && bytes === null ? { createOnly: true } : {}),
        // In place only where the transaction wrote in place (a hard-linked file it edited); a
        // file `mv` moved here may share its inode with other names, which keep what they hold.
        ...(st._tag === "Some" && bytes !== null ? { expect: expectedFrom(st.value, bytes).expect, ...(f.inPlace === true && st.value.nlink > 1 ? { inPlace: true } : {}) } : {})
      })
    }
    // Links it made must still be there holding their text; where it removed one, nothing may be.
    for (const l of tx.links ?? []) {
      const p = yield* store.locateName(l.path)
      const st = yield* store.lstat(p)
      const text = st._tag === "Some" && st.value.kind === "symlink" ? Option.getOrUndefined(yield* store.readLink(p)) : undefined
      const actual = st._tag === "None" ? ABSENT : text !== undefined ? `symlink to ${text}` : st.value.kind
      const expected = l.change === "created" ? `symlink to ${l.target}` : ABSENT
      if (actual !== expected) changed.push({ file: l.path, expected, actual })
    }
    // Directories it removed come back (with their modes), empty ones included; something else of
    // that name in the way is a change since.
    for (const d of tx.removedDirs ?? []) {
      const st = yield* store.lstat(yield* store.locate(d.path))
      if (st._tag === "Some" && st.value.kind !== "directory") changed.push({ file: d.path, expected: "absent", actual: st.value.kind })
    }
    if (changed.length > 0) {
      return yield* Effect.fail(spliceError("SPL-E034", `cannot undo ${tx.id}: ${changed.length} file(s) changed since it was written`, {
        context: { tx: tx.id, files: changed.map((c) => c.file), changes: changed }
      }))
    }
    const { tx: undoTx } = yield* commitWrites(writes, {
      command: "undo",
      undoes: tx.id,
      ...(tx.removedDirs !== undefined ? { makeDirs: tx.removedDirs } : {}),
      dirMoves,
      // Links it removed are made again, links it made go (the reverse order of its own).
      ...(tx.links !== undefined ? { links: [...tx.links].reverse().map((l) => ({ ...l, change: l.change === "created" ? "removed" as const : "created" as const })) } : {}),
      ...(config.holdMs !== undefined ? { holdMs: config.holdMs } : {})
    })
    yield* journal.setState(tx.id, "undone", { undoneBy: undoTx.id })
    // Directories it made for new files go too, when nothing else has moved into them.
    const removedDirs = yield* removeCreatedDirectories(tx)
    const files = writes.map((w) => ({
      file: w.target.relative,
      action: w.next === null ? "removed" as const : w.original === null ? "recreated" as const : "restored" as const,
      ...(w.moveFrom !== undefined ? { moved_from: w.moveFrom.relative } : {}),
      // An absent file is null on either side, as in every other result.
      checksum_before: w.checksumBefore === ABSENT ? null : w.checksumBefore,
      checksum_after: w.checksumAfter === ABSENT ? null : w.checksumAfter
    }))
    const links = (undoTx.links ?? []).map((l) => ({ file: l.path, target: l.target, action: l.change === "created" ? "recreated" as const : "removed" as const }))
    const graph = yield* graphAfterWrite(writes.map((w) => w.target.relative), config)
    const origin = target.origin !== tx.id ? { tx: target.origin, command: target.originCommand, effect: target.effect } : undefined
    const done = (t: Catalog) => [...files.map((f) => `${t.summary.action(f.action)} ${f.file}`), ...links.map((l) => t.summary.link(l.action, l.file))]
    return yield* output.result("undo", {
      tx: undoTx.id,
      undid: tx.id,
      undid_command: tx.command,
      origin: target.origin,
      ...(target.originCommand !== undefined ? { origin_command: target.originCommand } : {}),
      effect: target.effect,
      files,
      ...(links.length > 0 ? { links } : {}),
      removed_directories: removedDirs,
      created_directories: undoTx.dirs ?? [],
      ...graph.fields
    }, (t) => `${t.summary.undone(tx.id, tx.command, done(t), undoTx.id, origin)}\n${graph.human}`)
  })
