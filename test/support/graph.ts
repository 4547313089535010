/** Running graph commands on the memory layers: a MemoryFs workspace and an in-memory sql.js graph. */
import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { GraphDbMemory, SavedGraph } from "../../layers/memory/GraphDbMemory.js"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import { errorObject } from "../../src/domain/render.js"
import { assertSchemaLines } from "./outputSchema.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import type { GraphDb } from "../../services/GraphDb.js"
import type { Syntax } from "../../services/Syntax.js"
import { layerFor, MemoryFs, type RunResult, type Services } from "./memory.js"

export { SavedGraph }

export const FIXTURES = path.resolve(import.meta.dirname, "..", "fixtures", "graph")

/** A MemoryFs holding the fixture tree (or one language's part of it). */
export const fixtureFs = (sub = ""): MemoryFs => {
  const mem = new MemoryFs()
  const root = path.join(FIXTURES, sub)
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else mem.put(path.relative(root, p), fs.readFileSync(p))
    }
  }
  walk(root)
  return mem
}

export const runGraph = async (
  program: Effect.Effect<unknown, SpliceError, Services | GraphDb | Syntax>,
  mem: MemoryFs,
  saved: SavedGraph,
  options: { readonly cwd?: string } = {}
): Promise<RunResult> => {
  const captured = new CapturedOutput()
  const layer = Layer.mergeAll(layerFor(mem, captured, options), SyntaxLive, GraphDbMemory(saved))
  const exit = await Effect.runPromiseExit(program.pipe(Effect.provide(layer)) as Effect.Effect<unknown, SpliceError, never>)
  const outcome = outcomeOf(exit, undefined)
  assertSchemaLines([...captured.lines, ...(outcome.error !== undefined ? [errorObject(outcome.error, outcome.exit)] : [])])
  if (outcome.error !== undefined) captured.lines.push({ type: "error", code: outcome.error.code, exit: outcome.exit, message: outcome.error.message, context: outcome.error.context ?? {} })
  return { exit: outcome.exit, lines: captured.lines, last: captured.lines[captured.lines.length - 1] ?? {}, logs: captured.logs, human: captured.human.join(""), ...(outcome.error !== undefined ? { error: outcome.error } : {}) }
}
