/** `splice index [--full]`: build or refresh the code graph. */
import * as Effect from "effect/Effect"
import { GraphDb } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { graphCounts } from "./status.js"
import { refreshGraph } from "./refresh.js"

export const indexCommand = (full: boolean) =>
  Effect.gen(function*() {
    const output = yield* Output
    const db = yield* GraphDb
    const stats = yield* refreshGraph({ full, progress: true })
    const counts = yield* graphCounts
    const rate = stats.ms > 0 ? Math.round((stats.parsed / stats.ms) * 1000) : stats.parsed
    return yield* output.result("index", {
      db: db.location.path,
      created: !db.location.existed,
      files: stats.files,
      parsed: stats.parsed,
      unchanged: stats.unchanged,
      removed: stats.removed,
      ...counts,
      ms: stats.ms,
      files_per_second: rate
    }, (t) => t.graph.indexed({ ...stats, symbols: counts.symbols, references: counts.references, db: db.location.path }))
  })
