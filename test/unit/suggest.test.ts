/** `splice suggest`'s pure parts: ranking (stems, docs, test paths, weights) and the scaffold (import style, generics). */
import { describe, expect, it } from "vitest"
import { buildScaffold, distinctNames, genericsFor, importStyleOf, typeParamsOf } from "../../src/domain/graph/scaffold.js"
import { docAt, isTestPath, keywordsOf, keywordWeights, scoreCandidate, stem, type Candidate } from "../../src/domain/graph/suggestRank.js"

const fn = (name: string, doc = "", file = "src/a.ts", kind = "function"): Candidate => ({ name, kind, file, signature: `function ${name}()`, doc, exported: true, nested: false })

describe("suggest ranking", () => {
  it("stems words so their forms compare equal", () => {
    expect(["parse", "parses", "parsing", "parsed"].map(stem)).toEqual(["pars", "pars", "pars", "pars"])
    expect(stem("queries")).toBe(stem("query"))
    expect(stem("strings")).toBe(stem("string"))
    expect(keywordsOf("parseQuery", "Parse the query string")).toEqual(["parse", "query", "string"])
  })

  it("knows test code by its directory or its name", () => {
    for (const p of ["test/a.ts", "src/tests/b.py", "pkg/__tests__/c.tsx", "src/x.test.ts", "src/x.spec.js", "net/url_test.go", "Lib/test_csv.py", "pkg/conftest.py", "Lib/test/support/__init__.py"]) {
      expect(isTestPath(p), p).toBe(true)
    }
    for (const p of ["src/testing.ts", "src/contest.py", "Lib/textwrap.py", "net/url.go", "src/attest/x.ts"]) expect(isTestPath(p), p).toBe(false)
  })

  it("reads the doc at a definition: the comment above it, or a Python docstring", () => {
    const ts = ["import x from 'y'", "", "/**", " * Remove common leading whitespace.", " */", "export const dedent = (s: string) => s"]
    expect(docAt(ts, 6, 6, "typescript")).toContain("Remove common leading whitespace.")
    const go = ["package p", "// QueryEscape escapes the string so it can be", "// safely placed inside a URL query.", "func QueryEscape(s string) string {"]
    expect(docAt(go, 4, 4, "go")).toContain("safely placed inside a URL query")
    const py = ["@decorator", "def parse_qs(qs, keep_blank_values=False,", "             separator='&'):", "    \"\"\"Parse a query given", "    as a string argument.\"\"\"", "    return {}"]
    expect(docAt(py, 2, 6, "python")).toContain("Parse a query given\n    as a string argument.")
    expect(docAt(["x = 1", "def f(a):", "    return a"], 2, 3, "python")).toBe("")
  })

  it("a doc that says the intent outranks a name that shares one word", () => {
    const kws = keywordsOf("strip_indent", "remove common leading whitespace from every line")
    const dedent = scoreCandidate(fn("dedent", "\"\"\"Remove any common leading whitespace from every line in `text`.\"\"\""), kws)
    const removeLine = scoreCandidate(fn("remove_line"), kws)
    expect(dedent.score).toBeGreaterThan(removeLine.score)
    expect([dedent.strong, dedent.byName, removeLine.byName]).toEqual([true, false, true])
  })

  it("a rare keyword weighs more than one every name has; a name's extra words count against it", () => {
    const all = [...Array.from({ length: 40 }, (_, i) => fn(`ZodThing${i}`)), fn("flattenError"), fn("ZodError")]
    const kws = ["zod", "flatten", "error"]
    const w = keywordWeights(all, kws)
    expect(w.get("flatten")!).toBeGreaterThan(w.get("zod")!)
    expect(scoreCandidate(fn("flattenError"), kws, w).score).toBeGreaterThan(scoreCandidate(fn("ZodError"), kws, w).score)
    const json = ["schema", "json", "convert"]
    expect(scoreCandidate(fn("toJSONSchema"), json).score).toBeGreaterThan(scoreCandidate(fn("ZodMiniJSONSchemaInternals", "", "src/a.ts", "interface"), json).score)
  })

  it("a keyword that begins a word of the doc or the path counts (dict → dictionary, url → urllib)", () => {
    const kws = ["dict", "url"]
    expect(scoreCandidate(fn("parse_qs", "Returns a dictionary.", "Lib/urllib/parse.py"), kws).matched).toEqual(["dict", "url"])
  })
})

