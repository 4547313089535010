/**
 * `splice delete --file F --symbol S [--force]`: a definition removed with its doc comment and
 * decorators and one of the blank runs around it, refused (SPL-E143) while the code graph,
 * refreshed first, knows uses of it or of a definition inside it elsewhere, unless --force.
 */
import type { Catalog } from "../../domain/locale/catalog.js"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import { byteOffsets } from "../../domain/graph/offsets.js"
import { NAME_ID, refKindText, resolutionCode, resolutionText } from "../../domain/graph/schema.js"
import { spliceError, type SpliceError } from "../../domain/SpliceError.js"
import { leavesBlockEmpty, ownsLines, removeSpan, replaceWithPass } from "../../domain/symbolEdit/edits.js"
import { applyReplacement, lineAt } from "../../domain/symbolEdit/textLines.js"
import type { FileStore } from "../../../services/FileStore.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { inFamily } from "../graph/languageFamily.js"
import { memberTextUses, rustMacroTextUses } from "../graph/memberText.js"
import type { Hasher } from "../../../services/Hasher.js"
import { Output } from "../../../services/Output.js"
import type { Syntax } from "../../../services/Syntax.js"
import type { GraphReport } from "../graphAfterWrite.js"
import { refreshGraph, refreshPaths } from "../graph/refresh.js"
import { refuseShared } from "./patch.js"
import { type Definition, describe, symbolName, findDefinition, type Site } from "./site.js"
import { type AfterCommit, changedOutcome, type SymbolChange, type SymbolWriteConfig, writeSymbol } from "./writeSymbol.js"

export interface DeleteConfig extends SymbolWriteConfig {
  readonly symbol: string
  readonly kind?: string
  /** Delete even while uses exist (they are listed in the result). */
  readonly force: boolean
}

interface Use {
  readonly file: string
  readonly line: number
  readonly col: number
  readonly kind: string
}

type DeleteFields = {
  readonly doc_comment: boolean
  readonly decorators: boolean
  readonly references: ReadonlyArray<Use>
  readonly by_name: ReadonlyArray<Use>
  readonly forced: boolean
  readonly placeholder?: "pass"
}

/** Error lists stop here; the totals say how many there were. */
const LISTED = 100

/**
 * The uses the graph knows of the definition and of every definition inside [start, end) of its
 * file, outside that text: resolved to one of them (exact), or matching the definition's own name
 * only (by name; the names of what it contains are left out, or every `x.get()` of the workspace
 * would hold up deleting a class with a `get` method).
 */
const usesOf = (site: Site, def: Definition, start: number, end: number) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const file = site.target.path.relative
    const indexed = yield* db.all<{ id: number; hash: string; language: string }>("SELECT id, hash, language FROM files WHERE path = ?", [file])
    if (indexed.length === 0) return undefined
    if (indexed[0]!.hash !== site.target.checksum) {
      return yield* Effect.fail(spliceError("SPL-E142", `${file} changed after the code graph was refreshed; nothing written`, {
        context: { file, line: lineAt(site.lines, def.parts.core) + 1, expected: site.target.checksum, found: indexed[0]!.hash }
      }))
    }
    const toByte = byteOffsets(site.target.content.text)
    const [a, b] = [toByte(start), toByte(end)]
    const inside = yield* db.all<{ id: number }>("SELECT id FROM symbols WHERE file_id = ? AND start_byte >= ? AND end_byte <= ?", [indexed[0]!.id, a, b])
    const ids = new Set(inside.map((s) => s.id))
    // Uses by name count in the languages that can reach this file's definitions only (as refs counts them).
    const family = inFamily("f.language", indexed[0]!.language)
    const rows = yield* db.all<{ file: string; file_id: number; line: number; col: number; kind: string; start_byte: number; symbol_id: number | null; resolution: "exact" | "name" }>(
      `SELECT f.path AS file, r.file_id, r.line, r.col, ${refKindText("r.kind")} AS kind, r.start_byte, r.symbol_id, ${resolutionText("r.resolution")} AS resolution FROM refs r JOIN files f ON f.id = r.file_id
       WHERE r.symbol_id IN (${[...ids].map(() => "?").join(", ") || "NULL"}) OR (r.symbol_id IS NULL AND r.resolution = ${resolutionCode("name")} AND r.name_id = ${NAME_ID} AND ${family.sql})
       ORDER BY f.path, r.line, r.col`, [...ids, def.name, ...family.params])
    const outside = rows.filter((r) => r.file_id !== indexed[0]!.id || r.start_byte < a || r.start_byte >= b)
    const use = (r: (typeof rows)[number]): Use => ({ file: r.file, line: r.line, col: r.col, kind: r.kind })
    const exact = (r: (typeof rows)[number]) => r.symbol_id !== null && ids.has(r.symbol_id) && r.resolution === "exact"
    const references = outside.filter(exact).map(use)
    const byName = outside.filter((r) => !exact(r)).map(use)
    const known = new Set(rows.map((r) => `${r.file}:${r.line}:${r.col}`))
    const read = def.container !== null
      ? (yield* memberTextUses(site.grammar.language, def.name, { known, skip: { file, a, b }, bytes: new Map([[file, site.target.bytes]]), of: ids }))
        .map((u): Use => ({ file: u.file, line: u.line, col: u.col, kind: "text" }))
      : []
    // Rust: macro_rules! bodies are tokens the graph does not read; the name there may be a use.
    const inMacros = site.grammar.language === "rust"
      ? (yield* rustMacroTextUses(def.name, { known, bytes: new Map([[file, site.target.bytes]]) })).map((u): Use => ({ file: u.file, line: u.line, col: u.col, kind: "text" }))
      : []
    return { references, byName: [...byName, ...read, ...inMacros].sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line || x.col - y.col)) }
  })

