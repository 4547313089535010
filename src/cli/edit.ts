/** Flags of `splice edit`; the program is src/commands/edit.ts. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Edit } from "../domain/applyEdits.js"
import { MAX_BATCH_BYTES, parseEditBatch } from "../domain/editBatch.js"
import { parseLineRange } from "../domain/lineEdits.js"
import { spliceError } from "../domain/SpliceError.js"
import { Input } from "../../services/Input.js"
import { edit, type PositionalEdit } from "../commands/edit.js"
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
  fuzzy: Options.boolean("fuzzy").pipe(Options.withDescription("When the text does not occur exactly, match it ignoring trailing whitespace, then indentation, then look-alike characters (one match required; the result says which)")),
  allowEmpty: Options.boolean("allow-empty").pipe(Options.withDescription("Accept an empty replacement from --new-file - (stdin): delete the matched text")),
  afterLine: Options.integer("after-line").pipe(Options.withDescription("Insert the --replace-new/--new-file lines after line N (0 = at the top, the last line = append)"), Options.optional),
  beforeLine: Options.integer("before-line").pipe(Options.withDescription("Insert the --replace-new/--new-file lines before line N"), Options.optional),
  lines: Options.text("lines").pipe(Options.withDescription("Replace lines A:B with the --replace-new/--new-file lines (with --replace-old, only if they hold that text)"), Options.optional),
  deleteLines: Options.text("delete-lines").pipe(Options.withDescription("Delete lines A:B"), Options.optional),
  after: Options.text("after").pipe(Options.withDescription("Insert the --replace-new/--new-file lines after the line where this text (occurring once) ends"), Options.optional),
  before: Options.text("before").pipe(Options.withDescription("Insert the --replace-new/--new-file lines before the line where this text (occurring once) starts"), Options.optional),
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

export type EditFlags = Command.Command.ParseConfig<typeof flags>
type Flags = EditFlags

const usage = (message: string) => Effect.fail(spliceError("SPL-E010", message))

/**
 * An argument file's bytes. Empty stdin is refused (SPL-E012): a producer that failed and piped
 * nothing must not turn into "replace with nothing" or "replace nothing". `""` typed on the command
 * line, or --allow-empty, is a deliberate empty text.
 */
const argument = (flag: string, path: string, allowEmpty: boolean) =>
  Effect.gen(function*() {
    const bytes = yield* (yield* Input).argumentFile(path)
    if (path === "-" && bytes.length === 0 && !allowEmpty) {
      return yield* Effect.fail(spliceError("SPL-E012", `${flag} - read nothing: stdin was empty`, {
        ...(flag === "--new-file" ? {} : { hint: `${flag} needs content; check the command that feeds stdin.` }),
        context: { flag }
      }))
    }
    return bytes
  })

/** One side of a single edit: inline flag or file, exactly one of them. */
const side = (name: string, inline: Option.Option<string>, file: Option.Option<string>, allowEmpty: boolean) =>
  Effect.gen(function*() {
    if (Option.isSome(inline) && Option.isSome(file)) return yield* usage(`give --replace-${name} or --${name}-file, not both`)
    if (Option.isSome(inline)) return inline.value
    if (Option.isSome(file)) return decoder.decode(yield* argument(`--${name}-file`, file.value, allowEmpty))
    return undefined
  })

const collectEdits = (f: Flags) =>
  Effect.gen(function*() {
    if (Option.isSome(f.edits)) {
      if ([f.replaceOld, f.replaceNew, f.oldFile, f.newFile].some(Option.isSome)) {
        return yield* usage("--edits cannot be combined with --replace-old/--replace-new/--old-file/--new-file")
      }
      if (Option.isSome(f.oldFile) && f.oldFile.value === "-" && f.edits.value === "-") return yield* usage("stdin can feed only one flag")
      const bytes = yield* argument("--edits", f.edits.value, false)
      if (bytes.length > MAX_BATCH_BYTES) {
        return yield* Effect.fail(spliceError("SPL-E054", `--edits is ${bytes.length} bytes, over the limit of ${MAX_BATCH_BYTES}`, { context: { size: bytes.length, max_bytes: MAX_BATCH_BYTES } }))
      }
      const parsed = parseEditBatch(decoder.decode(bytes))
      if (!parsed.ok) return yield* Effect.fail(spliceError(parsed.tooLarge === true ? "SPL-E054" : "SPL-E053", `invalid --edits: ${parsed.problem}`))
      return f.replaceAll ? parsed.edits.map((e) => ({ ...e, replaceAll: true })) : parsed.edits
    }
    if (Option.isSome(f.oldFile) && Option.isSome(f.newFile) && f.oldFile.value === "-" && f.newFile.value === "-") {
      return yield* usage("stdin can feed only one of --old-file and --new-file")
    }
    const old = yield* side("old", f.replaceOld, f.oldFile, false)
    const neu = yield* side("new", f.replaceNew, f.newFile, f.allowEmpty)
    if (old === undefined) return yield* usage("missing the text to replace: --replace-old, --old-file or --edits")
    if (neu === undefined) return yield* usage("missing the replacement: --replace-new or --new-file")
    const e: Edit = { old, new: neu, ...(f.replaceAll ? { replaceAll: true } : {}) }
    return [e]
  })

