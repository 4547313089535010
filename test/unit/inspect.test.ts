/** The pure parts of stat, diff, extract and query: encodings, line-ending census, spans, leading trivia, hunks. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { contentFacts, octalMode } from "../../src/domain/contentFacts.js"
import { diffLines, hunksOf, renderHunks, splitAtLf, splitKeepEnds, unifiedDiff } from "../../src/domain/diff.js"
import { detectEncoding } from "../../src/domain/encoding.js"
import { narrowDefinitions } from "../../src/domain/graph/definitions.js"
import { byteOffsets } from "../../src/domain/graph/offsets.js"
import { leadingTrivia, type Trivia } from "../../src/domain/leadingTrivia.js"
import { countLineEndings, lineEndingStyle } from "../../src/domain/lineEndings.js"
import { similarNames } from "../../src/domain/similarity.js"
import { indexOfByte, spanLocator } from "../../src/domain/textSpan.js"

const bytes = (...b: number[]) => new Uint8Array(b)
const utf8 = (s: string) => new TextEncoder().encode(s)

describe("detectEncoding", () => {
  it("UTF-8 with and without a BOM, binary, unknown-8bit", () => {
    expect(detectEncoding(utf8("héllo\n"))).toEqual({ encoding: "utf-8", bom: false, text: "héllo\n" })
    expect(detectEncoding(bytes(0xef, 0xbb, 0xbf, 0x61))).toEqual({ encoding: "utf-8", bom: true, text: "a" })
    expect(detectEncoding(bytes(0x61, 0x00, 0x62)).encoding).toBe("binary")
    // "café" in Latin-1: not UTF-8, no NUL.
    expect(detectEncoding(bytes(0x63, 0x61, 0x66, 0xe9))).toEqual({ encoding: "unknown-8bit", bom: false, text: undefined })
    expect(detectEncoding(new Uint8Array(0))).toEqual({ encoding: "utf-8", bom: false, text: "" })
  })

  it("UTF-16 and UTF-32 by their BOM, both byte orders; a torn one is binary", () => {
    expect(detectEncoding(bytes(0xff, 0xfe, 0x68, 0x00, 0x0a, 0x00))).toEqual({ encoding: "utf-16le", bom: true, text: "h\n" })
    expect(detectEncoding(bytes(0xfe, 0xff, 0x00, 0x68, 0xd8, 0x3d, 0xde, 0x00))).toEqual({ encoding: "utf-16be", bom: true, text: "h😀" })
    expect(detectEncoding(bytes(0xff, 0xfe, 0x00, 0x00, 0x68, 0x00, 0x00, 0x00))).toEqual({ encoding: "utf-32le", bom: true, text: "h" })
    expect(detectEncoding(bytes(0x00, 0x00, 0xfe, 0xff, 0x00, 0x01, 0xf6, 0x00))).toEqual({ encoding: "utf-32be", bom: true, text: "😀" })
    expect(detectEncoding(bytes(0xff, 0xfe, 0x68)).encoding).toBe("binary")
    expect(detectEncoding(bytes(0x00, 0x00, 0xfe, 0xff, 0x00, 0x11, 0x00, 0x00)).encoding).toBe("binary") // past U+10FFFF
  })

  it("any string written as UTF-16LE or UTF-32BE with a BOM reads back (property)", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => {
      const units = Array.from({ length: s.length }, (_, i) => s.charCodeAt(i))
      const le = bytes(0xff, 0xfe, ...units.flatMap((u) => [u & 0xff, u >> 8]))
      expect(detectEncoding(le)).toEqual({ encoding: "utf-16le", bom: true, text: s })
      const be32 = bytes(0x00, 0x00, 0xfe, 0xff, ...[...s].flatMap((c) => {
        const cp = c.codePointAt(0)!
        return [cp >>> 24, (cp >> 16) & 0xff, (cp >> 8) & 0xff, cp & 0xff]
      }))
      expect(detectEncoding(be32)).toEqual({ encoding: "utf-32be", bom: true, text: s })
    }))
  })
})

describe("line-ending census", () => {
  it("counts each kind and calls several mixed", () => {
    expect(countLineEndings("a\r\nb\nc\rd\r\n")).toEqual({ lf: 1, crlf: 2, cr: 1 })
    expect(lineEndingStyle(countLineEndings("a\r\nb\n"))).toBe("mixed")
    expect(lineEndingStyle(countLineEndings("a\r\nb\r\n"))).toBe("crlf")
    expect(lineEndingStyle(countLineEndings("a\rb"))).toBe("cr")
    expect(lineEndingStyle(countLineEndings("abc"))).toBe("none")
  })

  it("contentFacts: text facts for text, nulls for what is not", () => {
    expect(contentFacts(utf8("a\r\nb\nc"))).toEqual({ encoding: "utf-8", bom: false, line_ending: "mixed", line_endings: { lf: 1, crlf: 1, cr: 0 }, lines: 3 })
    expect(contentFacts(bytes(0, 1, 2))).toEqual({ encoding: "binary", bom: false, line_ending: null, line_endings: null, lines: null })
    expect(contentFacts(bytes(0xff, 0xfe, 0x61, 0x00, 0x0d, 0x00, 0x0a, 0x00))).toMatchObject({ encoding: "utf-16le", bom: true, line_ending: "crlf", lines: 1 })
    expect(octalMode(0o100644 & 0o7777)).toBe("0644")
    expect(octalMode(0o4755)).toBe("4755")
  })
})

describe("spans", () => {
  it("lines by LF, CRLF and CR; byte columns; file offsets past a BOM", () => {
    const text = "ab\r\ncé\rx\ny"
    const locate = spanLocator(text, 3)
    // "é" is two bytes: column 3 of line 2 is after it.
    expect(locate(4, 6)).toEqual({ start_line: 2, start_col: 1, end_line: 2, end_col: 4, start_byte: 3 + 4, end_byte: 3 + 7 })
    expect(locate(7, 8)).toEqual({ start_line: 3, start_col: 1, end_line: 3, end_col: 2, start_byte: 3 + 8, end_byte: 3 + 9 })
    expect(locate(0, text.length)).toMatchObject({ start_line: 1, end_line: 4, end_col: 2, end_byte: 3 + 11 })
  })

  it("indexOfByte inverts byteOffsets at every character boundary (property)", () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom("a", "é", "€", "😀", "\n") }), (s) => {
      const toByte = byteOffsets(s)
      const toIndex = indexOfByte(s)
      for (let i = 0; i <= s.length; i++) {
        // The low half of a surrogate pair is no boundary.
        if (i > 0 && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff) continue
        expect(toIndex(toByte(i))).toBe(i)
      }
    }))
  })
})

describe("leadingTrivia", () => {
  const at = (text: string, needle: string) => text.indexOf(needle)
  const node = (text: string, piece: string, kind: Trivia["kind"]): Trivia => ({ start: at(text, piece), end: at(text, piece) + piece.length, kind })

  it("takes the comment and decorators right above, not what a blank line separates", () => {
    const text = "# licence\n\n# Adds.\n@cache\ndef add(): pass\n"
    const r = leadingTrivia(text, at(text, "def"), [node(text, "# licence", "comment"), node(text, "# Adds.", "comment"), node(text, "@cache", "decorator")])
    expect(r).toEqual({ start: at(text, "# Adds."), docComment: true, decorators: true })
  })

  it("not a trailing comment of the line above", () => {
    const text = "x = 1  # note\ndef f(): pass\n"
    expect(leadingTrivia(text, at(text, "def"), [node(text, "# note", "comment")])).toEqual({ start: at(text, "def"), docComment: false, decorators: false })
  })

  it("a comment node that keeps its own line break still stops at a blank line", () => {
    const text = "// a\n\n/// doc\nfn f() {}\n"
    const r = leadingTrivia(text, at(text, "fn"), [node(text, "// a\n", "comment"), node(text, "/// doc\n", "comment")])
    expect(r.start).toBe(at(text, "/// doc"))
  })

  it("nested trivia inside a taken comment, and CRLF line breaks", () => {
    const text = "/**\r\n * Doc.\r\n */\r\n#[inline]\r\nfn f() {}"
    const doc = node(text, "/**\r\n * Doc.\r\n */", "comment")
    const inner = { start: doc.start + 3, end: doc.end - 2, kind: "comment" as const }
    const r = leadingTrivia(text, at(text, "fn"), [inner, doc, node(text, "#[inline]", "decorator")])
    expect(r).toEqual({ start: 0, docComment: true, decorators: true })
  })
})

