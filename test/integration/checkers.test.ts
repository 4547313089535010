/**
 * The compiler gate with the real tools of this machine, in temp projects: for each checker a
 * passing edit, an edit that introduces an error (rolled back byte for byte), and an edit to a file
 * that already had an error (allowed). A checker that is not installed here is skipped, by name.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import { afterAll, describe, expect, it } from "vitest"
import { liveLayer } from "../../layers/live/index.js"
import { CapturedOutput, OutputMemory } from "../../layers/memory/OutputMemory.js"
import { check } from "../../src/commands/check.js"
import { edit } from "../../src/commands/edit.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import { Trust } from "../../services/Trust.js"

const ROOT = path.resolve(import.meta.dirname, "../..")
const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

// These tests are about the gates: every workspace is trusted (as CI would say), and trust records
// go to a temp config directory, never the user's. The untrusted tests below unset SPLICE_TRUST.
process.env["SPLICE_TRUST"] = "1"
process.env["XDG_CONFIG_HOME"] = fs.mkdtempSync(path.join(os.tmpdir(), "splice-cfg-"))
dirs.push(process.env["XDG_CONFIG_HOME"])
const untrusted = async <A>(f: () => Promise<A>): Promise<A> => {
  delete process.env["SPLICE_TRUST"]
  try {
    return await f()
  } finally {
    process.env["SPLICE_TRUST"] = "1"
  }
}

const has = (cmd: string, ...args: string[]) => spawnSync(cmd, args.length > 0 ? args : ["--version"], { stdio: "ignore" }).status === 0
const project = (files: Record<string, string>): string => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-cg-")))
  dirs.push(dir)
  for (const [p, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true })
    fs.writeFileSync(path.join(dir, p), content)
  }
  return dir
}

const editIn = async (dir: string, file: string, old: string, neu: string, require = true) => {
  const program = edit({
    file,
    edits: [{ old, new: neu }],
    preview: false,
    showDiff: false,
    // The compiler gate alone: Python's own parser in the syntax gate would catch `def f(a, a)` first.
    validate: "none",
    // require: the gate must really run; a silently skipped gate would make these tests pass for nothing
    compiler: { mode: "auto", require, timeoutMs: 180_000 },
    maxBytes: DEFAULT_MAX_BYTES,
    lockTimeoutMs: 5_000
  })
  // Captured, not printed: the result lines of every edit would fill the test log.
  const exit = await Effect.runPromiseExit(program.pipe(
    Effect.provide(OutputMemory(new CapturedOutput())),
    Effect.provide(liveLayer({ workspace: dir, output: "json" })),
    Effect.scoped
  ) as Effect.Effect<void, unknown, never>)
  return outcomeOf(exit, undefined)
}

/** `splice check` on the live layers; the result line's `compiler` verdict, or the error. */
const checkIn = async (dir: string, files: string[], require = false) => {
  const captured = new CapturedOutput()
  const program = check({ files, validate: "none", compiler: { mode: "always", require, timeoutMs: 60_000 }, maxBytes: DEFAULT_MAX_BYTES })
  const exit = await Effect.runPromiseExit(program.pipe(
    Effect.provide(OutputMemory(captured)),
    Effect.provide(liveLayer({ workspace: dir, output: "json" }))
  ) as Effect.Effect<void, unknown, never>)
  return { ...outcomeOf(exit, undefined), last: captured.lines[captured.lines.length - 1] ?? {} }
}

interface Case {
  readonly name: string
  readonly available: boolean
  readonly files: Record<string, string>
  readonly file: string
  readonly ok: readonly [string, string]
  readonly bad: readonly [string, string]
  /** A file with an error of its own, and an edit elsewhere in it. */
  readonly broken: { readonly files: Record<string, string>; readonly file: string; readonly edit: readonly [string, string] }
  readonly tool: string
  readonly noLitter?: (dir: string) => void
}

