import { describe, expect, it } from "vitest"
import { goRangeType } from "../../src/domain/graph/goRangeTypes.js"

describe("goRangeType: what `for k, v := range x` binds, from x's declared type", () => {
  it("a slice's, an array's, a pointer to an array's and a variadic parameter's elements are the value; the key is an int", () => {
    expect(goRangeType("[]Shape", "value")).toBe("Shape")
    expect(goRangeType("[]*shapes.Rect", "value")).toBe("*shapes.Rect")
    expect(goRangeType("[4]Shape", "value")).toBe("Shape")
    expect(goRangeType("*[4]Shape", "value")).toBe("Shape")
    expect(goRangeType("...Shape", "value")).toBe("Shape")
    expect(goRangeType("[]Shape", "key")).toBeUndefined()
    expect(goRangeType("[][]Shape", "value")).toBe("[]Shape")
  })
  it("a map's keys and values (nested brackets in the key), a channel's elements in every direction", () => {
    expect(goRangeType("map[string]Shape", "value")).toBe("Shape")
    expect(goRangeType("map[string]Shape", "key")).toBe("string")
    expect(goRangeType("map[[2]Key]*Rect", "key")).toBe("[2]Key")
    expect(goRangeType("map[[2]Key]*Rect", "value")).toBe("*Rect")
    expect(goRangeType("chan Shape", "key")).toBe("Shape")
    expect(goRangeType("<-chan Shape", "key")).toBe("Shape")
    expect(goRangeType("chan<- Shape", "key")).toBe("Shape")
  })
  it("a type that says nothing about its elements: undefined (a string's runes, a named type, a function)", () => {
    expect(goRangeType("string", "value")).toBeUndefined()
    expect(goRangeType("Shapes", "value")).toBeUndefined()
    expect(goRangeType("func(yield func(int) bool)", "key")).toBeUndefined()
  })
})
