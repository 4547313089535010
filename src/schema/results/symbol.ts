/** `splice patch`, `splice delete` and `splice insert`: one definition of a file replaced, removed or given a neighbour. */
import * as Schema from "effect/Schema"
import { Checksum, CompilerVerdict, GraphReport, Int, LineEnding, LineEndingDominant, PreviewFields, SymbolKind, SyntaxVerdict, TxId, WriteStrategy } from "../common.js"
import { resultLine } from "../line.js"

const S = Schema.String

/** The definition acted on (for insert: the one the new code goes next to or into). */
export const SymbolTarget = Schema.Struct({
  name: S,
  qualified_name: S,
  /** A Rust `impl` block is no symbol of the graph; it is named `impl Type` or `impl Trait for Type`. */
  kind: Schema.Union(SymbolKind, Schema.Literal("impl")),
  container: Schema.NullOr(S),
  /** 1-based lines of the definition with its doc comment and decorators, before the change. */
  from: Int,
  to: Int
})

/** 1-based first and last line (for patch and insert, of the new text in the result; for delete, of what was removed, as it was). */
const Lines = Schema.Struct({ from: Int, to: Int })

/** A use of a deleted definition: resolved to it (references) or matching only its name (by_name). */
export const SymbolUse = Schema.Struct({ file: S, line: Int, col: Int, kind: S })

const written = {
  file: S,
  symbol: SymbolTarget,
  lines: Lines,
  line_ending: LineEnding,
  line_ending_dominant: LineEndingDominant,
  bom: Schema.Boolean,
  checksum_before: Checksum,
  checksum_after: Checksum,
  validation: SyntaxVerdict,
  compiler: CompilerVerdict
}

const committed = {
  changed: Schema.Literal(true),
  tx: TxId,
  write_strategy: WriteStrategy,
  graph: Schema.optional(GraphReport),
  diff: Schema.optional(S)
}

const patchFields = {
  /** What was replaced: the definition, or only its body (--body). */
  part: Schema.Literal("definition", "body"),
  /** The doc comment and decorators above it: kept (the new text brought none), replaced by the new text's, or there were none. */
  leading: Schema.Literal("kept", "replaced", "none"),
  /** --body of a Python definition whose block opens with a docstring: kept (the new body brought none) or replaced. */
  docstring: Schema.optional(Schema.Literal("kept", "replaced"))
}

export const PatchResult = Schema.Union(
  resultLine("patch", { ...written, ...patchFields, changed: Schema.Literal(false), tx: Schema.Null }),
  resultLine("patch", { ...written, ...patchFields, ...PreviewFields }),
  resultLine("patch", { ...written, ...patchFields, ...committed })
)

const deleteFields = {
  doc_comment: Schema.Boolean,
  decorators: Schema.Boolean,
  /** Uses that were there: empty unless --force deleted over them. */
  references: Schema.Array(SymbolUse),
  by_name: Schema.Array(SymbolUse),
  forced: Schema.Boolean,
  /** Python: the definition was its block's only statement and `pass` stands in its place. */
  placeholder: Schema.optional(Schema.Literal("pass"))
}

export const DeleteResult = Schema.Union(
  resultLine("delete", { ...written, ...deleteFields, ...PreviewFields }),
  resultLine("delete", { ...written, ...deleteFields, ...committed })
)

const insertFields = {
  /** after or before the symbol, or in: at the end of its body. */
  position: Schema.Literal("after", "before", "in")
}

export const InsertResult = Schema.Union(
  resultLine("insert", { ...written, ...insertFields, ...PreviewFields }),
  resultLine("insert", { ...written, ...insertFields, ...committed })
)
