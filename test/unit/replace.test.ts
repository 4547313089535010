import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { compilePattern, type PatternOptions } from "../../src/domain/search/pattern.js"
import { parseTemplate, replaceAll } from "../../src/domain/search/replace.js"

const compile = (p: string, o: Partial<PatternOptions> = {}) => {
  const c = compilePattern(p, { regex: false, ignoreCase: false, word: false, ...o })
  if (!c.ok) throw new Error(c.message)
  return c.pattern
}
const template = (t: string, p: ReturnType<typeof compile>) => {
  const r = parseTemplate(t, p.groups, p.groupNames)
  if (!r.ok) throw new Error(r.message)
  return r.parts
}

describe("replace", () => {
  it("a literal pattern and replacement: every occurrence, $ taken as itself", () => {
    expect(replaceAll("a.b a.b axb", compile("a.b"), "$1 & $&", "lf")).toEqual({ text: "$1 & $& $1 & $& axb", count: 2 })
  })

  it("regex capture groups by number and name, $&, $$ and the text around", () => {
    const p = compile("(?<key>\\w+)=(\\d+)", { regex: true })
    expect(replaceAll("a=1, b=22", p, template("$2:$<key> [$&] $$", p), "lf")).toEqual({ text: "1:a [a=1] $, 22:b [b=22] $", count: 2 })
    const q = compile("b", { regex: true })
    expect(replaceAll("abc", q, template("[$`|$']", q), "lf").text).toBe("a[a|c]c")
  })

  it("refuses a reference to a group the pattern lacks, and $0", () => {
    const p = compile("(a)", { regex: true })
    expect(parseTemplate("$2", p.groups, p.groupNames)).toMatchObject({ ok: false, reference: "$2" })
    expect(parseTemplate("$0", p.groups, p.groupNames)).toMatchObject({ ok: false, reference: "$0" })
    expect(parseTemplate("$<x>", p.groups, p.groupNames)).toMatchObject({ ok: false, reference: "$<x>" })
    expect(parseTemplate("$10", p.groups, p.groupNames)).toEqual({ ok: true, parts: [{ kind: "group", group: 1 }, { kind: "text", text: "0" }] })
    expect(parseTemplate("cost $ 5 $<", p.groups, p.groupNames)).toEqual({ ok: true, parts: [{ kind: "text", text: "cost $ 5 $<" }] })
  })

  it("newlines of the pattern and the replacement follow the file's line endings", () => {
    expect(replaceAll("a\r\nb\r\n", compile("a\nb"), "x\ny\nz", "crlf")).toEqual({ text: "x\r\ny\r\nz\r\n", count: 1 })
    expect(replaceAll("a\r\nb\r\n", compile("A\nB", { ignoreCase: true }), "c", "crlf")).toEqual({ text: "c\r\n", count: 1 })
  })

  it("whole words and ignore-case", () => {
    expect(replaceAll("foo Foo food", compile("foo", { word: true, ignoreCase: true }), "bar", "lf")).toEqual({ text: "bar bar food", count: 2 })
  })

  it("agrees with String.prototype.replace for every valid template (property)", () => {
    const regex = fc.constantFrom("(a)(b)?", "(?<x>a+)", "b*", "(a)|(b)", "^a", "\\w")
    const tmpl = fc.string({ unit: fc.constantFrom("$1", "$2", "$&", "$$", "$<x>", "$`", "$'", "-", "z", "$"), maxLength: 6 })
    fc.assert(fc.property(regex, tmpl, fc.string({ unit: fc.constantFrom("a", "b", "c", "\n"), maxLength: 16 }), (src, t, text) => {
      const p = compile(src, { regex: true })
      const parsed = parseTemplate(t, p.groups, p.groupNames)
      if (!parsed.ok) return
      const expected = text.replace(new RegExp(p.regex.source, p.regex.flags), t)
      expect(replaceAll(text, p, parsed.parts, "lf").text).toBe(expected)
    }), { numRuns: 2000 })
  })

  it("a literal replace is split-and-join (property)", () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom("a", "b", "é", "😀"), maxLength: 20 }), fc.string({ unit: fc.constantFrom("a", "b", "é"), minLength: 1, maxLength: 3 }), fc.string({ maxLength: 4 }), (text, needle, by) => {
      expect(replaceAll(text, compile(needle), by, "lf")).toEqual({ text: text.split(needle).join(by), count: text.split(needle).length - 1 })
    }))
  })
})
