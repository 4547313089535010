import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatKeyPath, index, key, type Segment, parseKeyPath } from "../../src/domain/data/keyPath.js"
import { canonicalPath, didYouMean, lookup, planSet, sameData, withDeleted, withSet } from "../../src/domain/data/tree.js"

const ok = (src: string) => {
  const r = parseKeyPath(src)
  if (!r.ok) throw new Error(`${src}: expected ${r.expected} at ${r.offset}`)
  return r.path
}

describe("key paths", () => {
  it("reads dotted keys and indexes", () => {
    expect(ok("a.b[0].c")).toEqual([key("a"), key("b"), index(0), key("c")])
    expect(ok("[2].name")).toEqual([index(2), key("name")])
    expect(ok("m[10][3]")).toEqual([key("m"), index(10), index(3)])
    expect(ok("tool.poetry-core.build_system")).toEqual([key("tool"), key("poetry-core"), key("build_system")])
  })

  it("reads quoted keys holding dots, brackets, quotes and spaces", () => {
    expect(ok('servers."api.example.com".port')).toEqual([key("servers"), key("api.example.com"), key("port")])
    expect(ok('a["x.y"]')).toEqual([key("a"), key("x.y")])
    expect(ok("a['x.y'].z")).toEqual([key("a"), key("x.y"), key("z")])
    expect(ok('"a \\"q\\" [0]"')).toEqual([key('a "q" [0]')])
    expect(ok('"caf\\u00e9"')).toEqual([key("café")])
    expect(ok("'back\\slash'")).toEqual([key("back\\slash")])
    expect(ok('""')).toEqual([key("")])
  })

  it("refuses malformed paths with the offset and what was expected", () => {
    expect(parseKeyPath("")).toMatchObject({ ok: false, offset: 0 })
    expect(parseKeyPath("a..b")).toMatchObject({ ok: false, offset: 2 })
    expect(parseKeyPath("a.")).toMatchObject({ ok: false, offset: 2, expected: "a key after '.'" })
    expect(parseKeyPath("a[x]")).toMatchObject({ ok: false, offset: 2 })
    expect(parseKeyPath("a[01]")).toMatchObject({ ok: false, offset: 2 })
    expect(parseKeyPath("a[-1]")).toMatchObject({ ok: false, offset: 2 })
    expect(parseKeyPath('a."b')).toMatchObject({ ok: false, expected: 'a closing "' })
    expect(parseKeyPath('a["b"')).toMatchObject({ ok: false, expected: "']'" })
    expect(parseKeyPath('"\\x"')).toMatchObject({ ok: false, offset: 1 })
    expect(parseKeyPath("a b")).toMatchObject({ ok: false, offset: 1 })
    expect(parseKeyPath("a]")).toMatchObject({ ok: false, offset: 1 })
  })

  const segment: fc.Arbitrary<Segment> = fc.oneof(
    fc.string({ unit: fc.constantFrom("a", "Z", "0", "-", "_", ".", "[", "]", "\"", "'", " ", "\\", "é", "\n") }).map(key),
    fc.nat({ max: 10_000 }).map(index)
  )

  it("formats any path so that it reads back the same (property)", () => {
    fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (path) => {
      expect(parseKeyPath(formatKeyPath(path))).toEqual({ ok: true, path })
    }))
  })

  it("never throws on arbitrary input (property)", () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const r = parseKeyPath(s)
      if (!r.ok) expect(r.offset).toBeLessThanOrEqual(s.length)
    }))
  })
})

describe("key paths against data", () => {
  const data = { a: { b: [{ c: 1 }, { c: 2 }] }, name: "x", "x.y": true }

  it("finds values, and says how far a missing path got", () => {
    expect(lookup(data, ok("a.b[1].c"))).toEqual({ found: true, value: 2 })
    expect(lookup(data, ok('["x.y"]'))).toEqual({ found: true, value: true })
    expect(lookup(data, ok("a.bb"))).toEqual({ found: false, depth: 1, reason: "missing_key", container: "object", keys: ["b"] })
    expect(lookup(data, ok("a.b[5]"))).toEqual({ found: false, depth: 2, reason: "index_out_of_range", container: "array", keys: [], length: 2 })
    expect(lookup(data, ok("name.first"))).toEqual({ found: false, depth: 1, reason: "not_a_container", container: "scalar", keys: [] })
  })

  it("reads a.0 as a[0] where the value is an array", () => {
    expect(canonicalPath(data, ok("a.b.0.c"))).toEqual(ok("a.b[0].c"))
    expect(canonicalPath(data, ok("name.0"))).toEqual(ok("name.0"))
  })

  it("suggests near keys", () => {
    expect(didYouMean(key("verison"), ["version", "name", "description"])).toEqual(["version"])
    expect(didYouMean(key("zzz"), ["version"])).toEqual([])
  })

  it("plans a set: replace, create missing objects, append, refuse through a scalar or past the end", () => {
    expect(planSet(data, ok("name"), "y")).toEqual({ ok: true, at: ok("name"), value: "y", old: { value: "x" }, append: false })
    expect(planSet(data, ok("a.new.deep"), 1)).toEqual({ ok: true, at: ok("a.new"), value: { deep: 1 }, append: false })
    expect(planSet(data, ok("a.b[2]"), 3)).toEqual({ ok: true, at: ok("a.b[2]"), value: 3, append: true })
    expect(planSet(data, ok("list[0].x"), 3)).toEqual({ ok: true, at: ok("list"), value: [{ x: 3 }], append: false })
    expect(planSet(data, ok("a.b[3]"), 3)).toMatchObject({ ok: false, reason: "index_out_of_range", depth: 2 })
    expect(planSet(data, ok("name.first"), 3)).toMatchObject({ ok: false, reason: "not_a_container", depth: 1 })
    expect(planSet(data, ok("list[1]"), 3)).toMatchObject({ ok: false, reason: "index_out_of_range" })
  })

  it("computes the data a change must leave", () => {
    expect(withSet(data, ok("a.b[2]"), 3)).toEqual({ ...data, a: { b: [{ c: 1 }, { c: 2 }, 3] } })
    expect(withDeleted(data, ok("a.b[0]"))).toEqual({ ...data, a: { b: [{ c: 2 }] } })
    expect(withDeleted(data, ok("name"))).toEqual({ a: data.a, "x.y": true })
    expect(sameData({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true)
    expect(sameData({ a: 1 }, { a: 1, b: undefined as never })).toBe(false)
    expect(sameData([1, 2], [2, 1])).toBe(false)
  })
})
