import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { discoverDb } from "../../src/domain/graph/discovery.js"
import { spliceError } from "../../src/domain/SpliceError.js"
import { statePath } from "../../src/domain/workspacePath.js"
import { FileStore } from "../../services/FileStore.js"
import { GraphDb } from "../../services/GraphDb.js"
import { Lock } from "../../services/Lock.js"
import { writeFileAtomic } from "./atomicFile.js"
import type { GraphDbCache } from "./graphDbCache.js"
import { collectGarbage } from "./collectGarbage.js"
import { eventLoopTurn } from "./eventLoopTurn.js"
import { readDatabaseFile, writeDatabase } from "./sqlFileBytes.js"
import { openGraphDatabase, startSqlJs, wrapDatabase } from "./sqlDatabase.js"

export interface GraphDbOptions {
  readonly explicit?: string
  /** Build a new database when none is found (every graph command but `status`). */
  readonly create: boolean
  /** How long to wait for another process's hold on the database (default 30 s). */
  readonly lockTimeoutMs?: number
  /** A long-running process keeps the database open here between calls (layers/live/graphDbCache.ts). */
  readonly cache?: GraphDbCache
  /**
   * Wait for a holder of this process that is working with the database (an index, between files:
   * GraphDb.breathe) however long it works: a graph query of `splice mcp` behind another call's index.
   * Not a writer's short look after its commit (graphAfterWrite), which leaves the refresh to the next query.
   */
  readonly whileWorking?: boolean
}

/** The discovery chain on this machine: --db, SPLICE_DB, the workspace, ~/.magellan, .magellan. */
export const findGraphDb = (root: string, explicit: string | undefined, create: boolean) =>
  discoverDb({
    ...(explicit !== undefined ? { explicit: path.resolve(explicit) } : {}),
    ...(process.env["SPLICE_DB"] ? { env: path.resolve(process.env["SPLICE_DB"]) } : {}),
    workspace: root,
    home: os.homedir()
  }, (p) => fs.existsSync(p), create)

/**
 * The graph database on disk, found by the discovery chain, held under a lock for the whole command
 * (a refresh reads, changes and writes it back), written atomically.
 */
export const GraphDbLive = (options: GraphDbOptions): Layer.Layer<GraphDb, ReturnType<typeof spliceError>, FileStore | Lock> =>
  Layer.scoped(
    GraphDb,
    Effect.gen(function*() {
      const store = yield* FileStore
      const lock = yield* Lock
      const found = findGraphDb(store.root, options.explicit, options.create)
      if (!("path" in found) || found.path === null) {
        return yield* Effect.fail(spliceError("SPL-E091", "no code graph database found", {
          hint: "Run `splice index` to build one.",
          context: { tried: found.tried }
        }))
      }
      const location = found
      const dbPath = found.path
      void startSqlJs().catch(() => undefined) // the failure, if any, is met again where it is awaited
      const key = `graph-db:${dbPath}` as const
      yield* lock.acquire([key], Duration.millis(options.lockTimeoutMs ?? 30_000), { whileWorking: options.whileWorking === true })
      const cache = options.cache
      const warm = cache?.take(dbPath)
      const db = warm ?? (yield* openGraphDatabase(
        location.existed
          // Into storage sql.js keeps as its file and grows in place (sqlFileBytes.ts).
          ? yield* Effect.try({ try: () => readDatabaseFile(dbPath), catch: (e) => spliceError("SPL-E091", `cannot read ${dbPath}: ${String(e)}`) })
          : null,
        location
      ))
      if (location.source === "workspace") {
        // splice's state stays out of the user's commits, whichever command created .splice/ first.
        const ignore = yield* store.locate(statePath(".gitignore"))
        if ((yield* store.stat(ignore))._tag === "None") yield* store.writeAtomic(ignore, new TextEncoder().encode("*\n"))
      }
      yield* Effect.addFinalizer((exit) =>
        Effect.sync(() => {
          // Kept open for the next call only after a call that completed: a failed one may have changed it halfway.
          if (cache !== undefined && Exit.isSuccess(exit)) cache.keep(dbPath, db)
          else if (cache?.holds(db) === true) cache.drop()
          else db.close()
        })
      )
      const SQL = yield* Effect.promise(startSqlJs)
      return wrapDatabase(db, location, (opened) =>
        Effect.try({
          try: () => {
            // Page by page into the temp file: never a second copy of the database in memory.
            writeFileAtomic(dbPath, (fd) => void writeDatabase(SQL, opened, fd))
            cache?.saved(dbPath)
          },
          catch: (e) => spliceError("SPL-E083", `cannot write ${dbPath}: ${String(e)}`, { context: { db: dbPath } })
        }), Effect.zipRight(lock.working([key]), eventLoopTurn), cache !== undefined ? Effect.sync(collectGarbage) : Effect.void)
    })
  )
