/**
 * Keeping the code graph current after splice's own writes (Splice's edit handler takes --db): once
 * edit, write, apply or undo has committed, the files it changed are refreshed in the graph, when
 * one exists. It never builds one (that is `splice index`'s job) and never loads it when there is
 * none. The files are committed already, so a graph failure is reported, not raised.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type { SpliceError } from "../domain/SpliceError.js"
import { errorMessage } from "../domain/render.js"
import { GraphAccess } from "../../services/GraphAccess.js"
import { Output } from "../../services/Output.js"
import { graphRelevant, refreshPaths } from "./graph/refresh.js"

export interface GraphAfterWriteConfig {
  /** --db: this database instead of the discovery chain. */
  readonly db?: string
  readonly lockTimeoutMs: number
}

export type GraphReport =
  | { readonly db: string | null; readonly refreshed: ReadonlyArray<string>; readonly removed: ReadonlyArray<string>; readonly ms: number }
  | { readonly skipped: string; readonly db?: string | null }
  | { readonly db: string | null; readonly error: { readonly code: string; readonly message: string } }

/**
 * The `graph` field of a writer's result (and a line for human output), after refreshing `paths`:
 * every path the transaction touched, removed and moved-away ones included, since their rows go.
 * Nothing when the command runs without graph access (tests of other concerns).
 */
export const graphAfterWrite = (paths: ReadonlyArray<string>, config: GraphAfterWriteConfig) =>
  Effect.gen(function*() {
    const access = yield* Effect.serviceOption(GraphAccess)
    if (access._tag === "None") return { fields: {}, human: "" }
    const report = yield* refreshFor(access.value, paths, config)
    const t = (yield* Output).catalog
    return { fields: { graph: report }, human: "refreshed" in report ? `${t.verdict.graphRefreshed(report.refreshed.length, report.removed.length, report.ms)}\n` : "" }
  })

/** How long a writer waits for the graph's lock before it leaves the refresh to the next query. */
const BUSY_WAIT_MS = 250

const refreshFor = (access: GraphAccess["Type"], paths: ReadonlyArray<string>, config: GraphAfterWriteConfig) =>
  Effect.gen(function*() {
    const output = yield* Output
    const found = yield* access.locate(config.db)
    if (!("path" in found)) {
      return config.db !== undefined ? { skipped: `no graph database at ${found.tried[0] ?? config.db}`, db: found.tried[0] ?? config.db } : { skipped: "no graph database" }
    }
    const db = found.path
    const relevant = paths.filter(graphRelevant)
    if (relevant.length === 0) return { skipped: "no file of an indexed language changed", db }
    const started = Date.now()
    const failed = (code: string, message: string, error?: SpliceError) =>
      output.log((t) => t.notes.graphNotRefreshed(code, error !== undefined ? errorMessage(error, t) : message))
        .pipe(Effect.as<GraphReport>({ db, error: { code, message } }))
    // A short wait for the graph's lock, then none: this writer still holds its files' locks, and a
    // command that holds the graph's (a rename) may be waiting for one of them; waiting the whole lock
    // timeout stalled both (and failed the rename). The next query refreshes what was left.
    return yield* access.open(config.db, Math.min(config.lockTimeoutMs, BUSY_WAIT_MS), refreshPaths(relevant)).pipe(
      Effect.map((stats): GraphReport => ({ db, refreshed: stats.changed, removed: stats.removedFiles, ms: Date.now() - started })),
      Effect.catchIf((e) => e.code === "SPL-E032", () => Effect.succeed<GraphReport>({ skipped: "the graph is in use by another command (its next query refreshes it)", db })),
      Effect.catchAllCause((cause) => {
        // Ctrl-C still stops the run; any other failure, defects included, only costs the graph.
        if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
        const error = Cause.failureOption(cause)
        return error._tag === "Some" ? failed(error.value.code, error.value.message, error.value) : failed("SPL-E099", Cause.pretty(cause).split("\n")[0] ?? "internal error")
      })
    )
  })