describe("suggest scaffold", () => {
  it("takes the project's import style from its specifiers and import lines", () => {
    expect(importStyleOf(["./a.js", "../b/c.js", "./d", "effect"], ["import { a } from './a.js';", "import type { c } from '../b/c.js';"]))
      .toEqual({ extension: ".js", quote: "'", semicolon: true })
    expect(importStyleOf(["./a", "./b", "./c.js"], ["import { a } from \"./a\""])).toEqual({ extension: "", quote: "\"", semicolon: false })
    expect(importStyleOf(["./a.ts", "./b.ts"], [])).toMatchObject({ extension: ".ts" })
  })

  it("reads a declaration's required type parameters (TypeScript and Go)", () => {
    expect(typeParamsOf("export interface Effect<in out A, out E = never, out R = never> {", "Effect", "typescript")).toEqual([{ name: "A" }])
    expect(typeParamsOf("type Fn<T extends Record<string, (a: number) => void>, U = T> = T", "Fn", "typescript"))
      .toEqual([{ name: "T", constraint: "Record<string, (a: number) => void>" }])
    expect(typeParamsOf("export interface $ZodError<T = unknown> extends Error {", "$ZodError", "typescript")).toEqual([])
    expect(typeParamsOf("export class Circle implements Shape {", "Circle", "typescript")).toEqual([])
    expect(typeParamsOf("type Set[K comparable, V any] struct {", "Set", "go")).toEqual([{ name: "K", constraint: "comparable" }, { name: "V", constraint: "any" }])
    expect(typeParamsOf("type Pair[K, V any] struct {", "Pair", "go")).toEqual([{ name: "K", constraint: "any" }, { name: "V", constraint: "any" }])
  })

  it("declares the type parameters on the function, renaming a clash", () => {
    const a = { name: "Option", file: "o.ts", typeParams: [{ name: "A" }] }
    const b = { name: "Keyed", file: "k.ts", typeParams: [{ name: "A", constraint: "string" }] }
    const g = genericsFor([a, b], (t) => t.name, "typescript")
    expect([g.typeParams, g.ref(a), g.ref(b)]).toEqual(["<A, A2 extends string>", "Option<A>", "Keyed<A2>"])
  })

  it("writes a generic TypeScript scaffold in the project's style", () => {
    const option = { name: "Option", file: "src/lib/option.ts", typeParams: [{ name: "A" }] }
    const s = buildScaffold({
      language: "typescript", fnName: "get_or_else", desc: "the value or a default", params: [option], returns: option, target: "src/feature/get.ts",
      style: { extension: ".js", quote: "'", semicolon: true }
    })
    expect(s.signature).toBe("export function getOrElse<A>(option: Option<A>): Option<A>")
    expect(s.imports).toEqual(["import type { Option } from '../lib/option.js';"])
    expect(s.scaffold).toContain("throw new Error('TODO: the value or a default');")
  })

  it("keeps the description whole in the TODO, escaped for each language's string (an apostrophe, quotes, a backslash, braces)", () => {
    const desc = "split an option's \"flags\" on \\ {sep}"
    type Input = Parameters<typeof buildScaffold>[0]
    const scaffold = (language: Input["language"], style?: Input["style"]) =>
      buildScaffold({ language, fnName: "split", desc, params: [], returns: null, target: "x", ...(style ? { style } : {}), goModule: { dir: "", module: "m" }, goPackage: "x" }).scaffold
    expect(scaffold("typescript", { extension: "", quote: "'", semicolon: true })).toContain("throw new Error('TODO: split an option\\'s \"flags\" on \\\\ {sep}');")
    expect(scaffold("typescript", { extension: "", quote: "\"", semicolon: false })).toContain("throw new Error(\"TODO: split an option's \\\"flags\\\" on \\\\ {sep}\")")
    expect(scaffold("python")).toContain("raise NotImplementedError(\"TODO: split an option's \\\"flags\\\" on \\\\ {sep}\")")
    expect(scaffold("rust")).toContain("todo!(\"TODO: split an option's \\\"flags\\\" on \\\\ {{sep}}\")")
    expect(scaffold("go")).toContain("errors.New(\"TODO: split an option's \\\"flags\\\" on \\\\ {sep}\")")
  })

  it("gives parameters names that are not keywords and hide no package (Go)", () => {
    expect(distinctNames(["point", "point", "url"], new Set(["url"]), "camel")).toEqual(["point", "point2", "urlValue"])
    const go = buildScaffold({ language: "go", fnName: "escape", desc: "x", params: [{ name: "URL", file: "url/url.go" }], returns: null, target: "tools/e.go", goModule: { dir: "", module: "example.com/m" }, goPackage: "tools" })
    expect(go.signature).toBe("func Escape(urlValue url.URL) error")
    expect(go.scaffold.startsWith("package tools\n\nimport \"errors\"\nimport \"example.com/m/url\"")).toBe(true)
    const ts = buildScaffold({ language: "typescript", fnName: "f", desc: "x", params: [{ name: "Class", file: "src/util.ts" }], returns: null, target: "src/f.ts" })
    expect(ts.signature).toBe("export function f(classValue: Class): unknown")
  })

  it("imports Python names from the modules given, one line per module", () => {
    const py = buildScaffold({
      language: "python", fnName: "merge", desc: "x", params: [{ name: "SplitResult", file: "Lib/urllib/parse.py" }], returns: { name: "ParseResult", file: "Lib/urllib/parse.py" }, target: "Lib/tools.py",
      pythonModules: new Map([["Lib/urllib/parse.py", "urllib.parse"]])
    })
    expect(py.imports).toEqual(["from urllib.parse import SplitResult, ParseResult"])
  })
})
