/** `splice rename`'s result: the symbol, every file and line it changed, and what was left by name only. */
import * as Schema from "effect/Schema"
import { Checksum, CompilerVerdict, Count, GraphReport, Int, LineEnding, LineEndingDominant, PreviewFields, SymbolKind, TxId } from "../common.js"
import { resultLine } from "../line.js"
import { FilesValidation } from "./apply.js"

const RenamedFile = Schema.Struct({
  file: Schema.String,
  /** 1-based lines (before the rename) that changed. */
  lines: Schema.Array(Int),
  /** Names rewritten in this file. */
  renamed: Count,
  /** Where each rewritten name starts (1-based line, 1-based UTF-8 byte column, as refs reports them). */
  sites: Schema.Array(Schema.Struct({ line: Int, col: Int })),
  checksum_before: Checksum,
  checksum_after: Checksum,
  line_ending: LineEnding,
  line_ending_dominant: LineEndingDominant
})

/** A use that matches only by name (a method called on a value of unknown type): renamed only with --include-unresolved. */
const Unresolved = Schema.Struct({ file: Schema.String, line: Int, col: Int, kind: Schema.String, renamed: Schema.Boolean })

const base = {
  symbol: Schema.Struct({ name: Schema.String, qualified_name: Schema.String, kind: SymbolKind, file: Schema.String, line: Int, language: Schema.String }),
  new_name: Schema.String,
  /** Go: the same method of the interfaces and types tied to it through an interface, renamed with it. */
  tied: Schema.optional(Schema.Array(Schema.Struct({ qualified_name: Schema.String, file: Schema.String, line: Int }))),
  /** Where the locations came from: TypeScript's LanguageService (TS/JS), or the code graph. */
  engine: Schema.Literal("typescript", "graph"),
  /** Every name rewritten (definitions, references, import and export specifiers). */
  renamed: Count,
  unresolved: Schema.Array(Unresolved),
  files: Schema.Array(RenamedFile),
  validation: FilesValidation,
  compiler: CompilerVerdict
}

const renameResult = <N extends string>(command: N) =>
  Schema.Union(
    resultLine(command, { ...base, ...PreviewFields }),
    resultLine(command, {
      ...base,
      changed: Schema.Literal(true),
      tx: TxId,
      graph: Schema.optional(GraphReport),
      diff: Schema.optional(Schema.String)
    })
  )

export const RenameResult = renameResult("rename")
/** `splice case`: a rename to the same name in another case style. */
export const CaseResult = renameResult("case")
