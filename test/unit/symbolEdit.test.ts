/** The pure text logic of `splice patch`, `delete` and `insert`: spacing, indentation, bodies, line breaks. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { detectLineEnding } from "../../src/domain/lineEndings.js"
import { indentBlock, indentUnit } from "../../src/domain/reindent.js"
import { appendToBody, commaAt, insertBeside, leavesBlockEmpty, ownsLines, removeSpan, replaceBody, replaceSpan } from "../../src/domain/symbolEdit/edits.js"
import { contentLines, cutFromFile, fitLines } from "../../src/domain/symbolEdit/fitText.js"
import { type Body, definitionParts, startsWithLeading, startsWithString } from "../../src/domain/symbolEdit/parts.js"
import { appendGap, insertionGap, removalLines, surroundings } from "../../src/domain/symbolEdit/spacing.js"
import { applyReplacement, textLines } from "../../src/domain/symbolEdit/textLines.js"

const lines = (s: string) => s.split("\n")
const tl = (text: string) => textLines(text, detectLineEnding(text))
/** [start, end) of the first occurrence of `piece` in `text`. */
const at = (text: string, piece: string, from = 0): [number, number] => {
  const i = text.indexOf(piece, from)
  if (i < 0) throw new Error(`no ${JSON.stringify(piece)}`)
  return [i, i + piece.length]
}
const braces = (text: string, open: string, close: string): Body => {
  const o = text.indexOf(open)
  return { kind: "braces", open: o + open.length - 1, close: text.indexOf(close, o + open.length) + close.length - 1 }
}

