import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { changedRegion } from "../../src/domain/changedRegion.js"

/** The definition, a character at a time. */
const naive = (before: string, after: string) => {
  let start = 0
  const min = Math.min(before.length, after.length)
  while (start < min && before[start] === after[start]) start++
  let suf = 0
  while (suf < min - start && before[before.length - 1 - suf] === after[after.length - 1 - suf]) suf++
  return { start, oldEnd: before.length - suf, newEnd: after.length - suf }
}

describe("changedRegion (compared block by block)", () => {
  it("is the common prefix and suffix removed, for texts around and across its block size", () => {
    // Few letters, long shared parts: prefix and suffix overlap, repeat, and end inside blocks.
    const text = (max: number) => fc.string({ unit: fc.constantFrom("a", "b", "\n", "é", "😀"), maxLength: max })
    fc.assert(fc.property(text(700), text(40), text(40), text(700), (prefix, x, y, suffix) => {
      const before = prefix + x + suffix
      const after = prefix + y + suffix
      expect(changedRegion(before, after)).toEqual(naive(before, after))
      expect(changedRegion(after, before)).toEqual(naive(after, before))
    }), { numRuns: 500 })
  })

  it("same texts, one empty, one a prefix of the other", () => {
    const long = "x".repeat(1000)
    expect(changedRegion(long, long)).toEqual({ start: 1000, oldEnd: 1000, newEnd: 1000 })
    expect(changedRegion("", long)).toEqual({ start: 0, oldEnd: 0, newEnd: 1000 })
    expect(changedRegion(long, long + "y")).toEqual({ start: 1000, oldEnd: 1000, newEnd: 1001 })
    expect(changedRegion("y" + long, long)).toEqual(naive("y" + long, long))
  })
})
