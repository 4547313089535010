/** `splice explain [CODE]`: the long explanation of an error code, or the whole registry. */
import * as Effect from "effect/Effect"
import { ErrorRegistry, isErrorCode } from "../domain/errors.js"
import { spliceError } from "../domain/SpliceError.js"
import { Output } from "../../services/Output.js"

export const explain = (code: string | undefined) =>
  Effect.gen(function*() {
    const output = yield* Output
    if (code === undefined) {
      const codes = Object.entries(ErrorRegistry).map(([c, s]) => ({ code: c, name: s.name, exit: s.exit, retryable: s.retryable }))
      return yield* output.result("explain", { codes },
        (t) => codes.map((c) => t.explain.line(c.code, c.exit, c.retryable, c.name)).join(""))
    }
    const normalized = code.toUpperCase().replace(/^E/, "SPL-E").replace(/^(\d)/, "SPL-E$1")
    if (!isErrorCode(normalized)) {
      return yield* Effect.fail(spliceError("SPL-E010", `unknown error code ${code}`, {
        hint: "Run `splice explain` without a code to list every code.",
        context: { code }
      }))
    }
    const s = ErrorRegistry[normalized]
    return yield* output.result("explain", { code: normalized, name: s.name, exit: s.exit, retryable: s.retryable, hint: s.hint, explanation: s.explanation },
      (t) => t.explain.entry(normalized, s.name, s.exit, s.retryable, t.explain.explanation(normalized, s.explanation), t.errors[normalized].hint({}, s.hint)))
  })
