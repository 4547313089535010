import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { countLineEndings, detectLineEnding, toLf, toStyle } from "../../src/domain/lineEndings.js"
import { countLines, decodeText, encodeText, isDecodeFailure } from "../../src/domain/textContent.js"

const lineText = fc.array(fc.string({ unit: fc.constantFrom("a", "b", " ", "\t", "é", "😀") }), { maxLength: 8 })

describe("line endings", () => {
  it("detects the dominant style", () => {
    expect(detectLineEnding("a\r\nb\r\nc\n")).toBe("crlf")
    expect(detectLineEnding("a\nb\n")).toBe("lf")
    expect(detectLineEnding("a\rb\r")).toBe("cr")
    expect(detectLineEnding("abc")).toBe("none")
  })

  it("toStyle then toLf is the identity on LF text (property)", () => {
    fc.assert(fc.property(lineText, fc.constantFrom("lf", "crlf", "cr", "none") as fc.Arbitrary<"lf" | "crlf" | "cr" | "none">, (lines, le) => {
      const text = lines.join("\n")
      expect(toLf(toStyle(text, le))).toBe(text)
    }))
  })

  it("counts each break once, a CR directly before an LF as one CRLF (property, against a loop over every character)", () => {
    const byChar = (text: string) => {
      const n = { lf: 0, crlf: 0, cr: 0 }
      for (let i = 0; i < text.length; i++) {
        if (text[i] === "\r" && text[i + 1] === "\n") (n.crlf++, i++)
        else if (text[i] === "\r") n.cr++
        else if (text[i] === "\n") n.lf++
      }
      return n
    }
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom("a", "\r", "\n", "é") }), (text) => {
      expect(countLineEndings(text)).toEqual(byChar(text))
    }))
    expect(countLineEndings("\r\n\r\r\n\n\r")).toEqual({ lf: 1, crlf: 2, cr: 2 })
  })

  it("a text written in a style is detected as that style (property)", () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: fc.constantFrom("a", "b", " ") }), { minLength: 2, maxLength: 8 }), fc.constantFrom("lf", "crlf", "cr") as fc.Arbitrary<"lf" | "crlf" | "cr">, (lines, le) => {
      expect(detectLineEnding(toStyle(lines.join("\n"), le))).toBe(le)
    }))
  })
})

describe("decoding text", () => {
  it("round-trips any string with or without a BOM, byte for byte (property)", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }).filter((s) => !s.includes("\0")), fc.boolean(), (s, bom) => {
      const bytes = encodeText(s, bom)
      const d = decodeText(bytes)
      if (isDecodeFailure(d)) throw new Error("decode failed")
      expect(d.bom).toBe(bom || s.startsWith("\uFEFF"))
      expect(encodeText(d.text, d.bom)).toEqual(bytes)
    }))
  })

  it("refuses NUL bytes and invalid UTF-8", () => {
    expect(decodeText(new Uint8Array([97, 0]))).toEqual({ reason: "binary", offset: 1 })
    expect(decodeText(new Uint8Array([0xc3, 0x28]))).toEqual({ reason: "invalid_utf8", offset: 0 })
  })

  it("counts lines like an editor", () => {
    expect(countLines("")).toBe(0)
    expect(countLines("a")).toBe(1)
    expect(countLines("a\n")).toBe(1)
    expect(countLines("a\r\nb")).toBe(2)
  })
})
