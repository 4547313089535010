/**
 * Running a batch of edits inside an Effect. The work is a generator (src/domain/batchEngine.ts);
 * between its slices this driver gives the event loop a turn at least every BREATH_MS, so a signal
 * handler can run and the fiber can be interrupted (SIGINT/SIGTERM stop a 100,000-edit batch at
 * once instead of after it). Big batches report progress on stderr.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { applyEditsStepwise, type Edit } from "../domain/applyEdits.js"
import type { LineEnding } from "../domain/lineEndings.js"
import { Output } from "../../services/Output.js"

/** Longest stretch of work between two turns of the event loop. */
const BREATH_MS = 50
/** Batches this large (or slower than a second) say how far they are. */
const PROGRESS_FROM = 1000
const PROGRESS_EVERY_MS = 1000

export const applyBatch = (file: string, text: string, lineEnding: LineEnding, edits: ReadonlyArray<Edit>) =>
  Effect.gen(function*() {
    const output = yield* Output
    const steps = applyEditsStepwise(text, lineEnding, edits)
    const started = Date.now()
    let breathed = started
    let reported = edits.length >= PROGRESS_FROM ? started : undefined
    if (reported !== undefined) yield* output.log((t) => t.notes.applying(edits.length, file))
    for (;;) {
      const step = steps.next()
      if (step.done === true) return step.value
      const now = Date.now()
      if (now - (reported ?? started) >= PROGRESS_EVERY_MS) {
        reported = now
        const { done, total } = step.value
        yield* output.log((t) => t.notes.applyingProgress(file, done, total))
      }
      if (now - breathed >= BREATH_MS) {
        // A timer, not a microtask: signals are delivered by the event loop.
        yield* Effect.sleep(Duration.zero)
        breathed = Date.now()
      }
    }
  })
