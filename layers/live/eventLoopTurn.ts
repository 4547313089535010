import * as Effect from "effect/Effect"

/** The longest stretch of work between two turns of the event loop for others. */
export const SLICE_MS = 20

/**
 * Under Deno, the longest stretch between two turns that let its runtime poll for I/O (see below).
 * Such a turn costs ~2 ms there (a timer's): at most ~4% of an index's time at this spacing.
 */
export const DENO_POLL_MS = 50

const underDeno = "Deno" in globalThis

let sliceStart = performance.now()
let polledAt = performance.now()
let listening = false

/**
 * This process serves requests while it works (`splice mcp`, at its start): under Deno its turns then
 * let the runtime poll for input (see eventLoopTurn). A CLI process has none to hear (a signal still
 * ends its index in 0.5–1 s there) and does not pay for those turns.
 */
export const listenWhileWorking = (): void => {
  listening = true
}

/**
 * A turn of the event loop for others, once SLICE_MS have passed since the last one: long synchronous
 * work (an index of a large workspace runs for minutes) calls this between its steps, so that a
 * server's other calls, its input (a cancellation, the end of input) and signals are served
 * meanwhile. Effect's own yields go through microtasks, which let no I/O in. setImmediate runs after
 * the I/O the loop has waiting, without a timer's delay; an interrupt that came meanwhile is seen as
 * the fiber resumes (the wait itself is interruptible).
 *
 * Not so under Deno: its loop (a tokio runtime) polls pipes, sockets and signals only when it parks or
 * every few dozen of its own steps, and an immediate waiting never lets it park. A line on standard
 * input (an MCP request, a cancellation) waited ~20 turns there, ~0.5 s at 20 ms a slice, and each
 * call needs a few such reads (the request, a worker's answer). A timer turn (setTimeout 0) makes it
 * park for a moment and poll; taken at least every DENO_POLL_MS by a process that listens
 * (immediates otherwise, as a timer turn costs ~2 ms, more on a busy machine), a line waits at most
 * about that long.
 */
export const eventLoopTurn: Effect.Effect<void> = Effect.suspend(() => {
  if (performance.now() - sliceStart < SLICE_MS) return Effect.void
  const poll = listening && underDeno && performance.now() - polledAt >= DENO_POLL_MS
  return Effect.async<void>((resume) => {
    const resumed = () => {
      sliceStart = performance.now()
      if (poll) polledAt = sliceStart
      resume(Effect.void)
    }
    if (poll) {
      const timer = setTimeout(resumed, 0)
      return Effect.sync(() => clearTimeout(timer))
    }
    const handle = setImmediate(resumed)
    return Effect.sync(() => clearImmediate(handle))
  })
})