const cases: Case[] = [
  {
    name: "TypeScript (the project's own tsc from node_modules/.bin)",
    available: fs.existsSync(path.join(ROOT, "node_modules", ".bin", "tsc")),
    tool: "tsc",
    files: { "tsconfig.json": '{"compilerOptions":{"strict":true,"noEmit":true,"target":"ES2022"},"include":["src"]}', "src/a.ts": "export const a: number = 1\n", "src/b.ts": "import { a } from \"./a\"\nexport const b: number = a\n" },
    file: "src/a.ts",
    ok: ["= 1", "= 2"],
    bad: ["a: number = 1", "a: string = \"x\""], // b.ts now assigns a string to a number: the error is in another file
    broken: { files: { "tsconfig.json": '{"compilerOptions":{"strict":true,"noEmit":true},"include":["src"]}', "src/a.ts": "export const a: number = \"bad\"\nexport const c = 1\n" }, file: "src/a.ts", edit: ["c = 1", "c = 2"] }
  },
  {
    name: "JavaScript (node --check)",
    available: has("node"),
    tool: "node",
    files: { "package.json": "{}", "m.js": "const x = 1\nmodule.exports = x\n" },
    file: "m.js",
    ok: ["x = 1", "x = 2"],
    bad: ["const x = 1", "const x = 1; const x = 2"], // a redeclaration: parses, but node rejects it
    broken: { files: { "package.json": "{}", "m.js": "let a = 1\nlet a = 2\nconst keep = 3\n" }, file: "m.js", edit: ["keep = 3", "keep = 4"] }
  },
  {
    name: "Python (py_compile)",
    available: has("python3"),
    tool: "py_compile",
    files: { "pyproject.toml": "[project]\nname='x'\n", "m.py": "def f():\n    return 1\n" },
    file: "m.py",
    ok: ["return 1", "return 2"],
    bad: ["def f():", "def f(a, a):"], // duplicate argument: a SyntaxError from the compiler, not the parser
    broken: { files: { "pyproject.toml": "", "m.py": "def f(a, a):\n    return 1\n\ndef g():\n    return 2\n" }, file: "m.py", edit: ["return 2", "return 3"] },
    noLitter: (dir) => expect(fs.existsSync(path.join(dir, "__pycache__"))).toBe(false)
  },
  {
    name: "C (gcc -fsyntax-only)",
    available: has("gcc"),
    tool: "gcc",
    files: { "Makefile": "all:\n", "m.c": "int f(void) { return 1; }\n" },
    file: "m.c",
    ok: ["return 1;", "return 2;"],
    bad: ["return 1;", "return missing;"],
    broken: { files: { "Makefile": "", "m.c": "int f(void) { return undeclared; }\nint g(void) { return 1; }\n" }, file: "m.c", edit: ["return 1;", "return 2;"] }
  },
  {
    name: "C++ (g++ -fsyntax-only, flags from compile_commands.json)",
    available: has("g++"),
    tool: "g++",
    files: { "inc/h.hpp": "#define VALUE 1\n", "m.cpp": "#include \"h.hpp\"\nint f() { return VALUE; }\n" },
    file: "m.cpp",
    ok: ["return VALUE;", "return VALUE + 1;"],
    bad: ["return VALUE;", "return VALUE + nope;"],
    broken: { files: { "CMakeLists.txt": "", "m.cpp": "int f() { return nope; }\nint g() { return 1; }\n" }, file: "m.cpp", edit: ["return 1;", "return 2;"] }
  },
  {
    name: "Rust (cargo check)",
    available: has("cargo"),
    tool: "cargo",
    files: { "Cargo.toml": "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n", "src/main.rs": "fn main() {\n    let x: i32 = 1;\n    println!(\"{x}\");\n}\n" },
    file: "src/main.rs",
    ok: ["= 1;", "= 2;"],
    bad: ["= 1;", "= \"one\";"],
    broken: { files: { "Cargo.toml": "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n", "src/main.rs": "fn bad() -> i32 {\n    \"no\"\n}\n\nfn main() {\n    println!(\"{}\", 1);\n}\n" }, file: "src/main.rs", edit: ["\"{}\", 1", "\"{}\", 2"] }
  },
  {
    name: "Java (javac into a scratch directory)",
    available: has("javac", "-version"),
    tool: "javac",
    files: { "pom.xml": "<project/>", "src/main/java/demo/App.java": "package demo;\n\npublic class App {\n    int f() { return 1; }\n}\n" },
    file: "src/main/java/demo/App.java",
    ok: ["return 1;", "return 2;"],
    bad: ["return 1;", "return \"one\";"],
    broken: { files: { "pom.xml": "", "App.java": "public class App {\n    int f() { return \"no\"; }\n    int g() { return 1; }\n}\n" }, file: "App.java", edit: ["return 1;", "return 2;"] },
    noLitter: (dir) => {
      const classes = spawnSync("find", [dir, "-name", "*.class"], { encoding: "utf8" }).stdout.trim()
      expect(classes).toBe("")
    }
  },
  {
    name: "Go (go vet)",
    available: has("go", "version"),
    tool: "go vet",
    files: { "go.mod": "module example.com/m\n\ngo 1.19\n", "m.go": "package m\n\nfunc F() int {\n\treturn 1\n}\n" },
    file: "m.go",
    ok: ["return 1", "return 2"],
    bad: ["return 1", "return \"one\""],
    broken: { files: { "go.mod": "module example.com/m\n\ngo 1.19\n", "m.go": "package m\n\nfunc Bad() int {\n\treturn \"no\"\n}\n\nfunc F() int {\n\treturn 1\n}\n" }, file: "m.go", edit: ["return 1", "return 2"] }
  }
]

