/** What the front ends of `splice apply` share: line splitting, error text, and the refusal boundary. */
import { type ChangeFormat, type ChangeOp, invalid, parsed, type ParseResult } from "../changeSet.js"

/**
 * The input's lines without their terminators: `\r\n`, `\r` and `\n` all end a line (a CRLF
 * paste parses like an LF one), a final terminator does not start an extra empty line, and a
 * leading byte-order mark is dropped.
 */
export const splitLines = (text: string): string[] => {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text
  if (body === "") return []
  const lines = body.split(/\r\n|\r|\n/)
  if (lines[lines.length - 1] === "") lines.pop()
  return lines
}

/** An input line as an error's `found`: shortened, and never an invisible empty string. */
export const show = (line: string | undefined): string =>
  line === undefined ? "end of input" : line.trim() === "" ? "a blank line" : line.length > 80 ? line.slice(0, 80) + "…" : line

/** Thrown inside a parser and turned into `invalid(...)` at its boundary. */
export class Refusal {
  constructor(readonly line: number, readonly expected: string, readonly found: string) {}
}

/** Run a parser that throws a Refusal at the first problem: its ops, or the refusal as a ParseResult. */
export const parseWith = (format: ChangeFormat, parse: () => ChangeOp[]): ParseResult => {
  try {
    return parsed({ format, ops: parse() })
  } catch (e) {
    if (e instanceof Refusal) return invalid(e.line, e.expected, e.found)
    throw e
  }
}
