import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { SpliceError, spliceError } from "../../src/domain/SpliceError.js"
import { sha1Hex } from "../../src/domain/sha1.js"
import { readRegularFile } from "./FileStoreLive.js"
import { isProcessAlive, SELF_START } from "./processIdentity.js"
import { Lock, type LockKey, lockTimeoutError, type LockService } from "../../services/Lock.js"
import { fromErrno } from "./errno.js"
import { makeLockQueue } from "./lockQueue.js"

/**
 * Lock files under `<workspace>/.splice/locks/`, one per locked path, created with O_EXCL and
 * holding the owner's pid, host and start time. A lock whose owner is a dead process on this host
 * is taken over; the takeover itself is serialised by a second O_EXCL file so two processes
 * cannot both remove a stale lock and then each other's fresh one.
 *
 * Contenders of one process (a server's concurrent calls) wait for a lock file in order of arrival
 * (lockQueue.ts), and only the first in line polls it. Processes poll: a waiter that finds the lock
 * held refreshes a `.wait` mark beside it, and a contender that would take a free lock while another
 * process's mark is fresh lets that process have it first. Otherwise a server whose line hands the
 * lock from call to call would leave a polling CLI only the instant between two of them.
 */

interface Owner {
  readonly pid: number
  /** The owner's start time: a recycled pid is not the owner. */
  readonly start?: string
  readonly host: string
  readonly token: string
  readonly path: string
  readonly since: string
  /** Held for this transaction, which could not be rolled back: stale whoever wrote it (Lock.leaveAbandoned). */
  readonly abandoned?: string
}

const HOST = os.hostname()

/** One line per lock file for the whole process: two services on one workspace share it. */
const queue = makeLockQueue()

/** A waiter polls at least every 100 ms (takeOne): a mark older than this is nobody's. */
const WAIT_FRESH_MS = 500
/** How long a contender lets another process's waiter go first, at most. */
const YIELD_MAX_MS = 1000

const waitFileFor = (file: string) => file.slice(0, -".lock".length) + ".wait"

/** Another process has polled this lock and found it held, just now. */
const foreignWaiter = (wait: string): boolean => {
  try {
    // Mostly absent: asked without the thrown ENOENT (an Error and its stack per lock taken).
    const st = fs.statSync(wait, { throwIfNoEntry: false })
    if (st === undefined || Date.now() - st.mtimeMs > WAIT_FRESH_MS) return false
    return new TextDecoder().decode(readRegularFile(wait, wait, true)) !== `${process.pid}@${HOST}`
  } catch {
    return false
  }
}

/** Best effort: a mark that cannot be written only costs this waiter its priority. */
const markWaiting = (wait: string) => {
  try {
    // Never through a symlink planted there, never blocking on a FIFO.
    const fd = fs.openSync(wait, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK, 0o644)
    try {
      fs.writeSync(fd, `${process.pid}@${HOST}`)
    } finally {
      fs.closeSync(fd)
    }
  } catch {
    // ignored
  }
}

const unmarkWaiting = (wait: string) => {
  try {
    if (new TextDecoder().decode(readRegularFile(wait, wait, true)) === `${process.pid}@${HOST}`) fs.rmSync(wait, { force: true })
  } catch {
    // gone, or another's
  }
}

const readOwner = (file: string): Owner | undefined => {
  try {
    // Never block on a FIFO planted where a lock file should be.
    return JSON.parse(new TextDecoder().decode(readRegularFile(file, file, true))) as Owner
  } catch {
    return undefined
  }
}

const ageMs = (file: string): number => {
  try {
    return Date.now() - fs.statSync(file).mtimeMs
  } catch {
    return 0
  }
}

/** A lock is stale when its owner died on this host, or it is unreadable and old (a torn create). */
const isStale = (file: string): boolean => {
  const owner = readOwner(file)
  if (owner === undefined) return ageMs(file) > 2000
  if (owner.abandoned !== undefined) return true
  if (owner.host !== HOST) return false
  if (owner.pid === process.pid) return owner.start !== undefined && SELF_START !== undefined && owner.start !== SELF_START
  return !isProcessAlive(owner.pid, owner.start)
}

/**
 * The lock directory must be a real directory inside the workspace: a `.splice` or `.splice/locks`
 * symlink (which a repository can ship) would make splice create lock files wherever it points.
 */
