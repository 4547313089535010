import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import { Input } from "../../services/Input.js"

/** Standard input and argument files from strings. */
export const InputMemory = (stdin = "", files: Record<string, string> = {}): Layer.Layer<Input> => {
  const enc = (s: string) => new TextEncoder().encode(s)
  return Layer.succeed(Input, {
    stdin: Effect.sync(() => enc(stdin)),
    argumentFile: (p) =>
      p === "-"
        ? Effect.sync(() => enc(stdin))
        : p in files
        ? Effect.succeed(enc(files[p]!))
        : Effect.fail(spliceError("SPL-E020", `no such file: ${p}`, { context: { path: p } }))
  })
}
