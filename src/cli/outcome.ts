/**
 * From a run's Exit to the last line and the exit status: SpliceErrors by their registry code
 * (@effect/cli's flag errors among them, made usage errors in src/cli/root.ts), interruption by a
 * signal as 128 + its number (after rollback), anything else as a defect.
 */
import * as os from "node:os"
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { ExitCode } from "../domain/errors.js"
import { SpliceError, spliceError } from "../domain/SpliceError.js"

/**
 * The signals whose default action ends a process and that arrive from outside (a terminal, a
 * supervisor, a resource limit): each interrupts the run, which rolls back like Ctrl-C. Left out:
 * SIGPIPE (both runtimes ignore it; a closed pipe is EPIPE), SIGPROF (V8's profiler), SIGUSR1 under
 * Node (it starts the inspector rather than ending the process), and the fault signals (SIGSEGV,
 * SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS) after which no JavaScript can run safely: the
 * journal rolls those back on the next run, as after kill -9.
 */
export const TERMINATING_SIGNALS = [
  "SIGHUP", "SIGINT", "SIGQUIT", "SIGUSR2", "SIGALRM", "SIGTERM", "SIGVTALRM", "SIGXCPU", "SIGXFSZ",
  "SIGPWR", "SIGSTKFLT", "SIGIO", "SIGUSR1"
] as const

export type Signal = (typeof TERMINATING_SIGNALS)[number]

/** The signals to listen for on this runtime and platform. */
export const terminatingSignals = (isDeno: boolean): ReadonlyArray<Signal> =>
  TERMINATING_SIGNALS.filter((s) => (os.constants.signals as Record<string, number | undefined>)[s] !== undefined && !(s === "SIGUSR1" && !isDeno))

/** 128 + the signal's number, as a shell reports a process the signal ended (130 SIGINT, 143 SIGTERM). */
export const signalExit = (s: Signal): number => 128 + ((os.constants.signals as Record<string, number | undefined>)[s] ?? 0)

export interface Outcome {
  readonly exit: number
  /** The error line to print, if the run failed. */
  readonly error?: SpliceError
}

export const outcomeOf = (exit: Exit.Exit<unknown, unknown>, signal: Signal | undefined): Outcome => {
  if (Exit.isSuccess(exit)) return { exit: ExitCode.ok }
  const cause = exit.cause
  // A rollback that could not be verified outranks whatever caused it, a signal included.
  const incomplete = [...Cause.failures(cause), ...Cause.defects(cause)].find((e) => e instanceof SpliceError && e.code === "SPL-E035")
  if (incomplete instanceof SpliceError) return { exit: incomplete.exit, error: incomplete }
  const failure = Cause.failureOption(cause)
  if (Option.isSome(failure)) {
    const e = failure.value
    if (e instanceof SpliceError) return { exit: e.exit, error: e }
    return { exit: ExitCode.internal, error: spliceError("SPL-E099", `unexpected failure: ${String(e)}`) }
  }
  if (Cause.isInterruptedOnly(cause) || signal !== undefined) {
    const s = signal ?? "SIGINT"
    return {
      exit: signalExit(s),
      error: spliceError("SPL-E130", `interrupted by ${s}; nothing was left half-written`, { context: { signal: s } })
    }
  }
  const defect = Cause.dieOption(cause)
  const detail = Option.isSome(defect) ? (defect.value instanceof Error ? defect.value.stack ?? defect.value.message : String(defect.value)) : Cause.pretty(cause)
  return { exit: ExitCode.internal, error: spliceError("SPL-E099", "internal error", { context: { detail } }) }
}
