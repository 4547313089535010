import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { emptyConfig, type ProjectConfig as Config, parseProjectConfig } from "../../src/domain/projectConfig.js"
import { spliceError } from "../../src/domain/SpliceError.js"
import { FileStore, type WorkspacePath } from "../../services/FileStore.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"

/** Reads `<workspace>/splice.json` through the FileStore; an invalid file is a usage error naming the key. */
export const ProjectConfigLive: Layer.Layer<ProjectConfig, never, FileStore> = Layer.effect(
  ProjectConfig,
  Effect.gen(function*() {
    const store = yield* FileStore
    const load = Effect.gen(function*() {
      const p = yield* store.locate("splice.json" as WorkspacePath)
      if ((yield* store.stat(p))._tag === "None") return emptyConfig
      const parsed = parseProjectConfig(new TextDecoder().decode(yield* store.read(p)))
      if (!parsed.ok) {
        return yield* Effect.fail(spliceError("SPL-E013", `invalid splice.json: ${parsed.key}: ${parsed.problem}`, {
          context: { file: "splice.json", key: parsed.key, problem: parsed.problem }
        }))
      }
      return parsed.config as Config
    })
    return { load: yield* Effect.cached(load) }
  })
)
