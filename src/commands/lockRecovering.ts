/**
 * Locks for a write, taken over from a dead owner only after its transaction was rolled back.
 *
 * The pass before a write (autoRecover) runs before the locks are taken. A writer that then waits
 * for a lock whose holder is killed mid-transaction used to take the lock over and write on top of
 * that half-applied transaction, which a later recovery could only report as a conflict on this file
 * while it rolled the others back. Here a lock held by a dead owner is not taken over: what this
 * acquisition took is let go, the pass runs again (rolling the dead owner's transaction back takes
 * its locks, then frees them; the locks of dead processes are removed after that), and the locks are
 * asked for again.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as ExecutionStrategy from "effect/ExecutionStrategy"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import type { WorkspacePath } from "../domain/workspacePath.js"
import { Lock, type LockKey, lockTimeoutError } from "../../services/Lock.js"
import { autoRecover, refuseBlocked } from "./recover.js"

const isPath = (key: LockKey): key is WorkspacePath => !key.startsWith("inode:") && !key.startsWith("graph-db:")

/**
 * Lock.acquire for a write: every lock held for the rest of the scope, none taken from a dead owner
 * unrecovered. A stale lock that the pass cannot clear (another writer of this workspace is rolling
 * the same transaction back, or this call already holds one of its locks) is asked for again until
 * the timeout, then SPL-E032 (retryable): never taken over with its transaction still pending.
 */
export const acquireRecovering = (keys: ReadonlyArray<LockKey>, timeout: Duration.DurationInput) =>
  Effect.gen(function*() {
    const lock = yield* Lock
    const outer = yield* Effect.scope
    const deadline = Date.now() + Duration.toMillis(Duration.decode(timeout))
    for (let round = 0; ; round++) {
      const attempt = yield* Scope.fork(outer, ExecutionStrategy.sequential)
      const stale = yield* Scope.extend(lock.acquireUnlessStale(keys, Duration.millis(Math.max(0, deadline - Date.now()))), attempt)
      if (stale === undefined) return
      // Let go of what this attempt took: the recovery needs the dead owner's locks, which may be among them.
      yield* Scope.close(attempt, Exit.void)
      yield* refuseBlocked(yield* autoRecover, keys.filter(isPath))
      if (Date.now() >= deadline) return yield* Effect.fail(lockTimeoutError(stale, timeout, 0, null))
      if (round > 0) yield* Effect.sleep(Duration.millis(Math.min(50, 5 * round)))
    }
  })
