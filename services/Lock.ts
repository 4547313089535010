import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import type * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { type SpliceError, spliceError } from "../src/domain/SpliceError.js"
import type { WorkspacePath } from "../src/domain/workspacePath.js"

/**
 * A workspace file; a file's identity (device:inode), so two names of one hard-linked file
 * serialise too; or a named resource (the graph database, by its absolute path).
 */
export type LockKey = WorkspacePath | `inode:${string}` | `graph-db:${string}`

/** The lock for a hard-linked file's identity (a file with one name needs only its path lock). */
export const identityLock = (info: { readonly nlink: number; readonly identity: string }): ReadonlyArray<LockKey> =>
  info.nlink > 1 ? [`inode:${info.identity}`] : []

/**
 * Exclusive locks on workspace files (by workspace-relative path), held for the life of a Scope.
 * Several paths are locked in sorted order so two writers never deadlock. A lock whose owner process
 * is dead is taken over.
 */
export interface LockService {
  /**
   * Wait up to `timeout` for every lock; SPL-E032 when one stays held. `whileWorking`: a holder of
   * this process that says it is working (`working`) counts as progress, and is waited for.
   */
  readonly acquire: (
    paths: ReadonlyArray<LockKey>,
    timeout: Duration.DurationInput,
    options?: { readonly whileWorking?: boolean }
  ) => Effect.Effect<void, SpliceError, Scope.Scope>
  /**
   * The caller holds these locks and is working with them, not stuck (an index of a large workspace,
   * between files): this process's contenders that wait `whileWorking` keep waiting.
   */
  readonly working: (paths: ReadonlyArray<LockKey>) => Effect.Effect<void>
  /**
   * Like acquire, but a lock whose owner died is not taken over: its key is returned instead (what
   * was taken before it stays held in the scope), so the caller can first roll back the transaction
   * the dead owner may have left half-applied (src/commands/lockRecovering.ts). Undefined: all taken.
   */
  readonly acquireUnlessStale: (
    paths: ReadonlyArray<LockKey>,
    timeout: Duration.DurationInput
  ) => Effect.Effect<LockKey | undefined, SpliceError, Scope.Scope>
  /** Take every lock now or none: false when a live process holds one. */
  readonly tryAcquire: (paths: ReadonlyArray<LockKey>) => Effect.Effect<boolean, SpliceError, Scope.Scope>
  /**
   * Keep the locks this scope took on `keys` past its end, as held for transaction `tx`, which could
   * not be rolled back: they count as a dead owner's, so a writer that finds one runs the recovery
   * pass (and is refused the file while the transaction stays pending) instead of taking it. Released,
   * they would let in a writer whose pass ran before the transaction was abandoned. sweepStale removes
   * them once the transaction is no longer pending (`keep` no longer names them).
   */
  readonly leaveAbandoned: (keys: ReadonlyArray<LockKey>, tx: string) => Effect.Effect<void, SpliceError>
  /**
   * Remove locks whose owner is gone (a killed process), but those of `keep` (the files of a dead
   * owner's transaction that could not be rolled back yet); returns how many.
   */
  readonly sweepStale: (keep?: ReadonlyArray<LockKey>) => Effect.Effect<number, SpliceError>
}

/**
 * SPL-E032. `ahead`: calls of this process were in line before it, and the line did not move for the
 * timeout (its holder is stuck, or waits for another process).
 */
export const lockTimeoutError = (path: string, timeout: Duration.DurationInput, ahead: number, holder?: { pid: number; host: string; since: string } | null) => {
  const within = Duration.format(Duration.decode(timeout))
  return spliceError("SPL-E032", ahead > 0
    ? `lock on ${path} not taken: it did not change hands within ${within} (${ahead} call${ahead === 1 ? "" : "s"} of this process ahead of it)`
    : `lock on ${path} not taken within ${within}`, {
    context: { path, ...(holder !== undefined ? { holder } : {}), ...(ahead > 0 ? { ahead } : {}) }
  })
}

export class Lock extends Context.Tag("splice/Lock")<Lock, LockService>() {}
