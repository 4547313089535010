/**
 * Edits by position: insert lines next to a line number or a unique anchor text, replace or delete
 * a range of lines. Used by `splice edit --after-line/--before-line/--after/--before/--lines/
 * --delete-lines` and by the change-set engine for the `insert` and `delete_lines` ops. Pure.
 *
 * Lines are numbered as editors number them (textContent.countLines): a final newline does not
 * start another line; an empty file has 0 lines. The BOM is not part of `text`.
 *
 * Content is whole lines: `\n` in it means the file's line ending, and a missing final newline is
 * added. An empty content is no lines at all (inserting it changes nothing; replacing lines with it
 * deletes them); one empty line is "\n". A file without a final newline keeps having none: content
 * that lands at its end is joined with a separator before it instead of a newline after it.
 *
 * Positions: `afterLine` 0..N (0 = at the top, N = append); `beforeLine` 1..N (to append use
 * `afterLine` N; `beforeLine` N+1 is out of range, so an off-by-one is reported, not guessed).
 * Anchors must occur exactly once: `after` inserts after the line where the anchor ends, `before`
 * before the line where it starts.
 */
import type { InsertPosition } from "./changeSet.js"
import { type LineEnding, lineEndingString, toStyle } from "./lineEndings.js"
import { countLines } from "./textContent.js"
import { findAllOverlapping, lineOfOffset, lineStarts, type NearMiss, nearestCandidates } from "./textMatch.js"
import { variants } from "./editStep.js"

export type LineEditFailure =
  /** `line` is the first number outside the file, which has `lines` lines. */
  | { readonly kind: "out_of_range"; readonly line: number; readonly lines: number }
  | { readonly kind: "anchor_not_found"; readonly anchor: string; readonly candidates: ReadonlyArray<NearMiss> }
  /** `lines`: where each occurrence starts. */
  | { readonly kind: "anchor_ambiguous"; readonly anchor: string; readonly lines: ReadonlyArray<number> }
  /** `actual`: the lines as the file holds them, without the last one's line ending. */
  | { readonly kind: "old_mismatch"; readonly expected: string; readonly actual: string }

/**
 * `from`..`to` (1-based, inclusive): for an insert or a replacement, the lines of the result that
 * hold the new content (`to = from - 1` when the content is empty); for deleteLines, the lines
 * removed, numbered as they were before.
 */
export type LineEditResult =
  | { readonly ok: true; readonly text: string; readonly from: number; readonly to: number }
  | { readonly ok: false; readonly failure: LineEditFailure }

const fail = (failure: LineEditFailure): LineEditResult => ({ ok: false, failure })

/** A file's lines as offsets: `start(i)` is where 0-based line i starts (`start(n)` = the end). */
const layout = (text: string) => {
  const starts = lineStarts(text)
  const n = countLines(text)
  return { n, starts, start: (i: number) => (i < n ? starts[i]! : text.length) }
}

/** True when the text is empty or ends with a line ending (nothing to separate appended lines from). */
const endsWithNewline = (text: string) => text.length === 0 || /[\r\n]$/.test(text)

/** The line ending that ends `s`, if any (CRLF counted as one). */
const finalBreak = (s: string) => (s.endsWith("\r\n") ? 2 : /[\r\n]$/.test(s) ? 1 : 0)

/** Content as whole lines in the file's style: every line, the last included, ends with a line ending. */
const asLines = (content: string, le: LineEnding): string => {
  if (content.length === 0) return ""
  const nl = lineEndingString(le)
  const styled = toStyle(content, le)
  return styled.endsWith(nl) ? styled : styled + nl
}

/**
 * The one primitive: remove 0-based lines [a, b) and put `body` (whole lines, see asLines) there.
 * Only a change that reaches the end of a file without a final newline needs care.
 */
const spliceLines = (text: string, le: LineEnding, a: number, b: number, body: string): string => {
  const { n, start } = layout(text)
  const prefix = text.slice(0, start(a))
  const suffix = text.slice(start(b))
  if (b < n || endsWithNewline(text)) return prefix + body + suffix
  const nl = lineEndingString(le)
  // A last line that is empty cannot be written without a final newline ("a\n" is one line):
  // then the file gains one rather than losing the line.
  const unterminated = (s: string) => {
    const bare = s.slice(0, s.length - finalBreak(s))
    return bare.length === 0 || finalBreak(bare) > 0 ? s : bare
  }
  // Deleting the last lines: the line before them becomes the last, and loses its line ending.
  if (body.length === 0) return a === 0 ? "" : unterminated(prefix)
  return a === n ? prefix + nl + unterminated(body) : prefix + unterminated(body)
}

