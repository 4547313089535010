/**
 * From a run's Exit to the last line and the exit status: SpliceErrors by their registry code,
 * flag errors as usage (exit 2), interruption as 130/143 (after rollback), anything else as a defect.
 */
import * as HelpDoc from "@effect/cli/HelpDoc"
import * as ValidationError from "@effect/cli/ValidationError"
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { ExitCode } from "../domain/errors.js"
import { SpliceError, spliceError } from "../domain/SpliceError.js"

export type Signal = "SIGINT" | "SIGTERM"

export interface Outcome {
  readonly exit: number
  /** The error line to print, if the run failed. */
  readonly error?: SpliceError
}

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, "")

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
    if (ValidationError.isValidationError(e)) {
      if (ValidationError.isHelpRequested(e)) return { exit: ExitCode.ok }
      const text = stripAnsi(HelpDoc.toAnsiText(e.error)).trim()
      return { exit: ExitCode.usage, error: spliceError("SPL-E010", `invalid command line: ${text}`, { context: { kind: e._tag } }) }
    }
    return { exit: ExitCode.internal, error: spliceError("SPL-E099", `unexpected failure: ${String(e)}`) }
  }
  if (Cause.isInterruptedOnly(cause) || signal !== undefined) {
    const code = signal === "SIGTERM" ? ExitCode.sigterm : ExitCode.sigint
    return {
      exit: code,
      error: spliceError("SPL-E130", `interrupted by ${signal ?? "SIGINT"}; nothing was left half-written`, { context: { signal: signal ?? "SIGINT" } })
    }
  }
  const defect = Cause.dieOption(cause)
  const detail = Option.isSome(defect) ? (defect.value instanceof Error ? defect.value.stack ?? defect.value.message : String(defect.value)) : Cause.pretty(cause)
  return { exit: ExitCode.internal, error: spliceError("SPL-E099", "internal error", { context: { detail } }) }
}
