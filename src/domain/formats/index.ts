/** Every input format of `splice apply`, behind one parse function. */
import { type ChangeFormat, invalid, type ParseResult } from "../changeSet.js"
import { parseCodexPatch } from "./codex.js"
import { detectFormat } from "./detect.js"
import { parsePlan } from "./plan.js"
import { parseSearchReplace } from "./searchReplace.js"
import { parseUnifiedDiff } from "./udiff.js"

export const FORMATS: ReadonlyArray<ChangeFormat> = ["plan", "codex", "search-replace", "udiff"]

const parsers: Record<ChangeFormat, (text: string) => ParseResult> = {
  plan: parsePlan,
  codex: parseCodexPatch,
  "search-replace": parseSearchReplace,
  udiff: parseUnifiedDiff
}

/** Parse `text` as `format`, or as the format it looks like ("auto"). */
export const parseChangeSet = (text: string, format: ChangeFormat | "auto"): ParseResult => {
  const chosen = format === "auto" ? detectFormat(text) : format
  if (chosen === undefined) {
    const first = text.split(/\r\n|\r|\n/).findIndex((l) => l.trim().length > 0)
    return invalid(Math.max(1, first + 1), "a change set: a JSON plan ({\"ops\": [...]}, an array, or NDJSON), a Codex patch (*** Begin Patch), search/replace blocks (<<<<<<< SEARCH) or a unified diff (--- / +++ / @@)", first === -1 ? "nothing" : text.split(/\r\n|\r|\n/)[first]!.slice(0, 80))
  }
  const result = parsers[chosen](text)
  // git writes every path of `diff --git` from the top of the work tree, whichever directory it ran in.
  if (result.ok && chosen === "udiff" && /^diff --git /m.test(text)) return { ok: true, changeSet: { ...result.changeSet, pathsFrom: "root" } }
  return result
}
