import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { FileStore } from "../../services/FileStore.js"
import { GraphAccess } from "../../services/GraphAccess.js"
import type { Lock } from "../../services/Lock.js"
import { Syntax } from "../../services/Syntax.js"
import type { GraphDbCache } from "./graphDbCache.js"
import { findGraphDb, GraphDbLive } from "./GraphDbLive.js"

/**
 * The graph on disk for the writing commands: found by the same chain as the graph commands, never
 * created (building one is `splice index`'s job), opened only when asked — or kept open in `cache`
 * by a long-running process.
 */
export const graphAccessLive = (cache?: GraphDbCache): Layer.Layer<GraphAccess, never, FileStore | Lock | Syntax> => Layer.effect(GraphAccess, makeGraphAccess(cache))

/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const makeGraphAccess = (cache?: GraphDbCache): Effect.Effect<Context.Tag.Service<GraphAccess>, never, FileStore | Lock | Syntax> =>
  Effect.gen(function*() {
    const context = yield* Effect.context<FileStore | Lock | Syntax>()
    const root = Context.get(context, FileStore).root
    const services = Layer.succeedContext(context)
    return {
      locate: (explicit) => Effect.sync(() => findGraphDb(root, explicit, false)),
      open: (explicit, lockTimeoutMs, use) =>
        Effect.provide(use, Layer.merge(
          GraphDbLive({ create: false, lockTimeoutMs, ...(explicit !== undefined ? { explicit } : {}), ...(cache !== undefined ? { cache } : {}) }).pipe(Layer.provide(services)),
          Layer.succeed(Syntax, Context.get(context, Syntax))
        ))
    }
  })
