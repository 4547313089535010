import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Exit from "effect/Exit"
import { emptyConfig, type ProjectConfig as Config, parseProjectConfig } from "../../src/domain/projectConfig.js"
import { type SpliceError, spliceError } from "../../src/domain/SpliceError.js"
import { FileStore, fileStamp, type WorkspacePath } from "../../services/FileStore.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"

/** Reads `<workspace>/splice.json` through the FileStore; an invalid file is a usage error naming the key. */
/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const makeProjectConfig: Effect.Effect<Context.Tag.Service<ProjectConfig>, never, FileStore> = Effect.gen(function*() {
  const store = yield* FileStore
  // Read again only when splice.json changed (or appeared, or went): a long-running process
  // (splice mcp) must see an edit of it, and a stat per question costs less than a parse.
  let last: { readonly stamp: string; readonly exit: Exit.Exit<Config, SpliceError> } | undefined
  const load = Effect.gen(function*() {
    const p = yield* store.locate("splice.json" as WorkspacePath)
    const st = yield* store.stat(p)
    const stamp = fileStamp(st)
    if (last !== undefined && last.stamp === stamp) return yield* last.exit
    const exit = yield* Effect.exit(st._tag === "None" ? Effect.succeed(emptyConfig) : Effect.flatMap(store.read(p), (bytes) => {
      const parsed = parseProjectConfig(new TextDecoder().decode(bytes))
      return parsed.ok ? Effect.succeed(parsed.config as Config) : Effect.fail(spliceError("SPL-E013", `invalid splice.json: ${parsed.key}: ${parsed.problem}`, {
        context: { file: "splice.json", key: parsed.key, problem: parsed.problem }
      }))
    }))
    last = { stamp, exit }
    return yield* exit
  })
  return { load }
})

export const ProjectConfigLive: Layer.Layer<ProjectConfig, never, FileStore> = Layer.effect(ProjectConfig, makeProjectConfig)
