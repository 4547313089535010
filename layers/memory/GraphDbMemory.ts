import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { spliceError } from "../../src/domain/SpliceError.js"
import { GraphDb } from "../../services/GraphDb.js"
import { openGraphDatabase, wrapDatabase } from "../live/sqlDatabase.js"

/** The graph in memory; `saved` keeps the last saved bytes, so a test can reopen it as a new run would. */
export class SavedGraph {
  bytes: Uint8Array | null = null
  saves = 0
  /** How many times long work on it asked to settle (GraphDb.settle). */
  settles = 0
}

export const GraphDbMemory = (saved: SavedGraph = new SavedGraph()): Layer.Layer<GraphDb, ReturnType<typeof spliceError>> =>
  Layer.scoped(
    GraphDb,
    Effect.gen(function*() {
      const location = { path: null, source: "memory" as const, existed: saved.bytes !== null, tried: [] }
      const db = yield* openGraphDatabase(saved.bytes, location)
      yield* Effect.addFinalizer(() => Effect.sync(() => db.close()))
      return wrapDatabase(db, location, (raw) =>
        Effect.sync(() => {
          saved.bytes = raw.export()
          saved.saves++
        }), undefined, Effect.sync(() => void saved.settles++))
    })
  )
