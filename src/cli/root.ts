/** The `splice` command and its subcommands. */
import * as Command from "@effect/cli/Command"
import { mcpCommand } from "./mcp.js"
import { VERSION } from "./version.js"
import { applyCommand } from "./apply.js"
import { checkCommand } from "./check.js"
import { editCommand } from "./edit.js"
import { explainCommand } from "./explain.js"
import { cliCommand } from "./fromSpec.js"
import { graphCommands } from "./graph.js"
import { recoverCommand } from "./recover.js"
import { trustCommand } from "./trust.js"
import { writeCommand } from "./write.js"
import { commandSpecs } from "../spec/commands/index.js"


export const rootCommand = Command.make("splice").pipe(
  Command.withDescription("Safe, validated, atomic source edits for coding agents and people"),
  Command.withSubcommands([editCommand, writeCommand, applyCommand, checkCommand, recoverCommand, trustCommand, explainCommand, ...graphCommands, ...commandSpecs.map(cliCommand), mcpCommand])
)

export const cli = Command.run(rootCommand, { name: "splice", version: VERSION })
