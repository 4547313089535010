/**
 * `splice edit`'s positional modes (--after-line, --before-line, --after, --before, --lines,
 * --delete-lines): which one, computed on a text by src/domain/lineEdits.ts, and how its failures
 * read. Out-of-range lines and anchors are match problems (exit 6), like a text that is not found.
 */
import { nearMissHint } from "../domain/textMatch.js"
import { deleteLines, insertAt, type LineEditFailure, type LineEditResult, replaceLines } from "../domain/lineEdits.js"
import type { LineEnding } from "../domain/lineEndings.js"
import { type Catalog, en } from "../domain/locale/index.js"
import { spliceError } from "../domain/SpliceError.js"

export type PositionalEdit =
  | { readonly mode: "after_line" | "before_line"; readonly line: number; readonly content: string }
  | { readonly mode: "after" | "before"; readonly anchor: string; readonly content: string }
  /** Replace lines from..to; with expectOld, only when they hold that text. */
  | { readonly mode: "lines"; readonly from: number; readonly to: number; readonly content: string; readonly expectOld?: string }
  | { readonly mode: "delete_lines"; readonly from: number; readonly to: number }

export type PositionalMode = PositionalEdit["mode"]

/** The flag that selects each mode, for messages. */
export const flagOf: Record<PositionalMode, string> = {
  after_line: "--after-line",
  before_line: "--before-line",
  after: "--after",
  before: "--before",
  lines: "--lines",
  delete_lines: "--delete-lines"
}

/** The content the edit writes ("" for a deletion). */
export const contentOf = (p: PositionalEdit): string => (p.mode === "delete_lines" ? "" : p.content)

export const applyPositional = (p: PositionalEdit, text: string, le: LineEnding): LineEditResult => {
  switch (p.mode) {
    case "after_line":
      return insertAt(text, le, { afterLine: p.line }, p.content)
    case "before_line":
      return insertAt(text, le, { beforeLine: p.line }, p.content)
    case "after":
      return insertAt(text, le, { after: p.anchor }, p.content)
    case "before":
      return insertAt(text, le, { before: p.anchor }, p.content)
    case "lines":
      return replaceLines(text, le, p.from, p.to, p.content, p.expectOld)
    case "delete_lines":
      return deleteLines(text, le, p.from, p.to)
  }
}

const shorten = (s: string, n = 200) => (s.length > n ? s.slice(0, n) + "…" : s)

export const positionalError = (file: string, p: PositionalEdit, failure: LineEditFailure) => {
  const flag = flagOf[p.mode]
  switch (failure.kind) {
    case "out_of_range":
      return spliceError("SPL-E120", `${flag}: line ${failure.line} is out of range; ${file} has ${failure.lines} line(s)`, {
        hint: failure.lines === 0
          ? "The file is empty: insert with --after-line 0."
          : `Lines are numbered 1 to ${failure.lines}; --after-line 0 inserts at the top, --after-line ${failure.lines} appends. Read the file again if it changed.`,
        context: { file, mode: p.mode, from: p.mode === "lines" || p.mode === "delete_lines" ? p.from : p.mode === "after_line" || p.mode === "before_line" ? p.line : failure.line, line: failure.line, line_count: failure.lines }
      })
    case "anchor_not_found": {
      const hint = nearMissHint(failure.candidates)
      return spliceError("SPL-E071", `${flag}: anchor text not found in ${file}`, {
        ...(hint !== undefined ? { hint } : {}),
        context: { file, mode: p.mode, reason: "anchor_not_found", searched_for: shorten(failure.anchor), candidates: failure.candidates }
      })
    }
    case "anchor_ambiguous":
      return spliceError("SPL-E072", `${flag}: anchor text occurs ${failure.lines.length} times in ${file}`, {
        hint: "Give a longer anchor that occurs once, or a line number with --after-line/--before-line.",
        context: { file, mode: p.mode, count: failure.lines.length, lines: failure.lines }
      })
    case "old_mismatch": {
      const range = p.mode === "lines" ? `${p.from}:${p.to}` : "?"
      return spliceError("SPL-E071", `--lines ${range} of ${file} do not hold the text given with --replace-old`, {
        hint: "The file changed, or the line numbers are off: read the lines again (context.actual holds them) and retry.",
        context: { file, mode: p.mode, reason: "old_mismatch", expected: shorten(failure.expected, 2000), actual: shorten(failure.actual, 2000) }
      })
    }
  }
}

/** A human phrase for what the edit did, e.g. "inserted lines 3-4 after line 2". */
export const describePositional = (p: PositionalEdit, from: number, to: number, t: Catalog = en): string => {
  switch (p.mode) {
    case "after_line":
    case "before_line":
      return t.summary.inserted(from, to, p.mode, p.line)
    case "after":
    case "before":
      return t.summary.inserted(from, to, p.mode)
    case "lines":
      return t.summary.replacedLines(p.from, p.to, to - from + 1)
    case "delete_lines":
      return t.summary.deletedLines(from, to)
  }
}
