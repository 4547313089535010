import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { asArgument, flagsFromCompileCommands, pathOutside } from "../../layers/live/CompilerGateLive.js"
import { goIgnored, goImporterDirs, goModulePath } from "../../layers/live/goImporters.js"
import {
  interpretCheckerOutput,
  outputTail,
  parseCargoJson,
  parseGccJson,
  parseGo,
  parseJavac,
  parseNodeCheck,
  parsePyCompileJson,
  parsePyflakesJson,
  parseGoListedFiles,
  parseTsc,
  parseTscListedFiles
} from "../../src/domain/checkerOutput.js"
import { pyflakesSeverity } from "../../src/domain/pyflakesClasses.js"
import { envTrusts, parseTrustRecords, serializeTrustRecords, trustStateOf } from "../../src/domain/trust.js"
import { type Diagnostic, newDiagnostics } from "../../src/domain/diagnostics.js"
import { parseProjectConfig } from "../../src/domain/projectConfig.js"

const rel = (p: string) => p.replace(/^\/ws\//, "").replace(/^\.\//, "")
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "..", "fixtures", "checker-output", name), "utf8")

// Outputs below were printed by the real tools on this machine (tsc 7, gcc 12, node 20, python 3.11, javac 17, cargo 1.95).
describe("checker output parsers", () => {
  it("tsc --pretty false, with a continuation line and a global error", () => {
    const out = "src/a.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.\nsrc/b.ts(3,1): error TS2345: Argument of type 'X' is not assignable.\n  Property 'y' is missing.\nerror TS5083: Cannot read file 'base.json'.\n"
    expect(parseTsc(out, rel)).toEqual([
      { tool: "tsc", file: "src/a.ts", line: 1, column: 14, code: "TS2322", severity: "error", message: "Type 'string' is not assignable to type 'number'." },
      { tool: "tsc", file: "src/b.ts", line: 3, column: 1, code: "TS2345", severity: "error", message: "Argument of type 'X' is not assignable.\nProperty 'y' is missing." },
      { tool: "tsc", file: "", line: 0, column: 0, code: "TS5083", severity: "error", message: "Cannot read file 'base.json'." }
    ])
  })

  it("gcc -fdiagnostics-format=json", () => {
    const out = '[{"kind": "warning", "locations": [{"caret": {"line": 1, "file": "c.c", "column": 26}}], "option": "-Wint-conversion", "children": [], "message": "initialization of ‘int’ from ‘char *’ makes integer from pointer without a cast"}, {"kind": "error", "children": [{"kind": "note", "locations": [], "message": "each undeclared identifier is reported only once for each function it appears in"}], "locations": [{"caret": {"line": 1, "file": "c.c", "column": 38}}], "message": "‘y’ undeclared (first use in this function)"}]'
    const ds = parseGccJson(out, rel, "gcc")
    expect(ds.map((d) => [d.file, d.line, d.column, d.severity, d.code])).toEqual([["c.c", 1, 26, "warning", "-Wint-conversion"], ["c.c", 1, 38, "error", ""]])
    expect(ds[1]!.remediation).toMatch(/reported only once/)
    expect(parseGccJson("", rel, "gcc")).toEqual([])
  })

  it("node --check", () => {
    const out = "/ws/j.js:1\nlet x = ;\n        ^\n\nSyntaxError: Unexpected token ';'\n    at wrapSafe (node:internal/modules/cjs/loader:1464:18)\n"
    expect(parseNodeCheck(out, rel)).toEqual([{ tool: "node", file: "j.js", line: 1, column: 9, code: "SyntaxError", severity: "error", message: "Unexpected token ';'" }])
  })

  it("Python's compile() (splice's py_compile driver)", () => {
    const out = JSON.stringify({ errors: [{ class: "SyntaxError", line: 1, col: 5, message: "'(' was never closed" }] })
    expect(parsePyCompileJson(out, "p.py")).toEqual([{ tool: "py_compile", file: "p.py", line: 1, column: 5, code: "SyntaxError", severity: "error", message: "'(' was never closed" }])
    expect(parsePyCompileJson('{"errors": []}', "p.py")).toEqual([])
    expect(parsePyCompileJson('  File "p.py", line 1\nSyntaxError: x\n', "p.py")).toBeUndefined()
  })

  it("pyflakes (splice's JSON driver): classified by message class, never by wording", () => {
    const out = JSON.stringify({ messages: [
      { class: "ImportStarUsed", line: 581, col: 4, message: "'from _heapq import *' used; unable to detect undefined names" },
      { class: "ReturnOutsideFunction", line: 3, col: 0, message: "'return' outside function" },
      { class: "UnusedImport", line: 1, col: 0, message: "'os' imported but unused" },
      { class: "UndefinedName", line: 3, col: 11, message: "undefined name 'y'" }
    ] })
    expect(parsePyflakesJson(out, "m.py")!.map((d) => [d.line, d.column, d.code, d.severity])).toEqual([
      [581, 5, "ImportStarUsed", "warning"],
      [3, 1, "ReturnOutsideFunction", "error"],
      [1, 1, "UnusedImport", "warning"],
      [3, 12, "UndefinedName", "error"]
    ])
    expect(parsePyflakesJson("m.py:1:1: 'os' imported but unused\n", "m.py")).toBeUndefined()
    expect(pyflakesSeverity("SomethingNewerPyflakesInvents")).toBe("warning")
    expect(pyflakesSeverity("PercentFormatMissingArgument")).toBe("error")
  })

  it("cargo check --message-format=json (real output), notes and failure-notes dropped", () => {
    expect(parseCargoJson(fixture("cargo.jsonl"), rel)).toEqual([
      { tool: "cargo", file: "src/main.rs", line: 2, column: 18, code: "E0308", severity: "error", message: "mismatched types" }
    ])
    const withHelp = JSON.stringify({ reason: "compiler-message", message: { level: "warning", message: "unused variable: `unused`", code: { code: "unused_variables" }, spans: [{ file_name: "src/main.rs", line_start: 3, column_start: 9, is_primary: true }], children: [{ level: "help", message: "if this is intentional, prefix it with an underscore", spans: [{ file_name: "src/main.rs", line_start: 3, column_start: 9, is_primary: true, suggested_replacement: "_unused" }], children: [] }] } })
    expect(parseCargoJson(withHelp, rel)[0]).toMatchObject({ severity: "warning", remediation: "if this is intentional, prefix it with an underscore: `_unused`" })
  })

  it("go vet and go build", () => {
    const out = "# example.com/m\nvet: ./m.go:4:2: undefined: y\n./m.go:5:9: cannot use \"a\" (untyped string constant) as int value in return statement\n"
    expect(parseGo(out, rel, "go vet").map((d) => [d.file, d.line, d.column, d.message])).toEqual([
      ["m.go", 4, 2, "undefined: y"],
      ["m.go", 5, 9, "cannot use \"a\" (untyped string constant) as int value in return statement"]
    ])
  })

  it("javac", () => {
    const out = "J.java:1: error: ';' expected\nclass J { void f() { int x = \"a\" } }\n                                ^\n1 error\n"
    expect(parseJavac(out, rel)).toEqual([{ tool: "javac", file: "J.java", line: 1, column: 33, code: "", severity: "error", message: "';' expected" }])
  })

  it("a custom gate counts only when it fails; each line is a finding", () => {
    const ok = interpretCheckerOutput({ tool: "vale", custom: true, file: "doc.txt" }, { stdout: "fine\n", stderr: "", exitCode: 0 }, rel)
    expect(ok).toEqual({ kind: "ran", diagnostics: [] })
    const bad = interpretCheckerOutput({ tool: "vale", custom: true, file: "doc.txt" }, { stdout: "doc.txt:1:1 Spelling\n\n", stderr: "1 error\n", exitCode: 1 }, rel)
    expect(bad.kind === "ran" && bad.diagnostics.map((d) => d.message)).toEqual(["doc.txt:1:1 Spelling", "1 error"])
    const silent = interpretCheckerOutput({ tool: "x", custom: true, file: "f" }, { stdout: "", stderr: "", exitCode: 3 }, rel)
    expect(silent.kind === "ran" && silent.diagnostics.map((d) => d.message)).toEqual(["exited with 3"])
  })
})

