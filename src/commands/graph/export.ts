/** `splice export --format json|jsonl`: the whole graph, after a refresh. */
import * as Effect from "effect/Effect"
import { refKindText, resolutionText } from "../../domain/graph/schema.js"
import { GraphDb, type SqlValue } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { refreshGraph } from "./refresh.js"
import type { FileRow, ImportRow, ReferenceRow, SymbolRecord } from "../../schema/results/graph.js"

export const exportCommand = (format: "json" | "jsonl") =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const output = yield* Output
    yield* refreshGraph({ full: false, progress: true })
    // The rows as the schema (src/schema/results/graph.ts) describes the database's columns.
    const files = yield* db.all<FileRow>("SELECT id, path, language, hash, size FROM files ORDER BY path")
    const symbols = (yield* db.all<Omit<SymbolRecord, "overloads"> & { overloads: string | null }>("SELECT id, file_id, name, kind, container, qualified_name, signature, parameters, return_type, exported, start_byte, end_byte, start_line, start_col, end_line, end_col, overloads FROM symbols ORDER BY id"))
      .map((s): SymbolRecord => ({ ...s, overloads: s.overloads === null ? null : JSON.parse(s.overloads) }))
    const refs = yield* db.all<ReferenceRow>(`SELECT r.id, r.file_id, n.text AS name, ${refKindText("r.kind")} AS kind, q.text AS qualifier, r.line, r.col, r.start_byte, r.end_byte, r.enclosing_symbol_id, r.symbol_id,
      ${resolutionText("r.resolution")} AS resolution, b.text AS binding FROM refs r JOIN names n ON n.id = r.name_id LEFT JOIN names q ON q.id = r.qualifier_id LEFT JOIN bindings b ON b.id = r.binding_id ORDER BY r.id`)
    const imports = (yield* db.all<Record<string, SqlValue>>("SELECT id, file_id, module, line, names, namespace, default_name, reexports, wildcard, resolved_files FROM imports ORDER BY id"))
      .map((i) => ({ ...i, names: JSON.parse(String(i["names"])), reexports: JSON.parse(String(i["reexports"])), resolved_files: JSON.parse(String(i["resolved_files"])), wildcard: i["wildcard"] === 1 }) as ImportRow)
    if (format === "jsonl") {
      for (const f of files) yield* output.event({ type: "file", ...f })
      for (const s of symbols) yield* output.event({ type: "symbol", ...s })
      for (const r of refs) yield* output.event({ type: "reference", ...r })
      for (const i of imports) yield* output.event({ type: "import", ...i })
      return yield* output.result("export", { files: files.length, symbols: symbols.length, references: refs.length, imports: imports.length }, "")
    }
    return yield* output.result("export", { graph: { files, symbols, references: refs, imports } }, JSON.stringify({ files, symbols, references: refs, imports }, null, 2) + "\n")
  })
