import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Lock, type LockService } from "../../services/Lock.js"
import { lockTimeoutError } from "../live/LockLive.js"
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
  const lockAll = (paths: ReadonlyArray<string>, timeoutMs: number | undefined) =>
    Effect.gen(function*() {
      for (const p of [...new Set(paths)].sort()) {
        const line = yield* locks.queue.enter(p, timeoutMs)
        if (!line.turn) return { path: p, ahead: line.ahead }
        const got = yield* Effect.acquireRelease(takeOne(p, timeoutMs === undefined ? undefined : line.deadline), (t) => Effect.sync(() => t && locks.held.delete(p)))
        if (!got) return { path: p, ahead: 0 }
        line.used()
      }
      return undefined
    })
  return {
    acquire: (paths, timeout) =>
      Effect.flatMap(lockAll(paths, Duration.toMillis(Duration.decode(timeout))), (blocked) =>
        blocked === undefined ? Effect.void : Effect.fail(lockTimeoutError(blocked.path, timeout, blocked.ahead))),
    tryAcquire: (paths) => Effect.map(lockAll(paths, undefined), (b) => b === undefined),
    // In-process locks die with their scope: none can outlive an owner.
    sweepStale: Effect.succeed(0)
  }
}

export const LockMemory = (locks: MemoryLocks = new MemoryLocks()): Layer.Layer<Lock> => Layer.sync(Lock, () => makeMemoryLock(locks))
