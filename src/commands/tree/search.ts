/**
 * `splice search`: the lines of the tree that match a pattern, as ripgrep finds them — .gitignore
 * honoured, binary files skipped, hidden names skipped unless asked — streamed while the walk goes
 * on (one write per run of a directory's files), then a summary.
 */
import * as Effect from "effect/Effect"
import { spliceError } from "../../domain/SpliceError.js"
import { type CompiledPattern, compilePattern, type PatternOptions } from "../../domain/search/pattern.js"
import { type FoundLine, scanBytes } from "../../domain/search/scan.js"
import type { EventLine } from "../../schema/outputs.js"
import { Output } from "../../../services/Output.js"
import { scanTree } from "./scanTree.js"
import type { WalkOptions } from "./walk.js"

export interface SearchConfig extends PatternOptions, WalkOptions {
  readonly pattern: string
  readonly context: number
  readonly filesWithMatches: boolean
  readonly count: boolean
  readonly maxCount?: number
  /** Stop after this many matching lines in all (files with --files-with-matches or --count). */
  readonly limit?: number
}

/** The pattern compiled, or the coded refusal (empty, invalid regex, a newline a line never holds). */
export const compileOrRefuse = (pattern: string, options: PatternOptions, lineOriented: boolean) => {
  if (lineOriented && pattern.includes("\n")) {
    return Effect.fail(spliceError("SPL-E100", "the pattern holds a newline, which no line does: splice search matches line by line", {
      context: { pattern, reason: "newline", detail: "a line never holds a newline" }
    }))
  }
  const compiled = compilePattern(pattern, options)
  if (compiled.ok) return Effect.succeed(compiled.pattern)
  return Effect.fail(compiled.reason === "empty"
    ? spliceError("SPL-E101", "the pattern is empty: it would match everywhere", { context: { parameter: "pattern" } })
    : spliceError("SPL-E100", `invalid regular expression /${pattern}/: ${compiled.message}`, { context: { pattern, reason: "invalid_regex", detail: compiled.message } }))
}

const usage = (message: string, flag: string) => Effect.fail(spliceError("SPL-E010", message, { context: { flag } }))

/** rg-style human lines of one file: `N:text` for matches, `N-text` for context, `--` between groups of context. */
const humanLines = (file: string, lines: ReadonlyArray<FoundLine>, first: boolean, context: boolean) => {
  let s = first ? "" : "\n"
  s += `${file}\n`
  let previous = 0
  for (const l of lines) {
    if (context && previous !== 0 && l.line > previous + 1) s += "--\n"
    s += `${l.line}${l.kind === "match" ? ":" : "-"}${l.text}\n`
    previous = l.line
  }
  return s
}

const eventsOf = (file: string, lines: ReadonlyArray<FoundLine>): EventLine[] =>
  lines.map((l): EventLine => l.kind === "match"
    ? { type: "match", file, line: l.line, column: l.column, offset: l.offset, text: l.text, submatches: l.submatches }
    : { type: "context", file, line: l.line, offset: l.offset, text: l.text })

export const search = (config: SearchConfig) =>
  Effect.gen(function*() {
    const started = Date.now()
    const output = yield* Output
    if (config.count && config.filesWithMatches) return yield* usage("--count and --files-with-matches cannot be used together", "count")
    if (config.maxCount !== undefined && config.maxCount < 1) return yield* usage("--max-count takes a number of lines, 1 or more", "max-count")
    if (config.context < 0) return yield* usage("--context takes a number of lines, 0 or more", "context")
    if (config.limit !== undefined && config.limit < 1) return yield* usage("--limit takes a number, 1 or more", "limit")
    const pattern: CompiledPattern = yield* compileOrRefuse(config.pattern, config, true)
    const context = config.count || config.filesWithMatches ? 0 : config.context
    const maxLines = config.filesWithMatches ? 1 : config.maxCount
    const perFile = { context, ...(maxLines !== undefined ? { maxLines } : {}) }
    const byFile = config.count || config.filesWithMatches

    let searched = 0
    let matchedFiles = 0
    let matchedLines = 0
    let matches = 0
    let binary = 0
    /** What --limit has left: lines (or files), or undefined without a limit. */
    const left = () => config.limit === undefined ? undefined : config.limit - (byFile ? matchedFiles : matchedLines)
    const notes: string[] = []
    let events: EventLine[] = []
    let human = ""
    // What the last run of files found, written at once.
    const flush = Effect.suspend(() => {
      const written = output.events(events, human)
      events = []
      human = ""
      return Effect.zipRight(Effect.forEach(notes.splice(0), output.log), written)
    })

    const { skipped } = yield* scanTree(config, (file, read) => {
      const rel = file.path.relative
      searched++
      if (read.kind === "binary") {
        binary++
        if (file.explicit) notes.push(`splice: ${rel} is binary: not searched`)
        return
      }
      const remaining = left()
      const limits = remaining === undefined || byFile ? perFile : { context, maxLines: Math.min(remaining, maxLines ?? remaining) }
      const found = scanBytes(read.bytes, pattern, limits)
      if (found.matchedLines === 0) return
      matchedFiles++
      matchedLines += found.matchedLines
      matches += found.matches
      if (config.filesWithMatches) {
        events.push({ type: "file", file: rel })
        human += `${rel}\n`
      } else if (config.count) {
        events.push({ type: "count", file: rel, count: found.matchedLines, matches: found.matches })
        human += `${rel}:${found.matchedLines}\n`
      } else {
        for (const e of eventsOf(rel, found.lines)) events.push(e)
        human += humanLines(rel, found.lines, matchedFiles === 1, context > 0)
      }
    }, flush, () => (left() ?? 1) <= 0)

    const limit = (left() ?? 1) <= 0 ? config.limit : undefined
    return yield* output.result("search", {
      pattern: config.pattern,
      regex: config.regex,
      files_searched: searched,
      files_matched: matchedFiles,
      matched_lines: matchedLines,
      matches,
      binary_skipped: binary,
      truncated: (left() ?? 1) <= 0,
      skipped,
      elapsed_ms: Date.now() - started
    }, config.count || config.filesWithMatches ? "" : (t) => `${matchedFiles > 0 ? "\n" : ""}${t.summary.searched(matches, matchedLines, matchedFiles, searched, binary, limit)}\n`)
  })
