import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import type { Catalog } from "../../src/domain/locale/index.js"
import { CompilerGate } from "../../services/CompilerGate.js"
import { FileStore } from "../../services/FileStore.js"
import { GraphAccess } from "../../services/GraphAccess.js"
import { Hasher } from "../../services/Hasher.js"
import { Input } from "../../services/Input.js"
import { Journal } from "../../services/Journal.js"
import { JournalKey } from "../../services/JournalKey.js"
import { Lock } from "../../services/Lock.js"
import { Output, type OutputMode } from "../../services/Output.js"
import { ParseMaps } from "../../services/ParseMaps.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"
import { Syntax } from "../../services/Syntax.js"
import { TreeWatch } from "../../services/TreeWatch.js"
import { DependencyTypesCache, makeDependencyTypesCache } from "../../services/DependencyTypesCache.js"
import { Trust } from "../../services/Trust.js"
import { Validator } from "../../services/Validator.js"
import { makeCompilerGate } from "./CompilerGateLive.js"
import { makeFileStore } from "./FileStoreLive.js"
import { makeGraphAccess } from "./GraphAccessLive.js"
import type { GraphDbCache } from "./graphDbCache.js"
import { type TreeWatcher, treeWatchService } from "./treeWatcher.js"
import { makeHasher } from "./HasherLive.js"
import { inputService } from "./InputLive.js"
import { makeJournalKey } from "./JournalKeyLive.js"
import { makeJournalScoped } from "./JournalLive.js"
import { makeLock } from "./LockLive.js"
import { makeOutput } from "./OutputLive.js"
import { parseMapsService } from "./ParseMapsLive.js"
import { processRunner } from "./ProcessRunnerLive.js"
import { makeProjectConfig } from "./ProjectConfigLive.js"
import { syntaxService } from "./SyntaxLive.js"
import { makeTrust } from "./TrustLive.js"
import { makeValidator } from "./ValidatorLive.js"
import { findWorkspaceRoot } from "./workspaceRoot.js"

/**
 * Everything a command needs, on the real disk. Building it is cheap: grammars load on first parse.
 * One layer whose effect makes the services one after another, each given those made before it:
 * as a layer each (Layer.provideMerge, one after another) Effect's per-layer machinery — a scope,
 * a memo map, fiber refs and a fiber for each — cost more CPU than the constructors themselves,
 * which make a few synchronous calls (concurrently, with Layer.mergeAll, more still).
 */
export const liveLayer = (options: {
  readonly workspace: string | undefined
  readonly output: OutputMode
  /** The messages of human mode (English unless --locale, SPLICE_LOCALE or the OS chose another). */
  readonly catalog?: Catalog
  /** A long-running process (`splice mcp`) keeps the graph database open between commands here. */
  readonly graphCache?: GraphDbCache
  /** …and watches the tree it walked, so a query with nothing changed need not walk again. */
  readonly treeWatcher?: TreeWatcher
  /** …and keeps the dependency declaration files it read (services/DependencyTypesCache.ts). */
  readonly keepDependencyTypes?: boolean
  /** …and keeps the syntax gate's python3 running between edits (lineWorker.ts). */
  readonly warmWorkers?: boolean
  /**
   * Relative paths are resolved from the current directory (the CLI's rule), or from the workspace
   * root (`splice mcp`: a client cannot know the server's directory, and results name root paths).
   */
  readonly pathsFrom?: "cwd" | "root"
}) =>
  Layer.scopedContext(Effect.gen(function*() {
    const root = yield* Effect.try({
      try: () => findWorkspaceRoot(options.workspace),
      catch: (e) =>
        spliceError("SPL-E020", `workspace ${options.workspace ?? process.env["SPLICE_WORKSPACE"] ?? "."} does not exist`, {
          context: { workspace: options.workspace ?? null, detail: String(e) }
        })
    })
    const store = Context.make(FileStore, makeFileStore(root, options.pathsFrom === "root" ? root : undefined))
    const hashing = Context.add(store, Hasher, yield* makeHasher)
    const configured = Context.add(hashing, ProjectConfig, yield* Effect.provide(makeProjectConfig, hashing))
    const trusting = Context.add(configured, Trust, yield* Effect.provide(makeTrust, configured))
    const syntax = trusting.pipe(Context.add(Lock, makeLock(root)), Context.add(Syntax, syntaxService))
    // The process runner is each checker's own (a warm one for the server's validator), not a service of the commands.
    const gated = Context.add(syntax, CompilerGate, yield* Effect.provide(makeCompilerGate, Context.add(syntax, ProcessRunner, processRunner(false))))
    // Writers refresh an existing code graph after committing; nothing of it loads until then.
    const graph = Context.add(gated, GraphAccess, yield* Effect.provide(makeGraphAccess(options.graphCache), gated))
    const journal = Context.add(graph, Journal, yield* Effect.provide(makeJournalScoped, Context.add(graph, JournalKey, yield* makeJournalKey)))
    // The validator keeps parse maps of big files for the next process that edits them (ParseMapsLive.ts).
    const validating = journal.pipe(Context.add(ProcessRunner, processRunner(options.warmWorkers === true)), Context.add(ParseMaps, parseMapsService))
    const validator = yield* Effect.provide(makeValidator, validating)
    const services = journal.pipe(
      Context.add(Validator, validator),
      Context.add(Output, makeOutput(options.output, options.catalog)),
      Context.add(Input, inputService)
    )
    const keeping = options.keepDependencyTypes === true ? Context.add(services, DependencyTypesCache, makeDependencyTypesCache()) : services
    return options.treeWatcher === undefined ? keeping : Context.add(keeping, TreeWatch, treeWatchService(options.treeWatcher))
  }))
