/**
 * What a file's bytes are, for `splice stat` and `splice diff`: UTF-8 (with or without a BOM), UTF-16
 * or UTF-32 told by their BOM, binary (a NUL byte and no such BOM), or 8-bit text in some other
 * charset (not valid UTF-8, no NUL: Latin-1, Windows-1252…), which `file` calls unknown-8bit. splice
 * edits only the first kind; the others are described, never decoded by guesswork. Pure.
 */
import { decodeText, isDecodeFailure } from "./textContent.js"

export type Encoding = "utf-8" | "utf-16le" | "utf-16be" | "utf-32le" | "utf-32be" | "binary" | "unknown-8bit"

export interface EncodingFacts {
  readonly encoding: Encoding
  readonly bom: boolean
  /** The text without its BOM; undefined for binary and unknown-8bit content. */
  readonly text: string | undefined
}

const starts = (bytes: Uint8Array, prefix: ReadonlyArray<number>): boolean =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b)

/** UTF-16 code units after the BOM; undefined when the byte count is odd. */
const utf16 = (body: Uint8Array, littleEndian: boolean): string | undefined => {
  if (body.length % 2 !== 0) return undefined
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength)
  const units = new Uint16Array(body.length / 2)
  for (let i = 0; i < units.length; i++) units[i] = view.getUint16(2 * i, littleEndian)
  let out = ""
  // In chunks: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < units.length; i += 8192) out += String.fromCharCode(...units.subarray(i, i + 8192))
  return out
}

/** Code points after the BOM; undefined when the length or a code point is not valid UTF-32. */
const utf32 = (body: Uint8Array, littleEndian: boolean): string | undefined => {
  if (body.length % 4 !== 0) return undefined
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength)
  const parts: string[] = []
  for (let i = 0; i < body.length; i += 4) {
    const cp = view.getUint32(i, littleEndian)
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined
    parts.push(String.fromCodePoint(cp))
  }
  return parts.join("")
}

/** The encoding of some bytes and, when it is one of Unicode's, their text. */
export const detectEncoding = (bytes: Uint8Array): EncodingFacts => {
  // UTF-32LE's BOM begins with UTF-16LE's: test it first.
  const wide: ReadonlyArray<readonly [Encoding, ReadonlyArray<number>, (b: Uint8Array) => string | undefined]> = [
    ["utf-32le", [0xff, 0xfe, 0x00, 0x00], (b) => utf32(b, true)],
    ["utf-32be", [0x00, 0x00, 0xfe, 0xff], (b) => utf32(b, false)],
    ["utf-16le", [0xff, 0xfe], (b) => utf16(b, true)],
    ["utf-16be", [0xfe, 0xff], (b) => utf16(b, false)]
  ]
  for (const [encoding, bom, decode] of wide) {
    if (!starts(bytes, bom)) continue
    const text = decode(bytes.subarray(bom.length))
    return text === undefined ? { encoding: "binary", bom: false, text: undefined } : { encoding, bom: true, text }
  }
  const decoded = decodeText(bytes)
  if (!isDecodeFailure(decoded)) return { encoding: "utf-8", bom: decoded.bom, text: decoded.text }
  return { encoding: decoded.reason === "binary" ? "binary" : "unknown-8bit", bom: false, text: undefined }
}
