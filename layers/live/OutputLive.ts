import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { jsonText } from "../../src/domain/jsonText.js"
import { type Catalog, en, humanText } from "../../src/domain/locale/index.js"
import { errorObject, humanError, resultLine } from "../../src/domain/render.js"
import { Output, type OutputMode, type OutputService } from "../../services/Output.js"

/**
 * stdout carries only the event stream; stderr gets logs and human-mode errors. A reader that goes
 * away (`splice … | head`: EPIPE, or any other write error) silently drops further output on that
 * stream instead of crashing the write in progress: there is nobody left to tell.
 */
const closed = new Set<NodeJS.WriteStream>()
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", () => void closed.add(stream))
}

interface DenoFile {
  write(bytes: Uint8Array): Promise<number>
}
const deno = (globalThis as { Deno?: { stdout: DenoFile; stderr: DenoFile } }).Deno

/**
 * Under Deno, process.stdout.write blocks the only thread while a pipe is full, so a stuck reader
 * would keep any signal from being handled. Deno's own async write waits on a helper thread instead;
 * one queue per stream keeps the order.
 */
const denoQueue = new Map<NodeJS.WriteStream, Promise<void>>()
const denoWrite = (stream: NodeJS.WriteStream, file: DenoFile, s: string) => {
  const bytes = new TextEncoder().encode(s)
  const previous = denoQueue.get(stream) ?? Promise.resolve()
  denoQueue.set(stream, previous.then(async () => {
    for (let off = 0; off < bytes.length && !closed.has(stream);) off += await file.write(bytes.subarray(off))
  }).catch(() => void closed.add(stream)))
}

const write = (stream: NodeJS.WriteStream, s: string) => {
  if (closed.has(stream)) return
  if (deno !== undefined) denoWrite(stream, stream === process.stdout ? deno.stdout : deno.stderr, s)
  else stream.write(s)
}
const out = (s: string) => write(process.stdout, s)

/**
 * Resolves once everything written to `stream` has reached the OS (or the stream failed). Node
 * queues what a full pipe cannot take yet and writes it from the event loop, so exiting before this
 * loses the tail of the output, the outcome line included. Writes complete in order, so the callback
 * of an empty write fires after all earlier ones.
 */
const drained = (stream: NodeJS.WriteStream): Promise<void> =>
  deno !== undefined ? denoQueue.get(stream) ?? Promise.resolve() : new Promise((resolve) => {
    if (closed.has(stream) || stream.destroyed || stream.writableLength === 0) return resolve()
    const done = () => resolve()
    stream.once("error", done)
    stream.once("close", done)
    stream.write("", done)
  })

/** stdout and stderr both flushed: the last thing to wait for before exiting. */
export const flushed = (): Promise<void> => Promise.all([drained(process.stdout), drained(process.stderr)]).then(() => undefined)

export const makeOutput = (mode: OutputMode, catalog: Catalog = en): OutputService => ({
  mode,
  catalog,
  event: (event, human) =>
    Effect.sync(() => out(mode === "json" || human === undefined ? jsonText(event) + "\n" : humanText(human, catalog))),
  events: (events, human) =>
    Effect.sync(() => {
      if (events.length === 0) return
      if (mode === "human" && human !== undefined) return out(humanText(human, catalog))
      let s = ""
      for (const e of events) s += jsonText(e) + "\n"
      out(s)
    }),
  result: (command, fields, human) =>
    Effect.sync(() => out(mode === "json" || human === undefined ? resultLine(command, fields) + "\n" : humanText(human, catalog))),
  error: (e, exit) =>
    Effect.sync(() => {
      if (mode === "json") out(jsonText(errorObject(e, exit)) + "\n")
      else write(process.stderr, humanError(e, exit, catalog))
    }),
  log: (message) => Effect.sync(() => write(process.stderr, message + "\n"))
})

/** json unless asked otherwise, or stdout is a terminal. */
export const chooseMode = (requested: string | undefined): OutputMode =>
  requested === "json" || requested === "human" ? requested : process.stdout.isTTY ? "human" : "json"

export const OutputLive = (mode: OutputMode, catalog: Catalog = en): Layer.Layer<Output> => Layer.succeed(Output, makeOutput(mode, catalog))
