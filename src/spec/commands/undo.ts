/** `splice undo`. */
import { undo } from "../../commands/undo.js"
import { defineCommand } from "../command.js"
import { text } from "../param.js"
import { lockTimeout, refreshDb } from "../shared.js"
import { holdMs } from "../settings.js"

export const undoSpec = defineCommand({
  name: "undo",
  summary: "Reverse the latest (or the given) committed transaction, provided its files still hold what it wrote",
  guide: "Reverses a whole transaction (every file of a multi-file apply: added files removed, deleted ones recreated, moves moved back). Refuses with SPL-E034, naming the files, when one changed since; SPL-E022 when there is nothing to undo. An undo is a transaction too: undo it by id to redo.",
  params: {
    tx: text("tx", "Transaction id (or a unique prefix); default: the latest", { positional: "TX" }),
    lockTimeout,
    db: refreshDb
  },
  needs: "workspace",
  readOnly: false,
  examples: ["splice undo", "splice undo 20261130T204903296Z"],
  run: (v) => undo({ ...(v.tx !== undefined ? { tx: v.tx } : {}), lockTimeoutMs: (v.lockTimeout ?? 10) * 1000, ...(v.db !== undefined ? { db: v.db } : {}), ...holdMs() })
})
