import * as Effect from "effect/Effect"

/** The longest stretch of work between two turns of the event loop for others. */
export const SLICE_MS = 20

let sliceStart = performance.now()

/**
 * A turn of the event loop for others, once SLICE_MS have passed since the last one: long synchronous
 * work (an index of a large workspace runs for minutes) calls this between its steps, so that a
 * server's other calls, its input (a cancellation, the end of input) and signals are served
 * meanwhile. Effect's own yields go through microtasks, which let no I/O in. setImmediate runs after
 * the I/O the loop has waiting, without a timer's delay; an interrupt that came meanwhile is seen as
 * the fiber resumes (the wait itself is interruptible).
 */
export const eventLoopTurn: Effect.Effect<void> = Effect.suspend(() => {
  if (performance.now() - sliceStart < SLICE_MS) return Effect.void
  return Effect.async<void>((resume) => {
    const handle = setImmediate(() => {
      sliceStart = performance.now()
      resume(Effect.void)
    })
    return Effect.sync(() => clearImmediate(handle))
  })
})
