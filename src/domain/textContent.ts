/**
 * Decoding file bytes into editable text, and back, without losing a byte: the BOM is split off and
 * re-attached, invalid UTF-8 and binary content are refused instead of being mangled.
 */
import { detectLineEnding, type LineEnding } from "./lineEndings.js"

export { detectLineEnding as detectLineEndingOf }

const BOM = [0xef, 0xbb, 0xbf]

export interface TextContent {
  readonly text: string
  readonly bom: boolean
  readonly lineEnding: LineEnding
}

export type DecodeFailure = { readonly reason: "binary"; readonly offset: number } | {
  readonly reason: "invalid_utf8"
  /** The first byte that cannot start or continue a UTF-8 sequence there. */
  readonly offset: number
}

/** Offset of the first byte of the first ill-formed UTF-8 sequence (the Unicode standard's table 3-7), or -1. */
export const firstInvalidUtf8 = (bytes: Uint8Array): number => {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    if (b < 0x80) {
      i++
      continue
    }
    // Length of the sequence and the range its second byte must be in.
    const [n, lo, hi] = b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf]
      : b === 0xe0 ? [3, 0xa0, 0xbf]
      : (b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef ? [3, 0x80, 0xbf]
      : b === 0xed ? [3, 0x80, 0x9f]
      : b === 0xf0 ? [4, 0x90, 0xbf]
      : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf]
      : b === 0xf4 ? [4, 0x80, 0x8f]
      : [0, 0, 0]
    if (n === 0 || i + n > bytes.length) return i
    if (bytes[i + 1]! < lo || bytes[i + 1]! > hi) return i
    for (let k = 2; k < n; k++) if (bytes[i + k]! < 0x80 || bytes[i + k]! > 0xbf) return i
    i += n
  }
  return -1
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
const encoder = new TextEncoder()

export const hasBom = (bytes: Uint8Array): boolean =>
  bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2]

export const decodeText = (bytes: Uint8Array): TextContent | DecodeFailure => {
  const nul = bytes.indexOf(0)
  if (nul !== -1) return { reason: "binary", offset: nul }
  const bom = hasBom(bytes)
  let text: string
  try {
    text = decoder.decode(bom ? bytes.subarray(3) : bytes)
  } catch {
    return { reason: "invalid_utf8", offset: Math.max(0, firstInvalidUtf8(bytes)) }
  }
  return { text, bom, lineEnding: detectLineEnding(text) }
}

export const isDecodeFailure = (r: TextContent | DecodeFailure): r is DecodeFailure => "reason" in r

export const encodeText = (text: string, bom: boolean): Uint8Array => {
  const body = encoder.encode(text)
  if (!bom) return body
  const out = new Uint8Array(body.length + 3)
  out.set(BOM, 0)
  out.set(body, 3)
  return out
}

/** Number of lines as an editor shows them: a trailing newline does not start a new line. */
export const countLines = (text: string): number => {
  if (text.length === 0) return 0
  const breaks = text.match(/\r\n|\r|\n/g)?.length ?? 0
  return /(\r\n|\r|\n)$/.test(text) ? breaks : breaks + 1
}
