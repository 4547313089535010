/**
 * A definition found in a file as it is now, for `splice patch`, `delete` and `insert`: the symbol
 * the code graph's parser sees (TypeScript's for TS/JS, tree-sitter's query for the others, as
 * `extract` finds it), its parts (doc comment and decorators, the definition, its body), and the
 * other symbols its text holds. A Rust `impl` block, which is no symbol of the graph, is named
 * `impl Type` or `impl Trait for Type`.
 */
import type { SymbolName } from "../../domain/locale/catalog.js"
import * as Effect from "effect/Effect"
import type { FileFacts, SymbolFact } from "../../domain/graph/facts.js"
import type { Grammar } from "../../domain/languages.js"
import type { Trivia } from "../../domain/leadingTrivia.js"
import { blankCommentRuns } from "../../domain/pythonCommentRuns.js"
import { similarNames } from "../../domain/similarity.js"
import { spliceError } from "../../domain/SpliceError.js"
import { blockWithComments } from "../../domain/symbolEdit/edits.js"
import { type Body, type DefinitionParts, definitionParts } from "../../domain/symbolEdit/parts.js"
import { textLines, type TextLines } from "../../domain/symbolEdit/textLines.js"
import { indexOfByte } from "../../domain/textSpan.js"
import { Syntax } from "../../../services/Syntax.js"
import { pickSymbol, triviaOf } from "../extract.js"
import { fileFacts, hasFacts } from "../graph/fileFacts.js"
import type { TextTarget } from "../textTarget.js"

/** The file: its text as lines, its symbols, its comments and decorators. */
export interface Site {
  readonly target: TextTarget
  readonly grammar: Grammar
  readonly facts: FileFacts
  readonly trivia: ReadonlyArray<Trivia>
  readonly lines: TextLines
  /** UTF-8 byte offset → UTF-16 index into the text. */
  readonly index: (byte: number) => number
}

/** How messages name a definition: `function add`, `method Box.get`, `impl Display for P`. */
export const describe = (def: Definition): string => (def.kind === "impl" ? def.qualifiedName : `${def.kind} ${def.qualifiedName}`)

/** The same for the run's language to word (human output; error messages keep `describe`'s English). */
export const symbolName = (def: Definition): SymbolName => ({ kind: def.kind === "impl" ? null : def.kind, name: def.qualifiedName })

/** What a command acts on. */
export interface Definition {
  readonly name: string
  readonly qualifiedName: string
  readonly kind: string
  readonly container: string | null
  /** Where it is, with its doc comment and decorators (UTF-16 offsets). */
  readonly parts: DefinitionParts
  /** The symbol of the graph, when it is one (a Rust impl block is not). */
  readonly symbol: SymbolFact | undefined
}

export const readSite = (target: TextTarget, grammar: Grammar | undefined) =>
  Effect.gen(function*() {
    const file = target.path.relative
    if (grammar === undefined || !hasFacts(grammar.language)) {
      return yield* Effect.fail(spliceError("SPL-E010", `${file}: splice reads no symbols from ${grammar === undefined ? "files of this kind" : `${grammar.language} files`}; use splice edit`, {
        context: { file }
      }))
    }
    const text = target.content.text
    const [trivia, facts] = yield* Effect.all([triviaOf(grammar, text), fileFacts(file, grammar, text)], { concurrency: 2 })
    return { target, grammar, facts, trivia, lines: textLines(text, target.content.lineEnding, grammar.language), index: indexOfByte(text) } satisfies Site
  })

const partsOf = (site: Site, s: SymbolFact): DefinitionParts => definitionParts(site.target.content.text, site.index(s.startByte), site.index(s.endByte), site.trivia)

/** The definition NAME (a qualified name, or `impl …` in Rust) names: SPL-E001 none, SPL-E002 several. */
export const findDefinition = (site: Site, name: string, kind: string | undefined) =>
  Effect.gen(function*() {
    if (site.grammar.language === "rust" && /^impl\b/.test(name)) return yield* findImpl(site, name)
    const symbol = yield* pickSymbol(site.target.path.relative, site.facts.symbols, name, kind)
    return { name: symbol.name, qualifiedName: symbol.qualifiedName, kind: symbol.kind, container: symbol.container, parts: partsOf(site, symbol), symbol } satisfies Definition
  })

/** `impl<T> a::Trait<T> for b::Type<T>` → { trait: "Trait", type: "Type" }: last path segments, no generics. */
const bare = (s: string): string => s.replace(/<.*$/s, "").replace(/^.*::/, "").trim()
const normal = (s: string): string => s.replace(/\s+/g, " ").trim()

const IMPL_QUERY = "(impl_item trait: (_)? @trait type: (_) @type body: (declaration_list) @body) @impl"

