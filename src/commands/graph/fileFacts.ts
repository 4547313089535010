/** One file's graph facts: TS/JS from TypeScript's parser (scopes resolved), the rest from tree-sitter's query. */
import * as Effect from "effect/Effect"
import { extractFacts } from "../../domain/graph/extract.js"
import type { FileFacts } from "../../domain/graph/facts.js"
import { graphQueries } from "../../domain/graph/queries.js"
import type { Grammar } from "../../domain/languages.js"
import { blankCommentRuns } from "../../domain/pythonCommentRuns.js"
import { Syntax } from "../../../services/Syntax.js"

export const SCRIPT_LANGUAGES: ReadonlySet<string> = new Set(["typescript", "tsx", "javascript"])

/** Whether the graph reads symbols from files of this language. */
export const hasFacts = (language: string): boolean => Object.hasOwn(graphQueries, language)

export const fileFacts = (relative: string, grammar: Grammar, text: string) =>
  Effect.gen(function*() {
    const syntax = yield* Syntax
    // From tree-sitter's query too where a TS/JS file nests too deep for TypeScript's recursive parser.
    const scripted = SCRIPT_LANGUAGES.has(grammar.language) ? yield* syntax.scriptFacts(relative, text) : undefined
    // Python's facts need no comment: the lines its scanner is quadratic on are blanked (offsets kept).
    const parsed = grammar.language === "python" ? blankCommentRuns(text) : text
    return scripted ?? extractFacts(grammar.language, text, yield* syntax.query(grammar, parsed, graphQueries[grammar.language]!)) satisfies FileFacts
  })
