/**
 * A file's state as a write or a rollback sees it (its checksum, the guard a write over it takes),
 * and one file put back to its original: the per-file half of every way back (rollback, recovery).
 */
import * as Effect from "effect/Effect"
import { ABSENT_FILE } from "../domain/moveBack.js"
import type { SpliceError } from "../domain/SpliceError.js"
import { type ExpectedFile, type FileInfo, FileStore, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import type { TxRecord } from "../../services/Journal.js"
import type { PlannedWrite } from "./transaction.js"

/** The guard for a file read as `info` with these bytes. */
export const expectedFrom = (info: FileInfo, bytes: Uint8Array): Pick<PlannedWrite, "expect" | "inPlace"> => ({
  expect: { size: info.size, mtimeMs: info.mtimeMs, identity: info.identity, bytes },
  ...(info.nlink > 1 ? { inPlace: true } : {})
})

/** Checksum recorded for "this file does not exist". */
export const ABSENT = ABSENT_FILE

export interface RollbackEntry {
  readonly file: string
  /**
   * restored / removed / unchanged: verified to hold the original again (or be absent); conflict:
   * someone else's content, left alone; failed: the restore did not happen or did not verify.
   */
  readonly action: "restored" | "removed" | "unchanged" | "conflict" | "failed"
  /** What the file holds now when it is not the original (a BLAKE3 checksum, or "absent"). */
  readonly checksum?: string
  readonly error?: string
}

/** Checksum of what is at a path now, or ABSENT. */
export const currentChecksum = (target: ResolvedPath) => Effect.map(currentState(target), (s) => s.checksum)

/**
 * What is at a path now: its checksum (or ABSENT) and, for a file, the guard a write over it takes
 * (`expect`), so another program's write between this look and that write is caught, not overwritten.
 */
export const currentState = (target: ResolvedPath) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const st = yield* store.stat(target)
    if (st._tag === "None") return { checksum: ABSENT } as { readonly checksum: string; readonly expect?: ExpectedFile }
    const bytes = yield* store.read(target)
    return { checksum: yield* hasher.blake3(bytes), expect: expectedFrom(st.value, bytes).expect! }
  })

/**
 * One file back to its original, then read back: only a verified file counts as restored. `own`:
 * what else at its path is the transaction's own (a moved file's new name, once the file went back).
 */
export const rollbackOne = (
  f: TxRecord["files"][number],
  original: Effect.Effect<Uint8Array | null, SpliceError>,
  own: ReadonlyArray<string> = []
) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const target = yield* store.locate(f.path)
    const expected = f.checksumBefore ?? ABSENT
    const state = yield* currentState(target)
    const current = state.checksum
    if (current === expected) return { file: f.path, action: "unchanged" } satisfies RollbackEntry
    // Neither before nor after is someone else's content, except for an in-place rewrite (a
    // hard-linked file): a crash mid-write tears it, and that torn file is splice's own — it held the lock.
    if (current !== f.checksumAfter && f.inPlace !== true && !own.includes(current)) return { file: f.path, action: "conflict", checksum: current } satisfies RollbackEntry
    const bytes = yield* original
    if (bytes === null) yield* store.remove(target)
    // In place only where the transaction wrote in place: a file moved here may share its inode
    // with other names now, which must keep what they hold. Written only over what was just looked
    // at: another program's write in between is its content, left alone (a conflict).
    else {
      const raced = yield* store.writeAtomic(target, bytes, { ...(f.mode === null ? {} : { mode: f.mode }), splitLinks: f.inPlace !== true, ...(state.expect !== undefined ? { expect: state.expect } : {}) }).pipe(
        Effect.as(false),
        Effect.catchIf((e) => e.code === "SPL-E034", () => Effect.succeed(true))
      )
      if (raced) return { file: f.path, action: "conflict", checksum: yield* currentChecksum(target) } satisfies RollbackEntry
    }
    const now = yield* currentChecksum(target)
    if (now !== expected) return { file: f.path, action: "failed", checksum: now, error: "the file does not hold the original after the restore" } satisfies RollbackEntry
    return { file: f.path, action: bytes === null ? "removed" : "restored" } satisfies RollbackEntry
  }).pipe(
    // One file's I/O error must not stop the others from being put back.
    Effect.catchAll((e) =>
      Effect.gen(function*() {
        const store = yield* FileStore
        const now = yield* Effect.flatMap(store.locate(f.path), currentChecksum).pipe(Effect.orElseSucceed(() => "unknown"))
        return { file: f.path, action: "failed", checksum: now, error: `${e.code}: ${e.message}` } satisfies RollbackEntry
      })
    )
  )
