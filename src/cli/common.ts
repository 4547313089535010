/** Flags shared by several commands, and the glue from parsed flags to a command's live layer. */
import * as Options from "@effect/cli/Options"
import * as Option from "effect/Option"
import { liveLayer } from "../../layers/live/index.js"
import { chooseMode } from "../../layers/live/OutputLive.js"
import { DEFAULT_MAX_BYTES } from "../commands/textTarget.js"

export const workspace = Options.text("workspace").pipe(
  Options.withDescription("Workspace root (default: SPLICE_WORKSPACE, else the git root, else the current directory)"),
  Options.optional
)
export const output = Options.choice("output", ["json", "human"]).pipe(
  Options.withDescription("Output format (default: json when stdout is not a terminal)"),
  Options.optional
)
export const lockTimeout = Options.float("lock-timeout").pipe(
  Options.withDescription("Seconds to wait for another splice process to release the file"),
  Options.withDefault(10)
)
export const maxBytes = Options.integer("max-bytes").pipe(
  Options.withDescription("Refuse files larger than this many bytes"),
  Options.withDefault(DEFAULT_MAX_BYTES)
)
export const validate = Options.choice("validate", ["none", "syntax"]).pipe(
  Options.withDescription("Gate before writing: syntax (tree-sitter) or none"),
  Options.withDefault("syntax" as const)
)
export const preview = Options.boolean("preview").pipe(
  Options.withAlias("n"),
  Options.withAlias("dry-run"),
  Options.withDescription("Show the diff and the validation verdict; write nothing")
)
export const diff = Options.boolean("diff").pipe(Options.withDescription("Include the unified diff in the result"))
export const expectChecksum = Options.text("expect-checksum").pipe(
  Options.withDescription("Refuse (exit 7) unless the file's current BLAKE3 checksum is this"),
  Options.optional
)

export interface CommonFlags {
  readonly workspace: Option.Option<string>
  readonly output: Option.Option<"json" | "human">
}

/** The live services for one run of a command. */
export const layerFor = <A extends CommonFlags>(flags: A) =>
  liveLayer({ workspace: Option.getOrUndefined(flags.workspace), output: chooseMode(Option.getOrUndefined(flags.output)) })

/** Test hook: SPLICE_TEST_HOLD_MS pauses between writing and committing, so e2e tests can signal mid-write. */
export const holdMs = (): number | undefined => {
  const v = Number(process.env["SPLICE_TEST_HOLD_MS"])
  return Number.isFinite(v) && v > 0 ? v : undefined
}

export const optionalValue = <A>(o: Option.Option<A>): A | undefined => Option.getOrUndefined(o)
