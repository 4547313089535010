/** `splice files`: the indexed files with language, symbol count and freshness. */
import * as Effect from "effect/Effect"
import { Output } from "../../../services/Output.js"
import { freshness } from "./status.js"

export const filesCommand = Effect.gen(function*() {
  const output = yield* Output
  const { files, unindexed } = yield* freshness
  for (const f of files) yield* output.event({ type: "file", ...f }, `${f.state.padEnd(7)} ${f.language.padEnd(10)} ${String(f.symbols).padStart(5)}  ${f.file}\n`)
  return yield* output.result("files", { files: files.length, stale: files.filter((f) => f.state !== "fresh").length, unindexed }, "")
})
