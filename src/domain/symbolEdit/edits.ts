/**
 * The text replacements of `splice patch`, `splice delete` and `splice insert`: a definition or its
 * body replaced, a definition removed with the blank line it would leave doubled, new code put next
 * to a definition or at the end of a body. New code is re-indented to its place in the file's unit
 * and given the file's line breaks; lines outside the change keep their bytes. Each function returns
 * the replacement and the 1-based lines it covers (in the result; for a removal, as they were). Pure.
 */
import { commentStart } from "../commentStart.js"
import { indentOf, indentUnit } from "../reindent.js"
import { fitLines } from "./fitText.js"
import { type Body, startsWithString } from "./parts.js"
import { appendGap, indentWidth, insertionGap, removalLines } from "./spacing.js"
import { contentEnd, endsItsLine, lastLineOf, lineAt, type Replacement, startsItsLine, type TextLines } from "./textLines.js"

export interface Lines {
  readonly from: number
  readonly to: number
}

export interface Planned {
  readonly replacement: Replacement
  readonly lines: Lines
}

/** Whether [start, end) has its lines to itself (a comment or `;` after it aside). */
export const ownsLines = (t: TextLines, start: number, end: number): boolean => startsItsLine(t, start) && endsItsLine(t, end)

/** Lines of new code placed from line `first` (0-based) on: their 1-based span. */
const span = (first: number, count: number): Lines => ({ from: first + 1, to: first + count })

/**
 * [start, end) replaced with `code`: its first line at `start`, the others indented from the
 * indentation of `start`'s line, as a definition is.
 */
export const replaceSpan = (t: TextLines, start: number, end: number, code: string): Planned => {
  const target = indentOf(t.lines[lineAt(t, start)]!)
  const fitted = fitLines(code, target, t.lines, t.language)
  const first = fitted[0]!.startsWith(target) ? fitted[0]!.slice(target.length) : fitted[0]!.trimStart()
  const insert = [first, ...fitted.slice(1)].join(t.newline)
  const from = lineAt(t, start) + 1
  return { replacement: { start, end, insert }, lines: { from, to: from + fitted.length - 1 } }
}

/**
 * [start, end) removed. When it owns its lines, the whole lines go with one of the blank runs
 * around them (see removalLines); else the span goes with the spaces and the one comma that
 * separated it from its neighbour on the line (`a = 1, b = 2`).
 */
export const removeSpan = (t: TextLines, start: number, end: number): Planned => {
  const first = lineAt(t, start)
  const last = lastLineOf(t, start, end)
  if (ownsLines(t, start, end)) {
    const { from, to } = removalLines(t.lines, first, last)
    let a = t.starts[from]!
    const b = t.starts[to]!
    // Removing the last lines of a file without a final line break: the break before them goes instead.
    if (to === t.lines.length && b === contentEnd(t, to - 1) && from > 0) a = contentEnd(t, from - 1)
    return { replacement: { start: a, end: b, insert: "" }, lines: { from: first + 1, to: last + 1 } }
  }
  const text = t.text
  const after = /^[ \t]*,[ \t]*/.exec(text.slice(end))
  if (after !== null) return { replacement: { start, end: end + after[0].length, insert: "" }, lines: { from: first + 1, to: last + 1 } }
  const before = /[ \t]*,[ \t]*$/.exec(text.slice(t.starts[first]!, start))
  if (before !== null) return { replacement: { start: start - before[0].length, end, insert: "" }, lines: { from: first + 1, to: last + 1 } }
  const spaces = /^[ \t]*/.exec(text.slice(end))![0].length
  return { replacement: { start, end: end + spaces, insert: "" }, lines: { from: first + 1, to: last + 1 } }
}

/**
 * Python: whether removing lines first..last (0-based) would leave the block around them without a
 * statement (a class's only method): comments and blank lines are no statement, a docstring is.
 * False at a module's top level, which may be empty.
 */
