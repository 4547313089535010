import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { type ChangedRegion, changedRegion } from "../../src/domain/changedRegion.js"
import { extensionOf, type Grammar, grammarForPath } from "../../src/domain/languages.js"
import { type Issue, newIssues } from "../../src/domain/newIssues.js"
import { type ParseMap, spliceMap, windowOf } from "../../src/domain/parseMap.js"
import { nearestFirst, offsetOfPosition } from "../../src/domain/syntaxReport.js"
import { lineOfOffset, lineStarts } from "../../src/domain/textMatch.js"
import { ParseMaps } from "../../services/ParseMaps.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"
import { Syntax, type SyntaxIssue } from "../../services/Syntax.js"
import { type NewSyntaxError, type ValidationInput, Validator, type Verdict } from "../../services/Validator.js"
import { pythonSyntax, type PythonSyntaxError } from "./pythonParser.js"
import { scriptKindOf, TYPESCRIPT_VERSION, type TsSyntaxError, typescriptSyntaxErrors } from "./typescriptParser.js"

/**
 * The syntax gate: parse before and after, block only the errors the edit introduced. tree-sitter
 * decides alone where it is right; where it is known to be wrong, the language's own parser decides:
 * TypeScript's parser when tree-sitter blames a TS/JS edit (tree-sitter-typescript rejects valid
 * code), python3 on every Python edit (tree-sitter-python accepts indentation errors). So a TS/JS
 * edit passes when either parser finds no new error; a server, which keeps TypeScript's parses,
 * asks TypeScript first (incrementally: far cheaper there) and tree-sitter only when it blames.
 */

/** An error located in the edited text, with its message; `expected` tells errors apart for newIssues. */
interface Finding extends Issue {
  readonly message: string
}

const TS_FAMILY = new Set(["typescript", "tsx", "javascript"])

/**
 * Parse maps (src/domain/parseMap.ts) are kept for texts this long: below it a full parse costs a
 * one-shot process little. Only for grammars whose top level is a list of statements and
 * declarations, and whose window parses are checked against fresh parses (parse-window.test.ts).
 */
const MAP_MIN_CHARS = 64 * 1024
const MAPPED = new Set(["typescript", "javascript", "python", "go"])
/** The most of the old text a window may take: parsing more costs a good part of a full parse. */
const WINDOW_MAX_CHARS = 64 * 1024

const sourceLine = (text: string, line: number): string => {
  const lines = text.split(/\r\n|\r|\n/)
  const l = lines[line - 1] ?? ""
  return l.length > 200 ? l.slice(0, 200) + "…" : l
}

const position = (starts: ReadonlyArray<number>, offset: number) => {
  const line = lineOfOffset(starts, offset)
  return { line, column: offset - starts[line - 1]! + 1 }
}

const describe = (issue: SyntaxIssue, text: string): string => {
  if (issue.kind === "missing") return `missing ${JSON.stringify(issue.expected)}`
  const rest = text.slice(issue.offset, issue.offset + 40).split(/\r|\n/)[0]!.trim()
  return rest.length > 0 ? `unexpected ${JSON.stringify(rest)}` : "unexpected end of input"
}

const fromTreeSitter = (text: string) => (i: SyntaxIssue): Finding => ({ ...i, message: describe(i, text) })

const fromTypeScript = (text: string) => {
  // Only a related location needs lines (most texts have no error at all: nothing to count).
  let starts: ReadonlyArray<number> | undefined
  return (d: TsSyntaxError): Finding => {
    let message = d.message
    if (d.related !== undefined) {
      const at = position(starts ??= lineStarts(text), d.related.start)
      message += ` (${d.related.message.replace(/\.$/, "")}: line ${at.line}, column ${at.column})`
    }
    return { kind: "error", expected: `TS${d.code}`, offset: d.start, message }
  }
}

/** Python's error as a finding; Python counts lines as splice does (LF, CRLF, lone CR). */
const fromPython = (text: string, e: PythonSyntaxError): Finding => ({
  kind: "error",
  expected: `${e.type}: ${e.message}`,
  offset: offsetOfPosition(text, lineStarts(text), e.line, e.column),
  message: `${e.type}: ${e.message}`
})

/** The verdict on the errors an edit introduced: nearest to the change first, capped. */
const judged = (
  text: string,
  region: ChangedRegion,
  fresh: ReadonlyArray<Finding>,
  common: { readonly language: string; readonly parser: string; readonly preexisting: number; readonly reason?: string }
): Verdict => {
  const capped = nearestFirst(fresh, region)
  const starts = capped.shown.length === 0 ? [] : lineStarts(text)
  const errors: NewSyntaxError[] = capped.shown.map((f) => {
    const at = position(starts, f.offset)
    return { line: at.line, column: at.column, message: f.message, source: sourceLine(text, at.line) }
  })
  return {
    gate: "syntax",
    status: errors.length === 0 ? "passed" : "failed",
    language: common.language,
    parser: common.parser,
    ...(common.reason !== undefined ? { reason: common.reason } : {}),
    errors,
    ...(errors.length > 0 ? { errors_total: capped.total, errors_omitted: capped.omitted } : {}),
    preexisting: common.preexisting
  }
}

