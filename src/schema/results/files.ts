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
  bytes: Count,
  created_directories: Schema.Array(Schema.String),
  compiler: CompilerVerdict
}

export const MvResult = Schema.Union(
  resultLine("mv", { ...transferred, removed_directories: Schema.Array(Schema.String), ...PreviewOnly }),
  resultLine("mv", { ...transferred, removed_directories: Schema.Array(Schema.String), ...Committed })
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
  bytes: Count,
  removed_directories: Schema.Array(Schema.String)
}

export const RmResult = Schema.Union(
  resultLine("rm", { ...removed, ...PreviewOnly }),
  resultLine("rm", { ...removed, ...Committed })
)
