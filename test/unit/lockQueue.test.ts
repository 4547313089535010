/**
 * The in-process line in front of a lock: contenders of one process take a lock in order of
 * arrival, a cancelled one leaves the line, and the lock timeout counts from arrival. Run against
 * the queue itself, the memory lock (command tests' Lock) and the live lock files.
 */
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { afterAll, describe, expect, it } from "vitest"
import { makeLock } from "../../layers/live/LockLive.js"
import { makeLockQueue } from "../../layers/live/lockQueue.js"
import { makeMemoryLock, MemoryLocks } from "../../layers/memory/LockMemory.js"
import type { LockKey, LockService } from "../../services/Lock.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"

const F = "f.py" as LockKey
const G = "g.py" as LockKey
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "splice-lockq-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Lets the fibers started so far run up to their first wait. */
const settle = Effect.sleep(Duration.millis(5))

const flavours: ReadonlyArray<readonly [string, () => LockService]> = [
  ["memory", () => makeMemoryLock(new MemoryLocks())],
  ["live", () => makeLock(fs.mkdtempSync(path.join(dir, "ws-")))]
]

describe.each(flavours)("%s lock: one process's contenders", (_, make) => {
  it("take a lock in order of arrival, one at a time, and all get it", async () => {
    const lock = make()
    const order: number[] = []
    let inside = 0
    let most = 0
    const contender = (i: number) =>
      Effect.scoped(Effect.gen(function*() {
        yield* lock.acquire([F], Duration.seconds(10))
        inside++
        most = Math.max(most, inside)
        order.push(i)
        // Alternately an instant and a real hold: the order must not depend on how long each takes.
        yield* Effect.sleep(Duration.millis(i % 2 === 0 ? 0 : 3))
        inside--
      }))
    await Effect.runPromise(Effect.gen(function*() {
      const fibers = []
      for (let i = 0; i < 20; i++) {
        fibers.push(yield* Effect.fork(contender(i)))
        yield* Effect.yieldNow()
      }
      yield* Fiber.joinAll(fibers)
    }))
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i))
    expect(most).toBe(1)
  })

  it("a cancelled contender leaves the line: the ones behind it move up, and it never takes the lock", async () => {
    const lock = make()
    const order: string[] = []
    const contender = (name: string, hold: Effect.Effect<void>) =>
      Effect.scoped(Effect.gen(function*() {
        yield* lock.acquire([F], Duration.seconds(10))
        order.push(name)
        yield* hold
      }))
    await Effect.runPromise(Effect.gen(function*() {
      // a holds the lock until b is cancelled (a fixed hold raced the cancellation on a loaded machine).
      const release = yield* Deferred.make<void>()
      const a = yield* Effect.fork(contender("a", Deferred.await(release)))
      yield* settle
      const b = yield* Effect.fork(contender("b", Effect.void))
      yield* settle
      const c = yield* Effect.fork(contender("c", Effect.void))
      yield* settle
      yield* Fiber.interrupt(b)
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(a)
      yield* Fiber.join(c)
      expect(Exit.isInterrupted(yield* Fiber.await(b))).toBe(true)
    }))
    expect(order).toEqual(["a", "c"])
    // Nothing of the cancelled one is left: the lock is free for a try.
    expect(await Effect.runPromise(Effect.scoped(lock.tryAcquire([F])))).toBe(true)
  })

  it("the timeout is a wait without a hand-over: behind holders that keep finishing, every contender gets its turn, however long the line", async () => {
    const lock = make()
    const order: number[] = []
    // 8 holders of 60 ms each, every contender with a 250 ms timeout: 480 ms in all (a hand-over may
    // take ~190 ms on a loaded machine before a timeout would fire).
    const contender = (i: number) =>
      Effect.scoped(Effect.gen(function*() {
        yield* lock.acquire([F], Duration.millis(250))
        order.push(i)
        yield* Effect.sleep(Duration.millis(60))
      }))
    const t0 = Date.now()
    await Effect.runPromise(Effect.forEach(Array.from({ length: 8 }, (_, i) => i), contender, { concurrency: "unbounded" }))
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(Date.now() - t0).toBeGreaterThan(400)
  })

  it("behind a holder that keeps the lock past the timeout, everyone in line gives up together with SPL-E032 naming how many were ahead; the line goes on after", async () => {
    const lock = make()
    const order: string[] = []
    const failed: Array<{ at: number; error: SpliceError }> = []
    const t0 = Date.now()
    const waiter = (name: string) =>
      Effect.scoped(Effect.flatMap(lock.acquire([F], Duration.millis(150)), () => Effect.sync(() => order.push(name)))).pipe(
        Effect.catchAll((error) => Effect.sync(() => void failed.push({ at: Date.now() - t0, error })))
      )
    await Effect.runPromise(Effect.gen(function*() {
      const stuck = yield* Effect.fork(Effect.scoped(Effect.zipRight(lock.acquire([F], Duration.seconds(1)), Effect.sleep(Duration.millis(400)))))
      yield* settle
      const ws = []
      for (const name of ["a", "b", "c"]) {
        ws.push(yield* Effect.fork(waiter(name)))
        yield* settle
      }
      yield* Fiber.joinAll(ws)
      yield* Fiber.join(stuck)
      yield* waiter("after")
    }))
    expect(failed.map((f) => f.error.code)).toEqual(["SPL-E032", "SPL-E032", "SPL-E032"])
    expect(failed.map((f) => f.error.context?.["ahead"])).toEqual([1, 2, 3])
    expect(failed[2]!.error.message).toContain("did not change hands within 150ms (3 calls of this process ahead of it)")
    // Together, at about one timeout: not one timeout after another as each gave up.
    expect(Math.max(...failed.map((f) => f.at))).toBeLessThan(390)
    expect(order).toEqual(["after"])
  })

  it("behind a holder that says it is working past the timeout (an index), a contender waiting whileWorking gets its turn; one that is not gives up (SPL-E032)", async () => {
    const lock = make()
    const got: string[] = []
    const failed: string[] = []
    const waiter = (name: string, whileWorking: boolean) =>
      Effect.scoped(Effect.flatMap(lock.acquire([F], Duration.millis(150), { whileWorking }), () => Effect.sync(() => got.push(name)))).pipe(
        Effect.catchAll((error) => Effect.sync(() => void failed.push(`${name} ${error.code}`)))
      )
    await Effect.runPromise(Effect.gen(function*() {
      // Holds the lock 600 ms, four timeouts, saying every 30 ms that it works.
      const indexing = yield* Effect.fork(Effect.scoped(Effect.gen(function*() {
        yield* lock.acquire([F], Duration.seconds(1))
        for (let i = 0; i < 20; i++) {
          yield* lock.working([F])
          yield* Effect.sleep(Duration.millis(30))
        }
      })))
      yield* settle
      const patient = yield* Effect.fork(waiter("patient", true))
      const brief = yield* Effect.fork(waiter("brief", false))
      yield* Fiber.join(brief)
      yield* Fiber.join(patient)
      yield* Fiber.join(indexing)
    }))
    expect(failed).toEqual(["brief SPL-E032"])
    expect(got).toEqual(["patient"])
  })

  it("a try takes nothing while another contender is in line, and leaves no place behind", async () => {
    const lock = make()
    await Effect.runPromise(Effect.gen(function*() {
      const a = yield* Effect.fork(Effect.scoped(Effect.zipRight(lock.acquire([F], Duration.seconds(10)), Effect.sleep(Duration.millis(30)))))
      yield* settle
      // The try's scope stays open: its failed try must not hold a place in the line meanwhile.
      yield* Effect.scoped(Effect.gen(function*() {
        expect(yield* lock.tryAcquire([F])).toBe(false)
        yield* Fiber.join(a)
        yield* Effect.scoped(lock.acquire([F], Duration.millis(200)))
      }))
    }))
  })

  it("several paths: taken in sorted order, so two contenders locking them in opposite orders both finish", async () => {
    const lock = make()
    const done: string[] = []
    const both = (name: string, paths: ReadonlyArray<LockKey>) =>
      Effect.scoped(Effect.gen(function*() {
        yield* lock.acquire(paths, Duration.seconds(5))
        yield* Effect.sleep(Duration.millis(5))
        done.push(name)
      }))
    await Effect.runPromise(Effect.all([both("x", [F, G]), both("y", [G, F]), both("z", [G])], { concurrency: "unbounded" }))
    expect(done.sort()).toEqual(["x", "y", "z"])
  })
})