describe("fitting new code to its place", () => {
  it("drops blank lines around it and trailing spaces, keeps the ones inside", () => {
    expect(contentLines("\n\n  a  \n\n  b\r\n\n").lines).toEqual(["  a", "", "  b"])
  })

  it("keeps the lines inside a multi-line string as they are: neither re-indented nor counted, trailing spaces kept", () => {
    const pyFile = lines("class A:\n    def m(self):\n        return 1\n")
    const body = 'sql = """\nSELECT *  \n  FROM t\n"""\nreturn sql'
    // Relative to its least indented code line, moved to the body's place; the SQL's lines untouched.
    expect(fitLines(body, "        ", pyFile, "python")).toEqual(['        sql = """', "SELECT *  ", "  FROM t", '"""', "        return sql"])
    // Already at its place (string lines at column 0): only the code counts, so nothing moves.
    expect(fitLines('        sql = """\nSELECT *\n"""\n        return sql', "        ", pyFile, "python")).toEqual(['        sql = """', "SELECT *", '"""', "        return sql"])
    // A Go raw string and a TS template (with code inside ${…}) into 4-space and tab files.
    expect(fitLines("return `\nSELECT *\n    FROM t\n`", "\t", lines("func Q() string {\n\treturn \"\"\n}"), "go")).toEqual(["\treturn `", "SELECT *", "    FROM t", "`"])
    expect(fitLines("if (x) {\n    return `a\n    ${f({ b: 1 })}\n        c`\n}", "  ", lines("function g() {\n  return 1\n}"), "typescript"))
      .toEqual(["  if (x) {", "    return `a", "    ${f({ b: 1 })}", "        c`", "  }"])
    // Without the language, text is text (as before).
    expect(fitLines('x = """\nA\n"""', "    ", pyFile)).toEqual(['    x = """', "    A", '    """'])
  })

  it("takes the file's unit from its code, not from a doc comment's aligned ` * ` lines", () => {
    const ts = lines("/**\n * Doc.\n * More.\n */\nexport function g(x: number) {\n  if (x) {\n    return 2\n  }\n  return x\n}\n")
    expect(indentUnit(ts)).toBe("  ")
    expect(fitLines("if (x) {\n    return 2\n}\nreturn x", "  ", ts, "typescript")).toEqual(["  if (x) {", "    return 2", "  }", "  return x"])
    const java = lines("/**\n * Doc.\n */\nclass A {\n    int f() {\n        return 1;\n    }\n}\n")
    expect(indentUnit(java)).toBe("    ")
  })

  it("moves relative text to the target in the file's unit: spaces to tabs, tabs to spaces, 2 to 4 spaces", () => {
    const tabFile = ["class A {", "\tm() {", "\t\treturn 1", "\t}", "}"]
    expect(fitLines("n() {\n    return 2\n}", "\t", tabFile)).toEqual(["\tn() {", "\t\treturn 2", "\t}"])
    expect(fitLines("n() {\n  if (a) {\n    return 2\n  }\n}", "\t", tabFile)).toEqual(["\tn() {", "\t\tif (a) {", "\t\t\treturn 2", "\t\t}", "\t}"])
    const four = ["def f():", "    if x:", "        return 1"]
    expect(fitLines("def g():\n\tif y:\n\t\treturn 2\n", "    ", four)).toEqual(["    def g():", "        if y:", "            return 2"])
    expect(fitLines("def g():\n  if y:\n    return 2\n", "    ", four)).toEqual(["    def g():", "        if y:", "            return 2"])
    // A body's lines aligned rather than stepped show no unit: shifted, the alignment kept.
    expect(fitLines("x = f(a,\n      b)\nreturn x\n", "        ", four)).toEqual(["        x = f(a,", "              b)", "        return x"])
    expect(indentUnit(tabFile)).toBe("\t")
    expect(indentUnit(four)).toBe("    ")
    expect(indentUnit(["x = 1"])).toBe("    ")
  })

  it("takes text cut from the file as extract prints it (first line unindented) as it stands", () => {
    const extracted = "# The area\n    @property\n    def area(self):\n        return 1"
    expect(cutFromFile(lines(extracted), "    ")).toBe(true)
    expect(fitLines(extracted, "    ", [])).toEqual(["    # The area", "    @property", "    def area(self):", "        return 1"])
    expect(fitLines("get() {\n    return 1\n  }", "  ", [])).toEqual(["  get() {", "    return 1", "  }"])
    // A Python body written relative to its def, as deep as the target: not cut from the file.
    expect(cutFromFile(["def f():", "    return 1"], "    ")).toBe(false)
    expect(cutFromFile(["def f(a,", "        b):", "    return 1"], "    ")).toBe(false)
    expect(fitLines("def f():\n    return 1", "    ", ["class A:", "    x = 1"])).toEqual(["    def f():", "        return 1"])
    expect(cutFromFile(["get() {", "  return 1", "}"], "  ")).toBe(false)
  })

  it("moves lines by whole levels into a tab-indented file, keeps alignment past the last level, and makes blank lines empty", () => {
    expect(indentBlock(["if x:", "    y", "   ", "z"], "\t", ["\tif a:", "\t\tb"])).toEqual(["\tif x:", "\t\ty", "", "\tz"])
    expect(indentBlock(["if x:", "    f(a,", "      b)"], "\t", ["\tif a:", "\t\tb"])).toEqual(["\tif x:", "\t\tf(a,", "\t\t  b)"])
    // Aligned continuation lines in a body already at its place: nothing moves.
    const body = ["        s = ', '.join(a +", "                      b)", "        return s"]
    expect(indentBlock(body, "        ", ["    def f(self):", ...body])).toEqual(body)
    // A docstring's own 2-space indentation is text, not the unit: the step into the class body is.
    const cls = ["class F:", "    \"\"\"Doc.", "", "      - a bullet", "    \"\"\"", "    x = 1"]
    expect(indentBlock(cls, "", ["def g():", "    return 1"])).toEqual(cls)
    // A class's docstring with a line ending in ':' and a 2-space bullet under it: still the file's unit.
    const doc = ["class F:", "    \"\"\"Made from:", "", "      - a string", "    \"\"\"", "", "    def f(self):", "        return 1"]
    expect(indentBlock(doc, "", ["def g():", "    return 1"])).toEqual(doc)
    expect(indentBlock(["class F:", "  \"\"\"Doc.", "    - a bullet", "  \"\"\""], "", ["def g():", "    return 1"])).toEqual(["class F:", "    \"\"\"Doc.", "        - a bullet", "    \"\"\""])
  })
})

