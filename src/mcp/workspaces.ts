/**
 * The workspaces one server serves. Which one a call runs in: `--workspace` (or SPLICE_WORKSPACE),
 * else the client's first `file://` root (MCP roots, asked again when the client says they changed),
 * else the git root of the server's current directory. Each workspace's services are built once and
 * stay warm (grammars, parsers, the graph database kept open in its GraphDbCache, the dependency
 * declaration files `complete` read).
 */
import { fileURLToPath } from "node:url"
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import type * as Runtime from "effect/Runtime"
import * as Scope from "effect/Scope"
import { GraphDbCache } from "../../layers/live/graphDbCache.js"
import { liveLayer } from "../../layers/live/index.js"
import { TreeWatcher } from "../../layers/live/treeWatcher.js"
import type { SpliceError } from "../domain/SpliceError.js"

type Services = Layer.Layer.Success<ReturnType<typeof liveLayer>>

export interface Workspace {
  readonly runtime: Runtime.Runtime<Services>
  readonly graphCache: GraphDbCache
  readonly treeWatcher: TreeWatcher
}

/** The first root the client gave that is a local directory, or undefined (none, or roots unsupported). */
const firstFileRoot = async (server: Server): Promise<string | undefined> => {
  if (server.getClientCapabilities()?.roots === undefined) return undefined
  try {
    const { roots } = await server.listRoots()
    const local = roots.find((r) => r.uri.startsWith("file://"))
    return local === undefined ? undefined : fileURLToPath(local.uri)
  } catch {
    return undefined // the client could not answer: fall back as if it had no roots
  }
}

export class Workspaces {
  private readonly scope = Effect.runSync(Scope.make())
  private readonly built = new Map<string, Promise<Exit.Exit<Workspace, SpliceError>>>()
  private root: Promise<string | undefined> | undefined

  constructor(private readonly server: Server, private readonly explicit: string | undefined) {}

  /** The client's roots changed: the next call asks again. */
  rootsChanged(): void {
    this.root = undefined
  }

  /** The workspace for the next call, built on first use. */
  current(): Promise<Exit.Exit<Workspace, SpliceError>> {
    const pinned = this.explicit ?? (process.env["SPLICE_WORKSPACE"] || undefined)
    const root = pinned !== undefined ? Promise.resolve(pinned) : (this.root ??= firstFileRoot(this.server))
    return root.then((dir) => {
      const key = dir ?? ""
      let ws = this.built.get(key)
      if (ws === undefined) {
        const graphCache = new GraphDbCache()
        const treeWatcher = new TreeWatcher()
        ws = Effect.runPromiseExit(
          Layer.toRuntime(liveLayer({ workspace: dir, output: "json", graphCache, treeWatcher, keepDependencyTypes: true, warmWorkers: true, pathsFrom: "root" })).pipe(
            Scope.extend(this.scope),
            Effect.map((runtime): Workspace => ({ runtime, graphCache, treeWatcher }))
          )
        )
        this.built.set(key, ws)
        // A workspace that could not be built (a root that does not exist) is tried again next time.
        void ws.then((exit) => Exit.isFailure(exit) && this.built.get(key) === ws && this.built.delete(key))
      }
      return ws
    })
  }

  /** Close every workspace's services and graph databases. */
  close(): Promise<void> {
    return Effect.runPromise(Scope.close(this.scope, Exit.void)).then(async () => {
      for (const ws of this.built.values()) {
        const exit = await ws
        if (Exit.isSuccess(exit)) {
          exit.value.graphCache.drop()
          exit.value.treeWatcher.close()
        }
      }
    })
  }
}
