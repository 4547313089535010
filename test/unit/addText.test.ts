/** Adding text at one end of a file (src/domain/addText.ts): every byte already there is kept. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { inFileStyle, withAdded } from "../../src/domain/addText.js"

const BOM = [0xef, 0xbb, 0xbf]
const bytes = (s: string, bom = false) => new Uint8Array([...(bom ? BOM : []), ...new TextEncoder().encode(s)])

describe("withAdded", () => {
  it("appends after the last byte (no newline invented) and prepends after the BOM", () => {
    expect(withAdded(bytes("a\nb"), bytes("c\n"), "append")).toEqual(bytes("a\nbc\n"))
    expect(withAdded(bytes("x\n", true), bytes("first\n"), "prepend")).toEqual(bytes("first\nx\n", true))
    expect(withAdded(bytes("x\n"), bytes("first\n"), "prepend")).toEqual(bytes("first\nx\n"))
    expect(withAdded(new Uint8Array(), bytes("only"), "append")).toEqual(bytes("only"))
  })

  it("property: the original bytes survive whole, on the side they were; a BOM stays first", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 64 }), fc.boolean(), (body, added, bom) => {
      const original = new Uint8Array([...(bom ? BOM : []), ...body])
      const a = withAdded(original, added, "append")
      expect(a.subarray(0, original.length)).toEqual(original)
      expect(a.subarray(original.length)).toEqual(added)
      const p = withAdded(original, added, "prepend")
      expect(p.length).toBe(original.length + added.length)
      // The BOM (when the file has one) first, then the added bytes, then the rest of the file.
      const lead = bom || (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) ? 3 : 0
      expect(p.subarray(0, lead)).toEqual(original.subarray(0, lead))
      expect(p.subarray(lead, lead + added.length)).toEqual(added)
      expect(p.subarray(lead + added.length)).toEqual(original.subarray(lead))
    }))
  })
})

describe("inFileStyle", () => {
  it("takes the file's CRLF or CR when the text has no \\r; text with one is taken as meant; LF files take it as is", () => {
    expect(inFileStyle("a\nb\n", "crlf")).toEqual({ text: "a\r\nb\r\n", converted: true })
    expect(inFileStyle("a\nb\n", "cr")).toEqual({ text: "a\rb\r", converted: true })
    expect(inFileStyle("a\r\nb\n", "crlf")).toEqual({ text: "a\r\nb\n", converted: false })
    expect(inFileStyle("a\r\n", "lf")).toEqual({ text: "a\r\n", converted: false })
  })
})