describe("the parts of a definition", () => {
  it("decorators at the start of TypeScript's span move the core past them; comments above extend the start", () => {
    const text = "/** Doc. */\n@a()\n@b\nexport class X {}\n"
    const [defStart] = at(text, "@a()")
    const trivia = [
      { start: 0, end: 11, kind: "comment" as const },
      { start: defStart, end: defStart + 4, kind: "decorator" as const },
      { start: defStart + 5, end: defStart + 7, kind: "decorator" as const }
    ]
    const p = definitionParts(text, defStart, text.length - 1, trivia)
    expect(p).toEqual({ start: 0, core: text.indexOf("export"), end: text.length - 1, docComment: true, decorators: true })
  })

  it("knows when new code brings its own comment or decorator", () => {
    expect(startsWithLeading("typescript", "  /** x */\nfunction f() {}")).toBe(true)
    expect(startsWithLeading("typescript", "@Component()\nclass A {}")).toBe(true)
    expect(startsWithLeading("python", "# note\ndef f(): pass")).toBe(true)
    expect(startsWithLeading("python", "@cache\ndef f(): pass")).toBe(true)
    expect(startsWithLeading("rust", "#[inline]\nfn f() {}")).toBe(true)
    expect(startsWithLeading("rust", "/// doc\nfn f() {}")).toBe(true)
    expect(startsWithLeading("go", "// F does\nfunc F() {}")).toBe(true)
    expect(startsWithLeading("typescript", "function f() { /* x */ }")).toBe(false)
    expect(startsWithLeading("python", "def f(): pass  # x")).toBe(false)
  })
})

describe("spacing", () => {
  it("tells siblings from edges", () => {
    const f = lines("class A {\n  a() {}\n\n  b() {}\n}")
    expect(surroundings(f, 1, 1)).toEqual({ above: 0, below: 1, aboveEdge: true, belowEdge: false })
    expect(surroundings(f, 3, 3)).toEqual({ above: 1, below: 0, aboveEdge: false, belowEdge: true })
  })

  it("a deletion leaves one gap: the larger between siblings, the edge's own padding, none between two edges", () => {
    const py = lines("class A:\n    def m(self): pass\n\n    def n(self): pass\n\n\ndef top(): pass")
    // n is last in its class: the two lines before top stay.
    expect(removalLines(py, 3, 3)).toEqual({ from: 2, to: 4 })
    const ts = lines("a\n\nb\n\n\nc")
    expect(removalLines(ts, 2, 2)).toEqual({ from: 1, to: 3 })
    const padded = lines("{\n\n  a\n\n}")
    expect(removalLines(padded, 2, 2)).toEqual({ from: 1, to: 4 })
    expect(removalLines(lines("{\n\n  a\n  b\n}"), 2, 2)).toEqual({ from: 2, to: 3 })
  })

  it("an insertion is separated as the siblings are, else by the fallback", () => {
    const f = lines("x\n\n\ny\n\n\nz")
    expect(insertionGap(f, 3, 3, "after", 1)).toBe(2)
    expect(insertionGap(lines("class A {\n  a = 1\n}"), 1, 1, "after", 1)).toBe(1)
    expect(insertionGap(lines("const a = 1\nconst b = 2"), 0, 0, "after", 1)).toBe(0)
  })
})

