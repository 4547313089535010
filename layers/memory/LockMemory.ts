import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Lock, type LockKey, lockTimeoutError, type LockService } from "../../services/Lock.js"
import { makeLockQueue } from "../live/lockQueue.js"

/** Locks as a shared in-process set: the same contract as the lock files, for command tests. */
export class MemoryLocks {
  readonly held = new Set<string>()
  /** Held locks whose owner died (a killed process's lock files): taken over, or reported as stale. */
  readonly dead = new Set<string>()
  /** Contenders in order of arrival, as in one live process. */
  readonly queue = makeLockQueue()

  /** A lock left by a process that was killed while it held it. */
  abandon(key: string): void {
    this.held.add(key)
    this.dead.add(key)
  }
}

export const makeMemoryLock = (locks: MemoryLocks): LockService => {
  const takeOne = (p: string, deadline: number | undefined, takeStale: boolean) =>
    Effect.gen(function*() {
      for (;;) {
        if (locks.dead.has(p)) {
          if (!takeStale) return "stale" as const
          locks.dead.delete(p)
          locks.held.delete(p)
        }
        if (!locks.held.has(p)) {
          locks.held.add(p)
          return "taken" as const
        }
        if (deadline === undefined || Date.now() >= deadline) return "held" as const
        yield* Effect.sleep(Duration.millis(2))
      }
    })
  const lockAll = (paths: ReadonlyArray<string>, timeoutMs: number | undefined, takeStale = true, whileWorking = false) =>
    Effect.gen(function*() {
      for (const p of [...new Set(paths)].sort()) {
        const line = yield* locks.queue.enter(p, timeoutMs, { whileWorking })
        if (!line.turn) return { path: p, ahead: line.ahead, stale: false }
        const got = yield* Effect.acquireRelease(takeOne(p, timeoutMs === undefined ? undefined : line.deadline, takeStale), (t) => Effect.sync(() => t === "taken" && !locks.dead.has(p) && locks.held.delete(p)))
        if (got !== "taken") return { path: p, ahead: 0, stale: got === "stale" }
        line.used()
      }
      return undefined
    })
  return {
    acquire: (paths, timeout, options) =>
      Effect.flatMap(lockAll(paths, Duration.toMillis(Duration.decode(timeout)), true, options?.whileWorking === true), (blocked) =>
        blocked === undefined ? Effect.void : Effect.fail(lockTimeoutError(blocked.path, timeout, blocked.ahead))),
    acquireUnlessStale: (paths, timeout) =>
      Effect.flatMap(lockAll(paths, Duration.toMillis(Duration.decode(timeout)), false), (blocked) =>
        blocked === undefined ? Effect.succeed(undefined) : blocked.stale ? Effect.succeed(blocked.path as LockKey) : Effect.fail(lockTimeoutError(blocked.path, timeout, blocked.ahead))),
    tryAcquire: (paths) => Effect.map(lockAll(paths, undefined), (b) => b === undefined),
    working: (paths) => Effect.sync(() => {
      for (const p of paths) locks.queue.working(p)
    }),
    leaveAbandoned: (keys) => Effect.sync(() => {
      for (const k of keys) if (locks.held.has(k)) locks.dead.add(k)
    }),
    sweepStale: (keep = []) => Effect.sync(() => {
      let n = 0
      for (const p of [...locks.dead]) {
        if (keep.includes(p as LockKey)) continue
        locks.held.delete(p)
        locks.dead.delete(p)
        n++
      }
      return n
    })
  }
}

export const LockMemory = (locks: MemoryLocks = new MemoryLocks()): Layer.Layer<Lock> => Layer.sync(Lock, () => makeMemoryLock(locks))
