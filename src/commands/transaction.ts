/**
 * The write phase shared by every mutating command: journal the originals, write each file
 * atomically, mark the transaction committed. Any failure or interruption before the commit mark
 * rolls back (uninterruptibly, so a second Ctrl-C cannot stop it halfway).
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Ref from "effect/Ref"
import type { SpliceError } from "../domain/SpliceError.js"
import { FileStore, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Journal, type TxRecord } from "../../services/Journal.js"
import { Output } from "../../services/Output.js"

export interface PlannedWrite {
  readonly target: ResolvedPath
  /** Current bytes, or null when the file does not exist yet. */
  readonly original: Uint8Array | null
  readonly mode: number | null
  /** Bytes to write, or null to remove the file (undo of a creation). */
  readonly next: Uint8Array | null
  readonly checksumBefore: string | null
  readonly checksumAfter: string
  /** The file must not exist: create it without ever replacing. */
  readonly createOnly?: boolean
}

/** Checksum recorded for "this file does not exist". */
export const ABSENT = "absent"

export interface RollbackEntry {
  readonly file: string
  readonly action: "restored" | "removed" | "unchanged" | "conflict"
  readonly checksum?: string
}

/**
 * Put each file of a transaction back: restore it only when it holds exactly what the transaction
 * wrote; a file that is already original is left; any other content is a conflict, left alone.
 */
export const rollbackFiles = (
  tx: TxRecord,
  original: (index: number) => Effect.Effect<Uint8Array | null, SpliceError>
) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const report: RollbackEntry[] = []
    for (let i = tx.files.length - 1; i >= 0; i--) {
      const f = tx.files[i]!
      const target = yield* store.locate(f.path)
      const st = yield* store.stat(target)
      const current = st._tag === "None" ? ABSENT : yield* Effect.flatMap(store.read(target), hasher.blake3)
      if (current === (f.checksumBefore ?? ABSENT)) {
        report.push({ file: f.path, action: "unchanged" })
      } else if (current === f.checksumAfter) {
        const bytes = yield* original(i)
        if (bytes === null) {
          yield* store.remove(target)
          report.push({ file: f.path, action: "removed" })
        } else {
          yield* store.writeAtomic(target, bytes, f.mode === null ? undefined : { mode: f.mode })
          report.push({ file: f.path, action: "restored" })
        }
      } else {
        report.push({ file: f.path, action: "conflict", checksum: current })
      }
    }
    return report.reverse()
  })

export interface CommitOptions {
  readonly command: string
  readonly undoes?: string
  /** Test hook (SPLICE_TEST_HOLD_MS): pause after writing, before the commit mark. */
  readonly holdMs?: number
}

/**
 * Journal, write, run `afterWrite` on the written state (the compiler gate), commit. Returns the
 * transaction and what `afterWrite` returned; any failure rolls back.
 */
export const commitWrites = <V = undefined, E = never, R = never>(
  writes: ReadonlyArray<PlannedWrite>,
  options: CommitOptions,
  afterWrite: Effect.Effect<V, E, R> = Effect.succeed(undefined as V)
) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const journal = yield* Journal
    const output = yield* Output
    const committed = yield* Ref.make(false)
    const originals = writes.map((w) => w.original)
    return yield* Effect.acquireUseRelease(
      journal.begin({
        command: options.command,
        ...(options.undoes !== undefined ? { undoes: options.undoes } : {}),
        files: writes.map((w) => ({
          path: w.target.relative,
          existed: w.original !== null,
          mode: w.mode,
          checksumBefore: w.checksumBefore,
          checksumAfter: w.checksumAfter,
          original: w.original
        }))
      }),
      (tx) =>
        Effect.gen(function*() {
          for (const w of writes) {
            if (w.next === null) yield* store.remove(w.target)
            else if (w.createOnly === true) yield* store.createExclusive(w.target, w.next, w.mode === null ? undefined : { mode: w.mode })
            else yield* store.writeAtomic(w.target, w.next, w.mode === null ? undefined : { mode: w.mode })
          }
          const verified = yield* afterWrite
          if (options.holdMs !== undefined && options.holdMs > 0) {
            yield* output.log(`splice: test hold: ${tx.id} written, waiting ${options.holdMs} ms before commit`)
            yield* Effect.sleep(Duration.millis(options.holdMs))
          }
          yield* journal.setState(tx.id, "committed")
          yield* Ref.set(committed, true)
          return { tx, verified }
        }),
      (tx, exit) =>
        Exit.isSuccess(exit)
          ? Effect.void
          : Effect.gen(function*() {
            if (yield* Ref.get(committed)) return
            const report = yield* rollbackFiles(tx, (i) => Effect.succeed(originals[i] ?? null))
            yield* journal.setState(tx.id, "rolled_back")
            const conflicts = report.filter((r) => r.action === "conflict").map((r) => r.file)
            yield* output.log(
              `splice: rolled back ${tx.id}` + (conflicts.length > 0 ? `; changed by someone else, left alone: ${conflicts.join(", ")}` : "")
            )
          }).pipe(
            // A rollback that itself fails leaves the journal pending: the next run finishes it.
            Effect.catchAll((e) => output.log(`splice: rollback of ${tx.id} incomplete (${e.message}); run \`splice recover\``))
          )
    )
  })
