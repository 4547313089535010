/**
 * A journaled move put back (rollback after a failure or a signal, recovery after a crash): the file
 * is renamed back to its old name (the file itself kept: inode, mode, timestamps, its other hard
 * links) and, where the transaction rewrote it, its old bytes restored in it (in place, as the
 * transaction wrote them: it stays the same file). Each step is decided from what
 * the two names hold now (src/domain/moveBack.ts), so a crash between steps, or before the journal's
 * mark, leaves a state the next recovery pass finishes from.
 */
import * as Effect from "effect/Effect"
import { type MoveEnds, nextMoveBackStep, ownAtNewName } from "../domain/moveBack.js"
import type { SpliceError } from "../domain/SpliceError.js"
import { FileStore, type WorkspacePath } from "../../services/FileStore.js"
import type { TxMove, TxRecord } from "../../services/Journal.js"
import { ABSENT, currentChecksum, currentState, type RollbackEntry, rollbackOne } from "./fileRollback.js"

/** More steps than any state needs (unlink, clear, rename, restore, home): a loop that does not end is a defect's. */
const MAX_STEPS = 8

export const moveEnds = (tx: Pick<TxRecord, "files">, move: TxMove): MoveEnds => {
  const from = tx.files[move.from]!
  const to = tx.files[move.to]!
  return {
    from: { checksumBefore: from.checksumBefore ?? ABSENT, checksumAfter: from.checksumAfter },
    to: { checksumBefore: to.checksumBefore ?? ABSENT, checksumAfter: to.checksumAfter, inPlace: to.inPlace === true }
  }
}

/**
 * Put one moved file back, verified: the entries of its old and its new name, or undefined when what
 * the names hold is not explained by the move (the caller then puts both back file by file).
 */
export const rollbackMove = (
  tx: Pick<TxRecord, "files">,
  move: TxMove,
  original: (index: number) => Effect.Effect<Uint8Array | null, SpliceError>
) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const from = tx.files[move.from]!
    const to = tx.files[move.to]!
    const ends = moveEnds(tx, move)
    const oldName = yield* store.locate(from.path)
    const newName = yield* store.locate(to.path)
    let moved = false
    for (let n = 0; n < MAX_STEPS; n++) {
      const atOld = yield* currentState(oldName)
      const atNew = yield* currentState(newName)
      const step = nextMoveBackStep(ends, { checksum: atOld.checksum, ...(atOld.expect !== undefined ? { identity: atOld.expect.identity } : {}) }, {
        checksum: atNew.checksum,
        ...(atNew.expect !== undefined ? { identity: atNew.expect.identity } : {})
      })
      if (step === "per_file") return undefined
      if (step === "left_alone") {
        return {
          from: { file: from.path, action: "conflict", checksum: atOld.checksum } satisfies RollbackEntry,
          to: { file: to.path, action: "conflict", checksum: atNew.checksum } satisfies RollbackEntry
        }
      }
      if (step === "home") {
        // The file left the new name: nothing written in place is there any more, so whatever else
        // is there now is someone else's (a conflict), never a torn write of ours.
        const atTo = yield* rollbackOne({ ...to, inPlace: false }, original(move.to), ownAtNewName(ends))
        // The moved file left the new name: that counts as its removal (or the restore of what it replaced).
        const toEntry: RollbackEntry = moved && atTo.action === "unchanged" && to.checksumBefore === null ? { file: to.path, action: "removed" } : atTo
        return { from: { file: from.path, action: moved ? "restored" : "unchanged" } satisfies RollbackEntry, to: toEntry }
      }
      moved = true
      if (step === "unlink_to") yield* store.remove(newName)
      else if (step === "clear_from") yield* store.remove(oldName)
      else if (step === "rename_back") yield* store.moveFile(newName, oldName, { replace: false, ...(atNew.expect !== undefined ? { expect: atNew.expect } : {}) })
      else {
        const bytes = yield* original(move.from)
        if (bytes === null) return undefined
        yield* store.writeAtomic(oldName, bytes, {
          ...(from.mode === null ? {} : { mode: from.mode }),
          ...(atOld.expect !== undefined ? { expect: atOld.expect } : {}),
          inPlace: true
        })
      }
    }
    return undefined
  }).pipe(
    // A step that failed (a full disk, a file changed meanwhile) leaves both names to be looked at
    // again: reported failed, so the transaction stays pending and recovery tries again.
    Effect.catchAll((e) =>
      Effect.gen(function*() {
        const store = yield* FileStore
        const now = (path: WorkspacePath) => Effect.flatMap(store.locate(path), currentChecksum).pipe(Effect.orElseSucceed(() => "unknown"))
        const error = `${e.code}: ${e.message}`
        const from = tx.files[move.from]!.path
        const to = tx.files[move.to]!.path
        return {
          from: { file: from, action: "failed", checksum: yield* now(from), error } satisfies RollbackEntry,
          to: { file: to, action: "failed", checksum: yield* now(to), error } satisfies RollbackEntry
        }
      })
    )
  )
