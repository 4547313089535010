import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createBLAKE3 } from "hash-wasm/dist/blake3.umd.min.js"
import { Hasher } from "../../services/Hasher.js"

/** BLAKE3 through hash-wasm (pure wasm: the same on Node, Deno and in tests). */
export const HasherLive: Layer.Layer<Hasher> = Layer.effect(
  Hasher,
  Effect.map(Effect.promise(() => createBLAKE3()), (h) => ({
    blake3: (data: Uint8Array) =>
      Effect.sync(() => {
        h.init()
        h.update(data)
        return h.digest("hex")
      })
  }))
)
