/**
 * Evidence that an edit already happened. A text that merely contains NEW somewhere proves
 * nothing (difflib.py had NEW in set_seq2 while the intended change to set_seq1 was never made):
 * only a committed, not undone, splice transaction on this file that replaced exactly this OLD
 * with exactly this NEW counts. The journal keeps each edit's texts by BLAKE3.
 */
import * as Effect from "effect/Effect"
import type { Edit } from "../domain/applyEdits.js"
import type { WorkspacePath } from "../domain/workspacePath.js"
import { Hasher } from "../../services/Hasher.js"
import { Journal } from "../../services/Journal.js"

const encoder = new TextEncoder()

/** The id of the newest committed transaction that made this edit to this file, if any. */
export const editEvidence = (file: WorkspacePath, edit: Edit) =>
  Effect.gen(function*() {
    const journal = yield* Journal
    const hasher = yield* Hasher
    const old = yield* hasher.blake3(encoder.encode(edit.old))
    const neu = yield* hasher.blake3(encoder.encode(edit.new))
    for (const tx of yield* journal.history) {
      if (tx.state !== "committed") continue
      const index = tx.files.findIndex((f) => f.path === file)
      if (index !== -1 && tx.edits?.some((e) => e.file === index && e.old === old && e.new === neu)) return tx.id
    }
    return undefined
  })

/**
 * The id of the newest committed transaction that removed `file` (and, for a move, created `to`):
 * the evidence a retried delete or move needs before it may be called already applied.
 */
export const removalEvidence = (file: WorkspacePath, to?: WorkspacePath) =>
  Effect.gen(function*() {
    const journal = yield* Journal
    for (const tx of yield* journal.history) {
      if (tx.state !== "committed") continue
      const removed = tx.files.some((f) => f.path === file && f.existed && f.checksumAfter === "absent")
      const created = to === undefined || tx.files.some((f) => f.path === to && !f.existed && f.checksumAfter !== "absent")
      if (removed && created) return tx.id
    }
    return undefined
  })
