/**
 * Locks for a write, taken over from a dead owner only after its transaction was rolled back.
 *
 * The pass before a write (autoRecover) runs before the locks are taken. A writer that then waits
 * for a lock whose holder is killed mid-transaction used to take the lock over and write on top of
 * that half-applied transaction, which a later recovery could only report as a conflict on this file
 * while it rolled the others back. Here a lock held by a dead owner is not taken over: what this
 * acquisition took is let go, the pass runs again (rolling the dead owner's transaction back takes
 * its locks, then frees them), and the locks are asked for again.
 */
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as ExecutionStrategy from "effect/ExecutionStrategy"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import type { WorkspacePath } from "../domain/workspacePath.js"
import { Lock, type LockKey } from "../../services/Lock.js"
import { autoRecover, refuseBlocked } from "./recover.js"

/**
 * Rounds of recovery before a stale lock is simply taken over: it stays stale only while another
 * process is taking it over itself (its guard file), or when a recovery cannot take the dead owner's
 * locks (this call holds one of them already, taken earlier in its scope).
 */
const ROUNDS = 3

const isPath = (key: LockKey): key is WorkspacePath => !key.startsWith("inode:") && !key.startsWith("graph-db:")

/** Lock.acquire for a write: every lock held for the rest of the scope, none taken from a dead owner unrecovered. */
export const acquireRecovering = (keys: ReadonlyArray<LockKey>, timeout: Duration.DurationInput) =>
  Effect.gen(function*() {
    const lock = yield* Lock
    const outer = yield* Effect.scope
    for (let round = 0; round < ROUNDS; round++) {
      const attempt = yield* Scope.fork(outer, ExecutionStrategy.sequential)
      const stale = yield* Scope.extend(lock.acquireUnlessStale(keys, timeout), attempt)
      if (stale === undefined) return
      // Let go of what this attempt took: the recovery needs the dead owner's locks, which may be among them.
      yield* Scope.close(attempt, Exit.void)
      yield* refuseBlocked(yield* autoRecover, keys.filter(isPath))
    }
    yield* lock.acquire(keys, timeout)
  })
