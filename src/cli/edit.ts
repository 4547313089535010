/** Flags of `splice edit`; the program is src/commands/edit.ts. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Edit } from "../domain/applyEdits.js"
import { parseEditBatch } from "../domain/editBatch.js"
import { spliceError } from "../domain/SpliceError.js"
import { Input } from "../../services/Input.js"
import { edit } from "../commands/edit.js"
import * as common from "./common.js"

const decoder = new TextDecoder()

const flags = {
  file: Options.text("file").pipe(Options.withAlias("f"), Options.withDescription("The file to edit")),
  replaceOld: Options.text("replace-old").pipe(Options.withDescription("Exact text to replace (\\n means the file's line ending)"), Options.optional),
  replaceNew: Options.text("replace-new").pipe(Options.withDescription("Replacement text"), Options.optional),
  oldFile: Options.text("old-file").pipe(Options.withDescription("Read the text to replace from this file (- = stdin)"), Options.optional),
  newFile: Options.text("new-file").pipe(Options.withDescription("Read the replacement from this file (- = stdin)"), Options.optional),
  edits: Options.text("edits").pipe(Options.withDescription("JSON array of {old, new, replace_all?} applied in order, all or nothing (- = stdin)"), Options.optional),
  replaceAll: Options.boolean("replace-all").pipe(Options.withDescription("Replace every occurrence instead of requiring exactly one")),
  preview: common.preview,
  diff: common.diff,
  expectChecksum: common.expectChecksum,
  allowGitDir: common.allowGitDir,
  validate: common.validate,
  requireCompiler: common.requireCompiler,
  compileTimeout: common.compileTimeout,
  maxBytes: common.maxBytes,
  lockTimeout: common.lockTimeout,
  workspace: common.workspace,
  output: common.output
}

type Flags = Command.Command.ParseConfig<typeof flags>

const usage = (message: string) => Effect.fail(spliceError("SPL-E010", message))

/** One side of a single edit: inline flag or file, exactly one of them. */
const side = (name: string, inline: Option.Option<string>, file: Option.Option<string>) =>
  Effect.gen(function*() {
    const input = yield* Input
    if (Option.isSome(inline) && Option.isSome(file)) return yield* usage(`give --replace-${name} or --${name}-file, not both`)
    if (Option.isSome(inline)) return inline.value
    if (Option.isSome(file)) return decoder.decode(yield* input.argumentFile(file.value))
    return undefined
  })

const collectEdits = (f: Flags) =>
  Effect.gen(function*() {
    const input = yield* Input
    if (Option.isSome(f.edits)) {
      if ([f.replaceOld, f.replaceNew, f.oldFile, f.newFile].some(Option.isSome)) {
        return yield* usage("--edits cannot be combined with --replace-old/--replace-new/--old-file/--new-file")
      }
      if (Option.isSome(f.oldFile) && f.oldFile.value === "-" && f.edits.value === "-") return yield* usage("stdin can feed only one flag")
      const parsed = parseEditBatch(decoder.decode(yield* input.argumentFile(f.edits.value)))
      if (!parsed.ok) return yield* Effect.fail(spliceError("SPL-E053", `invalid --edits: ${parsed.problem}`))
      return f.replaceAll ? parsed.edits.map((e) => ({ ...e, replaceAll: true })) : parsed.edits
    }
    if (Option.isSome(f.oldFile) && Option.isSome(f.newFile) && f.oldFile.value === "-" && f.newFile.value === "-") {
      return yield* usage("stdin can feed only one of --old-file and --new-file")
    }
    const old = yield* side("old", f.replaceOld, f.oldFile)
    const neu = yield* side("new", f.replaceNew, f.newFile)
    if (old === undefined) return yield* usage("missing the text to replace: --replace-old, --old-file or --edits")
    if (neu === undefined) return yield* usage("missing the replacement: --replace-new or --new-file")
    const e: Edit = { old, new: neu, ...(f.replaceAll ? { replaceAll: true } : {}) }
    return [e]
  })

const command = Command.make("edit", flags, (f) =>
  Effect.gen(function*() {
    const edits = yield* collectEdits(f)
    const settings = yield* common.settingsFrom(f)
    const hold = common.holdMs()
    return yield* edit({
      file: f.file,
      edits,
      preview: f.preview,
      showDiff: f.diff,
      ...(Option.isSome(f.expectChecksum) ? { expectChecksum: f.expectChecksum.value } : {}),
      ...settings,
      ...(hold !== undefined ? { holdMs: hold } : {}),
      ...(f.allowGitDir ? { allowGitDir: true } : {})
    })
  })).pipe(
    Command.withDescription("Replace exact text in a file: validated, atomic, journaled, undoable")
  )

export const editCommand = Command.provide(command, common.layerFor)
