import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { splitKeepEnds, unifiedDiff } from "../../src/domain/diff.js"

/** A strict applier of our unified diffs, to check them against the texts they describe. */
const applyPatch = (before: string, patch: string): string => {
  if (patch === "") return before
  const src = splitKeepEnds(before)
  const lines = patch.split("\n")
  let out: string[] = []
  let at = 0
  let i = 2
  while (i < lines.length && lines[i] !== "") {
    const m = /^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$/.exec(lines[i]!)
    if (m === null) throw new Error(`bad hunk header ${lines[i]}`)
    const start = Number(m[2]) === 0 ? Number(m[1]) : Number(m[1]) - 1
    out = out.concat(src.slice(at, start))
    at = start
    i++
    while (i < lines.length && lines[i] !== "" && !lines[i]!.startsWith("@@")) {
      const tag = lines[i]![0]
      const body = lines[i]!.slice(1)
      const noEol = lines[i + 1] === "\\ No newline at end of file"
      if (tag === " " || tag === "-") {
        const orig = src[at]!
        if (orig.replace(/(\r\n|\r|\n)$/, "") !== body) throw new Error(`context mismatch at ${at}`)
        if (tag === " ") out.push(orig)
        at++
      } else if (tag === "+") {
        out.push(body + (noEol ? "" : "\n"))
      }
      i += noEol ? 2 : 1
    }
  }
  return out.concat(src.slice(at)).join("")
}

describe("unifiedDiff", () => {
  it("shows a one-line change with context", () => {
    const d = unifiedDiff("a\nb\nc\nd\ne\nf\ng\n", "a\nb\nc\nD\ne\nf\ng\n", "x.txt")
    expect(d).toBe("--- a/x.txt\n+++ b/x.txt\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n")
  })

  it("marks a missing final newline", () => {
    expect(unifiedDiff("a", "b", "f")).toBe("--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n")
  })

  it("is empty for equal texts", () => {
    expect(unifiedDiff("same\n", "same\n", "f")).toBe("")
  })

  it("applying the diff to the old text gives the new text (property)", () => {
    const text = fc.array(fc.constantFrom("a\n", "b\n", "c\n", "d\n", "e\n"), { maxLength: 30 }).map((l) => l.join(""))
    fc.assert(fc.property(text, text, (a, b) => {
      expect(applyPatch(a, unifiedDiff(a, b, "f"))).toBe(b)
    }), { numRuns: 300 })
  })
})

describe("large diffs stay bounded", () => {
  it("50,000 changed lines: a correct (not minimal) diff in bounded time and memory", () => {
    const before = Array.from({ length: 50_000 }, (_, i) => `line ${i}\n`).join("")
    const after = Array.from({ length: 50_000 }, (_, i) => `LINE ${i * 7}\n`).join("")
    const started = Date.now()
    const patch = unifiedDiff(before, after, "big.txt")
    // Was: an O(D·(N+M)) trace, 10 GB and minutes; bounded now (generous limit for a loaded machine).
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(applyPatch(before, patch)).toBe(after)
  })

  it("few differences in a large file still give the minimal diff", () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `l${i}\n`)
    const after = [...lines]
    after[5000] = "changed\n"
    after.splice(15000, 1)
    const patch = unifiedDiff(lines.join(""), after.join(""), "f")
    expect(patch.split("\n").filter((l) => /^[-+][^-+]/.test(l))).toEqual(["-l5000", "+changed", "-l15000"])
  })
})
