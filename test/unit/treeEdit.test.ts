import { describe, expect, it } from "vitest"
import { pointAt, treeEditOf } from "../../src/domain/treeEdit.js"

describe("treeEditOf: the edit tree-sitter is told about", () => {
  it("one region for the whole change, points counted in UTF-16 units with rows on \\n only", () => {
    const before = "a\r\nb😀c\rd\ne"
    const after = "a\r\nb😀XYc\rd\ne"
    expect(treeEditOf(before, after)).toEqual({
      startIndex: 6, // after "a\r\nb😀" (the emoji is two code units)
      oldEndIndex: 6,
      newEndIndex: 8,
      startPosition: { row: 1, column: 3 },
      oldEndPosition: { row: 1, column: 3 },
      newEndPosition: { row: 1, column: 5 }
    })
    // Changes at two places: one region from the first to the last, its end counted in each text.
    const two = treeEditOf("x\ny\nz\n", "X\ny\nz\nw\nq")
    expect(two).toMatchObject({ startIndex: 0, oldEndIndex: 6, newEndIndex: 9, oldEndPosition: { row: 3, column: 0 }, newEndPosition: { row: 4, column: 1 } })
  })

  it("pointAt agrees with counting by hand at every offset (a lone \\r is a column character)", () => {
    const text = "ab\r\n\n😀\rx\ny"
    for (let offset = 0; offset <= text.length; offset++) {
      const prefix = text.slice(0, offset)
      const row = prefix.split("\n").length - 1
      expect(pointAt(text, offset)).toEqual({ row, column: offset - (prefix.lastIndexOf("\n") + 1) })
    }
  })

  it("the end points are counted from the start point in each text", () => {
    const before = "l1\nl2\nl3\nl4\n"
    const after = before.replace("l2\nl3", "L2")
    const e = treeEditOf(before, after)
    expect(e.oldEndPosition).toEqual(pointAt(before, e.oldEndIndex))
    expect(e.newEndPosition).toEqual(pointAt(after, e.newEndIndex))
  })
})
