/** One file's graph facts from its text, as the indexer extracts them: no database involved. */
import * as Effect from "effect/Effect"
import { extractFacts } from "../../domain/graph/extract.js"
import type { FileFacts } from "../../domain/graph/facts.js"
import { graphQueries } from "../../domain/graph/queries.js"
import type { Grammar } from "../../domain/languages.js"
import { Syntax } from "../../../services/Syntax.js"

/** Languages whose facts come from TypeScript's parser rather than a tree-sitter query. */
export const SCRIPT_LANGUAGES: ReadonlySet<string> = new Set(["typescript", "tsx", "javascript"])

/** Whether the graph extracts symbols from files of this language. */
export const hasFacts = (language: string): boolean => Object.hasOwn(graphQueries, language)

/** TS/JS from TypeScript's parser; from tree-sitter's query for the others, and where TS/JS nests too deep for that parser. */
export const factsOf = (grammar: Grammar, path: string, text: string) =>
  Effect.gen(function*() {
    const syntax = yield* Syntax
    const script: FileFacts | undefined = SCRIPT_LANGUAGES.has(grammar.language) ? yield* syntax.scriptFacts(path, text) : undefined
    return script ?? extractFacts(grammar.language, text, yield* syntax.query(grammar, text, graphQueries[grammar.language]!))
  })
