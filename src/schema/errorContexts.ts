/**
 * The `context` of each error code, one schema per code: what a program may read from an error line
 * besides its code, message and hint. Fields are optional where some failures of that code carry
 * them and others do not (a usage error names the flag or parameter it is about, when there is one).
 * spliceError's type takes the context from here (src/domain/SpliceError.ts), so a call site cannot
 * print a field the schema does not describe.
 */
import * as Schema from "effect/Schema"
import type { ErrorCode } from "../domain/errors.js"
import { Checksum, CompilerVerdict, Count, Diagnostic, GateFailure, Int, NearMiss, SyntaxError } from "./common.js"

const S = Schema.String
const opt = Schema.optional
const Strings = Schema.Array(Schema.String)

/** A file-system call that failed (layers/live/errno.ts): the path, the operation and the errno. */
const errno = {
  path: opt(S),
  op: opt(Schema.Literal("read", "write", "stat", "list", "lock")),
  errno: opt(S),
  detail: opt(S)
}

/** Where in a change set (`splice apply`) a failure is: the file, the change, the hunk and its input line. */
const changeAt = { change: opt(Int), hunk: opt(Int), input_line: opt(Int) }

/** The syntax gate's refusal for one file (src/commands/verdictText.ts syntaxFailure). */
const syntaxFailureFields = {
  file: S,
  language: opt(S),
  parser: S,
  errors: Schema.Array(SyntaxError),
  errors_total: Count,
  errors_omitted: Count,
  preexisting: Count,
  reason: opt(S)
}

const RestoreState = Schema.Struct({
  tx: opt(S),
  file: S,
  state: Schema.Literal("changed_externally", "restore_failed", "incomplete", "damaged"),
  /** What the file holds now: a BLAKE3 checksum, "absent", or null when unknown. */
  checksum: Schema.NullOr(S),
  error: opt(Schema.NullOr(S))
})

/** The structured-data formats of get/set/del (src/domain/data/formats.ts). */
const DataFormat = Schema.Literal("json", "jsonc", "toml", "yaml")

/** A use of a symbol (`splice delete`): where, and how it uses it. */
const SymbolUse = Schema.Struct({ file: S, line: Int, col: Int, kind: S })

const ctx = <F extends Schema.Struct.Fields>(fields: F) => Schema.Struct(fields)

