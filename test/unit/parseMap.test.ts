import { describe, expect, it } from "vitest"
import { changedRegion } from "../../src/domain/changedRegion.js"
import { isParseMap, type MappedParse, type ParseMap, spliceMap, windowOf } from "../../src/domain/parseMap.js"

// "aaa;bbb;ccc;ddd;" as four top-level nodes of 4 characters each.
const TEXT = "aaa;bbb;ccc;ddd;"
const MAP: ParseMap = { length: 16, nodes: [0, 4, 4, 8, 8, 12, 12, 16] }
const parse = (nodes: number[], length: number, errors = false): MappedParse => ({ length, nodes, errors })

describe("windowOf", () => {
  it("widens the change to the unchanged node before it and the one after it", () => {
    const after = "aaa;bXbb;ccc;ddd;"
    expect(windowOf(MAP, changedRegion(TEXT, after), 100)).toEqual({ start: 0, oldEnd: 12, newEnd: 13, first: 0, last: 2 })
  })

  it("runs to the text's start or end where no node lies beyond the change", () => {
    // Inserted before the first node, which is q then (unchanged, after the change).
    expect(windowOf(MAP, changedRegion(TEXT, "Xaaa;bbb;ccc;ddd;"), 100)).toMatchObject({ start: 0, first: -1, last: 0, oldEnd: 4 })
    expect(windowOf(MAP, changedRegion(TEXT, "aaa;bbb;ccc;ddd;X"), 100)).toMatchObject({ start: 12, first: 3, last: -1, oldEnd: 16, newEnd: 17 })
    expect(windowOf({ length: 3, nodes: [] }, changedRegion("   ", "  x "), 100)).toEqual({ start: 0, oldEnd: 3, newEnd: 4, first: -1, last: -1 })
  })

  it("refuses a window wider than allowed", () => {
    const after = "aaa;bXbb;ccc;dXdd;"
    expect(windowOf(MAP, changedRegion(TEXT, after), 16)).toMatchObject({ start: 0, oldEnd: 16 })
    expect(windowOf(MAP, changedRegion(TEXT, after), 15)).toBeUndefined()
  })

  it("takes an edit between two nodes (in the space between them) as touching neither", () => {
    const spaced: ParseMap = { length: 10, nodes: [0, 4, 6, 10] } // "aaa;  bbb;"
    expect(windowOf(spaced, changedRegion("aaa;  bbb;", "aaa; X bbb;"), 100)).toMatchObject({ first: 0, last: 1, start: 0, oldEnd: 10 })
  })
})

describe("spliceMap", () => {
  const after = "aaa;bXbb;ccc;ddd;"
  const region = changedRegion(TEXT, after)
  const window = windowOf(MAP, region, 100)!

  it("is the old nodes before the window, the window's new ones, and the old ones after it, moved", () => {
    // The window's text "aaa;bXbb;ccc;" parsed alone: three nodes.
    expect(spliceMap(MAP, window, region, parse([0, 4, 4, 9, 9, 13], 13))).toEqual({ length: 17, nodes: [0, 4, 4, 9, 9, 13, 13, 17] })
  })

  it("refuses a window parse with an error, of another length, that does not start with p as it was, or has no boundary where q starts", () => {
    expect(spliceMap(MAP, window, region, parse([0, 4, 4, 9, 9, 13], 13, true))).toBeUndefined()
    expect(spliceMap(MAP, window, region, parse([0, 4, 4, 9, 9, 12], 12))).toBeUndefined()
    expect(spliceMap(MAP, window, region, parse([0, 9, 9, 13], 13))).toBeUndefined() // p merged with the edited node
    expect(spliceMap(MAP, window, region, parse([0, 4, 4, 13], 13))).toBeUndefined() // q merged with the edited node
    expect(spliceMap(MAP, window, region, parse([], 13))).toBeUndefined()
  })

  it("keeps no node before or after a window at the text's edges", () => {
    const end = "aaa;bbb;ccc;ddd;eee;"
    const r = changedRegion(TEXT, end)
    const w = windowOf(MAP, r, 100)!
    expect(spliceMap(MAP, w, r, parse([0, 4, 4, 8], 8))).toEqual({ length: 20, nodes: [0, 4, 4, 8, 8, 12, 12, 16, 16, 20] })
  })
})

describe("isParseMap", () => {
  it("accepts a map of that length only, with ordered integer offsets within it", () => {
    expect(isParseMap(MAP, 16)).toBe(true)
    expect(isParseMap(MAP, 17)).toBe(false)
    expect(isParseMap({ length: 16, nodes: [0, 4, 3, 8] }, 16)).toBe(false)
    expect(isParseMap({ length: 16, nodes: [0, 4, 4] }, 16)).toBe(false)
    expect(isParseMap({ length: 16, nodes: [0, 17] }, 16)).toBe(false)
    expect(isParseMap({ length: 16, nodes: [0, 1.5] }, 16)).toBe(false)
    expect(isParseMap({ length: 16 }, 16)).toBe(false)
    expect(isParseMap(null, 16)).toBe(false)
  })
})
