import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createBLAKE3 } from "hash-wasm/dist/blake3.umd.min.js"
import { Hasher } from "../../services/Hasher.js"

type Blake3 = Awaited<ReturnType<typeof createBLAKE3>>

// One wasm instance per process, compiled once; `warmUp` can start compiling it before any command
// runs, so the compile overlaps argument parsing.
let instance: Promise<Blake3> | undefined
export const startBlake3 = (): Promise<Blake3> => (instance ??= createBLAKE3())

/** Keyed instances, one per key (a process uses one or two); once made, used without an async step. */
const keyed = new Map<string, Promise<Blake3>>()
const ready = new Map<string, Blake3>()
const keyedInstance = (key: Uint8Array): Effect.Effect<Blake3> => {
  const id = Buffer.from(key).toString("hex")
  const made = ready.get(id)
  if (made !== undefined) return Effect.succeed(made)
  let p = keyed.get(id)
  if (p === undefined) keyed.set(id, p = createBLAKE3(256, key).then((k) => (ready.set(id, k), k)))
  return Effect.promise(() => p)
}

/** BLAKE3 through hash-wasm (pure wasm: the same on Node, Deno and in tests). */
/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const makeHasher: Effect.Effect<Context.Tag.Service<Hasher>, never, never> = Effect.map(Effect.promise(startBlake3), (h) => ({
  blake3: (data: Uint8Array) =>
    Effect.sync(() => {
      h.init()
      h.update(data)
      return h.digest("hex")
    }),
  mac: (key: Uint8Array, data: Uint8Array) =>
    Effect.map(keyedInstance(key), (k) => {
      k.init()
      k.update(data)
      return k.digest("hex")
    })
}))

export const HasherLive: Layer.Layer<Hasher> = Layer.effect(Hasher, makeHasher)
