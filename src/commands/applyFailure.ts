/**
 * What `splice apply` tells the user when its change set cannot be applied: each engine failure as
 * a coded error naming the op, the hunk, the file and the line of the input it came from.
 */
import type { ChangeOp, ParseFailure } from "../domain/changeSet.js"
import type { EngineFailure } from "../domain/changeEngine.js"
import { spliceError } from "../domain/SpliceError.js"
import { type NearMiss, nearMissHint } from "../domain/textMatch.js"

const shorten = (s: string, n = 200) => (s.length > n ? s.slice(0, n) + "…" : s)

export const invalidInput = (format: string, f: ParseFailure) =>
  spliceError("SPL-E051", `invalid ${format} input at line ${f.line}: expected ${f.expected}, found ${JSON.stringify(shorten(f.found, 120))}`, {
    context: { format, line: f.line, expected: f.expected, found: shorten(f.found, 200) }
  })

/** "hunk 2 of op 3 (input line 17)": how a step is named in messages. */
const where = (ops: ReadonlyArray<ChangeOp>, op: number, hunk?: number) => {
  const o = ops[op]!
  const h = hunk !== undefined && o.kind === "patch" && o.hunks.length > 1 ? `hunk ${hunk + 1} of ` : ""
  const line = hunk !== undefined && o.kind === "patch" ? o.hunks[hunk]?.origin.line ?? o.origin.line : o.origin.line
  return { text: `${h}change ${op + 1} (input line ${line})`, line }
}

/** The first line an insert or delete_lines op asked for (the line it failed on for anything else). */
const requestedLine = (op: ChangeOp, failed: number): number =>
  op.kind === "delete_lines" ? op.from : op.kind === "insert" && "afterLine" in op.at ? op.at.afterLine : op.kind === "insert" && "beforeLine" in op.at ? op.at.beforeLine : failed

const nearHint = (candidates: ReadonlyArray<NearMiss>) => nearMissHint(candidates, "read the file and check the text")

export const engineError = (f: EngineFailure, ops: ReadonlyArray<ChangeOp>) => {
  const hunk = "hunk" in f ? f.hunk : undefined
  const w = where(ops, f.op, hunk)
  const base = { file: f.file, change: f.op + 1, ...(hunk !== undefined ? { hunk: hunk + 1 } : {}), input_line: w.line }
  switch (f.kind) {
    case "missing_file":
      return spliceError("SPL-E020", `${w.text}: no such file: ${f.file}; nothing written`, { context: base })
    case "exists":
      return spliceError("SPL-E033", `${w.text}: ${f.file} already exists; nothing written`, {
        hint: "Use an update (or a `write` op) to change an existing file.",
        context: base
      })
    case "empty_old":
      return spliceError("SPL-E011", `${w.text}: the text to replace in ${f.file} is empty; nothing written`, { context: base })
    case "not_found": {
      const hint = f.reason ?? nearHint(f.candidates)
      return spliceError("SPL-E071", `${w.text}: the lines to change were not found in ${f.file}; nothing written`, {
        ...(hint !== undefined ? { hint } : {}),
        context: { ...base, candidates: f.candidates, ...(f.reason !== undefined ? { reason: "no_context" } : {}) }
      })
    }
    case "ambiguous":
      return spliceError("SPL-E072", `${w.text}: the lines to change occur ${f.lines.length} times in ${f.file} (lines ${f.lines.join(", ")}); nothing written`, {
        hint: "Add context lines (or a @@ anchor) so the change matches one place only.",
        context: { ...base, tier: f.tier, lines: f.lines }
      })
    case "anchor_not_found":
      return spliceError("SPL-E071", `${w.text}: the anchor ${JSON.stringify(shorten(f.anchor, 80))} was not found in ${f.file}; nothing written`, {
        ...(nearHint(f.candidates) !== undefined ? { hint: nearHint(f.candidates)! } : {}),
        context: { ...base, reason: "anchor_not_found", anchor: f.anchor, candidates: f.candidates }
      })
    case "delete_mismatch":
      return spliceError("SPL-E071", `${w.text}: ${f.file} differs from the content the patch deletes (from line ${f.line}); nothing written`, {
        hint: "The patch was made against another version of the file: read it again.",
        context: { ...base, reason: "delete_mismatch", line: f.line }
      })
    case "line_edit": {
      const x = f.failure
      switch (x.kind) {
        case "out_of_range":
          return spliceError("SPL-E120", `${w.text}: line ${x.line} is outside ${f.file}, which has ${x.lines} line(s); nothing written`, {
            context: { ...base, from: requestedLine(ops[f.op]!, x.line), line: x.line, line_count: x.lines }
          })
        case "anchor_not_found":
          return spliceError("SPL-E071", `${w.text}: the anchor text was not found in ${f.file}; nothing written`, {
            ...(nearHint(x.candidates) !== undefined ? { hint: nearHint(x.candidates)! } : {}),
            context: { ...base, reason: "anchor_not_found", anchor: shorten(x.anchor), candidates: x.candidates }
          })
        case "anchor_ambiguous":
          return spliceError("SPL-E072", `${w.text}: the anchor text occurs ${x.lines.length} times in ${f.file} (lines ${x.lines.join(", ")}); nothing written`, {
            context: { ...base, reason: "anchor_ambiguous", anchor: shorten(x.anchor), lines: x.lines }
          })
        case "old_mismatch":
          return spliceError("SPL-E071", `${w.text}: the lines of ${f.file} are not the expected text; nothing written`, {
            context: { ...base, reason: "old_mismatch", expected: shorten(x.expected), actual: shorten(x.actual) }
          })
      }
    }
  }
}

/** A step whose result is in place but that no transaction of splice's is known to have made. */
export const unprovenClaim = (file: string, op: number, hunk: number, line: number, ops: ReadonlyArray<ChangeOp>) => {
  const w = where(ops, op, hunk)
  return spliceError("SPL-E071", `${w.text}: the lines to change were not found in ${file}, but its result is already there at line ${line}, and splice has no record of making it; nothing written`, {
    hint: "Read the file: if the change is really there, drop it from the change set; otherwise give the current text.",
    context: { file, change: op + 1, hunk: hunk + 1, input_line: w.line, reason: "new_text_present_without_evidence", line, candidates: [] }
  })
}