describe("choosing a definition", () => {
  const d = (qualifiedName: string, kind = "function", signature = "f()") => ({ qualifiedName, kind, signature })
  it("a declaration and its body are one; a qualified name picks one; otherwise ambiguous", () => {
    expect(narrowDefinitions([d("f", "function", "int f(void);"), d("f", "function", "int f(void)")], "f", (x) => x)).toEqual([d("f", "function", "int f(void)")])
    expect(narrowDefinitions([d("A.area", "method"), d("B.area", "method")], "B.area", (x) => x)).toEqual([d("B.area", "method")])
    expect(narrowDefinitions([d("A.area", "method"), d("B.area", "method")], "area", (x) => x)).toHaveLength(2)
  })

  it("similarNames ranks close names first", () => {
    expect(similarNames("functon_definition", ["function_definition", "class_definition", "identifier"])[0]).toBe("function_definition")
    expect(similarNames("zzz", ["function_definition"])).toEqual([])
  })
})

describe("hunks", () => {
  it("applied by their header numbers, they turn the old lines into the new, at any context (property)", () => {
    const text = fc.array(fc.constantFrom("a\n", "b\n", "c\n", "d"), { maxLength: 25 }).map((l) => l.join(""))
    fc.assert(fc.property(text, text, fc.integer({ min: 0, max: 4 }), (a, b, context) => {
      const old = splitKeepEnds(a)
      const hunks = hunksOf(diffLines(old, splitKeepEnds(b)), context)
      const out: string[] = []
      let at = 0
      for (const h of hunks) {
        const start = h.oldLines === 0 ? h.oldStart : h.oldStart - 1
        expect(start).toBeGreaterThanOrEqual(at)
        out.push(...old.slice(at, start))
        at = start
        // The new side's numbering agrees with what has been produced so far.
        expect(h.newLines === 0 ? h.newStart : h.newStart - 1).toBe(out.length)
        expect([h.ops.filter((o) => o.tag !== "+").length, h.ops.filter((o) => o.tag !== "-").length]).toEqual([h.oldLines, h.newLines])
        for (const o of h.ops) {
          if (o.tag !== "+") expect(old[at++]).toBe(o.line)
          if (o.tag !== "-") out.push(o.line)
        }
      }
      out.push(...old.slice(at))
      expect(out.join("")).toBe(b)
      expect(renderHunks(hunks, "a/f", "b/f")).toBe(unifiedDiff(a, b, "f", context))
    }), { numRuns: 300 })
  })

  it("keepEndings prints each line as split at LF, CR included; by default every line ends in \\n", () => {
    const raw = hunksOf(diffLines(splitAtLf("a\r\nb\r\n"), splitAtLf("a\r\nc\r")), 1)
    expect(renderHunks(raw, "a/f", "b/f", { keepEndings: true })).toBe("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n\\ No newline at end of file\n")
    const shown = hunksOf(diffLines(splitKeepEnds("a\r\nb\r\n"), splitKeepEnds("a\r\nc\r\n")), 1)
    expect(renderHunks(shown, "a/f", "b/f")).toBe("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n")
    // A CR-only file is one line to diff(1): so it is here.
    expect(splitAtLf("a\rb\rc\n")).toEqual(["a\rb\rc\n"])
  })

  it("a patch printed with keepEndings restores the new bytes exactly, CR and CRLF included (property)", () => {
    /** A byte-exact applier: lines split at LF, "\\ No newline" drops the LF the patch added. */
    const apply = (before: string, patch: string): string => {
      const src = splitAtLf(before)
      const lines = splitAtLf(patch).slice(2)
      const out: string[] = []
      let at = 0
      for (let i = 0; i < lines.length;) {
        const m = /^@@ -(\d+),(\d+) \+\d+,\d+ @@\n$/.exec(lines[i]!)!
        const start = m[2] === "0" ? Number(m[1]) : Number(m[1]) - 1
        out.push(...src.slice(at, start))
        at = start
        for (i++; i < lines.length && !lines[i]!.startsWith("@@"); i++) {
          let body = lines[i]!.slice(1)
          if (lines[i + 1] === "\\ No newline at end of file\n") body = body.slice(0, -1)
          if (lines[i]![0] !== "+") expect(src[at++]).toBe(body)
          if (lines[i]![0] !== "-") out.push(body)
          if (lines[i + 1] === "\\ No newline at end of file\n") i++
        }
      }
      return out.concat(src.slice(at)).join("")
    }
    const text = fc.array(fc.constantFrom("a", "b", "\r", "\n", "\r\n"), { maxLength: 30 }).map((l) => l.join(""))
    fc.assert(fc.property(text, text, fc.integer({ min: 0, max: 3 }), (a, b, context) => {
      const patch = renderHunks(hunksOf(diffLines(splitAtLf(a), splitAtLf(b)), context), "a/f", "b/f", { keepEndings: true })
      expect(apply(a, patch)).toBe(b)
    }), { numRuns: 500 })
  })

  it("context 0 keeps only the changed lines; headers count from 1, 0 for an empty side", () => {
    const h = hunksOf(diffLines(splitKeepEnds("a\nb\nc\n"), splitKeepEnds("a\nB\nc\nd\n")), 0)
    expect(h.map((x) => [x.oldStart, x.oldLines, x.newStart, x.newLines])).toEqual([[2, 1, 2, 1], [3, 0, 4, 1]])
    expect(hunksOf(diffLines([], splitKeepEnds("x\n")), 3).map((x) => [x.oldStart, x.oldLines, x.newStart, x.newLines])).toEqual([[0, 0, 1, 1]])
  })
})
