/**
 * The `splice` command through @effect/cli: one subcommand per definition in src/spec/commands/, plus
 * `splice mcp` serving them all. main.ts imports this module only for the command lines it does not
 * read itself (src/cli/plainArgs.ts), so that everyday calls never load @effect/cli.
 */
import * as CliConfig from "@effect/cli/CliConfig"
import * as Command from "@effect/cli/Command"
import * as HelpDoc from "@effect/cli/HelpDoc"
import * as ValidationError from "@effect/cli/ValidationError"
import * as FileSystem from "@effect/platform/FileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { similarNames } from "../domain/similarity.js"
import { spliceError } from "../domain/SpliceError.js"
import { cliCommand } from "./fromSpec.js"
import { mcpCommand } from "./mcp.js"
import { VERSION } from "./version.js"
import { unknownLongFlag } from "../spec/argv.js"
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

// What @effect/cli needs (help, completions) and no more: NodeContext would also load the worker
// and child-process modules on every start. Its FileSystem serves only file-typed flags and
// arguments, which splice does not declare (commands read files through FileStore): a no-op one
// spares every start loading node:crypto and the platform's file system module.
// Case-sensitive flags, as every Unix tool has them: `splice search -c` (count) is not `-C` (context).
export const cliEnvironment = Layer.mergeAll(FileSystem.layerNoop({}), NodePath.layer, NodeTerminal.layer, CliConfig.layer({ isCaseSensitive: true }))

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, "")

/**
 * `argv` (the runtime and script first) through @effect/cli. A command line it rejects is a usage
 * error, SPL-E010 (exit 2), after @effect/cli has printed its own message; --help inside a command's
 * flags ends the run successfully once the help is printed.
 */
export const runCli = (argv: ReadonlyArray<string>) => {
  const spec = commandSpecs.find((s) => s.name === argv[2])
  // Where the command takes arguments, @effect/cli would take a misspelt flag for one (a path).
  const stray = spec !== undefined && Object.values(spec.params).some((p) => p.positional !== undefined) ? unknownLongFlag(spec, argv.slice(3)) : undefined
  if (stray !== undefined) return Effect.fail(unknownFlagError(argv[2]!, stray))
  return cliFor(argv.slice(2))(argv).pipe(
    Effect.catchIf(ValidationError.isValidationError, (e) => {
      if (ValidationError.isHelpRequested(e)) return Effect.void
      const message = stripAnsi(HelpDoc.toAnsiText(e.error)).trim()
      const near = flagsNear(argv[2], message)
      return Effect.fail(spliceError("SPL-E010", `invalid command line: ${message}`, {
        ...(near !== undefined && near.candidates.length > 0 ? { hint: `Did you mean ${near.candidates.join(" or ")}? (splice ${argv[2]} --help lists its flags)` } : {}),
        context: { kind: e._tag, ...(near !== undefined ? { flag: near.flag, candidates: near.candidates } : {}) }
      }))
    }),
    Effect.provide(cliEnvironment)
  )
}

/** SPL-E010 for a word that looks like a flag and is none of the command's. */
const unknownFlagError = (command: string, flag: string) => {
  const near = closeFlags(command, flag)
  const candidates = near?.candidates ?? []
  return spliceError("SPL-E010", `invalid command line: ${flag} is not a flag of splice ${command} (an argument that starts with -- goes after --)`, {
    hint: candidates.length > 0 ? `Did you mean ${candidates.join(" or ")}? (splice ${command} --help lists its flags)` : `splice ${command} --help lists its flags.`,
    context: { kind: "UnknownFlag", flag, candidates }
  })
}

/** A flag the command does not have (a typo, mostly): the command's flags closest to it. */
const flagsNear = (command: string | undefined, message: string) => {
  // "Received unknown argument: '--x'", or "The flag '--fil' is not recognized. Did you mean '--file'?" (a CorrectedFlag).
  const flag = (/Received unknown argument: '(--?[^'=]+)/.exec(message) ?? /The flag '(--?[^'=]+)' is not recognized/.exec(message))?.[1]
  return flag === undefined ? undefined : closeFlags(command, flag)
}

const closeFlags = (command: string | undefined, flag: string) => {
  const spec = commandSpecs.find((s) => s.name === command)
  if (spec === undefined) return undefined
  const names = ["--workspace", "--output", "--locale", ...Object.values(spec.params).flatMap((p) =>
    p.positional !== undefined || p.only === "mcp" ? [] : [`--${p.flag}`, ...(p.longAlias !== undefined ? [`--${p.longAlias}`] : [])]
  )]
  // Compared without the dashes, which every name shares.
  const bare = (n: string) => n.replace(/^-+/, "")
  return { flag, candidates: similarNames(bare(flag), names.map(bare), 3).map((n) => `--${n}`) }
}
