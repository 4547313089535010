/** The `splice` command: one subcommand per definition in src/spec/commands/. */
import * as Command from "@effect/cli/Command"
import { cliCommand } from "./fromSpec.js"
import { commandSpecs } from "../spec/commands/index.js"

export const VERSION = "0.1.0"

const [first, ...rest] = commandSpecs.map(cliCommand)

export const rootCommand = Command.make("splice").pipe(
  Command.withDescription("Safe, validated, atomic source edits for coding agents and people"),
  Command.withSubcommands([first!, ...rest])
)

export const cli = Command.run(rootCommand, { name: "splice", version: VERSION })
