/** `splice history`. */
import { historyCommand } from "../../commands/history.js"
import { defineCommand } from "../command.js"
import { flag, integer, text } from "../param.js"

export const historySpec = defineCommand({
  name: "history",
  summary: "List the journal's transactions, newest first, and the entries in quarantine",
  guide: "What splice changed, newest first: id, time, command, files, state. Use it to pick a transaction for undo; file narrows to one file; stats sums the journal up.",
  params: {
    limit: integer("limit", "Show at most this many transactions, newest first", { defaultValue: 50 }),
    file: text("file", "Only the transactions that touched this file", { alias: "f" }),
    stats: flag("stats", "One summary instead of the list: the journal's size in bytes, counts by state, the oldest entry, the quarantine")
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice history --limit 5", "splice history --file src/app.ts", "splice history --stats"],
  run: (v) => historyCommand({ limit: v.limit, ...(v.file !== undefined ? { file: v.file } : {}), ...(v.stats ? { stats: true } : {}) })
})
