/** `splice undo`. */
import { undo } from "../../commands/undo.js"
import { defineCommand } from "../command.js"
import { text } from "../param.js"
import { lockTimeout, refreshDb } from "../shared.js"
import { holdMs } from "../settings.js"

export const undoSpec = defineCommand({
  name: "undo",
  summary: "Reverse the transaction that took effect last (or the given one), provided its files still hold what it wrote",
  guide: "Reverses a whole transaction (every file of a multi-file apply: added files removed, deleted ones recreated, moves moved back). Refuses with SPL-E034, naming the files, when one changed since; SPL-E022 when nothing is in effect. An undo is a transaction too: undo it by id to redo. Without an id: the newest edit or redo still in effect (never an undo). With the id of an edit that was undone and redone: that edit, undone again; with one not in effect: SPL-E147. The result's origin and effect say which transaction's changes went (undo) or came back (redo).",
  params: {
    tx: text("tx", "Transaction id (or a unique prefix); default: the latest in effect", { positional: "TX" }),
    lockTimeout,
    db: refreshDb
  },
  needs: "workspace",
  readOnly: false,
  examples: ["splice undo", "splice undo 20261130T204903296Z"],
  run: (v) => undo({ ...(v.tx !== undefined ? { tx: v.tx } : {}), lockTimeoutMs: (v.lockTimeout ?? 10) * 1000, ...(v.db !== undefined ? { db: v.db } : {}), ...holdMs() })
})
