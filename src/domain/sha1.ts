/**
 * SHA-1 of a string's UTF-8 bytes, as lowercase hex: the same digest as node:crypto's
 * `createHash("sha1").update(text).digest("hex")` (lone surrogates become U+FFFD in both).
 *
 * Why not node:crypto: the lock's file name is this digest (it must stay the same, byte for byte, or
 * two versions of splice would not exclude each other), and loading node:crypto costs every edit
 * its sixteen internal modules for one short hash. Not for anything secret or large.
 */
export const sha1Hex = (text: string): string => {
  const bytes = new TextEncoder().encode(text)
  // Message, 0x80, zero padding, then the length in bits as a 64-bit big-endian number.
  const blocks = Math.ceil((bytes.length + 9) / 64)
  const words = new Uint32Array(blocks * 16)
  for (let i = 0; i < bytes.length; i++) words[i >> 2]! |= bytes[i]! << (24 - (i & 3) * 8)
  words[bytes.length >> 2]! |= 0x80 << (24 - (bytes.length & 3) * 8)
  const bits = bytes.length * 8
  words[words.length - 2] = Math.floor(bits / 0x100000000)
  words[words.length - 1] = bits >>> 0

  let h0 = 0x67452301, h1 = 0xefcdab89, h2 = 0x98badcfe, h3 = 0x10325476, h4 = 0xc3d2e1f0
  const w = new Uint32Array(80)
  for (let block = 0; block < words.length; block += 16) {
    for (let t = 0; t < 16; t++) w[t] = words[block + t]!
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3]! ^ w[t - 8]! ^ w[t - 14]! ^ w[t - 16]!
      w[t] = (x << 1) | (x >>> 31)
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4
    for (let t = 0; t < 80; t++) {
      const f = t < 20 ? ((b & c) | (~b & d)) + 0x5a827999
        : t < 40 ? (b ^ c ^ d) + 0x6ed9eba1
        : t < 60 ? ((b & c) | (b & d) | (c & d)) + 0x8f1bbcdc
        : (b ^ c ^ d) + 0xca62c1d6
      const next = (((a << 5) | (a >>> 27)) + f + e + w[t]!) >>> 0
      e = d
      d = c
      c = (b << 30) | (b >>> 2)
      b = a
      a = next
    }
    h0 = (h0 + a) >>> 0
    h1 = (h1 + b) >>> 0
    h2 = (h2 + c) >>> 0
    h3 = (h3 + d) >>> 0
    h4 = (h4 + e) >>> 0
  }
  return [h0, h1, h2, h3, h4].map((h) => h.toString(16).padStart(8, "0")).join("")
}
