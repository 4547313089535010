/**
 * Where a piece of a text file is, as `extract` and `query` report it: 1-based lines counted as
 * splice counts them (LF, CRLF and a lone CR each end a line), 1-based columns in UTF-8 bytes (as
 * ripgrep and the code graph count them), and byte offsets into the file itself — a BOM counts, so
 * `start_byte` and `end_byte` slice the file's bytes. Pure.
 */
import { byteOffsets } from "./graph/offsets.js"
import { lineOfOffset, lineStarts } from "./textMatch.js"

export interface TextSpan {
  readonly start_line: number
  readonly start_col: number
  /** The line and column just past the last character (exclusive, like the code graph's spans). */
  readonly end_line: number
  readonly end_col: number
  readonly start_byte: number
  readonly end_byte: number
}

/**
 * A function from UTF-16 indexes in `text` (the file's text without its BOM) to spans; `base` is
 * the number of bytes before the text in the file (3 for a UTF-8 BOM).
 */
export const spanLocator = (text: string, base: number): ((start: number, end: number) => TextSpan) => {
  const starts = lineStarts(text)
  const toByte = byteOffsets(text)
  const at = (i: number) => {
    const line = lineOfOffset(starts, i)
    return { line, col: toByte(i) - toByte(starts[line - 1]!) + 1 }
  }
  return (start, end) => {
    const a = at(start)
    const b = at(end)
    return { start_line: a.line, start_col: a.col, end_line: b.line, end_col: b.col, start_byte: base + toByte(start), end_byte: base + toByte(end) }
  }
}

/** UTF-8 byte offset in `text` → UTF-16 index (the inverse of byteOffsets; a byte inside a character maps to that character). */
export const indexOfByte = (text: string): ((byte: number) => number) => {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return (b) => Math.min(b, text.length)
  const toByte = byteOffsets(text)
  const total = toByte(text.length)
  const map = new Int32Array(total + 1)
  for (let i = 0; i < text.length; i++) {
    for (let b = toByte(i); b < toByte(i + 1); b++) map[b] = i
  }
  map[total] = text.length
  return (byte) => map[Math.max(0, Math.min(byte, total))]!
}
