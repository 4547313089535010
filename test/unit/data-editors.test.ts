/** Each format's editor on real-looking files: comments, order and formatting outside the change stay. */
import { describe, expect, it } from "vitest"
import { formatOf, inLineStyle } from "../../src/domain/data/formats.js"
import { jsoncEditor, jsonEditor } from "../../src/domain/data/jsonEditor.js"
import { type KeyPath, parseKeyPath } from "../../src/domain/data/keyPath.js"
import { tomlEditor } from "../../src/domain/data/tomlEditor.js"
import { yamlEditor } from "../../src/domain/data/yamlEditor.js"
import { tomlEngine } from "../../layers/live/tomlWasm.js"

const p = (s: string): KeyPath => {
  const r = parseKeyPath(s)
  if (!r.ok) throw new Error(s)
  return r.path
}

const toml = tomlEditor(tomlEngine())

describe("formats by file name", () => {
  it("reads tsconfig-like JSON as JSONC and the rest by extension", () => {
    expect(formatOf("package.json")).toBe("json")
    expect(formatOf("tsconfig.json")).toBe("jsonc")
    expect(formatOf("packages/x/tsconfig.build.json")).toBe("jsonc")
    expect(formatOf(".vscode/settings.json")).toBe("jsonc")
    expect(formatOf("a.jsonc")).toBe("jsonc")
    expect(formatOf("Cargo.toml")).toBe("toml")
    expect(formatOf("ci.yml")).toBe("yaml")
    expect(formatOf("x.YAML")).toBe("yaml")
    expect(formatOf("README.md")).toBeUndefined()
  })

  it("edits a CRLF file as LF and gives its endings back; a mixed file is edited as it is", () => {
    expect(inLineStyle("a\r\nb\r\n", (t) => t.replace("b", "c\nd"))).toBe("a\r\nc\r\nd\r\n")
    expect(inLineStyle("a\r\nb\nc\r\n", (t) => t.replace("b", "x"))).toBe("a\r\nx\nc\r\n")
  })
})

const TSCONFIG = `{
  // Base options shared by every package
  "compilerOptions": {
    "target": "ES2022", // keep in step with engines
    "strict": true,
    /* paths are resolved from here */
    "baseUrl": ".",
  },
  "include": ["src", "test"]
}
`

describe("JSONC (jsonc-parser)", () => {
  it("replaces a value and keeps every comment and the trailing comma", () => {
    const out = jsoncEditor.set(TSCONFIG, p("compilerOptions.target"), "ES2023", false)
    expect(out).toBe(TSCONFIG.replace('"ES2022"', '"ES2023"'))
  })

  it("adds a key as a line of its own with the file's indentation; a trailing comma moves to it", () => {
    const out = jsoncEditor.set(TSCONFIG, p("compilerOptions.noEmit"), true, false)
    expect(out).toBe(TSCONFIG.replace('    "baseUrl": ".",\n', '    "baseUrl": ".",\n    "noEmit": true,\n'))
  })

  it("leaves the line it adds after as it was, its end-of-line comment included", () => {
    const text = '{\n  "name": "x",\n  "scripts": { "test": "vitest" } // run by CI\n}\n'
    expect(jsoncEditor.set(text, p("paths"), { a: [1] }, false)).toBe(
      '{\n  "name": "x",\n  "scripts": { "test": "vitest" }, // run by CI\n  "paths": {\n    "a": [\n      1\n    ]\n  }\n}\n'
    )
  })

  it("appends to and deletes from an array", () => {
    expect(jsoncEditor.set(TSCONFIG, p("include[2]"), "bench", true)).toContain('"include": ["src", "test", "bench"]')
    const del = jsoncEditor.del(TSCONFIG, p("include[0]"))
    expect(jsoncEditor.parse(del)).toMatchObject({ ok: true, value: { include: ["test"] } })
    expect(del).toContain("// keep in step with engines")
  })

  it("deletes the only member of a container written with a trailing comma (jsonc-parser alone leaves `{,`)", () => {
    const text = '{\n  "compilerOptions": {\n    "strict": true,\n  },\n  "files": [],\n}\n'
    const out = jsoncEditor.del(text, p("compilerOptions.strict"))
    expect(jsoncEditor.parse(out)).toEqual({ ok: true, value: { compilerOptions: {}, files: [] } })
  })

  it("edits a container written on one line without re-laying it out", () => {
    const text = '{\n  "a": { "b": 1 },\n  "list": [1, 2]\n}\n'
    expect(jsonEditor.set(text, p("a.c"), 2, false)).toBe('{\n  "a": { "b": 1, "c": 2 },\n  "list": [1, 2]\n}\n')
    expect(jsonEditor.set(text, p("list[2]"), 3, true)).toBe('{\n  "a": { "b": 1 },\n  "list": [1, 2, 3]\n}\n')
  })

  it("strict JSON refuses comments, with the line and column", () => {
    expect(jsonEditor.parse(TSCONFIG)).toMatchObject({ ok: false, line: 2, column: 3, message: "InvalidCommentToken" })
    expect(jsonEditor.parse('{\n  "a": 1,\n  "b": \n}\n')).toMatchObject({ ok: false, line: 4, column: 1, message: "ValueExpected" })
  })

  it("keeps tab indentation", () => {
    const out = jsonEditor.set('{\n\t"name": "x"\n}\n', p("version"), "1.0.0", false)
    expect(out).toBe('{\n\t"name": "x",\n\t"version": "1.0.0"\n}\n')
  })
})

