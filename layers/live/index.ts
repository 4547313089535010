import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import type { Catalog } from "../../src/domain/locale/index.js"
import type { OutputMode } from "../../services/Output.js"
import { CompilerGateLive } from "./CompilerGateLive.js"
import { FileStoreLive } from "./FileStoreLive.js"
import { graphAccessLive } from "./GraphAccessLive.js"
import type { GraphDbCache } from "./graphDbCache.js"
import { TreeWatchLive, type TreeWatcher } from "./treeWatcher.js"
import { HasherLive } from "./HasherLive.js"
import { InputLive } from "./InputLive.js"
import { JournalKeyLive } from "./JournalKeyLive.js"
import { JournalLive } from "./JournalLive.js"
import { LockLive } from "./LockLive.js"
import { OutputLive } from "./OutputLive.js"
import { ProcessRunnerLive, ProcessRunnerWarm } from "./ProcessRunnerLive.js"
import { ProjectConfigLive } from "./ProjectConfigLive.js"
import { SyntaxLive } from "./SyntaxLive.js"
import { TrustLive } from "./TrustLive.js"
import { ValidatorLive } from "./ValidatorLive.js"
import { findWorkspaceRoot } from "./workspaceRoot.js"

/** `next`, built after `prev` and given its services; the outcome offers both's. */
const then = <ROut2, E2, RIn2>(next: Layer.Layer<ROut2, E2, RIn2>) => <ROut, E, RIn>(prev: Layer.Layer<ROut, E, RIn>) =>
  next.pipe(Layer.provideMerge(prev))

/** Everything a command needs, on the real disk. Building it is cheap: grammars load on first parse. */
export const liveLayer = (options: {
  readonly workspace: string | undefined
  readonly output: OutputMode
  /** The messages of human mode (English unless --locale, SPLICE_LOCALE or the OS chose another). */
  readonly catalog?: Catalog
  /** A long-running process (`splice mcp`) keeps the graph database open between commands here. */
  readonly graphCache?: GraphDbCache
  /** …and watches the tree it walked, so a query with nothing changed need not walk again. */
  readonly treeWatcher?: TreeWatcher
  /** …and keeps the syntax gate's python3 running between edits (lineWorker.ts). */
  readonly warmWorkers?: boolean
  /**
   * Relative paths are resolved from the current directory (the CLI's rule), or from the workspace
   * root (`splice mcp`: a client cannot know the server's directory, and results name root paths).
   */
  readonly pathsFrom?: "cwd" | "root"
}) =>
  Layer.unwrapEffect(
    Effect.try({
      try: () => findWorkspaceRoot(options.workspace),
      catch: (e) =>
        spliceError("SPL-E020", `workspace ${options.workspace ?? process.env["SPLICE_WORKSPACE"] ?? "."} does not exist`, {
          context: { workspace: options.workspace ?? null, detail: String(e) }
        })
    }).pipe(Effect.map((root) => {
      const store = FileStoreLive(root, options.pathsFrom === "root" ? root : undefined)
      // One after another, each given the services built before it. Layer.mergeAll builds them
      // concurrently, with a fiber, a scope and a copy of the fiber refs each, for constructors that
      // make a few synchronous calls: building this layer and the read after it took ~115 ms of CPU
      // that way against ~85 ms in sequence (README "Start-up").
      const services = store.pipe(
        then(HasherLive),
        then(ProjectConfigLive),
        then(TrustLive),
        then(LockLive(root)),
        then(SyntaxLive),
        then(CompilerGateLive.pipe(Layer.provide(ProcessRunnerLive))),
        // Writers refresh an existing code graph after committing; nothing of it loads until then.
        then(graphAccessLive(options.graphCache)),
        then(JournalLive.pipe(Layer.provide(JournalKeyLive))),
        then(ValidatorLive.pipe(Layer.provide(options.warmWorkers === true ? ProcessRunnerWarm : ProcessRunnerLive))),
        then(OutputLive(options.output, options.catalog)),
        then(InputLive)
      )
      return options.treeWatcher === undefined ? services : Layer.merge(services, TreeWatchLive(options.treeWatcher))
    }))
  )
