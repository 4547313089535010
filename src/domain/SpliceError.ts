import * as Data from "effect/Data"
import type { ErrorContext } from "../schema/errorContexts.js"
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

/** A context is required when its code's schema (src/schema/errorContexts.ts) has required fields. */
type Extra<C extends ErrorCode> = {} extends ErrorContext<C> ? { hint?: string; context?: ErrorContext<C> } : { hint?: string; context: ErrorContext<C> }

export function spliceError<C extends ErrorCode>(code: C, message: string, ...extra: {} extends ErrorContext<C> ? [Extra<C>?] : [Extra<C>]): SpliceError {
  return new SpliceError({ code, message, ...(extra[0] as { hint?: string; context?: Record<string, unknown> } | undefined) })
}
