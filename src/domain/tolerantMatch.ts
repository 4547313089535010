/**
 * Tolerant matching for patch formats (`splice apply`) and `splice edit --fuzzy`: a needle is
 * looked for in tiers, from exact to ever looser line comparisons. Each tier must find exactly one
 * match; the first tier that finds any decides (two there is ambiguous: never fall through to a
 * looser tier, which could only add more candidates). Once matched, the replacement keeps the
 * file's own bytes for every line the change leaves alone, and re-indents the changed lines by the
 * offset the context lines show. Pure.
 */
import { diffLines } from "./diff.js"
import { detectLineEnding, lineEndingString, toStyle } from "./lineEndings.js"
import { foldLookalikes, foldWithMap } from "./lookalikes.js"
import { indentMapping, indentOf, type IndentPair } from "./reindent.js"
import { variants } from "./editStep.js"
import { findAllOverlapping, lineOfOffset, lineStarts } from "./textMatch.js"

export type Tier = "exact" | "trailing_whitespace" | "indentation" | "unicode"

/** Every tier, strictest first: the order in which they are tried. */
export const ALL_TIERS: ReadonlyArray<Tier> = ["exact", "trailing_whitespace", "indentation", "unicode"]

export type LineMatch =
  | { readonly kind: "found"; readonly start: number; readonly tier: Tier }
  | { readonly kind: "ambiguous"; readonly tier: Tier; readonly starts: number[] }
  | { readonly kind: "none" }

export type TextMatch =
  | { readonly kind: "found"; readonly start: number; readonly end: number; readonly tier: Tier }
  | { readonly kind: "ambiguous"; readonly tier: Tier; readonly lines: number[] }
  | { readonly kind: "none" }

const isWs = (c: number) => c === 32 || c === 9

const trimEndWs = (s: string): string => {
  let e = s.length
  while (e > 0 && isWs(s.charCodeAt(e - 1))) e--
  return e === s.length ? s : s.slice(0, e)
}

const trimWs = (s: string): string => {
  let b = 0
  while (b < s.length && isWs(s.charCodeAt(b))) b++
  return trimEndWs(b === 0 ? s : s.slice(b))
}

/** A line as a tier compares it. */
export const normaliseLine = (line: string, tier: Tier): string => {
  switch (tier) {
    case "exact":
      return line
    case "trailing_whitespace":
      return trimEndWs(line)
    case "indentation":
      return trimWs(line)
    case "unicode":
      return trimWs(foldLookalikes(line))
  }
}

/**
 * Whether `line`, with blanks at its start (when `trimStart`) and end ignored, is `want` (which has
 * none there itself). Allocates nothing: locating a hunk compares most lines of the file once.
 */
const equalsTrimmed = (line: string, want: string, trimStart: boolean): boolean => {
  let b = 0
  if (trimStart) while (b < line.length && isWs(line.charCodeAt(b))) b++
  if (line.length - b < want.length || !line.startsWith(want, b)) return false
  for (let i = b + want.length; i < line.length; i++) if (!isWs(line.charCodeAt(i))) return false
  return true
}

const NON_ASCII = /[^\x00-\x7f]/

/** `(i, want)`: does fileLines[i] equal the normalised needle line `want` at this tier? */
const lineTest = (tier: Tier, fileLines: ReadonlyArray<string>): (i: number, want: string) => boolean => {
  switch (tier) {
    case "exact":
      return (i, want) => fileLines[i] === want
    case "trailing_whitespace":
      return (i, want) => equalsTrimmed(fileLines[i]!, want, false)
    case "indentation":
      return (i, want) => equalsTrimmed(fileLines[i]!, want, true)
    case "unicode": {
      // Folding is the identity on ASCII lines; other lines are folded once per call.
      const folded = new Map<number, string>()
      return (i, want) => {
        const line = fileLines[i]!
        if (!NON_ASCII.test(line)) return equalsTrimmed(line, want, true)
        let f = folded.get(i)
        if (f === undefined) folded.set(i, (f = normaliseLine(line, "unicode")))
        return f === want
      }
    }
  }
}

const looseIndent = (tier: Tier) => tier === "indentation" || tier === "unicode"

/** The requested tiers, always in strictness order. */
const ordered = (tiers: ReadonlyArray<Tier>): Tier[] => ALL_TIERS.filter((t) => tiers.includes(t))

