import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import { Lock, type LockService } from "../../services/Lock.js"
import { makeLockQueue } from "../live/lockQueue.js"

/** Locks as a shared in-process set: the same contract as the lock files, for command tests. */
export class MemoryLocks {
  readonly held = new Set<string>()
  /** Contenders in order of arrival, as in one live process. */
  readonly queue = makeLockQueue()
}

export const makeMemoryLock = (locks: MemoryLocks): LockService => {
  const takeOne = (p: string, deadline: number | undefined) =>
    Effect.gen(function*() {
      for (;;) {
        if (!locks.held.has(p)) {
          locks.held.add(p)
          return true
        }
        if (deadline === undefined || Date.now() >= deadline) return false
        yield* Effect.sleep(Duration.millis(2))
      }
    })
  const lockAll = (paths: ReadonlyArray<string>, deadline: number | undefined) =>
    Effect.gen(function*() {
      for (const p of [...new Set(paths)].sort()) {
        const line = yield* locks.queue.enter(p, deadline)
        if (!line.turn) return { path: p, ahead: line.ahead }
        const got = yield* Effect.acquireRelease(takeOne(p, deadline), (t) => Effect.sync(() => t && locks.held.delete(p)))
        if (!got) return { path: p, ahead: 0 }
      }
      return undefined
    })
  return {
    acquire: (paths, timeout) =>
      Effect.flatMap(lockAll(paths, Date.now() + Duration.toMillis(Duration.decode(timeout))), (blocked) =>
        blocked === undefined ? Effect.void : Effect.fail(spliceError("SPL-E032", `lock on ${blocked.path} not taken in time${blocked.ahead > 0 ? ` (${blocked.ahead} call${blocked.ahead === 1 ? "" : "s"} of this process ahead of it)` : ""}`, {
          context: { path: blocked.path, ...(blocked.ahead > 0 ? { ahead: blocked.ahead } : {}) }
        }))),
    tryAcquire: (paths) => Effect.map(lockAll(paths, undefined), (b) => b === undefined),
    // In-process locks die with their scope: none can outlive an owner.
    sweepStale: Effect.succeed(0)
  }
}

export const LockMemory = (locks: MemoryLocks = new MemoryLocks()): Layer.Layer<Lock> => Layer.sync(Lock, () => makeMemoryLock(locks))