describe("removal", () => {
  it("removes a definition with its doc comment and one blank run", () => {
    const text = "import x\n\n/** a */\nfunction a() {\n  return 1\n}\n\nfunction b() {}\n"
    const [start] = at(text, "/** a */")
    const end = text.indexOf("}\n") + 1
    const p = removeSpan(tl(text), start, end)
    expect(applyReplacement(text, p.replacement)).toBe("import x\n\nfunction b() {}\n")
    expect(p.lines).toEqual({ from: 3, to: 6 })
  })

  it("the last definition of a file without a final line break takes the break before it", () => {
    const text = "a()\n\nfunction b() {}"
    const [s, e] = at(text, "function b() {}")
    expect(applyReplacement(text, removeSpan(tl(text), s, e).replacement)).toBe("a()")
  })

  it("a declarator sharing its statement goes with its comma; one sharing a line with its spaces", () => {
    const text = "export const a = 1, b = 2\nconst c = 1; const d = 2\n"
    const t = tl(text)
    expect(applyReplacement(text, removeSpan(t, ...at(text, "a = 1")).replacement)).toBe("export const b = 2\nconst c = 1; const d = 2\n")
    expect(applyReplacement(text, removeSpan(t, ...at(text, "b = 2")).replacement)).toBe("export const a = 1\nconst c = 1; const d = 2\n")
    expect(applyReplacement(text, removeSpan(t, ...at(text, "const c = 1;")).replacement)).toBe("export const a = 1, b = 2\nconst d = 2\n")
    expect(ownsLines(t, ...at(text, "const c = 1;"))).toBe(false)
  })

  it("keeps CRLF line breaks", () => {
    const text = "a\r\n\r\nfunction b() {\r\n}\r\n\r\nc\r\n"
    const [s] = at(text, "function")
    const e = text.indexOf("}") + 1
    expect(applyReplacement(text, removeSpan(tl(text), s, e).replacement)).toBe("a\r\n\r\nc\r\n")
  })
})

describe("replacement", () => {
  it("a whole definition, its first line where it starts, the rest indented from there, CRLF kept", () => {
    const text = "class A {\r\n\tget() {\r\n\t\treturn 1\r\n\t}\r\n}\r\n"
    const [s] = at(text, "get()")
    const e = text.indexOf("\t}") + 2
    const p = replaceSpan(tl(text), s, e, "get(): number {\n    return 2\n}\n")
    expect(applyReplacement(text, p.replacement)).toBe("class A {\r\n\tget(): number {\r\n\t\treturn 2\r\n\t}\r\n}\r\n")
    expect(p.lines).toEqual({ from: 2, to: 4 })
  })

  it("a multi-line brace body, the lines between the braces", () => {
    const text = "function f(a = {}) {\n  const x = 1\n  return x\n}\n"
    const p = replaceBody(tl(text), braces(text, ") {", "\n}"), "return 42")
    expect(applyReplacement(text, p.replacement)).toBe("function f(a = {}) {\n  return 42\n}\n")
    expect(p.lines).toEqual({ from: 2, to: 2 })
  })

  it("a one-line brace body stays on one line for one line, gets lines of its own for more", () => {
    const text = "  m() { return 1 }\n"
    const b = braces(text, "{", "}")
    expect(applyReplacement(text, replaceBody(tl(text), b, "return 2").replacement)).toBe("  m() { return 2 }\n")
    expect(applyReplacement(text, replaceBody(tl(text), b, "const y = 2\nreturn y").replacement)).toBe("  m() {\n      const y = 2\n      return y\n  }\n")
    expect(applyReplacement(text, replaceBody(tl(text), b, "return 2 // two").replacement)).toBe("  m() {\n      return 2 // two\n  }\n")
    const empty = "func F() {}\n"
    expect(applyReplacement(empty, replaceBody(tl(empty), braces(empty, "{", "}"), "return").replacement)).toBe("func F() { return }\n")
  })

  it("a Python block, and a one-line block made a block of its own", () => {
    const text = "def f(x):\n    y = x\n    return y\n\n\ndef g(): return 1\n"
    const [bs] = at(text, "y = x")
    const be = text.indexOf("return y") + "return y".length
    expect(applyReplacement(text, replaceBody(tl(text), { kind: "block", start: bs, end: be }, "if x:\n    return 0\nreturn x").replacement))
      .toBe("def f(x):\n    if x:\n        return 0\n    return x\n\n\ndef g(): return 1\n")
    const [os, oe] = at(text, "return 1")
    expect(applyReplacement(text, replaceBody(tl(text), { kind: "block", start: os, end: oe }, "x = 1\nreturn x").replacement))
      .toBe("def f(x):\n    y = x\n    return y\n\n\ndef g():\n    x = 1\n    return x\n")
  })
})

