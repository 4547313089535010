/** `splice suggest` on the memory layers: imports in the project's style, exported names only, no test code. */
import { describe, expect, it } from "vitest"
import { suggestCommand } from "../../src/commands/graph/suggest.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"

type Inferred = { name: string; file: string }
const inferred = (r: { last: Record<string, unknown> }) => (r.last["inferred_from"] as Inferred[])

/** A TS project whose relative imports are written `ext` ("" or ".js"), with `quote` and `semi`. */
const tsProject = (ext: string, quote: string, semi: string) =>
  new MemoryFs({
    "tsconfig.json": "{}",
    "src/lib/option.ts": [
      "/** An optional value: Some or None. */",
      "export interface Option<in out A, E = never> {",
      "  readonly value: A | undefined",
      "}",
      "",
      "/** Apply a function to the value of an option, if any. */",
      "export function mapOption<A, B>(self: Option<A>, f: (a: A) => B): Option<B> {",
      `  return { value: self.value === undefined ? undefined : f(self.value) }${semi}`,
      "}",
      ""
    ].join("\n"),
    "src/lib/index.ts": `export * from ${quote}./option${ext}${quote}${semi}\n`,
    "src/main.ts": `import { mapOption } from ${quote}./lib/option${ext}${quote}${semi}\nexport const twice = (o: Parameters<typeof mapOption>[0]) => o${semi}\n`
  })

