/**
 * The grammars added in #11 ship in dist/grammars and load there, under Node and Deno: `splice check`
 * passes a valid file of every language at once (each grammar compiled only for its own files), and
 * `splice edit` of a Ruby Gemfile, a C# and a Terraform file refuses a broken edit and writes a good one.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, logicRuntimes, runSync, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const LANGUAGES = path.join(import.meta.dirname, "../fixtures/languages")

describe.each(logicRuntimes)("the syntax gate in 16 more grammars, in the built CLI under $name", (rt) => {
  let ws: string
  const run = (args: string[]) => runSync(rt, [...args, "--validate", "syntax", "--workspace", ws], { cwd: ws })
  beforeEach(() => {
    ws = tempWorkspace()
    fs.cpSync(LANGUAGES, ws, { recursive: true })
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("check passes a valid file of each language", () => {
    const files = fs.readdirSync(ws).sort()
    expect(files).toHaveLength(16)
    const r = run(["check", ...files])
    expect(r.code).toBe(0)
    expect(r.last["syntax"]).toEqual(files.map((file) => ({ file, status: "passed" })))
  })

  it("edit refuses a broken Gemfile, C# and Terraform edit and writes a valid one", () => {
    fs.writeFileSync(path.join(ws, "Gemfile"), "source \"https://rubygems.org\"\n\ngem \"rack\", \"~> 2.2\"\n")
    const cases: Array<[string, string, string, string, string, string]> = [
      ["Gemfile", "\"~> 2.2\"\n", "\"~> 2.2\", require: [\n", "\"~> 2.2\"\n", "\"~> 2.2\"\ngem \"thor\"\n", "ruby"],
      ["Inventory.cs", "this[sku] + quantity;", "this[sku] + ;", "this[sku] + quantity;", "this[sku] + quantity * 1;", "csharp"],
      ["main.tf", "default = \"eu-west-1\"", "default = = \"eu-west-1\"", "default = \"eu-west-1\"", "default = \"us-east-1\"", "terraform"]
    ]
    for (const [file, old, broken, again, good, language] of cases) {
      const before = fs.readFileSync(path.join(ws, file), "utf8")
      const bad = run(["edit", "--file", file, "--replace-old", old, "--replace-new", broken])
      expect([file, bad.code, bad.last["code"]]).toEqual([file, 5, "SPL-E042"])
      expect(fs.readFileSync(path.join(ws, file), "utf8")).toBe(before)
      const ok = run(["edit", "--file", file, "--replace-old", again, "--replace-new", good])
      expect([file, ok.code]).toEqual([file, 0])
      expect(ok.last["validation"]).toMatchObject({ status: "passed", parser: "tree-sitter", language })
    }
  })
})
