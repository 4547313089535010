/**
 * One file searched line by line, as ripgrep does: a match never spans lines, each matching line is
 * reported once with every match in it, with context lines around when asked. Offsets are bytes of
 * the UTF-8 text (what ripgrep's JSON gives): `offset` is where the line starts in the file,
 * `start`/`end` of a submatch are within the line; `column` is the 1-based character (Unicode code
 * point) of the line's first match. A literal pattern is searched in the bytes themselves (native
 * memmem-like search) and only matching lines are decoded; a regex runs over the decoded text of
 * files that hold its required bytes.
 */
// Buffer's indexOf is a native substring search over bytes: much faster than any JavaScript loop.
import * as nodeBuffer from "node:buffer"
import type { CompiledPattern } from "./pattern.js"

const { Buffer } = nodeBuffer
type Buffer = nodeBuffer.Buffer

/**
 * Whether bytes are all ASCII, natively (Node 19.6+, Deno 2): then a character index is a byte
 * offset, and Latin-1 decoding (a copy) gives the same text as UTF-8 decoding. Undefined where the
 * runtime lacks it: every text then takes the general path.
 */
const isAscii = (nodeBuffer as { isAscii?: (b: Uint8Array) => boolean }).isAscii

export interface Submatch {
  readonly text: string
  /** Byte offsets within the line. */
  readonly start: number
  readonly end: number
}

export interface MatchedLine {
  readonly kind: "match"
  /** 1-based. */
  readonly line: number
  /** 1-based character (code point) column of the first match. */
  readonly column: number
  /** Byte offset of the line's start in the file. */
  readonly offset: number
  /** The line without its terminator. */
  readonly text: string
  readonly submatches: ReadonlyArray<Submatch>
}

export interface ContextLine {
  readonly kind: "context"
  readonly line: number
  readonly offset: number
  readonly text: string
}

export type FoundLine = MatchedLine | ContextLine

export interface ScanLimits {
  /** Stop after this many matching lines. */
  readonly maxLines?: number
  /** Lines of context before and after each matching line. */
  readonly context: number
}

export interface FileScan {
  /** Matching and context lines, in file order; context lines only with `context` > 0. */
  readonly lines: ReadonlyArray<FoundLine>
  readonly matchedLines: number
  /** Submatches over all lines. */
  readonly matches: number
}

const EMPTY: FileScan = { lines: [], matchedLines: 0, matches: 0 }

/** A matching line found, before its text is decoded: absolute byte offsets. */
interface Hit {
  line: number
  start: number
  /** End of the line's text (terminator excluded). */
  end: number
  subs: Array<[number, number]>
}

/** UTF-8 length of text[from, to) without building a substring. */
const utf8Length = (text: string, from: number, to: number): number => {
  let n = 0
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      n += 4
      i++
    } else n += 3
  }
  return n
}

/** Code points in a string. */
const codePoints = (s: string): number => {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0xdc00 || c > 0xdfff) n++
  }
  return n
}

/** The end of a line's text: before its `\n`, and before a `\r` that ends it. */
const textEnd = (buf: Buffer, lineStart: number): number => {
  let end = buf.indexOf(10, lineStart)
  if (end === -1) end = buf.length
  return end > lineStart && buf[end - 1] === 13 ? end - 1 : end
}

/** Lines counted between two byte offsets (`\n`s in [from, to)). */
const newlines = (buf: Buffer, from: number, to: number): number => {
  let n = 0
  for (let i = buf.indexOf(10, from); i !== -1 && i < to; i = buf.indexOf(10, i + 1)) n++
  return n
}

const BOM = (buf: Buffer) => (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0)

