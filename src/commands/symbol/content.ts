/** The new code of `splice patch` and `splice insert`, checked before any file is read. */
import * as Effect from "effect/Effect"
import { spliceError } from "../../domain/SpliceError.js"
import { refuseNul } from "../resultLimits.js"

/**
 * Code with nothing but blank lines would replace a definition with nothing (`splice delete` does
 * that, with its checks) or insert nothing: refused, as empty stdin is elsewhere (SPL-E012).
 */
export const checkContent = (file: string, content: string, what: string) =>
  Effect.gen(function*() {
    if (content.trim().length === 0) {
      return yield* Effect.fail(spliceError("SPL-E012", `${what} is empty`, {
        hint: "Give the code with --content or --with FILE (- reads stdin); to remove a definition use `splice delete`.",
        context: { flag: "content" }
      }))
    }
    yield* refuseNul(file, [content])
  })
