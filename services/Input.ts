import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { SpliceError } from "../src/domain/SpliceError.js"

/**
 * What the user hands splice besides flags: standard input and argument files (`--old-file`,
 * `--edits FILE`). Argument files are inputs, not targets, so they are not confined to the workspace.
 * Both may wait on a pipe that never ends: the live layer waits without spinning and a signal
 * (fiber interruption) ends the wait.
 */
export interface InputService {
  readonly stdin: Effect.Effect<Uint8Array, SpliceError>
  readonly argumentFile: (path: string) => Effect.Effect<Uint8Array, SpliceError>
}

export class Input extends Context.Tag("splice/Input")<Input, InputService>() {}
