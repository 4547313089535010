/** The code-graph commands' lines: index, status, find, refs, outline, files, suggest, export. */
import * as Schema from "effect/Schema"
import { Count, GraphSymbol, Int, SymbolFields, SymbolKind } from "../common.js"
import { eventLine, resultLine } from "../line.js"

export const RefKind = Schema.Literal("call", "read", "type", "import")
/** exact: resolved through imports or scope; name: by name only. */
const Resolution = Schema.Literal("exact", "name")

const counts = { indexed_files: Count, symbols: Count, references: Count, resolved_exact: Count, imports: Count }

export const IndexResult = resultLine("index", {
  /** null: an in-memory database. */
  db: Schema.NullOr(Schema.String),
  created: Schema.Boolean,
  files: Count,
  parsed: Count,
  unchanged: Count,
  removed: Count,
  ...counts,
  ms: Count,
  files_per_second: Count
})

export const StatusResult = resultLine("status", {
  db: Schema.NullOr(Schema.String),
  found_by: Schema.Literal("flag", "env", "workspace", "magellan-home", "magellan-local", "memory"),
  tried: Schema.Array(Schema.String),
  ...counts,
  stale: Schema.Array(Schema.Struct({ file: Schema.String, state: Schema.Literal("stale", "missing") })),
  unindexed: Schema.Array(Schema.String),
  skipped: Schema.Array(Schema.Struct({ file: Schema.String, reason: Schema.String }))
})

export const FindResult = resultLine("find", { count: Count, total: Count, truncated: Schema.Boolean })
export const FindEvent = eventLine("symbol", SymbolFields)

const Reference = Schema.Struct({ file: Schema.String, line: Int, col: Int, kind: RefKind, resolution: Resolution, in: Schema.NullOr(Schema.String) })
/** A use by name: also `text`, a member's `.name` the graph has no record of (found by reading the files, as delete and rename do). */
const ByNameReference = Schema.Struct({ file: Schema.String, line: Int, col: Int, kind: Schema.Literal("call", "read", "type", "import", "text"), resolution: Resolution, in: Schema.NullOr(Schema.String) })

export const RefsResult = resultLine("refs", {
  definition: GraphSymbol,
  /** Resolved to this definition through scopes and imports (resolution "exact"). */
  references: Schema.Array(Reference),
  /**
   * Only the name matches (a member call on a value of unknown type, a script's global): guesses,
   * resolution "name"; for a member, also each `.name` in the files of its language the graph has no
   * record of (kind "text": `items[0].lane`, `f().lane`).
   */
  by_name: Schema.Array(ByNameReference),
  callers: Schema.Array(Schema.Struct({ name: Schema.String, file: Schema.String, resolution: Resolution })),
  callees: Schema.Array(Schema.Struct({ name: Schema.String, kind: SymbolKind, file: Schema.String, line: Int, resolution: Resolution }))
})

/** A symbol with the symbols it contains; below the JSON depth limit they are listed flat, `flattened: true`. */
export interface OutlineNode extends Schema.Struct.Type<typeof SymbolFields> {
  readonly children: ReadonlyArray<OutlineNode>
  readonly flattened?: true | undefined
}
const OutlineNode: Schema.Schema<OutlineNode> = Schema.Struct({
  ...SymbolFields,
  children: Schema.Array(Schema.suspend((): Schema.Schema<OutlineNode> => OutlineNode)),
  flattened: Schema.optional(Schema.Literal(true))
}).annotations({ identifier: "OutlineNode" })

export const OutlineResult = resultLine("outline", { file: Schema.String, symbols: Schema.Array(OutlineNode) })

export const FilesResult = resultLine("files", { files: Count, stale: Count, unindexed: Schema.Array(Schema.String) })
export const FilesEvent = eventLine("file", {
  file: Schema.String,
  language: Schema.String,
  symbols: Count,
  state: Schema.Literal("fresh", "stale", "missing")
})

export const SuggestResult = resultLine("suggest", {
  function_name: Schema.String,
  language: Schema.String,
  suggested_signature: Schema.String,
  imports: Schema.Array(Schema.String),
  inferred_from: Schema.Array(Schema.Struct({ name: Schema.String, kind: SymbolKind, file: Schema.String, line: Int, signature: Schema.String, score: Schema.Number })),
  keywords: Schema.Array(Schema.String),
  scaffold: Schema.String,
  note: Schema.optional(Schema.String)
})

