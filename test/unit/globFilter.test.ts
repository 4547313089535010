/** --glob (src/domain/tree/globFilter.ts): the per-directory memo answers as testing every ancestor would. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { globFilter } from "../../src/domain/tree/globFilter.js"
import { compileIgnoreFile } from "../../src/domain/tree/ignoreFile.js"

/** The definition: a file is included when a glob says yes to it or to any directory above it. */
const reference = (globs: ReadonlyArray<string>, relative: string): boolean => {
  const include = globs.filter((g) => !g.startsWith("!"))
  const exclude = globs.filter((g) => g.startsWith("!")).map((g) => g.slice(1))
  const inc = include.length === 0 ? undefined : compileIgnoreFile(include.join("\n"))
  const exc = exclude.length === 0 ? undefined : compileIgnoreFile(exclude.join("\n"))
  const parts = relative.split("/")
  const under = inc === undefined || parts.some((_, i) => i > 0 && inc.verdict(parts.slice(0, i).join("/"), true) === true) || inc.verdict(relative, false) === true
  return under && (exc === undefined || exc.verdict(relative, false) !== true)
}

describe("globFilter", () => {
  it("includes a file under a matching directory, and by its own name", () => {
    const f = globFilter(["src", "*.md"])!
    expect(["src/a/b.ts", "docs/x.md", "docs/x.ts", "lib/src/y.ts", "srcx/a.ts"].map((p) => f.file(p))).toEqual([true, true, false, true, false])
  })

  it("property: the same answers as testing every ancestor, whatever the order paths are asked in", () => {
    const name = fc.constantFrom("a", "b", "src", "lib", "x.ts", "y.md", "t.test.ts")
    const path = fc.array(name, { minLength: 1, maxLength: 4 }).map((p) => p.join("/"))
    const glob = fc.constantFrom("*.ts", "src", "lib/**", "a/*.md", "!*.test.ts", "b", "!lib", "**/x.ts", "src/*")
    fc.assert(fc.property(fc.array(glob, { minLength: 1, maxLength: 3 }), fc.array(path, { maxLength: 20 }), (globs, paths) => {
      const f = globFilter(globs)!
      expect(paths.map((p) => f.file(p))).toEqual(paths.map((p) => reference(globs, p)))
    }), { numRuns: 300 })
  })
})
