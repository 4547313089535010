/**
 * `splice extract --file F (--lines A:B | --symbol S [--kind K])`: a piece of a file, byte for byte,
 * with its checksum, where it is (lines, columns, byte offsets) and the file's checksum for a later
 * --expect-checksum. A symbol is found the way the code graph finds it — the same parser, on this
 * file alone, no database — with the doc comment and decorators right above it.
 */
import * as Effect from "effect/Effect"
import { narrowDefinitions } from "../domain/graph/definitions.js"
import type { SymbolFact } from "../domain/graph/facts.js"
import { grammarForPath, type Grammar } from "../domain/languages.js"
import { leadingTrivia, type Trivia } from "../domain/leadingTrivia.js"
import { blankCommentRuns, blankedComments } from "../domain/pythonCommentRuns.js"
import { similarNames } from "../domain/similarity.js"
import { spliceError } from "../domain/SpliceError.js"
import { countLines } from "../domain/textContent.js"
import { lineStarts, lineOfOffset } from "../domain/textMatch.js"
import { indexOfByte, spanLocator, type TextSpan } from "../domain/textSpan.js"
import { userPath } from "../domain/workspacePath.js"
import { Hasher } from "../../services/Hasher.js"
import { Output } from "../../services/Output.js"
import { FileStore } from "../../services/FileStore.js"
import { Syntax } from "../../services/Syntax.js"
import { fileFacts, hasFacts } from "./graph/fileFacts.js"
import { lineOutOfRange, parseRange } from "./read.js"
import { loadTextTarget, type TextTarget } from "./textTarget.js"
import { lineEndingReport } from "../domain/lineEndings.js"

export interface ExtractConfig {
  readonly file: string
  /** "A:B", "A:", ":B" or "A" (1-based, inclusive). */
  readonly lines?: string
  readonly symbol?: string
  readonly kind?: string
  readonly maxBytes: number
}

const usage = (message: string) => Effect.fail(spliceError("SPL-E010", message))

/** Kinds of nodes that are a definition's decorators or attributes when they stand right above it. */
const DECORATOR_KINDS = new Set(["decorator", "attribute_item", "annotation", "marker_annotation", "attribute_list"])

/** The comment and decorator nodes of the file (tree-sitter), for leadingTrivia. */
export const triviaOf = (grammar: Grammar, text: string) =>
  Effect.gen(function*() {
    const syntax = yield* Syntax
    const kinds = yield* syntax.nodeKinds(grammar)
    const comment = kinds.named.filter((k) => /comment/.test(k))
    const decorator = kinds.named.filter((k) => DECORATOR_KINDS.has(k))
    if (comment.length + decorator.length === 0) return []
    // Python without the comment lines its scanner is quadratic on, each put back as the comment it is.
    const blanked = grammar.language === "python" ? blankedComments(text) : []
    const matches = yield* syntax.query(grammar, blankCommentRuns(text, blanked), `[${[...comment, ...decorator].map((k) => `(${k})`).join(" ")}] @t`)
    const found = matches.flat().map((c): Trivia => ({ start: c.start, end: c.end, kind: decorator.includes(c.type) ? "decorator" : "comment" }))
    return blanked.length === 0 ? found : [...found, ...blanked.map((c): Trivia => ({ ...c, kind: "comment" }))].sort((a, b) => a.start - b.start)
  })

/** The one symbol of the file that `name` (and `kind`) names: SPL-E001 none, with close names; SPL-E002 several. */
export const pickSymbol = (file: string, symbols: ReadonlyArray<SymbolFact>, name: string, kind: string | undefined) =>
  Effect.gen(function*() {
    const matching = (n: string) => symbols.filter((s) => (s.name === n || s.qualifiedName === n) && (kind === undefined || s.kind === kind))
    // Rust (and C++) name a member `Type::member`; `Type.member`, as the other languages write it, means the same.
    const dotted = name.includes(".") && !name.includes("::") ? name.replace(/\./g, "::") : undefined
    const direct = matching(name)
    const asked = direct.length === 0 && dotted !== undefined && matching(dotted).length > 0 ? dotted : name
    const named = asked === name ? direct : matching(asked)
    if (named.length === 0) {
      const pool = symbols.filter((s) => kind === undefined || s.kind === kind)
      const suggestions = similarNames(name, [...pool.map((s) => s.name), ...pool.filter((s) => s.container !== null).map((s) => s.qualifiedName)])
      return yield* Effect.fail(spliceError("SPL-E001", `${file} defines no ${kind ?? "symbol"} named ${name}`, {
        ...(suggestions.length > 0 ? { hint: `Did you mean ${suggestions.join(", ")}?` } : { hint: "List the file's symbols with `splice outline`." }),
        context: { name, did_you_mean: suggestions, file, ...(kind !== undefined ? { kind } : {}) }
      }))
    }
    const defs = narrowDefinitions(named, asked, (s) => s)
    if (defs.length > 1) {
      return yield* Effect.fail(spliceError("SPL-E002", `${defs.length} symbols of ${file} are named ${name}`, {
        hint: "Name one by its qualified name (Class.method) or pass --kind.",
        context: { name, candidates: defs.map((d) => ({ file, line: d.startLine, kind: d.kind, qualified_name: d.qualifiedName })) }
      }))
    }
    return defs[0]!
  })

