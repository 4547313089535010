/** `splice history [--limit N]`; the program is src/commands/history.ts. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { historyCommand as program } from "../commands/history.js"
import * as common from "./common.js"

const flags = {
  limit: Options.integer("limit").pipe(Options.withDescription("Show at most this many transactions, newest first (default 50)"), Options.withDefault(50)),
  workspace: common.workspace,
  output: common.output
}

const command = Command.make("history", flags, (f) => program({ limit: f.limit })).pipe(
  Command.withDescription("List the journal's transactions, newest first, and the entries in quarantine")
)

export const historyCommand = Command.provide(command, common.layerFor)
