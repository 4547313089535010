/** Flags of `splice write`; the program is src/commands/write.ts. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { Input } from "../../services/Input.js"
import { write } from "../commands/write.js"
import * as common from "./common.js"

const flags = {
  file: Options.text("file").pipe(Options.withAlias("f"), Options.withDescription("The file to write")),
  content: Options.text("content").pipe(Options.withDescription("The new content (default: read stdin)"), Options.optional),
  create: Options.boolean("create").pipe(Options.withDescription("Create a new file; refuse if it exists")),
  allowEmpty: Options.boolean("allow-empty").pipe(Options.withDescription("Allow empty content (truncate the file)")),
  raw: Options.boolean("raw").pipe(Options.withDescription("Write the bytes as given: do not adopt the file's CRLF/BOM")),
  preview: common.preview,
  diff: common.diff,
  expectChecksum: common.expectChecksum,
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

const command = Command.make("write", flags, (f) =>
  Effect.gen(function*() {
    const input = yield* Input
    const content = Option.isSome(f.content) ? new TextEncoder().encode(f.content.value) : yield* input.stdin
    const hold = common.holdMs()
    const settings = yield* common.settingsFrom(f)
    return yield* write({
      file: f.file,
      content,
      create: f.create,
      allowEmpty: f.allowEmpty,
      raw: f.raw,
      preview: f.preview,
      showDiff: f.diff,
      ...(Option.isSome(f.expectChecksum) ? { expectChecksum: f.expectChecksum.value } : {}),
      ...settings,
      ...(hold !== undefined ? { holdMs: hold } : {}),
      ...(f.allowGitDir ? { allowGitDir: true } : {}),
      ...common.dbOf(f)
    })
  })).pipe(
    Command.withDescription("Write a whole file from stdin or --content: validated, atomic, journaled, undoable")
  )

export const writeCommand = Command.provide(command, common.layerFor)
