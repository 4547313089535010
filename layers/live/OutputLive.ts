import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { errorObject, humanError, resultLine } from "../../src/domain/render.js"
import { Output, type OutputMode, type OutputService } from "../../services/Output.js"

/**
 * stdout carries only the event stream; stderr gets logs and human-mode errors. A closed pipe
 * (`splice … | head`) silently drops further output instead of crashing the write in progress.
 */
let stdoutClosed = false
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") stdoutClosed = true
  else throw e
})

const out = (s: string) => {
  if (!stdoutClosed) process.stdout.write(s)
}

export const makeOutput = (mode: OutputMode): OutputService => ({
  mode,
  event: (event, human) =>
    Effect.sync(() => out(mode === "json" ? JSON.stringify(event) + "\n" : human ?? JSON.stringify(event) + "\n")),
  result: (command, fields, human) =>
    Effect.sync(() => out(mode === "json" ? resultLine(command, fields) + "\n" : human ?? resultLine(command, fields) + "\n")),
  error: (e, exit) =>
    Effect.sync(() => {
      if (mode === "json") out(JSON.stringify(errorObject(e, exit)) + "\n")
      else process.stderr.write(humanError(e, exit))
    }),
  log: (message) => Effect.sync(() => void process.stderr.write(message + "\n"))
})

/** json unless asked otherwise, or stdout is a terminal. */
export const chooseMode = (requested: string | undefined): OutputMode =>
  requested === "json" || requested === "human" ? requested : process.stdout.isTTY ? "human" : "json"

export const OutputLive = (mode: OutputMode): Layer.Layer<Output> => Layer.succeed(Output, makeOutput(mode))
