/**
 * Applying a list of exact-text replacements to a file's text, in memory, all or nothing. Edits
 * apply in order, each to the result of the previous ones (src/domain/editStep.ts defines one
 * step; src/domain/batchEngine.ts does a whole batch in linear time for the common case).
 * Pure: the command decides what to do with a failure; no I/O happens here.
 */
import { applyEditsStepwise } from "./batchEngine.js"
import type { LineEnding } from "./lineEndings.js"
import type { ApplyResult, Edit } from "./editStep.js"

export type { ApplyResult, Edit, EditFailure, EditOutcome } from "./editStep.js"
export { applyEditsStepwise, type Progress } from "./batchEngine.js"

/** The whole batch at once (callers that need to stop midway drive `applyEditsStepwise`). */
export const applyEdits = (text: string, lineEnding: LineEnding, edits: ReadonlyArray<Edit>): ApplyResult => {
  const steps = applyEditsStepwise(text, lineEnding, edits)
  for (;;) {
    const r = steps.next()
    if (r.done === true) return r.value
  }
}
