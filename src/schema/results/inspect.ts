/** The results of the commands that look and change nothing: read, hash, check, explain, trust. */
import * as Schema from "effect/Schema"
import { Checksum, CompilerVerdict, Count, Diagnostic, Int, LineEnding, LineEndingDominant } from "../common.js"
import { eventLine, resultLine } from "../line.js"

export const ReadResult = resultLine("read", {
  file: Schema.String,
  content: Schema.String,
  checksum: Checksum,
  size: Count,
  total_lines: Count,
  /** The lines returned (1-based, inclusive); null when the range holds none. */
  from: Schema.NullOr(Int),
  to: Schema.NullOr(Int),
  line_ending: LineEnding,
  line_ending_dominant: LineEndingDominant,
  bom: Schema.Boolean
})

export const HashResult = Schema.Union(
  resultLine("hash", { files: Count }),
  resultLine("hash", { file: Schema.String, checksum: Checksum, verified: Schema.Literal(true) })
)
export const HashEvent = eventLine("hash", { file: Schema.String, checksum: Checksum, size: Count })

export const CheckResult = resultLine("check", {
  files: Schema.Array(Schema.String),
  syntax: Schema.Array(Schema.Struct({ file: Schema.String, status: Schema.Literal("passed", "failed", "skipped"), reason: Schema.optional(Schema.String) })),
  compiler: CompilerVerdict,
  errors: Schema.Literal(0),
  warnings: Count
})
/** One line per syntax error and per checker diagnostic (syntax errors have code "syntax"). */
export const CheckEvent = eventLine("diagnostic", Diagnostic.fields)

export const ExplainResult = Schema.Union(
  resultLine("explain", {
    codes: Schema.Array(Schema.Struct({ code: Schema.String, name: Schema.String, exit: Int, retryable: Schema.Boolean }))
  }),
  resultLine("explain", {
    code: Schema.String,
    name: Schema.String,
    exit: Int,
    retryable: Schema.Boolean,
    hint: Schema.String,
    explanation: Schema.String
  })
)

/** Trusted (by SPLICE_TRUST or the user's record) or not (never, or splice.json changed since). */
const common = {
  workspace: Schema.String,
  /** BLAKE3 of splice.json (null: there is none). */
  splice_json: Schema.NullOr(Checksum),
  store: Schema.String
}
const trusted = { ...common, trusted: Schema.Literal(true), via: Schema.Literal("env", "record") }
const notTrusted = { ...common, trusted: Schema.Literal(false), why: Schema.Literal("never", "changed") }

const gates = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) })
export const TrustResult = Schema.Union(
  resultLine("trust", { action: Schema.Literal("status"), ...trusted }),
  resultLine("trust", { action: Schema.Literal("status"), ...notTrusted }),
  // What was just trusted reads as trusted, but the Trust service's type does not promise it.
  resultLine("trust", { action: Schema.Literal("trust"), ...trusted, gates }),
  resultLine("trust", { action: Schema.Literal("trust"), ...notTrusted, gates }),
  resultLine("trust", { action: Schema.Literal("revoke"), workspace: Schema.String, revoked: Schema.Boolean, store: Schema.String })
)
