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
    return { reason: "invalid_utf8" }
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
