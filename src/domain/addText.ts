/**
 * `splice write --append` / `--prepend`: new text added at one end of a file, every byte already
 * there kept. Appended bytes go after the last byte (as `>>` does: no newline is invented); prepended
 * ones go after the BOM, which stays the file's first bytes.
 */
import { type LineEnding, toStyle } from "./lineEndings.js"
import { hasBom } from "./textContent.js"

export type AddPosition = "append" | "prepend"

/** `added` at the end of `original`, or at its start after a BOM. */
export const withAdded = (original: Uint8Array, added: Uint8Array, position: AddPosition): Uint8Array => {
  const out = new Uint8Array(original.length + added.length)
  if (position === "append") {
    out.set(original, 0)
    out.set(added, original.length)
    return out
  }
  const bom = hasBom(original) ? 3 : 0
  out.set(original.subarray(0, bom), 0)
  out.set(added, bom)
  out.set(original.subarray(bom), bom + added.length)
  return out
}

/**
 * New text in the file's line-ending style when it has none of its own (only `\n`, as agents send):
 * what `splice write` does for a whole file. Text with a `\r` is taken as meant.
 */
export const inFileStyle = (text: string, fileStyle: LineEnding): { readonly text: string; readonly converted: boolean } =>
  (fileStyle === "crlf" || fileStyle === "cr") && !text.includes("\r")
    ? { text: toStyle(text, fileStyle), converted: true }
    : { text, converted: false }
