import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { compilePattern, type PatternOptions, requiredLiteral } from "../../src/domain/search/pattern.js"
import { type MatchedLine, scanBytes } from "../../src/domain/search/scan.js"

const enc = new TextEncoder()
const opts = (o: Partial<PatternOptions> = {}): PatternOptions => ({ regex: false, ignoreCase: false, word: false, ...o })
const compile = (p: string, o: Partial<PatternOptions> = {}) => {
  const c = compilePattern(p, opts(o))
  if (!c.ok) throw new Error(c.message)
  return c.pattern
}
const matchesOf = (text: string, p: string, o: Partial<PatternOptions> = {}, context = 0) => scanBytes(enc.encode(text), compile(p, o), { context })

/**
 * The reference: each line on its own (terminator and a CR before it removed), every match of the
 * regex in it, byte offsets by encoding the prefix.
 */
const reference = (text: string, p: string, o: Partial<PatternOptions>) => {
  const re = new RegExp(compile(p, o).regex.source, compile(p, o).regex.flags)
  const out: Array<{ line: number; subs: Array<[number, number]> }> = []
  if (text.replace(/^\uFEFF/, "") === "") return out
  text.replace(/^\uFEFF/, "").split("\n").forEach((raw, i, all) => {
    if (i === all.length - 1 && raw === "" && all.length > 1) return
    const line = raw.replace(/\r$/, "")
    const subs: Array<[number, number]> = []
    re.lastIndex = 0
    for (let m = re.exec(line); m !== null; m = re.exec(line)) {
      // No character starts between the halves of a surrogate pair.
      if (/[\uDC00-\uDFFF]/.test(line[m.index] ?? "") && /[\uD800-\uDBFF]/.test(line[m.index - 1] ?? "")) {
        re.lastIndex = m.index + 1
        continue
      }
      subs.push([enc.encode(line.slice(0, m.index)).length, enc.encode(line.slice(0, m.index + m[0].length)).length])
      if (m[0].length === 0) re.lastIndex = m.index + (line.codePointAt(m.index)! > 0xffff ? 2 : 1)
      if (re.lastIndex > line.length) break
    }
    if (subs.length > 0) out.push({ line: i + 1, subs })
  })
  return out
}

const summary = (text: string, p: string, o: Partial<PatternOptions> = {}) =>
  (matchesOf(text, p, o).lines as MatchedLine[]).map((l) => ({ line: l.line, subs: l.submatches.map((s) => [s.start, s.end]) }))

describe("search patterns", () => {
  it("refuses an empty pattern and reports an invalid regex with the engine's words", () => {
    expect(compilePattern("", opts())).toMatchObject({ ok: false, reason: "empty" })
    const bad = compilePattern("a(b", opts({ regex: true }))
    expect(bad).toMatchObject({ ok: false, reason: "invalid" })
    expect(!bad.ok && bad.message).toMatch(/Unterminated group/)
  })

  it("takes a literal as text, regex characters included", () => {
    expect(summary("a.b\naxb\n(x)[y]{z}*+?|^$\\/-\n", "a.b")).toEqual([{ line: 1, subs: [[0, 3]] }])
    expect(summary("(x)[y]{z}*+?|^$\\/-\n", "(x)[y]{z}*+?|^$\\/-")).toEqual([{ line: 1, subs: [[0, 18]] }])
  })

  it("finds every match of a line once, with byte offsets, a 1-based character column and the line's file offset", () => {
    const r = matchesOf("zero\néé foo foo\nfoo\n", "foo")
    expect(r.matchedLines).toBe(2)
    expect(r.matches).toBe(3)
    expect(r.lines[0]).toEqual({ kind: "match", line: 2, column: 4, offset: 5, text: "éé foo foo", submatches: [{ text: "foo", start: 5, end: 8 }, { text: "foo", start: 9, end: 12 }] })
    expect(r.lines[1]).toMatchObject({ line: 3, column: 1, offset: 18 })
  })

  it("keeps CRLF and CR out of the line's text, and a BOM out of line 1", () => {
    expect(matchesOf("\uFEFFfoo\r\nbar foo\r\n", "foo").lines).toMatchObject([
      { line: 1, text: "foo", offset: 3, column: 1 },
      { line: 2, text: "bar foo", offset: 8 }
    ])
    expect(matchesOf("a\r\nb\r\n", "\\r", { regex: true }).lines).toEqual([])
  })

  it("is line-oriented: a regex match never spans lines", () => {
    expect(summary("foo\nbar\n", "foo\\s+bar", { regex: true })).toEqual([])
    expect(summary("a b\nc\n", "\\s", { regex: true })).toEqual([{ line: 1, subs: [[1, 2]] }])
    expect(summary("ab\nab\n", "b[^x]*", { regex: true })).toEqual([{ line: 1, subs: [[1, 2]] }, { line: 2, subs: [[1, 2]] }])
  })

  it("matches whole words only with word, Unicode letters counting as word characters", () => {
    expect(summary("foo foobar barfoo (foo) éfoo foo_\n", "foo", { word: true })).toEqual([{ line: 1, subs: [[0, 3], [19, 22]] }])
  })

  it("ignores case with Unicode folding", () => {
    expect(summary("ÉCOLE école Ecole\n", "école", { ignoreCase: true })).toEqual([{ line: 1, subs: [[0, 6], [7, 13]] }])
  })

  it("stops after max lines and gives context without repeating lines", () => {
    const text = "1\n2 x\n3\n4 x\n5\n6\n7\n8 x\n9\n"
    const r = matchesOf(text, "x", {}, 1)
    expect(r.lines.map((l) => `${l.kind[0]}${l.line}`)).toEqual(["c1", "m2", "c3", "m4", "c5", "c7", "m8", "c9"])
    const limited = scanBytes(enc.encode(text), compile("x"), { context: 0, maxLines: 2 })
    expect(limited.lines.map((l) => l.line)).toEqual([2, 4])
    expect(scanBytes(enc.encode("a x\nb\n"), compile("x"), { context: 3 }).lines.map((l) => l.line)).toEqual([1, 2])
  })

  it("reports zero-length matches (^ matches every line, as in ripgrep)", () => {
    expect(summary("a\n\nb", "^", { regex: true })).toEqual([{ line: 1, subs: [[0, 0]] }, { line: 2, subs: [[0, 0]] }, { line: 3, subs: [[0, 0]] }])
  })

  it("agrees with a line-by-line reference on random texts and patterns (literal, regex, word, ignore-case)", () => {
    const unit = fc.constantFrom("a", "b", "A", " ", "\n", "é", "😀", "_", "\r\n")
    const literal = fc.string({ unit: fc.constantFrom("a", "b", "A", "é", "😀", " "), minLength: 1, maxLength: 3 })
    const regex = fc.constantFrom("a+", "b*", "[ab]", "a|b", "^a", "b$", "(a)(b)?", "\\s", ".", "[^a]", "\\w+", "😀.", "(?<=a)b", "a{2}", "A?b", "x*", "ab\\b", "b\\s*a", "a(?=\\s)", "(?<!\\S)b", "é\\w*")
    fc.assert(fc.property(fc.string({ unit, maxLength: 40 }), fc.oneof(literal.map((p) => ({ p, regex: false })), regex.map((p) => ({ p, regex: true }))), fc.boolean(), fc.boolean(), (text, { p, regex: isRegex }, word, ignoreCase) => {
      const o = { regex: isRegex, word, ignoreCase }
      expect(summary(text, p, o)).toEqual(reference(text, p, o))
    }), { numRuns: 1000 })
  })
})

