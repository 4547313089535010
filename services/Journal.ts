import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { SpliceError } from "../src/domain/SpliceError.js"
import type { WorkspacePath } from "../src/domain/workspacePath.js"

/** One file of a transaction: what it held before and what the transaction writes. */
export interface TxFile {
  readonly path: WorkspacePath
  /** False when the transaction creates the file (rollback removes it). */
  readonly existed: boolean
  readonly mode: number | null
  readonly checksumBefore: string | null
  readonly checksumAfter: string
}

/**
 * An exact-text replacement a transaction made, by BLAKE3 of its texts (as given): the evidence a
 * retried edit needs before it may be called already applied.
 */
export interface TxEdit {
  /** Index of the file in `files`. */
  readonly file: number
  readonly old: string
  readonly new: string
}

export type TxState = "pending" | "committed" | "rolled_back" | "undone"

export interface TxRecord {
  readonly id: string
  readonly command: string
  readonly created: string
  readonly files: ReadonlyArray<TxFile>
  readonly edits?: ReadonlyArray<TxEdit>
  readonly state: TxState
  /** For an undo transaction: the transaction it reversed. */
  readonly undoes?: string
  /** For an undone transaction: the undo transaction that reversed it. */
  readonly undoneBy?: string
}

export interface BeginInput {
  readonly command: string
  readonly files: ReadonlyArray<TxFile & { readonly original: Uint8Array | null }>
  readonly edits?: ReadonlyArray<TxEdit>
  readonly undoes?: string
}

/**
 * Durable transaction records under `.splice/tx/<id>/`: originals and intent are on disk (fsynced)
 * before any target is touched, so a crash can always be rolled back. Committed transactions stay
 * in a bounded history for undo.
 */
export interface JournalService {
  readonly begin: (input: BeginInput) => Effect.Effect<TxRecord, SpliceError>
  readonly setState: (
    id: string,
    state: Exclude<TxState, "pending">,
    extra?: { readonly undoneBy?: string }
  ) => Effect.Effect<void, SpliceError>
  /** The saved original bytes of a transaction's file (by index in `files`). */
  readonly original: (id: string, index: number) => Effect.Effect<Uint8Array | null, SpliceError>
  readonly get: (id: string) => Effect.Effect<TxRecord | undefined, SpliceError>
  /** Transactions still pending (begun, neither committed nor rolled back), oldest first. */
  readonly pending: Effect.Effect<ReadonlyArray<TxRecord>, SpliceError>
  /** Every transaction in the history, newest first. */
  readonly history: Effect.Effect<ReadonlyArray<TxRecord>, SpliceError>
}

export class Journal extends Context.Tag("splice/Journal")<Journal, JournalService>() {}
