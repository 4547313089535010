/**
 * `splice query --file F --kind NODE_KIND...`: the tree-sitter nodes of those kinds, in document
 * order (an outer node before the nodes inside it), each with its span and text. Kinds are names
 * of the file's grammar — named (`function_definition`), anonymous (`if`, `=>`), a supertype
 * (`expression`) or ERROR — never query S-expressions. `--list-kinds` prints the grammar's kinds.
 */
import * as Effect from "effect/Effect"
import { grammarForPath } from "../domain/languages.js"
import { blankCommentRuns, blankedComments } from "../domain/pythonCommentRuns.js"
import { similarNames } from "../domain/similarity.js"
import { spliceError } from "../domain/SpliceError.js"
import { spanLocator } from "../domain/textSpan.js"
import { userPath } from "../domain/workspacePath.js"
import { FileStore } from "../../services/FileStore.js"
import { Output } from "../../services/Output.js"
import { type NodeKinds, Syntax } from "../../services/Syntax.js"
import { loadTextTarget } from "./textTarget.js"

export interface QueryConfig {
  readonly file: string
  readonly kinds: ReadonlyArray<string>
  readonly listKinds: boolean
  /** At most this many nodes are printed; the result says how many there were. */
  readonly max: number
  readonly maxBytes: number
}

export const DEFAULT_MAX_NODES = 1000

/** A kind as a query pattern: `(name)` for named kinds and supertypes, `"text"` for anonymous ones (both when it is both). */
export const patternsOf = (kind: string, kinds: NodeKinds): ReadonlyArray<string> => [
  ...(kinds.named.includes(kind) || kinds.supertypes.includes(kind) ? [`(${kind})`] : []),
  ...(kinds.anonymous.includes(kind) ? [JSON.stringify(kind)] : [])
]

/** A node's text on one line for people: its first line, cut at 120 characters. */
const preview = (text: string): string => {
  const first = text.split(/\r\n|\r|\n/, 1)[0]!
  const cut = first.length > 120 ? `${first.slice(0, 120)}…` : first
  return cut.length < text.length ? `${cut} …` : cut
}

export const query = (config: QueryConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const syntax = yield* Syntax
    const output = yield* Output
    if (config.listKinds === (config.kinds.length > 0)) {
      return yield* Effect.fail(spliceError("SPL-E010", config.listKinds ? "give --kind or --list-kinds, not both" : "give at least one --kind (or --list-kinds to see the grammar's kinds)"))
    }
    if (!Number.isInteger(config.max) || config.max < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `--max must be a positive integer (got ${config.max})`, { context: { flag: "--max" } }))
    }
    const path = yield* store.resolve(userPath(config.file))
    const target = yield* loadTextTarget(path, config.maxBytes)
    const grammar = grammarForPath(path.relative)
    if (grammar === undefined) {
      return yield* Effect.fail(spliceError("SPL-E010", `${path.relative}: no tree-sitter grammar parses files of this kind`, {
        hint: "splice parses the languages its syntax gate knows (see `splice edit --help`), chosen by extension or file name.",
        context: { file: path.relative }
      }))
    }
    const kinds = yield* syntax.nodeKinds(grammar)
    if (config.listKinds) {
      return yield* output.result("query", { file: path.relative, language: grammar.language, ...kinds }, (t) => t.query.kinds(kinds.named, kinds.anonymous, kinds.supertypes))
    }
    const patterns: string[] = []
    for (const kind of config.kinds) {
      const p = patternsOf(kind, kinds)
      if (p.length === 0) {
        const suggestions = similarNames(kind, [...kinds.named, ...kinds.supertypes, ...kinds.anonymous.filter((k) => /\w/.test(k))])
        return yield* Effect.fail(spliceError("SPL-E121", `${grammar.language} has no node kind ${JSON.stringify(kind)}`, {
          ...(suggestions.length > 0 ? { hint: `Did you mean ${suggestions.join(", ")}? (--list-kinds lists every kind)` } : {}),
          context: { file: path.relative, language: grammar.language, kind, did_you_mean: suggestions }
        }))
      }
      patterns.push(...p)
    }
    const text = target.content.text
    // Python is parsed without the comment lines its scanner is quadratic on: blanking them changes
    // no other node, and each is a comment node of its own, put back when comments are asked for.
    const blanked = grammar.language === "python" ? blankedComments(text) : []
    const matches = yield* syntax.query(grammar, blankCommentRuns(text, blanked), `[${[...new Set(patterns)].join(" ")}] @node`)
    const comments = config.kinds.includes("comment") ? blanked.map((c) => ({ ...c, type: "comment" })) : []
    // A node both patterns match (a kind named and anonymous at once) is one node.
    const unique = new Map([...matches.flat(), ...comments].map((c) => [`${c.start}:${c.end}:${c.type}`, c]))
    const nodes = [...unique.values()].sort((a, b) => a.start - b.start || b.end - a.end)
    const locate = spanLocator(text, target.content.bom ? 3 : 0)
    const shown = nodes.slice(0, config.max)
    for (const n of shown) {
      const span = locate(n.start, n.end)
      const body = text.slice(n.start, n.end)
      const named = !(kinds.anonymous.includes(n.type) && !kinds.named.includes(n.type))
      yield* output.event({ type: "node", kind: n.type, named, span, text: body }, `${path.relative}:${span.start_line}:${span.start_col}  ${n.type}  ${preview(body)}\n`)
    }
    const truncated = nodes.length > shown.length
    return yield* output.result("query", { file: path.relative, language: grammar.language, kinds: config.kinds, count: shown.length, total: nodes.length, truncated },
      truncated ? (t) => t.query.truncated(shown.length, nodes.length, "--max") : "")
  })