/**
 * Find `needle` (≥ 1 line) as consecutive whole lines of fileLines within [from, to) (default: the
 * whole file). With `atEnd`, the match must end at `to` (Codex `*** End of File`). Starts are 0-based.
 */
export const locateLines = (
  fileLines: ReadonlyArray<string>,
  needle: ReadonlyArray<string>,
  options: { readonly from?: number; readonly to?: number; readonly tiers: ReadonlyArray<Tier>; readonly atEnd?: boolean }
): LineMatch => {
  const n = needle.length
  const from = Math.min(Math.max(0, options.from ?? 0), fileLines.length)
  const to = Math.min(Math.max(from, options.to ?? fileLines.length), fileLines.length)
  if (n === 0 || to - from < n) return { kind: "none" }
  const last = to - n
  const first = options.atEnd === true ? last : from
  for (const tier of ordered(options.tiers)) {
    const want = needle.map((l) => normaliseLine(l, tier))
    // Check the longest needle line first: a blank line or a lone `}` would pass almost everywhere.
    let key = 0
    for (let k = 1; k < n; k++) if (want[k]!.length > want[key]!.length) key = k
    const at = lineTest(tier, fileLines)
    const starts: number[] = []
    for (let s = first; s <= last; s++) {
      if (!at(s + key, want[key]!)) continue
      let k = 0
      while (k < n && (k === key || at(s + k, want[k]!))) k++
      if (k === n) starts.push(s)
    }
    if (starts.length === 1) return { kind: "found", start: starts[0]!, tier }
    if (starts.length > 1) return { kind: "ambiguous", tier, starts }
  }
  return { kind: "none" }
}

/**
 * Which line of `old` each line of `neu` copies, by a line diff of the hunk with itself (exact
 * comparison: a context line the model retyped differently is a change it asked for).
 */
const copiedFrom = (old: ReadonlyArray<string>, neu: ReadonlyArray<string>): Array<number | undefined> => {
  const out: Array<number | undefined> = []
  let i = 0
  for (const op of diffLines(old, neu)) {
    if (op.tag === " ") out.push(i++)
    else if (op.tag === "-") i++
    else out.push(undefined)
  }
  return out
}

/**
 * The replacement lines and, for each, the index in `old` it copies (undefined for changed lines).
 * `partialFirst`: the first line of the region starts mid-line (text form), so its indentation
 * says nothing and a changed first line is not re-indented. `wholeFile`: the lines that show the
 * file's indentation unit.
 */
const replaceRegion = (
  fileLines: ReadonlyArray<string>,
  start: number,
  old: ReadonlyArray<string>,
  neu: ReadonlyArray<string>,
  tier: Tier,
  partialFirst: boolean,
  wholeFile: () => ReadonlyArray<string>
): { lines: string[]; copies: Array<number | undefined> } => {
  const copies = copiedFrom(old, neu)
  let reindent: ((line: string) => string) | undefined
  if (looseIndent(tier)) {
    const pairs: IndentPair[] = []
    for (let i = partialFirst ? 1 : 0; i < old.length; i++) {
      const file = fileLines[start + i]!
      if (normaliseLine(old[i]!, tier) === "" || normaliseLine(file, tier) === "") continue
      pairs.push({ hunk: indentOf(old[i]!), file: indentOf(file) })
    }
    reindent = indentMapping(pairs, partialFirst ? old.slice(1) : old, partialFirst ? neu.slice(1) : neu, wholeFile)
  }
  const paired = reindent === undefined && looseIndent(tier) ? pairedOld(copies, old.length) : undefined
  const lines = neu.map((line, j) => {
    const c = copies[j]
    if (c !== undefined) return fileLines[start + c]!
    if (partialFirst && j === 0) return line
    if (reindent !== undefined) return reindent(line)
    // No one offset fits the whole hunk (a file mixing tabs and spaces): a changed line that keeps
    // the indentation of the line it replaces keeps that line's indentation in the file.
    const p = paired?.[j]
    if (p !== undefined && indentOf(old[p]!) === indentOf(line) && !(partialFirst && p === 0)) {
      return indentOf(fileLines[start + p]!) + line.slice(indentOf(line).length)
    }
    return line
  })
  return { lines, copies }
}

/**
 * For each new line that is not a copy, the old line it replaces: the k-th new line of a changed
 * block pairs with the k-th old line between the same copied lines (undefined when there is none).
 */
