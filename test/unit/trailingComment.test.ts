import { describe, expect, it } from "vitest"
import { endsWithLineComment, trailingCommentEnd } from "../../src/domain/symbolEdit/trailingComment.js"

describe("a definition's trailing line comment", () => {
  it("is found after the span on its line, with only blanks between, in each language's token", () => {
    const ts = "  x = 1 // the x\n  y = 2\n"
    expect(trailingCommentEnd(ts, ts.indexOf(" //"), "typescript")).toBe(ts.indexOf("\n"))
    expect(trailingCommentEnd(ts, ts.indexOf("y = 2") + 5, "typescript")).toBeUndefined()
    const py = "x = 1  # the x\r\n"
    expect(trailingCommentEnd(py, 5, "python")).toBe(py.indexOf("\r"))
    expect(trailingCommentEnd("a = 1, b = 2 // c\n", 5, "typescript")).toBeUndefined()
  })
  it("new code ends with one when its last line has the token after a blank, outside quotes", () => {
    expect(endsWithLineComment("x = 10 // ten", "typescript")).toBe(true)
    expect(endsWithLineComment("url = \"http://x\"", "typescript")).toBe(false)
    expect(endsWithLineComment("url = \"http://x\" // the url", "typescript")).toBe(true)
    expect(endsWithLineComment("def f():\n    return 1  # one\n", "python")).toBe(true)
    expect(endsWithLineComment("x = '#'", "python")).toBe(false)
    expect(endsWithLineComment("// a comment only before\nx = 1", "typescript")).toBe(false)
  })
})
