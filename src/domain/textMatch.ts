/**
 * Exact-text matching: every occurrence of a needle, the line of an offset, and the near-miss
 * report for a needle that does not occur (nearest candidates and the likely difference).
 */
import { toLf } from "./lineEndings.js"
import { diceSimilarity, similarityRatio } from "./similarity.js"

/** Start offsets of every occurrence, overlapping ones included (so "aa" in "aaa" is ambiguous). */
export const findAllOverlapping = (text: string, needle: string): number[] => {
  const out: number[] = []
  if (needle.length === 0) return out
  let i = text.indexOf(needle)
  while (i !== -1) {
    out.push(i)
    i = text.indexOf(needle, i + 1)
  }
  return out
}

/** Start offsets of left-to-right, non-overlapping occurrences (the ones a replace-all rewrites). */
export const findAllDisjoint = (text: string, needle: string): number[] => {
  const out: number[] = []
  if (needle.length === 0) return out
  let i = text.indexOf(needle)
  while (i !== -1) {
    out.push(i)
    i = text.indexOf(needle, i + needle.length)
  }
  return out
}

/** Offsets where each line starts, for offset → line lookups. */
export const lineStarts = (text: string): number[] => {
  const starts = [0]
  // Without a CR (most files), the engine's search finds the line ends ~4× faster than a loop (20 KB: ~25 µs).
  if (text.indexOf("\r") === -1) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1)
    return starts
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) starts.push(i + 1)
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1)
  }
  return starts
}

/** 1-based line number of an offset. */
export const lineOfOffset = (starts: ReadonlyArray<number>, offset: number): number => {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}

export interface NearMiss {
  readonly line: number
  readonly similarity: number
  readonly text: string
  readonly difference?: string
}

const splitLines = (text: string): string[] => text.split(/\r\n|\r|\n/)

/**
 * Names what separates a candidate from the needle when it is one of the usual invisible slips:
 * the needle would occur in the candidate once both are normalised that way.
 */
export const describeDifference = (needle: string, candidate: string): string | undefined => {
  if (candidate.includes(needle)) return undefined
  const within = (f: (s: string) => string) => {
    const n = f(needle)
    return n.length > 0 && f(candidate).includes(n)
  }
  if (within(toLf)) return lineEndingDifference(needle, candidate)
  const trimTrailing = (s: string) => splitLines(s).map((l) => l.replace(/[ \t]+$/, "")).join("\n")
  if (within(trimTrailing)) return "trailing whitespace differs"
  const stripIndent = (s: string) => splitLines(s).map((l) => l.replace(/^[ \t]+/, "")).join("\n")
  if (within(stripIndent)) {
    const tabsIn = (s: string) => /^\t/m.test(s)
    const spacesIn = (s: string) => /^ /m.test(s)
    if (tabsIn(candidate) && !tabsIn(needle) && spacesIn(needle)) {
      return "indentation differs: the file uses tabs where the text has spaces"
    }
    if (tabsIn(needle) && !tabsIn(candidate) && spacesIn(candidate)) {
      return "indentation differs: the file uses spaces where the text has tabs"
    }
    return "indentation differs"
  }
  const collapse = (s: string) => s.replace(/\s+/g, " ").trim()
  if (within(collapse)) return "whitespace differs"
  if (within((s) => s.toLowerCase())) return "letter case differs"
  if (within((s) => collapse(s).toLowerCase())) return "letter case and whitespace differ"
  return undefined
}

const endingsOf = (s: string) => ({ crlf: /\r\n/.test(s), lf: /(^|[^\r])\n/.test(s), cr: /\r(?!\n)/.test(s) })
const named = (e: { crlf: boolean; lf: boolean; cr: boolean }) =>
  [e.crlf ? "CRLF" : "", e.lf ? "LF" : "", e.cr ? "CR" : ""].filter((n) => n !== "").join(" and ") || "none"

/** Which line endings the file has where the text has others, and the first line where they differ. */
const lineEndingDifference = (needle: string, candidate: string): string => {
  const inFile = endingsOf(candidate)
  const inText = endingsOf(needle)
  const ends = candidate.match(/\r\n|\r|\n/g) ?? []
  const mixed = new Set(ends).size > 1
  const first = ends.findIndex((e) => (e === "\r\n" ? !inText.crlf : e === "\n" ? !inText.lf : !inText.cr))
  const at = first === -1 ? "" : ` (first at the end of the match's line ${first + 1})`
  return `line endings differ: here the file has ${named(inFile)}${mixed ? " (mixed)" : ""}, the text ${named(inText)}${at}; ` +
    "give the text with the file's line endings, or use --fuzzy"
}

const SHORTLIST = 12
const MAX_TEXT = 240

/**
 * Up to `limit` windows of the file (as many lines as the needle has) most similar to the needle,
 * best first. A bigram score shortlists windows; an edit-distance ratio ranks the shortlist.
 */
export const nearestCandidates = (text: string, needle: string, limit = 3): NearMiss[] => {
  const lines = splitLines(text)
  const starts = text.includes("\r") ? lineStarts(text) : undefined
  // The window as the file has it, line endings included (what the text must match byte for byte).
  const raw = (line: number, window: string) => {
    if (starts === undefined) return window
    const end = line - 1 + span < starts.length ? starts[line - 1 + span]! : text.length
    return text.slice(starts[line - 1]!, end).replace(/(\r\n|\r|\n)$/, "")
  }
  const needleLines = splitLines(needle)
  // A needle that ends in a newline spans one line fewer than its split suggests.
  const span = Math.max(1, needleLines[needleLines.length - 1] === "" ? needleLines.length - 1 : needleLines.length)
  const target = toLf(needle).replace(/\n$/, "")
  const scored: Array<{ line: number; window: string; score: number }> = []
  for (let i = 0; i + span <= lines.length; i++) {
    const window = lines.slice(i, i + span).join("\n")
    if (window.trim().length === 0) continue
    scored.push({ line: i + 1, window, score: diceSimilarity(window, target) })
  }
  scored.sort((a, b) => b.score - a.score || a.line - b.line)
  const ranked = scored.slice(0, SHORTLIST).map((c) => ({ ...c, similarity: similarityRatio(c.window, target) }))
  ranked.sort((a, b) => b.similarity - a.similarity || a.line - b.line)
  return ranked.slice(0, limit).filter((c) => c.similarity > 0).map((c) => {
    const window = raw(c.line, c.window)
    const difference = describeDifference(window === c.window ? target : needle.replace(/(\r\n|\r|\n)$/, ""), window)
    const shown = window.length > MAX_TEXT ? window.slice(0, MAX_TEXT) + "…" : window
    return difference === undefined
      ? { line: c.line, similarity: c.similarity, text: shown }
      : { line: c.line, similarity: c.similarity, text: shown, difference }
  })
}

/** The hint a not-found error gives: the nearest candidate and what differs, if anything is near. */
export const nearMissHint = (candidates: ReadonlyArray<NearMiss>, check = "check the exact text"): string | undefined => {
  const best = candidates[0]
  if (best === undefined) return undefined
  return best.difference !== undefined
    ? `Nearest match at line ${best.line}: ${best.difference}.`
    : `Nearest match at line ${best.line} (${Math.round(best.similarity * 100)}% similar); ${check}.`
}
