/**
 * `splice refs NAME`: the definition, its references (each exact — resolved through imports or
 * scope — or by name only), its callers and its callees. Several definitions of the name are
 * SPL-E002 unless --file or --kind narrows them to one.
 */
import * as Effect from "effect/Effect"
import type { Catalog } from "../../domain/locale/index.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { SYMBOL_COLUMNS, symbolJson, type SymbolRow } from "./find.js"
import { inFamily } from "./languageFamily.js"
import { memberTextUses } from "./memberText.js"
import { resolveSymbol } from "./resolveSymbol.js"
import { refreshGraph } from "./refresh.js"
import type { RefKind } from "../../domain/graph/facts.js"
import { CALL, NAME_ID, refKindText, resolutionCode, resolutionText } from "../../domain/graph/schema.js"

export interface RefsConfig {
  readonly name: string
  readonly file?: string
  readonly kind?: string
}

/** Declarations that are values only (a class is a type too, a namespace a scope of its own). */
const VALUE_KINDS: ReadonlySet<string> = new Set(["function", "variable", "constant"])

export const refsCommand = (config: RefsConfig) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const output = yield* Output
    yield* refreshGraph({ full: false, progress: true })
    const def = yield* resolveSymbol(config)
    // Values of the same name declared in the same file are one name (`exports.f = f` of `function f`,
    // which its importers resolve to): their references are the definition's. Only values: an
    // interface and the namespace or const of its name are one name for TypeScript's rename, but
    // their uses are apart (a type's, a namespace's, a value's), as findReferences lists them.
    const sameValue = VALUE_KINDS.has(def.kind)
      ? yield* db.all<{ id: number }>(
        `SELECT id FROM symbols WHERE file_id = (SELECT file_id FROM symbols WHERE id = ?) AND qualified_name = ? AND kind IN (${[...VALUE_KINDS].map(() => "?").join(", ")})`,
        [def.id, def.qualified_name, ...VALUE_KINDS]
      )
      : []
    const ids = new Set(sameValue.map((m) => m.id).concat(def.id))
    const family = inFamily("f.language", def.language)
    const refs = yield* db.all<{ file: string; line: number; col: number; kind: RefKind; resolution: "exact" | "name"; symbol_id: number | null; enclosing: string | null; enclosing_file: string | null }>(
      `SELECT f.path AS file, r.line, r.col, ${refKindText("r.kind")} AS kind, ${resolutionText("r.resolution")} AS resolution, r.symbol_id, e.qualified_name AS enclosing, ef.path AS enclosing_file
       FROM refs r JOIN files f ON f.id = r.file_id LEFT JOIN symbols e ON e.id = r.enclosing_symbol_id LEFT JOIN files ef ON ef.id = e.file_id
       WHERE r.symbol_id IN (${[...ids].map(() => "?").join(", ")}) OR (r.symbol_id IS NULL AND r.name_id = ${NAME_ID} AND r.resolution = ${resolutionCode("name")} AND ${family.sql}) ORDER BY f.path, r.line, r.col`, [...ids, def.name, ...family.params])
    const all = refs.map((r) => ({ file: r.file, line: r.line, col: r.col, kind: r.kind, resolution: r.symbol_id !== null && ids.has(r.symbol_id) ? r.resolution : "name" as const, in: r.enclosing }))
    const references = all.filter((r) => r.resolution === "exact")
    // A member's uses the graph has no record of (`items[0].lane`, a read on a value of inferred type):
    // found as text, as delete and rename find them, so that refs never says "none" where they say some.
    const text = def.container === null ? [] : yield* memberTextUses(def.language, def.name, {
      known: new Set(all.map((r) => `${r.file}:${r.line}:${r.col}`)),
      skipLine: { file: def.file, line: def.start_line },
      of: ids
    })
    const byName = [
      ...all.filter((r) => r.resolution === "name"),
      ...text.map((u) => ({ file: u.file, line: u.line, col: u.col, kind: "text" as const, resolution: "name" as const, in: null }))
    ].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.col - b.col))
    const callers = [...new Map(refs.filter((r): r is typeof r & { enclosing: string; enclosing_file: string } => r.kind === "call" && r.enclosing !== null).map((r) => [`${r.enclosing_file}:${r.enclosing}`, {
      name: r.enclosing, file: r.enclosing_file, resolution: r.symbol_id !== null && ids.has(r.symbol_id) ? r.resolution : "name"
    }])).values()]
    const calleeRows = yield* db.all<SymbolRow & { resolution: "exact" | "name"; call_line: number }>(
      `SELECT ${SYMBOL_COLUMNS}, ${resolutionText("r.resolution")} AS resolution, r.line AS call_line FROM refs r JOIN symbols s ON s.id = r.symbol_id JOIN files f ON f.id = s.file_id
       WHERE r.enclosing_symbol_id = ? AND r.kind = ${CALL} ORDER BY r.line`, [def.id])
    const callees = [...new Map(calleeRows.map((c) => [c.id, { name: c.qualified_name, kind: c.kind, file: c.file, line: c.start_line, resolution: c.resolution }])).values()]
    const human = (t: Catalog) => {
      const line = (r: { file: string; line: number; col: number; kind: string; in: string | null }) => t.graph.reference(r.file, r.line, r.col, r.kind, r.in)
      return t.graph.refs(def.kind, def.qualified_name, def.file, def.start_line, def.signature) +
        t.graph.refsReferences(references.length) + references.map(line).join("") +
        (byName.length > 0 ? t.graph.refsByName(byName.length) + byName.map(line).join("") : "") +
        t.graph.refsCalls(callers.map((c) => c.name), callees.map((c) => c.name))
    }
    return yield* output.result("refs", { definition: symbolJson(def), references, by_name: byName, callers, callees }, human)
  })
