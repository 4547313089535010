/**
 * A pseudo-locale for finding text that does not come from the catalog: the English catalog with
 * every text it gives wrapped in ⟦…⟧, and every call recorded. In human output printed with it,
 * anything outside the brackets was written by a command itself, not taken from the catalog.
 */
import type { Catalog } from "../../src/domain/locale/catalog.js"
import { en } from "../../src/domain/locale/en.js"

export const OPEN = "\u27e6"
export const CLOSE = "\u27e7"

/** One text taken from the catalog: its path (["summary", "edited"]) and the arguments it was given. */
export interface CatalogCall {
  readonly path: ReadonlyArray<string>
  readonly args: ReadonlyArray<unknown>
}

/** The English catalog, bracketed; `calls` receives every text taken from it. (Error texts are not bracketed: humanError frames them.) */
export const pseudoCatalog = (calls: CatalogCall[]): Catalog => {
  const wrap = (node: object, path: ReadonlyArray<string>): object =>
    new Proxy(node, {
      get: (target, key) => {
        const value = (target as Record<string | symbol, unknown>)[key]
        if (typeof key !== "string" || (path.length === 0 && (key === "errors" || key === "locale"))) return value
        const at = [...path, key]
        if (typeof value === "string") {
          calls.push({ path: at, args: [] })
          return OPEN + value + CLOSE
        }
        if (typeof value === "function") {
          return (...args: unknown[]) => {
            calls.push({ path: at, args })
            return OPEN + String((value as (...a: unknown[]) => unknown)(...args)) + CLOSE
          }
        }
        return value !== null && typeof value === "object" ? wrap(value, at) : value
      }
    })
  return wrap(en, []) as Catalog
}

/** The text with every bracketed part taken out (innermost first, so nested calls go too). */
export const outsideCatalog = (text: string): string => {
  let s = text
  const innermost = new RegExp(`${OPEN}[^${OPEN}${CLOSE}]*${CLOSE}`, "g")
  for (let before = ""; before !== s;) {
    before = s
    s = s.replace(innermost, " ")
  }
  return s
}

/** The words of a text: runs of letters (any script). */
export const wordsOf = (text: string): string[] => text.match(/\p{L}+/gu) ?? []

/** The catalog entry at a path, called with the recorded arguments (or the string itself). */
export const textAt = (catalog: Catalog, call: CatalogCall): string => {
  let node: unknown = catalog
  for (const key of call.path) node = (node as Record<string, unknown>)[key]
  return typeof node === "function" ? String((node as (...a: unknown[]) => unknown)(...call.args)) : String(node)
}

/** Every string inside a value (arguments, NDJSON lines), keys too when asked. */
export const stringsIn = (value: unknown, keys = false, out: string[] = []): string[] => {
  if (typeof value === "string") out.push(value)
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, keys, out)
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (keys) out.push(k)
      stringsIn(v, keys, out)
    }
  }
  return out
}
