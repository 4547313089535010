/** Where a file stops being UTF-8 (src/domain/textContent.ts), against the runtime's own decoder. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { decodeText, firstInvalidUtf8 } from "../../src/domain/textContent.js"

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
const decodes = (b: Uint8Array) => {
  try {
    fatal.decode(b)
    return true
  } catch {
    return false
  }
}

// Bytes that are mostly UTF-8 (encoded text) with stray bytes and cut sequences spliced in.
const mostlyText = fc.tuple(fc.string({ unit: "grapheme", maxLength: 40 }), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0x80, max: 0xff })), { maxLength: 3 }))
  .map(([s, strays]) => {
    const b = [...new TextEncoder().encode(s)]
    for (const [at, byte] of strays) b.splice(at % (b.length + 1), 0, byte)
    return Uint8Array.from(b)
  })

describe("the first byte that is not UTF-8", () => {
  it("is -1 exactly when the decoder accepts the bytes; else the bytes before it decode and it starts no valid sequence", () => {
    fc.assert(fc.property(fc.oneof(mostlyText, fc.uint8Array({ maxLength: 24 })), (b) => {
      const at = firstInvalidUtf8(b)
      expect(at === -1).toBe(decodes(b))
      if (at !== -1) {
        expect(decodes(b.subarray(0, at))).toBe(true)
        // No sequence of 1 to 4 bytes starting there is valid.
        for (let n = 1; n <= 4 && at + n <= b.length; n++) expect(decodes(b.subarray(at, at + n))).toBe(false)
      }
    }), { numRuns: 3000 })
  })

  it("a Latin-1 file: the offset of its first accented letter", () => {
    expect(decodeText(Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x0a]))).toEqual({ reason: "invalid_utf8", offset: 3 })
    expect(decodeText(Uint8Array.from([0xed, 0xa0, 0x80]))).toEqual({ reason: "invalid_utf8", offset: 0 }) // a surrogate's encoding
  })
})
