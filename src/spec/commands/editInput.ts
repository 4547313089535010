/**
 * From `splice edit`'s parameters to what the edit program takes: the exact-text edits (inline,
 * from files or stdin, or an --edits batch) or the one positional edit, with the usage errors for
 * every combination that makes no sense.
 */
import * as Effect from "effect/Effect"
import type { Edit } from "../../domain/applyEdits.js"
import { MAX_BATCH_BYTES, parseEditBatch } from "../../domain/editBatch.js"
import { parseLineRange } from "../../domain/lineEdits.js"
import { spliceError } from "../../domain/SpliceError.js"
import { Input } from "../../../services/Input.js"
import type { PositionalEdit } from "../../commands/edit.js"

/** The parameters these functions read (the edit spec's values). */
export interface EditInputs {
  readonly replaceOld: string | undefined
  readonly replaceNew: string | undefined
  readonly oldFile: string | undefined
  readonly newFile: string | undefined
  readonly edits: string | undefined
  /** The batch's JSON itself (no file, no stdin: what an MCP client can send). */
  readonly editsJson: string | undefined
  readonly replaceAll: boolean
  readonly fuzzy: boolean
  readonly allowEmpty: boolean
  readonly afterLine: number | undefined
  readonly beforeLine: number | undefined
  readonly lines: string | undefined
  readonly deleteLines: string | undefined
  readonly after: string | undefined
  readonly before: string | undefined
}

const decoder = new TextDecoder()
const encoder = new TextEncoder()

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

/** One side of a single edit: inline text or file, exactly one of them. */
const side = (name: string, inline: string | undefined, file: string | undefined, allowEmpty: boolean) =>
  Effect.gen(function*() {
    if (inline !== undefined && file !== undefined) return yield* usage(`give --replace-${name} or --${name}-file, not both`)
    if (inline !== undefined) return inline
    if (file !== undefined) return decoder.decode(yield* argument(`--${name}-file`, file, allowEmpty))
    return undefined
  })

const bothStdin = (f: EditInputs) => f.oldFile === "-" && f.newFile === "-"

/** The exact-text edits: one (inline or from files) or an --edits batch. */
export const collectEdits = (f: EditInputs) =>
  Effect.gen(function*() {
    if (f.edits !== undefined || f.editsJson !== undefined) {
      if (f.edits !== undefined && f.editsJson !== undefined) return yield* usage("give --edits or --edits-json, not both")
      if ([f.replaceOld, f.replaceNew, f.oldFile, f.newFile].some((v) => v !== undefined)) {
        return yield* usage("--edits cannot be combined with --replace-old/--replace-new/--old-file/--new-file")
      }
      const bytes = f.editsJson !== undefined ? encoder.encode(f.editsJson) : yield* argument("--edits", f.edits!, false)
      if (bytes.length > MAX_BATCH_BYTES) {
        return yield* Effect.fail(spliceError("SPL-E054", `--edits is ${bytes.length} bytes, over the limit of ${MAX_BATCH_BYTES}`, { context: { size: bytes.length, max_bytes: MAX_BATCH_BYTES } }))
      }
      const parsed = parseEditBatch(decoder.decode(bytes))
      if (!parsed.ok) {
        return yield* Effect.fail(parsed.tooLarge === true
          ? spliceError("SPL-E054", `invalid --edits: ${parsed.problem}`)
          : spliceError("SPL-E053", `invalid --edits: ${parsed.problem}`, { context: { ...parsed.at } }))
      }
      return f.replaceAll ? parsed.edits.map((e) => ({ ...e, replaceAll: true })) : parsed.edits
    }
    if (bothStdin(f)) return yield* usage("stdin can feed only one of --old-file and --new-file")
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
 * The positional edit the parameters ask for, if any. One mode at a time; none of them mixes with
 * --edits or --replace-all; only --lines takes an old text (--replace-old/--old-file) to check.
 */
export const collectPositional = (f: EditInputs) =>
  Effect.gen(function*() {
    const modes: ReadonlyArray<readonly [string, unknown]> = [
      ["--after-line", f.afterLine],
      ["--before-line", f.beforeLine],
      ["--lines", f.lines],
      ["--delete-lines", f.deleteLines],
      ["--after", f.after],
      ["--before", f.before]
    ]
    const given = modes.filter(([, v]) => v !== undefined).map(([flag]) => flag)
    if (given.length === 0) return undefined
    const mode = given[0]!
    if (given.length > 1) return yield* usage(`${given.join(" and ")} cannot be combined: give one positional edit per call`)
    if (f.edits !== undefined || f.editsJson !== undefined) return yield* usage(`${mode} cannot be combined with --edits`)
    if (f.replaceAll) return yield* usage(`${mode} cannot be combined with --replace-all`)
    if (f.fuzzy) return yield* usage(`${mode} cannot be combined with --fuzzy (positions need no matching)`)
    const hasOld = f.replaceOld !== undefined || f.oldFile !== undefined
    if (hasOld && mode !== "--lines") return yield* usage(`${mode} takes no text to replace (--replace-old/--old-file apply to --lines only)`)
    const hasNew = f.replaceNew !== undefined || f.newFile !== undefined
    if (f.deleteLines !== undefined) {
      if (hasNew) return yield* usage("--delete-lines takes no new text (--replace-new/--new-file)")
      const { from, to } = yield* lineRange("--delete-lines", f.deleteLines)
      return { mode: "delete_lines", from, to } satisfies PositionalEdit as PositionalEdit
    }
    if (bothStdin(f)) return yield* usage("stdin can feed only one of --old-file and --new-file")
    const content = yield* side("new", f.replaceNew, f.newFile, f.allowEmpty)
    if (content === undefined) return yield* usage(`missing the lines for ${mode}: --replace-new or --new-file`)
    if (f.lines !== undefined) {
      const { from, to } = yield* lineRange("--lines", f.lines)
      const old = yield* side("old", f.replaceOld, f.oldFile, false)
      return { mode: "lines", from, to, content, ...(old !== undefined ? { expectOld: old } : {}) } satisfies PositionalEdit as PositionalEdit
    }
    if (f.afterLine !== undefined) return { mode: "after_line", line: f.afterLine, content } satisfies PositionalEdit as PositionalEdit
    if (f.beforeLine !== undefined) return { mode: "before_line", line: f.beforeLine, content } satisfies PositionalEdit as PositionalEdit
    if (f.after !== undefined) return { mode: "after", anchor: f.after, content } satisfies PositionalEdit as PositionalEdit
    return { mode: "before", anchor: f.before ?? "", content } satisfies PositionalEdit as PositionalEdit
  })