const checkLockDir = (root: string, dir: string) => {
  for (const d of [path.join(root, ".splice"), dir]) {
    const st = fs.lstatSync(d, { throwIfNoEntry: false })
    if (st !== undefined && !st.isDirectory()) {
      const rel = path.relative(root, d)
      throw spliceError("SPL-E068", `${rel} is ${st.isSymbolicLink() ? "a symlink" : "not a directory"}: splice will not keep its locks there`, {
        context: { path: rel, kind: st.isSymbolicLink() ? "symlink" : "other" }
      })
    }
  }
}

/**
 * Remove a stale lock file, holding its takeover guard (an O_EXCL file beside it) while it checks
 * again and removes it: between a check and an unlink without the guard, another process may have
 * taken the lock over (removed the stale file and made its own), and that live lock would go,
 * letting a third writer in beside it. Whoever finds the guard held leaves the lock alone.
 */
const removeIfStale = (file: string): boolean => {
  const guard = file + ".takeover"
  try {
    fs.closeSync(fs.openSync(guard, "wx"))
  } catch (e) {
    if ((e as { code?: string }).code !== "EEXIST") throw e
    if (ageMs(guard) > 5000) fs.rmSync(guard, { force: true }) // a taker died mid-takeover
    return false
  }
  try {
    if (!isStale(file)) return false
    fs.rmSync(file, { force: true })
    return true
  } finally {
    fs.rmSync(guard, { force: true })
  }
}

