/** `splice recover`: a line per quarantined entry and per pending transaction, then the summary; or --discard. */
import * as Schema from "effect/Schema"
import { Count, TxId } from "../common.js"
import { eventLine, resultLine } from "../line.js"

/** What a rollback did to one file (src/commands/transaction.ts RollbackEntry). */
const RollbackEntry = Schema.Struct({
  file: Schema.String,
  action: Schema.Literal("restored", "removed", "unchanged", "conflict", "failed"),
  /** What the file holds now when it is not the original: a BLAKE3 checksum, or "absent". */
  checksum: Schema.optional(Schema.String),
  error: Schema.optional(Schema.String)
})

const RecoveredTx = {
  tx: TxId,
  command: Schema.String,
  status: Schema.Literal("rolled_back", "in_progress", "incomplete", "damaged"),
  files: Schema.Array(RollbackEntry)
}

export const RecoverResult = Schema.Union(
  resultLine("recover", {
    rolled_back: Count,
    in_progress: Count,
    quarantined: Count,
    in_quarantine: Count,
    stale_locks_removed: Count,
    transactions: Schema.Array(Schema.Struct(RecoveredTx))
  }),
  resultLine("recover", { discarded: TxId, files: Schema.Array(Schema.String) })
)

export const RecoverEvent = Schema.Union(
  eventLine("quarantined", {
    tx: Schema.String,
    kind: Schema.Literal("foreign", "damaged"),
    reason: Schema.String,
    moved_to: Schema.NullOr(Schema.String)
  }),
  eventLine("transaction", RecoveredTx)
)
