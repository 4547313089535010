/** How gate verdicts read in human output, shared by the commands that write. */
import type { ApplyValidation } from "../schema/results/apply.js"
import { type CompilerSettings, skippedVerdict } from "./compilerGate.js"
import type { Verdict } from "../../services/Validator.js"
import { type Catalog, en } from "../domain/locale/index.js"

/** The syntax gate's verdict in a human line, in the catalog's language (English by default). */
export const verdictLine = (v: Verdict, t: Catalog = en) => t.verdict.syntax(v)

export const compilerLine = (v: { readonly status: string; readonly tool?: string; readonly reason?: string; readonly preexisting: number }, t: Catalog = en) =>
  t.verdict.compiler(v)

/**
 * The syntax errors a verdict found, one `file:line:column: message` line each, and how many more.
 * English unless a catalog is given: the text is also an error's context.summary.
 */
export const syntaxErrorLines = (file: string, v: Verdict, t: Catalog = en) =>
  v.errors.map((e) => `${file}:${e.line}:${e.column}: error: ${e.message}\n    ${e.source}\n`).join("") +
  (v.errors_omitted !== undefined && v.errors_omitted > 0 ? `${t.verdict.moreErrors(v.errors_omitted)}\n` : "")

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
    human: (t: Catalog) =>
      `${verdictLine(v, t)}\n${syntaxErrorLines(file, v, t)}${wouldSucceed ? t.verdict.previewUnchanged(file) : t.verdict.previewRefused(file)}\n`
  }
}

/** The syntax gate's verdict over several files (apply, replace): failed if any failed, skipped if all were. */
export const filesValidation = (verdicts: ReadonlyArray<{ readonly file: string; readonly verdict: Verdict }>): ApplyValidation => ({
  gate: "syntax",
  status: verdicts.length === 0 ? "skipped" : verdicts.some((v) => v.verdict.status === "failed") ? "failed" : verdicts.every((v) => v.verdict.status === "skipped") ? "skipped" : "passed",
  files: verdicts.map((v) => ({ file: v.file, ...v.verdict }))
})

/**
 * The fields of a multi-file preview (apply, replace) and its human text: the diff, then each
 * file's verdict. The compiler gate never runs on a preview (it reads the files on disk).
 */
export const multiFilePreview = (verdicts: ReadonlyArray<{ readonly file: string; readonly verdict: Verdict }>, compiler: CompilerSettings | undefined, diff: string) => {
  const lines = verdicts.map((v) => previewVerdict(v.file, v.verdict))
  return {
    fields: {
      preview: true as const,
      changed: false as const,
      would_change: true as const,
      would_succeed: lines.every((l) => l.wouldSucceed),
      tx: null,
      compiler: skippedVerdict(compiler === undefined || compiler.mode === "off" ? "disabled by --validate" : "not run by --preview: the checker reads the files on disk"),
      diff
    },
    human: (t: Catalog) => `${diff}${lines.map((l) => l.human(t)).join("")}`
  }
}