/** Human mode prints the text itself, ended by a line break so that the prompt starts a line of its own. */
const asLines = (text: string): string => (text === "" || /[\r\n]$/.test(text) ? text : `${text}\n`)

/** The file's text with what locating a piece of it needs, computed once. */
interface Source {
  readonly target: TextTarget
  readonly language: string | null
  readonly total: number
  readonly starts: ReadonlyArray<number>
  readonly locate: (start: number, end: number) => TextSpan
}

const sourceOf = (target: TextTarget, grammar: Grammar | undefined): Source => ({
  target,
  language: grammar?.language ?? null,
  total: countLines(target.content.text),
  starts: lineStarts(target.content.text),
  locate: spanLocator(target.content.text, target.content.bom ? 3 : 0)
})

/** The result's fields for text[start, end): the piece, its checksum, its span and the lines it covers. */
const piece = (src: Source, start: number, end: number) =>
  Effect.gen(function*() {
    const hasher = yield* Hasher
    const slice = src.target.content.text.slice(start, end)
    const span = src.locate(start, end)
    return {
      file: src.target.path.relative,
      language: src.language,
      text: slice,
      checksum: yield* hasher.blake3(new TextEncoder().encode(slice)),
      file_checksum: src.target.checksum,
      from: span.start_line,
      // The line holding the last character (a final line break starts no line).
      to: end > start ? lineOfOffset(src.starts, end - 1) : span.start_line,
      span,
      total_lines: src.total,
      ...lineEndingReport(src.target.content.text),
      bom: src.target.content.bom
    }
  })

const extractLines = (src: Source, spec: string) =>
  Effect.gen(function*() {
    const output = yield* Output
    const r = parseRange(spec, src.total)
    if (r === undefined) return yield* usage(`invalid --lines ${JSON.stringify(spec)}: use A:B, A: or :B with 1 <= A <= B`)
    if (r.from > src.total) return yield* Effect.fail(lineOutOfRange(src.target.path.relative, spec, r.from, src.total))
    const end = r.to < src.starts.length ? src.starts[r.to]! : src.target.content.text.length
    const fields = yield* piece(src, src.starts[r.from - 1]!, end)
    return yield* output.result("extract", { mode: "lines", ...fields }, asLines(fields.text))
  })

const extractSymbol = (src: Source, grammar: Grammar | undefined, name: string, kind: string | undefined) =>
  Effect.gen(function*() {
    const output = yield* Output
    const file = src.target.path.relative
    if (grammar === undefined || !hasFacts(grammar.language)) {
      return yield* usage(`${file}: splice reads no symbols from ${grammar === undefined ? "files of this kind" : `${grammar.language} files`}; use --lines`)
    }
    const text = src.target.content.text
    // tree-sitter's grammar compiles off the main thread while TypeScript's parser reads a TS/JS file.
    const [trivia, facts] = yield* Effect.all([triviaOf(grammar, text), fileFacts(file, grammar, text)], { concurrency: 2 })
    const symbol = yield* pickSymbol(file, facts.symbols, name, kind)
    const toIndex = indexOfByte(text)
    const start = toIndex(symbol.startByte)
    const end = toIndex(symbol.endByte)
    const leading = leadingTrivia(text, start, trivia)
    const fields = yield* piece(src, leading.start, end)
    return yield* output.result("extract", {
      mode: "symbol",
      ...fields,
      symbol: { name: symbol.name, kind: symbol.kind, qualified_name: symbol.qualifiedName, container: symbol.container, signature: symbol.signature },
      definition: src.locate(start, end),
      doc_comment: leading.docComment,
      decorators: leading.decorators
    }, asLines(fields.text))
  })

export const extract = (config: ExtractConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    if ((config.lines === undefined) === (config.symbol === undefined)) {
      return yield* usage(config.lines === undefined ? "give --lines A:B or --symbol NAME" : "give --lines or --symbol, not both")
    }
    if (config.kind !== undefined && config.symbol === undefined) return yield* usage("--kind narrows --symbol: give --symbol too")
    const path = yield* store.resolve(userPath(config.file))
    const target = yield* loadTextTarget(path, config.maxBytes)
    const grammar = grammarForPath(path.relative)
    const src = sourceOf(target, grammar)
    return yield* (config.lines !== undefined ? extractLines(src, config.lines) : extractSymbol(src, grammar, config.symbol!, config.kind))
  })
