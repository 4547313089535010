/**
 * The Python import statements that bring a top-level symbol in by name: `from m import name` where
 * m is the symbol's module, or a module that itself imports it by name (a package's `__init__.py`
 * re-exporting it), followed to the end — also in files where nothing else uses the name.
 */
import * as Effect from "effect/Effect"
import { importsReaching } from "../../domain/rename/importChain.js"
import { GraphDb } from "../../../services/GraphDb.js"

export interface ImportStatement {
  readonly file: string
  readonly line: number
}

export const pythonImporters = (def: { readonly id: number; readonly name: string }) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const rows = yield* db.all<{ file_id: number; path: string; line: number; resolved_files: string }>(
      `SELECT DISTINCT i.id, i.file_id, f.path, i.line, i.resolved_files FROM imports i JOIN files f ON f.id = i.file_id, json_each(i.names) n
       WHERE f.language = 'python' AND json_extract(n.value, '$.name') = ? ORDER BY f.path, i.line`, [def.name])
    const home = (yield* db.all<{ file_id: number }>("SELECT file_id FROM symbols WHERE id = ?", [def.id]))[0]?.file_id
    if (home === undefined) return []
    return importsReaching(home, rows.map((r) => ({ fileId: r.file_id, resolved: JSON.parse(r.resolved_files) as number[], file: r.path, line: r.line })))
      .map((i): ImportStatement => ({ file: i.file, line: i.line }))
  })
