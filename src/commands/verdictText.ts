/** How gate verdicts read in human output, shared by the commands that write. */
import type { Verdict } from "../../services/Validator.js"

export const verdictLine = (v: Verdict) =>
  v.status === "skipped"
    ? `syntax: skipped (${v.reason})`
    : `syntax: ${v.status}${v.language ? ` (${v.language}${v.parser !== undefined && v.parser !== "tree-sitter" ? `, ${v.parser}` : ""})` : ""}`

export const compilerLine = (v: { readonly status: string; readonly tool?: string; readonly reason?: string; readonly preexisting: number }) =>
  v.status === "skipped"
    ? `compiler: skipped (${v.reason})`
    : `compiler: ${v.status}${v.tool ? ` (${v.tool}${v.preexisting > 0 ? `, ${v.preexisting} error(s) were there before` : ""})` : ""}${v.reason !== undefined && v.status !== "passed" ? `: ${v.reason}` : ""}`

/** The syntax errors a verdict found, one `file:line:column: message` line each, and how many more. */
export const syntaxErrorLines = (file: string, v: Verdict) =>
  v.errors.map((e) => `${file}:${e.line}:${e.column}: error: ${e.message}\n    ${e.source}\n`).join("") +
  (v.errors_omitted !== undefined && v.errors_omitted > 0 ? `… and ${v.errors_omitted} more (nearest the change shown first)\n` : "")

/** The count of new errors (the list may be capped) and what the error line carries. */
export const syntaxFailure = (file: string, v: Verdict) => ({
  count: v.errors_total ?? v.errors.length,
  context: {
    file,
    language: v.language,
    parser: v.parser ?? "tree-sitter",
    errors: v.errors,
    errors_total: v.errors_total ?? v.errors.length,
    errors_omitted: v.errors_omitted ?? 0,
    preexisting: v.preexisting,
    ...(v.reason !== undefined ? { reason: v.reason } : {})
  }
})

/**
 * The verdict part of a preview: whether the change would be written, and in human output the
 * errors that would block it, so a preview never says "ok" to an edit the gate would refuse.
 */
export const previewVerdict = (file: string, v: Verdict) => {
  const wouldSucceed = v.status !== "failed"
  return {
    wouldSucceed,
    human: `${verdictLine(v)}\n${syntaxErrorLines(file, v)}` +
      (wouldSucceed ? `preview: ${file} not modified\n` : `preview: ${file} not modified; the syntax gate would refuse this change (SPL-E042)\n`)
  }
}
