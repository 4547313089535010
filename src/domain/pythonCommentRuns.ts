/**
 * tree-sitter-python's external scanner is quadratic on a run of comment lines: at the end of each
 * line it skips every comment that follows (to find the indentation of the next line of code), and
 * it does so again after each of them. A function with 4,000 comment lines took a minute to parse.
 *
 * What it decides there depends only on the indentation of the first comment after the line and of
 * the next line of code. A comment line between two comment lines of the same indentation (blank
 * lines aside) changes none of those decisions: where it is, the scanner decides nothing, and
 * without it, nothing either. Such lines are blanked — the comment text becomes spaces, so every
 * offset, row and column of the rest is kept — and what remains of a run is its first and last
 * comment of each indentation: a run costs what its length does, the same tree but for those
 * comments' nodes (checked on CPython's standard library; see test/unit/pythonCommentRuns.test.ts).
 *
 * For the parses that only need the code: the graph's facts, the syntax gate's errors, `splice query`
 * (unless it is asked for comments) and the bodies symbol edits find.
 */

interface Line {
  /** Offset of the line's first character and of its end (the LF, or the end of the text). */
  readonly start: number
  readonly end: number
  /** For a comment-only line: its indentation and where its `#` is. */
  readonly indent?: string
  readonly hash?: number
  /** Only spaces and tabs (and a CR before the LF). */
  readonly blank: boolean
}

const isQuote = (c: string) => c === "'" || c === "\""

/**
 * The lines of a Python text, each marked comment-only (a `#` after the indentation, outside any
 * string or bracket, not after a line ending in `\`), blank, or other. A lexer of strings (all
 * prefixes, triple-quoted ones across lines, escapes), comments and brackets: enough to know where a
 * line starts, which is all it is asked.
 */
const linesOf = (text: string): Line[] => {
  const out: Line[] = []
  let i = 0
  let depth = 0
  /** The quote that closes the string we are in (`'`, `"`, `'''`, `"""`), if any. */
  let quote: string | undefined
  let continued = false
  while (i <= text.length) {
    const start = i
    const startsInCode = quote === undefined && depth === 0 && !continued
    let k = start
    while (k < text.length && (text[k] === " " || text[k] === "\t")) k++
    const first = text[k]
    if (startsInCode && first === "#") {
      const end = text.indexOf("\n", k)
      const stop = end === -1 ? text.length : end
      out.push({ start, end: stop, indent: text.slice(start, k), hash: k, blank: false })
      i = stop + 1
      continued = false
      continue
    }
    // Scan the line: strings, comments and brackets; a triple-quoted string may go on past it.
    let j = start
    let lineContinued = false
    let stringContinued = false
    while (j < text.length && text[j] !== "\n") {
      const c = text[j]!
      if (quote !== undefined) {
        if (c === "\\") {
          // An escaped line end carries a string on to the next line.
          if (text[j + 1] === "\n" || (text[j + 1] === "\r" && text[j + 2] === "\n")) {
            stringContinued = true
            j += text[j + 1] === "\n" ? 1 : 2
            break
          }
          j = Math.min(j + 2, text.length)
          continue
        }
        if (text.startsWith(quote, j)) {
          j += quote.length
          quote = undefined
          continue
        }
        j++
        continue
      }
      if (c === "#") {
        const end = text.indexOf("\n", j)
        j = end === -1 ? text.length : end
        break
      }
      if (isQuote(c)) {
        quote = text.startsWith(c + c + c, j) ? c + c + c : c
        j += quote.length
        continue
      }
      if (c === "(" || c === "[" || c === "{") depth++
      else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--
      else if (c === "\\" && (text[j + 1] === "\n" || (text[j + 1] === "\r" && text[j + 2] === "\n"))) lineContinued = true
      j++
    }
    // A one-quote string ends with its line (unterminated) unless a backslash carries it on.
    if (quote !== undefined && quote.length === 1 && !stringContinued) quote = undefined
    const end = j
    const blank = startsInCode && /^[ \t]*\r?$/.test(text.slice(start, end))
    out.push({ start, end, blank })
    continued = lineContinued
    if (end >= text.length) break
    i = end + 1
  }
  return out
}

/** A blanked comment, as tree-sitter-python's comment node spans it: from its `#` to its line's LF (a CR before it included). */
export interface BlankedComment {
  readonly start: number
  readonly end: number
}

/** The comments of every comment line that lies between two comment lines of its own indentation (see above). */
export const blankedComments = (text: string): BlankedComment[] => {
  if (!text.includes("#")) return []
  const lines = linesOf(text)
  const blanked: BlankedComment[] = []
  // Each comment line's nearest neighbours across blank lines, within a run.
  let previous: Line | undefined
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!
    if (line.indent === undefined) {
      if (!line.blank) previous = undefined
      continue
    }
    let m = n + 1
    while (m < lines.length && lines[m]!.blank && lines[m]!.indent === undefined) m++
    const next = lines[m]
    if (previous?.indent === line.indent && next?.indent === line.indent) {
      blanked.push({ start: line.hash!, end: line.end })
    }
    previous = line
  }
  return blanked
}

/** The text with those comments turned to spaces (a CR kept): every offset, row and column of the rest kept. */
export const blankCommentRuns = (text: string, comments: ReadonlyArray<BlankedComment> = blankedComments(text)): string => {
  if (comments.length === 0) return text
  const parts: string[] = []
  let at = 0
  for (const c of comments) {
    const stop = text[c.end - 1] === "\r" ? c.end - 1 : c.end
    parts.push(text.slice(at, c.start), " ".repeat(stop - c.start))
    at = stop
  }
  parts.push(text.slice(at))
  return parts.join("")
}
