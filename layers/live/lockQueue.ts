import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"

/**
 * Turns in order of arrival for the contenders of one process on one lock key, in front of the lock
 * itself (the cross-process lock file polls, and pollers of one process would otherwise take it in no
 * particular order: a server's pipelined edits of one file starved each other into timeouts).
 *
 * A turn is held for the life of a Scope; closing it hands the key to the next in line. A contender
 * interrupted while it waits (a cancelled MCP call) leaves the line.
 *
 * The timeout is a wait without progress: a contender gives up when the key has not been handed on
 * by a holder that used it (took the lock and let it go) for the whole timeout, counted from its
 * arrival or the latest such hand-over, whichever is later. Behind calls that keep finishing it
 * waits its turn however long the line; behind a holder stuck for the timeout, every contender in
 * line gives up together, not one timeout after another. A holder that works long with the lock (an
 * index of a large workspace) says so (`working`): a contender that entered `whileWorking` counts
 * that as progress too, and waits for it.
 */

interface Turn {
  granted: boolean
  used: boolean
  wake: (() => void) | undefined
}

interface Line {
  held: boolean
  readonly waiting: Array<Turn>
  /** When a holder that used its turn last let it go (epoch ms). */
  lastMove: number
  /** When its holder last said it is working (epoch ms). */
  working: number
}

export interface Entered {
  /** False: no turn (the line did not move for the timeout, or it was not free for a try). */
  readonly turn: boolean
  /** How many contenders of this process were ahead of it on arrival (the holder included). */
  readonly ahead: number
  /** With a turn: until when the caller may wait for the lock itself (the same rule, from now on). */
  readonly deadline: number
  /** With a turn: the lock was taken, so letting it go is progress for those behind. */
  readonly used: () => void
}

export interface LockQueue {
  /**
   * Waits for this key's turn as above; `timeoutMs` undefined: only if it is free now. `whileWorking`:
   * a holder's `working` counts as progress (else a contender that wants the key only if it is free
   * soon waited as long as the holder works).
   */
  readonly enter: (key: string, timeoutMs: number | undefined, options?: { readonly whileWorking?: boolean }) => Effect.Effect<Entered, never, Scope.Scope>
  /** The holder of `key` is working with it, not stuck. */
  readonly working: (key: string) => void
  /** Contenders of this process on `key`: the holder and those waiting (for tests and messages). */
  readonly size: (key: string) => number
}

export const makeLockQueue = (): LockQueue => {
  const lines = new Map<string, Line>()

  const join = (key: string): { line: Line; turn: Turn; ahead: number } => {
    let line = lines.get(key)
    if (line === undefined) {
      line = { held: false, waiting: [], lastMove: 0, working: 0 }
      lines.set(key, line)
    }
    const turn: Turn = { granted: false, used: false, wake: undefined }
    const ahead = (line.held ? 1 : 0) + line.waiting.length
    if (ahead === 0) {
      line.held = true
      turn.granted = true
    } else line.waiting.push(turn)
    return { line, turn, ahead }
  }

  const leave = (key: string, line: Line, turn: Turn) => {
    if (lines.get(key) !== line) return
    if (turn.granted) {
      if (turn.used) line.lastMove = Date.now()
      const next = line.waiting.shift()
      if (next === undefined) {
        lines.delete(key)
        return
      }
      next.granted = true
      next.wake?.()
      return
    }
    const i = line.waiting.indexOf(turn)
    if (i >= 0) line.waiting.splice(i, 1)
    if (!line.held && line.waiting.length === 0) lines.delete(key)
  }

  const granted = (turn: Turn) =>
    Effect.async<void>((resume) => {
      if (turn.granted) return resume(Effect.void)
      turn.wake = () => resume(Effect.void)
      return Effect.sync(() => {
        turn.wake = undefined
      })
    })

  return {
    enter: (key, timeoutMs, options) =>
      Effect.uninterruptibleMask((restore) =>
        Effect.gen(function*() {
          const arrival = Date.now()
          const { ahead, line, turn } = join(key)
          const deadline = () => Math.max(arrival, line.lastMove, options?.whileWorking === true ? line.working : 0) + (timeoutMs ?? 0)
          let left = false
          const out = Effect.sync(() => {
            if (!left) leave(key, line, turn)
            left = true
          })
          // Registered before any wait: an interrupt leaves the line, a holder passes it on.
          yield* Effect.addFinalizer(() => out)
          // Woken by its turn, or at the deadline, which a hand-over meanwhile has moved on.
          while (!turn.granted && timeoutMs !== undefined && Date.now() < deadline()) {
            yield* restore(Effect.timeoutOption(granted(turn), Duration.millis(deadline() - Date.now())))
          }
          if (!turn.granted) {
            // Out of the line now, not when the caller's scope ends, which may be much later.
            yield* out
            return { turn: false, ahead, deadline: 0, used: () => undefined }
          }
          return {
            turn: true,
            ahead,
            deadline: deadline(),
            used: () => {
              turn.used = true
            }
          }
        })
      ),
    working: (key) => {
      const line = lines.get(key)
      if (line?.held === true) line.working = Date.now()
    },
    size: (key) => {
      const line = lines.get(key)
      return line === undefined ? 0 : (line.held ? 1 : 0) + line.waiting.length
    }
  }
}
