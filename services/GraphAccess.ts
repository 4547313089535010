import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { SpliceError } from "../src/domain/SpliceError.js"
import type { DbLocation, GraphDb } from "./GraphDb.js"
import type { Syntax } from "./Syntax.js"

/**
 * The code graph for commands that do not need one (the writers, which refresh it after a commit
 * when it exists). Finding it costs a few stat calls; nothing of the graph (sql.js, the database
 * file) is loaded unless `open` is called.
 */
export interface GraphAccessService {
  /** The existing database by the discovery chain (`explicit` --db first), or the paths tried. */
  readonly locate: (explicit: string | undefined) => Effect.Effect<DbLocation | { readonly tried: ReadonlyArray<string> }>
  /** Run `use` with that database open under its lock (waiting up to `lockTimeoutMs`) and the grammars loaded. */
  readonly open: <A, E, R>(
    explicit: string | undefined,
    lockTimeoutMs: number,
    use: Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | SpliceError, Exclude<R, GraphDb | Syntax>>
}

export class GraphAccess extends Context.Tag("splice/GraphAccess")<GraphAccess, GraphAccessService>() {}
