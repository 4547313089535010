/**
 * Unicode look-alikes that models and editors swap for the ASCII a file holds: composed vs
 * decomposed accents (NFC vs NFD), curly quotes, dashes and the minus sign, non-breaking and other
 * Unicode spaces, the ellipsis character, and invisible zero-width characters. `foldLookalikes`
 * maps a line to its ASCII-leaning form, optionally with where each output character came from, so
 * a match in folded text can be mapped back to offsets in the original. Pure.
 */

/** What each look-alike becomes; "" removes it. */
const FOLD = new Map<number, string>()
const set = (codes: ReadonlyArray<number>, to: string) => codes.forEach((c) => FOLD.set(c, to))
// Single quotes and the prime.
set([0x2018, 0x2019, 0x201a, 0x201b, 0x2032], "'")
// Double quotes and the double prime.
set([0x201c, 0x201d, 0x201e, 0x201f, 0x2033], "\"")
// Hyphen, non-breaking hyphen, figure/en/em dashes, horizontal bar, minus sign.
set([0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212], "-")
// No-break, ogham, en/em/thin/hair and other typographic spaces, narrow no-break, math, ideographic.
set([0x00a0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x202f, 0x205f, 0x3000], " ")
set([0x2026], "...")
// Zero-width space/non-joiner/joiner, word joiner, zero-width no-break space (BOM), soft hyphen,
// Mongolian vowel separator: invisible, so a copy may gain or lose them.
set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0x180e], "")

const NON_ASCII = /[^\x00-\x7f]/
const MARK = /\p{M}/u

export interface Folded {
  readonly text: string
  /** For each character of `text`, the offset in the original where its source starts… */
  readonly from: ReadonlyArray<number>
  /** …and where it ends (exclusive). */
  readonly to: ReadonlyArray<number>
}

/**
 * The folded form of one line (or any string): each base character with its combining marks is put
 * in NFC, then each look-alike is replaced. Both sides of a comparison go through this same
 * function, so cluster-wise NFC is consistent even where it differs from whole-string NFC.
 */
export const foldLookalikes = (line: string): string => (NON_ASCII.test(line) ? foldWithMap(line).text : line)

export const foldWithMap = (line: string): Folded => {
  if (!NON_ASCII.test(line)) {
    const ids = Array.from({ length: line.length }, (_, i) => i)
    return { text: line, from: ids, to: ids.map((i) => i + 1) }
  }
  let text = ""
  const from: number[] = []
  const to: number[] = []
  let i = 0
  while (i < line.length) {
    // A cluster: one code point plus what NFC may compose with it.
    const start = i
    i += (line.codePointAt(i)! > 0xffff ? 2 : 1)
    while (i < line.length) {
      const cp = line.codePointAt(i)!
      const width = cp > 0xffff ? 2 : 1
      // Combining marks, and the Hangul vowel/final jamo that NFC composes with the jamo before them.
      if (!(MARK.test(line.slice(i, i + width)) || (cp >= 0x1160 && cp <= 0x11ff))) break
      i += width
    }
    const cluster = line.slice(start, i)
    const composed = cluster.length === 1 && cluster.charCodeAt(0) < 0x80 ? cluster : cluster.normalize("NFC")
    for (let k = 0; k < composed.length; k++) {
      const code = composed.charCodeAt(k)
      const out = FOLD.get(code) ?? composed[k]!
      for (let o = 0; o < out.length; o++) {
        text += out[o]
        from.push(start)
        to.push(i)
      }
    }
  }
  return { text, from, to }
}
