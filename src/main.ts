/**
 * Entry point. Runs the CLI in one fiber and owns the process-level concerns Effect's default
 * runner gets wrong for us: a signal interrupts the fiber (finalizers roll back), a second signal
 * is ignored instead of killing the rollback, and the exit status is 130/143 after an interrupt.
 */
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as Effect from "effect/Effect"
import { chooseMode, makeOutput } from "../layers/live/OutputLive.js"
import { cli } from "./cli/root.js"
import { outcomeOf, type Signal } from "./cli/outcome.js"

/** --output from argv, for printing errors that happen before or outside a command's own layer. */
const requestedOutput = (argv: ReadonlyArray<string>): string | undefined => {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === "--output") return argv[i + 1]
    if (a.startsWith("--output=")) return a.slice("--output=".length)
  }
  return undefined
}

const argv = process.argv
const fiber = Effect.runFork(cli(argv).pipe(Effect.provide(NodeContext.layer)))

let signal: Signal | undefined
const onSignal = (s: Signal) => () => {
  if (signal !== undefined) return // already rolling back: never abort that
  signal = s
  fiber.unsafeInterruptAsFork(fiber.id())
}
const onInt = onSignal("SIGINT")
const onTerm = onSignal("SIGTERM")
process.on("SIGINT", onInt)
process.on("SIGTERM", onTerm)

fiber.addObserver((exit) => {
  const outcome = outcomeOf(exit, signal)
  if (outcome.error !== undefined) {
    Effect.runSync(makeOutput(chooseMode(requestedOutput(argv.slice(2)))).error(outcome.error, outcome.exit))
  }
  process.exitCode = outcome.exit
  process.off("SIGINT", onInt)
  process.off("SIGTERM", onTerm)
})