const PYPROJECT = `# Project metadata (PEP 621)
name = "demo"  # the distribution name
version = "0.3.1"

[tool.poetry]
packages = [{ include = "demo" }]

[tool.ruff]
# Keep lines short
line-length = 100 # enforced in CI
select = ["E", "F"]

[servers."api.example.com"]
port = 8080
`

describe("TOML (toml_edit)", () => {
  it("replaces a value and keeps comments and key order", () => {
    const out = toml.set(PYPROJECT, p("tool.ruff.line-length"), 120, false)
    expect(out).toBe(PYPROJECT.replace("line-length = 100 # enforced in CI", "line-length = 120 # enforced in CI"))
  })

  it("reaches keys that hold dots", () => {
    const out = toml.set(PYPROJECT, p('servers."api.example.com".port'), 9090, false)
    expect(out).toBe(PYPROJECT.replace("port = 8080", "port = 9090"))
  })

  it("edits a top-level key (which toml-edit-js cannot address by itself)", () => {
    const out = toml.set(PYPROJECT, p("version"), "0.4.0", false)
    expect(out).toBe(PYPROJECT.replace('version = "0.3.1"', 'version = "0.4.0"'))
    const added = toml.set(PYPROJECT, p("license"), "MIT", false)
    expect(toml.parse(added)).toMatchObject({ ok: true, value: { license: "MIT", name: "demo", tool: { ruff: { "line-length": 100 } } } })
    expect(added.startsWith("# Project metadata (PEP 621)\n")).toBe(true)
    const deleted = toml.del(PYPROJECT, p("version"))
    expect(deleted).toBe(PYPROJECT.replace('version = "0.3.1"\n', ""))
  })

  it("refuses to replace a top-level [table] as a whole, with the reason", () => {
    expect(() => toml.del(PYPROJECT, p("tool"))).toThrow(/top-level table \[tool\]/)
  })

  it("adds a key to a table, appends to an array, deletes a key", () => {
    const out = toml.set(PYPROJECT, p("tool.ruff.fix"), true, false)
    expect(out).toContain("select = [\"E\", \"F\"]\nfix = true\n")
    expect(toml.set(PYPROJECT, p("tool.ruff.select[2]"), "I", true)).toContain('select = ["E", "F", "I"]')
    expect(toml.del(PYPROJECT, p("tool.ruff.select"))).not.toContain("select")
    expect(toml.del(PYPROJECT, p("tool.ruff.select"))).toContain("# Keep lines short")
  })

  it("reports a parse error's line and column", () => {
    expect(toml.parse('a = 1\n[b\nc = "x"\n')).toMatchObject({ ok: false, line: 2, column: 3, message: "unclosed table, expected `]`" })
  })

  it("refuses null and keys its path syntax cannot name", () => {
    expect(() => toml.set(PYPROJECT, p("tool.x"), null, false)).toThrow(/no null/)
    expect(() => toml.set(PYPROJECT, p('tool."a\\"b"'), 1, false)).toThrow(/cannot address/)
  })
})

const WORKFLOW = `# CI for the demo package
name: ci
on:
  push:
    branches: [main]   # only main
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      # the toolchain
      - uses: actions/setup-node@v4
        with:
          node-version: '20'
`

