/** One .gitignore file's verdicts (src/domain/tree/ignoreFile.ts over src/domain/graph/gitignore.ts), as git's wildmatch gives them. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { compileIgnoreFile } from "../../src/domain/tree/ignoreFile.js"
import { globFilter } from "../../src/domain/tree/globFilter.js"

const verdicts = (content: string, paths: ReadonlyArray<string>, isDir = false) => paths.map((p) => compileIgnoreFile(content).verdict(p, isDir))

describe("one ignore file", () => {
  it("the last matching pattern decides; `!` re-includes; no match is no opinion", () => {
    expect(verdicts("*.log\n!keep.log\n", ["a.log", "keep.log", "x/keep.log", "a.txt"])).toEqual([true, false, false, undefined])
  })

  it("anchoring: a slash before the end anchors to the file's directory", () => {
    expect(verdicts("/build\ndoc/frotz\nname\n", ["build", "x/build", "doc/frotz", "a/doc/frotz", "a/b/name"])).toEqual([true, undefined, true, undefined, true])
  })

  it("a trailing slash matches directories only", () => {
    expect(verdicts("out/\n", ["out"])).toEqual([undefined])
    expect(verdicts("out/\n", ["out", "a/out"], true)).toEqual([true, true])
  })

  it("** in front, behind and between; elsewhere a run of asterisks is one *", () => {
    expect(verdicts("**/foo\nabc/**\na/**/b\n", ["foo", "x/y/foo", "abc/x/y", "a/b", "a/x/y/b", "abc"])).toEqual([true, true, true, true, true, undefined])
    // A line of a patch pasted into a real .gitignore (sveltejs/kit): `***` is `*`, which never matches a slash.
    expect(verdicts("*** Add File: /x/package.json\n", ["y Add File: /x/package.json", "a/y Add File: /x/package.json"])).toEqual([true, undefined])
    expect(verdicts("a**b\n***/c\n", ["axyb", "ax/yb", "c", "d/e/c"])).toEqual([true, undefined, true, true])
  })

  it("bracket expressions: ranges, ! and ^ negation, a leading ], POSIX classes; never a slash", () => {
    expect(verdicts("*.[oa]\n", ["x.o", "x.a", "x.c"])).toEqual([true, true, undefined])
    expect(verdicts("[!m]*.c\n", ["main.c", "util.c"])).toEqual([undefined, true])
    expect(verdicts("[^m]*.c\n", ["main.c", "util.c"])).toEqual([undefined, true])
    expect(verdicts("[]]br\n", ["]br", "xbr"])).toEqual([true, undefined])
    expect(verdicts("[[:digit:]]*.txt\n[[:upper:]][[:alpha:]]\n", ["1a.txt", "a1.txt", "Ab", "ab"])).toEqual([true, undefined, true, undefined])
    expect(verdicts("a[!x]b\n", ["a/b"])).toEqual([undefined])
    expect(verdicts("a[\\d]\n", ["ad", "a1"])).toEqual([true, undefined])
  })

  it("escapes, comments and trailing spaces", () => {
    expect(verdicts("\\#hash\n#comment\n\\!bang\nspace\\ \ntrail   \n", ["#hash", "#comment", "!bang", "space ", "trail", "trail   "])).toEqual([true, undefined, true, true, true, undefined])
  })

  it("only spaces are trimmed at the end, not tabs (as git does)", () => {
    expect(verdicts("tab\t\n", ["tab", "tab\t"])).toEqual([undefined, true])
  })

  it("CRLF .gitignore files read like LF ones", () => {
    expect(verdicts("*.log\r\n!keep.log\r\n", ["a.log", "keep.log"])).toEqual([true, false])
  })

  it("a literal name (no glob characters) matches exactly that name (property)", () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom("a", "b", ".", "-", "_", "é"), minLength: 1, maxLength: 8 }), fc.string({ unit: fc.constantFrom("a", "b", ".", "-"), minLength: 1, maxLength: 8 }), (name, other) => {
      fc.pre(name !== "." && name !== ".." && other !== "." && other !== "..")
      const file = compileIgnoreFile(`${name}\n`)
      expect(file.verdict(name, false)).toBe(true)
      expect(file.verdict(`dir/${name}`, false)).toBe(true)
      expect(file.verdict(other, false)).toBe(other === name ? true : undefined)
    }))
  })
})

describe("--glob", () => {
  it("includes, excludes, a name at any depth or a path", () => {
    const ts = globFilter(["*.ts", "!*.test.ts"])!
    expect(["a.ts", "src/b.ts", "a.test.ts", "a.js"].map(ts.file)).toEqual([true, true, false, false])
    const under = globFilter(["src/**"])!
    expect(["src/a.ts", "src/x/b.js", "lib/a.ts"].map(under.file)).toEqual([true, true, false])
    const dir = globFilter(["src"])!
    expect(["src/a.ts", "x/src/b.ts", "lib/a.ts"].map(dir.file)).toEqual([true, true, false])
    const noVendor = globFilter(["!vendor/"])!
    expect([noVendor.directory("vendor"), noVendor.directory("a/vendor"), noVendor.directory("src")]).toEqual([false, false, true])
    expect(globFilter([])).toBeUndefined()
  })
})
