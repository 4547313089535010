/**
 * `splice undo [TX]`: reverse a committed transaction (the latest one that is not itself an undo,
 * or the one named) when every file still holds what it wrote. The undo is a transaction of its
 * own, so it is journaled and can be undone by id.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { spliceError } from "../domain/SpliceError.js"
import type { Catalog } from "../domain/locale/index.js"
import { FileStore } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Journal, type TxRecord } from "../../services/Journal.js"
import { Lock } from "../../services/Lock.js"
import { Output } from "../../services/Output.js"
import { autoRecover, refuseBlocked } from "./recover.js"
import { ABSENT, commitWrites, expectedFrom, linkedIdentityKeys, type PlannedWrite, removeCreatedDirectories, txLockKeys } from "./transaction.js"
import { graphAfterWrite } from "./graphAfterWrite.js"

export interface UndoConfig {
  readonly tx?: string
  readonly lockTimeoutMs: number
  /** --db: the graph to refresh after the commit (default: the discovery chain; none found = skipped). */
  readonly db?: string
  /** Test-only: wait this long between writing and the commit mark (SPLICE_TEST_HOLD_MS). */
  readonly holdMs?: number
}

const pick = (history: ReadonlyArray<TxRecord>, id: string | undefined) =>
  Effect.gen(function*() {
    if (id === undefined) {
      const latest = history.find((t) => t.state === "committed" && t.undoes === undefined)
      if (latest === undefined) return yield* Effect.fail(spliceError("SPL-E022", "nothing to undo: no committed transaction in history"))
      return latest
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
    if (tx.state !== "committed") {
      return yield* Effect.fail(spliceError("SPL-E022", `transaction ${tx.id} is ${tx.state.replace("_", " ")}, not committed${tx.undoneBy ? ` (undone by ${tx.undoneBy})` : ""}`, {
        context: { tx: tx.id, state: tx.state }
      }))
    }
    return tx
  })

export const undo = (config: UndoConfig) =>
  Effect.gen(function*() {
    const journal = yield* Journal
    const blocked = yield* autoRecover
    let candidate = yield* pick(yield* journal.history, config.tx)
    for (;;) {
      const done = yield* undoUnderLocks(config, blocked, candidate)
      if (done !== AGAIN) return done
      // Another undo (a concurrent call of the same server) took the latest while this one waited
      // for its locks: "the latest" is now the one before it.
      candidate = yield* pick(yield* journal.history, undefined)
    }
  })

const AGAIN = Symbol("again")

const undoUnderLocks = (config: UndoConfig, blocked: Effect.Effect.Success<typeof autoRecover>, candidate: TxRecord) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const journal = yield* Journal
    const lock = yield* Lock
    const output = yield* Output
    yield* refuseBlocked(blocked, [...candidate.files.map((f) => f.path), ...(candidate.links ?? []).map((l) => l.path)])
    return yield* Effect.scoped(Effect.gen(function*() {
      yield* lock.acquire(txLockKeys(candidate), Duration.millis(config.lockTimeoutMs))
      // A hard-linked file is written by others through its other names too: its identity's lock.
      yield* lock.acquire(yield* linkedIdentityKeys(candidate), Duration.millis(config.lockTimeoutMs))
      const history = yield* journal.history
      if (config.tx === undefined && history.some((t) => t.id === candidate.id && t.state === "undone")) return AGAIN
      const tx = yield* pick(history, candidate.id) // re-check under the locks
      const writes: PlannedWrite[] = []
      const changed: Array<{ file: string; expected: string; actual: string }> = []
      for (let i = 0; i < tx.files.length; i++) {
        const f = tx.files[i]!
        const target = yield* store.locate(f.path)
        const st = yield* store.stat(target)
        const bytes = st._tag === "None" ? null : yield* store.read(target)
        const current = bytes === null ? ABSENT : yield* hasher.blake3(bytes)
        if (current !== f.checksumAfter) {
          changed.push({ file: f.path, expected: f.checksumAfter, actual: current })
          continue
        }
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
        // An absent file is null on either side, as in every other result.
        checksum_before: w.checksumBefore === ABSENT ? null : w.checksumBefore,
        checksum_after: w.checksumAfter === ABSENT ? null : w.checksumAfter
      }))
      const links = (undoTx.links ?? []).map((l) => ({ file: l.path, target: l.target, action: l.change === "created" ? "recreated" as const : "removed" as const }))
      const graph = yield* graphAfterWrite(writes.map((w) => w.target.relative), config)
      const done = (t: Catalog) => [...files.map((f) => `${t.summary.action(f.action)} ${f.file}`), ...links.map((l) => t.summary.link(l.action, l.file))]
      return yield* output.result("undo", {
        tx: undoTx.id,
        undid: tx.id,
        undid_command: tx.command,
        files,
        ...(links.length > 0 ? { links } : {}),
        removed_directories: removedDirs,
        created_directories: undoTx.dirs ?? [],
        ...graph.fields
      }, (t) => `${t.summary.undone(tx.id, tx.command, done(t), undoTx.id)}\n${graph.human}`)
    }))
  })