for (const c of cases) {
  describe.skipIf(!c.available)(`compiler gate: ${c.name}`, () => {
    const withModules = (files: Record<string, string>) => {
      const dir = project(files)
      if (c.tool === "tsc") fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"))
      if (c.tool === "g++") {
        fs.writeFileSync(path.join(dir, "compile_commands.json"), JSON.stringify([{ directory: dir, file: "m.cpp", command: "g++ -Iinc -std=c++17 -c m.cpp" }]))
      }
      return dir
    }

    it("a passing edit lands", async () => {
      const dir = withModules(c.files)
      const r = await editIn(dir, c.file, ...c.ok)
      expect(r.error?.message).toBeUndefined()
      expect(r.exit).toBe(0)
      expect(fs.readFileSync(path.join(dir, c.file), "utf8")).toContain(c.ok[1])
      c.noLitter?.(dir)
    }, 240_000)

    it("an edit that introduces an error is rolled back (SPL-E043)", async () => {
      const dir = withModules(c.files)
      const before = fs.readFileSync(path.join(dir, c.file))
      const r = await editIn(dir, c.file, ...c.bad)
      expect([r.exit, r.error?.code]).toEqual([5, "SPL-E043"])
      const ds = r.error?.context?.["diagnostics"] as Array<{ tool: string; severity: string; file: string }>
      expect(ds.length).toBeGreaterThan(0)
      expect(ds.every((d) => d.severity === "error")).toBe(true)
      expect(fs.readFileSync(path.join(dir, c.file))).toEqual(before)
      c.noLitter?.(dir)
    }, 240_000)

    it("a file that already had an error can still be edited", async () => {
      const dir = withModules(c.broken.files)
      const r = await editIn(dir, c.broken.file, ...c.broken.edit)
      expect(r.error?.message).toBeUndefined()
      expect(r.exit).toBe(0)
      expect(fs.readFileSync(path.join(dir, c.broken.file), "utf8")).toContain(c.broken.edit[1])
    }, 240_000)
  })
}

describe.skipIf(!has("python3"))("splice check with a real checker", () => {
  it("reports py_compile's error with its line", async () => {
    const dir = project({ "m.py": "def f(a, a):\n    return 1\n" })
    const exit = await Effect.runPromiseExit(check({ files: ["m.py"], validate: "none", compiler: { mode: "always", require: true, timeoutMs: 60_000 }, maxBytes: DEFAULT_MAX_BYTES })
      .pipe(Effect.provide(OutputMemory(new CapturedOutput())), Effect.provide(liveLayer({ workspace: dir, output: "json" }))) as Effect.Effect<void, unknown, never>)
    const r = outcomeOf(exit, undefined)
    expect(r.error?.code).toBe("SPL-E043")
    expect(r.error?.context?.["diagnostics"]).toEqual([expect.objectContaining({ tool: "py_compile", file: "m.py", line: 1, code: "SyntaxError" })])
  })
})

describe.skipIf(!has("pyflakes3") && !has("pyflakes"))("compiler gate: Python with pyflakes", () => {
  it("a new undefined name blocks; a new unused import is only a warning", async () => {
    const dir = project({ "pyproject.toml": "", "m.py": "def f():\n    return 1\n" })
    const bad = await editIn(dir, "m.py", "return 1", "return undefined_thing")
    expect([bad.exit, bad.error?.code]).toEqual([5, "SPL-E043"])
    expect(bad.error?.context?.["diagnostics"]).toEqual([expect.objectContaining({ tool: "pyflakes", code: "UndefinedName", line: 2 })])
    const warn = await editIn(dir, "m.py", "def f():", "import os\n\n\ndef f():")
    expect(warn.exit).toBe(0)
  })
})

