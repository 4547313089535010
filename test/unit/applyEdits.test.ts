import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { applyEdits } from "../../src/domain/applyEdits.js"
import { describeDifference, findAllOverlapping, nearestCandidates } from "../../src/domain/textMatch.js"

describe("applyEdits", () => {
  it("changes only the matched span: every byte outside it is kept (property)", () => {
    const chunk = fc.string({ unit: fc.constantFrom("a", "b", "\n", "\r\n", "\t", " ", "é") , maxLength: 30 })
    fc.assert(fc.property(chunk, chunk, fc.string({ unit: fc.constantFrom("x", "y", "\n"), minLength: 1, maxLength: 10 }), (pre, post, neu) => {
      const marker = "«MARK»"
      const text = pre + marker + post
      const r = applyEdits(text, "none", [{ old: marker, new: neu }])
      if (!r.ok) throw new Error("should apply")
      expect(r.text).toBe(pre + neu + post)
    }))
  })

  it("a unique match is found wherever it is; a repeated one is ambiguous (property)", () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom("a", "b", "c", "\n"), maxLength: 40 }), fc.string({ unit: fc.constantFrom("a", "b"), minLength: 1, maxLength: 3 }), (text, needle) => {
      const hits = findAllOverlapping(text, needle).length
      const r = applyEdits(text, "lf", [{ old: needle, new: "Z" }])
      if (hits === 1) expect(r.ok).toBe(true)
      else if (hits > 1) expect(!r.ok && r.failure.kind).toBe("ambiguous")
    }))
  })

  it("treats \\n in OLD/NEW as the file's line ending", () => {
    const r = applyEdits("a\r\nb\r\nc\r\n", "crlf", [{ old: "a\nb", new: "A\nB\nB2" }])
    expect(r.ok && r.text).toBe("A\r\nB\r\nB2\r\nc\r\n")
  })

  it("falls back to the literal text in a mixed-ending file", () => {
    const r = applyEdits("a\r\nb\r\nc\nd\r\n", "crlf", [{ old: "c\nd", new: "C\nD" }])
    expect(r.ok && r.text).toBe("a\r\nb\r\nC\nD\r\n")
  })

  it("reports overlapping repeats as ambiguous", () => {
    const r = applyEdits("aaa", "none", [{ old: "aa", new: "b" }])
    expect(!r.ok && r.failure).toMatchObject({ kind: "ambiguous", count: 2 })
  })

  it("replace-all rewrites disjoint occurrences left to right", () => {
    const r = applyEdits("aaaa", "none", [{ old: "aa", new: "b", replaceAll: true }])
    expect(r.ok && r.text).toBe("bb")
  })

  it("already applied: OLD absent, NEW present once as a whole", () => {
    const r = applyEdits("let total = 1\n", "lf", [{ old: "let sum = 1", new: "let total = 1" }])
    expect(r.ok && r.outcomes[0]).toMatchObject({ alreadyApplied: true, replacements: 0 })
    const twice = applyEdits("x = 1\nx = 1\n", "lf", [{ old: "y = 1", new: "x = 1" }])
    expect(!twice.ok && twice.failure.kind).toBe("not_found")
  })
})

describe("near-miss reports", () => {
  it("ranks the nearest windows and names the slip", () => {
    const text = "def f():\n\tif x:\n\t\treturn 1\n\treturn 2\n"
    const c = nearestCandidates(text, "    if x:\n        return 1", 3)
    expect(c[0]).toMatchObject({ line: 2 })
    expect(c[0]!.difference).toMatch(/tabs/)
    expect(c.length).toBeLessThanOrEqual(3)
  })

  it("names each kind of difference", () => {
    expect(describeDifference("a  b", "a b")).toBe("whitespace differs")
    expect(describeDifference("Foo", "foo")).toBe("letter case differs")
    expect(describeDifference("x\ny", "x  \ny")).toBe("trailing whitespace differs")
    expect(describeDifference("x\r\ny", "x\ny")).toBe("line endings differ: here the file has LF, the text CRLF (first at the end of the match's line 1); give the text with the file's line endings, or use --fuzzy")
    expect(describeDifference("abc", "xyz")).toBeUndefined()
  })

  it("a file that mixes line endings: the candidate shows the file's bytes and says which ending differs, and where", () => {
    const c = nearestCandidates("a = 1\r\nb = 2\nc = 3\nd = 4\n", "a = 1\nb = 2")
    expect(c[0]).toEqual({
      line: 1,
      similarity: 1,
      text: "a = 1\r\nb = 2",
      difference: "line endings differ: here the file has CRLF, the text LF (first at the end of the match's line 1); give the text with the file's line endings, or use --fuzzy"
    })
    // Three lines, the second ending in CRLF: "(mixed)", and the line it is at.
    expect(nearestCandidates("a\nb\r\nc\nd\n", "a\nb\nc")[0]!.difference).toBe("line endings differ: here the file has CRLF and LF (mixed), the text LF (first at the end of the match's line 2); give the text with the file's line endings, or use --fuzzy")
    // A file without CR: its windows as they were.
    expect(nearestCandidates("a = 1\nb = 3\n", "a = 1\nb = 2")[0]).toMatchObject({ line: 1, text: "a = 1\nb = 3" })
  })

  it("stays fast on a large file", () => {
    const big = Array.from({ length: 20_000 }, (_, i) => `const value${i} = compute(${i}) // line ${i}`).join("\n")
    const t = performance.now()
    const c = nearestCandidates(big, "const value1234 = compute(1235)")
    expect(performance.now() - t).toBeLessThan(5_000)
    expect(c[0]!.line).toBe(1235)
  })
})
