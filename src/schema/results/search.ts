/** `splice search`: matching lines of the tree, then a summary; `splice replace`: every match replaced, one transaction. */
import * as Schema from "effect/Schema"
import { Checksum, CompilerVerdict, Count, GraphReport, Int, LineEnding, LineEndingDominant, PreviewFields, TxId } from "../common.js"
import { eventLine, resultLine } from "../line.js"
import { FilesValidation as Validation } from "./apply.js"

export const Submatch = Schema.Struct({
  text: Schema.String,
  /** Byte offsets of the match within the line's UTF-8 text (as ripgrep's --json). */
  start: Count,
  end: Count
}).annotations({ identifier: "Submatch" })

const where = {
  file: Schema.String,
  /** 1-based line number. */
  line: Int,
  /** Byte offset in the file where the line starts. */
  offset: Count,
  /** The line without its terminator. */
  text: Schema.String
}

export const SearchEvent = Schema.Union(
  /** One per matching line, with every match in it. */
  eventLine("match", {
    ...where,
    /** 1-based character (Unicode code point) column of the line's first match. */
    column: Int,
    submatches: Schema.Array(Submatch)
  }),
  /** A line around a match (--context). */
  eventLine("context", where),
  /** --count: matching lines (and matches) of one file. */
  eventLine("count", { file: Schema.String, count: Count, matches: Count }),
  /** --files-with-matches: a file holding at least one match. */
  eventLine("file", { file: Schema.String })
)

export const Skipped = Schema.Struct({ path: Schema.String, reason: Schema.String }).annotations({ identifier: "Skipped" })

export const SearchResult = resultLine("search", {
  pattern: Schema.String,
  regex: Schema.Boolean,
  files_searched: Count,
  files_matched: Count,
  /** Matching lines (what --count counts). */
  matched_lines: Count,
  /** Matches (submatches) over all lines. */
  matches: Count,
  /** Files passed over as binary (a NUL byte in their first 64 KiB). */
  binary_skipped: Count,
  /** --limit was reached: the search stopped there, and more may match. */
  truncated: Schema.Boolean,
  /** Directories or files that could not be read (the search went on without them). */
  skipped: Schema.Array(Skipped),
  elapsed_ms: Count
})

/** One file a replace changed (or would change). */
export const ReplacedFile = Schema.Struct({
  file: Schema.String,
  replacements: Count,
  checksum_before: Checksum,
  checksum_after: Checksum,
  line_ending: LineEnding,
  line_ending_dominant: LineEndingDominant,
  bom: Schema.Boolean
}).annotations({ identifier: "ReplacedFile" })

const replaced = {
  pattern: Schema.String,
  replacement: Schema.String,
  regex: Schema.Boolean,
  /** Matches replaced over all files (what --expect-count is compared with). */
  replacements: Count,
  files_searched: Count,
  files: Schema.Array(ReplacedFile),
  skipped: Schema.Array(Skipped),
  validation: Validation,
  compiler: CompilerVerdict
}

/** A replace: nothing to change, previewed, or committed as one transaction. */
export const ReplaceResult = Schema.Union(
  resultLine("replace", { ...replaced, changed: Schema.Literal(false), tx: Schema.Null }),
  resultLine("replace", { ...replaced, ...PreviewFields }),
  resultLine("replace", { ...replaced, changed: Schema.Literal(true), tx: TxId, graph: Schema.optional(GraphReport), diff: Schema.optional(Schema.String) })
)
