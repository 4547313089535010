/** `splice apply`'s result: nothing to change, previewed or committed, with each file's hunks. */
import * as Schema from "effect/Schema"
import { Checksum, CompilerVerdict, Count, GraphReport, Int, LineEnding, LineEndingDominant, MatchedWith, PreviewFields, SyntaxVerdict, TxId, WriteStrategy } from "../common.js"
import { resultLine } from "../line.js"

const Hunk = Schema.Struct({
  change: Int,
  hunk: Int,
  /** The line of the change set where this hunk starts. */
  input_line: Int,
  matched_with: MatchedWith,
  lines: Schema.Tuple(Int, Int),
  already_applied: Schema.Boolean,
  applied_by: Schema.optional(TxId)
})

export type ApplyFileReport = Schema.Schema.Encoded<typeof FileReport>
const FileReport = Schema.Struct({
  file: Schema.String,
  action: Schema.Literal("update", "add", "delete", "move"),
  /** A move's source. */
  from: Schema.optional(Schema.String),
  checksum_before: Schema.NullOr(Checksum),
  checksum_after: Schema.NullOr(Checksum),
  line_ending: Schema.optional(LineEnding),
  line_ending_dominant: LineEndingDominant,
  hunks: Schema.Array(Hunk),
  /** Committed files that were written (not a deleted one): how they landed. */
  write_strategy: Schema.optional(WriteStrategy)
})

/** The syntax gate over every file the change set writes. */
export type ApplyValidation = Schema.Schema.Encoded<typeof FilesValidation>
export const FilesValidation = Schema.Struct({
  gate: Schema.Literal("syntax"),
  status: Schema.Literal("passed", "failed", "skipped"),
  files: Schema.Array(Schema.Struct({ file: Schema.String, ...SyntaxVerdict.fields }))
})

const base = {
  format: Schema.Literal("plan", "codex", "search-replace", "udiff"),
  changes: Count,
  already_applied: Count,
  validation: FilesValidation,
  compiler: CompilerVerdict
}

export const ApplyResult = Schema.Union(
  resultLine("apply", { ...base, changed: Schema.Literal(false), tx: Schema.Null, files: Schema.Tuple() }),
  resultLine("apply", {
    ...base,
    ...PreviewFields,
    files: Schema.Array(FileReport)
  }),
  resultLine("apply", {
    ...base,
    changed: Schema.Literal(true),
    tx: TxId,
    files: Schema.Array(FileReport),
    created_directories: Schema.Array(Schema.String),
    graph: Schema.optional(GraphReport),
    diff: Schema.optional(Schema.String)
  })
)
