import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { lineStarts } from "../../src/domain/textMatch.js"

/** The definition: a line ends after LF, after CRLF, and after a lone CR. */
const definition = (text: string) => {
  const starts = [0]
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\n" || (text[i] === "\r" && text[i + 1] !== "\n")) starts.push(i + 1)
  }
  return starts
}

describe("lineStarts", () => {
  it("is the definition, with and without CRs (two ways of searching)", () => {
    const text = (units: string[]) => fc.string({ unit: fc.constantFrom(...units), maxLength: 200 })
    fc.assert(fc.property(fc.oneof(text(["a", "\n", "é"]), text(["a", "\n", "\r", "😀"])), (t) => {
      expect(lineStarts(t)).toEqual(definition(t))
    }), { numRuns: 500 })
    expect(lineStarts("")).toEqual([0])
    expect(lineStarts("a\n")).toEqual([0, 2])
    expect(lineStarts("a\r\nb\rc\n")).toEqual([0, 3, 5, 7])
  })
})
