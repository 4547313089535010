import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { SpliceError } from "../src/domain/SpliceError.js"
import type { WorkspacePath } from "../src/domain/workspacePath.js"

/** One file of a transaction: what it held before and what the transaction writes. */
export interface TxFile {
  readonly path: WorkspacePath
  /**
   * The write happens in place (a hard-linked file keeps its inode): a crash can leave it torn,
   * neither before nor after, and recovery restores it anyway — splice held its lock.
   */
  readonly inPlace?: boolean
  /** Owner and group before the transaction (restored with the content). */
  readonly owner?: { readonly uid: number; readonly gid: number }
  /** False when the transaction creates the file (rollback removes it). */
  readonly existed: boolean
  readonly mode: number | null
  /** The mode the transaction leaves, when it changes it (`mv --force` puts another file, with its own mode, at this name). */
  readonly modeAfter?: number
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

/** A directory a transaction removes, with the mode to make it again with. */
export interface RemovedDir {
  readonly path: WorkspacePath
  readonly mode: number
}

/**
 * A symbolic link a transaction removes or creates (`rm` of a link, `mv` of one or of a directory
 * holding one): kept by its text, never followed. A way back removes a created link only while it
 * still holds that text, and makes a removed one again only where nothing is.
 */
export interface TxLink {
  readonly path: WorkspacePath
  /** What the link holds (readlink's text). */
  readonly target: string
  readonly change: "removed" | "created"
}

/**
 * A move pairing: `files[to]` is the file that was at `files[from].path`, given the new name (renamed,
 * never written), then rewritten when its `checksumAfter` is not the `checksumBefore` of `files[from]`
 * (mv updating the moved file's own imports). Every way back renames it back (the file itself kept:
 * inode, mode, timestamps, other hard links) and then, where it was rewritten, restores its old bytes.
 * A record without pairings (or a state a rename back does not explain) is put back file by file.
 */
export interface TxMove {
  readonly from: number
  readonly to: number
}

/**
 * A directory the transaction renamed as a whole (`mv` of a directory to a name nothing held): one
 * rename(2), everything in it going along, files splice never listed (ignored, untracked) included,
 * and the directory itself kept (inode, mode, timestamps). `identity` is the directory's (device and
 * inode) as locked. Every way back first renames that directory, and only that one, from `to` back
 * to `from` (src/domain/dirMoveBack.ts); the files in it keep their own entries and moves, which
 * then find themselves home, or, in a state the rename back does not explain, go back file by file.
 */
export interface TxDirMove {
  readonly from: WorkspacePath
  readonly to: WorkspacePath
  readonly identity: string
}

export type TxState = "pending" | "committed" | "rolled_back" | "undone"

export interface TxRecord {
  readonly id: string
  readonly command: string
  readonly created: string
  readonly files: ReadonlyArray<TxFile>
  readonly edits?: ReadonlyArray<TxEdit>
  /**
   * Directories the transaction creates for new files, outermost first. Recorded before they are
   * made; rollback, recovery and undo remove them again (only while empty).
   */
  readonly dirs?: ReadonlyArray<WorkspacePath>
  /**
   * Directories the transaction removes once its files are gone (`rm --recursive`, a directory moved
   * away), innermost first. Rollback, recovery and undo make them again (outermost first, with their
   * modes) before they restore the files.
   */
  readonly removedDirs?: ReadonlyArray<RemovedDir>
  /** Symbolic links it removes or creates, after its files (before its directories are removed). */
  readonly links?: ReadonlyArray<TxLink>
  /** Files it moved (renamed) rather than wrote: see TxMove. */
  readonly moves?: ReadonlyArray<TxMove>
  /** Directories it renamed as a whole (see TxDirMove). */
  readonly dirMoves?: ReadonlyArray<TxDirMove>
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
  readonly dirs?: ReadonlyArray<WorkspacePath>
  readonly removedDirs?: ReadonlyArray<RemovedDir>
  readonly links?: ReadonlyArray<TxLink>
  readonly moves?: ReadonlyArray<TxMove>
  readonly dirMoves?: ReadonlyArray<TxDirMove>
  readonly undoes?: string
  /**
   * The caller's own writes, run once the intent is written and before it is flushed, so that
   * their flushes and the journal's overlap (a transaction's temp files, FileStore.stage). They
   * must touch no target. If they fail, the begin fails and leaves no entry.
   */
  readonly alongside?: Effect.Effect<void, SpliceError>
}

/**
 * A journal entry splice will not act on. foreign: not provably this user's own on this machine
 * (no valid MAC, another host) — from a repository, another user, or edited by hand; damaged:
 * unreadable or inconsistent. Both are moved to `.splice/quarantine/` and reported, never replayed.
 */
export interface JournalProblem {
  readonly id: string
  readonly kind: "foreign" | "damaged"
  readonly reason: string
  /** Where it was moved (workspace path), once quarantined. */
  readonly quarantinedTo?: string
}

/**
 * Durable transaction records under `.splice/tx/<id>/`: originals and intent are on disk (fsynced)
 * before any target is touched, so a crash can always be rolled back. Committed transactions stay
 * in a bounded history for undo. Every intent is signed (see JournalKey); only verified entries
 * are listed, and an original is handed out only when it matches the checksum its intent records.
 */
export interface JournalService {
  readonly begin: (input: BeginInput) => Effect.Effect<TxRecord, SpliceError>
  readonly setState: (
    id: string,
    state: Exclude<TxState, "pending">,
    extra?: { readonly undoneBy?: string }
  ) => Effect.Effect<void, SpliceError>
  /**
   * The saved original bytes of a transaction's file (by index in `files`), read without following
   * symlinks and verified against `checksumBefore`: SPL-E036 when missing or not what was saved.
   */
  readonly original: (id: string, index: number) => Effect.Effect<Uint8Array | null, SpliceError>
  readonly get: (id: string) => Effect.Effect<TxRecord | undefined, SpliceError>
  /** Transactions still pending (begun, neither committed nor rolled back), oldest first. */
  readonly pending: Effect.Effect<ReadonlyArray<TxRecord>, SpliceError>
  /** Every transaction in the history, newest first. */
  readonly history: Effect.Effect<ReadonlyArray<TxRecord>, SpliceError>
  /**
   * Make the next begin's file ahead of it (a spare: created, its name made durable), so that begin
   * costs one flush instead of two. For a long-running writer, after it answered; a no-op while one
   * is ready. A spare is never a transaction until a begin fills it.
   */
  readonly prepareNext: Effect.Effect<void, SpliceError>
  /** Remove the spare prepareNext made, if no begin took it (the writer is closing). */
  readonly discardPrepared: Effect.Effect<void, SpliceError>
  /**
   * Move entries that are foreign or damaged out of the way (to `.splice/quarantine/`), and remove
   * leftovers that never touched a file (a begin that died before writing its intent; originals of
   * rolled-back transactions). Returns what was quarantined. `open` looks only at entries that are
   * not finished (the quick pass before every write); `all` at every entry (`splice recover`).
   */
  readonly sweep: (scope: "open" | "all") => Effect.Effect<ReadonlyArray<JournalProblem>, SpliceError>
  /**
   * `sweep`, and the transactions still pending, from one scan of the journal (the pass before every
   * write asks both: one listing and one look at its state directories instead of two).
   */
  readonly sweepAndPending: (scope: "open" | "all") => Effect.Effect<{
    readonly quarantined: ReadonlyArray<JournalProblem>
    readonly pending: ReadonlyArray<TxRecord>
  }, SpliceError>
  /**
   * Drop the oldest finished transactions beyond the history limits, when a begin since the last
   * prune may have put it over them (else nothing). Never on a write's critical path: the CLI
   * prunes when the journal's layer is released (after the result line), `splice mcp` after
   * answering each call.
   */
  readonly prune: Effect.Effect<void, SpliceError>
  /** Entries already in quarantine (for recover and history to report). */
  readonly quarantined: Effect.Effect<ReadonlyArray<string>, SpliceError>
  /** Drop the saved originals of a finished rollback: they are never needed again. */
  readonly dropOriginals: (id: string) => Effect.Effect<void, SpliceError>
}

export class Journal extends Context.Tag("splice/Journal")<Journal, JournalService>() {}

/** A long-running writer's step after it answered a write: make the next begin's file (JournalService.prepareNext). */
export const prepareNextBegin: Effect.Effect<void, never, Journal> = Effect.flatMap(Journal, (j) => Effect.ignore(j.prepareNext))

/** Prune the history if a write since the last prune may have put it over its limits (after answering). */
export const pruneHistory: Effect.Effect<void, never, Journal> = Effect.flatMap(Journal, (j) => Effect.ignore(j.prune))
