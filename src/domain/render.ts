/** Rendering of the outcome lines, shared by the live and memory Output layers. */
import { type ErrorCode, ErrorRegistry } from "./errors.js"
import type { ErrorText } from "./locale/catalog.js"
import { type Catalog, en } from "./locale/index.js"
import { jsonText } from "./jsonText.js"
import type { SpliceError } from "./SpliceError.js"

/** The outcome line. A command's fields never replace `type`, `command` or `ok`: programs key on them. */
export const resultObject = (command: string, fields: Record<string, unknown>): Record<string, unknown> =>
  // Keys keep their first position (type first), the values are the reserved ones.
  Object.assign({ type: "result", command, ok: true }, fields, { type: "result", command, ok: true })

export const resultLine = (command: string, fields: Record<string, unknown>): string => jsonText(resultObject(command, fields))

export const errorObject = (e: SpliceError, exit: number): Record<string, unknown> => ({
  type: "error",
  ok: false,
  code: e.code,
  name: ErrorRegistry[e.code].name,
  exit,
  message: e.message,
  hint: e.effectiveHint,
  retryable: e.retryable,
  context: e.context ?? {}
})

/** An error as people read it, in the run's locale (the NDJSON line above is never translated). */
export const humanError = (e: SpliceError, exit: number, t: Catalog = en): string => {
  const ctx = e.context ?? {}
  const texts = t.errors[e.code] as ErrorText<ErrorCode>
  let s = `${t.error.heading(e.code, texts.message(ctx, e.message))}\n  ${t.error.hint}: ${texts.hint(ctx, e.effectiveHint)}\n`
  const candidates = ctx["candidates"]
  if (Array.isArray(candidates) && candidates.length > 0) {
    s += `  ${t.error.candidates}:\n`
    for (const c of candidates as Array<Record<string, unknown>>) {
      if (typeof c["text"] === "string" && typeof c["similarity"] === "number") {
        s += `    ${t.error.nearLine(c["line"] as number, Math.round(c["similarity"] * 100), typeof c["difference"] === "string" ? c["difference"] : undefined)}: ${c["text"].split("\n")[0]}\n`
      } else if (typeof c["file"] === "string") {
        s += `    ${c["file"]}:${c["line"]}  ${c["kind"] ?? ""} ${c["qualified_name"] ?? ""}\n`
      } else s += `    ${JSON.stringify(c)}\n`
    }
  }
  const dym = ctx["did_you_mean"]
  if (Array.isArray(dym) && dym.length > 0) s += `  ${t.error.didYouMean}: ${dym.join(", ")}\n`
  const errors = ctx["errors"]
  if (Array.isArray(errors)) {
    for (const x of errors as Array<{ line: number; column: number; message: string; source: string }>) {
      s += `  ${x.line}:${x.column}: ${x.message}\n    | ${x.source}\n`
    }
  }
  const diagnostics = ctx["diagnostics"]
  if (Array.isArray(diagnostics)) {
    for (const d of diagnostics as Array<{ file: string; line: number; column: number; severity: string; code: string; message: string; remediation?: string }>) {
      s += `  ${d.file || t.error.project}:${d.line}:${d.column}: ${d.severity}${d.code ? ` ${d.code}` : ""}: ${d.message}\n`
      if (d.remediation) s += `    ${t.error.help}: ${d.remediation}\n`
    }
  }
  const tried = ctx["tried"]
  if (Array.isArray(tried) && tried.length > 0) s += `  ${t.error.tried}:\n${tried.map((x) => `    ${x}\n`).join("")}`
  const lines = ctx["lines"]
  if (Array.isArray(lines)) s += `  ${t.error.atLines}: ${lines.join(", ")}\n`
  const files = ctx["files"]
  if (Array.isArray(files)) s += `  ${t.error.files}: ${files.map((f) => (typeof f === "string" ? f : JSON.stringify(f))).join(", ")}\n`
  return s + `  ${t.error.exit(exit)}\n`
}