describe("required literal (the prefilter)", () => {
  it("finds the text every match must hold", () => {
    expect(requiredLiteral("func\\s+\\w+\\(")).toBe("func")
    expect(requiredLiteral("foo(bar)+baz")).toBe("foo")
    expect(requiredLiteral("abc?d")).toBe("ab")
    expect(requiredLiteral("\\.then\\(")).toBe(".then(")
    expect(requiredLiteral("a|b")).toBeUndefined()
    expect(requiredLiteral("(foo)?bar")).toBeUndefined()
    expect(requiredLiteral("x😀?y")).toBe("x")
  })

  it("never names text a match can lack (property)", () => {
    const atom = fc.constantFrom("a", "b", "c", "ab", "[ab]", ".", "\\.", "\\d", "(a)", "(?:bc)", "(a|b)", "(ab)?", "é", "😀")
    const quant = fc.constantFrom("", "", "", "?", "*", "+", "{2}", "{0,2}", "{1,}")
    const regex = fc.array(fc.tuple(atom, quant).map(([a, q]) => a + q), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(""))
    fc.assert(fc.property(regex, fc.string({ unit: fc.constantFrom("a", "b", "c", ".", "1", "é", "😀"), maxLength: 12 }), (source, text) => {
      const lit = requiredLiteral(source)
      if (lit === undefined) return
      if (new RegExp(source, "u").test(text)) expect(text).toContain(lit)
    }), { numRuns: 3000 })
  })
})

describe("Unicode-aware escapes (as ripgrep's)", () => {
  it("\\w, \\d and \\b take letters and digits of every script", () => {
    expect(summary("func Example_世界() {}\n", "func \\w+\\(", { regex: true })).toEqual([{ line: 1, subs: [[0, 20]] }])
    expect(summary("٣ and 3\n", "\\d", { regex: true })).toEqual([{ line: 1, subs: [[0, 2], [7, 8]] }])
    expect(summary("élan élan\n", "\\bélan\\b", { regex: true })).toEqual([{ line: 1, subs: [[0, 5], [6, 11]] }])
    expect(summary("a-é_b\n", "[\\w-]+", { regex: true })).toEqual([{ line: 1, subs: [[0, 6]] }])
    expect(summary("x\\by\n", "[\\b]", { regex: true })).toEqual([])
  })
})

describe("the case-insensitive prefilter", () => {
  it("passes every file where an ignore-case match exists (property, with the letters whose case folds leave ASCII)", () => {
    const unit = fc.constantFrom("s", "S", "ſ", "k", "K", "K", "e", "É", "é", " ", "x")
    fc.assert(fc.property(fc.string({ unit, maxLength: 12 }), fc.string({ unit: fc.constantFrom("s", "k", "e", "x", "S"), minLength: 1, maxLength: 3 }), (text, needle) => {
      const p = compilePattern(needle, { regex: false, ignoreCase: true, word: false })
      if (!p.ok) throw new Error(p.message)
      const matches = p.pattern.regex.test(text)
      p.pattern.regex.lastIndex = 0
      if (matches) expect(p.pattern.requiredFolded!.test(Buffer.from(text).toString("latin1"))).toBe(true)
      expect(scanBytes(enc.encode(text), p.pattern, { context: 0 }).matchedLines > 0).toBe(matches && !text.includes("\n"))
    }), { numRuns: 2000 })
  })
})