/** Matching lines of a case-sensitive literal, found in the bytes. */
const literalHits = (buf: Buffer, needle: Uint8Array, from: number, maxLines: number): Hit[] => {
  const hits: Hit[] = []
  let line = 1
  let counted = 0
  let at = buf.indexOf(needle, from)
  while (at !== -1 && hits.length < maxLines) {
    const nl = buf.lastIndexOf(10, at)
    const start = nl === -1 ? from : nl + 1
    line += newlines(buf, counted, start)
    counted = start
    const end = textEnd(buf, start)
    const subs: Array<[number, number]> = []
    while (at !== -1 && at + needle.length <= end) {
      subs.push([at, at + needle.length])
      at = buf.indexOf(needle, at + needle.length)
    }
    // A match running into the terminator (a needle ending in \r) belongs to no line's text.
    if (subs.length > 0) hits.push({ line, start, end, subs })
    if (at !== -1 && at < end + 1) at = buf.indexOf(needle, end + 1)
  }
  return hits
}

/**
 * Whether a text index falls between the two halves of a surrogate pair: no character starts there,
 * though a lookbehind in V8 can still report an empty match at it.
 */
const midPair = (text: string, i: number) => {
  const c = text.charCodeAt(i)
  return i > 0 && c >= 0xdc00 && c <= 0xdfff && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff
}

/** Past a zero-length match: one code point on. */
const stepOver = (text: string, i: number) => {
  const c = text.charCodeAt(i)
  return i + (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length ? 2 : 1)
}

/**
 * The start of each place the text every match holds occurs, from a byte offset on (-1: none left),
 * or undefined when the pattern names no such text: a case-sensitive pattern's bytes found natively,
 * an ignore-case one's found by its folded regex over the bytes read as Latin-1.
 */
const occurrences = (buf: Buffer, pattern: CompiledPattern): ((from: number) => number) | undefined => {
  const required = pattern.required
  if (required !== undefined) return (from) => buf.indexOf(required, from)
  if (pattern.requiredFolded === undefined) return undefined
  const folded = new RegExp(pattern.requiredFolded.source, `g${pattern.requiredFolded.flags.replace("g", "")}`)
  const latin1 = buf.toString("latin1")
  return (from) => {
    folded.lastIndex = from
    return folded.exec(latin1)?.index ?? -1
  }
}

/**
 * Every match of a regex within one line's text (bytes [start, end) of the buffer), as a hit, or
 * undefined: the line is decoded alone (Latin-1 when it is ASCII, where characters are bytes).
 */
const lineHit = (buf: Buffer, re: RegExp, line: number, start: number, end: number): Hit | undefined => {
  const ascii = isAscii !== undefined && isAscii(buf.subarray(start, end))
  const text = buf.toString(ascii ? "latin1" : "utf8", start, end)
  let hit: Hit | undefined
  // A text index and its byte offset, moved forward only.
  let charAt = 0
  let byteAt = start
  const byteOf = (i: number) => {
    byteAt += ascii ? i - charAt : utf8Length(text, charAt, i)
    charAt = i
    return byteAt
  }
  for (let pos = 0; pos <= text.length;) {
    re.lastIndex = pos
    const m = re.exec(text)
    if (m === null) break
    if (midPair(text, m.index)) {
      pos = m.index + 1
      continue
    }
    hit ??= { line, start, end, subs: [] }
    const s = byteOf(m.index)
    hit.subs.push([s, byteOf(m.index + m[0].length)])
    pos = m[0].length === 0 ? stepOver(text, m.index) : m.index + m[0].length
  }
  return hit
}

/**
 * Matching lines of a regex whose matches all hold a known text: only the lines where that text
 * occurs are decoded and run through the regex, each on its own (a match never spans lines).
 */
const candidateHits = (buf: Buffer, pattern: CompiledPattern, next: (from: number) => number, from: number, maxLines: number): Hit[] => {
  const re = new RegExp(pattern.regex.source, pattern.regex.flags)
  const hits: Hit[] = []
  let line = 1
  let counted = from
  for (let at = next(from); at !== -1 && hits.length < maxLines;) {
    const nl = at === 0 ? -1 : buf.lastIndexOf(10, at - 1)
    const start = nl === -1 || nl < from ? from : nl + 1
    line += newlines(buf, counted, start)
    counted = start
    let stop = buf.indexOf(10, at)
    if (stop === -1) stop = buf.length
    const hit = lineHit(buf, re, line, start, stop > start && buf[stop - 1] === 13 ? stop - 1 : stop)
    if (hit !== undefined) hits.push(hit)
    at = stop >= buf.length ? -1 : next(stop + 1)
  }
  return hits
}

