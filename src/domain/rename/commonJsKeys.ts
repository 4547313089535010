/**
 * Where `module.exports = { … }` (or `exports = { … }`) names an export `name`: the key of
 * `name: value` and the whole of a shorthand `{ name }`. A rename keeps these (the export's name is
 * the module's interface) unless it renames the importers' uses of that name too; then the key must
 * follow, or `m.renamed()` finds nothing at run time. Pure.
 */
import { byteOffsets } from "../graph/offsets.js"

const encoder = new TextEncoder()

export interface ExportKey {
  readonly startByte: number
  readonly endByte: number
  /** `{ name }`: the property is also the value. */
  readonly shorthand: boolean
}

export const commonJsExportKeys = (text: string, name: string): ReadonlyArray<ExportKey> => {
  const out: ExportKey[] = []
  const toByte = byteOffsets(text)
  const length = encoder.encode(name).length
  const head = /(?:^|[^\w$.])(?:module\s*\.\s*)?exports\s*=\s*\{/g
  for (let m = head.exec(text); m !== null; m = head.exec(text)) {
    let depth = 0
    let atProperty = true // at the start of a top-level property (after `{` or `,`)
    for (let i = m.index + m[0].length; i < text.length; i++) {
      const c = text[i]!
      if (c === "/" && text[i + 1] === "/") {
        i = text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i)
        continue
      }
      if (c === "/" && text[i + 1] === "*") {
        i = text.indexOf("*/", i + 2) === -1 ? text.length : text.indexOf("*/", i + 2) + 1
        continue
      }
      if (depth === 0 && atProperty && !/\s/.test(c)) {
        atProperty = false
        const key = /^(["']?)([\p{L}_$][\p{L}\p{Nd}_$]*)\1\s*([:,}])/u.exec(text.slice(i, i + name.length + 64))
        if (key !== null && key[2] === name) {
          const start = i + key[1]!.length
          out.push({ startByte: toByte(start), endByte: toByte(start) + length, shorthand: key[1] === "" && key[3] !== ":" })
        }
      }
      if (c === '"' || c === "'" || c === "`") {
        for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++
        continue
      }
      if (c === "{" || c === "(" || c === "[") depth++
      else if (c === ")" || c === "]") depth--
      else if (c === "}") {
        if (depth === 0) break
        depth--
      } else if (c === "," && depth === 0) atProperty = true
    }
  }
  return out
}
