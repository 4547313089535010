/**
 * `splice suggest --fn-name NAME --desc TEXT [--file TARGET]`: a scaffold grounded in the graph.
 * Keywords (stop words dropped) find related functions and types by the words of their names and
 * signatures; the best-ranked ones lend the signature its parameter and return types, and the types
 * bring their imports, written relative to TARGET. With nothing related, it says so.
 */
import * as Effect from "effect/Effect"
import { buildScaffold, identifierWords, keywordsOf, type TypeUse } from "../../domain/graph/scaffold.js"
import { grammarForPath } from "../../domain/languages.js"
import { spliceError } from "../../domain/SpliceError.js"
import { FileStore } from "../../../services/FileStore.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { SYMBOL_COLUMNS, type SymbolRow } from "./find.js"
import { refreshGraph } from "./refresh.js"
import { userPath, type WorkspacePath } from "../../domain/workspacePath.js"

export interface SuggestConfig {
  readonly fnName: string
  readonly desc: string
  readonly file?: string
}

const TYPE_KINDS = new Set(["class", "interface", "struct", "type", "enum", "trait"])
const FUNCTION_KINDS = new Set(["function", "method"])

/** Type names mentioned in a parameter list or return type that the graph defines. */
const typeNamesIn = (text: string | null) => [...new Set((text ?? "").match(/\b[A-Z][A-Za-z0-9_]*\b/g) ?? [])]

export const suggestCommand = (config: SuggestConfig) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const store = yield* FileStore
    const output = yield* Output
    if (config.fnName.trim() === "") return yield* Effect.fail(spliceError("SPL-E010", "--fn-name is empty"))
    yield* refreshGraph({ full: false, progress: true })
    const target = config.file === undefined ? null : (yield* store.resolve(userPath(config.file))).relative
    const keywords = keywordsOf(config.fnName, config.desc)

    // Candidates: symbols whose name or signature contains a keyword.
    const seen = new Map<number, { row: SymbolRow; score: number; matched: Set<string> }>()
    for (const kw of keywords) {
      const rows = yield* db.all<SymbolRow>(
        `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE lower(s.name) LIKE ? OR lower(s.signature) LIKE ? LIMIT 400`, [`%${kw}%`, `%${kw}%`])
      for (const r of rows) {
        const entry = seen.get(r.id) ?? { row: r, score: 0, matched: new Set<string>() }
        const nameWords = identifierWords(r.name)
        const inName = nameWords.includes(kw) ? 3 : r.name.toLowerCase().includes(kw) ? 2 : 0
        entry.score += inName + (inName === 0 ? 1 : 0)
        entry.matched.add(kw)
        seen.set(r.id, entry)
      }
    }
    const targetLanguage = target !== null ? grammarForPath(target)?.language : undefined
    const ranked = [...seen.values()]
      .map((e) => ({
        ...e,
        score: e.score * (1 + e.matched.size / Math.max(1, keywords.length)) +
          (FUNCTION_KINDS.has(e.row.kind) || TYPE_KINDS.has(e.row.kind) ? 1 : 0) +
          (targetLanguage !== undefined && e.row.language === targetLanguage ? 2 : 0) +
          (e.row.exported === 1 ? 0.5 : 0)
      }))
      .sort((a, b) => b.score - a.score || a.row.qualified_name.localeCompare(b.row.qualified_name))
    const related = ranked.slice(0, 8)

    const language = targetLanguage ?? related[0]?.row.language ??
      (yield* db.all<{ language: string }>("SELECT language, count(*) AS n FROM files GROUP BY language ORDER BY n DESC LIMIT 1"))[0]?.language ?? "typescript"

    // Types: those the related functions take and return, and related types themselves, if the graph defines them.
    const typeRow = (name: string) =>
      Effect.map(db.all<SymbolRow>(`SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.name = ? AND s.kind IN ('class','interface','struct','type','enum','trait') ORDER BY (f.language = ?) DESC LIMIT 1`, [name, language]), (r) => r[0])
    const sameLanguage = related.filter((r) => r.row.language === language || (language === "tsx" && r.row.language === "typescript"))
    const params: TypeUse[] = []
    let returns: TypeUse | null = null
    for (const r of sameLanguage) {
      if (!FUNCTION_KINDS.has(r.row.kind)) continue
      for (const t of typeNamesIn(r.row.parameters)) {
        const def = yield* typeRow(t)
        if (def !== undefined && !params.some((p) => p.name === t) && params.length < 3) params.push({ name: t, file: def.file })
      }
      if (returns === null) {
        for (const t of typeNamesIn(r.row.return_type)) {
          const def = yield* typeRow(t)
          if (def !== undefined) {
            returns = { name: t, file: def.file }
            break
          }
        }
      }
    }
    if (params.length === 0) {
      const directType = sameLanguage.find((r) => TYPE_KINDS.has(r.row.kind))
      if (directType !== undefined) params.push({ name: directType.row.name, file: directType.row.file })
    }

    const goModule = language === "go"
      ? yield* Effect.gen(function*() {
        const p = yield* store.locate("go.mod" as WorkspacePath)
        if ((yield* store.stat(p))._tag === "None") return undefined
        const m = /^module\s+(\S+)/m.exec(new TextDecoder().decode(yield* store.read(p)))
        return m ? { dir: "", module: m[1]! } : undefined
      })
      : undefined
    const built = buildScaffold({ language, fnName: config.fnName, desc: config.desc, params, returns, target, ...(goModule ? { goModule } : {}) })
    const inferredFrom = related.slice(0, 5).map((r) => ({
      name: r.row.qualified_name, kind: r.row.kind, file: r.row.file, line: r.row.start_line, signature: r.row.signature, score: Math.round(r.score * 100) / 100
    }))
    const note = related.length === 0 ? "nothing related found in the code graph: a plain signature" : undefined
    const header = language === "python" ? "#" : "//"
    const scaffold = `${header} Suggested scaffold for ${config.fnName}\n${header} ${inferredFrom.length > 0 ? `Inferred from: ${inferredFrom.map((i) => i.name).join(", ")}` : "Nothing related found in the code graph"}\n${built.scaffold}`
    return yield* output.result("suggest", {
      function_name: config.fnName,
      language,
      suggested_signature: built.signature,
      imports: built.imports,
      inferred_from: inferredFrom,
      keywords,
      scaffold,
      ...(note ? { note } : {})
    }, scaffold)
  })
