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
import { check } from "../../src/commands/check.js"
import { edit } from "../../src/commands/edit.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { outcomeOf } from "../../src/cli/outcome.js"

const ROOT = path.resolve(import.meta.dirname, "../..")
const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

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

const editIn = async (dir: string, file: string, old: string, neu: string) => {
  const program = edit({
    file,
    edits: [{ old, new: neu }],
    preview: false,
    showDiff: false,
    validate: "syntax",
    // require: the gate must really run; a silently skipped gate would make these tests pass for nothing
    compiler: { mode: "auto", require: true, timeoutMs: 180_000 },
    maxBytes: DEFAULT_MAX_BYTES,
    lockTimeoutMs: 5_000
  })
  const exit = await Effect.runPromiseExit(program.pipe(Effect.provide(liveLayer({ workspace: dir, output: "json" })), Effect.scoped) as Effect.Effect<void, unknown, never>)
  return outcomeOf(exit, undefined)
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
    const exit = await Effect.runPromiseExit(check({ files: ["m.py"], validate: "syntax", compiler: { mode: "always", require: true, timeoutMs: 60_000 }, maxBytes: DEFAULT_MAX_BYTES })
      .pipe(Effect.provide(liveLayer({ workspace: dir, output: "json" }))) as Effect.Effect<void, unknown, never>)
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
    expect(bad.error?.context?.["diagnostics"]).toEqual([expect.objectContaining({ tool: "pyflakes", code: "undefined-name", line: 2 })])
    const warn = await editIn(dir, "m.py", "def f():", "import os\n\n\ndef f():")
    expect(warn.exit).toBe(0)
  })
})
