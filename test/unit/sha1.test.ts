import { createHash } from "node:crypto"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { sha1Hex } from "../../src/domain/sha1.js"

// The lock's file name is this digest: it must equal node:crypto's, byte for byte, on any path.
const nodeSha1 = (s: string) => createHash("sha1").update(s).digest("hex")

describe("sha1Hex", () => {
  it("matches the standard's test vectors", () => {
    expect(sha1Hex("")).toBe("da39a3ee5e6b4b0d3255bfef95601890afd80709")
    expect(sha1Hex("abc")).toBe("a9993e364706816aba3e25717850c26c9cd0d89d")
    expect(sha1Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe("84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    expect(sha1Hex("a".repeat(1_000_000))).toBe("34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  })

  it("matches node:crypto at every length around the 64-byte block and its padding", () => {
    for (let n = 0; n <= 200; n++) {
      expect(sha1Hex("x".repeat(n))).toBe(nodeSha1("x".repeat(n)))
      expect(sha1Hex("é".repeat(n))).toBe(nodeSha1("é".repeat(n)))
    }
  })

  it("matches node:crypto on any string, lone surrogates included (both encode them as U+FFFD)", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 300 }), (s) => sha1Hex(s) === nodeSha1(s)), { numRuns: 3000 })
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 100 }), (s) => sha1Hex(s) === nodeSha1(s)), { numRuns: 3000 })
  })

  it("matches node:crypto on absolute paths like those the lock hashes", () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }), { maxLength: 12 }), (parts) => {
      const p = "/" + parts.join("/")
      return sha1Hex(p) === nodeSha1(p)
    }), { numRuns: 2000 })
  })
})
