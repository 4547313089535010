/**
 * `splice dead-code [--path P]`: symbols nothing in the workspace refers to, each with why it is
 * considered dead. A use known only by name counts as a use (the graph cannot rule it out); entry
 * points are not dead: tests, `main` and protocol methods, what package.json's entry files export.
 */
import * as Effect from "effect/Effect"
import type { SymbolKind } from "../../domain/graph/facts.js"
import { entryFiles, isProtocolMember, isTestFile } from "../../domain/graph/entryPoints.js"
import { spliceError } from "../../domain/SpliceError.js"
import { userPath } from "../../domain/workspacePath.js"
import { FileStore } from "../../../services/FileStore.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { SCRIPT_LANGUAGES } from "./fileFacts.js"
import { refreshGraph } from "./refresh.js"

export interface DeadCodeConfig {
  readonly path?: string
  /** Also list exported symbols no file of the workspace uses (a library's API may be used elsewhere). */
  readonly includeExported: boolean
}

interface Row {
  id: number
  name: string
  kind: SymbolKind
  qualified_name: string
  signature: string
  exported: number
  file: string
  start_line: number
  end_line: number
  language: string
  container_kind: string | null
}

export const deadCodeCommand = (config: DeadCodeConfig) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const store = yield* FileStore
    const output = yield* Output
    yield* refreshGraph({ full: false, progress: true })
    let under: string | undefined
    if (config.path !== undefined) {
      const p = yield* store.resolve(userPath(config.path))
      under = p.relative === "" ? undefined : p.relative
      const known = yield* db.all<{ n: number }>("SELECT count(*) AS n FROM files WHERE path = ? OR path LIKE ? ESCAPE '\\'", [p.relative, `${p.relative.replace(/[\\%_]/g, "\\$&")}/%`])
      if (under !== undefined && known[0]!.n === 0) {
        return yield* Effect.fail(spliceError("SPL-E020", `no indexed file under ${p.relative}`, { context: { file: p.relative } }))
      }
    }
    // Entry files named by each package.json of the workspace.
    const entries = new Set<string>()
    for (const pj of yield* db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'project_files'")) {
      for (const [rel] of JSON.parse(pj.value) as Array<[string]>) {
        if (!rel.endsWith("package.json")) continue
        const dir = rel.includes("/") ? rel.slice(0, rel.lastIndexOf("/")) : ""
        const text = new TextDecoder().decode(yield* store.read(yield* store.locate(rel as never)))
        for (const f of entryFiles(text, dir)) entries.add(f)
      }
    }
    // A use with no target counts for every symbol of its name in a language that can reach it (as refs counts them).
    const scripts = [...SCRIPT_LANGUAGES].map((l) => `'${l}'`).join(", ")
    const rows = yield* db.all<Row>(
      `SELECT s.id, s.name, s.kind, s.qualified_name, s.signature, s.exported, f.path AS file, s.start_line, s.end_line, f.language,
         CASE WHEN s.container IS NULL THEN NULL ELSE (SELECT c.kind FROM symbols c WHERE c.file_id = s.file_id AND c.qualified_name = s.container LIMIT 1) END AS container_kind
       FROM symbols s JOIN files f ON f.id = s.file_id
       WHERE NOT EXISTS (SELECT 1 FROM refs r WHERE r.symbol_id = s.id)
         AND NOT EXISTS (SELECT 1 FROM refs r JOIN names n ON n.id = r.name_id JOIN files rf ON rf.id = r.file_id
           WHERE r.symbol_id IS NULL AND n.text = s.name AND (rf.language = f.language OR (rf.language IN (${scripts}) AND f.language IN (${scripts}))))
       ORDER BY f.path, s.start_byte`)
    const dead: Array<Row & { reason: string }> = []
    let skipped = { tests: 0, entry_points: 0, protocol: 0, exported: 0 }
    for (const r of rows) {
      if (under !== undefined && r.file !== under && !r.file.startsWith(under + "/")) continue
      if (isTestFile(r.file)) {
        skipped = { ...skipped, tests: skipped.tests + 1 }
        continue
      }
      // A getter or setter is read as a property (`x.path`), which the graph does not record on unknown
      // receivers; so is a TS/JS property or enum member (`Color[name]`, `options.retry`), or a Go
      // struct field (`boxes[i].Size`, `a.b.Size`, a struct converted or embedded).
      const unrecordedReads = (r.kind === "method" && /^(static\s+)?(get|set)\s/.test(r.signature)) ||
        ((SCRIPT_LANGUAGES.has(r.language) || r.language === "go") && (r.kind === "property" || r.container_kind === "enum"))
      if (isProtocolMember(r.name, r.kind) || unrecordedReads) {
        skipped = { ...skipped, protocol: skipped.protocol + 1 }
        continue
      }
      if (r.exported === 1 && entries.has(r.file)) {
        skipped = { ...skipped, entry_points: skipped.entry_points + 1 }
        continue
      }
      if (r.exported === 1 && !config.includeExported) {
        skipped = { ...skipped, exported: skipped.exported + 1 }
        continue
      }
      dead.push({
        ...r,
        reason: r.exported === 1
          ? "exported, but no file of the workspace imports or uses it"
          : `no reference to it anywhere in the workspace${r.kind === "method" ? " (not even a call by name)" : ""}`
      })
    }
    for (const d of dead) {
      yield* output.event(
        { type: "dead", name: d.name, kind: d.kind, qualified_name: d.qualified_name, file: d.file, line: d.start_line, end_line: d.end_line, exported: d.exported === 1, reason: d.reason },
        (t) => t.graph.dead(d.file, d.start_line, d.kind, d.qualified_name, d.exported === 1)
      )
    }
    const lines = dead.reduce((n, d) => n + d.end_line - d.start_line + 1, 0)
    return yield* output.result("dead-code", { count: dead.length, lines, skipped, ...(under !== undefined ? { path: under } : {}) },
      (t) => t.graph.deadSummary(dead.length, lines, skipped, config.includeExported))
  })
