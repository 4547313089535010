/** `splice edit`'s result: unchanged, previewed or committed; exact, fuzzy or positional. */
import * as Schema from "effect/Schema"
import { Checksum, CompilerVerdict, Count, GraphReport, Int, LineEnding, LineEndingDominant, MatchedWith, PreviewFields, SyntaxVerdict, TxId, WriteStrategy } from "../common.js"
import { resultLine } from "../line.js"

/** What each exact (or --fuzzy) edit of a batch did. */
const EditOutcome = Schema.Struct({
  edit: Int,
  replacements: Count,
  already_applied: Schema.Boolean,
  /** The transaction whose journal shows this edit was made before. */
  applied_by: Schema.optional(TxId),
  /** --fuzzy only: how it matched. */
  matched_with: Schema.optional(MatchedWith),
  lines: Schema.Array(Int)
})

/** Exact and fuzzy edits report replacements (and fuzzy the tiers used); a positional edit its mode and lines. */
export type EditHow = Schema.Struct.Encoded<typeof how>
const how = {
  replacements: Schema.optional(Count),
  matched_with: Schema.optional(Schema.Array(MatchedWith)),
  mode: Schema.optional(Schema.Literal("after_line", "before_line", "after", "before", "lines", "delete_lines")),
  lines: Schema.optional(Schema.Struct({ from: Int, to: Int })),
  edits: Schema.optional(Schema.Array(EditOutcome))
}

const base = {
  file: Schema.String,
  line_ending: LineEnding,
  line_ending_dominant: LineEndingDominant,
  bom: Schema.Boolean,
  checksum_before: Checksum,
  checksum_after: Checksum,
  validation: SyntaxVerdict,
  compiler: CompilerVerdict,
  ...how
}

export const EditResult = Schema.Union(
  // The file already reads so (already_applied only with the journal's evidence).
  resultLine("edit", { ...base, changed: Schema.Literal(false), already_applied: Schema.Boolean, tx: Schema.Null }),
  resultLine("edit", {
    ...base,
    ...PreviewFields
  }),
  resultLine("edit", {
    ...base,
    changed: Schema.Literal(true),
    already_applied: Schema.Literal(false),
    tx: TxId,
    write_strategy: WriteStrategy,
    graph: Schema.optional(GraphReport),
    diff: Schema.optional(Schema.String)
  })
)
