/**
 * Entry point. Runs the CLI in one fiber and owns the process-level concerns Effect's default
 * runner gets wrong for us: every terminating signal interrupts the fiber (finalizers roll back), a
 * second signal is ignored instead of killing the rollback, the exit status is 128 + the signal's
 * number after an interrupt, and the process exits only once stdout and stderr are flushed.
 */
import * as v8 from "node:v8"
import * as Effect from "effect/Effect"
import { chooseMode, flushed, makeOutput } from "../layers/live/OutputLive.js"
import { warmUp } from "../layers/live/warmUp.js"
import { plainArgs } from "./cli/plainArgs.js"
import { RunCatalog, runParsed } from "./cli/runLayer.js"
import { VERSION } from "./cli/version.js"
import { commandSpecs } from "./spec/commands/index.js"
import { globalFlagsAfterCommand, numbersAsArguments, stdinArgumentLast, switchesTakeNoValue, valueFlags } from "./spec/argv.js"
import { catalogOf } from "./domain/locale/index.js"
import { LOCALES, resolveLocale, takeLocaleFlag } from "./domain/locale/locale.js"
import { spliceError } from "./domain/SpliceError.js"
import { similarNames } from "./domain/similarity.js"
import { requestedHelp } from "./spec/help.js"
import { outcomeOf, type Signal, signalExit, terminatingSignals } from "./cli/outcome.js"
import { noteSignal } from "./cli/receivedSignal.js"

// Parsing a file makes V8 re-optimise the hot grammar functions on background threads, and a
// process cannot exit before those jobs finish: ~150 ms added to every edit for code that would
// never run again. The baseline (Liftoff) code parses a source file in a few milliseconds.
// The long-running server (`splice mcp`) parses many files: there the optimised code pays.
try {
  if (process.argv[2] !== "mcp") {
    v8.setFlagsFromString("--no-wasm-tier-up")
    v8.setFlagsFromString("--no-wasm-dynamic-tiering")
  }
} catch {
  // Not every runtime lets a program set V8 flags (Deno reads them from --v8-flags only).
}

// @effect/cli colours its help and messages even into pipes and files; keep those plain.
const ANSI = /\u001b\[[0-9;]*m/g
for (const [stream, method] of [[process.stdout, "log"], [process.stderr, "error"]] as const) {
  if (stream.isTTY) continue
  const original = console[method].bind(console)
  console[method] = (...args: unknown[]) => original(...args.map((a) => (typeof a === "string" ? a.replace(ANSI, "") : a)))
}

/** The flags of the named command that take a value (a word after them is not --locale's). */
const valueFlagsOf = (name: string | undefined): ReadonlySet<string> => {
  const spec = commandSpecs.find((s) => s.name === name)
  return spec === undefined ? new Set() : valueFlags(spec)
}

/** --output from argv, for printing errors that happen before or outside a command's own layer. */
const requestedOutput = (argv: ReadonlyArray<string>): string | undefined => {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === "--output") return argv[i + 1]
    if (a.startsWith("--output=")) return a.slice("--output=".length)
  }
  return undefined
}

// --locale is global: taken out wherever it stands (before `--`), and resolved with the environment.
const given = globalFlagsAfterCommand(process.argv.slice(2))
const localeFlag = takeLocaleFlag(given, valueFlagsOf(given.find((a, i) => !a.startsWith("-") && given[i - 1] !== "--locale")))
// The runtime's locale only when no variable names one (Windows, macOS): asking Intl costs start-up time.
const locale = resolveLocale(localeFlag.flag, process.env, () => Intl.DateTimeFormat().resolvedOptions().locale)
const catalog = catalogOf("locale" in locale ? locale.locale : "en")
const argv = [...process.argv.slice(0, 2), ...numbersAsArguments(stdinArgumentLast(switchesTakeNoValue(localeFlag.args, commandSpecs), commandSpecs), commandSpecs)]
warmUp(argv.slice(2), commandSpecs.find((s) => s.name === argv[2])?.needs.startsWith("graph") === true)
// Commands defined as specs print their own short help, generated from the same definition as their flags.
const help = requestedHelp(argv.slice(2), commandSpecs, VERSION)
/** A first word that names no command: SPL-E010 with the commands it is close to (@effect/cli only lists them all). */
const unknownCommand = (args: ReadonlyArray<string>) => {
  const first = args[0]
  const names = [...commandSpecs.map((s) => s.name), "mcp"]
  if (first === undefined || first.startsWith("-") || names.includes(first)) return undefined
  const near = similarNames(first, names, 3)
  return spliceError("SPL-E010", `unknown command ${JSON.stringify(first)}`, {
    hint: near.length > 0 ? `Did you mean ${near.map((n) => `splice ${n}`).join(" or ")}?` : "Run splice --help to list the commands.",
    context: { kind: "unknown_command", known: names, candidates: near }
  })
}
const unknown = unknownCommand(argv.slice(2))
/**
 * The command line, read here when it is plain (most calls: src/cli/plainArgs.ts), else by
 * @effect/cli, which is then loaded (a sixth of what a `read` added to Node's start when every
 * call paid for it).
 */
