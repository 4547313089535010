/** `splice history`: one `transaction` line per transaction (newest first), then the summary; or --stats. */
import * as Schema from "effect/Schema"
import { Checksum, Count, TxId } from "../common.js"
import { eventLine, resultLine } from "../line.js"

/** committed: in effect (its changes are what it left on disk, as far as the journal knows); undone: not. */
export const TxState = Schema.Literal("pending", "committed", "rolled_back", "undone")

export const HistoryResult = Schema.Union(
  resultLine("history", {
    /** --file: the workspace path the list is narrowed to. */
    file: Schema.optional(Schema.String),
    transactions: Count,
    total: Count,
    truncated: Schema.Boolean,
    pending: Count,
    quarantined: Count
  }),
  resultLine("history", {
    stats: Schema.Literal(true),
    bytes: Count,
    total: Count,
    states: Schema.Struct({ pending: Count, committed: Count, rolled_back: Count, undone: Count }),
    oldest: Schema.NullOr(Schema.Struct({ tx: TxId, created: Schema.String })),
    quarantined: Count
  })
)

export const HistoryEvent = Schema.Union(
  eventLine("transaction", {
    tx: TxId,
    command: Schema.String,
    created: Schema.String,
    state: TxState,
    undoes: Schema.optional(TxId),
    undone_by: Schema.optional(TxId),
    /** A redo (an undo of an undo): the transaction whose changes it brings back. */
    redoes: Schema.optional(TxId),
    /** In effect again after it was undone: the transaction that brought it back (undoing it undoes this one). */
    redone_by: Schema.optional(TxId),
    files: Schema.Array(Schema.Struct({
      file: Schema.String,
      created: Schema.Boolean,
      checksum_before: Schema.NullOr(Checksum),
      checksum_after: Schema.NullOr(Checksum)
    }))
  }),
  /** A journal entry set aside (not splice's, or damaged): never replayed. */
  eventLine("quarantined", { entry: Schema.String, path: Schema.String })
)
