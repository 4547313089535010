import { lineOfOffset } from "../textMatch.js"

/** Positions in a JS string as the graph stores them: UTF-8 byte offsets, 1-based lines and byte columns. */

/** UTF-16 index → UTF-8 byte offset (identity for ASCII text). */
export const byteOffsets = (text: string): ((i: number) => number) => {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return (i) => i
  const map = new Int32Array(text.length + 1)
  let b = 0
  for (let i = 0; i < text.length; i++) {
    map[i] = b
    const c = text.charCodeAt(i)
    if (c < 0x80) b += 1
    else if (c < 0x800) b += 2
    else if (c >= 0xd800 && c <= 0xdbff) {
      b += 4
      map[++i] = b
    } else b += 3
  }
  map[text.length] = b
  return (i) => map[i]!
}

/** UTF-16 index → 1-based line and 1-based UTF-8 byte column (lines end at LF only, as tree-sitter counts them). */
export const linePositions = (text: string): ((i: number) => { line: number; column: number }) => {
  const toByte = byteOffsets(text)
  const starts = [0]
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1)
  return (i) => {
    const line = lineOfOffset(starts, i)
    return { line, column: toByte(i) - toByte(starts[line - 1]!) + 1 }
  }
}