const lineRange = (flag: string, value: string) => {
  const range = parseLineRange(value)
  return range === undefined ? usage(`${flag} takes A:B (1 ≤ A ≤ B) or one line number (got ${JSON.stringify(value)})`) : Effect.succeed(range)
}

/**
 * The positional edit the flags ask for, if any. One mode at a time; none of them mixes with
 * --edits or --replace-all; only --lines takes an old text (--replace-old/--old-file) to check.
 */
export const collectPositional = (f: Flags) =>
  Effect.gen(function*() {
    const modes: ReadonlyArray<readonly [string, Option.Option<unknown>]> = [
      ["--after-line", f.afterLine],
      ["--before-line", f.beforeLine],
      ["--lines", f.lines],
      ["--delete-lines", f.deleteLines],
      ["--after", f.after],
      ["--before", f.before]
    ]
    const given = modes.filter(([, o]) => Option.isSome(o)).map(([flag]) => flag)
    if (given.length === 0) return undefined
    const mode = given[0]!
    if (given.length > 1) return yield* usage(`${given.join(" and ")} cannot be combined: give one positional edit per call`)
    if (Option.isSome(f.edits)) return yield* usage(`${mode} cannot be combined with --edits`)
    if (f.replaceAll) return yield* usage(`${mode} cannot be combined with --replace-all`)
    if (f.fuzzy) return yield* usage(`${mode} cannot be combined with --fuzzy (positions need no matching)`)
    const hasOld = Option.isSome(f.replaceOld) || Option.isSome(f.oldFile)
    if (hasOld && mode !== "--lines") return yield* usage(`${mode} takes no text to replace (--replace-old/--old-file apply to --lines only)`)
    const hasNew = Option.isSome(f.replaceNew) || Option.isSome(f.newFile)
    if (Option.isSome(f.deleteLines)) {
      if (hasNew) return yield* usage("--delete-lines takes no new text (--replace-new/--new-file)")
      const { from, to } = yield* lineRange("--delete-lines", f.deleteLines.value)
      return { mode: "delete_lines", from, to } satisfies PositionalEdit as PositionalEdit
    }
    if (Option.isSome(f.oldFile) && Option.isSome(f.newFile) && f.oldFile.value === "-" && f.newFile.value === "-") {
      return yield* usage("stdin can feed only one of --old-file and --new-file")
    }
    const content = yield* side("new", f.replaceNew, f.newFile, f.allowEmpty)
    if (content === undefined) return yield* usage(`missing the lines for ${mode}: --replace-new or --new-file`)
    if (Option.isSome(f.lines)) {
      const { from, to } = yield* lineRange("--lines", f.lines.value)
      const old = yield* side("old", f.replaceOld, f.oldFile, false)
      return { mode: "lines", from, to, content, ...(old !== undefined ? { expectOld: old } : {}) } satisfies PositionalEdit as PositionalEdit
    }
    if (Option.isSome(f.afterLine)) return { mode: "after_line", line: f.afterLine.value, content } satisfies PositionalEdit as PositionalEdit
    if (Option.isSome(f.beforeLine)) return { mode: "before_line", line: f.beforeLine.value, content } satisfies PositionalEdit as PositionalEdit
    if (Option.isSome(f.after)) return { mode: "after", anchor: f.after.value, content } satisfies PositionalEdit as PositionalEdit
    return { mode: "before", anchor: Option.getOrElse(f.before, () => ""), content } satisfies PositionalEdit as PositionalEdit
  })

const command = Command.make("edit", flags, (f) =>
  Effect.gen(function*() {
    const positional = yield* collectPositional(f)
    const edits = positional === undefined ? yield* collectEdits(f) : []
    const settings = yield* common.settingsFrom(f)
    const hold = common.holdMs()
    return yield* edit({
      file: f.file,
      edits,
      ...(positional !== undefined ? { positional } : {}),
      preview: f.preview,
      showDiff: f.diff,
      ...(Option.isSome(f.expectChecksum) ? { expectChecksum: f.expectChecksum.value } : {}),
      ...settings,
      ...(hold !== undefined ? { holdMs: hold } : {}),
      ...(f.allowGitDir ? { allowGitDir: true } : {}),
      ...(f.fuzzy ? { fuzzy: true } : {}),
      ...common.dbOf(f)
    })
  })).pipe(
    Command.withDescription("Replace exact text in a file, or insert, replace or delete lines by position: validated, atomic, journaled, undoable")
  )

export const editCommand = Command.provide(command, common.layerFor)
