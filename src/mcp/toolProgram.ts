/** What one tool call runs: its command, with the call's own output, no standard input, and the graph database when it needs one. */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { GraphDbLive } from "../../layers/live/GraphDbLive.js"
import type { GraphDbCache } from "../../layers/live/graphDbCache.js"
import type { liveLayer } from "../../layers/live/index.js"
import { Input } from "../../services/Input.js"
import { Output, type OutputService } from "../../services/Output.js"
import { type SpliceError, spliceError } from "../domain/SpliceError.js"
import type { AnyCommandSpec } from "../spec/command.js"

/** The services a workspace's runtime provides (src/mcp/workspaces.ts). */
export type WorkspaceServices = Layer.Layer.Success<ReturnType<typeof liveLayer>>

/** `values`: the call's arguments as the spec's parameters (toolSchema.ts); `graphCache`: the workspace's open database. */
export const toolProgram = (spec: AnyCommandSpec, values: unknown, output: OutputService, graphCache: GraphDbCache): Effect.Effect<unknown, SpliceError, WorkspaceServices> => {
  const base = spec.run(values as Parameters<typeof spec.run>[0]).pipe(
    Effect.provideService(Output, output),
    // Standard input is the protocol stream here: every text comes in the arguments.
    Effect.provideServiceEffect(Input, Effect.map(Input, (live) => ({
      // failSync: an error (and its stack) is made only when a command asks for standard input.
      stdin: Effect.failSync(() => spliceError("SPL-E010", "there is no standard input over MCP: pass the text in the arguments")),
      argumentFile: (p: string) => (p === "-" ? Effect.fail(spliceError("SPL-E010", "\"-\" (standard input) is not available over MCP: pass the text in the arguments")) : live.argumentFile(p))
    })))
  )
  const db = (values as Record<string, unknown>)["db"]
  const program = spec.needs === "workspace"
    ? base
    // Behind another call's index, a graph query waits for it to end, however long it works.
    : base.pipe(Effect.provide(GraphDbLive({ create: spec.needs === "graph-create", cache: graphCache, whileWorking: true, ...(typeof db === "string" ? { explicit: db } : {}) })))
  return program as Effect.Effect<unknown, SpliceError, WorkspaceServices>
}
