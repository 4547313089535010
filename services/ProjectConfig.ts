import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { ProjectConfig as Config } from "../src/domain/projectConfig.js"
import type { SpliceError } from "../src/domain/SpliceError.js"

/**
 * The workspace's `splice.json`, parsed and validated (empty when there is none). Loaded only by
 * the commands that use it, so a broken file does not stop `splice read`.
 */
export interface ProjectConfigService {
  readonly load: Effect.Effect<Config, SpliceError>
}

export class ProjectConfig extends Context.Tag("splice/ProjectConfig")<ProjectConfig, ProjectConfigService>() {}
