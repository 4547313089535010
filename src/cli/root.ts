/** The `splice` command and its subcommands. */
import * as Command from "@effect/cli/Command"
import { applyCommand } from "./apply.js"
import { checkCommand } from "./check.js"
import { editCommand } from "./edit.js"
import { explainCommand } from "./explain.js"
import { graphCommands } from "./graph.js"
import { hashCommand } from "./hash.js"
import { historyCommand } from "./history.js"
import { readCommand } from "./read.js"
import { recoverCommand } from "./recover.js"
import { trustCommand } from "./trust.js"
import { undoCommand } from "./undo.js"
import { writeCommand } from "./write.js"

export const VERSION = "0.1.0"

export const rootCommand = Command.make("splice").pipe(
  Command.withDescription("Safe, validated, atomic source edits for coding agents and people"),
  Command.withSubcommands([editCommand, writeCommand, applyCommand, readCommand, checkCommand, hashCommand, undoCommand, historyCommand, recoverCommand, trustCommand, explainCommand, ...graphCommands])
)

export const cli = Command.run(rootCommand, { name: "splice", version: VERSION })