/** Insert `content` (whole lines) at 0-based line index `a`. */
const insertLines = (text: string, le: LineEnding, a: number, content: string): LineEditResult => {
  const body = asLines(content, le)
  return { ok: true, text: spliceLines(text, le, a, a, body), from: a + 1, to: a + countLines(body) }
}

/** The 0-based line index an anchor puts the insertion at, or why there is none. */
const anchorIndex = (text: string, le: LineEnding, anchor: string, side: "after" | "before"): number | LineEditFailure => {
  const forms = variants(anchor, le)
  for (const form of forms) {
    const hits = findAllOverlapping(text, form)
    if (hits.length === 0) continue
    const starts = lineStarts(text)
    if (hits.length > 1) return { kind: "anchor_ambiguous", anchor, lines: hits.map((h) => lineOfOffset(starts, h)) }
    const at = hits[0]!
    // After: below the line holding the anchor's last character (its own line ending, if it ends with one).
    return side === "after" ? lineOfOffset(starts, at + form.length - 1) : lineOfOffset(starts, at) - 1
  }
  return { kind: "anchor_not_found", anchor, candidates: anchor.length === 0 ? [] : nearestCandidates(text, forms[0]!) }
}

export const insertAt = (text: string, le: LineEnding, at: InsertPosition, content: string): LineEditResult => {
  const n = countLines(text)
  if ("afterLine" in at) {
    if (!Number.isInteger(at.afterLine) || at.afterLine < 0 || at.afterLine > n) return fail({ kind: "out_of_range", line: at.afterLine, lines: n })
    return insertLines(text, le, at.afterLine, content)
  }
  if ("beforeLine" in at) {
    if (!Number.isInteger(at.beforeLine) || at.beforeLine < 1 || at.beforeLine > n) return fail({ kind: "out_of_range", line: at.beforeLine, lines: n })
    return insertLines(text, le, at.beforeLine - 1, content)
  }
  const side = "after" in at ? "after" : "before"
  const found = anchorIndex(text, le, "after" in at ? at.after : at.before, side)
  return typeof found === "number" ? insertLines(text, le, found, content) : fail(found)
}

/** The first number of from..to outside 1..n (or not a valid range), if any. */
const badRange = (from: number, to: number, n: number): number | undefined => {
  if (!Number.isInteger(from) || from < 1 || from > n) return from
  if (!Number.isInteger(to) || to < from || to > n) return to
  return undefined
}

/** Lines from..to as the file holds them, without the last one's line ending. */
const linesText = (text: string, from: number, to: number): string => {
  const { start } = layout(text)
  const region = text.slice(start(from - 1), start(to))
  return region.slice(0, region.length - finalBreak(region))
}

/** Whether the old text a user expects is these lines: `\n` means the file's line ending, a final newline is optional. */
const sameLines = (expected: string, actual: string, le: LineEnding): boolean =>
  variants(expected, le).some((v) => v === actual || v.slice(0, v.length - finalBreak(v)) === actual)

export const replaceLines = (text: string, le: LineEnding, from: number, to: number, content: string, expectOld?: string): LineEditResult => {
  const n = countLines(text)
  const bad = badRange(from, to, n)
  if (bad !== undefined) return fail({ kind: "out_of_range", line: bad, lines: n })
  if (expectOld !== undefined) {
    const actual = linesText(text, from, to)
    if (!sameLines(expectOld, actual, le)) return fail({ kind: "old_mismatch", expected: expectOld, actual })
  }
  const body = asLines(content, le)
  return { ok: true, text: spliceLines(text, le, from - 1, to, body), from, to: from - 1 + countLines(body) }
}

export const deleteLines = (text: string, le: LineEnding, from: number, to: number): LineEditResult => {
  const n = countLines(text)
  const bad = badRange(from, to, n)
  if (bad !== undefined) return fail({ kind: "out_of_range", line: bad, lines: n })
  return { ok: true, text: spliceLines(text, le, from - 1, to, ""), from, to }
}

/** "A:B" (or "N", one line) as a 1-based inclusive range; undefined unless 1 ≤ A ≤ B. */
export const parseLineRange = (s: string): { readonly from: number; readonly to: number } | undefined => {
  const m = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(s)
  if (m === null) return undefined
  const from = Number(m[1])
  const to = m[2] === undefined ? from : Number(m[2])
  return Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 1 && from <= to ? { from, to } : undefined
}
