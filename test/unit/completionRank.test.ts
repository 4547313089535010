/** The order of `splice complete`'s candidates: prefix tiers, then the names written nearest the position. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { rankCandidates, wordProximity } from "../../src/domain/completionRank.js"

const c = (name: string, source: string | null = null) => ({ name, kind: "x", signature: null, source })
const names = (xs: ReadonlyArray<{ name: string }>) => xs.map((x) => x.name)

describe("rankCandidates", () => {
  it("puts the exact prefix first, then any case, then the letters in order, and drops the rest", () => {
    expect(names(rankCandidates([c("ForEach"), c("filter"), c("find"), c("map"), c("first")], "fi"))).toEqual(["filter", "find", "first"])
    expect(names(rankCandidates([c("getName"), c("Get"), c("target")], "get"))).toEqual(["getName", "Get", "target"])
  })

  it("within a tier: the name used nearest the position first, even when another is used more often further away", () => {
    const text = "use(ZodString)\nuse(ZodString)\nuse(ZodString)\n\n\nuse(ZodNumber)\nZo\n"
    expect(names(rankCandidates([c("ZodArray"), c("ZodString"), c("ZodNumber")], "Zo", wordProximity(text, 7, 2)))).toEqual(["ZodNumber", "ZodString", "ZodArray"])
    // At the same distance, the one used more; a name not in the file keeps the engine's order, after them.
    const tied = "use(b1, a1)\nuse(a1)\nx\n"
    expect(names(rankCandidates([c("c1"), c("a1"), c("b1"), c("d1")], "", wordProximity(tied, 3, 0)))).toEqual(["a1", "b1", "c1", "d1"])
  })

  it("keeps each name once per source (an auto-import from two modules is two candidates)", () => {
    expect(rankCandidates([c("parse", "./a"), c("parse", "./b"), c("parse", "./a")], "pa").map((x) => x.source)).toEqual(["./a", "./b"])
  })

  it("keeps only candidates that match, in tier order, each from the input (property)", () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-dA-D]{1,5}$/), { maxLength: 30 }), fc.stringMatching(/^[a-dA-D]{0,3}$/), (words, prefix) => {
      const ranked = rankCandidates(words.map((w) => c(w)), prefix)
      const tier = (n: string) => n.startsWith(prefix) ? 0 : n.toLowerCase().startsWith(prefix.toLowerCase()) ? 1 : 2
      for (const r of ranked) expect(words).toContain(r.name)
      expect(new Set(names(ranked)).size).toBe(ranked.length)
      expect(names(ranked).map(tier)).toEqual([...names(ranked).map(tier)].sort((a, b) => a - b))
      for (const w of words) if (w.toLowerCase().startsWith(prefix.toLowerCase())) expect(names(ranked)).toContain(w)
    }))
  })
})

describe("wordProximity", () => {
  it("gives each word its nearest line and its count, without the word under the cursor", () => {
    const text = "const alpha = 1\nconst beta = alpha\n  alph\nalpha + gamma\n"
    const p = wordProximity(text, 3, 6)
    expect(p.get("alpha")).toEqual({ distance: 1, count: 3 })
    expect(p.get("gamma")).toEqual({ distance: 1, count: 1 })
    expect(p.get("alph")).toBeUndefined()
    // In the middle of a word, the whole word is the one being typed.
    expect(wordProximity("payload\npayloadX\n", 2, 3).get("payloadX")).toBeUndefined()
    expect(wordProximity("payload\npayloadX\n", 2, 3).get("payload")).toEqual({ distance: 1, count: 1 })
  })
})