export const makeLock = (root: string): LockService => {
  const dir = path.join(root, ".splice", "locks")
  const fileFor = (p: string) => path.join(dir, sha1Hex(p).slice(0, 24) + ".lock")
  let seq = 0

  /** One attempt: "taken", "held" by a live owner, or (when `takeStale` is false) "stale": its owner is dead. */
  const attempt = (p: string, token: string, takeStale: boolean): "taken" | "held" | "stale" => {
    const file = fileFor(p)
    checkLockDir(root, dir)
    for (let round = 0; round < 2; round++) {
      let fd: number | undefined
      try {
        try {
          fd = fs.openSync(file, "wx", 0o644)
        } catch (e) {
          // The lock directory is made when first missing (not looked for before every lock).
          if ((e as { code?: string }).code !== "ENOENT") throw e
          fs.mkdirSync(dir, { recursive: true })
          checkLockDir(root, dir)
          fd = fs.openSync(file, "wx", 0o644)
        }
        const owner: Owner = { pid: process.pid, ...(SELF_START !== undefined ? { start: SELF_START } : {}), host: HOST, token, path: p, since: new Date().toISOString() }
        fs.writeSync(fd, JSON.stringify(owner))
        fs.closeSync(fd)
        return "taken"
      } catch (e) {
        if (fd !== undefined) {
          // Created but not written (disk full): no empty lock file may stay behind.
          fs.closeSync(fd)
          fs.rmSync(file, { force: true })
          throw e
        }
        if ((e as { code?: string }).code !== "EEXIST") throw e
      }
      if (!isStale(file)) return "held"
      if (!takeStale) return "stale"
      // Found live again, or someone else is taking it over: held. Removed: the next round takes it.
      if (!removeIfStale(file)) return "held"
    }
    return "held"
  }

  const release = (p: string, token: string) =>
    Effect.sync(() => {
      const file = fileFor(p)
      if (readOwner(file)?.token !== token) return
      try {
        fs.unlinkSync(file)
      } catch (e) {
        if ((e as { code?: string }).code !== "ENOENT") throw e
      }
    })

  /** Polls the lock file until `deadline`; `held.taken` is set the moment it is taken. */
  const takeOne = (p: string, token: string, deadline: number | undefined, held: { taken: boolean }, takeStale: boolean) =>
    Effect.gen(function*() {
      const file = fileFor(p)
      const wait = waitFileFor(file)
      const tryOnce = Effect.try({
        try: () => {
          const r = attempt(p, token, takeStale)
          if (r === "taken") held.taken = true
          return r
        },
        catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "lock", p))
      })
      if (deadline !== undefined && foreignWaiter(wait)) {
        // Another process has been waiting: it takes the free lock at its next poll.
        const until = Math.min(deadline, Date.now() + YIELD_MAX_MS)
        while (Date.now() < until && foreignWaiter(wait) && !fs.existsSync(file)) yield* Effect.sleep(Duration.millis(10))
      }
      let delay = 5
      let marked = false
      const poll = Effect.gen(function*() {
        for (;;) {
          const r = yield* tryOnce
          if (r !== "held") return r
          if (deadline === undefined || Date.now() >= deadline) return "held" as const
          markWaiting(wait)
          marked = true
          yield* Effect.sleep(Duration.millis(Math.min(delay, Math.max(1, deadline - Date.now()))))
          delay = Math.min(delay * 2, 100)
        }
      })
      return yield* Effect.ensuring(poll, Effect.sync(() => marked && unmarkWaiting(wait)))
    })

  const lockAll = (paths: ReadonlyArray<string>, timeoutMs: number | undefined, takeStale = true, whileWorking = false) =>
    Effect.gen(function*() {
      const token = `${process.pid}-${Date.now()}-${seq++}`
      for (const p of [...new Set(paths)].sort()) {
        // First this process's line (in order of arrival), then the file against other processes.
        const line = yield* queue.enter(fileFor(p), timeoutMs, { whileWorking })
        if (!line.turn) return { ok: false as const, path: p, holder: readOwner(fileFor(p)), ahead: line.ahead }
        const held = { taken: false }
        // Interruptible while it polls (a cancelled call); released whenever it was taken.
        yield* Effect.addFinalizer(() => (held.taken ? release(p, token) : Effect.void))
        const r = yield* takeOne(p, token, timeoutMs === undefined ? undefined : line.deadline, held, takeStale)
        if (r === "stale") return { ok: false as const, stale: true, path: p, holder: undefined, ahead: 0 }
        if (r === "held") return { ok: false as const, path: p, holder: readOwner(fileFor(p)), ahead: 0 }
        line.used()
      }
      return { ok: true as const }
    })

  return {
    acquire: (paths, timeout, options) =>
      Effect.flatMap(lockAll(paths, Duration.toMillis(Duration.decode(timeout)), true, options?.whileWorking === true), (r) =>
        r.ok ? Effect.void : Effect.fail(lockTimeoutError(r.path, timeout, r.ahead, r.holder === undefined ? null : { pid: r.holder.pid, host: r.holder.host, since: r.holder.since }))),
    acquireUnlessStale: (paths, timeout) =>
      Effect.flatMap(lockAll(paths, Duration.toMillis(Duration.decode(timeout)), false), (r) =>
        r.ok ? Effect.succeed(undefined) : "stale" in r ? Effect.succeed(r.path as LockKey) : Effect.fail(lockTimeoutError(r.path, timeout, r.ahead, r.holder === undefined ? null : { pid: r.holder.pid, host: r.holder.host, since: r.holder.since }))),
    tryAcquire: (paths) => Effect.map(lockAll(paths, undefined), (r) => r.ok),
    working: (paths) => Effect.sync(() => {
      for (const p of paths) queue.working(fileFor(p))
    }),
    leaveAbandoned: (keys, tx) => Effect.try({
      try: () => {
        for (const k of keys) {
          const file = fileFor(k)
          const owner = readOwner(file)
          if (owner === undefined || owner.pid !== process.pid || owner.host !== HOST || owner.abandoned !== undefined) continue
          // Replaced whole (a reader never sees it torn); its token no longer ours, the scope's release leaves it.
          const temp = `${file}.${process.pid}.abandon`
          fs.writeFileSync(temp, JSON.stringify({ ...owner, token: `abandoned:${tx}`, abandoned: tx } satisfies Owner), { mode: 0o644 })
          fs.renameSync(temp, file)
        }
      },
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "lock", ".splice/locks"))
    }),
    sweepStale: (keep = []) => Effect.try({
      try: () => {
        if (!fs.existsSync(dir)) return 0
        const kept = new Set(keep.map(fileFor))
        checkLockDir(root, dir)
        let removed = 0
        for (const name of fs.readdirSync(dir)) {
          const file = path.join(dir, name)
          if (name.endsWith(".lock")) {
            if (kept.has(file)) continue
            // Checked again under the takeover guard: see removeIfStale.
            if (isStale(file) && removeIfStale(file)) removed++
          } else if ((name.endsWith(".takeover") || name.endsWith(".wait")) && ageMs(file) > 5000) {
            fs.rmSync(file, { force: true })
            removed++
          }
        }
        return removed
      },
      catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "lock", ".splice/locks"))
    })
  }
}

export const LockLive = (root: string): Layer.Layer<Lock> => Layer.sync(Lock, () => makeLock(root))
