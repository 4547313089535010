/**
 * Which syntax errors an agent sees first. A parser that gives up reports errors far from the cause
 * and in bulk (one unclosed brace in Go: 43 errors), so the list is ordered by distance to the
 * region the edit changed (errors inside it first) and capped; the rest are only counted.
 */
import type { ChangedRegion } from "./changedRegion.js"

export const SYNTAX_ERROR_CAP = 10

/** Distance from an offset of the new text to the changed region (0 inside it or on its edges). */
export const distanceToRegion = (r: ChangedRegion, offset: number): number =>
  offset < r.start ? r.start - offset : offset > r.newEnd ? offset - r.newEnd : 0

export interface Capped<I> {
  /** At most `cap` errors, nearest to the change first (ties: earlier in the file first). */
  readonly shown: ReadonlyArray<I>
  readonly total: number
  readonly omitted: number
}

export const nearestFirst = <I extends { readonly offset: number }>(
  errors: ReadonlyArray<I>,
  region: ChangedRegion,
  cap: number = SYNTAX_ERROR_CAP
): Capped<I> => {
  const shown = [...errors]
    .sort((a, b) => distanceToRegion(region, a.offset) - distanceToRegion(region, b.offset) || a.offset - b.offset)
    .slice(0, Math.max(0, cap))
  return { shown, total: errors.length, omitted: errors.length - shown.length }
}

/**
 * The offset of a parser's 1-based (line, column) in the text, clamped to the text and to the end
 * of that line (Python points one past the line for some indentation errors). `starts` are the
 * text's line starts (textMatch.lineStarts: LF, CRLF and lone CR end a line, as in Python).
 */
export const offsetOfPosition = (text: string, starts: ReadonlyArray<number>, line: number, column: number): number => {
  const l = Math.min(Math.max(line, 1), starts.length)
  let lineEnd = l < starts.length ? starts[l]! : text.length
  while (lineEnd > starts[l - 1]! && (text[lineEnd - 1] === "\n" || text[lineEnd - 1] === "\r")) lineEnd--
  return Math.min(starts[l - 1]! + Math.max(column, 1) - 1, lineEnd)
}
