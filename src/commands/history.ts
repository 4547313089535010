/**
 * `splice history`: the journal's transactions, newest first (what `undo` can reverse), and the
 * entries in quarantine (foreign or damaged, never replayed).
 */
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"
import { Journal } from "../../services/Journal.js"
import { Output } from "../../services/Output.js"

export interface HistoryConfig {
  readonly limit: number
}

export const historyCommand = (config: HistoryConfig) =>
  Effect.gen(function*() {
    const journal = yield* Journal
    const output = yield* Output
    if (!Number.isInteger(config.limit) || config.limit < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `--limit must be a positive integer (got ${config.limit})`, { context: { limit: config.limit } }))
    }
    const all = yield* journal.history
    const shown = all.slice(0, config.limit)
    for (const tx of shown) {
      yield* output.event({
        type: "transaction",
        tx: tx.id,
        command: tx.command,
        created: tx.created,
        state: tx.state,
        ...(tx.undoes !== undefined ? { undoes: tx.undoes } : {}),
        ...(tx.undoneBy !== undefined ? { undone_by: tx.undoneBy } : {}),
        files: tx.files.map((f) => ({ file: f.path, created: !f.existed, checksum_before: f.checksumBefore, checksum_after: f.checksumAfter === "absent" ? null : f.checksumAfter }))
      }, `${tx.id}  ${tx.state.padEnd(11)} ${tx.command.padEnd(6)} ${tx.files.map((f) => f.path).join(", ")}${tx.undoes !== undefined ? `  (undoes ${tx.undoes})` : ""}\n`)
    }
    const quarantined = yield* journal.quarantined
    for (const q of quarantined) {
      yield* output.event({ type: "quarantined", entry: q, path: `.splice/quarantine/${q}` }, `${q}  quarantined (not replayed; see .splice/quarantine/${q})\n`)
    }
    return yield* output.result("history", {
      transactions: shown.length,
      total: all.length,
      truncated: all.length > shown.length,
      pending: all.filter((t) => t.state === "pending").length,
      quarantined: quarantined.length
    }, all.length === 0 && quarantined.length === 0 ? "no transactions\n" : "")
  })