export const leavesBlockEmpty = (t: TextLines, first: number, last: number): boolean => {
  const lines = t.lines
  const isCode = (l: string) => l.trim() !== "" && !l.trim().startsWith("#")
  const level = indentWidth(lines[first]!)
  let header = first - 1
  while (header >= 0 && !(isCode(lines[header]!) && indentWidth(lines[header]!) < level)) header--
  if (header < 0) return false
  const outer = indentWidth(lines[header]!)
  for (let i = header + 1; i < lines.length; i++) {
    if ((i >= first && i <= last) || !isCode(lines[i]!)) continue
    return indentWidth(lines[i]!) <= outer
  }
  return true
}

/**
 * The definition's lines first..last replaced by `pass` at its indentation (the blank lines around
 * it stay): what deleting a block's only statement leaves in Python.
 */
export const replaceWithPass = (t: TextLines, first: number, last: number): Planned => {
  const end = t.starts[last + 1]!
  // The last line's own break (none at the end of a file without a final one).
  const ending = t.text.slice(t.starts[last]! + t.lines[last]!.length, end)
  return { replacement: { start: t.starts[first]!, end, insert: `${indentOf(t.lines[first]!)}pass${ending}` }, lines: { from: first + 1, to: first + 1 } }
}

/**
 * `code` as lines of their own next to the definition whose lines [start, end) own: after its last
 * line or before its first, at its indentation, separated by as many blank lines as separate it
 * from its siblings (`fallback` when it has none).
 */
export const insertBeside = (t: TextLines, start: number, end: number, side: "after" | "before", code: string, fallback: number): Planned => {
  const first = lineAt(t, start)
  const last = lastLineOf(t, start, end)
  const fitted = fitLines(code, indentOf(t.lines[first]!), t.lines, t.language)
  const gap = insertionGap(t.lines, first, last, side, fallback)
  const nl = t.newline
  if (side === "after") {
    return { replacement: { start: contentEnd(t, last), end: contentEnd(t, last), insert: nl.repeat(gap + 1) + fitted.join(nl) }, lines: span(last + 1 + gap, fitted.length) }
  }
  const at = t.starts[first]!
  return { replacement: { start: at, end: at, insert: fitted.join(nl) + nl + nl.repeat(gap) }, lines: span(first, fitted.length) }
}

/** The indentation one level inside the line holding `at`. */
const innerIndent = (t: TextLines, at: number): string => indentOf(t.lines[lineAt(t, at)]!) + indentUnit(t.lines)

/** The first non-blank line's indentation among lines [from, to], or undefined. */
const firstIndent = (t: TextLines, from: number, to: number): string | undefined => {
  for (let i = from; i <= to; i++) if (t.lines[i]!.trim().length > 0) return indentOf(t.lines[i]!)
  return undefined
}

/** Braces whose `{` ends its line and whose `}` starts a later one: the lines between are the body's. */
const bodyLines = (t: TextLines, body: Extract<Body, { kind: "braces" }>) => {
  const openLine = lineAt(t, body.open)
  const closeLine = lineAt(t, body.close)
  const multiline = openLine < closeLine && endsItsLine(t, body.open + 1) && startsItsLine(t, body.close)
  return { openLine, closeLine, multiline }
}

/** An indented block whose first line is not the header's (`def f():\n    body`, not `def f(): body`). */
const blockLines = (t: TextLines, body: Extract<Body, { kind: "block" }>) => {
  const first = lineAt(t, body.start)
  return { first, last: lastLineOf(t, body.start, body.end), ownLines: startsItsLine(t, body.start) }
}

/** Where a one-line block's header ends: after the `:` and before the spaces that follow it. */
const headerEnd = (t: TextLines, blockStart: number): number => {
  let at = blockStart
  while (at > 0 && (t.text[at - 1] === " " || t.text[at - 1] === "\t")) at--
  return at
}

/**
 * Where a Python block starts with the comment lines right above its first statement, which are
 * the block's although tree-sitter leaves them out of its node.
 */
