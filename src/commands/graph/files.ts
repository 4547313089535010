/** `splice files`: the indexed files with language, symbol count and freshness. */
import * as Effect from "effect/Effect"
import { Output } from "../../../services/Output.js"
import { freshness } from "./status.js"

export const filesCommand = Effect.gen(function*() {
  const output = yield* Output
  const { files, unindexed } = yield* freshness
  for (const f of files) yield* output.event({ type: "file", ...f }, (t) => t.graph.file(f.state, f.language, f.symbols, f.file))
  const stale = files.filter((f) => f.state !== "fresh").length
  return yield* output.result("files", { files: files.length, stale, unindexed }, (t) => t.graph.files(files.length, stale, unindexed.length))
})
