import * as Data from "effect/Data"
import { type ErrorCode, ErrorRegistry } from "./errors.js"

/**
 * The typed failure of every command. Its code selects exit status, retryability and default hint
 * from the registry, so one value is all the output layer needs to print the error line.
 */
export class SpliceError extends Data.TaggedError("SpliceError")<{
  readonly code: ErrorCode
  readonly message: string
  readonly hint?: string
  readonly context?: Record<string, unknown>
}> {
  get exit(): number {
    return ErrorRegistry[this.code].exit
  }
  get retryable(): boolean {
    return ErrorRegistry[this.code].retryable
  }
  get effectiveHint(): string {
    return this.hint ?? ErrorRegistry[this.code].hint
  }
}

export const spliceError = (
  code: ErrorCode,
  message: string,
  extra: { hint?: string; context?: Record<string, unknown> } = {}
): SpliceError => new SpliceError({ code, message, ...extra })
