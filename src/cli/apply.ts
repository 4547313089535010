/** Flags of `splice apply`; the program is src/commands/apply.ts. */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { apply } from "../commands/apply.js"
import * as common from "./common.js"

const flags = {
  input: Args.text({ name: "FILE" }).pipe(Args.withDescription("The change set (default: - = stdin)"), Args.optional),
  format: Options.choice("format", ["auto", "plan", "codex", "search-replace", "udiff"]).pipe(
    Options.withDescription("Input format (default auto: detected from the first lines)"),
    Options.withDefault("auto" as const)
  ),
  exact: Options.boolean("exact").pipe(Options.withDescription("Match exactly: no tolerance for whitespace, indentation or look-alike characters")),
  expectChecksum: Options.text("expect-checksum").pipe(
    Options.withDescription("FILE=CHECKSUM: refuse (exit 7) unless FILE's current BLAKE3 checksum is this (repeatable)"),
    Options.repeated
  ),
  preview: common.preview,
  diff: common.diff,
  allowGitDir: common.allowGitDir,
  validate: common.validate,
  requireCompiler: common.requireCompiler,
  compileTimeout: common.compileTimeout,
  maxBytes: common.maxBytes,
  lockTimeout: common.lockTimeout,
  db: common.refreshDb,
  workspace: common.workspace,
  output: common.output
}

const command = Command.make("apply", flags, (f) =>
  Effect.gen(function*() {
    const settings = yield* common.settingsFrom(f)
    const hold = common.holdMs()
    return yield* apply({
      input: Option.getOrElse(f.input, () => "-"),
      format: f.format,
      preview: f.preview,
      showDiff: f.diff,
      exact: f.exact,
      expectChecksums: f.expectChecksum,
      ...settings,
      ...(hold !== undefined ? { holdMs: hold } : {}),
      ...(f.allowGitDir ? { allowGitDir: true } : {}),
      ...common.dbOf(f)
    })
  })).pipe(
    Command.withDescription("Apply a multi-file change set (JSON plan, Codex patch, search/replace blocks, unified diff) as one transaction")
  )

export const applyCommand = Command.provide(command, common.layerFor)
