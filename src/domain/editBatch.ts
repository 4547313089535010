/** Parsing `--edits`: a JSON array of {"old", "new", "replace_all"?}. Returns the edits or what is wrong. */
import type { Edit } from "./applyEdits.js"
import { firstJsonError } from "./jsonSyntax.js"

/** Most edits in one batch (SPL-E054 beyond): a batch this size takes seconds, not minutes. */
export const MAX_BATCH_EDITS = 100_000
/** Largest --edits input (SPL-E054 beyond). */
export const MAX_BATCH_BYTES = 64 * 1024 * 1024

/** Where a batch is wrong, for the error's context: the edit numbered from 1, or the JSON position. */
export interface BatchProblemAt {
  readonly edit?: number
  readonly edits?: number
  readonly key?: string
  readonly line?: number
  readonly column?: number
  readonly offset?: number
}

type Parsed = { ok: true; edits: Edit[] } | { ok: false; problem: string; at?: BatchProblemAt; tooLarge?: true }

const KEYS = ["old", "new", "replace_all"] as const

/** A key that is one slip away from one of ours (`nwe`, `Old`, `replaceAll`), for the message. */
const meant = (key: string): string | undefined => {
  const plain = key.toLowerCase().replace(/[-_]/g, "")
  return KEYS.find((k) => {
    const want = k.replace(/_/g, "")
    if (plain === want) return true
    if (plain.length !== want.length) return false
    const diff = [...plain].flatMap((c, i) => (c === want[i] ? [] : [i]))
    return diff.length === 2 && diff[1] === diff[0]! + 1 && plain[diff[0]!] === want[diff[1]!] && plain[diff[1]!] === want[diff[0]!]
  })
}

export const parseEditBatch = (json: string): Parsed => {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    // Where, never what: JSON.parse's own message quotes the input, which may be a secret.
    const at = firstJsonError(json)
    return at === undefined
      ? { ok: false, problem: "not valid JSON" }
      : { ok: false, problem: `not valid JSON: ${at.problem} at line ${at.line}, column ${at.column} (offset ${at.offset})`, at: { line: at.line, column: at.column, offset: at.offset } }
  }
  if (!Array.isArray(data)) return { ok: false, problem: "expected a JSON array of edits" }
  if (data.length === 0) return { ok: false, problem: "the array of edits is empty" }
  if (data.length > MAX_BATCH_EDITS) return { ok: false, problem: `${data.length} edits, over the limit of ${MAX_BATCH_EDITS} per batch`, tooLarge: true }
  const edits: Edit[] = []
  for (let i = 0; i < data.length; i++) {
    // Numbered from 1, as every message and context of a batch numbers its edits.
    const n = `edit ${i + 1} of ${data.length}`
    const at = { edit: i + 1, edits: data.length }
    const e = data[i] as Record<string, unknown> | null
    if (e === null || typeof e !== "object" || Array.isArray(e)) return { ok: false, problem: `${n}: expected an object {"old", "new"}`, at }
    const unknown = Object.keys(e).find((k) => !(KEYS as ReadonlyArray<string>).includes(k))
    if (unknown !== undefined) {
      const guess = meant(unknown)
      return { ok: false, problem: `${n}: unknown key ${JSON.stringify(unknown)}${guess !== undefined ? ` (did you mean "${guess}"?)` : ` (the keys are "old", "new" and "replace_all")`}`, at: { ...at, key: unknown } }
    }
    if (typeof e["old"] !== "string") return { ok: false, problem: `${n}: "old" must be a string`, at: { ...at, key: "old" } }
    if (typeof e["new"] !== "string") return { ok: false, problem: `${n}: "new" must be a string`, at: { ...at, key: "new" } }
    if (e["replace_all"] !== undefined && typeof e["replace_all"] !== "boolean") {
      return { ok: false, problem: `${n}: "replace_all" must be true or false`, at: { ...at, key: "replace_all" } }
    }
    edits.push({ old: e["old"], new: e["new"], ...(e["replace_all"] === true ? { replaceAll: true } : {}) })
  }
  return { ok: true, edits }
}