describe("the lock queue", () => {
  it("a contender whose timeout passes leaves the line at once, though its scope stays open", async () => {
    const q = makeLockQueue()
    await Effect.runPromise(Effect.gen(function*() {
      // a holds its turn until the late one has timed out (a fixed hold raced it on a loaded machine).
      const release = yield* Deferred.make<void>()
      const a = yield* Effect.fork(Effect.scoped(Effect.zipRight(q.enter("k", 1000), Deferred.await(release))))
      yield* settle
      yield* Effect.scoped(Effect.gen(function*() {
        const late = yield* q.enter("k", 5)
        expect(late).toMatchObject({ turn: false, ahead: 1 })
        expect(q.size("k")).toBe(1)
        yield* Deferred.succeed(release, undefined)
        yield* Fiber.join(a)
        expect(q.size("k")).toBe(0)
      }))
      expect(q.size("k")).toBe(0)
      const next = yield* Effect.scoped(q.enter("k", undefined))
      expect(next).toMatchObject({ turn: true, ahead: 0 })
    }))
  })

  it("keys are independent", async () => {
    const q = makeLockQueue()
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      expect((yield* q.enter("a", undefined)).turn).toBe(true)
      expect((yield* q.enter("b", undefined)).turn).toBe(true)
      expect((yield* q.enter("a", undefined)).turn).toBe(false)
      expect(q.size("a")).toBe(1)
    })))
  })
})