describe("a checker without a verdict is failed_to_run, never passed", () => {
  const step = (tool: string, custom = false) => ({ tool, custom, file: "src/a.ts" })
  const outcome = (tool: string, exitCode: number | null, stdout: string, stderr = "", custom = false) =>
    interpretCheckerOutput(step(tool, custom), { stdout, stderr, exitCode }, rel)

  it("cargo offline: exit 101, JSON on stdout without a compiler message, the network error on stderr", () => {
    const stderr = "error: no matching package named `serde` found\nlocation searched: registry `crates-io`\nrequired by package `demo v0.1.0 (/ws)`\nAs a reminder, you're using offline mode (--offline) which can sometimes cause surprising resolution failures\n"
    const r = outcome("cargo", 101, "", stderr)
    expect(r).toMatchObject({ kind: "failed_to_run", exitCode: 101 })
    expect(r.kind === "failed_to_run" && r.outputTail).toContain("no matching package named `serde`")
  })

  it("tsc with only a configuration error (no file) did not check anything", () => {
    expect(outcome("tsc", 1, "error TS5083: Cannot read file '/ws/base.json'.\n")).toMatchObject({ kind: "failed_to_run", exitCode: 1 })
    expect(outcome("tsc", 2, "src/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.\n").kind).toBe("ran")
  })

  it("go: a go.mod it cannot use, in go's own words, is not a diagnostic", () => {
    expect(outcome("go vet", 1, "", "go: errors parsing go.mod:\n/ws/go.mod:3: invalid go version '1.99.x': must match format 1.23\n").kind).toBe("failed_to_run")
    expect(outcome("go vet", 1, "", "# example.com/m\nvet: ./m.go:4:2: undefined: y\n").kind).toBe("ran")
  })

  it("javac crashing, node and py_compile failing for a reason other than a syntax error", () => {
    expect(outcome("javac", 4, "", "An exception has occurred in the compiler (17.0.15). Please file a bug\njava.lang.NullPointerException\n\tat com.sun.tools.javac.comp.Attr.visitApply(Attr.java:2345)\n").kind).toBe("failed_to_run")
    expect(outcome("node", 1, "", "node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module '/ws/x.js'\n").kind).toBe("failed_to_run")
    expect(outcome("py_compile", 1, "", "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nModuleNotFoundError: No module named 'json'\n").kind).toBe("failed_to_run")
  })

  it("a missing header is gcc's fatal error in a file: a diagnostic marked fatal; gcc without JSON support failed to run", () => {
    const fatal = '[{"kind": "fatal error", "locations": [{"caret": {"line": 1, "file": "m.c", "column": 10}}], "children": [], "message": "missing.h: No such file or directory"}]'
    const r = outcome("gcc", 1, "", fatal)
    expect(r.kind === "ran" && r.diagnostics).toEqual([expect.objectContaining({ file: "m.c", line: 1, severity: "error", fatal: true })])
    expect(outcome("gcc", 1, "", "gcc: error: unrecognized command-line option '-fdiagnostics-format=json'\n").kind).toBe("failed_to_run")
  })

  it("the pyflakes driver must print its JSON; a crash or a signal is failed_to_run; custom gates: 126, 127 and 128+", () => {
    expect(outcome("pyflakes", 1, "", "ModuleNotFoundError: No module named 'pyflakes'\n").kind).toBe("failed_to_run")
    expect(outcome("pyflakes", 0, '{"messages": []}').kind).toBe("ran")
    expect(outcome("tsc", null, "").kind).toBe("failed_to_run")
    expect(outcome("sh", 127, "", "sh: 1: vale: not found\n", true)).toMatchObject({ kind: "failed_to_run", exitCode: 127, outputTail: "sh: 1: vale: not found" })
    expect(outcome("sh", 139, "", "", true).kind).toBe("failed_to_run")
  })

  it("the output tail is bounded: the last 20 lines, at most 2 KB", () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n")
    expect(outputTail({ stdout: "", stderr: lines }).split("\n")).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 80}`))
    expect(outputTail({ stdout: "", stderr: "x".repeat(10_000) }).length).toBeLessThanOrEqual(2049)
    expect(outputTail({ stdout: "only stdout\n", stderr: "  \n" })).toBe("only stdout")
  })
})

describe("new diagnostics", () => {
  const d = (file: string, line: number, code: string, message: string): Diagnostic => ({ tool: "t", file, line, column: 1, code, severity: "error", message })
  it("ignores line shifts, counts repeats, and separates files", () => {
    const before = [d("a.ts", 1, "E1", "m"), d("b.ts", 4, "E2", "n")]
    const after = [d("a.ts", 9, "E1", "m"), d("a.ts", 12, "E1", "m"), d("b.ts", 4, "E2", "n"), d("c.ts", 4, "E2", "n")]
    expect(newDiagnostics(before, after)).toEqual([d("a.ts", 12, "E1", "m"), d("c.ts", 4, "E2", "n")])
  })
})

describe("splice.json", () => {
  it("accepts gates and defaults", () => {
    const r = parseProjectConfig(JSON.stringify({ gates: { ".TS": ["npm", "run", "typecheck"], ".txt": ["vale", "{file}"] }, defaults: { validate: "full", require_compiler: true, compile_timeout: 30, lock_timeout: 0, max_bytes: 1000 } }))
    expect(r).toEqual({ ok: true, config: { gates: { ".ts": ["npm", "run", "typecheck"], ".txt": ["vale", "{file}"] }, defaults: { validate: "full", requireCompiler: true, compileTimeoutSeconds: 30, lockTimeoutSeconds: 0, maxBytes: 1000 } } })
  })
  it.each([
    ["{", "(file)"],
    ['{"gate": {}}', "gate"],
    ['{"gates": {"ts": ["x"]}}', "gates.ts"],
    ['{"gates": {".ts": []}}', "gates..ts"],
    ['{"gates": {".ts": "npm run x"}}', "gates..ts"],
    ['{"defaults": {"validate": "all"}}', "defaults.validate"],
    ['{"defaults": {"compile_timeout": -1}}', "defaults.compile_timeout"],
    ['{"defaults": {"colour": true}}', "defaults.colour"]
  ])("names the bad key in %s", (json, key) => {
    const r = parseProjectConfig(json)
    expect(r.ok).toBe(false)
    expect(!r.ok && r.key).toBe(key)
  })
})

describe("compile_commands.json", () => {
  it("keeps include paths, defines and the standard; resolves relative includes", () => {
    const db = JSON.stringify([{ directory: "/p/build", file: "../src/a.c", command: "cc -I../include -Iinc -DX=1 -std=c11 -O2 -o a.o -c ../src/a.c" },
      { directory: "/p/build", file: "/p/src/b.cpp", arguments: ["c++", "-isystem", "../third", "-D", "Y", "-std=c++17", "-c", "/p/src/b.cpp"] }])
    expect(flagsFromCompileCommands(db, "/p/src/a.c")).toEqual(["-I/p/include", "-I/p/build/inc", "-DX=1", "-std=c11"])
    expect(flagsFromCompileCommands(db, "/p/src/b.cpp")).toEqual(["-isystem", "/p/third", "-D", "Y", "-std=c++17"])
    expect(flagsFromCompileCommands(db, "/p/src/none.c")).toBeUndefined()
  })
})

describe("trust records", () => {
  const hash = "a".repeat(64)
  it("a record pins splice.json; malformed files and records count as no trust (fail closed)", () => {
    const records = parseTrustRecords(JSON.stringify({ version: 1, workspaces: { "/w": { splice_json: hash, trusted_at: "t" }, "/n": { splice_json: null }, "/bad": { splice_json: "x" } } }))
    expect(Object.keys(records).sort()).toEqual(["/n", "/w"])
    expect(trustStateOf(records, "/w", hash, false)).toMatchObject({ trusted: true, via: "record" })
    expect(trustStateOf(records, "/w", null, false)).toMatchObject({ trusted: false, why: "changed" })
    expect(trustStateOf(records, "/n", hash, false)).toMatchObject({ trusted: false, why: "changed" })
    expect(trustStateOf(records, "/other", null, false)).toMatchObject({ trusted: false, why: "never" })
    expect(trustStateOf({}, "/other", null, true)).toMatchObject({ trusted: true, via: "env" })
    for (const text of ["", "{", "[]", "null", '{"workspaces": []}', '{"workspaces": {"/w": "yes"}}']) expect(parseTrustRecords(text)).toEqual({})
    expect(parseTrustRecords(serializeTrustRecords(records))).toEqual(records)
    expect(trustStateOf(parseTrustRecords('{"workspaces":{"__proto__":{"splice_json":null}}}'), "/x", null, false)).toMatchObject({ trusted: false })
    expect([envTrusts("1"), envTrusts("true"), envTrusts(""), envTrusts(undefined), envTrusts("0")]).toEqual([true, true, false, false, false])
  })
})

describe("PATH for checkers in an untrusted workspace", () => {
  it("drops relative entries and directories inside the workspace, also through a symlink", () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-path-")))
    const outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-out-")))
    fs.mkdirSync(path.join(root, "bin"))
    fs.symlinkSync(path.join(root, "bin"), path.join(outside, "link"))
    try {
      expect(pathOutside(root, [".", "node_modules/.bin", "", path.join(root, "bin"), root, "/usr/bin", path.join(outside, "link"), outside, root + "-sibling"]))
        .toEqual(["/usr/bin", outside, root + "-sibling"])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
      fs.rmSync(outside, { recursive: true, force: true })
    }
  })
  it("a file name beginning with '-' becomes ./-name", () => {
    expect([asArgument("-n.txt"), asArgument("src/-x.ts"), asArgument("a.txt")]).toEqual(["./-n.txt", "src/-x.ts", "a.txt"])
  })
})

describe("tsc --listFiles", () => {
  const rel = (p: string) => p.replace(/^\/ws\//, "")
  const out = [
    "/usr/lib/node_modules/typescript/lib/lib.es5.d.ts",
    "/ws/src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    "/ws/src/a.ts",
    "/ws/src/view.tsx",
    "/ws/src/b.mts"
  ].join("\n")
  it("go list's files (GO_LIST_FILES) are what go vet read; go list gives no finding, and its failure is no verdict", () => {
    expect(parseGoListedFiles("/ws/m.go\n/ws/m_windows.go\n\n/ws/m_test.go\n", rel)).toEqual(["m.go", "m_windows.go", "m_test.go"])
    expect(interpretCheckerOutput({ tool: "go list", custom: false, file: "m.go" }, { stdout: "/ws/m.go\n", stderr: "", exitCode: 0 }, rel)).toEqual({ kind: "ran", diagnostics: [] })
    expect(interpretCheckerOutput({ tool: "go list", custom: false, file: "m.go" }, { stdout: "", stderr: "go: bad go.mod", exitCode: 1 }, rel)).toMatchObject({ kind: "failed_to_run" })
  })
  it("the files the program read, not the diagnostics' lines", () => {
    expect(parseTscListedFiles(out, rel)).toEqual(["/usr/lib/node_modules/typescript/lib/lib.es5.d.ts", "src/a.ts", "src/view.tsx", "src/b.mts"])
  })
  it("are no finding, and no output shown for a failure", () => {
    const r = interpretCheckerOutput({ tool: "tsc", custom: false, file: "src/a.ts" }, { stdout: out, stderr: "", exitCode: 2 }, rel)
    expect(r).toMatchObject({ kind: "ran", diagnostics: [expect.objectContaining({ file: "src/a.ts", line: 3, code: "TS2322" })] })
    const failed = interpretCheckerOutput({ tool: "tsc", custom: false, file: "src/a.ts" }, { stdout: "/ws/src/a.ts\nerror TS5083: Cannot read file '/ws/base.json'.\n", stderr: "", exitCode: 1 }, rel)
    expect(failed).toMatchObject({ kind: "failed_to_run", outputTail: "error TS5083: Cannot read file '/ws/base.json'." })
  })
})

describe("goImporterDirs (the go vet gate's importers)", () => {
  it("the module's directories whose .go files import the package, not the package, vendor/, testdata/, a nested module or a dot directory", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "splice-goimp-"))
    const put = (p: string, t: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true })
      fs.writeFileSync(path.join(dir, p), t)
    }
    put("go.mod", "module \"example.com/m\"\n\ngo 1.19\n")
    put("geo/geo.go", "package geo\n")
    put("geo/geo_test.go", "package geo_test\n\nimport \"example.com/m/geo\"\n")
    put("app/a.go", "package app\n\nimport (\n\t\"fmt\"\n\tg \"example.com/m/geo\"\n)\n")
    put("app/deep/d.go", "package deep\n\nimport \"example.com/m/geography\"\n")
    for (const p of ["vendor/v/v.go", "app/testdata/t.go", ".hidden/h.go", "sub/x.go"]) put(p, "package x\n\nimport \"example.com/m/geo\"\n")
    put("sub/go.mod", "module example.com/sub\n")
    try {
      expect(goImporterDirs(dir, path.join(dir, "geo"))).toEqual([path.join(dir, "app")])
      expect(goModulePath("module example.com/m // comment\n")).toBe("example.com/m")
      expect(goModulePath("// x\nmodule example.com/m\n")).toBe("example.com/m")
      expect(goIgnored("//go:build ignore\n\npackage main\n")).toBe(true)
      expect(goIgnored("// Copyright\n\n// +build ignore\n\npackage main\n")).toBe(true)
      expect(goIgnored("//go:build ignore && linux\n\npackage main\n")).toBe(true)
      expect(goIgnored("//go:build linux && (ignore)\n\npackage main\n")).toBe(true)
      expect(goIgnored("//go:build ignore && a || b\n\npackage main\n")).toBe(false)
      expect(goIgnored("//go:build linux\n\npackage m\n")).toBe(false)
      expect(goIgnored("package m\n\n//go:build ignore\n")).toBe(false) // after the package clause: a comment
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