const LOOKAROUND = /\(\?<?[=!]/

/** Matching lines of a regex over the decoded text; a match that would run past its line is looked for again within the line. */
const regexHits = (buf: Buffer, pattern: CompiledPattern, from: number, maxLines: number): Hit[] => {
  const next = occurrences(buf, pattern)
  if (next !== undefined) return candidateHits(buf, pattern, next, from, maxLines)
  // An ASCII text is decoded as Latin-1 (a copy), and its character indexes are byte offsets.
  const ascii = isAscii !== undefined && isAscii(from === 0 ? buf : buf.subarray(from))
  const text = buf.toString(ascii ? "latin1" : "utf8", from)
  if (text.length === 0) return []
  // A lookaround of the user's could look past a line's end in the whole text: each line alone then.
  if (text.includes("\r") || (pattern.options.regex && LOOKAROUND.test(pattern.source))) return linewiseHits(buf, text, pattern, from, maxLines)
  const re = new RegExp(pattern.regex.source, pattern.regex.flags)
  let within: RegExp | undefined
  const hits: Hit[] = []
  // A text index and its byte offset, moved forward only.
  let charAt = 0
  let byteAt = from
  const byteOf = (i: number) => {
    byteAt += ascii ? i - charAt : utf8Length(text, charAt, i)
    charAt = i
    return byteAt
  }
  // The line number of the line starting at `counted`.
  let counted = 0
  let line = 1
  let cur: { hit: Hit | undefined; startChar: number; endChar: number; textEndChar: number } | undefined
  let pos = 0
  // The end of the last line: a text ending in \n has no empty line after it.
  const last = text.endsWith("\n") ? text.length - 1 : text.length
  while (pos <= last) {
    re.lastIndex = pos
    const m = re.exec(text)
    if (m === null || m.index > last) break
    if (midPair(text, m.index)) {
      pos = m.index + 1
      continue
    }
    let index = m.index
    let length = m[0].length
    if (cur === undefined || index > cur.endChar) {
      if (cur?.hit !== undefined) {
        hits.push(cur.hit)
        if (hits.length >= maxLines) return hits
      }
      const startChar = index === 0 ? 0 : text.lastIndexOf("\n", index - 1) + 1
      let endChar = text.indexOf("\n", index)
      if (endChar === -1) endChar = text.length
      for (let i = text.indexOf("\n", counted); i !== -1 && i < startChar; i = text.indexOf("\n", i + 1)) line++
      counted = startChar
      cur = { hit: undefined, startChar, endChar, textEndChar: endChar > startChar && text.charCodeAt(endChar - 1) === 13 ? endChar - 1 : endChar }
    }
    if (index + length > cur.endChar) {
      // It runs past the line: the same regex within this line's text only.
      within ??= new RegExp(re.source, re.flags)
      within.lastIndex = index - cur.startChar
      const again = within.exec(text.slice(cur.startChar, cur.endChar))
      if (again === null) {
        pos = cur.endChar + 1
        continue
      }
      index = cur.startChar + again.index
      length = again[0].length
    }
    pos = length === 0 ? stepOver(text, index) : index + length
    // Nothing inside the line's terminator (the \r of CRLF, the \n) is in its text.
    if (index > cur.textEndChar || (length > 0 && index === cur.textEndChar)) continue
    const startChar = Math.min(index, cur.textEndChar)
    const endChar = Math.min(index + length, cur.textEndChar)
    if (cur.hit === undefined) {
      const start = byteOf(cur.startChar)
      cur.hit = { line, start, end: start, subs: [] }
    }
    const s = byteOf(startChar)
    cur.hit.subs.push([s, byteOf(endChar)])
  }
  if (cur?.hit !== undefined && hits.length < maxLines) hits.push(cur.hit)
  for (const h of hits) h.end = textEnd(buf, h.start)
  return hits
}

/**
 * Matching lines of a regex run on each line's text alone: for texts with CR line ends, where a
 * whole-text run would see the \r before each \n (`x$` would never match).
 */
const linewiseHits = (buf: Buffer, text: string, pattern: CompiledPattern, from: number, maxLines: number): Hit[] => {
  const re = new RegExp(pattern.regex.source, pattern.regex.flags)
  const hits: Hit[] = []
  let byte = from
  const last = text.endsWith("\n") ? text.length - 1 : text.length
  for (let start = 0, line = 1; start <= last && hits.length < maxLines; line++) {
    let end = text.indexOf("\n", start)
    if (end === -1) end = text.length
    const lineText = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end)
    let hit: Hit | undefined
    for (let pos = 0; pos <= lineText.length;) {
      re.lastIndex = pos
      const m = re.exec(lineText)
      if (m === null) break
      if (midPair(lineText, m.index)) {
        pos = m.index + 1
        continue
      }
      hit ??= { line, start: byte, end: byte, subs: [] }
      const s = byte + utf8Length(lineText, 0, m.index)
      hit.subs.push([s, s + utf8Length(lineText, m.index, m.index + m[0].length)])
      pos = m[0].length === 0 ? stepOver(lineText, m.index) : m.index + m[0].length
    }
    if (hit !== undefined) hits.push(hit)
    byte += utf8Length(text, start, end) + 1
    start = end + 1
  }
  for (const h of hits) h.end = textEnd(buf, h.start)
  return hits
}