describe("live lock: another process waiting", () => {
  /** A workspace whose lock directory exists, and the lock file's name for F without its extension. */
  const lockFiles = async () => {
    const root = fs.mkdtempSync(path.join(dir, "ws-"))
    const lock = makeLock(root)
    await Effect.runPromise(Effect.scoped(lock.acquire([F], Duration.seconds(1))))
    const locks = path.join(root, ".splice", "locks")
    return { lock, locks, base: path.join(locks, createHash("sha1").update(F).digest("hex").slice(0, 24)) }
  }

  it("acquireUnlessStale names a lock whose owner died and leaves it in place; a live owner's is waited for (SPL-E032)", async () => {
    const { base, lock, locks } = await lockFiles()
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!
    fs.writeFileSync(base + ".lock", JSON.stringify({ pid: dead, host: os.hostname(), token: "t", path: F, since: "" }))
    expect(await Effect.runPromise(Effect.scoped(lock.acquireUnlessStale([G, F], Duration.seconds(1))))).toBe(F)
    // G (taken first, in sorted order) went with the scope; the dead owner's file is still there for its recovery.
    expect(fs.readdirSync(locks)).toEqual([path.basename(base) + ".lock"])
    fs.writeFileSync(base + ".lock", JSON.stringify({ pid: 1, host: os.hostname(), token: "t", path: F, since: "" }))
    const held = await Effect.runPromise(Effect.flip(Effect.scoped(lock.acquireUnlessStale([F], Duration.millis(50)))))
    expect(held.code).toBe("SPL-E032")
    fs.rmSync(base + ".lock")
    expect(await Effect.runPromise(Effect.scoped(lock.acquireUnlessStale([F, G], Duration.seconds(1))))).toBeUndefined()
    expect(fs.readdirSync(locks)).toEqual([])
  })

  it("leaveAbandoned keeps a lock past its scope as a dead owner's: named stale, taken over by recovery, kept by sweepStale while pending", async () => {
    const { base, lock, locks } = await lockFiles()
    await Effect.runPromise(Effect.scoped(Effect.zipRight(lock.tryAcquire([F]), lock.leaveAbandoned([F, G], "tx-1"))))
    // Still there after the scope (G was never taken: nothing made for it), held for tx-1.
    expect(fs.readdirSync(locks)).toEqual([path.basename(base) + ".lock"])
    expect(JSON.parse(fs.readFileSync(base + ".lock", "utf8")).abandoned).toBe("tx-1")
    expect(await Effect.runPromise(Effect.scoped(lock.acquireUnlessStale([F], Duration.seconds(1))))).toBe(F)
    expect(await Effect.runPromise(lock.sweepStale([F]))).toBe(0)
    // A recovery takes it over (and, rolled back, lets it go); a later sweep removes an abandoned one.
    expect(await Effect.runPromise(Effect.scoped(lock.tryAcquire([F])))).toBe(true)
    expect(fs.readdirSync(locks)).toEqual([])
    await Effect.runPromise(Effect.scoped(Effect.zipRight(lock.tryAcquire([F]), lock.leaveAbandoned([F], "tx-2"))))
    expect(await Effect.runPromise(lock.sweepStale())).toBe(1)
    expect(fs.readdirSync(locks)).toEqual([])
  })

  it("a contender finding another process's fresh wait mark lets it take the free lock first", async () => {
    const { base, lock, locks } = await lockFiles()
    // Another process (pid 1 stands in) polls every ~50 ms; it takes the lock 60 ms from now.
    fs.writeFileSync(base + ".wait", `1@${os.hostname()}`)
    const other = setTimeout(() => {
      fs.writeFileSync(base + ".lock", JSON.stringify({ pid: 1, host: os.hostname(), token: "t", path: F, since: "" }))
      fs.rmSync(base + ".wait")
      setTimeout(() => fs.rmSync(base + ".lock"), 60)
    }, 60)
    const t0 = Date.now()
    await Effect.runPromise(Effect.scoped(lock.acquire([F], Duration.seconds(5))))
    clearTimeout(other)
    // It waited for the other process's turn (60 + 60 ms), not taken the lock at once.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(110)
    // A stale mark (its waiter died or gave up long ago) is ignored, and swept.
    fs.writeFileSync(base + ".wait", `1@${os.hostname()}`)
    const old = new Date(Date.now() - 10_000)
    fs.utimesSync(base + ".wait", old, old)
    const t1 = Date.now()
    await Effect.runPromise(Effect.scoped(lock.acquire([F], Duration.seconds(5))))
    expect(Date.now() - t1).toBeLessThan(900) // not the second it would let a live waiter have
    expect(await Effect.runPromise(lock.sweepStale())).toBe(1)
    expect(fs.readdirSync(locks)).toEqual([])
  })

  it("a waiter marks itself while it polls, and removes its mark once it has the lock", async () => {
    const { base, lock, locks } = await lockFiles()
    fs.writeFileSync(base + ".lock", JSON.stringify({ pid: 1, host: os.hostname(), token: "t", path: F, since: "" }))
    let seen = ""
    const other = setTimeout(() => {
      seen = fs.readFileSync(base + ".wait", "utf8")
      fs.rmSync(base + ".lock")
    }, 80)
    await Effect.runPromise(Effect.scoped(lock.acquire([F], Duration.seconds(5))))
    clearTimeout(other)
    expect(seen).toBe(`${process.pid}@${os.hostname()}`)
    expect(fs.readdirSync(locks)).toEqual([])
  })
})