const pairedOld = (copies: ReadonlyArray<number | undefined>, oldLength: number): Array<number | undefined> => {
  const nextCopy: number[] = new Array(copies.length)
  let next = oldLength
  for (let j = copies.length - 1; j >= 0; j--) {
    nextCopy[j] = next
    if (copies[j] !== undefined) next = copies[j]!
  }
  const out: Array<number | undefined> = []
  let prev = -1
  let blockStart = 0
  copies.forEach((c, j) => {
    if (c !== undefined) {
      out.push(c)
      prev = c
      blockStart = j + 1
      return
    }
    const candidate = prev + 1 + (j - blockStart)
    out.push(candidate < nextCopy[j]! ? candidate : undefined)
  })
  return out
}

/**
 * The lines that replace fileLines[start, start+old.length) when the hunk old→new matched there
 * with `tier`: lines the hunk leaves unchanged keep the file's bytes exactly (never rewrite the
 * file's context); changed and added lines come from `neu`, re-indented for tier ≥ "indentation"
 * by the offset observed between the hunk and the file (see reindent.ts), otherwise as given.
 */
export const replacementLines = (
  fileLines: ReadonlyArray<string>,
  start: number,
  old: ReadonlyArray<string>,
  neu: ReadonlyArray<string>,
  tier: Tier
): string[] => replaceRegion(fileLines, start, old, neu, tier, false, () => fileLines).lines

// ---------------------------------------------------------------------------------------------
// Text form: a needle that may start and end mid-line.

const LINE_BREAK = /\r\n|\r|\n/g

interface TextLines {
  /** Each line's content, and the offsets where it starts, where its content ends, and where its terminator ends. */
  readonly text: string[]
  readonly starts: number[]
  readonly contentEnds: number[]
  readonly ends: number[]
}

const textLines = (text: string): TextLines => {
  // One native split (terminators captured at odd indexes) is several times faster than exec in a loop.
  const parts = text.split(/(\r\n|\r|\n)/)
  const lines: string[] = []
  const starts: number[] = []
  const contentEnds: number[] = []
  const ends: number[] = []
  let at = 0
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i]!
    const term = parts[i + 1] ?? ""
    lines.push(line)
    starts.push(at)
    contentEnds.push(at + line.length)
    at += line.length + term.length
    ends.push(at)
  }
  return { text: lines, starts, contentEnds, ends }
}

/** One line in a tier's projection, with each projected character's source span in the line. */
const projectLine = (line: string, tier: Tier): { text: string; from: ReadonlyArray<number>; to: ReadonlyArray<number> } => {
  const folded = tier === "unicode" ? foldWithMap(line) : undefined
  const base = folded?.text ?? line
  let b = 0
  let e = base.length
  if (looseIndent(tier)) while (b < e && isWs(base.charCodeAt(b))) b++
  if (tier !== "exact") while (e > b && isWs(base.charCodeAt(e - 1))) e--
  const idx = Array.from({ length: e - b }, (_, k) => b + k)
  return {
    text: base.slice(b, e),
    from: folded === undefined ? idx : idx.map((k) => folded.from[k]!),
    to: folded === undefined ? idx.map((k) => k + 1) : idx.map((k) => folded.to[k]!)
  }
}

/** Lines [base, base+count) as a tier sees them: normalised, joined by `\n`, and where each starts. */
interface Projection {
  readonly base: number
  readonly text: string
  readonly lineStarts: number[]
}

const project = (lines: TextLines, tier: Tier, base: number, count: number): Projection => {
  const parts: string[] = []
  const starts: number[] = []
  let at = 0
  for (let i = base; i < base + count; i++) {
    const p = normaliseLine(lines.text[i]!, tier)
    starts.push(at)
    parts.push(p)
    at += p.length + 1
  }
  return { base, text: parts.join("\n"), lineStarts: starts }
}

const lineIndex = (starts: ReadonlyArray<number>, offset: number): number => lineOfOffset(starts, offset) - 1

/**
 * Map a match [ps, pe) in the projection back to the original text. A match that begins a
 * projected line takes in the line's indentation; one that ends a projected line takes in its
 * trailing whitespace: whole lines on those sides, as the line form replaces them.
 */
