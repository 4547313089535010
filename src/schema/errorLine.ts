/**
 * The error line (src/domain/render.ts errorObject): one variant per code, so that a code's
 * `context` is checked against that code's schema.
 */
import * as Schema from "effect/Schema"
import { type ErrorCode, ErrorRegistry } from "../domain/errors.js"
import { errorContexts } from "./errorContexts.js"

const variant = <C extends ErrorCode>(code: C) =>
  Schema.Struct({
    type: Schema.Literal("error"),
    ok: Schema.Literal(false),
    code: Schema.Literal(code),
    name: Schema.Literal(ErrorRegistry[code].name),
    /** The process's exit status (SPL-E130: 128 + the signal's number). */
    exit: Schema.Int,
    message: Schema.String,
    hint: Schema.String,
    retryable: Schema.Literal(ErrorRegistry[code].retryable),
    context: errorContexts[code]
  })

export const errorCodes = Object.keys(ErrorRegistry) as ReadonlyArray<ErrorCode>

/** The error line of one code. */
export const errorLineOf = (code: ErrorCode) => variant(code)

/** Any error line. */
export const ErrorLine = Schema.Union(...errorCodes.map(variant))