describe("YAML (yaml Document API)", () => {
  it("replaces a scalar, keeping its quotes and every comment", () => {
    const out = yamlEditor.set(WORKFLOW, p("jobs.test.steps[1].with.node-version"), "22", false)
    expect(out).toBe(WORKFLOW.replace("'20'", "'22'"))
  })

  it("adds keys and elements in the file's own layout", () => {
    const out = yamlEditor.set(WORKFLOW, p("jobs.test.timeout-minutes"), 10, false)
    expect(out).toBe(WORKFLOW + "    timeout-minutes: 10\n")
    const more = yamlEditor.set(WORKFLOW, p("on.push.branches[1]"), "release", true)
    expect(more).toContain("branches: [main, release]")
  })

  it("deletes a key and keeps the file's header comment even when it sat on the deleted key", () => {
    const out = yamlEditor.del(WORKFLOW, p("name"))
    expect(out.startsWith("# CI for the demo package\n")).toBe(true)
    expect(yamlEditor.parse(out)).toMatchObject({ ok: true })
    expect(out).not.toContain("name: ci")
  })

  it("reports a parse error's line and column", () => {
    expect(yamlEditor.parse("a: [1\nb: 2\n")).toMatchObject({ ok: false, line: 2, column: 1 })
    expect(yamlEditor.parse("a: 1\na: 2\n")).toMatchObject({ ok: false, line: 2 })
  })
})

describe("array and list edits keep the file's own spelling", () => {
  it("TOML: a multi-line array's comma after the previous last element (trailing-comma arrays too); one-line arrays' spacing as written", () => {
    const trailing = "deps = [\n    \"a\",\n    \"b\",\n]\n"
    expect(toml.set(trailing, p("deps[2]"), "c", true)).toBe("deps = [\n    \"a\",\n    \"b\",\n    \"c\",\n]\n")
    const plain = "deps = [\n    \"a\",\n    \"b\"\n]\n"
    expect(toml.set(plain, p("deps[2]"), "c", true)).toBe("deps = [\n    \"a\",\n    \"b\",\n    \"c\"\n]\n")
    expect(toml.set("a = [\"x\"]\n", p("a[1]"), "y", true)).toBe("a = [\"x\", \"y\"]\n")
    expect(toml.set("b = []\n", p("b[0]"), "y", true)).toBe("b = [\"y\"]\n")
    expect(toml.set("c = [1,2]\n", p("c[2]"), 3, true)).toBe("c = [1,2,3]\n")
    expect(toml.set("[t]\nx = [ \"a\", \"b\" ]\n", p("t.x[2]"), "c", true)).toBe("[t]\nx = [ \"a\", \"b\", \"c\" ]\n")
  })

  it("YAML: a flow list stays a flow list, padded as it was; an end-of-line comment stays where it was", () => {
    const ci = "on:\n  push:\n    branches: [ main ]\n  list: [a, b]   # flow\n"
    expect(yamlEditor.set(ci, p("on.push.branches[1]"), "dev", true)).toBe(ci.replace("[ main ]", "[ main, dev ]"))
    expect(yamlEditor.set(ci, p("on.list[2]"), "c", true)).toBe(ci.replace("[a, b]   # flow", "[a, b, c]   # flow"))
    expect(yamlEditor.set(ci, p("on.list"), ["x", "y", "z"], false)).toBe(ci.replace("[a, b]   # flow", "[x, y, z]   # flow"))
    // A bracket inside a quoted string is data: the printer's line stands where the file's spelling would change it.
    const quoted = "a: [ \"[x\" ]\n"
    expect(yamlEditor.parse(yamlEditor.set(quoted, p("a[1]"), "y", true))).toEqual({ ok: true, value: { a: ["[x", "y"] } })
  })

  it("JSONC: an array or object written on one line and replaced stays on one line", () => {
    const ts = "{\n  \"compilerOptions\": {\n    \"lib\": [\"es2020\"], // libs\n    \"paths\": { \"a\": [\"b\"] }\n  }\n}\n"
    expect(jsoncEditor.set(ts, p("compilerOptions.lib"), ["es2020", "dom"], false)).toBe(ts.replace("[\"es2020\"]", "[\"es2020\", \"dom\"]"))
    expect(jsoncEditor.set(ts, p("compilerOptions.paths"), { a: ["c"], d: [] }, false)).toBe(ts.replace("{ \"a\": [\"b\"] }", "{ \"a\": [ \"c\" ], \"d\": [] }"))
  })
})
