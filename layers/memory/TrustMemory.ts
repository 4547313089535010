import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { trustStateOf, type TrustRecords } from "../../src/domain/trust.js"
import { FileStore } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Trust } from "../../services/Trust.js"
import { spliceJsonHash } from "../live/TrustLive.js"

/**
 * Trust records held in memory (shared across runs through the `records` object), with the same
 * rule as the live layer: splice.json is read and hashed through the FileStore on every question.
 * `env` plays SPLICE_TRUST=1.
 */
export class MemoryTrustRecords {
  records: TrustRecords = {}
  constructor(readonly env = false) {}
}

export const TrustMemory = (state: MemoryTrustRecords): Layer.Layer<Trust, never, FileStore | Hasher> =>
  Layer.effect(
    Trust,
    Effect.gen(function*() {
      const store = yield* FileStore
      const hasher = yield* Hasher
      const current = spliceJsonHash.pipe(Effect.provideService(FileStore, store), Effect.provideService(Hasher, hasher))
      return {
        storePath: "memory",
        status: Effect.map(current, (hash) => trustStateOf(state.records, store.root, hash, state.env)),
        trust: Effect.map(current, (hash) => {
          state.records = { ...state.records, [store.root]: { splice_json: hash, trusted_at: new Date().toISOString() } }
          return trustStateOf(state.records, store.root, hash, state.env)
        }),
        revoke: Effect.sync(() => {
          if (!Object.hasOwn(state.records, store.root)) return false
          const { [store.root]: _, ...rest } = state.records
          state.records = rest
          return true
        })
      }
    })
  )
