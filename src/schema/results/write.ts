/** `splice write`'s result: identical content, previewed or committed. */
import * as Schema from "effect/Schema"
import { Checksum, CompilerVerdict, Count, GraphReport, LineEnding, LineEndingDominant, PreviewFields, SyntaxVerdict, TxId, WriteStrategy } from "../common.js"
import { resultLine } from "../line.js"

/** --append / --prepend: where the content went. */
const position = { position: Schema.optional(Schema.Literal("append", "prepend")) }

const base = {
  ...position,
  file: Schema.String,
  created: Schema.Boolean,
  bytes: Count,
  line_ending: LineEnding,
  line_ending_dominant: LineEndingDominant,
  /** What splice adopted from the file it replaced ("line endings to crlf", "kept BOM"). */
  conversions: Schema.Array(Schema.String),
  checksum_before: Schema.NullOr(Checksum),
  checksum_after: Checksum,
  validation: SyntaxVerdict,
  compiler: CompilerVerdict
}

export const WriteResult = Schema.Union(
  resultLine("write", {
    file: Schema.String,
    changed: Schema.Literal(false),
    created: Schema.Literal(false),
    checksum_before: Checksum,
    checksum_after: Checksum,
    bytes: Count,
    tx: Schema.Null,
    ...position
  }),
  resultLine("write", {
    ...base,
    ...PreviewFields
  }),
  resultLine("write", {
    ...base,
    changed: Schema.Literal(true),
    tx: TxId,
    write_strategy: WriteStrategy,
    created_directories: Schema.Array(Schema.String),
    graph: Schema.optional(GraphReport),
    diff: Schema.optional(Schema.String)
  })
)