describe.skipIf(!has("python3"))("Python checks never run the workspace's Python", () => {
  /** Modules named like the ones py_compile, pyflakes and the driver import; importing one writes a marker. */
  const shadows = (marker: string) =>
    Object.fromEntries(["traceback", "textwrap", "py_compile", "json", "ast"].map((m) => [`${m}.py`, `open(${JSON.stringify(marker)}, "a").write("${m}\\n")\n`]))

  it("a workspace traceback.py / textwrap.py / py_compile.py is never imported, and a broken edit is still blocked", async () => {
    const markerDir = project({})
    const marker = path.join(markerDir, "imported")
    const dir = project({ "pyproject.toml": "", "m.py": "def f(a):\n    return a\n", ...shadows(marker) })
    // An agent's environment may even put the project on PYTHONPATH: isolated mode ignores it.
    process.env["PYTHONPATH"] = dir
    try {
      const bad = await editIn(dir, "m.py", "def f(a):", "def f(a, a):")
      expect([bad.exit, bad.error?.code]).toEqual([5, "SPL-E043"])
      expect(bad.error?.context?.["diagnostics"]).toEqual(expect.arrayContaining([expect.objectContaining({ tool: "py_compile", code: "SyntaxError", line: 1 })]))
      const ok = await editIn(dir, "m.py", "return a", "return a + 1")
      expect(ok.exit).toBe(0)
    } finally {
      delete process.env["PYTHONPATH"]
    }
    expect(fs.existsSync(marker) ? fs.readFileSync(marker, "utf8") : "never imported").toBe("never imported")
    expect(fs.existsSync(path.join(dir, "__pycache__"))).toBe(false)
  }, 60_000)

  it("CPython's own heapq.py, checked beside a shadowing textwrap.py, has no error (its star import is a warning)", async () => {
    const heapq = ["/usr/lib/python3.11/heapq.py", ...spawnSync("python3", ["-I", "-c", "import heapq; print(heapq.__file__)"], { encoding: "utf8" }).stdout.split("\n")]
      .find((p) => p.length > 0 && fs.existsSync(p))!
    const markerDir = project({})
    const marker = path.join(markerDir, "imported")
    const dir = project({ "heapq.py": fs.readFileSync(heapq, "utf8"), ...shadows(marker) })
    const r = await checkIn(dir, ["heapq.py"])
    expect(r.error?.message).toBeUndefined()
    expect(r.exit).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ status: "passed" })
    expect(fs.existsSync(marker)).toBe(false)
  }, 60_000)
})

describe.skipIf(!has("pyflakes3") && !has("pyflakes"))("pyflakes by message class", () => {
  it("'return' outside function blocks; a star import does not", async () => {
    const dir = project({ "pyproject.toml": "", "m.py": "x = 1\n" })
    const star = await editIn(dir, "m.py", "x = 1", "from os.path import *\nx = 1")
    expect(star.error?.message).toBeUndefined()
    const bad = await editIn(dir, "m.py", "x = 1", "x = 1\nif x:\n    pass\nreturn x")
    expect([bad.exit, bad.error?.code]).toEqual([5, "SPL-E043"])
    expect(bad.error?.context?.["diagnostics"]).toEqual(expect.arrayContaining([expect.objectContaining({ code: expect.stringMatching(/ReturnOutsideFunction|SyntaxError/), severity: "error" })]))
  }, 60_000)
})

