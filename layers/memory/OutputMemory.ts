import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type Catalog, en, humanText } from "../../src/domain/locale/index.js"
import { errorObject, resultObject } from "../../src/domain/render.js"
import { Output, type OutputService } from "../../services/Output.js"

/** Captures every line a command prints, parsed, for assertions. */
export class CapturedOutput {
  /** The catalog human texts are built from (English unless a test asks for another locale). */
  constructor(readonly catalog: Catalog = en) {}
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
  catalog: captured.catalog,
  event: (event, human) =>
    Effect.sync(() => {
      captured.lines.push({ ...event })
      if (human !== undefined) captured.human.push(humanText(human, captured.catalog))
    }),
  events: (events, human) =>
    Effect.sync(() => {
      for (const e of events) captured.lines.push({ ...e })
      if (human !== undefined && events.length > 0) captured.human.push(humanText(human, captured.catalog))
    }),
  result: (command, fields, human) =>
    Effect.sync(() => {
      captured.lines.push(resultObject(command, fields))
      if (human !== undefined) captured.human.push(humanText(human, captured.catalog))
    }),
  error: (e, exit) => Effect.sync(() => void captured.lines.push(errorObject(e, exit))),
  log: (m) => Effect.sync(() => void captured.logs.push(m))
})

export const OutputMemory = (captured: CapturedOutput): Layer.Layer<Output> => Layer.succeed(Output, makeMemoryOutput(captured))
