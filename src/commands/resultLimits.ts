/** Refusals about the text an edit or a write would produce, checked before anything is written. */
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"

/** --max-bytes bounds the result too: an edit must not grow a file past what splice would read. */
export const refuseGrowth = (file: string, size: number, maxBytes: number) =>
  size > maxBytes
    ? Effect.fail(spliceError("SPL-E064", `the result would be ${size} bytes, over the limit of ${maxBytes}; nothing written`, { context: { file, size, max_bytes: maxBytes } }))
    : Effect.void

/** A NUL byte in new text would make a text file binary, and splice would refuse it from then on. */
export const refuseNul = (file: string, newTexts: ReadonlyArray<string>) => {
  const index = newTexts.findIndex((t) => t.includes("\0"))
  if (index === -1) return Effect.void
  const offset = newTexts[index]!.indexOf("\0")
  const which = newTexts.length > 1 ? ` (edit ${index + 1} of ${newTexts.length})` : ""
  return Effect.fail(spliceError("SPL-E069", `the new text has a NUL byte at offset ${offset}${which}; ${file} is a text file`, {
    context: { file, ...(newTexts.length > 1 ? { edit: index + 1 } : {}), offset }
  }))
}