const findImpl = (site: Site, name: string) =>
  Effect.gen(function*() {
    const syntax = yield* Syntax
    const text = site.target.content.text
    const file = site.target.path.relative
    const impls = (yield* syntax.query(site.grammar, text, IMPL_QUERY)).map((m) => {
      const at = (n: string) => m.find((c) => c.name === n)
      const node = at("impl")!
      const trait = at("trait")
      const type = at("type")!
      const bodyStart = at("body")!.start
      return {
        header: normal(text.slice(node.start, bodyStart)),
        trait: trait === undefined ? undefined : bare(text.slice(trait.start, trait.end)),
        type: bare(text.slice(type.start, type.end)),
        start: node.start,
        end: node.end,
        line: node.startRow + 1
      }
    })
    const asked = /^impl\s*(?:<.*?>\s*)?(?:(.+?)\s+for\s+)?(\S.*)$/s.exec(normal(name))
    const wanted = impls.filter((i) => normal(name) === i.header || (asked !== null && bare(asked[2]!) === i.type && (asked[1] === undefined ? i.trait === undefined : bare(asked[1]) === i.trait)))
    const label = (i: (typeof impls)[number]) => (i.trait === undefined ? `impl ${i.type}` : `impl ${i.trait} for ${i.type}`)
    if (wanted.length === 0) {
      const suggestions = similarNames(name, impls.map(label))
      return yield* Effect.fail(spliceError("SPL-E001", `${file} has no ${name} block`, {
        hint: impls.length > 0 ? `Its impl blocks: ${[...new Set(impls.map(label))].join(", ")}.` : `${file} has no impl block.`,
        context: { name, did_you_mean: suggestions, file }
      }))
    }
    if (wanted.length > 1) {
      return yield* Effect.fail(spliceError("SPL-E002", `${wanted.length} impl blocks of ${file} match ${name}`, {
        hint: "Give the whole header as written (generics and path included).",
        context: { name, candidates: wanted.map((i) => ({ file, line: i.line, kind: "impl", qualified_name: i.header })) }
      }))
    }
    const i = wanted[0]!
    return {
      name: label(i),
      qualifiedName: label(i),
      kind: "impl",
      container: null,
      parts: definitionParts(text, i.start, i.end, site.trivia),
      symbol: undefined
    } satisfies Definition
  })

/** Node kinds that hold a definition's body between braces, in the grammars splice ships. */
const BRACE_BODIES = new Set([
  "statement_block", "class_body", "interface_body", "enum_body", "block", "declaration_list", "field_declaration_list",
  "enum_variant_list", "compound_statement", "interface_type", "constructor_body", "function_body", "enum_class_body",
  "annotation_type_body", "enum_member_declaration_list"
])

/**
 * The definition's body: for Python the indented block of the definition itself; for the others
 * the braces of a body node whose `}` ends the definition (a `;` may follow). Undefined when it
 * has none (a signature, an abstract method, an expression-bodied arrow function, a constant).
 */
export const bodyOf = (site: Site, def: Definition) =>
  Effect.gen(function*() {
    const syntax = yield* Syntax
    const text = site.target.content.text
    const { core, end } = def.parts
    if (site.grammar.language === "python") {
      // Neither query looks at comments: parsed without the runs tree-sitter-python is quadratic on.
      const code = blankCommentRuns(text)
      const blocks = (yield* syntax.query(site.grammar, code, "(_ body: (block) @body) @owner"))
        .map((m) => ({ owner: m.find((c) => c.name === "owner")!, body: m.find((c) => c.name === "body")! }))
        .filter((m) => m.owner.start >= core && m.owner.end <= end)
        .sort((a, b) => a.owner.start - b.owner.start || b.owner.end - a.owner.end)
      const b = blocks[0]
      if (b === undefined) return undefined
      const doc = (yield* syntax.query(site.grammar, code, "(block . (expression_statement (string)) @doc) @block"))
        .map((m) => ({ block: m.find((c) => c.name === "block")!, doc: m.find((c) => c.name === "doc")! }))
        .find((m) => m.block.start === b.body.start && m.block.end === b.body.end)
      return { kind: "block", start: blockWithComments(site.lines, b.body.start), end: b.body.end, ...(doc !== undefined ? { docEnd: doc.doc.end } : {}) } satisfies Body as Body
    }
    const tail = (close: number) => /^[\s;]*$/.test(text.slice(close + 1, end))
    const pairs = (yield* syntax.query(site.grammar, text, `(_ "{" @open "}" @close) @owner`))
      .map((m) => ({ owner: m.find((c) => c.name === "owner")!, open: m.find((c) => c.name === "open")!, close: m.find((c) => c.name === "close")! }))
      .filter((m) => BRACE_BODIES.has(m.owner.type) && m.open.start >= core && m.close.end <= end && tail(m.close.start))
      .sort((a, b) => b.close.start - a.close.start || a.open.start - b.open.start)
    const p = pairs[0]
    return p === undefined ? undefined : ({ kind: "braces", open: p.open.start, close: p.close.start } satisfies Body as Body)
  })

/**
 * Other definitions in [start, end) that are not inside this one: declared with it (Go's
 * `const ( A = 1; B = 2 )` is one span for A and for B), so changing its text changes theirs. The
 * definitions around it (its class) and inside it (its methods) are not: their spans hold its span
 * or lie within it, and differ from it.
 */
export const declaredWith = (site: Site, def: Definition, start: number, end: number): ReadonlyArray<SymbolFact> => {
  const own = def.symbol === undefined ? { a: def.parts.core, b: def.parts.end } : { a: site.index(def.symbol.startByte), b: site.index(def.symbol.endByte) }
  return site.facts.symbols.filter((s) => {
    if (s === def.symbol) return false
    const a = site.index(s.startByte)
    const b = site.index(s.endByte)
    if (b <= start || a >= end) return false
    const larger = a < own.a || b > own.b
    const smaller = a > own.a || b < own.b
    // Around it (its class) or inside it (its methods); the same span is a declaration shared.
    return !((a <= own.a && b >= own.b && larger) || (a >= own.a && b <= own.b && smaller))
  })
}
