/**
 * What `splice stat` says about a file's content: its encoding and BOM and, for text, its line
 * endings (each kind counted: `mixed` when there are several) and lines. Pure.
 */
import { detectEncoding, type Encoding } from "./encoding.js"
import { countLineEndings, type LineEnding, type LineEndingCounts, lineEndingStyle } from "./lineEndings.js"
import { countLines } from "./textContent.js"

export interface ContentFacts {
  readonly encoding: Encoding
  readonly bom: boolean
  /** null when the content is not text splice can decode (binary, unknown-8bit). */
  readonly line_ending: LineEnding | "mixed" | null
  readonly line_endings: LineEndingCounts | null
  readonly lines: number | null
}

export const contentFacts = (bytes: Uint8Array): ContentFacts => {
  const { encoding, bom, text } = detectEncoding(bytes)
  if (text === undefined) return { encoding, bom, line_ending: null, line_endings: null, lines: null }
  const counts = countLineEndings(text)
  return { encoding, bom, line_ending: lineEndingStyle(counts), line_endings: counts, lines: countLines(text) }
}

/** Permission bits as `stat -c %a` prints them, with a leading zero: `0644`, `4755`. */
export const octalMode = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, "0")