// The graph's rows as export prints them (the database's columns; see src/domain/graph/schema.ts).
const ImportedName = Schema.Struct({ name: Schema.String, alias: Schema.NullOr(Schema.String) })
const fileRow = { id: Int, path: Schema.String, language: Schema.String, hash: Schema.String, size: Count }
const symbolRow = {
  id: Int,
  file_id: Int,
  name: Schema.String,
  kind: SymbolKind,
  container: Schema.NullOr(Schema.String),
  qualified_name: Schema.String,
  signature: Schema.String,
  parameters: Schema.NullOr(Schema.String),
  return_type: Schema.NullOr(Schema.String),
  /** 1 or 0, as the database stores it. */
  exported: Schema.Literal(0, 1),
  start_byte: Int,
  end_byte: Int,
  start_line: Int,
  start_col: Int,
  end_line: Int,
  end_col: Int,
  /** Every signature of an overloaded function or method (TS/JS); null otherwise. */
  overloads: Schema.NullOr(Schema.Array(Schema.String))
}
const referenceRow = {
  id: Int,
  file_id: Int,
  name: Schema.String,
  kind: RefKind,
  qualifier: Schema.NullOr(Schema.String),
  line: Int,
  col: Int,
  start_byte: Int,
  end_byte: Int,
  enclosing_symbol_id: Schema.NullOr(Int),
  symbol_id: Schema.NullOr(Int),
  /** none: the name is bound to something outside the graph (a package, a deleted file). */
  resolution: Schema.Literal("exact", "name", "none"),
  /** How TypeScript's parser bound a TS/JS reference (scope, export:<module>, member:<module>#<name>, member, global); null for other languages. */
  binding: Schema.NullOr(Schema.String)
}
export type FileRow = Schema.Struct.Encoded<typeof fileRow>
export type SymbolRecord = Schema.Struct.Encoded<typeof symbolRow>
export type ReferenceRow = Schema.Struct.Encoded<typeof referenceRow>
export type ImportRow = Schema.Struct.Encoded<typeof importRow>
const importRow = {
  id: Int,
  file_id: Int,
  module: Schema.String,
  line: Int,
  names: Schema.Array(ImportedName),
  namespace: Schema.NullOr(Schema.String),
  default_name: Schema.NullOr(Schema.String),
  reexports: Schema.Array(ImportedName),
  wildcard: Schema.Boolean,
  /** The ids of the files the module resolved to. */
  resolved_files: Schema.Array(Int)
}

export const ExportResult = Schema.Union(
  resultLine("export", {
    graph: Schema.Struct({
      files: Schema.Array(Schema.Struct(fileRow)),
      symbols: Schema.Array(Schema.Struct(symbolRow)),
      references: Schema.Array(Schema.Struct(referenceRow)),
      imports: Schema.Array(Schema.Struct(importRow))
    })
  }),
  // --format jsonl: one line per row (the events), then the counts.
  resultLine("export", { files: Count, symbols: Count, references: Count, imports: Count })
)
export const ExportEvent = Schema.Union(
  eventLine("file", fileRow),
  eventLine("symbol", symbolRow),
  eventLine("reference", referenceRow),
  eventLine("import", importRow)
)

/** `splice dead-code`: one line per symbol nothing uses, then the counts. */
export const DeadCodeEvent = eventLine("dead", {
  name: Schema.String,
  kind: SymbolKind,
  qualified_name: Schema.String,
  file: Schema.String,
  line: Int,
  end_line: Int,
  exported: Schema.Boolean,
  reason: Schema.String
})
export const DeadCodeResult = resultLine("dead-code", {
  count: Count,
  /** Lines the dead symbols span. */
  lines: Count,
  /** Symbols without references that are not dead: test code, exports of package entry files, main, protocol methods and accessors, other exports (unless include_exported). */
  skipped: Schema.Struct({ tests: Count, entry_points: Count, protocol: Count, exported: Count }),
  path: Schema.optional(Schema.String)
})

/** `splice impact`: one line per symbol a change can reach (its users, their users…), then the files and tests. */
export const ImpactEvent = eventLine("impacted", {
  name: Schema.String,
  kind: SymbolKind,
  file: Schema.String,
  line: Int,
  /** 1: uses the symbol itself; 2: uses a user of it; … */
  depth: Int,
  /** The symbol it uses on the way. */
  via: Schema.String,
  resolution: Resolution
})
export const ImpactResult = resultLine("impact", {
  definition: GraphSymbol,
  depth: Int,
  symbols: Count,
  files: Schema.Array(Schema.Struct({ file: Schema.String, depth: Int, resolution: Resolution, test: Schema.Boolean })),
  tests: Schema.Array(Schema.String)
})

/** `splice complete`: names that can be written at a position, best first. */
export const CompleteResult = resultLine("complete", {
  file: Schema.String,
  line: Int,
  column: Int,
  /** The partial word before the position, which the candidates match. */
  prefix: Schema.String,
  /** The name before a `.` (or `::`, `->`) in front of the word, if any. */
  receiver: Schema.NullOr(Schema.String),
  engine: Schema.Literal("typescript", "graph"),
  count: Count,
  candidates: Schema.Array(Schema.Struct({
    name: Schema.String,
    /**
     * TypeScript's element kind (function, method, property, const, …) or the graph's symbol kind;
     * `text` for a word of the file, offered only when nothing the engine knows matches.
     */
    kind: Schema.String,
    signature: Schema.NullOr(Schema.String),
    /** The module to import it from, when it is not in scope there. */
    source: Schema.NullOr(Schema.String)
  }))
})