export const blockWithComments = (t: TextLines, start: number): number => {
  if (!startsItsLine(t, start)) return start
  const line = lineAt(t, start)
  let first = line
  for (let i = line - 1; i >= 0; i--) {
    const s = t.lines[i]!.trim()
    if (s.startsWith("#")) first = i
    else if (s !== "") break
  }
  return first === line ? start : t.starts[first]! + indentOf(t.lines[first]!).length
}

/**
 * The body replaced with `code`: the lines between the braces, or the block, at the body's
 * indentation. A Python docstring that opens the block stays unless `code` brings its own.
 */
export const replaceBody = (t: TextLines, body: Body, code: string): Planned => {
  const nl = t.newline
  if (body.kind === "block" && body.docEnd !== undefined && !startsWithString(code)) {
    const docLast = lastLineOf(t, body.start, body.docEnd)
    const last = lastLineOf(t, body.start, body.end)
    let next = docLast + 1
    while (next <= last && t.lines[next]!.trim().length === 0) next++
    if (next > last) {
      const fitted = fitLines(code, indentOf(t.lines[lineAt(t, body.start)]!), t.lines, t.language)
      const at = contentEnd(t, docLast)
      return { replacement: { start: at, end: at, insert: nl + fitted.join(nl) }, lines: span(docLast + 1, fitted.length) }
    }
    return replaceBody(t, { kind: "block", start: t.starts[next]! + indentOf(t.lines[next]!).length, end: body.end }, code)
  }
  if (body.kind === "braces") {
    const { openLine, closeLine, multiline } = bodyLines(t, body)
    if (multiline) {
      const fitted = fitLines(code, firstIndent(t, openLine + 1, closeLine - 1) ?? innerIndent(t, body.close), t.lines, t.language)
      return {
        replacement: { start: t.starts[openLine + 1]!, end: t.starts[closeLine]!, insert: fitted.map((l) => l + nl).join("") },
        lines: span(openLine + 1, fitted.length)
      }
    }
    const fitted = fitLines(code, innerIndent(t, body.open), t.lines, t.language)
    // One line stays inline, unless it may end with a line comment, which would swallow the `}`.
    if (fitted.length === 1 && openLine === closeLine && !/\/\/|#|--/.test(fitted[0]!)) {
      return { replacement: { start: body.open + 1, end: body.close, insert: ` ${fitted[0]!.trimStart()} ` }, lines: span(openLine, 1) }
    }
    // The body gets lines of its own; a `}` that starts its line keeps it.
    const closeOwn = startsItsLine(t, body.close)
    const end = closeOwn ? t.starts[closeLine]! : body.close
    const insert = nl + fitted.join(nl) + nl + (closeOwn ? "" : indentOf(t.lines[openLine]!))
    return { replacement: { start: body.open + 1, end, insert }, lines: span(openLine + 1, fitted.length) }
  }
  const { first, last, ownLines } = blockLines(t, body)
  if (ownLines) {
    const fitted = fitLines(code, indentOf(t.lines[first]!), t.lines, t.language)
    return { replacement: { start: t.starts[first]!, end: contentEnd(t, last), insert: fitted.join(nl) }, lines: span(first, fitted.length) }
  }
  const fitted = fitLines(code, innerIndent(t, body.start), t.lines, t.language)
  return { replacement: { start: headerEnd(t, body.start), end: body.end, insert: nl + fitted.join(nl) }, lines: span(first + 1, fitted.length) }
}

/**
 * `code` appended to a body: after its last non-blank line (a blank line before `}` stays the
 * body's padding), at the indentation of its first line, separated as its items are (appendGap).
 * A body on one line (`{}`, `{ x }`, `class A: pass`) gets lines of its own first.
 */