describe("go vet checks the module's packages that import the edited one", () => {
  it.skipIf(!has("go", "version"))("a changed signature that breaks an importer in another package is a new error (SPL-E043); a nested module and testdata are not read", async () => {
    const dir = project({
      "go.mod": "module example.com/m\n\ngo 1.19\n",
      "geo/geo.go": "package geo\n\nfunc Area(w int) int {\n\treturn w * w\n}\n",
      "app/app.go": "package app\n\nimport \"example.com/m/geo\"\n\nfunc Run() int {\n\treturn geo.Area(2)\n}\n",
      "app/testdata/x.go": "package x\n\nimport \"example.com/m/geo\"\n\nvar _ = geo.Nope\n",
      "tools/go.mod": "module example.com/tools\n\ngo 1.19\n",
      "tools/t.go": "package tools\n\nimport \"example.com/m/geo\"\n\nvar _ = geo.Area\n"
    })
    const broken = await editIn(dir, "geo/geo.go", "func Area(w int) int {", "func Area(w, h int) int {")
    expect([broken.exit, broken.error?.code]).toEqual([5, "SPL-E043"])
    expect(broken.error?.context?.["diagnostics"]).toEqual([expect.objectContaining({ file: "app/app.go", line: 6 })])
    expect(fs.readFileSync(path.join(dir, "geo/geo.go"), "utf8")).toContain("func Area(w int) int {")
    const fine = await editIn(dir, "geo/geo.go", "return w * w", "return w * w * 1")
    expect(fine.exit, JSON.stringify(fine.error)).toBe(0)
  }, 90_000)

  it.skipIf(!has("go", "version"))("a `//go:build ignore` generator, in no package go vet reads, is vetted on its own", async () => {
    const dir = project({
      "go.mod": "module example.com/m\n\ngo 1.19\n",
      "a.go": "package m\n\nfunc A() int { return 1 }\n",
      "gen.go": "//go:build ignore\n\npackage main\n\nfunc main() {\n\tvar x int = 1\n\t_ = x\n}\n"
    })
    const broken = await editIn(dir, "gen.go", "var x int = 1", "var x int = \"s\"")
    expect([broken.exit, broken.error?.code]).toEqual([5, "SPL-E043"])
    expect(broken.error?.context?.["diagnostics"]).toEqual([expect.objectContaining({ file: "gen.go", line: 6 })])
    const fine = await editIn(dir, "gen.go", "var x int = 1", "var x int = 2")
    expect(fine.exit, JSON.stringify(fine.error)).toBe(0)
  }, 90_000)
})

describe("a checker that gives no verdict is failed_to_run, never passed", () => {
  const expectFailedToRun = (r: Awaited<ReturnType<typeof editIn>>, exitCode: unknown, tail: RegExp) => {
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E046"])
    const failures = r.error?.context?.["failures"] as Array<{ exit_code: number; output_tail: string; before: string }>
    expect(failures[0]).toMatchObject({ exit_code: exitCode, before: "failed_to_run" })
    expect(failures[0]!.output_tail).toMatch(tail)
  }

  it.skipIf(!has("go", "version"))("go vet with a go.mod go cannot parse: rolled back under --require-compiler, stands otherwise", async () => {
    const files = { "go.mod": "module example.com/m\n\ngo 1.19\n\nfrobnicate x\n", "m.go": "package m\n\nfunc F() int {\n\treturn 1\n}\n" }
    const dir = project(files)
    expectFailedToRun(await editIn(dir, "m.go", "return 1", "return 2"), 1, /unknown directive: frobnicate/)
    expect(fs.readFileSync(path.join(dir, "m.go"), "utf8")).toBe(files["m.go"])
    const lenient = await editIn(dir, "m.go", "return 1", "return 2", false)
    expect(lenient.exit).toBe(0)
    expect(fs.readFileSync(path.join(dir, "m.go"), "utf8")).toContain("return 2")
  }, 60_000)

  it.skipIf(!has("cargo"))("cargo offline with a registry dependency: exit 101 and only a network error", async () => {
    process.env["CARGO_NET_OFFLINE"] = "true"
    try {
      const dir = project({ "Cargo.toml": "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nserde = \"1\"\n", "src/main.rs": "fn main() {\n    let x: i32 = 1;\n    println!(\"{x}\");\n}\n" })
      expectFailedToRun(await editIn(dir, "src/main.rs", "= 1;", "= \"one\";"), 101, /serde/)
      expect(fs.readFileSync(path.join(dir, "src/main.rs"), "utf8")).toContain("= 1;")
    } finally {
      delete process.env["CARGO_NET_OFFLINE"]
    }
  }, 60_000)

  it.skipIf(!fs.existsSync(path.join(ROOT, "node_modules", ".bin", "tsc")))("tsc with only a tsconfig error (a missing base config)", async () => {
    const dir = project({ "tsconfig.json": '{"extends":"./missing.json","include":["src"]}', "src/a.ts": "export const a: number = 1\n" })
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"))
    expectFailedToRun(await editIn(dir, "src/a.ts", "= 1", "= 2"), expect.any(Number), /TS5083/) // 1 or 2, by tsc version
  }, 60_000)

  it.skipIf(!has("gcc"))("gcc stopped by a missing header the file already had: the edit went unchecked; a new missing header blocks", async () => {
    const dir = project({ "Makefile": "", "m.c": "#include \"missing.h\"\nint f(void) { return 1; }\n", "n.c": "int g(void) { return 1; }\n" })
    const unchecked = await editIn(dir, "m.c", "return 1;", "return nope;")
    expect([unchecked.exit, unchecked.error?.code]).toEqual([5, "SPL-E046"])
    expect(unchecked.error?.message).toMatch(/stopped at a fatal error that was there before the edit/)
    const lenient = await editIn(dir, "m.c", "return 1;", "return 2;", false)
    expect(lenient.exit).toBe(0)
    const added = await editIn(dir, "n.c", "int g", "#include \"gone.h\"\nint g")
    expect([added.exit, added.error?.code]).toEqual([5, "SPL-E043"])
  }, 60_000)
})

