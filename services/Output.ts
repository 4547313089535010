import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { Catalog, Human } from "../src/domain/locale/index.js"
import type { SpliceError } from "../src/domain/SpliceError.js"
import type { CommandName, EventLine, ResultFields } from "../src/schema/outputs.js"

export type OutputMode = "json" | "human"

/**
 * The event stream on stdout: one JSON object per line (`--output json`, the default when stdout is
 * not a terminal) or readable text. The last line of a run is its result or its error.
 */
export interface OutputService {
  readonly mode: OutputMode
  /** The messages of the run's locale (--locale, SPLICE_LOCALE, the OS); only human mode uses them. */
  readonly catalog: Catalog
  /** An intermediate event (`type` is required), e.g. one per hashed file; its shape is in src/schema/. */
  readonly event: (event: EventLine, human?: Human) => Effect.Effect<void>
  /**
   * Several events at once, written together (one write for a file's matches instead of one per
   * line); `human` is how they all read in human mode.
   */
  readonly events: (events: ReadonlyArray<EventLine>, human?: Human) => Effect.Effect<void>
  /**
   * The final success line (its schema: src/schema/outputs.ts); `human` is how the result reads in
   * human mode, a text or a function of the locale's catalog (src/domain/locale/).
   */
  readonly result: <C extends CommandName>(command: C, fields: ResultFields<C>, human?: Human) => Effect.Effect<void>
  readonly error: (error: SpliceError, exit: number) => Effect.Effect<void>
  /** A note for people on stderr (progress, warnings); never on stdout. */
  readonly log: (message: string) => Effect.Effect<void>
}

export class Output extends Context.Tag("splice/Output")<Output, OutputService>() {}
