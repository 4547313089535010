import * as fs from "node:fs"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Input } from "../../services/Input.js"
import { fromErrno } from "./errno.js"

const readStdin = (): Uint8Array => {
  const chunks: Buffer[] = []
  const buf = Buffer.alloc(1 << 16)
  for (;;) {
    let n: number
    try {
      n = fs.readSync(0, buf, 0, buf.length, null)
    } catch (e) {
      const code = (e as { code?: string }).code
      if (code === "EAGAIN") continue
      if (code === "EOF") break
      throw e
    }
    if (n === 0) break
    chunks.push(Buffer.from(buf.subarray(0, n)))
  }
  return new Uint8Array(Buffer.concat(chunks))
}

export const InputLive: Layer.Layer<Input> = Layer.succeed(Input, {
  stdin: Effect.try({ try: readStdin, catch: (e) => fromErrno(e, "read", "<stdin>") }),
  argumentFile: (p) =>
    p === "-"
      ? Effect.try({ try: readStdin, catch: (e) => fromErrno(e, "read", "<stdin>") })
      : Effect.try({ try: () => new Uint8Array(fs.readFileSync(p)), catch: (e) => fromErrno(e, "read", p) })
})
