/** Parsing `--edits`: a JSON array of {"old", "new", "replace_all"?}. Returns the edits or what is wrong. */
import type { Edit } from "./applyEdits.js"

export const parseEditBatch = (json: string): { ok: true; edits: Edit[] } | { ok: false; problem: string } => {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch (e) {
    return { ok: false, problem: `not valid JSON: ${(e as Error).message}` }
  }
  if (!Array.isArray(data)) return { ok: false, problem: "expected a JSON array of edits" }
  if (data.length === 0) return { ok: false, problem: "the array of edits is empty" }
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
