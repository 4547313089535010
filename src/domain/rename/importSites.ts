/**
 * Where an import statement names a symbol, for the languages whose graph facts record imports
 * without spans (tree-sitter's queries): `from m import (a, name as b)` (Python), `use m::{a, name};`
 * (Rust). The statement starts on a known line; its names are found by scanning the statement's text.
 */
import { byteOffsets } from "../graph/offsets.js"

/** The statement's end: Python ends at the line's end outside parentheses and continuations; others at `;`. */
const statementEnd = (text: string, start: number, language: string): number => {
  if (language !== "python") {
    const semi = text.indexOf(";", start)
    const newline = text.indexOf("\n", start)
    return semi === -1 ? (newline === -1 ? text.length : newline) : semi
  }
  let depth = 0
  for (let i = start; i < text.length; i++) {
    const c = text[i]!
    if (c === "(") depth++
    else if (c === ")") depth--
    else if (c === "#") while (i < text.length && text[i] !== "\n") i++
    if (i < text.length && text[i] === "\n" && depth <= 0 && text[i - 1] !== "\\") return i
  }
  return text.length
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{Nd}_$]/u.test(c)

/** Byte spans of `name` as an imported name (not an alias after `as`) in the import statement starting on `line`. */
export const importNameSites = (text: string, line: number, name: string, language: string): ReadonlyArray<{ startByte: number; endByte: number; line: number }> => {
  let start = 0
  for (let l = 1; l < line && start !== -1; l++) start = text.indexOf("\n", start) + 1 || -1
  if (start === -1) return []
  const end = statementEnd(text, start, language)
  const toByte = byteOffsets(text)
  const out: Array<{ startByte: number; endByte: number; line: number }> = []
  let at = start
  let lineNo = line
  let counted = start
  for (;;) {
    const i = text.indexOf(name, at)
    if (i === -1 || i + name.length > end) break
    at = i + name.length
    if (isWordChar(text[i - 1]) || isWordChar(text[i + name.length])) continue
    // Skip `as name` (an alias) and `name::` / `name.` (a module path, not the imported name).
    if (/\bas\s+$/.test(text.slice(Math.max(start, i - 8), i))) continue
    if (text.startsWith("::", i + name.length) || text[i + name.length] === ".") continue
    if (language === "python" && /\bfrom\s+[\w.]*$/.test(text.slice(start, i))) continue
    const lineStart = text.lastIndexOf("\n", i - 1) + 1
    if (text.slice(lineStart, i).includes(language === "python" ? "#" : "//")) continue // in a comment
    for (; counted < i; counted++) if (text[counted] === "\n") lineNo++
    out.push({ startByte: toByte(i), endByte: toByte(i + name.length), line: lineNo })
  }
  return out
}