describe("a Python docstring in --body", () => {
  const text = 'def f(x):\n    """Doc.\n\n    More.\n    """\n\n    return x\n'
  const [bs] = at(text, '"""Doc.')
  const be = text.indexOf("return x") + "return x".length
  const docEnd = text.indexOf('"""', bs + 3) + 3
  const body: Body = { kind: "block", start: bs, end: be, docEnd }

  it("stays, with the blank line after it, unless the new body brings its own", () => {
    expect(applyReplacement(text, replaceBody(tl(text), body, "return 2 * x").replacement)).toBe('def f(x):\n    """Doc.\n\n    More.\n    """\n\n    return 2 * x\n')
    expect(applyReplacement(text, replaceBody(tl(text), body, '"""New."""\nreturn 0').replacement)).toBe('def f(x):\n    """New."""\n    return 0\n')
    expect(startsWithString("r'''x'''")).toBe(true)
    expect(startsWithString("return ''")).toBe(false)
  })

  it("a body that is only a docstring gets the new lines after it", () => {
    const only = 'def f():\n    """Doc."""\n'
    const [s, e] = at(only, '"""Doc."""')
    const p = replaceBody(tl(only), { kind: "block", start: s, end: e, docEnd: e }, "pass")
    expect(applyReplacement(only, p.replacement)).toBe('def f():\n    """Doc."""\n    pass\n')
    expect(p.lines).toEqual({ from: 3, to: 3 })
  })
})

describe("insertion", () => {
  it("after and before a definition, at its indentation, separated as its siblings are", () => {
    const text = "class A {\n  a() {}\n\n  b() {}\n}\n"
    const t = tl(text)
    const [s, e] = at(text, "a() {}")
    expect(applyReplacement(text, insertBeside(t, s, e, "after", "n() {\n  return 1\n}", 1).replacement)).toBe("class A {\n  a() {}\n\n  n() {\n    return 1\n  }\n\n  b() {}\n}\n")
    expect(applyReplacement(text, insertBeside(t, s, e, "before", "n() {}", 1).replacement)).toBe("class A {\n  n() {}\n\n  a() {}\n\n  b() {}\n}\n")
    const p = insertBeside(t, s, e, "after", "n() {}", 1)
    expect(p.lines).toEqual({ from: 4, to: 4 })
  })

  it("at the end of a brace body: after its last item, before the padding and the brace", () => {
    const text = "struct S {\n\ta int\n\tb int\n}\n"
    expect(applyReplacement(text, appendToBody(tl(text), braces(text, "{", "\n}"), "c int").replacement)).toBe("struct S {\n\ta int\n\tb int\n\tc int\n}\n")
    const cls = "class A {\n  m() {\n    return 1\n  }\n}\n"
    const p = appendToBody(tl(cls), braces(cls, "A {", "\n}"), "n() {}")
    expect(applyReplacement(cls, p.replacement)).toBe("class A {\n  m() {\n    return 1\n  }\n\n  n() {}\n}\n")
    expect(p.lines).toEqual({ from: 6, to: 6 })
  })

  it("an empty or one-line body gets lines of its own", () => {
    const text = "class A {}\n"
    expect(applyReplacement(text, appendToBody(tl(text), braces(text, "{", "}"), "x = 1").replacement)).toBe("class A {\n    x = 1\n}\n")
    const one = "  interface I { a: string }\n"
    expect(applyReplacement(one, appendToBody(tl(one), braces(one, "{", "}"), "b: number").replacement)).toBe("  interface I {\n      a: string\n      b: number\n  }\n")
    const py = "class A: pass\n"
    const [s, e] = at(py, "pass")
    expect(applyReplacement(py, appendToBody(tl(py), { kind: "block", start: s, end: e }, "def m(self):\n    return 1").replacement)).toBe("class A:\n    pass\n\n    def m(self):\n        return 1\n")
  })

  it("at the end of a Python class body, before the blank lines that end the class", () => {
    const text = "class A:\n    x = 1\n\n    def m(self):\n        return 1\n\n\ndef top(): pass\n"
    const [bs] = at(text, "x = 1")
    const be = text.indexOf("return 1") + "return 1".length
    expect(applyReplacement(text, appendToBody(tl(text), { kind: "block", start: bs, end: be }, "def n(self):\n    return 2").replacement))
      .toBe("class A:\n    x = 1\n\n    def m(self):\n        return 1\n\n    def n(self):\n        return 2\n\n\ndef top(): pass\n")
  })
})

