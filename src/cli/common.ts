/** Flags shared by several commands, and the glue from parsed flags to a command's live layer. */
import * as Options from "@effect/cli/Options"
import * as Option from "effect/Option"
import * as Layer from "effect/Layer"
import { GraphAccessLive } from "../../layers/live/GraphAccessLive.js"
import { liveLayer } from "../../layers/live/index.js"
import { chooseMode } from "../../layers/live/OutputLive.js"
import * as Effect from "effect/Effect"
import type { CompilerSettings } from "../commands/compilerGate.js"
import { DEFAULT_MAX_BYTES } from "../commands/textTarget.js"
import { spliceError } from "../domain/SpliceError.js"
import type { ValidateMode } from "../../services/Validator.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"

export const workspace = Options.text("workspace").pipe(
  Options.withDescription("Workspace root (default: SPLICE_WORKSPACE, else the git root, else the current directory)"),
  Options.optional
)
export const output = Options.choice("output", ["json", "human"]).pipe(
  Options.withDescription("Output format (default: json when stdout is not a terminal)"),
  Options.optional
)
export const lockTimeout = Options.float("lock-timeout").pipe(
  Options.withDescription("Seconds to wait for another splice process to release the file (default 10)"),
  Options.optional
)
export const maxBytes = Options.integer("max-bytes").pipe(
  Options.withDescription("Refuse files larger than this many bytes (default 16 MiB)"),
  Options.optional
)
export const validate = Options.choice("validate", ["none", "syntax", "compiler", "full"]).pipe(
  Options.withDescription(
    "Gates: syntax (tree-sitter, in memory), compiler (the project's checker, on disk), full (both), none. " +
      "Default: syntax, plus the compiler gate when the project has the tool and a project file"
  ),
  Options.optional
)
export const requireCompiler = Options.boolean("require-compiler").pipe(
  Options.withDescription("Fail (exit 5) instead of skipping the compiler gate when no checker can run"),
  Options.optional
)
export const compileTimeout = Options.float("compile-timeout").pipe(
  Options.withDescription("Seconds the checker may run before it is killed and the edit rolled back (default 120)"),
  Options.optional
)
export const preview = Options.boolean("preview").pipe(
  Options.withAlias("n"),
  Options.withAlias("dry-run"),
  Options.withDescription("Show the diff and the validation verdict; write nothing")
)
export const diff = Options.boolean("diff").pipe(Options.withDescription("Include the unified diff in the result"))
export const expectChecksum = Options.text("expect-checksum").pipe(
  Options.withDescription("Refuse (exit 7) unless the file's current BLAKE3 checksum is this (all 64 hex digits, or a prefix of at least 12)"),
  Options.optional
)

export const db = Options.text("db").pipe(
  Options.withDescription("Graph database path (default: SPLICE_DB, <workspace>/.splice/graph.db, ~/.magellan/…)"),
  Options.optional
)
/** --db on a command that writes: the graph it refreshes after committing, when that graph exists. */
export const refreshDb = Options.text("db").pipe(
  Options.withDescription("Graph database to refresh after the commit, when it exists (default: found as the graph commands find it; none = skipped)"),
  Options.optional
)

/** `db` for a command's config, when --db was given. */
export const dbOf = (flags: { readonly db: Option.Option<string> }) => (Option.isSome(flags.db) ? { db: flags.db.value } : {})

export const allowGitDir = Options.boolean("allow-git-dir").pipe(
  Options.withDescription("Allow changing files inside a .git/ directory (refused by default: a hook written there runs on the next git command)")
)

export interface CommonFlags {
  readonly workspace: Option.Option<string>
  readonly output: Option.Option<"json" | "human">
}

/** The live services for one run of a command (graph access is only a few stat calls until used). */
export const layerFor = <A extends CommonFlags>(flags: A) =>
  Layer.provideMerge(GraphAccessLive, liveLayer({ workspace: Option.getOrUndefined(flags.workspace), output: chooseMode(Option.getOrUndefined(flags.output)) }))

/** Test hook: SPLICE_TEST_HOLD_MS pauses between writing and committing, so e2e tests can signal mid-write. */
export const holdMs = (): number | undefined => {
  const v = Number(process.env["SPLICE_TEST_HOLD_MS"])
  return Number.isFinite(v) && v > 0 ? v : undefined
}

export const optionalValue = <A>(o: Option.Option<A>): A | undefined => Option.getOrUndefined(o)

export interface GateFlags {
  readonly validate: Option.Option<"none" | "syntax" | "compiler" | "full">
  readonly requireCompiler: Option.Option<boolean>
  readonly compileTimeout: Option.Option<number>
  readonly lockTimeout: Option.Option<number>
  readonly maxBytes: Option.Option<number>
}

export interface Settings {
  readonly validate: ValidateMode
  readonly compiler: CompilerSettings
  readonly lockTimeoutMs: number
  readonly maxBytes: number
}

/** Flags, else splice.json's defaults, else the built-in defaults. */
export const settingsFrom = (f: GateFlags) =>
  Effect.gen(function*() {
    const d = (yield* (yield* ProjectConfig).load).defaults
    const maxBytesFlag = Option.getOrUndefined(f.maxBytes)
    if (maxBytesFlag !== undefined && maxBytesFlag < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `--max-bytes takes a positive number of bytes (got ${maxBytesFlag})`, { context: { max_bytes: maxBytesFlag } }))
    }
    const chosen = Option.getOrUndefined(f.validate) ?? d.validate
    const compilerMode: CompilerSettings["mode"] = chosen === undefined ? "auto" : chosen === "compiler" || chosen === "full" ? "always" : "off"
    return {
      validate: chosen === "none" ? "none" : chosen === "compiler" ? "compiler-only" : "syntax",
      compiler: {
        mode: compilerMode,
        // A boolean flag reads false when absent, so only `true` can override splice.json.
        require: Option.getOrUndefined(f.requireCompiler) === true || (d.requireCompiler ?? false),
        timeoutMs: (Option.getOrUndefined(f.compileTimeout) ?? d.compileTimeoutSeconds ?? 120) * 1000
      },
      lockTimeoutMs: (Option.getOrUndefined(f.lockTimeout) ?? d.lockTimeoutSeconds ?? 10) * 1000,
      maxBytes: maxBytesFlag ?? d.maxBytes ?? DEFAULT_MAX_BYTES
    } satisfies Settings
  })
