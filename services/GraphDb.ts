import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { SpliceError } from "../src/domain/SpliceError.js"

export type SqlValue = string | number | null

/** Where the database is and how it was found (the discovery chain). */
export interface DbLocation {
  /** Absolute path, or null for an in-memory database. */
  readonly path: string | null
  readonly source: "flag" | "env" | "workspace" | "magellan-home" | "magellan-local" | "memory"
  /** False when this run created it. */
  readonly existed: boolean
  readonly tried: ReadonlyArray<string>
}

/**
 * The code graph's SQLite database (sql.js). Opened once per command, under a lock, migrated to the
 * current schema; written back atomically by `save`. A database splice did not create is never
 * opened for writing (SPL-E091).
 */
export interface GraphDbService {
  readonly location: DbLocation
  readonly run: (sql: string, params?: ReadonlyArray<SqlValue>) => Effect.Effect<void, SpliceError>
  readonly all: <T = Record<string, SqlValue>>(sql: string, params?: ReadonlyArray<SqlValue>) => Effect.Effect<T[], SpliceError>
  /** One prepared statement, run for every row, inside the caller's transaction. */
  readonly many: (sql: string, rows: ReadonlyArray<ReadonlyArray<SqlValue>>) => Effect.Effect<void, SpliceError>
  /** The id of the last inserted row. */
  readonly lastId: Effect.Effect<number, SpliceError>
  /** Write the database to its file atomically (temp, fsync, rename); nothing for in-memory ones. */
  readonly save: Effect.Effect<void, SpliceError>
  /**
   * Called between the steps of long work on the database (an index: between files): every few ms it
   * hands the event loop a turn, so a server's other calls, a cancellation and signals are served
   * while a large workspace indexes (layers/live/eventLoopTurn.ts); and it tells the graph queries of
   * this process waiting for the database's lock that its holder is working, not stuck (Lock.working).
   */
  readonly breathe: Effect.Effect<void>
  /**
   * Called after long work on the database (a refresh that parsed many files): a long-running
   * process gives back the memory that work left as garbage (a full collection); a one-shot
   * command, about to exit, does nothing.
   */
  readonly settle: Effect.Effect<void>
  /**
   * Facts about this open database's content, kept as long as it stays open (a long-running
   * process keeps it open between calls): whoever changes the content must forget what they change.
   */
  readonly memo: Map<string, unknown>
}

export class GraphDb extends Context.Tag("splice/GraphDb")<GraphDb, GraphDbService>() {}