export const errorContexts = {
  "SPL-E001": ctx({ name: S, did_you_mean: Strings, file: opt(S), kind: opt(S) }),
  "SPL-E002": ctx({ name: S, candidates: Schema.Array(Schema.Struct({ file: S, line: Int, kind: S, qualified_name: S })) }),
  "SPL-E010": ctx({
    /** The flag, MCP parameter, file or value the command line got wrong, when there is one. */
    flag: opt(S),
    parameter: opt(S),
    expected: opt(S),
    known: opt(Strings),
    tools: opt(Strings),
    kind: opt(S),
    code: opt(S),
    file: opt(S),
    limit: opt(Schema.Number),
    max_bytes: opt(Int),
    expect_checksum: opt(S),
    candidates: opt(Strings)
  }),
  "SPL-E011": ctx({ file: opt(S), edit: opt(Int), ...changeAt }),
  "SPL-E012": ctx({ flag: opt(S), input: opt(S) }),
  "SPL-E013": ctx({ file: Schema.Literal("splice.json"), key: opt(Schema.NullOr(S)), problem: S }),
  "SPL-E014": ctx({ key_path: S, offset: Count, expected: S }),
  "SPL-E015": ctx({ file: S, formats: Strings }),
  "SPL-E020": ctx({ file: opt(S), directory: opt(S), kind: opt(S), workspace: opt(Schema.NullOr(S)), ...changeAt, ...errno }),
  "SPL-E021": ctx({ file: opt(S), ...errno }),
  "SPL-E022": ctx({ tx: opt(S), candidates: opt(Strings), state: opt(S) }),
  "SPL-E031": ctx({ file: S, expected: S, actual: Checksum }),
  "SPL-E032": ctx({
    lock: opt(S),
    path: opt(S),
    holder: opt(Schema.NullOr(Schema.Struct({ pid: Int, host: S, since: S }))),
    /** Calls of the same process that were before it in line for the lock. */
    ahead: opt(Int),
    tx: opt(S)
  }),
  "SPL-E033": ctx({ file: opt(S), from: opt(S), files: opt(Strings), ...errno }),
  "SPL-E034": ctx({
    file: opt(S),
    files: opt(Strings),
    /** content: the file changed while splice held it; directory: its directory was swapped; resolve: the path changed while resolved. */
    race: opt(Schema.Literal("content", "directory", "resolve")),
    now: opt(S),
    path: opt(S),
    tx: opt(S),
    changes: opt(Schema.Array(Schema.Struct({ file: S, expected: S, actual: S }))),
    ...changeAt
  }),
  "SPL-E035": ctx({
    tx: opt(S),
    file: opt(S),
    status: opt(S),
    error: opt(Schema.NullOr(S)),
    files: opt(Schema.Array(RestoreState)),
    restored: opt(Strings),
    transactions: opt(Strings),
    cause: opt(Schema.Struct({ code: S, message: S }))
  }),
  "SPL-E036": ctx({
    tx: opt(S),
    file: opt(S),
    problem: opt(S),
    status: opt(S),
    error: opt(Schema.NullOr(S)),
    files: opt(Schema.Array(RestoreState)),
    transactions: opt(Strings)
  }),
  "SPL-E041": ctx({ dir: S }),
  "SPL-E042": ctx({
    // edit and write: the one file's refusal (syntaxFailureFields, every field present).
    file: opt(S),
    language: opt(S),
    parser: opt(S),
    errors_total: opt(Count),
    errors_omitted: opt(Count),
    preexisting: opt(Count),
    reason: opt(S),
    /** edit and write: the new errors; splice check: every file's errors, each naming its file. */
    errors: opt(Schema.Array(Schema.Struct({ file: opt(S), ...SyntaxError.fields }))),
    compiler: opt(CompilerVerdict),
    /** splice apply: one refusal per file, and all of them as compiler-style lines. */
    files: opt(Schema.Array(Schema.Struct(syntaxFailureFields))),
    summary: opt(S)
  }),
  "SPL-E043": ctx({
    tool: opt(S),
    files: opt(Strings),
    diagnostics: Schema.Array(Diagnostic),
    preexisting: opt(Count),
    duration_ms: opt(Count),
    failures: opt(Schema.Array(GateFailure))
  }),
  "SPL-E044": ctx({ file: opt(S), tool: opt(Schema.NullOr(S)), reason: opt(S) }),
  "SPL-E045": ctx({ tool: S, timeout_ms: Count, commands: Strings }),
  "SPL-E046": ctx({ tool: S, failures: Schema.Array(GateFailure) }),
  "SPL-E047": ctx({ file: S, tool: Schema.NullOr(S), reason: S }),
  "SPL-E048": ctx({ file: S, format: DataFormat, line: Int, column: Int, reason: S }),
  "SPL-E049": ctx({
    file: S,
    format: DataFormat,
    key_path: S,
    /**
     * unparsable_result: the edited text does not parse; data_mismatch: it holds other data; editor_failed: the library refused;
     * through_alias: the value is reached through a YAML alias or merge key, and the change would change the anchor's node.
     */
    reason: Schema.Literal("unparsable_result", "data_mismatch", "editor_failed", "through_alias"),
    detail: S,
    line: opt(Int),
    column: opt(Int),
    /** data_mismatch: the first key path whose value is not what the change should leave. */
    differs_at: opt(S),
    /** through_alias: the alias or merge key on the way (`at` holds `*anchor` or `<<: *anchor`). */
    through: opt(Schema.Struct({ kind: Schema.Literal("alias", "merge"), anchor: S, at: S }))
  }),
  "SPL-E051": ctx({ format: opt(S), line: Int, expected: opt(S), found: opt(S), input: opt(S) }),
  "SPL-E053": ctx({
    /** The edit at fault, numbered from 1, of how many. */
    edit: opt(Int),
    edits: opt(Count),
    /** The key of that edit that is unknown or of the wrong type. */
    key: opt(S),
    /** Where the text stops being JSON. */
    line: opt(Int),
    column: opt(Int),
    offset: opt(Count)
  }),
  "SPL-E054": ctx({ size: opt(Count), max_bytes: opt(Count) }),
  "SPL-E061": ctx({ path: S, resolved: opt(S), workspace: S }),
  "SPL-E062": ctx({ file: opt(S), path: opt(S), target: opt(S), workspace: opt(S), expected: opt(S), now: opt(S), race: opt(Schema.Literal("directory")) }),
  "SPL-E063": ctx({ file: S, reason: Schema.Literal("binary", "invalid_utf8"), offset: opt(Count) }),
  "SPL-E064": ctx({ file: opt(S), input: opt(S), size: opt(Count), max_bytes: Count }),
  "SPL-E065": ctx({ file: opt(S), kind: opt(S), ...errno }),
  "SPL-E066": ctx({ path: S }),
  "SPL-E067": ctx({ file: S, reason: opt(Schema.Literal("git_dir", "workspace_root")) }),
  "SPL-E068": ctx({ path: S, kind: S }),
  "SPL-E069": ctx({ file: S, offset: Count, edit: opt(Int) }),
  "SPL-E071": ctx({
    file: S,
    edit: opt(Int),
    mode: opt(S),
    searched_for: opt(S),
    candidates: opt(Schema.Array(NearMiss)),
    reason: opt(Schema.Literal("new_text_present_without_evidence", "no_context", "anchor_not_found", "delete_mismatch", "old_mismatch")),
    new_text_lines: opt(Schema.Array(Int)),
    anchor: opt(S),
    expected: opt(S),
    actual: opt(S),
    line: opt(Int),
    lines: opt(Int),
    line_count: opt(Int),
    ...changeAt
  }),
  "SPL-E072": ctx({
    file: S,
    edit: opt(Int),
    mode: opt(S),
    count: opt(Count),
    lines: Schema.Array(Int),
    tier: opt(S),
    reason: opt(Schema.Literal("anchor_ambiguous")),
    anchor: opt(S),
    ...changeAt
  }),
  "SPL-E073": ctx({
    file: S,
    format: DataFormat,
    key_path: S,
    /** The deepest prefix of the path that exists ("" for the top level) and the segment missing below it. */
    found: S,
    missing: S,
    reason: Schema.Literal("missing_key", "index_out_of_range", "not_a_container"),
    container: Schema.Literal("object", "array", "scalar"),
    /** The keys at `found` (an object's; none for an array or a scalar). */
    available: Strings,
    length: opt(Count),
    did_you_mean: Strings
  }),
  "SPL-E081": ctx({ ...errno }),
  "SPL-E082": ctx({ ...errno }),
  "SPL-E083": ctx({ db: opt(S), ...errno }),
  "SPL-E091": ctx({ db: opt(Schema.NullOr(S)), source: opt(S), tried: opt(Strings) }),
  // detail: the stack of a defect, or what the failed call said.
  "SPL-E099": ctx({ ...errno }),
  "SPL-E100": ctx({ pattern: S, reason: Schema.Literal("invalid_regex", "newline"), detail: S }),
  "SPL-E101": ctx({ parameter: S }),
  "SPL-E102": ctx({ expected: Count, actual: Count, files: Schema.Array(Schema.Struct({ file: S, replacements: Count })) }),
  "SPL-E103": ctx({ replacement: S, reference: S, groups: Count }),
  "SPL-E110": ctx({ from: S, to: S }),
  "SPL-E111": ctx({ from: S, to: S, reason: Schema.Literal("same_path", "hard_link", "case_insensitive") }),
  "SPL-E112": ctx({ file: S }),
  /** file: what is in the way; kind: what it is; from: what would go there. */
  "SPL-E113": ctx({ file: S, kind: S, from: S }),
  /** from: the first line asked for; line: the first number outside 1..line_count (edit, apply); mode: edit's positional mode. */
  "SPL-E120": ctx({ file: S, from: Int, line_count: Count, line: opt(Int), mode: opt(S), ...changeAt }),
  "SPL-E121": ctx({ file: S, language: S, kind: S, did_you_mean: Strings }),
  // shutting_down: the MCP server got the signal before this call began, so nothing was done.
  "SPL-E130": ctx({ signal: S, shutting_down: opt(Schema.Boolean) }),
  "SPL-E131": ctx({ files: Strings, transactions: Strings }),
  "SPL-E140": ctx({ name: S, new_name: S, clashes: Schema.Array(Schema.Struct({ file: S, line: Int, name: S, reason: S })) }),
  "SPL-E141": ctx({ name: S, new_name: S, language: S, reason: S }),
  "SPL-E142": ctx({ file: S, line: Int, expected: S, found: S }),
  "SPL-E143": ctx({
    name: S,
    qualified_name: S,
    file: S,
    references: Schema.Array(SymbolUse),
    by_name: Schema.Array(SymbolUse),
    /** Totals: the lists stop at 100 each. */
    references_total: Count,
    by_name_total: Count
  }),
  "SPL-E144": ctx({ file: S, name: S, kind: S, line: Int }),
  "SPL-E145": ctx({ file: S, name: S, kind: S, line: Int }),
  "SPL-E146": ctx({ file: S, name: S, line: Int, reason: Schema.Literal("shared_declaration", "shared_line"), shared: Strings }),
  "SPL-E147": ctx({ tx: S, undone_by: S, head: Schema.NullOr(S) }),
  "SPL-E151": ctx({ files: Strings, reason: Schema.Literal("typescript_failed") }),
  /** uses: the first 100 (total counts them all). */
  "SPL-E159": ctx({ name: S, new_name: S, uses: Schema.Array(SymbolUse), total: Count })
} satisfies { readonly [C in ErrorCode]: Schema.Schema<any, any, never> }

/** What `context` holds for an error of code C (as printed: the encoded side). */
export type ErrorContext<C extends ErrorCode> = C extends ErrorCode ? Schema.Schema.Encoded<(typeof errorContexts)[C]> : never
