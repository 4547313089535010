/** The `splice` command: one subcommand per definition in src/spec/commands/, plus `splice mcp` serving them all. */
import * as Command from "@effect/cli/Command"
import { cliCommand } from "./fromSpec.js"
import { mcpCommand } from "./mcp.js"
import { VERSION } from "./version.js"
import { commandSpecs } from "../spec/commands/index.js"

export { VERSION }

const [first, ...rest] = commandSpecs.map(cliCommand)

export const rootCommand = Command.make("splice").pipe(
  Command.withDescription("Safe, validated, atomic source edits for coding agents and people"),
  Command.withSubcommands([first!, ...rest, mcpCommand])
)

export const cli = Command.run(rootCommand, { name: "splice", version: VERSION })
