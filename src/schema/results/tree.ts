/** `splice ls`: the files of the tree, as the walk finds them; `splice count`: their numbers. */
import * as Schema from "effect/Schema"
import { Checksum, Count } from "../common.js"
import { eventLine, resultLine } from "../line.js"
import { Skipped } from "./search.js"

export const LsEvent = Schema.Union(
  eventLine("entry", {
    path: Schema.String,
    kind: Schema.Literal("file"),
    /** With --long: bytes, lines (null for a binary file), language ("binary" for one), BLAKE3. */
    size: Schema.optional(Count),
    lines: Schema.optional(Schema.NullOr(Count)),
    language: Schema.optional(Schema.String),
    checksum: Schema.optional(Checksum)
  }),
  /** A directory at the --depth limit, not entered. */
  eventLine("entry", { path: Schema.String, kind: Schema.Literal("directory") })
)

export const LsResult = resultLine("ls", {
  files: Count,
  /** Directories at the --depth limit. */
  directories: Count,
  /** With --long: the files' bytes together. */
  bytes: Schema.optional(Count),
  skipped: Schema.Array(Skipped)
})

const LanguageCount = Schema.Struct({ language: Schema.String, files: Count, lines: Count, bytes: Count }).annotations({ identifier: "LanguageCount" })

export const CountResult = resultLine("count", {
  files: Count,
  /** Lines of the text files (binary files have none). */
  lines: Count,
  bytes: Count,
  binary_files: Count,
  /** With --by-size N: the N largest files, largest first. */
  largest: Schema.optional(Schema.Array(Schema.Struct({ file: Schema.String, size: Count, lines: Schema.NullOr(Count), language: Schema.String }))),
  /** With --by-language: per language, most lines first. */
  by_language: Schema.optional(Schema.Array(LanguageCount)),
  skipped: Schema.Array(Skipped),
  elapsed_ms: Count
})
