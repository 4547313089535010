/** `splice history [--limit N] [--file F] [--stats]`; the program is src/commands/history.ts. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Option from "effect/Option"
import { historyCommand as program } from "../commands/history.js"
import * as common from "./common.js"

const flags = {
  limit: Options.integer("limit").pipe(Options.withDescription("Show at most this many transactions, newest first (default 50)"), Options.withDefault(50)),
  file: Options.text("file").pipe(Options.withAlias("f"), Options.withDescription("Only the transactions that touched this file"), Options.optional),
  stats: Options.boolean("stats").pipe(Options.withDescription("One summary instead of the list: the journal's size in bytes, counts by state, the oldest entry, the quarantine")),
  workspace: common.workspace,
  output: common.output
}

const command = Command.make("history", flags, (f) =>
  program({ limit: f.limit, ...(Option.isSome(f.file) ? { file: f.file.value } : {}), ...(f.stats ? { stats: true } : {}) })).pipe(
    Command.withDescription("List the journal's transactions, newest first, and the entries in quarantine")
  )

export const historyCommand = Command.provide(command, common.layerFor)