/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const makeValidator: Effect.Effect<Context.Tag.Service<Validator>, never, Syntax | ProcessRunner> = Effect.gen(function*() {
  const syntax = yield* Syntax
  const maps = Option.getOrUndefined(yield* Effect.serviceOption(ParseMaps))
  const runner = yield* ProcessRunner

  /** tree-sitter's errors the edit introduced, and how many it found in all, from fresh parses. */
  const fullParses = (grammar: Grammar, before: string | null, after: string, knownBefore?: ReadonlyArray<SyntaxIssue>) =>
    Effect.gen(function*() {
      const afterIssues = yield* syntax.issues(grammar, after)
      if (afterIssues.length === 0) return { all: 0, fresh: [] as Finding[] }
      const beforeIssues = before === null ? [] : knownBefore ?? (yield* syntax.issues(grammar, before))
      return { all: afterIssues.length, fresh: newIssues(before ?? "", beforeIssues, after, afterIssues).map(fromTreeSitter(after)) }
    })

  /**
   * The same for a big error-free text a previous check mapped: only the window around the edit is
   * parsed (src/domain/parseMap.ts says when that parse stands for the whole text's: the edited text
   * is error-free then), and the edited text's map is kept; undefined when it cannot (an error in the
   * window: judged on the whole text then).
   */
  const windowed = (grammar: Grammar, before: string, after: string, map: ParseMap, digests: ValidationInput["digests"]) =>
    Effect.gen(function*() {
      const region = changedRegion(before, after)
      const window = windowOf(map, region, WINDOW_MAX_CHARS)
      if (window === undefined) return undefined
      const part = yield* syntax.parseMap(grammar, after.slice(window.start, window.newEnd))
      const next = spliceMap(map, window, region, part)
      if (next === undefined) return undefined
      yield* maps!.keep(grammar, after, next, digests?.after)
      return { all: 0, fresh: [] as Finding[] }
    })

  /**
   * The same, cheaply: the edited text is reparsed incrementally from the original's tree (which a
   * server may still have from the previous edit), so a 1 MB file is parsed once, or not at all.
   * That answer is taken only when it finds no new error. An incremental reparse can recover from a
   * new error differently from a fresh parse (other error nodes, elsewhere), so an edit it blames
   * is judged on fresh parses: the errors reported are always a fresh parse's.
   */
  const treeSitter = (grammar: Grammar, before: string | null, after: string, digests: ValidationInput["digests"]) =>
    Effect.gen(function*() {
      if (before === null) return yield* fullParses(grammar, before, after)
      const mapping = maps !== undefined && MAPPED.has(grammar.language) && before.length >= MAP_MIN_CHARS
      const map = mapping ? yield* maps!.recall(grammar, before, digests?.before) : undefined
      if (map !== undefined) {
        const part = yield* windowed(grammar, before, after, map, digests)
        if (part !== undefined) return part
      }
      const quick = yield* syntax.editIssues(grammar, before, after, { maps: mapping })
      if (quick.maps?.before !== undefined) yield* maps!.keep(grammar, before, quick.maps.before, digests?.before)
      if (quick.maps?.after !== undefined) yield* maps!.keep(grammar, after, quick.maps.after, digests?.after)
      if (quick.before === undefined) return { all: 0, fresh: [] as Finding[] }
      if (newIssues(before, quick.before, after, quick.after).length === 0) return { all: quick.after.length, fresh: [] as Finding[] }
      // The before-errors are a fresh parse's already.
      return yield* fullParses(grammar, before, after, quick.before)
    })

  return {
    validate: (input) =>
      Effect.gen(function*() {
        if (input.mode !== "syntax") {
          const reason = input.mode === "compiler-only" ? "not run: --validate compiler runs only the compiler gate" : "disabled by --validate none"
          return { gate: "syntax", status: "skipped", reason, errors: [], preexisting: 0 } satisfies Verdict
        }
        const grammar = grammarForPath(input.path)
        if (grammar === undefined) {
          const ext = extensionOf(input.path)
          return {
            gate: "syntax",
            status: "skipped",
            reason: ext === "" ? "no grammar for files without an extension" : `no grammar for ${ext} files`,
            errors: [],
            preexisting: 0
          } satisfies Verdict
        }
        const { before, after } = input
        const beforeText = before ?? ""
        const region = changedRegion(beforeText, after)
        const kind = scriptKindOf(input.path)
        const script = TS_FAMILY.has(grammar.language) && kind !== undefined
        const typescriptParser = `typescript ${TYPESCRIPT_VERSION}`
        // A long-running process (`splice mcp`) keeps TypeScript's parse of what an edit wrote to a
        // file tree-sitter finds (false) errors in, and parses the next edit of it incrementally (~1 ms on
        // 20 KB), where tree-sitter reparses every part of the file with an error (its false
        // errors: ~10 ms on effect's Queue.ts). No new error there: the edit passes, as it would
        // below (tree-sitter's pass, or TypeScript's when tree-sitter blames). New errors: decided
        // below as in a CLI process, with these errors as TypeScript's.
        let known = script && before !== null ? yield* syntax.scriptEditErrors(input.path, before, after, "kept") : undefined
        if (known !== undefined) {
          const fresh = newIssues(beforeText, known.before.map(fromTypeScript(beforeText)), after, known.after.map(fromTypeScript(after)))
          if (fresh.length === 0) return judged(after, region, [], { language: grammar.language, parser: typescriptParser, preexisting: known.after.length })
        }
        // python3 (another process) checks a Python edit while tree-sitter parses it here.
        const [py, tree] = yield* Effect.all([
          grammar.language === "python" ? pythonSyntax(runner, input.path, before, after) : Effect.succeed(undefined),
          treeSitter(grammar, before, after, input.digests)
        ], { concurrency: "unbounded" })
        const treeVerdict = (reason?: string) =>
          judged(after, region, tree.fresh, {
            language: grammar.language,
            parser: "tree-sitter",
            preexisting: tree.all - tree.fresh.length,
            ...(reason !== undefined ? { reason } : {})
          })

        if (py !== undefined) {
          if (py.kind === "missing") return treeVerdict("python3 not found: tree-sitter's verdict only, which misses some indentation errors")
          if (py.kind === "failed_to_run") return treeVerdict(`python3 could not check the file (${py.detail}): tree-sitter's verdict only`)
          const parser = `python ${py.version}`
          if (py.after === null) return judged(after, region, [], { language: grammar.language, parser, preexisting: 0 })
          const afterError = fromPython(after, py.after)
          const fresh = newIssues(beforeText, py.before === null ? [] : [fromPython(beforeText, py.before)], after, [afterError])
          if (fresh.length > 0) return judged(after, region, fresh, { language: grammar.language, parser, preexisting: 0 })
          // Python stops at its first error, which was there before: past it, only tree-sitter can tell.
          const beyond = tree.fresh.filter((f) => f.offset > afterError.offset)
          if (beyond.length === 0) return judged(after, region, [], { language: grammar.language, parser, preexisting: 1 })
          return judged(after, region, beyond, {
            language: grammar.language,
            parser: "tree-sitter",
            preexisting: 1,
            reason: `python3 stops at an error that was already there (line ${position(lineStarts(after), afterError.offset).line}); past it, tree-sitter's verdict`
          })
        }

        // Errors tree-sitter found before the edit too (its false ones, mostly): the file's next edit
        // goes to TypeScript first. A file tree-sitter finds clean stays with tree-sitter, whose
        // incremental reparse of an error-free tree is as cheap (and needs no TypeScript loaded).
        if (known === undefined && script && before !== null && tree.all > tree.fresh.length) known = yield* syntax.scriptEditErrors(input.path, before, after, "parse")
        if (tree.fresh.length === 0 || !script) return treeVerdict()
        // tree-sitter blames the edit; TypeScript's parser has the last word on TS/JS.
        const ts = known !== undefined ? Either.right(known) : yield* Effect.either(Effect.try(() => {
          const a = typescriptSyntaxErrors(input.path, after, kind!)
          const b = a.length === 0 || before === null ? [] : typescriptSyntaxErrors(input.path, before, kind!)
          return { after: a, before: b }
        }))
        if (ts._tag === "Left") return treeVerdict(`TypeScript's parser could not be loaded (${String(ts.left.error)}): tree-sitter's verdict only`)
        const fresh = newIssues(beforeText, ts.right.before.map(fromTypeScript(beforeText)), after, ts.right.after.map(fromTypeScript(after)))
        return judged(after, region, fresh, {
          language: grammar.language,
          parser: typescriptParser,
          preexisting: ts.right.after.length - fresh.length,
          ...(fresh.length === 0 ? { reason: `tree-sitter reported ${tree.fresh.length} new error(s); TypeScript's parser finds none` } : {})
        })
      })
  }
})

export const ValidatorLive: Layer.Layer<Validator, never, Syntax | ProcessRunner> = Layer.effect(Validator, makeValidator)
