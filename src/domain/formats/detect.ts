/**
 * Which format a `splice apply` input is written in (`--format auto`), from the signals each format
 * cannot do without. The first non-blank line decides first (after an opening Markdown fence, which
 * models often put around a patch; the chosen parser then accepts or refuses the fence itself):
 * - `*** Begin Patch`, or a `<<'EOF'` heredoc line and then it: codex;
 * - `diff --git `, or `--- ` directly followed by `+++ ` (after `diff -ruN …` or not): udiff.
 * Then markers anywhere: a `<<<<<<< SEARCH` line (5 to 9 `<`): search-replace (checked after the
 * udiff header so that a diff of a file holding such a line stays a diff); a `diff --git ` line or
 * a `--- ` line directly followed by `+++ ` and an `@@` line: udiff after prose; a `*** Begin Patch`
 * line: codex after prose (refused by its parser, with the line). Last, a first non-blank
 * character `{` or `[`: plan. Otherwise undefined.
 */
import type { ChangeFormat } from "../changeSet.js"
import { splitLines } from "./inputLines.js"

const HEREDOC_OPENER = /^<<(EOF|'EOF'|"EOF")$/
const SEARCH_HEAD = /^<{5,9} SEARCH>?$/
const FENCE = /^(`{3,}|~{3,})[^`]*$/

/** `diff --git …`; `--- ` then `+++ `; or `diff -ruN …` (diff -r's per-file line) then those two. */
const isUdiffHeader = (lines: ReadonlyArray<string>, at: number): boolean => {
  const line = lines[at] ?? ""
  const fileHeaders = (k: number): boolean => (lines[k] ?? "").startsWith("--- ") && (lines[k + 1] ?? "").startsWith("+++ ")
  return line.startsWith("diff --git ") || fileHeaders(at) || (line.startsWith("diff ") && fileHeaders(at + 1))
}

export const detectFormat = (text: string): ChangeFormat | undefined => {
  const lines = splitLines(text)
  let first = lines.findIndex((l) => l.trim() !== "")
  if (first === -1) return undefined
  if (FENCE.test(lines[first]!.trim()) && first + 1 < lines.length) first++
  const line = lines[first]!.trim()
  if (line === "*** Begin Patch") return "codex"
  if (HEREDOC_OPENER.test(line) && lines[first + 1]?.trim() === "*** Begin Patch") return "codex"
  if (isUdiffHeader(lines, first)) return "udiff"
  if (lines.some((l) => SEARCH_HEAD.test(l.trim()))) return "search-replace"
  for (let k = first + 1; k < lines.length; k++) {
    if (lines[k]!.startsWith("diff --git ")) return "udiff"
    if (lines[k]!.startsWith("--- ") && (lines[k + 1] ?? "").startsWith("+++ ") && (lines[k + 2] ?? "").startsWith("@@")) return "udiff"
  }
  // Prose before a Codex patch: Codex refuses it, and its parser says so at the right line.
  if (lines.some((l) => l.trim() === "*** Begin Patch")) return "codex"
  if (line.startsWith("{") || line.startsWith("[")) return "plan"
  return undefined
}
