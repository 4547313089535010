/**
 * A planned write that moves a file (PlannedWrite.moveFrom), forward and back while its transaction
 * runs (the write itself; the compiler gate's baseline, which puts the originals back and the new
 * state again): the file is renamed, never copied, so it keeps its inode, mode, timestamps and other
 * hard links; where the transaction also changes its bytes (mv rewriting the moved file's own
 * imports), they are written into it after the rename, in place, so that it stays the same file
 * (its other names see them). Such a write is not atomic for a reader and a crash can tear it:
 * the write is marked `inPlace`, so every way back knows a torn file there is splice's own.
 */
import * as Effect from "effect/Effect"
import { type ExpectedFile, FileStore } from "../../services/FileStore.js"
import type { TxMove } from "../../services/Journal.js"
import type { PlannedWrite } from "./transaction.js"

export type MoveWrite = PlannedWrite & { readonly moveFrom: NonNullable<PlannedWrite["moveFrom"]> }

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/** The index of the write for a move's old name (its entry after the move), or -1. */
export const moveSourceIndex = (writes: ReadonlyArray<PlannedWrite>, i: number): number => {
  const from = writes[i]!.moveFrom
  return from === undefined ? -1 : writes.findIndex((x, j) => j !== i && x.target.relative === from.relative)
}

/** The journal's move pairings of these writes (each move whose old name has its own entry, as it must to be put back). */
export const movePairings = (writes: ReadonlyArray<PlannedWrite>): TxMove[] =>
  writes.flatMap((w, to) => {
    const from = moveSourceIndex(writes, to)
    return w.moveFrom !== undefined && from !== -1 && writes[from]!.original !== null ? [{ from, to }] : []
  })

/** The moved file gets new bytes too (its `next` is not what it held at its old name). */
export const rewritesMoved = (w: PlannedWrite): boolean => w.next !== null && w.moveExpect !== undefined && !sameBytes(w.next, w.moveExpect.bytes)

/**
 * The file at `moveFrom` given the target's name (replacing the file there when the write replaces
 * one), then its new bytes when it gets any. `expect` guards the old name, `expectTarget` the file replaced.
 */
export const moveIn = (w: MoveWrite, guards: { readonly expect?: ExpectedFile; readonly expectTarget?: ExpectedFile }, renamed: () => void = () => {}) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    // Carried: its directory's rename gave it the new name.
    if (w.carried !== true) {
      yield* store.moveFile(w.moveFrom, w.target, {
        replace: w.original !== null,
        ...(guards.expect !== undefined ? { expect: guards.expect } : {}),
        ...(guards.expectTarget !== undefined ? { expectTarget: guards.expectTarget } : {})
      })
    }
    renamed()
    if (!rewritesMoved(w)) return
    const mode = w.nextMode ?? w.mode
    // In place: the file stays the one moved. It is the one read at its old name (a rename keeps size, mtime and inode).
    yield* store.writeAtomic(w.target, w.next!, { ...(mode === null ? {} : { mode }), expect: w.moveExpect!, inPlace: true })
  })

/**
 * moveIn undone: what the transaction put at the old name removed, the file renamed back, its old
 * bytes restored where it was rewritten, and the file it replaced (if any) made again. `source` is
 * the write of the old name; `expect` guards the file at the target. A carried file only gets its
 * old bytes back, where it is: its directory's rename back (after) takes it to its old name.
 */
export const moveOut = (w: MoveWrite, source: PlannedWrite | undefined, expect: ExpectedFile | undefined) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    if (w.carried === true) {
      if (!rewritesMoved(w)) return
      const mode = source?.mode ?? null
      return yield* store.writeAtomic(w.target, source?.original ?? w.moveExpect!.bytes, { ...(mode === null ? {} : { mode }), ...(expect !== undefined ? { expect } : {}), inPlace: true })
    }
    if (source?.next != null) yield* store.remove(w.moveFrom)
    yield* store.moveFile(w.target, w.moveFrom, { replace: false, ...(expect !== undefined ? { expect } : {}) })
    if (rewritesMoved(w)) {
      const mode = source?.mode ?? null
      yield* store.writeAtomic(w.moveFrom, source?.original ?? w.moveExpect!.bytes, { ...(mode === null ? {} : { mode }), inPlace: true })
    }
    if (w.original !== null) yield* store.createExclusive(w.target, w.original, w.mode === null ? undefined : { mode: w.mode })
  })
