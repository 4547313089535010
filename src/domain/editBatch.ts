/** Parsing `--edits`: a JSON array of {"old", "new", "replace_all"?}. Returns the edits or what is wrong. */
import type { Edit } from "./applyEdits.js"
import { firstJsonError } from "./jsonSyntax.js"

/** Most edits in one batch (SPL-E054 beyond): a batch this size takes seconds, not minutes. */
export const MAX_BATCH_EDITS = 100_000
/** Largest --edits input (SPL-E054 beyond). */
export const MAX_BATCH_BYTES = 64 * 1024 * 1024

export const parseEditBatch = (json: string): { ok: true; edits: Edit[] } | { ok: false; problem: string; tooLarge?: true } => {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    // Where, never what: JSON.parse's own message quotes the input, which may be a secret.
    const at = firstJsonError(json)
    return { ok: false, problem: at === undefined ? "not valid JSON" : `not valid JSON: ${at.problem} at line ${at.line}, column ${at.column} (offset ${at.offset})` }
  }
  if (!Array.isArray(data)) return { ok: false, problem: "expected a JSON array of edits" }
  if (data.length === 0) return { ok: false, problem: "the array of edits is empty" }
  if (data.length > MAX_BATCH_EDITS) return { ok: false, problem: `${data.length} edits, over the limit of ${MAX_BATCH_EDITS} per batch`, tooLarge: true }
  const edits: Edit[] = []
  for (let i = 0; i < data.length; i++) {
    const e = data[i] as Record<string, unknown> | null
    if (e === null || typeof e !== "object" || Array.isArray(e)) return { ok: false, problem: `edit ${i}: expected an object` }
    const unknown = Object.keys(e).filter((k) => k !== "old" && k !== "new" && k !== "replace_all")
    if (unknown.length > 0) return { ok: false, problem: `edit ${i}: unknown key ${JSON.stringify(unknown[0])}` }
    if (typeof e["old"] !== "string") return { ok: false, problem: `edit ${i}: "old" must be a string` }
    if (typeof e["new"] !== "string") return { ok: false, problem: `edit ${i}: "new" must be a string` }
    if (e["replace_all"] !== undefined && typeof e["replace_all"] !== "boolean") {
      return { ok: false, problem: `edit ${i}: "replace_all" must be true or false` }
    }
    edits.push({ old: e["old"], new: e["new"], ...(e["replace_all"] === true ? { replaceAll: true } : {}) })
  }
  return { ok: true, edits }
}