const command = (args: ReadonlyArray<string>) => {
  // One line, as git and ripgrep print it (@effect/cli's own adds an empty line after it).
  if (args.length === 1 && args[0] === "--version") return Effect.sync(() => void process.stdout.write(`${VERSION}\n`))
  const spec = commandSpecs.find((s) => s.name === args[0])
  const parsed = spec === undefined ? undefined : plainArgs(spec, args.slice(1))
  if (spec !== undefined && parsed !== undefined) return runParsed(spec, parsed)
  return Effect.flatMap(Effect.promise(() => import("./cli/root.js")), (cli) => cli.runCli(argv))
}
const program = "invalid" in locale
  ? Effect.fail(spliceError("SPL-E010", `--locale ${JSON.stringify(locale.invalid)}: splice speaks ${LOCALES.join(" and ")}`, {
    context: { flag: "--locale", expected: "en or pt-BR (also written en_US.UTF-8, pt, pt_BR.UTF-8)", known: [...LOCALES] }
  }))
  : unknown !== undefined ? Effect.fail(unknown)
  : help !== undefined ? Effect.sync(() => void process.stdout.write(help)) : command(argv.slice(2))
const fiber = Effect.runFork(program.pipe(Effect.provideService(RunCatalog, catalog)))

let signal: Signal | undefined
/** The exit status, set once the run is over and only the output is still draining to a reader. */
let finished: number | undefined
const onSignal = (s: Signal) => () => {
  // Nothing is left to roll back while the output drains, so a signal ends the wait at once. Not
  // after an interrupt, though: its error line is on its way, and a second signal must not lose it.
  if (finished !== undefined && signal === undefined) process.exit(signalExit(s))
  if (signal !== undefined) return // already rolling back: never abort that
  signal = s
  noteSignal(s)
  fiber.unsafeInterruptAsFork(fiber.id())
}
for (const s of terminatingSignals("Deno" in globalThis)) {
  try {
    process.on(s, onSignal(s))
  } catch {
    // A signal this platform cannot deliver to a listener (Windows knows only a few).
  }
}

fiber.addObserver((exit) => {
  const outcome = outcomeOf(exit, signal)
  if (outcome.error !== undefined && argv[2] === "mcp") {
    // The server's stdout carries JSON-RPC alone: how it ended (a signal, a failed start) is logged.
    process.stderr.write(`splice mcp: ${outcome.error.code} ${outcome.error.message}\n  hint: ${outcome.error.effectiveHint}\n`)
  } else if (outcome.error !== undefined) {
    try {
      Effect.runSync(makeOutput(chooseMode(requestedOutput(argv.slice(2))), catalog).error(outcome.error, outcome.exit))
    } catch {
      // Rendering must never cost the caller its error line.
      Effect.runSync(makeOutput("json").error(outcome.error, outcome.exit))
    }
  }
  // Exit as soon as the output is out rather than when the event loop drains: V8 keeps optimising
  // the wasm grammars on background threads for ~150 ms after the work is done. Waiting for the
  // streams matters with pipes: Node queues what a full pipe cannot take and writes it later.
  finished = outcome.exit
  process.exitCode = outcome.exit
  void flushed().then(() => process.exit(outcome.exit))
})
