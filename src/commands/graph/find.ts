/** `splice find NAME`: symbols by exact name, glob (`*`, `?`) or fuzzy match, with spans. */
import type { SymbolKind } from "../../domain/graph/facts.js"
import * as Effect from "effect/Effect"
import { spliceError } from "../../domain/SpliceError.js"
import { diceSimilarity, similarNames } from "../../domain/similarity.js"
import { userPath } from "../../domain/workspacePath.js"
import { FileStore } from "../../../services/FileStore.js"
import { GraphDb, type SqlValue } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { refreshGraph } from "./refresh.js"

export interface FindConfig {
  readonly name: string
  readonly kind?: string
  readonly file?: string
  readonly exported: boolean
  readonly fuzzy: boolean
  readonly limit: number
}

export interface SymbolRow {
  id: number
  name: string
  kind: SymbolKind
  container: string | null
  qualified_name: string
  signature: string
  parameters: string | null
  return_type: string | null
  exported: number
  file: string
  language: string
  start_line: number
  start_col: number
  end_line: number
  end_col: number
  start_byte: number
  end_byte: number
  /** JSON: every signature of an overloaded function or method. */
  overloads: string | null
}

export const SYMBOL_COLUMNS = "s.id, s.name, s.kind, s.container, s.qualified_name, s.signature, s.parameters, s.return_type, s.exported, f.path AS file, f.language, s.start_line, s.start_col, s.end_line, s.end_col, s.start_byte, s.end_byte, s.overloads"

export const symbolJson = (s: SymbolRow) => ({
  name: s.name,
  kind: s.kind,
  qualified_name: s.qualified_name,
  container: s.container,
  file: s.file,
  language: s.language,
  signature: s.signature,
  parameters: s.parameters,
  return_type: s.return_type,
  exported: s.exported === 1,
  span: { start_line: s.start_line, start_col: s.start_col, end_line: s.end_line, end_col: s.end_col, start_byte: s.start_byte, end_byte: s.end_byte },
  ...(s.overloads !== null ? { overloads: JSON.parse(s.overloads) as Array<string> } : {})
})

/**
 * The names a symbol matching `query` by name or qualified name can have: the query itself and every
 * part of it after a character that cannot end a separator-free name (`Option.flatMap` → `flatMap`,
 * `a::b::c` → `b::c`, `:b::c`, `c`, …). A qualified name is the container, the language's
 * separator (`.`, `::`, `\`, `#`) and the name, so the name is one of them.
 */
export const nameCandidates = (query: string): string[] => {
  const out = new Set([query])
  for (let i = 1; i < query.length; i++) if (!/[\p{L}\p{N}_$]/u.test(query[i - 1]!)) out.add(query.slice(i))
  return [...out]
}

const globToLike = (g: string) => g.replace(/[%_\\]/g, "\\$&").replace(/\*/g, "%").replace(/\?/g, "_")

/**
 * Up to five known names most like `name`, for "did you mean"; for a qualified name (`Box.sise`),
 * the members of its container that are most like it come first (`Box.size`).
 */
export const didYouMean = (name: string) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const split = /^(.+?)(\.|::)([^.:]+)$/.exec(name)
    const members = split === null ? [] : (yield* db.all<{ qualified_name: string }>("SELECT DISTINCT qualified_name FROM symbols WHERE container = ?", [split[1]!])).map((r) => r.qualified_name)
    const close = similarNames(name, members)
    return [...new Set([...close, ...similarNames(name, (yield* db.all<{ name: string }>("SELECT DISTINCT name FROM symbols")).map((r) => r.name))])].slice(0, 5)
  })

export const findSymbols = (config: FindConfig) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const where: string[] = []
    const params: SqlValue[] = []
    const glob = /[*?]/.test(config.name)
    if (glob) {
      where.push("s.name LIKE ? ESCAPE '\\'")
      params.push(globToLike(config.name))
    } else if (!config.fuzzy) {
      // qualified_name has no index: without `s.name IN (…)` the OR scans every symbol (15–86 ms on
      // effect's graph at load ~11, against ~1 ms). A qualified name ends with the name after a separator.
      const names = nameCandidates(config.name)
      where.push(`s.name IN (${names.map(() => "?").join(", ")}) AND (s.name = ? OR s.qualified_name = ?)`)
      params.push(...names, config.name, config.name)
    }
    if (config.kind !== undefined) {
      where.push("s.kind = ?")
      params.push(config.kind)
    }
    // The file as typed (from the current directory), else as a workspace path, else a path suffix.
    let exactPaths: ReadonlyArray<string> = []
    if (config.file !== undefined) {
      const store = yield* FileStore
      const typed = yield* Effect.option(store.resolve(userPath(config.file)))
      const suffix = config.file.replace(/^(\.\/)+/, "").replace(/[\\%_]/g, (c) => `\\${c}`)
      exactPaths = [typed._tag === "Some" ? typed.value.relative : config.file, config.file]
      where.push("(f.path = ? OR f.path = ? OR f.path LIKE ? ESCAPE '\\')")
      params.push(...exactPaths, `%/${suffix}`)
    }
    if (config.exported) where.push("s.exported = 1")
    const rows = yield* db.all<SymbolRow>(
      `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id ${where.length > 0 ? "WHERE " + where.join(" AND ") : ""} ORDER BY f.path, s.start_byte`, params)
    // `--file addDays.js` means that file, not also fp/addDays.js: a suffix counts only when no path is equal.
    const exact = rows.filter((r) => exactPaths.includes(r.file))
    if (exact.length > 0 && exact.length < rows.length) rows.splice(0, rows.length, ...exact)
    if (!config.fuzzy) return rows
    // Fuzzy: every letter of the query in order (a subsequence), ranked by similarity.
    const q = config.name.toLowerCase()
    const subsequence = (s: string) => {
      let i = 0
      for (const c of s.toLowerCase()) if (c === q[i]) i++
      return i === q.length
    }
    return rows.filter((r) => subsequence(r.name)).map((r) => ({ r, score: diceSimilarity(r.name.toLowerCase(), q) }))
      .sort((a, b) => b.score - a.score).map((x) => x.r)
  })

export const findCommand = (config: FindConfig) =>
  Effect.gen(function*() {
    const output = yield* Output
    yield* refreshGraph({ full: false, progress: true })
    if (!Number.isInteger(config.limit) || config.limit < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `--limit must be a positive integer (got ${config.limit})`, { context: { limit: config.limit } }))
    }
    const all = yield* findSymbols(config)
    const rows = all.slice(0, config.limit)
    if (rows.length === 0) {
      const suggestions = yield* didYouMean(config.name)
      return yield* Effect.fail(spliceError("SPL-E001", `no symbol matches ${config.name}`, {
        ...(suggestions.length > 0 ? { hint: `Did you mean ${suggestions.join(", ")}?` } : {}),
        context: { name: config.name, did_you_mean: suggestions }
      }))
    }
    for (const r of rows) {
      yield* output.event({ type: "symbol", ...symbolJson(r) }, (t) => `${r.file}:${r.start_line}:${r.start_col}  ${t.words.kind(r.kind).padEnd(9)} ${r.qualified_name}  ${r.signature}\n`)
    }
    const truncated = all.length > rows.length
    return yield* output.result("find", { count: rows.length, total: all.length, truncated },
      truncated ? (t) => t.query.truncated(rows.length, all.length, "--limit") : "")
  })