const toOriginal = (lines: TextLines, proj: Projection, tier: Tier, ps: number, pe: number): { start: number; end: number } => {
  const pl = lineIndex(proj.lineStarts, ps)
  const li = proj.base + pl
  const col = ps - proj.lineStarts[pl]!
  let start: number
  if (col === 0) start = lines.starts[li]!
  else {
    const p = projectLine(lines.text[li]!, tier)
    start = lines.starts[li]! + (col < p.text.length ? p.from[col]! : p.to[p.text.length - 1]!)
  }
  const q = pe - 1
  const pq = lineIndex(proj.lineStarts, q)
  const lq = proj.base + pq
  const cq = q - proj.lineStarts[pq]!
  const p = projectLine(lines.text[lq]!, tier)
  let end: number
  if (cq >= p.text.length) end = lines.ends[lq]! // the match ends with this line's terminator
  else if (cq === p.text.length - 1) end = lines.contentEnds[lq]!
  else end = lines.starts[lq]! + p.to[cq]!
  return { start, end }
}

/** A needle as one looser tier compares it. */
interface TextNeedle {
  readonly parts: number
  /** The normalised lines joined by `\n`. */
  readonly want: string
  /** The needle began with blanks this tier drops: it must start at a line start. */
  readonly mustStartLine: boolean
  /** It ended with blanks this tier drops: it must end at a line end. */
  readonly mustEndLine: boolean
  /** The longest normalised line and its index: the cheapest filter for where a match can be. */
  readonly key: string
  readonly keyIndex: number
}

const textNeedle = (needle: string, tier: Tier): TextNeedle => {
  const parts = needle.split(LINE_BREAK)
  const normalised = parts.map((l) => normaliseLine(l, tier))
  const fold = (s: string) => (tier === "unicode" ? foldLookalikes(s) : s)
  const first = fold(parts[0]!)
  const last = fold(parts[parts.length - 1]!)
  let keyIndex = 0
  for (let k = 1; k < normalised.length; k++) if (normalised[k]!.length > normalised[keyIndex]!.length) keyIndex = k
  return {
    parts: parts.length,
    want: normalised.join("\n"),
    mustStartLine: looseIndent(tier) && first.length > 0 && isWs(first.charCodeAt(0)),
    mustEndLine: normalised[normalised.length - 1]!.length > 0 && isWs(last.charCodeAt(last.length - 1)),
    key: normalised[keyIndex]!,
    keyIndex
  }
}

/** Matches of the needle in lines [base, base+count), as original offsets. */
const matchesIn = (lines: TextLines, tier: Tier, n: TextNeedle, base: number, count: number): Array<{ start: number; end: number }> => {
  const proj = project(lines, tier, base, count)
  return findAllOverlapping(proj.text, n.want)
    .filter((h) => {
      if (n.mustStartLine && h > 0 && proj.text[h - 1] !== "\n") return false
      const e = h + n.want.length
      return !(n.mustEndLine && e < proj.text.length && proj.text[e] !== "\n")
    })
    .map((h) => toOriginal(lines, proj, tier, h, h + n.want.length))
}

const NON_ASCII_G = /[^\x00-\x7f]/g

/**
 * The lines where the needle's key line can sit: a looser tier only drops blanks at line edges, so
 * the key's text occurs verbatim in its line, unless (unicode tier) the line has non-ASCII
 * characters to fold. Undefined when the key says little (empty, or too many lines to be worth it).
 */
const keyLines = (text: string, lines: TextLines, tier: Tier, n: TextNeedle): number[] | undefined => {
  if (n.key.length === 0) return undefined
  const limit = Math.floor(lines.text.length / n.parts)
  const found = new Set<number>()
  const scan = (next: (from: number) => number) => {
    for (let i = next(0); i !== -1; i = next(lines.ends[lineIndex(lines.starts, i)]!)) {
      found.add(lineIndex(lines.starts, i))
      if (found.size > limit) return false
    }
    return true
  }
  if (!scan((from) => text.indexOf(n.key, from))) return undefined
  if (tier === "unicode") {
    const ok = scan((from) => {
      NON_ASCII_G.lastIndex = from
      return NON_ASCII_G.exec(text)?.index ?? -1
    })
    if (!ok) return undefined
  }
  return [...found].sort((a, b) => a - b)
}

/** Every match of a looser tier: around the key's candidate lines, or over the whole text. */
const looseMatches = (text: string, lines: TextLines, tier: Tier, n: TextNeedle): Array<{ start: number; end: number }> => {
  const candidates = keyLines(text, lines, tier, n)
  if (candidates === undefined) return matchesIn(lines, tier, n, 0, lines.text.length)
  const out: Array<{ start: number; end: number }> = []
  for (const c of candidates) {
    // The match spans exactly `parts` lines, with the key line at keyIndex among them.
    const base = c - n.keyIndex
    if (base >= 0 && base + n.parts <= lines.text.length) out.push(...matchesIn(lines, tier, n, base, n.parts))
  }
  return out
}