/** A generated file: items (one-line or with a body) at one level, top-level or in a class, in one style. */
interface Gen {
  readonly text: string
  /** Each item's [start, end) in the text, and its text as `splice extract` gives it (first line unindented). */
  readonly items: ReadonlyArray<{ readonly start: number; readonly end: number; readonly code: string }>
  readonly unit: string
  readonly nl: string
}

const styleArb = fc.record({
  unit: fc.constantFrom("\t", "  ", "    "),
  nl: fc.constantFrom("\n", "\r\n"),
  inClass: fc.boolean(),
  header: fc.boolean()
})

const itemArb = fc.record({ bodyLines: fc.integer({ min: 0, max: 3 }), doc: fc.boolean() })

const build = (style: { unit: string; nl: string; inClass: boolean; header: boolean }, shapes: ReadonlyArray<{ bodyLines: number; doc: boolean }>, gaps: ReadonlyArray<number>): Gen => {
  const base = style.inClass ? style.unit : ""
  const out: string[] = []
  const spans: Array<[number, number]> = []
  if (style.header) out.push("import x", ...Array<string>(gaps[0]!).fill(""))
  if (style.inClass) out.push("class K {")
  shapes.forEach((s, i) => {
    if (i > 0) out.push(...Array<string>(gaps[i]!).fill(""))
    const first = out.length
    if (s.doc) out.push(`${base}/** item ${i} */`)
    if (s.bodyLines === 0) out.push(`${base}f${i}() {}`)
    else out.push(`${base}f${i}() {`, ...Array.from({ length: s.bodyLines }, (_, k) => `${base}${style.unit}x${k}()`), `${base}}`)
    spans.push([first, out.length - 1])
  })
  if (style.inClass) out.push("}")
  const text = out.join(style.nl) + style.nl
  const starts: number[] = []
  let at = 0
  for (const l of out) {
    starts.push(at)
    at += l.length + style.nl.length
  }
  const items = spans.map(([a, b]) => {
    const start = starts[a]! + base.length
    const end = starts[b]! + out[b]!.length
    return { start, end, code: text.slice(start, end) }
  })
  return { text, items, unit: style.unit, nl: style.nl }
}

const genArb = (uniform: boolean) =>
  fc.tuple(styleArb, fc.array(itemArb, { minLength: 3, maxLength: 6 }), fc.integer({ min: 0, max: 2 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 7, maxLength: 7 }))
    .map(([style, shapes, gap, gaps]) => build(style, shapes, uniform ? gaps.map(() => gap) : gaps))

