import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { errorObject } from "../../src/domain/render.js"
import { Output, type OutputService } from "../../services/Output.js"

/** Captures every line a command prints, parsed, for assertions. */
export class CapturedOutput {
  readonly lines: Array<Record<string, unknown>> = []
  readonly logs: string[] = []
  get last(): Record<string, unknown> | undefined {
    return this.lines[this.lines.length - 1]
  }
}

export const makeMemoryOutput = (captured: CapturedOutput): OutputService => ({
  mode: "json",
  event: (event) => Effect.sync(() => void captured.lines.push({ ...event })),
  result: (command, fields) => Effect.sync(() => void captured.lines.push({ type: "result", command, ok: true, ...fields })),
  error: (e, exit) => Effect.sync(() => void captured.lines.push(errorObject(e, exit))),
  log: (m) => Effect.sync(() => void captured.logs.push(m))
})

export const OutputMemory = (captured: CapturedOutput): Layer.Layer<Output> => Layer.succeed(Output, makeMemoryOutput(captured))