/** The line ending `\n` in a needle stands for: only a text with a CR needs the full count. */
const endingOf = (text: string) => (text.includes("\r") ? detectLineEnding(text) : "lf")

/**
 * Find `needle` in `text`; it may start and end mid-line. The exact tier treats `\n` in the needle
 * as the text's line ending first, then as given (as `splice edit` does); looser tiers compare the
 * tier's projections, where every line ending is `\n`. Whitespace a looser tier drops from the
 * needle's edges must fall at a line edge of the text too: a needle that began with indentation
 * matches only at a line start, one that ended with trailing blanks only at a line end.
 */
export const locateText = (text: string, needle: string, options: { readonly tiers: ReadonlyArray<Tier> }): TextMatch => {
  if (needle.length === 0) return { kind: "none" }
  let lines: TextLines | undefined
  let originalStarts: number[] | undefined
  const lineOf = (offset: number) => lineOfOffset((originalStarts ??= lineStarts(text)), offset)
  for (const tier of ordered(options.tiers)) {
    if (tier === "exact") {
      // Without a line break in the needle there is nothing to translate.
      const forms = /[\r\n]/.test(needle) ? variants(needle, endingOf(text)) : [needle]
      for (const v of forms) {
        const hits = findAllOverlapping(text, v)
        if (hits.length === 1) return { kind: "found", start: hits[0]!, end: hits[0]! + v.length, tier }
        if (hits.length > 1) return { kind: "ambiguous", tier, lines: hits.map(lineOf) }
      }
      continue
    }
    const n = textNeedle(needle, tier)
    if (n.want.length === 0) continue
    lines ??= textLines(text)
    const spans = looseMatches(text, lines, tier, n)
    if (spans.length === 0) continue
    if (spans.length === 1) return { kind: "found", start: spans[0]!.start, end: spans[0]!.end, tier }
    return { kind: "ambiguous", tier, lines: spans.map((s) => lineOf(s.start)) }
  }
  return { kind: "none" }
}

/** Lines of a string and the terminator after each ("" after the last). */
const splitEnds = (s: string): { lines: string[]; ends: string[] } => {
  const lines: string[] = []
  const ends: string[] = []
  let at = 0
  LINE_BREAK.lastIndex = 0
  for (let m = LINE_BREAK.exec(s); m !== null; m = LINE_BREAK.exec(s)) {
    lines.push(s.slice(at, m.index))
    ends.push(m[0])
    at = m.index + m[0].length
  }
  lines.push(s.slice(at))
  ends.push("")
  return { lines, ends }
}

/**
 * What to put at [match.start, match.end) of `text` for the edit old→neu that matched there. Exact
 * tier: `neu` (in the text's line ending when the needle matched that way). Looser tiers: line by
 * line as replacementLines does — unchanged lines keep the text's bytes and terminators, changed
 * lines are re-indented, new line breaks use the text's dominant line ending.
 */
export const adaptReplacement = (text: string, match: { readonly start: number; readonly end: number; readonly tier: Tier }, old: string, neu: string): string => {
  if (match.tier === "exact") return text.slice(match.start, match.end) === old ? neu : toStyle(neu, endingOf(text))
  const le = endingOf(text)
  const span = splitEnds(text.slice(match.start, match.end))
  const oldLines = old.split(LINE_BREAK)
  const newLines = neu.split(LINE_BREAK)
  // A looser tier's match spans as many lines as the needle; anything else is a caller's mismatch.
  if (span.lines.length !== oldLines.length) return toStyle(neu, le)
  const partialFirst = match.start > 0 && text[match.start - 1] !== "\n" && text[match.start - 1] !== "\r"
  const { lines, copies } = replaceRegion(span.lines, 0, oldLines, newLines, match.tier, partialFirst, () => text.split(LINE_BREAK))
  const newline = lineEndingString(le)
  let out = ""
  for (let j = 0; j < lines.length; j++) {
    out += lines[j]!
    if (j === lines.length - 1) break
    const c = copies[j]
    out += c !== undefined && span.ends[c] !== "" ? span.ends[c]! : newline
  }
  return out
}
