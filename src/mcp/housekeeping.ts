/**
 * A server's journal housekeeping between calls, per workspace. Right after each answered write the
 * next begin's file is made (it takes a directory flush off the next write's path). Pruning the
 * history waits until no call has been in flight for IDLE_MS, or until EVERY writes were answered
 * since the last prune: a prune lists the history and removes its oldest entry, ~0.3 ms of CPU that
 * edits sent back to back paid one after another. So the history may hold up to EVERY entries beyond
 * its limit for a moment; a CLI process prunes once, when it exits.
 */
import * as Effect from "effect/Effect"
import * as Runtime from "effect/Runtime"
import { type Journal, prepareNextBegin, pruneHistory } from "../../services/Journal.js"

export const IDLE_MS = 250
export const EVERY = 16

export interface Housekeeping {
  /** A write was answered in this workspace. */
  readonly answered: (runtime: Runtime.Runtime<Journal>) => void
  /** Chores under way (awaited before the server exits). */
  readonly inFlight: () => ReadonlyArray<Promise<unknown>>
  /** Prune every workspace that wrote since its last prune, now (the server is closing). */
  readonly flush: () => void
}

/** What is run: the journal's steps (a test counts them instead). */
export interface Chores {
  readonly prepare: Effect.Effect<void, never, Journal>
  readonly prune: Effect.Effect<void, never, Journal>
}

export const makeHousekeeping = (busy: () => boolean, run: Chores = { prepare: prepareNextBegin, prune: pruneHistory }): Housekeeping => {
  const chores = new Set<Promise<unknown>>()
  const chore = (runtime: Runtime.Runtime<Journal>, effect: Effect.Effect<void, never, Journal>) => {
    const p = Runtime.runPromise(runtime)(effect).catch(() => undefined)
    chores.add(p)
    void p.finally(() => chores.delete(p))
  }
  /** Writes answered since each workspace's last prune. */
  const due = new Map<Runtime.Runtime<Journal>, number>()
  let timer: NodeJS.Timeout | undefined
  const prune = (runtime: Runtime.Runtime<Journal>) => {
    due.delete(runtime)
    chore(runtime, run.prune)
  }
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    for (const runtime of [...due.keys()]) prune(runtime)
  }
  const whenIdle = () => {
    timer = undefined
    if (busy()) arm()
    else flush()
  }
  const arm = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(whenIdle, IDLE_MS)
    // Never what keeps the process alive: the server exits when its input ends (after a flush).
    timer.unref()
  }
  return {
    answered: (runtime) => {
      setImmediate(() => {
        chore(runtime, run.prepare)
        const n = (due.get(runtime) ?? 0) + 1
        if (n >= EVERY) prune(runtime)
        else {
          due.set(runtime, n)
          arm()
        }
      })
    },
    inFlight: () => [...chores],
    flush
  }
}