export const appendToBody = (t: TextLines, body: Body, code: string, commas = false): Planned => {
  const nl = t.newline
  if (body.kind === "braces") {
    const { openLine, closeLine, multiline } = bodyLines(t, body)
    if (multiline) {
      const indent = firstIndent(t, openLine + 1, closeLine - 1) ?? innerIndent(t, body.close)
      const fitted = fitLines(code, indent, t.lines, t.language)
      let lastFilled = closeLine - 1
      while (lastFilled > openLine && t.lines[lastFilled]!.trim().length === 0) lastFilled--
      const gap = appendGap(t.lines, openLine + 1, lastFilled, fitted)
      const at = t.starts[lastFilled + 1]!
      const added = nl.repeat(gap) + fitted.map((l) => l + nl).join("")
      // Members separated by commas (an enum's): the last one gets the comma it now needs.
      const comma = commas && lastFilled > openLine ? commaAt(t.lines[lastFilled]!) : undefined
      if (comma !== undefined) {
        const from = t.starts[lastFilled]! + comma
        return { replacement: { start: from, end: at, insert: "," + t.text.slice(from, at) + added }, lines: span(lastFilled + 1 + gap, fitted.length) }
      }
      return { replacement: { start: at, end: at, insert: added }, lines: span(lastFilled + 1 + gap, fitted.length) }
    }
    return expandAndAppend(t, body.open + 1, body.close, code, indentOf(t.lines[openLine]!), startsItsLine(t, body.close) ? t.starts[closeLine]! : undefined, commas)
  }
  const { first, last, ownLines } = blockLines(t, body)
  if (ownLines) {
    const fitted = fitLines(code, indentOf(t.lines[first]!), t.lines, t.language)
    const gap = appendGap(t.lines, first, last, fitted)
    const at = contentEnd(t, last)
    return { replacement: { start: at, end: at, insert: nl.repeat(gap + 1) + fitted.join(nl) }, lines: span(last + 1 + gap, fitted.length) }
  }
  return expandAndAppend(t, headerEnd(t, body.start), body.end, code, undefined, undefined)
}

/**
 * A one-line body [start, end) given lines of its own, its content first, then `code`. `closeIndent`:
 * the indentation of a closing brace that shares a line with the body (undefined: none, or it keeps
 * its own line, which then starts at `closeLineStart`).
 */
const expandAndAppend = (t: TextLines, start: number, end: number, code: string, closeIndent: string | undefined, closeLineStart: number | undefined, commas = false): Planned => {
  const nl = t.newline
  const indent = innerIndent(t, start)
  const existing = t.text.slice(start, closeLineStart ?? end)
  const old = fitLines(existing, indent, t.lines, t.language)
  const lastOld = old.length - 1
  const comma = commas && lastOld >= 0 ? commaAt(old[lastOld]!) : undefined
  if (comma !== undefined) old[lastOld] = old[lastOld]!.slice(0, comma) + "," + old[lastOld]!.slice(comma)
  const fitted = fitLines(code, indent, t.lines, t.language)
  const gap = old.length === 0 ? 0 : appendGap([...old, ...fitted], 0, old.length - 1, fitted)
  const lines = [...old, ...Array<string>(gap).fill(""), ...fitted]
  const insert = nl + lines.join(nl) + (closeLineStart !== undefined ? nl : closeIndent !== undefined ? nl + closeIndent : "")
  const first = lineAt(t, start) + 1 + old.length + gap
  return { replacement: { start, end: closeLineStart ?? end, insert }, lines: span(first, fitted.length) }
}

/**
 * Where a comma goes after a comma-separated member's last line (its code's end, before a trailing
 * line comment or block comment); undefined when it needs none: it ends with a separator already, or opens
 * something (`,` `;` `{` `(` `[`), or is a comment line.
 */
export const commaAt = (line: string): number | undefined => {
  const comment = commentStart(line, (l, i) => l[i] === "/" && (l[i + 1] === "/" || l[i + 1] === "*"), "'\"`")
  const code = line.slice(0, comment ?? line.length).trimEnd()
  if (code.trim() === "" || /[,;{([]$/.test(code)) return undefined
  return code.length
}
