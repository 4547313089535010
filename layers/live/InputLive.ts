import * as fs from "node:fs"
import * as net from "node:net"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Input } from "../../services/Input.js"
import { fromErrno } from "./errno.js"

/**
 * All of standard input, read once per process (a second read gets the same bytes). Read through the
 * event loop, not with readSync: a pipe that stays open would otherwise spin on EAGAIN (Node) or
 * block the only thread (Deno), and no signal could end the wait.
 */
let stdinBytes: Promise<Uint8Array> | undefined
const readStdin = (): Promise<Uint8Array> =>
  stdinBytes ??= new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    process.stdin.on("data", (chunk: Buffer | string) => chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk))
    process.stdin.once("end", () => resolve(new Uint8Array(Buffer.concat(chunks))))
    process.stdin.once("error", reject)
  })

const isDeno = "Deno" in globalThis

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
      const socket = new net.Socket({ fd, readable: true, writable: false })
      const chunks: Buffer[] = []
      socket.on("data", (chunk: Buffer) => chunks.push(chunk))
      socket.once("end", () => resolve(new Uint8Array(Buffer.concat(chunks))))
      socket.once("error", reject)
    })
  )

const readArgumentFile = async (p: string): Promise<Uint8Array> => {
  // Deno does not wait for its blocking threads on exit, so a plain read is interruptible there.
  if (!isDeno && (await fs.promises.stat(p)).isFIFO()) return readPipe(p)
  return new Uint8Array(await fs.promises.readFile(p))
}

// Every wait is interruptible: a signal abandons it, and the run rolls back and exits.
const stdin = Effect.tryPromise({ try: readStdin, catch: (e) => fromErrno(e, "read", "<stdin>") })

export const InputLive: Layer.Layer<Input> = Layer.succeed(Input, {
  stdin,
  argumentFile: (p) => p === "-" ? stdin : Effect.tryPromise({ try: () => readArgumentFile(p), catch: (e) => fromErrno(e, "read", p) })
})
