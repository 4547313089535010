/**
 * What one tool call printed, kept for its result instead of written to stdout (stdout carries the
 * protocol): the events, the result line and the human text. Notes go to stderr, and also to
 * `onNote` (the server turns them into progress notifications when the client asked for progress).
 */
import * as Effect from "effect/Effect"
import { en, humanText } from "../domain/locale/index.js"
import { errorObject, resultObject } from "../domain/render.js"
import type { OutputService } from "../../services/Output.js"

export class RequestOutput {
  readonly events: Array<Record<string, unknown>> = []
  result: Record<string, unknown> | undefined = undefined
  readonly human: string[] = []

  constructor(private readonly onNote?: (message: string) => void) {}

  readonly service: OutputService = {
    mode: "json",
    // MCP results are never translated: programs read them.
    catalog: en,
    event: (event, human) =>
      Effect.sync(() => {
        this.events.push({ ...event })
        if (human !== undefined) this.human.push(humanText(human, en))
      }),
    events: (events, human) =>
      Effect.sync(() => {
        for (const e of events) this.events.push({ ...e })
        if (human !== undefined && events.length > 0) this.human.push(humanText(human, en))
      }),
    result: (command, fields, human) =>
      Effect.sync(() => {
        this.result = resultObject(command, fields)
        if (human !== undefined) this.human.push(humanText(human, en))
      }),
    error: (e, exit) => Effect.sync(() => void (this.result = errorObject(e, exit))),
    log: (message) =>
      Effect.sync(() => {
        process.stderr.write(message + "\n")
        this.onNote?.(message)
      })
  }
}
