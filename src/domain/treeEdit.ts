/**
 * The edit that turns one text into another, in the terms tree-sitter's `Tree.edit` takes before an
 * incremental reparse: offsets and points in UTF-16 code units (web-tree-sitter's units), one
 * combined region for however many places changed (common prefix and suffix removed). Rows count
 * `\n` only, as tree-sitter's lexer does (a lone `\r` is a column character to it).
 */
import { type ChangedRegion, changedRegion } from "./changedRegion.js"

export interface Point {
  readonly row: number
  readonly column: number
}

export interface TreeEdit {
  readonly startIndex: number
  readonly oldEndIndex: number
  readonly newEndIndex: number
  readonly startPosition: Point
  readonly oldEndPosition: Point
  readonly newEndPosition: Point
}

/** tree-sitter's point of an offset: `\n`s before it, and code units since the last one. */
export const pointAt = (text: string, offset: number): Point => {
  let row = 0
  let lineStart = 0
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    row++
    lineStart = i + 1
  }
  return { row, column: offset - lineStart }
}

/** The point `offset` of `text`, counting on from a known point at `from` (from ≤ offset). */
const pointFrom = (text: string, from: number, at: Point, offset: number): Point => {
  let { row } = at
  let lineStart = from - at.column
  for (let i = text.indexOf("\n", from); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    row++
    lineStart = i + 1
  }
  return { row, column: offset - lineStart }
}

export const treeEditOf = (before: string, after: string, region: ChangedRegion = changedRegion(before, after)): TreeEdit => {
  const startPosition = pointAt(before, region.start) // the prefix is the same in both texts
  return {
    startIndex: region.start,
    oldEndIndex: region.oldEnd,
    newEndIndex: region.newEnd,
    startPosition,
    oldEndPosition: pointFrom(before, region.start, startPosition, region.oldEnd),
    newEndPosition: pointFrom(after, region.start, startPosition, region.newEnd)
  }
}
