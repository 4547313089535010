/**
 * `splice impact NAME [--depth N]`: what a change to a symbol can break — the functions that use it,
 * the functions that use those, and so on to N levels, with the files and the test files among them.
 * Each step follows the graph's references (exact, or by name where the graph could not resolve a
 * use: those are marked, as refs marks them).
 */
import * as Effect from "effect/Effect"
import { NAME_ID, resolutionCode, resolutionText } from "../../domain/graph/schema.js"
import { isTestFile } from "../../domain/graph/entryPoints.js"
import type { SymbolKind } from "../../domain/graph/facts.js"
import { spliceError } from "../../domain/SpliceError.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { symbolJson } from "./find.js"
import { inFamily } from "./languageFamily.js"
import { refreshGraph } from "./refresh.js"
import { resolveSymbol } from "./resolveSymbol.js"

export interface ImpactConfig {
  readonly name: string
  readonly file?: string
  readonly kind?: string
  readonly depth: number
}

interface UseRow {
  file: string
  line: number
  resolution: "exact" | "name"
  symbol_id: number | null
  enclosing_id: number | null
  enclosing: string | null
  enclosing_kind: SymbolKind | null
  enclosing_file: string | null
  enclosing_line: number | null
  enclosing_language: string | null
}

export const impactCommand = (config: ImpactConfig) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const output = yield* Output
    if (!Number.isInteger(config.depth) || config.depth < 1 || config.depth > 20) {
      return yield* Effect.fail(spliceError("SPL-E010", `--depth must be an integer from 1 to 20 (got ${config.depth})`, { context: { flag: "depth" } }))
    }
    yield* refreshGraph({ full: false, progress: true })
    const def = yield* resolveSymbol(config)
    // A use by name counts only in a language that can reach the symbol (as refs counts them).
    const uses = (id: number, name: string, language: string) => {
      const family = inFamily("f.language", language)
      return db.all<UseRow>(
        `SELECT f.path AS file, r.line, ${resolutionText("r.resolution")} AS resolution, r.symbol_id, e.id AS enclosing_id, e.qualified_name AS enclosing, e.kind AS enclosing_kind, ef.path AS enclosing_file, e.start_line AS enclosing_line, ef.language AS enclosing_language
         FROM refs r JOIN files f ON f.id = r.file_id LEFT JOIN symbols e ON e.id = r.enclosing_symbol_id LEFT JOIN files ef ON ef.id = e.file_id
         WHERE r.symbol_id = ? OR (r.symbol_id IS NULL AND r.name_id = ${NAME_ID} AND r.resolution = ${resolutionCode("name")} AND ${family.sql}) ORDER BY f.path, r.line`, [id, name, ...family.params])
    }
    const seen = new Set<number>([def.id])
    const files = new Map<string, { depth: number; resolution: "exact" | "name" }>()
    const impacted: Array<{ name: string; kind: SymbolKind; file: string; line: number; depth: number; via: string; resolution: "exact" | "name" }> = []
    let frontier: Array<{ id: number; name: string; qualified: string; language: string; exact: boolean }> = [{ id: def.id, name: def.name, qualified: def.qualified_name, language: def.language, exact: true }]
    for (let depth = 1; depth <= config.depth && frontier.length > 0; depth++) {
      const next: typeof frontier = []
      for (const s of frontier) {
        for (const u of yield* uses(s.id, s.name, s.language)) {
          // A guess anywhere along the way makes everything after it a guess.
          const resolution = s.exact && u.symbol_id === s.id && u.resolution === "exact" ? "exact" as const : "name" as const
          const known = files.get(u.file)
          if (known === undefined || (known.resolution === "name" && resolution === "exact")) files.set(u.file, { depth: known?.depth ?? depth, resolution })
          if (u.enclosing_id === null || seen.has(u.enclosing_id)) continue
          seen.add(u.enclosing_id)
          const name = u.enclosing!.includes(".") ? u.enclosing!.slice(u.enclosing!.lastIndexOf(".") + 1) : u.enclosing!
          impacted.push({ name: u.enclosing!, kind: u.enclosing_kind!, file: u.enclosing_file!, line: u.enclosing_line!, depth, via: s.qualified, resolution })
          next.push({ id: u.enclosing_id, name, qualified: u.enclosing!, language: u.enclosing_language!, exact: resolution === "exact" })
        }
      }
      frontier = next
    }
    for (const i of impacted) {
      yield* output.event({ type: "impacted", ...i }, (t) => `${"  ".repeat(i.depth - 1)}${t.graph.impacted(i.file, i.line, i.kind, i.name, i.via, i.resolution === "name")}`)
    }
    const fileList = [...files].map(([file, f]) => ({ file, depth: f.depth, resolution: f.resolution, test: isTestFile(file) })).sort((a, b) => a.depth - b.depth || a.file.localeCompare(b.file))
    const tests = fileList.filter((f) => f.test).map((f) => f.file)
    return yield* output.result("impact", {
      definition: symbolJson(def),
      depth: config.depth,
      symbols: impacted.length,
      files: fileList,
      tests
    }, (t) => t.graph.impact(def.kind, def.qualified_name, impacted.length, fileList.length, config.depth, tests))
  })
