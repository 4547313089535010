import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { GraphAccess } from "../../services/GraphAccess.js"
import { SyntaxLive } from "../live/SyntaxLive.js"
import { GraphDbMemory, type SavedGraph } from "./GraphDbMemory.js"

/** The in-memory graph for the writing commands: it exists once something saved it (e.g. `splice index`). */
export const GraphAccessMemory = (saved: SavedGraph): Layer.Layer<GraphAccess> =>
  Layer.succeed(GraphAccess, {
    locate: () => Effect.sync(() => saved.bytes === null ? { tried: ["memory"] } : { path: null, source: "memory" as const, existed: true, tried: [] }),
    open: (_explicit, _lockTimeoutMs, use) => Effect.provide(use, Layer.merge(GraphDbMemory(saved), SyntaxLive))
  })
