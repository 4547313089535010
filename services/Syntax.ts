import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { Grammar } from "../src/domain/languages.js"
import type { SpliceError } from "../src/domain/SpliceError.js"

/** A parse error found by tree-sitter: an ERROR node or a MISSING token. */
export interface SyntaxIssue {
  readonly kind: "error" | "missing"
  /** For MISSING nodes, the token the parser expected (e.g. `}`). */
  readonly expected?: string
  /** Offset in the parsed string (UTF-16 code units). */
  readonly offset: number
  /** 1-based line and column. */
  readonly line: number
  readonly column: number
}

/** tree-sitter parsing; grammars load on first use of their language. */
export interface SyntaxService {
  readonly issues: (grammar: Grammar, text: string) => Effect.Effect<ReadonlyArray<SyntaxIssue>, SpliceError>
}

export class Syntax extends Context.Tag("splice/Syntax")<Syntax, SyntaxService>() {}
