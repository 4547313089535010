import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { changedRegion } from "../../src/domain/changedRegion.js"
import { distanceToRegion, nearestFirst, offsetOfPosition, SYNTAX_ERROR_CAP } from "../../src/domain/syntaxReport.js"
import { lineStarts } from "../../src/domain/textMatch.js"

describe("syntax errors nearest the change first, capped", () => {
  it("an error far after the edit comes after one next to it; the list stops at the cap", () => {
    const before = "a\n".repeat(1000)
    const after = before.slice(0, 1026) + "{{" + before.slice(1026)
    const region = changedRegion(before, after)
    const errors = [{ offset: 1990, id: "end" }, ...Array.from({ length: 40 }, (_, i) => ({ offset: 1100 + i * 10, id: `b${i}` })), { offset: 1027, id: "edit" }]
    const r = nearestFirst(errors, region)
    expect(r.shown[0]!.id).toBe("edit")
    expect(r.shown.map((e) => e.id)).not.toContain("end")
    expect(r).toMatchObject({ total: 42, omitted: 42 - SYNTAX_ERROR_CAP })
    expect(r.shown).toHaveLength(SYNTAX_ERROR_CAP)
  })

  it("distance is 0 inside the changed region and on its edges", () => {
    const r = { start: 10, oldEnd: 12, newEnd: 20 }
    expect([5, 10, 15, 20, 27].map((o) => distanceToRegion(r, o))).toEqual([5, 0, 0, 0, 7])
  })

  const arb = fc.record({
    start: fc.nat(500),
    width: fc.nat(100),
    offsets: fc.array(fc.nat(1000), { maxLength: 60 }),
    cap: fc.nat(15)
  })

  it("property: shown ∪ omitted is the input; nothing omitted is nearer than anything shown; order is (distance, offset)", () => {
    fc.assert(fc.property(arb, ({ start, width, offsets, cap }) => {
      const region = { start, oldEnd: start, newEnd: start + width }
      const errors = offsets.map((offset, i) => ({ offset, i }))
      const r = nearestFirst(errors, region, cap)
      expect(r.shown.length).toBe(Math.min(cap, errors.length))
      expect(r.total).toBe(errors.length)
      expect(r.omitted).toBe(errors.length - r.shown.length)
      const shownIds = new Set(r.shown.map((e) => e.i))
      expect(shownIds.size).toBe(r.shown.length)
      const d = (o: number) => distanceToRegion(region, o)
      const worstShown = Math.max(-1, ...r.shown.map((e) => d(e.offset)))
      for (const e of errors) if (!shownIds.has(e.i)) expect(d(e.offset)).toBeGreaterThanOrEqual(worstShown)
      for (let k = 1; k < r.shown.length; k++) {
        const [a, b] = [r.shown[k - 1]!, r.shown[k]!]
        expect(d(a.offset) < d(b.offset) || (d(a.offset) === d(b.offset) && a.offset <= b.offset)).toBe(true)
      }
    }))
  })
})

describe("a parser's (line, column) as an offset", () => {
  const text = "ab\r\ncd\ref\n\ngh"
  const starts = lineStarts(text)
  it("counts LF, CRLF and lone CR as line ends, as Python does", () => {
    expect([[1, 1], [2, 2], [3, 1], [4, 1], [5, 2]].map(([l, c]) => text[offsetOfPosition(text, starts, l!, c!)])).toEqual(["a", "d", "e", "\n", "h"])
  })
  it("clamps past the end of a line to its end, and a line past the last to the last line", () => {
    expect(offsetOfPosition(text, starts, 1, 99)).toBe(2)
    expect(offsetOfPosition(text, starts, 99, 1)).toBe(text.indexOf("gh"))
    expect(offsetOfPosition(text, starts, 0, 0)).toBe(0)
  })
})
