/**
 * The live layer a command runs against, from its common flags: shared by @effect/cli's path
 * (fromSpec.ts) and the plain command-line path (plainArgs.ts, main.ts), and importing nothing of
 * @effect/cli so that the plain path never loads it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type { Catalog } from "../domain/locale/index.js"
import { GraphDbLive } from "../../layers/live/GraphDbLive.js"
import { liveLayer } from "../../layers/live/index.js"
import { chooseMode } from "../../layers/live/OutputLive.js"
import type { AnyCommandSpec, WorkspaceServices } from "../spec/command.js"
import type { GraphDb } from "../../services/GraphDb.js"
import type { Params, Values } from "../spec/param.js"

/**
 * The messages of the run, chosen before the command line is parsed (`--locale` is global: it may
 * stand before the command's name, where @effect/cli takes no flag; src/main.ts).
 */
export class RunCatalog extends Context.Tag("splice/RunCatalog")<RunCatalog, Catalog>() {}

/** The flags every CLI command has, as plain values. */
export interface RunFlags {
  readonly workspace: string | undefined
  readonly output: "json" | "human" | undefined
}

/** The live services for one run of a command (graph access included: only a few stat calls until used). */
export const runLayer = (flags: RunFlags) =>
  Layer.unwrapEffect(Effect.map(RunCatalog, (catalog) => liveLayer({ workspace: flags.workspace, output: chooseMode(flags.output), catalog })))

/** A command's layer: the live services, plus the code graph for the commands that need it (`db`: the --db flag). */
export const specLayer = (spec: AnyCommandSpec, flags: RunFlags, db: string | undefined) => {
  const live = runLayer(flags)
  if (spec.needs === "workspace") return live as Layer.Layer<WorkspaceServices | GraphDb, Layer.Layer.Error<typeof live>, RunCatalog>
  return Layer.provideMerge(GraphDbLive({ create: spec.needs === "graph-create", ...(db !== undefined ? { explicit: db } : {}) }), live)
}

/** Parsed flags, as @effect/cli gives them (Option for an optional one) → the values a command receives (Option.none → undefined). */
export const valuesOf = <P extends Params>(params: P, parsed: Record<string, unknown>): Values<P> => {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(params)) {
    const v = parsed[key]
    out[key] = Option.isOption(v) ? Option.getOrUndefined(v) : v
  }
  return out as Values<P>
}

const optional = <A>(v: unknown): A | undefined => (Option.isOption(v) ? Option.getOrUndefined(v) as A | undefined : undefined)

/** A command's layer from its parsed flags (--workspace, --output, and --db where the command has it). */
export const layerOfParsed = (spec: AnyCommandSpec, parsed: Record<string, unknown>) =>
  specLayer(spec, { workspace: optional<string>(parsed["workspace"]), output: optional<"json" | "human">(parsed["output"]) }, optional<string>(parsed["db"]))

/** A command run from its parsed flags, against its live layer. */
export const runParsed = (spec: AnyCommandSpec, parsed: Record<string, unknown>) =>
  Effect.provide(spec.run(valuesOf(spec.params, parsed)), layerOfParsed(spec, parsed))
