/** The linear batch engine against the definition: `applyOne` run edit after edit on the whole text. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { applyEdits, applyEditsStepwise, type ApplyResult, type Edit, type EditOutcome } from "../../src/domain/applyEdits.js"
import type { Grams } from "../../src/domain/batchEngine.js"
import { applyOne } from "../../src/domain/editStep.js"
import type { LineEnding } from "../../src/domain/lineEndings.js"

const sequential = (text: string, le: LineEnding, edits: ReadonlyArray<Edit>): ApplyResult => {
  let current = text
  const outcomes: EditOutcome[] = []
  for (let i = 0; i < edits.length; i++) {
    const r = applyOne(current, edits[i]!, i, le)
    if ("kind" in r) return { ok: false, failure: r }
    current = r.text
    outcomes.push(r.outcome)
  }
  return { ok: true, text: current, outcomes }
}

const run = (text: string, le: LineEnding, edits: ReadonlyArray<Edit>, grams: Grams): ApplyResult => {
  const steps = applyEditsStepwise(text, le, edits, grams)
  for (;;) {
    const r = steps.next()
    if (r.done === true) return r.value
  }
}

const piece = (units: string[], max: number) => fc.string({ unit: fc.constantFrom(...units), maxLength: max })

/**
 * Edits whose OLD is mostly a piece of the text (so most apply and many interact: chained, adjacent,
 * overlapping, creating and destroying each other's matches), with a few random ones.
 */
const batch = (units: string[]) =>
  fc.record({
    text: piece(units, 120),
    le: fc.constantFrom<LineEnding>("lf", "crlf", "cr", "none"),
    // exactUpTo 0: the index even for one edit (real runs take the exact path up to 8), and the default once.
    grams: fc.constantFrom<Grams>({ anchor: 2, taint: 3, exactUpTo: 0 }, { anchor: 3, taint: 5, exactUpTo: 0 }, { anchor: 2, taint: 2, exactUpTo: 0 }, { anchor: 8, taint: 32, exactUpTo: 0 }, { anchor: 2, taint: 3 }),
    edits: fc.array(
      fc.record({
        from: fc.nat(),
        length: fc.integer({ min: 1, max: 12 }),
        random: fc.option(piece(units, 6), { freq: 5 }),
        neu: piece(units, 10),
        keepOld: fc.boolean(),
        replaceAll: fc.boolean().map((b) => b && Math.random() < 0.2)
      }),
      { minLength: 1, maxLength: 25 }
    )
  }).map(({ text, le, grams, edits }) => {
    // OLD texts come from the evolving text: the reference tells what it is before each edit.
    let current = text
    const out: Edit[] = []
    for (const e of edits) {
      const start = current.length === 0 ? 0 : e.from % current.length
      let old = e.random ?? current.slice(start, start + e.length)
      if (old.length === 0) old = "a"
      const neu = e.keepOld ? e.neu + old : e.neu
      const edit: Edit = { old, new: neu, ...(e.replaceAll ? { replaceAll: true } : {}) }
      out.push(edit)
      const r = applyOne(current, edit, out.length - 1, le)
      if (!("kind" in r)) current = r.text
    }
    return { text, le, grams, edits: out }
  })

describe("the batch engine", () => {
  it("gives exactly the sequential result: text, outcomes and failures (property)", () => {
    for (const units of [["a", "b", "\n"], ["a", "b", " ", "\n", "\r\n", "\r"], ["ab", "c", "x\n", "  "]]) {
      fc.assert(fc.property(batch(units), ({ text, le, grams, edits }) => {
        expect(run(text, le, edits, grams)).toEqual(sequential(text, le, edits))
      }), { numRuns: 1500 })
    }
  }, 120_000) // 1,500 runs: ~10 s on a quiet machine, 3-4x that at load 8

  it("a NEW the file's line ending turns into a CR, next to a LF of the text: the seam makes a CRLF, counted as one line break (found by the property above)", () => {
    const grams = { anchor: 2, taint: 3, exactUpTo: 0 }
    const edits: Edit[] = [{ old: "abababcabx", new: "x\n" }, { old: "\nc", new: "" }]
    const want = sequential("cabababcabx\ncc", "cr", edits)
    expect(want).toMatchObject({ ok: true, text: "cx\rc", outcomes: [{ lines: [1] }, { lines: [1] }] })
    expect(run("cabababcabx\ncc", "cr", edits, grams)).toEqual(want)
  })

  it("many small edits on a real-sized file: the same result as one edit at a time", () => {
    const lines = Array.from({ length: 4000 }, (_, i) => `    const value${i} = compute(${i}, "${"x".repeat(i % 40)}") // line ${i}`)
    const text = lines.join("\n") + "\n"
    const edits: Edit[] = []
    for (let i = 0; i < 4000; i += 3) edits.push({ old: `value${i} = compute(${i},`, new: `value${i} = computeFast(${i},` })
    for (let i = 1; i < 3990; i += 60) edits.push({ old: `${lines[i]}\n${lines[i + 1]}\n`, new: `${lines[i + 1]}\n${lines[i]}\n` })
    edits.push({ old: "computeFast(0,", new: "computeFast(0, 0," }) // contains its OLD: the exact path
    const r = applyEdits(text, "lf", edits)
    expect(r.ok).toBe(true)
    expect(r).toEqual(sequential(text, "lf", edits))
    expect(r.ok && r.outcomes[1]!.lines).toEqual([4])
  })

  it("yields as it goes, so a driver can stop it", () => {
    const text = Array.from({ length: 50_000 }, (_, i) => `line ${i}`).join("\n")
    const edits = Array.from({ length: 5000 }, (_, i) => ({ old: `line ${i * 10}\n`, new: `LINE ${i * 10}\n` }))
    let yields = 0
    const steps = applyEditsStepwise(text, "lf", edits)
    while (steps.next().done !== true) yields++
    expect(yields).toBeGreaterThan(3)
  })
})
