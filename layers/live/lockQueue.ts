import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"

/**
 * Turns in order of arrival for the contenders of one process on one lock key, in front of the lock
 * itself (the cross-process lock file polls, and pollers of one process would otherwise take it in no
 * particular order: a server's pipelined edits of one file starved each other into timeouts).
 *
 * A turn is held for the life of a Scope; closing it hands the key to the next in line. A contender
 * interrupted while it waits (a cancelled MCP call) leaves the line; one whose deadline passes
 * leaves it too, and its caller reports the lock error.
 */

interface Turn {
  granted: boolean
  wake: (() => void) | undefined
}

interface Line {
  held: boolean
  readonly waiting: Array<Turn>
}

export interface LockQueue {
  /**
   * Waits for this key's turn until `deadline` (epoch ms; undefined: only if free now). `turn` is
   * false when it did not come; `ahead` is how many were in line (holder included) on arrival, and
   * `queued` whether it had to wait behind another contender of this process.
   */
  readonly enter: (key: string, deadline: number | undefined) => Effect.Effect<{ readonly turn: boolean; readonly ahead: number; readonly queued: boolean }, never, Scope.Scope>
  /** Contenders of this process on `key`: the holder and those waiting (for tests and messages). */
  readonly size: (key: string) => number
}

export const makeLockQueue = (): LockQueue => {
  const lines = new Map<string, Line>()

  const join = (key: string): { turn: Turn; ahead: number } => {
    let line = lines.get(key)
    if (line === undefined) {
      line = { held: false, waiting: [] }
      lines.set(key, line)
    }
    const turn: Turn = { granted: false, wake: undefined }
    const ahead = (line.held ? 1 : 0) + line.waiting.length
    if (ahead === 0) {
      line.held = true
      turn.granted = true
    } else line.waiting.push(turn)
    return { turn, ahead }
  }

  const leave = (key: string, turn: Turn) => {
    const line = lines.get(key)
    if (line === undefined) return
    if (turn.granted) {
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
    enter: (key, deadline) =>
      Effect.uninterruptibleMask((restore) =>
        Effect.gen(function*() {
          const { ahead, turn } = join(key)
          let left = false
          const out = Effect.sync(() => {
            if (!left) leave(key, turn)
            left = true
          })
          // Registered before any wait: an interrupt leaves the line, a holder passes it on.
          yield* Effect.addFinalizer(() => out)
          if (!turn.granted && deadline !== undefined) {
            yield* restore(Effect.timeoutOption(granted(turn), Duration.millis(Math.max(0, deadline - Date.now()))))
          }
          // Not its turn (timed out, or not free for a try): out of the line now, not when the
          // caller's scope ends, which may be much later.
          if (!turn.granted) yield* out
          return { turn: turn.granted, ahead, queued: ahead > 0 }
        })
      ),
    size: (key) => {
      const line = lines.get(key)
      return line === undefined ? 0 : (line.held ? 1 : 0) + line.waiting.length
    }
  }
}