describe("file names beginning with '-' reach a custom gate as files, not options", () => {
  it("grep sees ./-n.txt: the TODO it finds blocks the edit", async () => {
    const dir = project({ "splice.json": JSON.stringify({ gates: { ".txt": ["sh", "-c", "! grep -n TODO \"$0\"", "{file}"] } }), "-n.txt": "draft\n" })
    const bad = await editIn(dir, "-n.txt", "draft", "draft\nTODO finish")
    expect([bad.exit, bad.error?.code]).toEqual([5, "SPL-E043"])
    expect(bad.error?.context?.["diagnostics"]).toEqual([expect.objectContaining({ file: "-n.txt", message: "2:TODO finish" })])
    expect(fs.readFileSync(path.join(dir, "-n.txt"), "utf8")).toBe("draft\n")
  }, 30_000)
})

describe("an untrusted workspace runs none of its own code in gates", () => {
  it("a custom gate is skipped with the reason (its marker never written); --require-compiler is SPL-E047", async () => {
    const marker = path.join(project({}), "ran")
    const dir = project({ "splice.json": JSON.stringify({ gates: { ".txt": ["sh", "-c", `echo ran > ${marker}`] } }), "notes.txt": "draft\n" })
    const r = await untrusted(() => checkIn(dir, ["notes.txt"]))
    expect(r.last["compiler"]).toMatchObject({ status: "skipped", tool: "sh", reason: "workspace not trusted; run splice trust" })
    const strict = await untrusted(() => editIn(dir, "notes.txt", "draft", "final"))
    expect([strict.exit, strict.error?.code]).toEqual([5, "SPL-E047"])
    expect(fs.readFileSync(path.join(dir, "notes.txt"), "utf8")).toBe("draft\n")
    expect(fs.existsSync(marker)).toBe(false)
  })

  it.skipIf(!has("cargo"))("cargo (build scripts) is skipped: build.rs never runs", async () => {
    const marker = path.join(project({}), "built")
    const dir = project({
      "Cargo.toml": "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\nbuild = \"build.rs\"\n",
      "build.rs": `fn main() { std::fs::write(${JSON.stringify(marker)}, "built").unwrap(); }\n`,
      "src/main.rs": "fn main() {}\n"
    })
    const r = await untrusted(() => checkIn(dir, ["src/main.rs"]))
    expect(r.last["compiler"]).toMatchObject({ status: "skipped", tool: "cargo", reason: "workspace not trusted; run splice trust" })
    expect(fs.existsSync(marker)).toBe(false)
  })

  it.skipIf(!fs.existsSync(path.join(ROOT, "node_modules", ".bin", "tsc")))("the project's node_modules/.bin/tsc is skipped", async () => {
    const dir = project({ "tsconfig.json": "{}", "a.ts": "export const a = 1\n" })
    fs.mkdirSync(path.join(dir, "node_modules", ".bin"), { recursive: true })
    const marker = path.join(dir, "tsc-ran")
    fs.writeFileSync(path.join(dir, "node_modules", ".bin", "tsc"), `#!/bin/sh\necho ran > ${marker}\n`, { mode: 0o755 })
    const r = await untrusted(() => checkIn(dir, ["a.ts"]))
    expect(r.last["compiler"]).toMatchObject({ status: "skipped", tool: "tsc", reason: "workspace not trusted; run splice trust" })
    expect(fs.existsSync(marker)).toBe(false)
  })

  it.skipIf(!has("python3"))("Python's checks are the user's own tools and still run (isolated)", async () => {
    const dir = project({ "pyproject.toml": "", "m.py": "def f(a, a):\n    return 1\n" })
    const r = await untrusted(() => checkIn(dir, ["m.py"]))
    expect(r.error?.code).toBe("SPL-E043")
  })

  it.skipIf(!has("python3"))("a python3 inside the workspace is never picked from PATH (an activated .venv is the project's)", async () => {
    const dir = project({ "pyproject.toml": "", "m.py": "def f(a, a):\n    return 1\n" })
    const marker = path.join(dir, "fake-python-ran")
    fs.mkdirSync(path.join(dir, ".venv", "bin"), { recursive: true })
    for (const name of ["python3", "pyflakes", "pyflakes3"]) {
      fs.writeFileSync(path.join(dir, ".venv", "bin", name), `#!/bin/sh\necho ${name} >> ${marker}\n`, { mode: 0o755 })
    }
    const saved = process.env["PATH"]
    process.env["PATH"] = `${path.join(dir, ".venv", "bin")}${path.delimiter}${saved}`
    try {
      const r = await untrusted(() => checkIn(dir, ["m.py"]))
      expect(r.error?.code).toBe("SPL-E043") // the real python3 found the error
    } finally {
      process.env["PATH"] = saved
    }
    expect(fs.existsSync(marker)).toBe(false)
  })

  it.skipIf(!has("javac", "-version"))("javac loads no annotation processor from the workspace (a committed Proc.class would run)", async () => {
    const marker = path.join(project({}), "proc-ran")
    const dir = project({ "pom.xml": "", "App.java": "public class App {\n    int f() { return 1; }\n}\n", "META-INF/services/javax.annotation.processing.Processor": "Proc\n" })
    const src = project({
      "Proc.java": `import java.util.Set;\nimport javax.annotation.processing.*;\nimport javax.lang.model.element.TypeElement;\n@SupportedAnnotationTypes("*")\n` +
        `public class Proc extends AbstractProcessor {\n  public synchronized void init(ProcessingEnvironment env) {\n    super.init(env);\n` +
        `    try { java.nio.file.Files.writeString(java.nio.file.Path.of(${JSON.stringify(marker)}), "ran"); } catch (Exception e) {}\n  }\n` +
        `  public boolean process(Set<? extends TypeElement> a, RoundEnvironment r) { return false; }\n}\n`
    })
    expect(spawnSync("javac", ["-d", dir, path.join(src, "Proc.java")]).status).toBe(0)
    const r = await untrusted(() => checkIn(dir, ["App.java"]))
    expect(r.last["compiler"]).toMatchObject({ status: "passed", tool: "javac" })
    expect(fs.existsSync(marker)).toBe(false)
    const bad = await untrusted(() => editIn(dir, "App.java", "return 1;", "return \"one\";"))
    expect(bad.error?.code).toBe("SPL-E043")
  }, 60_000)

  it("once trusted, the gate runs; a changed splice.json is untrusted again", async () => {
    const dir = project({ "splice.json": JSON.stringify({ gates: { ".txt": ["true"] } }), "notes.txt": "draft\n" })
    const trustIn = (program: Effect.Effect<unknown, unknown, Trust>) =>
      Effect.runPromise(program.pipe(Effect.provide(liveLayer({ workspace: dir, output: "json" }))) as Effect.Effect<unknown, unknown, never>)
    await untrusted(() => trustIn(Effect.flatMap(Trust, (t) => t.trust)))
    expect((await untrusted(() => checkIn(dir, ["notes.txt"]))).last["compiler"]).toMatchObject({ status: "passed", tool: "true" })
    const file = path.join(process.env["XDG_CONFIG_HOME"]!, "splice", "trust.json")
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(fs.readFileSync(file, "utf8")).workspaces[dir]).toMatchObject({ splice_json: expect.stringMatching(/^[0-9a-f]{64}$/) })
    fs.writeFileSync(path.join(dir, "splice.json"), JSON.stringify({ gates: { ".txt": ["false"] } }))
    expect((await untrusted(() => checkIn(dir, ["notes.txt"]))).last["compiler"]).toMatchObject({ status: "skipped", reason: "workspace not trusted; run splice trust" })
    expect(await untrusted(() => trustIn(Effect.flatMap(Trust, (t) => t.status)))).toMatchObject({ trusted: false, why: "changed" })
  })
})
