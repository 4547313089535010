import * as Effect from "effect/Effect"
import type { GraphDbService, SqlValue } from "../../../services/GraphDb.js"

/**
 * Rows read through one JSON value SQLite builds (`json_group_array`): sql.js's per-row
 * `getAsObject` costs ~15 µs a row, and a refresh reads tens of thousands of them. `columns` are
 * plain column names of `from` (a table or a parenthesised SELECT, with its WHERE clause); the rows
 * come in the order SQLite visits them.
 */
export const packedRows = <T>(db: GraphDbService, columns: ReadonlyArray<string>, from: string, params: ReadonlyArray<SqlValue> = []) =>
  Effect.map(db.all<{ rows: string }>(`SELECT json_group_array(json_array(${columns.join(", ")})) AS rows FROM ${from}`, params), (result) =>
    (JSON.parse(result[0]?.rows ?? "[]") as unknown[][]).map((r) => {
      const row: Record<string, unknown> = {}
      for (let i = 0; i < columns.length; i++) row[columns[i]!] = r[i]
      return row as T
    }))
