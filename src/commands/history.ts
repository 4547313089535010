/**
 * `splice history`: the journal's transactions, newest first (what `undo` can reverse), and the
 * entries in quarantine (foreign or damaged, never replayed). `--file` keeps the transactions that
 * touched one file; `--stats` sums the journal up instead of listing it.
 */
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"
import { statePath, userPath } from "../domain/workspacePath.js"
import { FileStore } from "../../services/FileStore.js"
import { Journal, type TxRecord, type TxState } from "../../services/Journal.js"
import { Output } from "../../services/Output.js"
import { effectiveState, txEffects } from "../domain/undoChain.js"

/**
 * The journal's transactions with the states a reader needs: in effect (committed) or not (undone),
 * through chains of undos and redos (an edit undone, then redone by undoing its undo, is in effect
 * again, though the journal marked it undone when its undo committed).
 */
const effective = (all: ReadonlyArray<TxRecord>) => {
  const effects = txEffects(all)
  return all.map((tx) => {
    const e = effects.get(tx.id)
    const state = effectiveState(tx, effects)
    return {
      tx,
      state,
      // In effect again after an undo: the transaction that brought it back (the chain's head).
      redoneBy: e !== undefined && e.inEffect && e.head !== tx.id ? e.head : undefined,
      // A redo (an undo of an undo, of an undo of an undo...): the transaction it brings back.
      redoes: e !== undefined && e.depth > 0 && e.depth % 2 === 0 ? e.origin : undefined
    }
  })
}

export interface HistoryConfig {
  readonly limit: number
  /** Only transactions that touched this file (a path as typed, from the current directory). */
  readonly file?: string
  /** One result with the journal's size, counts by state, the oldest entry and the quarantine. */
  readonly stats?: boolean
}

const STATES: ReadonlyArray<TxState> = ["pending", "committed", "rolled_back", "undone"]

/** Bytes under .splice/tx (originals, intents, states): what the journal costs on disk. */
const journalBytes = Effect.gen(function*() {
  const store = yield* FileStore
  const files = yield* store.walk(yield* store.locate(statePath("tx")), () => false)
  return files.reduce((n, f) => n + f.size, 0)
})

const stats = Effect.gen(function*() {
  const journal = yield* Journal
  const output = yield* Output
  const all = yield* journal.history
  const states = effective(all).map((e) => e.state)
  const quarantined = (yield* journal.quarantined).length
  const bytes = yield* journalBytes
  const byState = Object.fromEntries(STATES.map((s) => [s, states.filter((t) => t === s).length])) as Record<TxState, number>
  const oldest = all[all.length - 1]
  return yield* output.result("history", {
    stats: true,
    bytes,
    total: all.length,
    states: byState,
    oldest: oldest !== undefined ? { tx: oldest.id, created: oldest.created } : null,
    quarantined
  }, (t) => t.history.stats(all.length, bytes, STATES.map((s) => [s, byState[s]] as const), oldest !== undefined ? { tx: oldest.id, created: oldest.created } : undefined, quarantined))
})

const touches = (tx: TxRecord, file: string) => tx.files.some((f) => f.path === file)

export const historyCommand = (config: HistoryConfig) =>
  Effect.gen(function*() {
    const journal = yield* Journal
    const output = yield* Output
    const store = yield* FileStore
    if (!Number.isInteger(config.limit) || config.limit < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `--limit must be a positive integer (got ${config.limit})`, { context: { limit: config.limit } }))
    }
    if (config.stats === true) {
      if (config.file !== undefined) return yield* Effect.fail(spliceError("SPL-E010", "--stats sums up the whole journal: it takes no --file"))
      return yield* stats
    }
    // The file may be gone (deleted by a transaction): only its name matters, as the journal recorded it.
    const file = config.file !== undefined ? (yield* store.resolve(userPath(config.file))).relative : undefined
    const all = effective(yield* journal.history).filter((e) => file === undefined || touches(e.tx, file))
    const shown = all.slice(0, config.limit)
    for (const { tx, state, redoneBy, redoes } of shown) {
      yield* output.event({
        type: "transaction",
        tx: tx.id,
        command: tx.command,
        created: tx.created,
        state,
        ...(tx.undoes !== undefined ? { undoes: tx.undoes } : {}),
        ...(tx.undoneBy !== undefined ? { undone_by: tx.undoneBy } : {}),
        ...(redoes !== undefined ? { redoes } : {}),
        ...(redoneBy !== undefined ? { redone_by: redoneBy } : {}),
        files: tx.files.map((f) => ({ file: f.path, created: !f.existed, checksum_before: f.checksumBefore, checksum_after: f.checksumAfter === "absent" ? null : f.checksumAfter }))
      }, (t) => t.history.transaction(tx.id, state, tx.command, tx.files.map((f) => f.path), { undoes: tx.undoes, undoneBy: tx.undoneBy, redoes, redoneBy }))
    }
    const quarantined = yield* journal.quarantined
    for (const q of quarantined) {
      yield* output.event({ type: "quarantined", entry: q, path: `.splice/quarantine/${q}` }, (t) => t.history.quarantined(q))
    }
    return yield* output.result("history", {
      ...(file !== undefined ? { file } : {}),
      transactions: shown.length,
      total: all.length,
      truncated: all.length > shown.length,
      pending: all.filter((t) => t.state === "pending").length,
      quarantined: quarantined.length
    }, all.length === 0 && quarantined.length === 0 ? (t) => t.history.none(file) : "")
  })
