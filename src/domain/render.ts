/** Rendering of the outcome lines, shared by the live and memory Output layers. */
import { ErrorRegistry } from "./errors.js"
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

export const humanError = (e: SpliceError, exit: number): string => {
  let s = `error[${e.code}]: ${e.message}\n  hint: ${e.effectiveHint}\n`
  const ctx = e.context ?? {}
  const candidates = ctx["candidates"]
  if (Array.isArray(candidates) && candidates.length > 0) {
    s += "  candidates:\n"
    for (const c of candidates as Array<Record<string, unknown>>) {
      if (typeof c["text"] === "string" && typeof c["similarity"] === "number") {
        s += `    line ${c["line"]} (${Math.round(c["similarity"] * 100)}% similar${c["difference"] ? `; ${c["difference"]}` : ""}): ${c["text"].split("\n")[0]}\n`
      } else if (typeof c["file"] === "string") {
        s += `    ${c["file"]}:${c["line"]}  ${c["kind"] ?? ""} ${c["qualified_name"] ?? ""}\n`
      } else s += `    ${JSON.stringify(c)}\n`
    }
  }
  const dym = ctx["did_you_mean"]
  if (Array.isArray(dym) && dym.length > 0) s += `  did you mean: ${dym.join(", ")}\n`
  const errors = ctx["errors"]
  if (Array.isArray(errors)) {
    for (const x of errors as Array<{ line: number; column: number; message: string; source: string }>) {
      s += `  ${x.line}:${x.column}: ${x.message}\n    | ${x.source}\n`
    }
  }
  const diagnostics = ctx["diagnostics"]
  if (Array.isArray(diagnostics)) {
    for (const d of diagnostics as Array<{ file: string; line: number; column: number; severity: string; code: string; message: string; remediation?: string }>) {
      s += `  ${d.file || "(project)"}:${d.line}:${d.column}: ${d.severity}${d.code ? ` ${d.code}` : ""}: ${d.message}\n`
      if (d.remediation) s += `    help: ${d.remediation}\n`
    }
  }
  const tried = ctx["tried"]
  if (Array.isArray(tried) && tried.length > 0) s += `  tried:\n${tried.map((t) => `    ${t}\n`).join("")}`
  const lines = ctx["lines"]
  if (Array.isArray(lines)) s += `  at lines: ${lines.join(", ")}\n`
  const files = ctx["files"]
  if (Array.isArray(files)) s += `  files: ${files.map((f) => (typeof f === "string" ? f : JSON.stringify(f))).join(", ")}\n`
  return s + `  (exit ${exit})\n`
}