describe("properties", () => {
  it("deleting a definition, then inserting its text next to a sibling, gives the file back", () => {
    fc.assert(fc.property(genArb(true), fc.nat(), (g, pick) => {
      const i = pick % g.items.length
      const item = g.items[i]!
      const removal = removeSpan(tl(g.text), item.start, item.end).replacement
      const without = applyReplacement(g.text, removal)
      const shift = (x: number) => (x >= removal.end ? x - (removal.end - removal.start) : x)
      const t = tl(without)
      const back = i === 0
        ? insertBeside(t, shift(g.items[1]!.start), shift(g.items[1]!.end), "before", item.code, 1)
        : insertBeside(t, shift(g.items[i - 1]!.start), shift(g.items[i - 1]!.end), "after", item.code, 1)
      expect(applyReplacement(without, back.replacement)).toBe(g.text)
    }), { numRuns: 300 })
  })

  it("inserting new code next to a definition or at the end of the body, then deleting it, gives the file back", () => {
    fc.assert(fc.property(genArb(false), fc.nat(), fc.constantFrom("after", "before", "in"), fc.integer({ min: 0, max: 2 }), (g, pick, where, size) => {
      const anchor = g.items[pick % g.items.length]!
      const code = size === 0 ? "added() {}" : `added() {\n${"    y()\n".repeat(size)}}`
      const t = tl(g.text)
      let planned
      if (where === "in") {
        const open = g.text.indexOf("class K {")
        if (open < 0) return
        planned = appendToBody(t, { kind: "braces", open: open + 8, close: g.text.lastIndexOf("}") }, code)
      } else planned = insertBeside(t, anchor.start, anchor.end, where, code, 1)
      const withCode = applyReplacement(g.text, planned.replacement)
      const u = tl(withCode)
      const first = planned.lines.from - 1
      const last = planned.lines.to - 1
      expect(u.lines[first]!.trimStart()).toBe("added() {" + (size === 0 ? "}" : ""))
      const start = u.starts[first]! + (u.lines[first]!.length - u.lines[first]!.trimStart().length)
      const end = u.starts[last]! + u.lines[last]!.length
      expect(applyReplacement(withCode, removeSpan(u, start, end).replacement)).toBe(g.text)
    }), { numRuns: 300 })
  })

  it("new code written with LF and 4-space steps lands with the file's line breaks and indentation unit", () => {
    fc.assert(fc.property(genArb(false), fc.nat(), (g, pick) => {
      // A file none of whose lines is indented shows no unit (the text then keeps its own).
      fc.pre(tl(g.text).lines.some((l) => l.startsWith(g.unit)))
      const anchor = g.items[pick % g.items.length]!
      const p = insertBeside(tl(g.text), anchor.start, anchor.end, "after", "added() {\n    if (a) {\n        b()\n    }\n}\n", 1)
      const out = applyReplacement(g.text, p.replacement)
      if (g.nl === "\r\n") expect(out.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/)
      const added = tl(out).lines.slice(p.lines.from - 1, p.lines.to)
      const level = (l: string) => (l.length - l.trimStart().length) / g.unit.length
      expect(added.map((l) => l.slice(0, l.length - l.trimStart().length).replaceAll(g.unit, ""))).toEqual(["", "", "", "", ""])
      expect(added.map(level).map((n) => n - level(added[0]!))).toEqual([0, 1, 2, 1, 0])
    }), { numRuns: 300 })
  })
})

describe("what a symbol edit leaves valid", () => {
  const lines = (text: string) => textLines(text, "lf", "python")
  it("leavesBlockEmpty: comments and blank lines are no statement, a docstring or another definition is; a module may be empty", () => {
    expect(leavesBlockEmpty(lines("class A:\n    def f(self):\n        return 1\n    # after\n\nx = 1\n"), 1, 2)).toBe(true)
    expect(leavesBlockEmpty(lines("class A:\n    \"\"\"Doc.\"\"\"\n    def f(self):\n        return 1\n"), 2, 3)).toBe(false)
    expect(leavesBlockEmpty(lines("class A:\n    def f(self):\n        return 1\n    def g(self):\n        return 2\n"), 1, 2)).toBe(false)
    expect(leavesBlockEmpty(lines("def f():\n    return 1\n"), 0, 1)).toBe(false)
  })

  it("commaAt: after the code, before a comment outside strings; none after a separator, an opening or a comment line", () => {
    expect(commaAt("  Green // the green")).toBe(7)
    expect(commaAt("  Y = \"a//b\"")).toBe(12)
    expect(commaAt("  B { x: u8 } /* c */")).toBe(13)
    for (const l of ["  A,", "  A;", "  B {", "  // note", ""]) expect(commaAt(l), l).toBeUndefined()
  })

  it("appendGap: the neighbours' blank runs; none between items that have none (a JSDoc block's stars are no depth); one after a lone method", () => {
    const p = ["  /**", "   * A.", "   */", "  a: string", "  /** B. */", "  b: number"]
    expect(appendGap(p, 0, p.length - 1, ["  c: boolean"])).toBe(0)
    expect(appendGap(["  a() {", "    return 1", "  }"], 0, 2, ["  b() {", "    return 2", "  }"])).toBe(1)
    expect(appendGap(["  a = 1", "", "  b = 2"], 0, 2, ["  c = 3"])).toBe(1)
  })
})
