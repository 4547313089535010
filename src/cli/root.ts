/** The `splice` command: one subcommand per definition in src/spec/commands/, plus `splice mcp` serving them all. */
import * as Command from "@effect/cli/Command"
import { cliCommand } from "./fromSpec.js"
import { mcpCommand } from "./mcp.js"
import { VERSION } from "./version.js"
import { commandSpecs } from "../spec/commands/index.js"

export { VERSION }

/**
 * The CLI for this command line. Building every command's flags (55 commands, a few hundred
 * options) was ~7% of a start's CPU in a profile: when the first argument names a command, only that one is built
 * (its parse, errors and help are the same); otherwise, for `splice --help`, `--version`, a
 * misspelt command or completions, all of them.
 */
export const cliFor = (args: ReadonlyArray<string>) => {
  const named = args[0]
  const one = named === "mcp" ? [mcpCommand] : commandSpecs.filter((s) => s.name === named).map(cliCommand)
  const [first, ...rest] = one.length > 0 ? one : [...commandSpecs.map(cliCommand), mcpCommand]
  const root = Command.make("splice").pipe(
    Command.withDescription("Safe, validated, atomic source edits for coding agents and people"),
    Command.withSubcommands([first!, ...rest])
  )
  return Command.run(root, { name: "splice", version: VERSION })
}
