import * as fs from "node:fs"
import type * as Net from "node:net"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { SpliceError, spliceError } from "../../src/domain/SpliceError.js"
import { Input } from "../../services/Input.js"
import { lazyBuiltin } from "./builtin.js"
import { fromErrno } from "./errno.js"

/**
 * All of standard input, read once per process (a second read gets the same bytes). Read through the
 * event loop, not with readSync: a pipe that stays open would otherwise spin on EAGAIN (Node) or
 * block the only thread (Deno), and no signal could end the wait.
 */
/** More input than any command can use (the largest `--edits` batch is 64 MiB): refused, not buffered forever. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024

const tooLarge = (what: string) =>
  spliceError("SPL-E064", `${what} is over ${MAX_INPUT_BYTES} bytes; splice reads no more of it`, { context: { input: what, max_bytes: MAX_INPUT_BYTES } })

/** Collect a stream's bytes up to the cap; past it, stop reading and fail. */
const collect = (stream: NodeJS.ReadableStream & { destroy?: () => void }, what: string): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    stream.on("data", (chunk: Buffer | string) => {
      const b = typeof chunk === "string" ? Buffer.from(chunk) : chunk
      total += b.length
      if (total > MAX_INPUT_BYTES) {
        stream.removeAllListeners("data")
        stream.pause()
        stream.destroy?.()
        return reject(tooLarge(what))
      }
      chunks.push(b)
    })
    stream.once("end", () => resolve(new Uint8Array(Buffer.concat(chunks))))
    stream.once("error", reject)
  })

let stdinBytes: Promise<Uint8Array> | undefined
const readStdin = (): Promise<Uint8Array> => stdinBytes ??= collect(process.stdin, "standard input")

const isDeno = "Deno" in globalThis
// Only argument files that are pipes need it.
const net = lazyBuiltin<typeof Net>("node:net")

/**
 * A FIFO or pipe (`--edits <(command)`) read through the event loop. Node joins its thread pool on
 * exit, so a read or an open parked there on a pipe that never delivers would hang process.exit
 * after a signal. Opened non-blocking, a FIFO with no writer yet still waits (Linux reports the
 * end only once a writer has come and gone).
 */
const readPipe = (p: string): Promise<Uint8Array> =>
  new Promise((resolve, reject) =>
    fs.open(p, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK, (err, fd) => {
      if (err) return reject(err)
      collect(new (net().Socket)({ fd, readable: true, writable: false }), p).then(resolve, reject)
    })
  )

const readArgumentFile = async (p: string): Promise<Uint8Array> => {
  const st = await fs.promises.stat(p)
  if (st.isFIFO()) {
    // Deno does not wait for its blocking threads on exit, so a plain read is interruptible there.
    return isDeno ? collect(fs.createReadStream(p), p) : readPipe(p)
  }
  // A device (/dev/zero, /dev/urandom) or a directory is not an input file: it would be read forever.
  if (!st.isFile()) throw spliceError("SPL-E065", `${p} is not a regular file or a pipe`, { context: { file: p } })
  if (st.size > MAX_INPUT_BYTES) throw tooLarge(p)
  return collect(fs.createReadStream(p), p)
}

// Every wait is interruptible: a signal abandons it, and the run rolls back and exits.
const stdin = Effect.tryPromise({ try: readStdin, catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "read", "<stdin>")) })

/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const inputService: Context.Tag.Service<Input> = {
  stdin,
  argumentFile: (p) =>
    p === "-" ? stdin : Effect.tryPromise({ try: () => readArgumentFile(p), catch: (e) => (e instanceof SpliceError ? e : fromErrno(e, "read", p)) })
}

export const InputLive: Layer.Layer<Input> = Layer.succeed(Input, inputService)
