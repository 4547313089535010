import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { errorObject, resultObject } from "../../src/domain/render.js"
import { Output, type OutputService } from "../../services/Output.js"

/** Captures every line a command prints, parsed, for assertions. */
export class CapturedOutput {
  readonly lines: Array<Record<string, unknown>> = []
  readonly logs: string[] = []
  /** What human mode would have printed for each event and result (when the command gave a text). */
  readonly human: string[] = []
  get last(): Record<string, unknown> | undefined {
    return this.lines[this.lines.length - 1]
  }
}

export const makeMemoryOutput = (captured: CapturedOutput): OutputService => ({
  mode: "json",
  event: (event, human) =>
    Effect.sync(() => {
      captured.lines.push({ ...event })
      if (human !== undefined) captured.human.push(human)
    }),
  events: (events, human) =>
    Effect.sync(() => {
      for (const e of events) captured.lines.push({ ...e })
      if (human !== undefined && events.length > 0) captured.human.push(human)
    }),
  result: (command, fields, human) =>
    Effect.sync(() => {
      captured.lines.push(resultObject(command, fields))
      if (human !== undefined) captured.human.push(human)
    }),
  error: (e, exit) => Effect.sync(() => void captured.lines.push(errorObject(e, exit))),
  log: (m) => Effect.sync(() => void captured.logs.push(m))
})

export const OutputMemory = (captured: CapturedOutput): Layer.Layer<Output> => Layer.succeed(Output, makeMemoryOutput(captured))
