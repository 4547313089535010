/** `splice mv`, `splice cp` and `splice rm`: files moved, copied or removed, previewed or committed. */
import * as Schema from "effect/Schema"
import { Checksum, CompilerVerdict, Count, FileMode, GraphReport, TxId, WriteStrategy } from "../common.js"
import { resultLine } from "../line.js"

/** One file moved or copied. */
const Transferred = Schema.Struct({
  from: Schema.String,
  file: Schema.String,
  bytes: Count,
  /** The copy's (or the moved file's) permission bits. */
  mode: FileMode,
  checksum: Checksum,
  /** The checksum of the file --force replaced at `file` (the journal keeps it); null when there was none. */
  replaced: Schema.NullOr(Checksum),
  write_strategy: WriteStrategy
})

/** One file removed (the journal keeps its bytes and mode for undo). */
const Removed = Schema.Struct({
  file: Schema.String,
  bytes: Count,
  mode: FileMode,
  checksum: Checksum
})

/** A symbolic link moved, copied or removed as a link (never followed). */
const Link = Schema.Struct({
  from: Schema.optional(Schema.String),
  file: Schema.String,
  /** What it points to, as written. */
  target: Schema.String
})

/** Nothing written: what a --preview would do. */
const PreviewOnly = {
  preview: Schema.Literal(true),
  changed: Schema.Literal(false),
  would_change: Schema.Literal(true),
  tx: Schema.Null
}
const Committed = { changed: Schema.Literal(true), tx: TxId, graph: Schema.optional(GraphReport) }

const transferred = {
  /** FROM and where it went (TO, or TO/name when TO is a directory). */
  from: Schema.String,
  to: Schema.String,
  files: Schema.Array(Transferred),
  links: Schema.optional(Schema.Array(Link)),
  bytes: Count,
  created_directories: Schema.Array(Schema.String),
  compiler: CompilerVerdict
}

/** One specifier a move rewrote: its line in the file before, and both spellings. */
const RewrittenSpecifier = Schema.Struct({ line: Count, from: Schema.String, to: Schema.String })

/** A file whose imports a move rewrote: an importer, or a moved file (`from` its old name). */
const ImportsRewritten = Schema.Struct({
  file: Schema.String,
  from: Schema.optional(Schema.String),
  language: Schema.String,
  specifiers: Schema.Array(RewrittenSpecifier),
  /** --preview: the file's unified diff. */
  diff: Schema.optional(Schema.String)
})

/** What mv did to the imports that name the moved files. */
const MoveImports = Schema.Union(
  Schema.Struct({ updated: Schema.Literal(false), reason: Schema.String }),
  Schema.Struct({
    updated: Schema.Literal(true),
    /** Files that stay, whose imports of a moved file were rewritten. */
    importers: Schema.Array(ImportsRewritten),
    /** Moved files whose own imports were rewritten (relative paths from the new place). */
    moved: Schema.Array(ImportsRewritten),
    /** How many specifiers were rewritten in all. */
    specifiers: Count,
    /** What could not be rewritten, left as it is (a computed require, a path outside the workspace…). */
    not_rewritten: Schema.Array(Schema.Struct({
      file: Schema.String,
      line: Count,
      specifier: Schema.String,
      reason: Schema.Literal("outside_workspace", "not_found", "computed", "overlapping_edit", "mixed_from_import", "package_entry", "outside_package", "in_string")
    })),
    /** Moved files of languages whose imports splice does not follow: moved as bytes, their importers untouched. */
    not_followed: Schema.Array(Schema.String)
  })
)

const moveFields = { ...transferred, removed_directories: Schema.Array(Schema.String), imports: MoveImports }

export const MvResult = Schema.Union(
  resultLine("mv", { ...moveFields, ...PreviewOnly }),
  resultLine("mv", { ...moveFields, ...Committed })
)

export const CpResult = Schema.Union(
  // An empty directory copied onto an existing one.
  resultLine("cp", { ...transferred, changed: Schema.Literal(false), tx: Schema.Null }),
  resultLine("cp", { ...transferred, ...PreviewOnly }),
  resultLine("cp", { ...transferred, ...Committed })
)

const removed = {
  /** The paths as named (files, and directories with --recursive). */
  paths: Schema.Array(Schema.String),
  files: Schema.Array(Removed),
  links: Schema.optional(Schema.Array(Link)),
  bytes: Count,
  removed_directories: Schema.Array(Schema.String)
}

export const RmResult = Schema.Union(
  resultLine("rm", { ...removed, ...PreviewOnly }),
  resultLine("rm", { ...removed, ...Committed })
)
