/**
 * A text seen as lines, for edits that think in lines but must land on offsets: where each line
 * starts, where its content ends (before its line break), and the file's own line break for new
 * lines. Offsets are UTF-16 indexes into the text (the file without its BOM). Pure.
 */
import { toLines } from "../fileLines.js"
import type { LineEnding } from "../lineEndings.js"
import { indentOf } from "../reindent.js"

export interface TextLines {
  readonly text: string
  /** Each line's content, without its line break. */
  readonly lines: ReadonlyArray<string>
  /** Where each line starts; one more entry, the text's length, closes the last line. */
  readonly starts: ReadonlyArray<number>
  /** What a new line ends with: the file's dominant line break. */
  readonly newline: string
  /** The file's language (the grammar's name), for the string literals of new code; "" unknown. */
  readonly language: string
}

export const textLines = (text: string, lineEnding: LineEnding, language = ""): TextLines => {
  const f = toLines(text, lineEnding)
  const starts: number[] = []
  let at = 0
  for (let i = 0; i < f.lines.length; i++) {
    starts.push(at)
    at += f.lines[i]!.length + f.ends[i]!.length
  }
  starts.push(text.length)
  return { text, lines: f.lines, starts, newline: f.newline, language }
}

/** The 0-based line holding offset `at` (an offset past the last line's break is on the last line). */
export const lineAt = (t: TextLines, at: number): number => {
  let lo = 0
  let hi = Math.max(0, t.lines.length - 1)
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (t.starts[mid]! <= at) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** Where line i's content ends (its line break, if any, follows). */
export const contentEnd = (t: TextLines, i: number): number => t.starts[i]! + t.lines[i]!.length

/** The line holding the last character of [start, end). */
export const lastLineOf = (t: TextLines, start: number, end: number): number => lineAt(t, Math.max(start, end - 1))

/** The indentation of the line holding `at`. */
export const indentAt = (t: TextLines, at: number): string => indentOf(t.lines[lineAt(t, at)]!)

/** Only spaces and tabs between the start of its line and `at`. */
export const startsItsLine = (t: TextLines, at: number): boolean => /^[ \t]*$/.test(t.text.slice(t.starts[lineAt(t, at)]!, at))

/**
 * Nothing but spaces, a `;` or `,` that ends the definition, and a comment between `at` and the end
 * of its line: what a definition ending at `at` may leave on its last line and still own the line.
 */
export const endsItsLine = (t: TextLines, at: number): boolean => {
  const line = lineAt(t, at)
  if (at > contentEnd(t, line)) return true
  return /^[ \t]*[;,]?[ \t]*(\/\/.*|#(?![[!]).*|\/\*.*\*\/[ \t]*|--.*)?$/.test(t.text.slice(at, contentEnd(t, line)))
}

/** One replacement of the text: [start, end) becomes `insert`. */
export interface Replacement {
  readonly start: number
  readonly end: number
  readonly insert: string
}

export const applyReplacement = (text: string, r: Replacement): string => text.slice(0, r.start) + r.insert + text.slice(r.end)
