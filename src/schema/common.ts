/**
 * Pieces several output lines share: checksums, line endings, the gates' verdicts, the graph
 * refresh report of a writer, a symbol of the code graph. Each is defined once with Effect Schema;
 * the JSON Schema that `splice schema` prints and the MCP tools declare is generated from them.
 */
import * as Schema from "effect/Schema"

export const Int = Schema.Int

/** Any JSON value. */
export const AnyJson = Schema.Unknown.annotations({ description: "any JSON value" })
export const Count = Schema.NonNegativeInt

/** BLAKE3, lowercase hex (b3sum's format). */
export const Checksum = Schema.String.pipe(Schema.pattern(/^[0-9a-f]{64}$/)).annotations({ identifier: "Checksum", description: "BLAKE3 checksum, 64 lowercase hex digits" })

/** A transaction id in the journal (`20261130T204903296Z-0051eb78`). */
export const TxId = Schema.String.annotations({ identifier: "TxId", description: "Journal transaction id" })

/** A file's line endings, as `splice stat` says them: one style, several (`mixed`), or no line break at all. */
export const LineEnding = Schema.Literal("lf", "crlf", "cr", "mixed", "none").annotations({ identifier: "LineEnding" })
/** Beside a `mixed` line_ending: the dominant style, which text given with `\n` is matched and written in. */
export const LineEndingDominant = Schema.optional(Schema.Literal("lf", "crlf", "cr"))

/** One syntax error an edit introduced (or, for check, one the file has). */
export const SyntaxError = Schema.Struct({
  line: Int,
  column: Int,
  message: Schema.String,
  source: Schema.String
}).annotations({ identifier: "SyntaxError" })

/** The syntax gate's verdict (services/Validator.ts Verdict). */
export const SyntaxVerdict = Schema.Struct({
  gate: Schema.Literal("syntax"),
  status: Schema.Literal("passed", "failed", "skipped"),
  language: Schema.optional(Schema.String),
  reason: Schema.optional(Schema.String),
  parser: Schema.optional(Schema.String),
  errors: Schema.Array(SyntaxError),
  errors_total: Schema.optional(Count),
  errors_omitted: Schema.optional(Count),
  preexisting: Count
}).annotations({ identifier: "SyntaxVerdict" })

/** A checker's diagnostic (src/domain/diagnostics.ts). `file` is "" when the tool names none. */
export const Diagnostic = Schema.Struct({
  tool: Schema.String,
  file: Schema.String,
  line: Int,
  column: Int,
  code: Schema.String,
  severity: Schema.Literal("error", "warning", "note"),
  message: Schema.String,
  remediation: Schema.optional(Schema.String),
  fatal: Schema.optional(Schema.Boolean)
}).annotations({ identifier: "Diagnostic" })

/** A checker that ran but gave no verdict. */
export const GateFailure = Schema.Struct({
  tool: Schema.String,
  reason: Schema.String,
  exit_code: Schema.optional(Schema.NullOr(Int)),
  output_tail: Schema.optional(Schema.String),
  before: Schema.optional(Schema.Literal("failed_to_run", "ran"))
}).annotations({ identifier: "GateFailure" })

/** The compiler gate's verdict (src/commands/compilerGate.ts CompilerVerdict). */
export const CompilerVerdict = Schema.Struct({
  gate: Schema.Literal("compiler"),
  status: Schema.Literal("passed", "failed", "skipped", "failed_to_run"),
  tool: Schema.optional(Schema.String),
  reason: Schema.optional(Schema.String),
  diagnostics: Schema.Array(Diagnostic),
  preexisting: Count,
  baseline: Schema.Boolean,
  duration_ms: Schema.optional(Count),
  failures: Schema.optional(Schema.Array(GateFailure))
}).annotations({ identifier: "CompilerVerdict" })

/** A writer's `graph` field: the code graph refreshed after the commit, skipped, or failed (the change stands). */
export const GraphReport = Schema.Union(
  Schema.Struct({ db: Schema.NullOr(Schema.String), refreshed: Schema.Array(Schema.String), removed: Schema.Array(Schema.String), ms: Count }),
  Schema.Struct({ skipped: Schema.String, db: Schema.optional(Schema.NullOr(Schema.String)) }),
  Schema.Struct({ db: Schema.NullOr(Schema.String), error: Schema.Struct({ code: Schema.String, message: Schema.String }) })
).annotations({ identifier: "GraphReport" })

/** Where a tolerant match placed a hunk (src/domain/changeEngine.ts Placement). */
export const MatchedWith = Schema.Literal("exact", "trailing_whitespace", "indentation", "unicode", "appended", "inserted", "line_numbers")

/** A nearest line for text that was not found (src/domain/textMatch.ts NearMiss). */
export const NearMiss = Schema.Struct({
  line: Int,
  similarity: Schema.Number,
  text: Schema.String,
  difference: Schema.optional(Schema.String)
}).annotations({ identifier: "NearMiss" })

export const SymbolKind = Schema.Literal("function", "method", "class", "interface", "type", "enum", "struct", "trait", "constant", "variable", "module", "namespace", "macro", "property")

/** A symbol of the code graph as find, refs and outline print it (src/commands/graph/find.ts symbolJson). */
export const SymbolFields = {
  name: Schema.String,
  kind: SymbolKind,
  qualified_name: Schema.String,
  container: Schema.NullOr(Schema.String),
  file: Schema.String,
  language: Schema.String,
  signature: Schema.String,
  parameters: Schema.NullOr(Schema.String),
  return_type: Schema.NullOr(Schema.String),
  exported: Schema.Boolean,
  span: Schema.Struct({ start_line: Int, start_col: Int, end_line: Int, end_col: Int, start_byte: Int, end_byte: Int }),
  /** An overloaded function or method is one symbol: each signature callers can use (TS/JS). */
  overloads: Schema.optional(Schema.Array(Schema.String))
}
export const GraphSymbol = Schema.Struct(SymbolFields).annotations({ identifier: "GraphSymbol" })

/**
 * How a file was written: `rename` (a new file, complete and fsynced, took the name: a crash leaves
 * the old file or the new one) or `inplace` (a hard-linked file's own bytes were rewritten, so its
 * other names see the change; a crash can tear it, which the journal repairs).
 */
export const WriteStrategy = Schema.Literal("rename", "inplace").annotations({ identifier: "WriteStrategy" })

/** Permission bits in octal, as chmod takes them: "0644", "0755", "4755". */
export const FileMode = Schema.String.pipe(Schema.pattern(/^[0-7]{4}$/)).annotations({ identifier: "FileMode", description: "permission bits in octal: 0644" })

/** The fields a writer's --preview result adds: nothing was written, this is what would be. */
export const PreviewFields = {
  preview: Schema.Literal(true),
  changed: Schema.Literal(false),
  would_change: Schema.Literal(true),
  would_succeed: Schema.Boolean,
  tx: Schema.Null,
  diff: Schema.String
}
