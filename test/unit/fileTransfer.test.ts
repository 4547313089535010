/** Where mv and cp put things (src/domain/fileTransfer.ts), against what mv(1) and cp(1) do. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { caseOnlyDifference, deepestFirst, isWithin, mapUnder, octalMode, targetOf, transferProblem } from "../../src/domain/fileTransfer.js"
import { joinWorkspacePath, parseWorkspacePath, WORKSPACE_ROOT, type WorkspacePath } from "../../src/domain/workspacePath.js"

const wp = (s: string) => parseWorkspacePath(s)!
const segment = fc.stringMatching(/^[a-zA-Z0-9_.-]{1,6}$/).filter((s) => s !== "." && s !== "..")
const workspacePath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/") as WorkspacePath)

describe("targetOf", () => {
  it("into an existing directory, the source keeps its name (mv a.ts dir/ → dir/a.ts)", () => {
    expect(targetOf(wp("a.ts"), "file", { path: wp("dir"), kind: "directory", trailingSlash: true })).toEqual({ ok: true, target: "dir/a.ts", into: true })
    expect(targetOf(wp("src/lib"), "directory", { path: wp("pkg"), kind: "directory", trailingSlash: false })).toEqual({ ok: true, target: "pkg/lib", into: true })
    expect(targetOf(wp("src/a.ts"), "file", { path: WORKSPACE_ROOT, kind: "directory", trailingSlash: false })).toEqual({ ok: true, target: "a.ts", into: true })
  })

  it("a new name, or an existing file (replaced only with --force, decided later)", () => {
    expect(targetOf(wp("a.ts"), "file", { path: wp("b.ts"), kind: undefined, trailingSlash: false })).toEqual({ ok: true, target: "b.ts", into: false })
    expect(targetOf(wp("a.ts"), "file", { path: wp("b.ts"), kind: "file", trailingSlash: false })).toEqual({ ok: true, target: "b.ts", into: false })
  })

  it("TO/ must be a directory: a file there is a mismatch; nothing there renames a directory but not a file", () => {
    expect(targetOf(wp("a.ts"), "file", { path: wp("b"), kind: "file", trailingSlash: true })).toEqual({ ok: false, reason: "not_a_directory" })
    expect(targetOf(wp("a.ts"), "file", { path: wp("new"), kind: undefined, trailingSlash: true })).toEqual({ ok: false, reason: "missing_directory" })
    expect(targetOf(wp("d"), "directory", { path: wp("new"), kind: undefined, trailingSlash: true })).toEqual({ ok: true, target: "new", into: false })
  })
})

describe("transferProblem", () => {
  it("the same path, and a directory into itself; a sibling with a longer name is fine", () => {
    expect(transferProblem(wp("a.ts"), "file", wp("a.ts"))).toBe("same_path")
    expect(transferProblem(wp("src"), "directory", wp("src/sub/src"))).toBe("into_itself")
    expect(transferProblem(wp("src"), "directory", wp("src2"))).toBeUndefined()
    expect(transferProblem(wp("src/a"), "directory", wp("src/ab"))).toBeUndefined()
  })

  it("property: a directory is refused exactly for targets at or below it", () => {
    fc.assert(fc.property(workspacePath, workspacePath, (from, to) => {
      const p = transferProblem(from, "directory", to)
      const below = to.startsWith(`${from}/`)
      expect(p).toBe(to === from ? "same_path" : below ? "into_itself" : undefined)
    }))
    fc.assert(fc.property(workspacePath, fc.array(segment, { minLength: 1, maxLength: 3 }), (from, rest) => {
      expect(transferProblem(from, "directory", joinWorkspacePath(from, rest.join("/")))).toBe("into_itself")
    }))
  })
})

describe("mapUnder", () => {
  it("keeps each entry's place below the root", () => {
    expect(mapUnder(wp("src"), wp("pkg/src"), wp("src/a/b.ts"))).toBe("pkg/src/a/b.ts")
    expect(mapUnder(wp("src"), wp("lib"), wp("src"))).toBe("lib")
    expect(mapUnder(wp("a.ts"), wp("b.ts"), wp("a.ts"))).toBe("b.ts")
  })

  it("property: mapping there and back is the identity, and stays below the new root", () => {
    fc.assert(fc.property(workspacePath, workspacePath, fc.array(segment, { maxLength: 3 }), (from, to, rest) => {
      const entry = rest.length === 0 ? from : joinWorkspacePath(from, rest.join("/"))
      const mapped = mapUnder(from, to, entry)
      expect(isWithin(to, mapped)).toBe(true)
      expect(mapUnder(to, from, mapped)).toBe(entry)
    }))
  })
})

describe("small helpers", () => {
  it("isWithin: the root holds everything; a/b is below a, ab is not", () => {
    expect(isWithin(WORKSPACE_ROOT, wp("x/y"))).toBe(true)
    expect(isWithin(wp("a"), wp("a/b"))).toBe(true)
    expect(isWithin(wp("a"), wp("ab"))).toBe(false)
  })

  it("caseOnlyDifference", () => {
    expect(caseOnlyDifference("Foo.ts", "foo.ts")).toBe(true)
    expect(caseOnlyDifference("foo.ts", "foo.ts")).toBe(false)
    expect(caseOnlyDifference("foo.ts", "bar.ts")).toBe(false)
  })

  it("deepestFirst puts children before parents", () => {
    const dirs = ["a", "a/b/c", "z", "a/b"].map((path) => ({ path: wp(path), mode: 0o755 }))
    const order = deepestFirst(dirs).map((d) => d.path)
    expect(order.indexOf(wp("a/b/c"))).toBeLessThan(order.indexOf(wp("a/b")))
    expect(order.indexOf(wp("a/b"))).toBeLessThan(order.indexOf(wp("a")))
  })

  it("octalMode writes four digits, as chmod takes them", () => {
    expect([octalMode(0o644), octalMode(0o755), octalMode(0o4755), octalMode(0o100644)]).toEqual(["0644", "0755", "4755", "0644"])
  })
})
