/**
 * Where a Python module lists a name in `__all__` (`__all__ = ["a", "name"]`, `__all__ += (…)`,
 * `__all__.append("name")`, `__all__.extend([…])`): the string literals whose text is the name, which
 * a rename of that module-level name must rename too (pyflakes and `from m import *` read them). Pure.
 */
import { byteOffsets } from "../graph/offsets.js"

const encoder = new TextEncoder()

/** Byte spans of `name` inside the string literals of each `__all__` statement of `text`. */
export const allListSites = (text: string, name: string): ReadonlyArray<{ startByte: number; endByte: number }> => {
  const out: Array<{ startByte: number; endByte: number }> = []
  const toByte = byteOffsets(text)
  const head = /^[ \t]*__all__[ \t]*(?:\+?=|\.(?:append|extend)[ \t]*\()/gm
  for (let m = head.exec(text); m !== null; m = head.exec(text)) {
    // The statement: up to the line end outside brackets (strings may hold brackets; they are skipped).
    let depth = m[0].endsWith("(") ? 1 : 0
    let i = m.index + m[0].length
    for (; i < text.length; i++) {
      const c = text[i]!
      if (c === "#") {
        while (i < text.length && text[i] !== "\n") i++
      }
      if (c === '"' || c === "'") {
        const end = text.indexOf(c, i + 1)
        if (end === -1 || text.slice(i + 1, end).includes("\n")) break
        if (text.slice(i + 1, end) === name) out.push({ startByte: toByte(i + 1), endByte: toByte(i + 1) + encoder.encode(name).length })
        i = end
        continue
      }
      if (c === "(" || c === "[" || c === "{") depth++
      else if (c === ")" || c === "]" || c === "}") depth--
      if ((text[i] === "\n" && depth <= 0 && text[i - 1] !== "\\") || depth < 0) break
    }
    head.lastIndex = Math.max(head.lastIndex, i)
  }
  return out
}
