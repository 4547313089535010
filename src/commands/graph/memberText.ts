/**
 * `.name` as text in the indexed files of a language family: the uses of a member the graph has no
 * record of. The graph records a member access only where it can read its receiver (`self.x`,
 * `a.x` on a local or parameter); `A().size()`, `items[0].size`, `(a or b).size()` and a field read
 * on a value of unknown type are not there at all. A command about to say a member has no other use
 * (delete) or rename it (rename without a type checker) lists these, so nothing is skipped in silence.
 * Some may be another member of the same name: they are uses by name, never exact.
 */
import * as Effect from "effect/Effect"
import { byteOffsets } from "../../domain/graph/offsets.js"
import { lineOfOffset, lineStarts } from "../../domain/textMatch.js"
import { FileStore, type WorkspacePath } from "../../../services/FileStore.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { languageFamily } from "./languageFamily.js"
import { resolutionCode } from "../../domain/graph/schema.js"

export interface TextUse {
  readonly file: string
  readonly line: number
  /** 1-based, in bytes, as the graph's columns. */
  readonly col: number
  /** The name's bytes (after the dot). */
  readonly start_byte: number
  readonly end_byte: number
}

export interface MemberTextOptions {
  /** Positions the graph already knows (`file:line:col`): not repeated. */
  readonly known: ReadonlySet<string>
  /** A span of one file to leave out (the definition being deleted), in bytes. */
  readonly skip?: { readonly file: string; readonly a: number; readonly b: number }
  /** A line of one file to leave out (a definition's own line: Ruby's `def self.size`, Python's `self.size = 0`). */
  readonly skipLine?: { readonly file: string; readonly line: number }
  /** Bytes to use instead of the file's on disk (a file already read by the caller). */
  readonly bytes?: ReadonlyMap<string, Uint8Array>
  /**
   * The definition's symbols: a `.name` the graph resolved to another symbol (another type's member
   * of the name, `params.get` of a URLSearchParams) is that symbol's use, not listed.
   */
  readonly of?: ReadonlySet<number>
}

const decoder = new TextDecoder()

/**
 * Each indexed file of these languages whose text holds every one of `needles` (the caller's bytes
 * for a file first), one at a time: a common name's files are never all in memory together.
 */
const eachTextHolding = (languages: ReadonlyArray<string>, needles: ReadonlyArray<string>, options: MemberTextOptions, visit: (file: { path: string; text: string }) => void) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const store = yield* FileStore
    const files = yield* db.all<{ path: string }>(`SELECT path FROM files WHERE language IN (${languages.map(() => "?").join(", ")}) ORDER BY path`, [...languages])
    for (const f of files) {
      const bytes = options.bytes?.get(f.path) ??
        (yield* store.locate(f.path as WorkspacePath).pipe(Effect.flatMap((p) => store.read(p)), Effect.orElseSucceed(() => undefined)))
      if (bytes === undefined) continue
      const text = decoder.decode(bytes)
      if (needles.every((n) => text.includes(n))) visit({ path: f.path, text })
    }
  })

export const memberTextUses = (language: string, name: string, options: MemberTextOptions) =>
  Effect.gen(function*() {
    const others = options.of === undefined ? [] : yield* (yield* GraphDb).all<{ file: string; line: number; col: number }>(
      `SELECT f.path AS file, r.line, r.col FROM refs r JOIN files f ON f.id = r.file_id JOIN names n ON n.id = r.name_id
       WHERE n.text = ? AND r.symbol_id IS NOT NULL AND r.resolution = ${resolutionCode("exact")} AND r.symbol_id NOT IN (${[...options.of].map(() => "?").join(", ")})`, [name, ...options.of])
    const known = others.length === 0 ? options.known : new Set([...options.known, ...others.map((r) => `${r.file}:${r.line}:${r.col}`)])
    const pattern = new RegExp(`\\.${name.replace(/[$]/g, "\\$")}(?![\\w$])`, "g")
    const nameBytes = new TextEncoder().encode(name).length
    const found: TextUse[] = []
    yield* eachTextHolding(languageFamily(language), [`.${name}`], options, (f) => {
      const text = f.text
      const toByte = byteOffsets(text)
      const starts = lineStarts(text)
      for (const m of text.matchAll(pattern)) {
        const at = m.index + 1
        const byte = toByte(at)
        if (options.skip !== undefined && f.path === options.skip.file && byte >= options.skip.a && byte < options.skip.b) continue
        const line = lineOfOffset(starts, at)
        if (options.skipLine !== undefined && f.path === options.skipLine.file && line === options.skipLine.line) continue
        const col = byte - toByte(starts[line - 1]!) + 1
        if (!known.has(`${f.path}:${line}:${col}`)) found.push({ file: f.path, line, col, start_byte: byte, end_byte: byte + nameBytes })
      }
    })
    return found
  })

/**
 * Rust: `name` as a word inside the bodies of `macro_rules!` definitions of the indexed Rust files. A
 * macro's body is tokens, not code, until it is expanded: tree-sitter sees no call there, so a
 * function used only by a macro (itoa's `divmod100` in `impl_Unsigned!`) has uses the graph has no
 * record of. Listed by rename and delete, as member text uses are.
 */
export const rustMacroTextUses = (name: string, options: MemberTextOptions) =>
  Effect.gen(function*() {
    const word = new RegExp(`(?<![\\w$])${name}(?!\\w)`, "g")
    const nameBytes = new TextEncoder().encode(name).length
    const found: TextUse[] = []
    yield* eachTextHolding(["rust"], ["macro_rules!", name], options, (f) => {
      const text = f.text
      const toByte = byteOffsets(text)
      const starts = lineStarts(text)
      for (const [a, b] of macroBodies(text)) {
        word.lastIndex = a
        for (let m = word.exec(text); m !== null && m.index < b; m = word.exec(text)) {
          const byte = toByte(m.index)
          const line = lineOfOffset(starts, m.index)
          const col = byte - toByte(starts[line - 1]!) + 1
          if (!options.known.has(`${f.path}:${line}:${col}`)) found.push({ file: f.path, line, col, start_byte: byte, end_byte: byte + nameBytes })
        }
      }
    })
    return found
  })

/** [start, end) of each `macro_rules! name { … }` body (its brackets balanced; strings and comments skipped). */
const macroBodies = (text: string): Array<[number, number]> => {
  const out: Array<[number, number]> = []
  const head = /macro_rules!\s*[A-Za-z_]\w*\s*([{(\[])/g
  for (let m = head.exec(text); m !== null; m = head.exec(text)) {
    const start = m.index + m[0].length
    let depth = 1
    let i = start
    for (; i < text.length && depth > 0; i++) {
      const c = text[i]!
      if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i)
      else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i + 2) === -1 ? text.length : text.indexOf("*/", i + 2) + 1
      else if (c === '"') {
        for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++
      } else if (c === "{" || c === "(" || c === "[") depth++
      else if (c === "}" || c === ")" || c === "]") depth--
    }
    out.push([start, i - 1])
    head.lastIndex = i
  }
  return out
}
