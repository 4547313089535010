/**
 * One definition by name (or qualified name), narrowed by file and kind: what `refs` and the symbol
 * operations act on. None is SPL-E001 with close names; several are SPL-E002 with the candidates.
 */
import * as Effect from "effect/Effect"
import { narrowDefinitions } from "../../domain/graph/definitions.js"
import { spliceError } from "../../domain/SpliceError.js"
import { didYouMean, findSymbols, type SymbolRow } from "./find.js"

export interface SymbolQuery {
  readonly name: string
  readonly file?: string
  readonly kind?: string
}

export const resolveSymbol = (query: SymbolQuery) =>
  Effect.gen(function*() {
    const find = (name: string) => findSymbols({ name, exported: false, fuzzy: false, limit: 1000, ...(query.file ? { file: query.file } : {}), ...(query.kind ? { kind: query.kind } : {}) })
    let asked = query.name
    let defs = yield* find(asked)
    // Rust names an impl's members `Type::member`: `Type.member`, as the other languages write it, finds them too.
    if (defs.length === 0 && asked.includes(".") && !asked.includes("::")) {
      asked = asked.replace(/\./g, "::")
      defs = (yield* find(asked)).filter((d) => d.language === "rust")
    }
    if (defs.length === 0) {
      const suggestions = yield* didYouMean(query.name)
      return yield* Effect.fail(spliceError("SPL-E001", `no symbol named ${query.name}${query.file !== undefined ? ` in ${query.file}` : ""}`, {
        ...(suggestions.length > 0 ? { hint: `Did you mean ${suggestions.join(", ")}?` } : {}),
        context: { name: query.name, did_you_mean: suggestions }
      }))
    }
    defs.splice(0, defs.length, ...narrowDefinitions(defs, asked, (d) => ({ qualifiedName: d.qualified_name, kind: d.kind, signature: d.signature })))
    if (defs.length > 1) {
      return yield* Effect.fail(spliceError("SPL-E002", `${defs.length} symbols are named ${query.name}`, {
        context: { name: query.name, candidates: defs.map((d) => ({ file: d.file, line: d.start_line, kind: d.kind, qualified_name: d.qualified_name })) }
      }))
    }
    return defs[0]! satisfies SymbolRow
  })