const planDelete = (config: DeleteConfig) => (site: Site): Effect.Effect<SymbolChange<DeleteFields>, SpliceError, GraphDb | Syntax | FileStore> =>
  Effect.gen(function*() {
    const def = yield* findDefinition(site, config.symbol, config.kind)
    const file = site.target.path.relative
    const { start, end } = def.parts
    yield* refuseShared(site, def, start, end)
    const uses = yield* usesOf(site, def, start, end)
    if (uses === undefined && !config.force) {
      return yield* Effect.fail(spliceError("SPL-E010", `${file} is not in the code graph (ignored, or too large to index), so its uses cannot be checked`, {
        hint: "Pass --force to delete it without the check.",
        context: { file, flag: "force" }
      }))
    }
    const references = uses?.references ?? []
    const byName = uses?.byName ?? []
    if (references.length + byName.length > 0 && !config.force) {
      const all = [...references, ...byName.map((u) => ({ ...u, byName: true }))]
      const shown = all.slice(0, 5).map((u) => `${u.file}:${u.line}${"byName" in u ? " (by name)" : ""}`).join(", ")
      return yield* Effect.fail(spliceError("SPL-E143", `${describe(def)} is still used: ${references.length} reference(s)${byName.length > 0 ? ` and ${byName.length} use(s) by name only` : ""}, at ${shown}${all.length > 5 ? `, … (${all.length - 5} more)` : ""}; nothing written`, {
        context: {
          name: def.name,
          qualified_name: def.qualifiedName,
          file,
          references: references.slice(0, LISTED),
          by_name: byName.slice(0, LISTED),
          references_total: references.length,
          by_name_total: byName.length
        }
      }))
    }
    // Python: a block's only statement gives way to `pass` (an empty block is an IndentationError).
    const [first, last] = [lineAt(site.lines, start), lineAt(site.lines, Math.max(start, end - 1))]
    const pass = site.grammar.language === "python" && ownsLines(site.lines, start, end) && leavesBlockEmpty(site.lines, first, last)
    const planned = pass ? replaceWithPass(site.lines, first, last) : removeSpan(site.lines, start, end)
    const left = references.length + byName.length
    return {
      def,
      text: applyReplacement(site.target.content.text, planned.replacement),
      lines: planned.lines,
      fields: { doc_comment: def.parts.docComment, decorators: def.parts.decorators, references, by_name: byName, forced: config.force && left > 0, ...(pass ? { placeholder: "pass" as const } : {}) },
      summary: (t: Catalog) => t.symbol.deleted(symbolName(def)),
      ...(left > 0 || pass ? { note: (t: Catalog) => [...(left > 0 ? [t.symbol.usesLeft(left)] : []), ...(pass ? [t.symbol.passLeft] : [])].join("; ") } : {})
    }
  })

/** The graph is open already: the file is refreshed in it; a failure is reported, not raised (the delete is committed). */
const refreshAfter: AfterCommit<GraphDb | Syntax | FileStore | Hasher | Output> = (paths) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const started = Date.now()
    const graph = yield* refreshPaths(paths).pipe(
      Effect.map((s): GraphReport => ({ db: db.location.path, refreshed: s.changed, removed: s.removedFiles, ms: Date.now() - started })),
      Effect.catchAllCause((cause) => {
        if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
        const e = Cause.failureOption(cause)
        return Effect.succeed<GraphReport>({ db: db.location.path, error: e._tag === "Some" ? { code: e.value.code, message: e.value.message } : { code: "SPL-E099", message: "internal error" } })
      })
    )
    const t = (yield* Output).catalog
    return { fields: { graph }, human: "refreshed" in graph ? `${t.verdict.graphRefreshed(graph.refreshed.length, graph.removed.length, graph.ms)}\n` : "" }
  })

export const deleteSymbol = (config: DeleteConfig) =>
  Effect.gen(function*() {
    yield* refreshGraph({ full: false, progress: true })
    const { outcome, human } = yield* writeSymbol("delete", config, planDelete(config), refreshAfter)
    if (!changedOutcome(outcome)) return yield* Effect.dieMessage("delete changed nothing")
    return yield* (yield* Output).result("delete", outcome, human)
  })