describe("splice suggest", () => {
  it("--file: imports relative to the target in the project's style (.js extension, quotes, semicolons), generic types with their type parameters", async () => {
    const esm = await runGraph(suggestCommand({ fnName: "transformOption", desc: "apply a function to an option's value", file: "src/feature/transform.ts" }), tsProject(".js", "'", ";"), new SavedGraph())
    expect(esm.exit).toBe(0)
    expect(esm.last).toMatchObject({
      suggested_signature: "export function transformOption<A>(option: Option<A>): Option<A>",
      imports: ["import type { Option } from '../lib/option.js';"]
    })
    expect(inferred(esm)[0]).toMatchObject({ name: "mapOption", file: "src/lib/option.ts" })
    const plain = await runGraph(suggestCommand({ fnName: "transformOption", desc: "apply a function to an option's value", file: "src/lib/transform.ts" }), tsProject("", "\"", ""), new SavedGraph())
    expect(plain.last).toMatchObject({ imports: ["import type { Option } from \"./option\""] })
  })

  it("imports only names their module exports: a related function's unexported type is left out", async () => {
    const mem = new MemoryFs({
      "src/parse.ts": [
        "interface Token { text: string }",
        "export interface Config { readonly strict: boolean }",
        "/** Parse a config file's tokens into a config. */",
        "export function parseConfig(tokens: Token, base: Config): Config {",
        "  return { strict: tokens.text === '' ? base.strict : true }",
        "}",
        ""
      ].join("\n")
    })
    const r = await runGraph(suggestCommand({ fnName: "parseConfigFile", desc: "parse a config file", file: "src/load.ts" }), mem, new SavedGraph())
    expect(r.last).toMatchObject({
      suggested_signature: "export function parseConfigFile(config: Config): Config",
      // The project's one string literal is single-quoted: so is the import.
      imports: ["import type { Config } from './parse'"]
    })
    // Token is related (the header comment may name it) but the code never uses it.
    expect(String(r.last["scaffold"]).split("\n").filter((l) => !l.startsWith("//")).join("\n")).not.toContain("Token")
  })

  it("a related function's own type parameters are not types to import, even where a type has that name", async () => {
    const mem = new MemoryFs({
      "src/t.ts": "export type T = string\n",
      "src/items.ts": "/** Map every item. */\nexport const mapItems = <T>(items: ReadonlyArray<T>, f: (t: T) => T): ReadonlyArray<T> => items.map(f)\n"
    })
    const r = await runGraph(suggestCommand({ fnName: "mapEveryItem", desc: "map every item", file: "src/every.ts" }), mem, new SavedGraph())
    expect(r.last).toMatchObject({ suggested_signature: "export function mapEveryItem(input: unknown): unknown", imports: [] })
  })

  it("test code is never a source unless --include-tests", async () => {
    const mem = new MemoryFs({
      "src/money.ts": "export class Money { constructor(readonly cents: number) {} }\n",
      "test/fixtures.ts": "/** Round money to whole cents. */\nexport function roundCents(m: number): number { return m }\n",
      "src/money.test.ts": "export class RoundingCase { cents = 1 }\n",
      "py/test_rounding.py": "def round_cents(value):\n    \"\"\"Round cents.\"\"\"\n    return value\n"
    })
    const r = await runGraph(suggestCommand({ fnName: "roundMoney", desc: "round money to whole cents", file: "src/round.ts" }), mem, new SavedGraph())
    // Money and its member Money.cents: none from a test file.
    expect([...new Set(inferred(r).map((i) => i.file))]).toEqual(["src/money.ts"])
    expect(r.last).toMatchObject({ suggested_signature: "export function roundMoney(money: Money): unknown" })
    const withTests = await runGraph(suggestCommand({ fnName: "roundMoney", desc: "round money to whole cents", file: "src/round.ts", includeTests: true }), mem, new SavedGraph())
    expect(inferred(withTests).map((i) => i.name)).toContain("roundCents")
  })

  it("ranks by docs: the function whose docstring says the intent comes first; Python imports from the package root", async () => {
    const mem = new MemoryFs({
      "Lib/textwrap.py": [
        "class TextWrapper:",
        "    \"\"\"Object for wrapping/filling text.\"\"\"",
        "",
        "def dedent(text):",
        "    \"\"\"Remove any common leading whitespace from every line in `text`.\"\"\"",
        "    return text",
        ""
      ].join("\n"),
      "Lib/lines.py": "def remove_line(lines, n):\n    return lines\n",
      "Lib/urllib/__init__.py": "",
      "Lib/urllib/parse.py": "class SplitResult:\n    \"\"\"A parsed URL.\"\"\"\n\ndef urlsplit(url: str) -> SplitResult:\n    \"\"\"Parse a URL into five components.\"\"\"\n    return SplitResult()\n"
    })
    const saved = new SavedGraph()
    const r = await runGraph(suggestCommand({ fnName: "strip_indent", desc: "remove common leading whitespace from each line", file: "Lib/tools.py" }), mem, saved)
    expect(inferred(r)[0]).toMatchObject({ name: "dedent", file: "Lib/textwrap.py" })
    const url = await runGraph(suggestCommand({ fnName: "split_url", desc: "parse a URL into its components", file: "Lib/tools.py" }), mem, saved)
    expect(url.last).toMatchObject({ suggested_signature: "def split_url(split_result: SplitResult) -> SplitResult:", imports: ["from urllib.parse import SplitResult"] })
  })

  it("Go: a target file without a package clause (new, or created empty) gets its package's; one with a clause does not", async () => {
    const mem = new MemoryFs({
      "go.mod": "module example.com/m\n\ngo 1.19\n",
      "shapes/circle.go": "package shapes\n\n// Circle is a round shape.\ntype Circle struct{ R float64 }\n\n// Area of the circle.\nfunc (c Circle) Area() float64 { return 3.14 * c.R * c.R }\n",
      "shapes/empty.go": "",
      "shapes/full.go": "package shapes\n"
    })
    const saved = new SavedGraph()
    const scaffold = async (file: string) => (await runGraph(suggestCommand({ fnName: "ScaleCircle", desc: "scale a circle by a factor", file }), mem, saved)).last["scaffold"] as string
    expect(await scaffold("shapes/scale.go")).toMatch(/^package shapes\n/m)
    expect(await scaffold("shapes/empty.go")).toMatch(/^package shapes\n/m)
    expect(await scaffold("shapes/full.go")).not.toMatch(/^package /m)
  })

  it("JavaScript: drafts in the package's own style — CommonJS with 'use strict', module.exports, quotes, semicolons, indentation — or ESM", async () => {
    const cjs = new MemoryFs({
      "package.json": "{ \"name\": \"x\", \"main\": \"lib/index.js\", \"repository\": { \"type\": \"git\" } }\n",
      "lib/parse.js": "'use strict';\n\nvar parseKeys = function parseKeys(key, val) {\n    return { key: key, val: val };\n};\n\nmodule.exports = { parseKeys: parseKeys };\n",
      "test/parse.js": "\"use strict\"\nconst test = require(\"tape\")\nexports.run = function () {\n  test(\"x\")\n}\n"
    })
    const saved = new SavedGraph()
    const r = await runGraph(suggestCommand({ fnName: "parseNested", desc: "parse a nested key into an object", file: "lib/nested.js" }), cjs, saved)
    expect(r.last).toMatchObject({ suggested_signature: "function parseNested(input)" })
    expect(String(r.last["scaffold"]).replace(/^\/\/.*\n/gm, "")).toBe(
      "'use strict';\n\nfunction parseNested(input) {\n    throw new Error('TODO: parse a nested key into an object');\n}\n\nmodule.exports = { parseNested: parseNested };\n"
    )
    // Into the existing module: no second header, and added to module.exports rather than replacing it.
    const into = await runGraph(suggestCommand({ fnName: "parseNested", desc: "parse a nested key", file: "lib/parse.js" }), cjs, saved)
    expect(String(into.last["scaffold"]).replace(/^\/\/.*\n/gm, "")).toBe(
      "function parseNested(input) {\n    throw new Error('TODO: parse a nested key');\n}\n\nmodule.exports.parseNested = parseNested;\n"
    )
    const esm = new MemoryFs({
      "package.json": "{ \"type\": \"module\" }\n",
      "src/keys.js": "import { join } from 'node:path'\n\n/** Parse keys. */\nexport function parseKeys(key) {\n\treturn join(key, 'x')\n}\n"
    })
    const e = await runGraph(suggestCommand({ fnName: "parseNested", desc: "parse nested keys", file: "src/nested.js" }), esm, new SavedGraph())
    expect(String(e.last["scaffold"]).replace(/^\/\/.*\n/gm, "")).toBe("export function parseNested(input) {\n\tthrow new Error('TODO: parse nested keys')\n}\n")
  })
})
