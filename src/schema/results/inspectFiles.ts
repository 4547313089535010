/** The lines of the commands that look at files without changing them: stat, diff, extract, query. */
import * as Schema from "effect/Schema"
import { Checksum, Count, Int, LineEnding, LineEndingDominant, SymbolKind } from "../common.js"
import { eventLine, resultLine } from "../line.js"

const S = Schema.String

export const Encoding = Schema.Literal("utf-8", "utf-16le", "utf-16be", "utf-32le", "utf-32be", "binary", "unknown-8bit").annotations({ identifier: "Encoding" })

/**
 * Where a piece of a file is (src/domain/textSpan.ts): 1-based lines (LF, CRLF and CR each end one)
 * and UTF-8 byte columns, the end exclusive; byte offsets into the file (a BOM counts).
 */
export const TextSpan = Schema.Struct({
  start_line: Int,
  start_col: Int,
  end_line: Int,
  end_col: Int,
  start_byte: Count,
  end_byte: Count
}).annotations({ identifier: "TextSpan" })

const LineEndingCounts = Schema.Struct({ lf: Count, crlf: Count, cr: Count })

export const StatEvent = eventLine("stat", {
  /** The name as a workspace path (a symbolic link's own name; `symlink.resolves_to` is its target). */
  file: S,
  kind: Schema.Literal("file", "directory", "symlink", "fifo", "socket", "device", "other"),
  size: Count,
  /** Permission bits in octal, e.g. "0644". */
  mode: S,
  uid: Int,
  gid: Int,
  /** ISO 8601, UTC. */
  mtime: S,
  mtime_ms: Schema.Number,
  /** Hard links to the file (2 or more: splice rewrites it in place to keep them). */
  nlink: Count,
  symlink: Schema.NullOr(Schema.Struct({ target: S, resolves_to: S })),
  /** The content's facts: null for what is not a regular file, and (lines, line endings) for content that is not text. */
  encoding: Schema.NullOr(Encoding),
  bom: Schema.NullOr(Schema.Boolean),
  line_ending: Schema.NullOr(Schema.Literal("lf", "crlf", "cr", "mixed", "none")),
  line_endings: Schema.NullOr(LineEndingCounts),
  lines: Schema.NullOr(Count),
  /** The language the syntax gate parses it as (null: none, the gate skips it). */
  language: Schema.NullOr(S),
  checksum: Schema.NullOr(Checksum)
})
export const StatResult = resultLine("stat", { files: Count })

const DiffSide = Schema.Struct({
  /** The workspace path, or "-" for standard input. */
  file: S,
  checksum: Checksum,
  size: Count,
  encoding: Encoding,
  /** null when the side is not text (compared by checksum only). */
  lines: Schema.NullOr(Count)
})

export const DiffResult = resultLine("diff", {
  a: DiffSide,
  b: DiffSide,
  /** Byte for byte. */
  identical: Schema.Boolean,
  /** text: line by line; checksum: a side is not UTF-8 text (binary, UTF-16…), so no hunks. */
  compared: Schema.Literal("text", "checksum"),
  context: Count,
  hunks: Schema.Array(Schema.Struct({ old_start: Count, old_lines: Count, new_start: Count, new_lines: Count, added: Count, removed: Count })),
  added: Count,
  removed: Count,
  /** The unified diff ("" when identical or compared by checksum). */
  diff: S
})

const extracted = {
  file: S,
  /** The syntax gate's language for the file (null: none). */
  language: Schema.NullOr(S),
  text: S,
  /** BLAKE3 of the text's bytes. */
  checksum: Checksum,
  /** BLAKE3 of the whole file: pass it to an edit's --expect-checksum. */
  file_checksum: Checksum,
  /** The first and last line the text covers (1-based, inclusive). */
  from: Int,
  to: Int,
  span: TextSpan,
  total_lines: Count,
  line_ending: LineEnding,
  line_ending_dominant: LineEndingDominant,
  bom: Schema.Boolean
}

export const ExtractResult = Schema.Union(
  resultLine("extract", { mode: Schema.Literal("lines"), ...extracted }),
  resultLine("extract", {
    mode: Schema.Literal("symbol"),
    ...extracted,
    symbol: Schema.Struct({ name: S, kind: SymbolKind, qualified_name: S, container: Schema.NullOr(S), signature: S }),
    /** The definition alone; `span` adds the comment and decorators right above it. */
    definition: TextSpan,
    doc_comment: Schema.Boolean,
    decorators: Schema.Boolean
  })
)

export const QueryEvent = eventLine("node", {
  kind: S,
  /** false for keywords and punctuation. */
  named: Schema.Boolean,
  span: TextSpan,
  text: S
})
export const QueryResult = Schema.Union(
  resultLine("query", {
    file: S,
    language: S,
    kinds: Schema.Array(S),
    count: Count,
    total: Count,
    truncated: Schema.Boolean
  }),
  resultLine("query", {
    file: S,
    language: S,
    /** --list-kinds: every kind the grammar's trees can hold. */
    named: Schema.Array(S),
    anonymous: Schema.Array(S),
    supertypes: Schema.Array(S)
  })
)