const lineAt = (buf: Buffer, start: number, line: number): ContextLine => ({
  kind: "context",
  line,
  offset: start,
  text: buf.toString("utf8", start, textEnd(buf, start))
})

/** Search one text file's bytes. */
export const scanBytes = (bytes: Uint8Array, pattern: CompiledPattern, limits: ScanLimits): FileScan => {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (pattern.required !== undefined && buf.indexOf(pattern.required) === -1) return EMPTY
  if (pattern.required === undefined && pattern.requiredFolded !== undefined && !pattern.requiredFolded.test(buf.toString("latin1"))) return EMPTY
  const from = BOM(buf)
  const maxLines = limits.maxLines ?? Number.POSITIVE_INFINITY
  if (maxLines <= 0) return EMPTY
  const hits = pattern.literal !== undefined ? literalHits(buf, pattern.literal, from, maxLines) : regexHits(buf, pattern, from, maxLines)
  if (hits.length === 0) return EMPTY
  const lines: FoundLine[] = []
  let matches = 0
  let shownUpTo = 0 // the last line number already in `lines`
  for (const [k, h] of hits.entries()) {
    if (limits.context > 0) {
      // Lines before, not already shown.
      const before: ContextLine[] = []
      let start = h.start
      for (let n = h.line - 1; n > shownUpTo && n >= h.line - limits.context; n--) {
        const nl = buf.lastIndexOf(10, start - 2)
        start = nl === -1 || nl < from ? from : nl + 1
        before.unshift(lineAt(buf, start, n))
      }
      lines.push(...before)
    }
    const text = buf.toString("utf8", h.start, h.end)
    const submatches = h.subs.map(([s, e]) => ({ text: buf.toString("utf8", s, e), start: s - h.start, end: e - h.start }))
    matches += submatches.length
    lines.push({
      kind: "match",
      line: h.line,
      column: codePoints(buf.toString("utf8", h.start, h.subs[0]![0])) + 1,
      offset: h.start,
      text,
      submatches
    })
    shownUpTo = h.line
    if (limits.context > 0) {
      const next = hits[k + 1]
      let start = h.start
      for (let n = h.line + 1; n <= h.line + limits.context && (next === undefined || n < next.line); n++) {
        const nl = buf.indexOf(10, start)
        if (nl === -1 || nl + 1 >= buf.length) break
        start = nl + 1
        lines.push(lineAt(buf, start, n))
        shownUpTo = n
      }
    }
  }
  return { lines, matchedLines: hits.length, matches }
}
