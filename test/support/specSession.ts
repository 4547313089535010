/** Running commands through their specs (as the CLI and MCP do) on one memory workspace, graph and trust store included. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { GraphDbMemory, SavedGraph } from "../../layers/memory/GraphDbMemory.js"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { MemoryTrustRecords, TrustMemory } from "../../layers/memory/TrustMemory.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import type { Catalog } from "../../src/domain/locale/catalog.js"
import { emptyConfig } from "../../src/domain/projectConfig.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import type { AnyCommandSpec } from "../../src/spec/command.js"
import { commandSpecs } from "../../src/spec/commands/index.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"
import { layerFor, MemoryFs } from "./memory.js"

/** A command line as the spec sees it: the command's name and its values by key (defaults for the rest). */
export type Step = readonly [command: string, args: Record<string, unknown>]

export const specs = new Map(commandSpecs.map((s) => [s.name, s]))
const valuesOf = (spec: AnyCommandSpec, given: Record<string, unknown>) => {
  const out: Record<string, unknown> = {}
  for (const [key, p] of Object.entries(spec.params)) out[key] = p.defaultValue
  return { ...out, lockTimeout: 0.2, ...given } as never
}

export interface StepRun {
  readonly command: string
  readonly exit: number
  readonly lines: ReadonlyArray<Record<string, unknown>>
  readonly human: string
  /** The notes on stderr. */
  readonly logs: string
  readonly error?: SpliceError
}

/** The steps on a fresh workspace, in one locale. */
export const specSession = async (catalog: Catalog, files: Record<string, string | Uint8Array>, steps: ReadonlyArray<Step>): Promise<StepRun[]> => {
  const mem = new MemoryFs(files)
  const saved = new SavedGraph()
  const records = new MemoryTrustRecords()
  const out: StepRun[] = []
  for (const [command, args] of steps) {
    const spec = specs.get(command)!
    const captured = new CapturedOutput(catalog)
    const layer = Layer.mergeAll(
      layerFor(mem, captured),
      GraphDbMemory(saved),
      Layer.succeed(ProjectConfig, { load: Effect.succeed(emptyConfig) })
    )
    const full = Layer.merge(layer, TrustMemory(records).pipe(Layer.provide(layer)))
    const exit = await Effect.runPromiseExit(spec.run(valuesOf(spec, args)).pipe(Effect.provide(full)) as Effect.Effect<unknown, SpliceError>)
    const outcome = outcomeOf(exit, undefined)
    out.push({ command, exit: outcome.exit, lines: captured.lines, human: captured.human.join(""), logs: captured.logs.join("\n"), ...(outcome.error !== undefined ? { error: outcome.error } : {}) })
  }
  return out
}

