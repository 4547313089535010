/**
 * `splice mv` of modules on the memory layers: the imports that name a moved TS/JS or Python file
 * rewritten in its importers and in the moved files, in the same transaction (one undo reverses
 * all of it, a failure rolls all back), with every style of specifier kept; what cannot be
 * rewritten listed; --no-update-imports, --preview with diffs, and cp leaving importers alone.
 */
import { describe, expect, it } from "vitest"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { cp, mv, type TransferConfig } from "../../src/commands/transfer.js"
import { undo } from "../../src/commands/undo.js"
import { ScriptedChecker } from "../../layers/memory/CompilerGateScripted.js"
import { MemoryFs, MemoryLocks, run } from "../support/memory.js"
import type { CompilerSettings } from "../../src/commands/compilerGate.js"
import type { Diagnostic } from "../../src/domain/diagnostics.js"
import { posix } from "node:path"

const join = (dir: string, rel: string) => posix.normalize(posix.join(dir, rel))

const move = (from: string, to: string, over: Partial<TransferConfig> = {}): TransferConfig => ({
  from, to, force: false, preview: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200, ...over
})
const undoIt = () => undo({ lockTimeoutMs: 200 })

const GATE: CompilerSettings = { mode: "auto", require: false, timeoutMs: 1000 }

/** A tiny tsc: TS2307 for each relative `from "…"` of a checked .ts file that names no file (`.js` for `.ts`, or no extension). */
const fakeTsc = (mem: MemoryFs) =>
  new ScriptedChecker(mem, {
    tool: "tsc",
    extensions: [".ts"],
    check: (read, files) =>
      files.flatMap((f) => {
        const text = read(f) ?? ""
        const dir = f.includes("/") ? f.slice(0, f.lastIndexOf("/")) : ""
        return [...text.matchAll(/from ["'](\.[^"']+)["']/g)].flatMap((m): Diagnostic[] => {
          const path = join(dir, m[1]!)
          const found = [path, path.replace(/\.js$/, ".ts"), `${path}.ts`].some((p) => read(p) !== undefined)
          return found ? [] : [{ tool: "tsc", file: f, line: text.slice(0, m.index).split("\n").length, column: 1, code: "TS2307", severity: "error", message: `Cannot find module '${m[1]}'.` }]
        })
      })
  })

/** Every file of the workspace but splice's own state, with its text. */
const snapshot = (mem: MemoryFs) =>
  Object.fromEntries([...mem.entries.entries()]
    .filter(([k, e]) => e.kind === "file" && !k.startsWith(`${mem.root}/.splice`))
    .map(([k, e]) => [k.slice(mem.root.length + 1), e.kind === "file" ? Buffer.from(e.data).toString("hex") : ""])
    .sort(([a], [b]) => (a! < b! ? -1 : 1)))

const UTIL = "import { clamp } from \"./math\"\nimport \"./theme.css\"\nimport data from './data.json'\nexport const half = (n: number) => clamp(n / 2)\n"

const scripts = () =>
  new MemoryFs({
    "tsconfig.json": "{ \"compilerOptions\": { \"module\": \"nodenext\", \"moduleResolution\": \"nodenext\", \"strict\": true } }\n",
    "package.json": "{ \"name\": \"demo\", \"type\": \"module\" }\n",
    "src/util.ts": UTIL,
    "src/math.ts": "export const clamp = (n: number) => Math.max(0, n)\n",
    "src/theme.css": "body { color: red }\n",
    "src/data.json": "{ \"a\": 1 }\n",
    "src/app.ts": [
      "import { half } from './util.js'",
      "export { half as h } from \"./util.js\"",
      "import type * as U from \"./util.js\"",
      "const lazy = () => import(\"./util.js\")",
      "export const x: typeof U.half = half",
      ""
    ].join("\n"),
    "src/feature/view.ts": "import { half } from \"../util.js\"\nexport const v = half(4)\n",
    "src/legacy.cjs": "const { half } = require('./util.ts')\nconst name = 'util'\nconst dyn = require('./' + name)\nmodule.exports = { half, dyn }\n",
    "src/refs.ts": "/// <reference path=\"util.ts\" />\nexport {}\n",
    "src/other.ts": "import { clamp } from \"./math.js\"\nexport const o = clamp(1)\n",
    "README.md": "see src/util.ts\n"
  })

/** npm workspaces with project references: a solution tsconfig.json, two packages with their own `~/*` alias, app importing core by name. */
const MONO_MAIN = "import { clamp } from \"@mono/core\"\nimport { view } from \"~/ui/view\"\nexport const m = clamp(view)\n"
const MONO_DEEP = "import { round } from \"@mono/core/src/math/round\"\nexport const d = round(1)\n"
const monorepo = () =>
  new MemoryFs({
    "package.json": "{ \"private\": true, \"workspaces\": [\"packages/*\"] }\n",
    "tsconfig.json": "{ \"files\": [], \"references\": [{ \"path\": \"./packages/core\" }, { \"path\": \"./packages/app\" }] }\n",
    "packages/core/package.json": "{ \"name\": \"@mono/core\", \"main\": \"./src/index.ts\" }\n",
    "packages/core/tsconfig.json": "{ \"compilerOptions\": { \"composite\": true, \"rootDir\": \"src\", \"outDir\": \"dist\", \"paths\": { \"~/*\": [\"./src/*\"] } }, \"include\": [\"src\"] }\n",
    "packages/core/src/index.ts": "export { clamp } from \"~/math/clamp\"\n",
    "packages/core/src/math/clamp.ts": "export const clamp = (n: number) => Math.max(0, n)\n",
    "packages/core/src/math/round.ts": "import { clamp } from \"~/math/clamp\"\nexport const round = (n: number) => Math.round(clamp(n))\n",
    "packages/app/package.json": "{ \"name\": \"@mono/app\", \"dependencies\": { \"@mono/core\": \"*\" } }\n",
    "packages/app/tsconfig.json": "{ \"compilerOptions\": { \"composite\": true, \"rootDir\": \"src\", \"outDir\": \"dist\", \"paths\": { \"~/*\": [\"./src/*\"] } }, \"include\": [\"src\"], \"references\": [{ \"path\": \"../core\" }] }\n",
    "packages/app/src/main.ts": MONO_MAIN,
    "packages/app/src/ui/view.ts": "export const view = 1\n",
    "packages/app/src/deep.ts": MONO_DEEP
  })

describe("splice mv: TS/JS imports", () => {
  it("a file: every importer's specifier and the moved file's own relative imports, style kept; undo restores every byte", async () => {
    const mem = scripts()
    const before = snapshot(mem)
    const r = await run(mv(move("src/util.ts", "src/lib/util.ts")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("src/app.ts")).toBe([
      "import { half } from './lib/util.js'",
      "export { half as h } from \"./lib/util.js\"",
      "import type * as U from \"./lib/util.js\"",
      "const lazy = () => import(\"./lib/util.js\")",
      "export const x: typeof U.half = half",
      ""
    ].join("\n"))
    expect(mem.text("src/feature/view.ts")).toBe("import { half } from \"../lib/util.js\"\nexport const v = half(4)\n")
    expect(mem.text("src/lib/util.ts")).toBe(UTIL.replace("\"./math\"", "\"../math\"").replace("./theme.css", "../theme.css").replace("./data.json", "../data.json"))
    expect(mem.text("src/legacy.cjs")).toContain("require('./lib/util.ts')")
    expect(mem.text("src/refs.ts")).toBe("/// <reference path=\"lib/util.ts\" />\nexport {}\n")
    // Files that do not name it, and other languages, are untouched.
    expect(mem.text("src/other.ts")).toBe(before["src/other.ts"] === undefined ? "" : "import { clamp } from \"./math.js\"\nexport const o = clamp(1)\n")
    expect(mem.text("README.md")).toBe("see src/util.ts\n")
    const imports = r.last["imports"] as { importers: Array<{ file: string; specifiers: unknown[] }>; moved: Array<{ file: string; from: string; specifiers: unknown[] }>; specifiers: number; not_rewritten: unknown[] }
    expect(imports.importers.map((i) => i.file)).toEqual(["src/app.ts", "src/feature/view.ts", "src/legacy.cjs", "src/refs.ts"])
    expect(imports.importers[0]!.specifiers).toEqual([
      { line: 1, from: "./util.js", to: "./lib/util.js" },
      { line: 2, from: "./util.js", to: "./lib/util.js" },
      { line: 3, from: "./util.js", to: "./lib/util.js" },
      { line: 4, from: "./util.js", to: "./lib/util.js" }
    ])
    expect(imports.moved).toEqual([{ file: "src/lib/util.ts", from: "src/util.ts", language: "typescript", specifiers: [
      { line: 1, from: "./math", to: "../math" },
      { line: 2, from: "./theme.css", to: "../theme.css" },
      { line: 3, from: "./data.json", to: "../data.json" }
    ] }])
    expect(imports.specifiers).toBe(10)
    // The computed require() naming the moved file's stem is listed, not left silently.
    expect(imports.not_rewritten).toEqual([{ file: "src/legacy.cjs", line: 3, specifier: "require('./' + name)", reason: "computed" }])
    expect(r.last["files"]).toMatchObject([{ from: "src/util.ts", file: "src/lib/util.ts", bytes: mem.text("src/lib/util.ts")!.length }])
    expect(r.human).toMatch(/^moved src\/util.ts → src\/lib\/util.ts .*\nimports: rewrote 10 specifiers in 4 importers and 1 moved file\n  not rewritten: src\/legacy.cjs:3: require\('.\/' \+ name\) \(computed\)\n$/)
    const u = await run(undoIt(), mem)
    expect(u.exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("a directory: importers of every file in it, its files' imports of what stays, and imports inside it left as they are", async () => {
    const mem = new MemoryFs({
      "src/lib/index.ts": "export * from \"./a\"\nexport * from './b'\n",
      "src/lib/a.ts": "import { base } from \"../base\"\nexport const a = base + 1\n",
      "src/lib/b.ts": "import { a } from \"./a\"\nexport const b = a\n",
      "src/base.ts": "export const base = 1\n",
      "src/main.ts": "import { a, b } from \"./lib\"\nimport { b as bb } from \"./lib/b\"\nexport const m = a + b + bb\n",
      "src/sub/deep.js": "export { a } from \"../lib/index.js\"\n"
    })
    const before = snapshot(mem)
    const r = await run(mv(move("src/lib", "src/core/lib")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("src/main.ts")).toBe("import { a, b } from \"./core/lib\"\nimport { b as bb } from \"./core/lib/b\"\nexport const m = a + b + bb\n")
    expect(mem.text("src/sub/deep.js")).toBe("export { a } from \"../core/lib/index.js\"\n")
    expect(mem.text("src/core/lib/a.ts")).toBe("import { base } from \"../../base\"\nexport const a = base + 1\n")
    expect(mem.text("src/core/lib/b.ts")).toBe("import { a } from \"./a\"\nexport const b = a\n")
    expect(mem.text("src/core/lib/index.ts")).toBe("export * from \"./a\"\nexport * from './b'\n")
    const imports = r.last["imports"] as { importers: Array<{ file: string }>; moved: Array<{ file: string }> }
    expect(imports.importers.map((i) => i.file)).toEqual(["src/main.ts", "src/sub/deep.js"])
    expect(imports.moved.map((i) => i.file)).toEqual(["src/core/lib/a.ts"])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("a directory's files requiring each other keep their specifiers as written (TypeScript would respell `./b` as `./b.js` after a sibling's style)", async () => {
    const mem = new MemoryFs({
      "package.json": "{ \"name\": \"x\", \"type\": \"commonjs\" }\n",
      "lib/a.js": "const { c } = require('./c.js');\nconst { b } = require('./b');\nmodule.exports = { a: b + c }\n",
      "lib/b.js": "module.exports = { b: 1 }\n",
      "lib/c.js": "module.exports = { c: 2 }\n",
      "index.js": "const { a } = require('./lib/a.js')\n"
    })
    const r = await run(mv(move("lib", "lib2")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("lib2/a.js")).toBe("const { c } = require('./c.js');\nconst { b } = require('./b');\nmodule.exports = { a: b + c }\n")
    expect(mem.text("index.js")).toBe("const { a } = require('./lib2/a.js')\n")
  })

  it("path aliases (tsconfig paths, or a JavaScript project's jsconfig.json) are kept as aliases", async () => {
    for (const config of ["tsconfig.json", "jsconfig.json"]) {
      const mem = new MemoryFs({
        [config]: "{ \"compilerOptions\": { \"baseUrl\": \".\", \"paths\": { \"@lib/*\": [\"src/lib/*\"] } } }\n",
        "src/lib/util.js": "export const u = 1\n",
        "src/app/main.js": "import { u } from \"@lib/util\"\nexport const m = u\n"
      })
      const r = await run(mv(move("src/lib/util.js", "src/lib/core/util.js")), mem)
      expect(r.exit).toBe(0)
      expect(mem.text("src/app/main.js"), config).toBe("import { u } from \"@lib/core/util\"\nexport const m = u\n")
    }
  })

  it("the directory a tsconfig `paths` entry points into moves: the entry follows it (its `./` kept), as do `include` entries; undo restores the config", async () => {
    const config = "{\n  \"compilerOptions\": {\n    \"paths\": { \"@lib\": [\"./lib/src/index.ts\"], \"@lib/*\": [\"./lib/src/*\"] }\n  },\n  \"include\": [\"lib/src\", \"app\"]\n}\n"
    const mem = new MemoryFs({
      "tsconfig.json": config,
      "lib/src/index.ts": "export const one = 1\n",
      "app/main.ts": "import { one } from \"@lib\"\nexport const two = one + 1\n"
    })
    const r = await run(mv(move("lib/src", "lib/source")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("tsconfig.json")).toBe(config.replaceAll("lib/src", "lib/source"))
    expect(mem.text("app/main.ts")).toBe("import { one } from \"@lib\"\nexport const two = one + 1\n")
    const importers = (r.last["imports"] as { importers: Array<{ file: string; specifiers: Array<{ from: string; to: string }> }> }).importers
    expect(importers.find((i) => i.file === "tsconfig.json")?.specifiers).toEqual([
      { line: 3, from: "./lib/src/index.ts", to: "./lib/source/index.ts" }, { line: 3, from: "./lib/src/*", to: "./lib/source/*" }, { line: 5, from: "lib/src", to: "lib/source" }
    ])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(mem.text("tsconfig.json")).toBe(config)
  })

  it("a monorepo: each file's imports read with the tsconfig that owns it (a package's own paths, through a solution's references); a package imported by its name keeps its specifier", async () => {
    const mem = monorepo()
    const r = await run(mv(move("packages/core/src/math/clamp.ts", "packages/core/src/util/clamp.ts")), mem)
    expect(r.exit, JSON.stringify(r.last)).toBe(0)
    expect(mem.text("packages/core/src/index.ts")).toBe("export { clamp } from \"~/util/clamp\"\n")
    expect(mem.text("packages/core/src/math/round.ts")).toBe("import { clamp } from \"~/util/clamp\"\nexport const round = (n: number) => Math.round(clamp(n))\n")
    expect(mem.text("packages/app/src/main.ts")).toBe(MONO_MAIN)
    expect((r.last["imports"] as { not_rewritten: unknown[] }).not_rewritten).toEqual([])
    // The other package's alias (the same `~/*`, its own src/).
    const view = await run(mv(move("packages/app/src/ui/view.ts", "packages/app/src/views/view.ts")), mem)
    expect(view.exit).toBe(0)
    expect(mem.text("packages/app/src/main.ts")).toBe(MONO_MAIN.replace("~/ui/view", "~/views/view"))
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(snapshot(mem)).toEqual(snapshot(monorepo()))
  })

  it("a monorepo: `pkg/sub/path` of a workspace package's file follows it inside the package (listed when it leaves); a moved entry that package.json names is listed, importers by the name kept", async () => {
    const mem = monorepo()
    const r = await run(mv(move("packages/core/src/math", "packages/core/src/numbers")), mem)
    expect(r.exit, JSON.stringify(r.last)).toBe(0)
    expect(mem.text("packages/app/src/deep.ts")).toBe(MONO_DEEP.replace("src/math/round", "src/numbers/round"))
    expect(mem.text("packages/core/src/index.ts")).toBe("export { clamp } from \"~/numbers/clamp\"\n")
    expect((await run(undoIt(), mem)).exit).toBe(0)
    const out = await run(mv(move("packages/core/src/math/round.ts", "packages/app/src/round.ts")), mem)
    expect(out.exit).toBe(0)
    expect(mem.text("packages/app/src/deep.ts")).toBe(MONO_DEEP)
    expect((out.last["imports"] as { not_rewritten: unknown[] }).not_rewritten).toEqual([{ file: "packages/app/src/deep.ts", line: 1, specifier: "@mono/core/src/math/round", reason: "outside_package" }])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    const entry = await run(mv(move("packages/core/src/index.ts", "packages/core/src/lib/index.ts")), mem)
    expect(entry.exit).toBe(0)
    expect(mem.text("packages/app/src/main.ts")).toBe(MONO_MAIN)
    expect(mem.text("packages/core/src/lib/index.ts")).toBe("export { clamp } from \"~/math/clamp\"\n")
    expect((entry.last["imports"] as { not_rewritten: unknown[] }).not_rewritten).toEqual([{ file: "packages/core/package.json", line: 1, specifier: "./src/index.ts", reason: "package_entry" }])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(snapshot(mem)).toEqual(snapshot(monorepo()))
  })

  it("the workspace root's index.js (no directory name to find its importers by): `./index.js` in .cjs, .js and .mjs importers rewritten", async () => {
    const mem = new MemoryFs({
      "package.json": "{ \"name\": \"x\", \"main\": \"./index.js\" }\n",
      "index.js": "exports.hello = () => 'hi'\n",
      "use.cjs": "const { hello } = require('./index.js')\n",
      "use.js": "const { hello } = require('./index')\n",
      "esm.mjs": "import x from './index.js'\nexport const { hello } = x\n"
    })
    const r = await run(mv(move("index.js", "src/main.js")), mem)
    expect(r.exit).toBe(0)
    expect([mem.text("use.cjs"), mem.text("use.js"), mem.text("esm.mjs")]).toEqual([
      "const { hello } = require('./src/main.js')\n", "const { hello } = require('./src/main')\n", "import x from './src/main.js'\nexport const { hello } = x\n"
    ])
    expect((r.last["imports"] as { not_rewritten: unknown[] }).not_rewritten).toEqual([{ file: "package.json", line: 1, specifier: "./index.js", reason: "package_entry" }])
  })

  it("a moved file's relative import above the workspace root, or of nothing, is listed as not rewritten", async () => {
    const mem = new MemoryFs({
      "a.ts": "import x from \"../outside/x\"\nimport y from \"./missing\"\nexport const z = [x, y]\n"
    })
    const r = await run(mv(move("a.ts", "lib/a.ts")), mem)
    expect(r.exit).toBe(0)
    expect((r.last["imports"] as { not_rewritten: unknown[] }).not_rewritten).toEqual([
      { file: "lib/a.ts", line: 1, specifier: "../outside/x", reason: "outside_workspace" },
      { file: "lib/a.ts", line: 2, specifier: "./missing", reason: "not_found" }
    ])
  })

  it("a tsconfig TypeScript's LanguageService fails on (a `paths` target that is null): SPL-E151, nothing moved or rewritten; --no-update-imports still moves", async () => {
    const mem = new MemoryFs({
      "tsconfig.json": "{ \"compilerOptions\": { \"baseUrl\": \".\", \"paths\": { \"@/*\": [null] } } }\n",
      "src/b.ts": "export const b = 1\n",
      "src/a.ts": "import { b } from \"./b\"\nexport const a = b\n"
    })
    const before = snapshot(mem)
    const r = await run(mv(move("src/b.ts", "src/lib/b.ts")), mem)
    expect(r.exit).toBe(70)
    expect(r.error?.code).toBe("SPL-E151")
    expect(r.error?.context).toEqual({ files: ["src/b.ts"], reason: "typescript_failed" })
    expect(snapshot(mem)).toEqual(before)
    const bytes = await run(mv(move("src/b.ts", "src/lib/b.ts", { updateImports: false })), mem)
    expect(bytes.exit).toBe(0)
    expect(mem.text("src/lib/b.ts")).toBe("export const b = 1\n")
  })

  it("--preview shows each file's diff and changes nothing; human output says what would be rewritten", async () => {
    const mem = scripts()
    const before = snapshot(mem)
    const r = await run(mv(move("src/util.ts", "src/lib/util.ts", { preview: true })), mem)
    expect(r.exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
    expect(r.human).toContain("imports: would rewrite 10 specifiers in 4 importers and 1 moved file\n")
    expect(r.human).toContain("  not rewritten: src/legacy.cjs:3: require('./' + name) (computed)\n")
    expect(r.human).toContain("--- a/src/feature/view.ts\n+++ b/src/feature/view.ts\n@@ -1,2 +1,2 @@\n-import { half } from \"../util.js\"\n+import { half } from \"../lib/util.js\"\n")
    expect(r.human).toContain("--- a/src/util.ts\n+++ b/src/lib/util.ts\n")
    const json = await run(mv(move("src/util.ts", "src/lib/util.ts", { preview: true })), mem)
    const moved = (json.last["imports"] as { moved: Array<{ diff: string }> }).moved
    expect(moved[0]!.diff).toContain("-import { clamp } from \"./math\"\n-import \"./theme.css\"\n-import data from './data.json'\n+import { clamp } from \"../math\"\n")
  })

  it("--no-update-imports moves the bytes only, as before, and says so", async () => {
    const mem = scripts()
    const r = await run(mv(move("src/util.ts", "src/lib/util.ts", { updateImports: false })), mem)
    expect(r.exit).toBe(0)
    expect(r.last["imports"]).toEqual({ updated: false, reason: "--no-update-imports" })
    expect(mem.text("src/lib/util.ts")).toBe(UTIL)
    expect(mem.text("src/feature/view.ts")).toContain("\"../util.js\"")
    expect(r.last["files"]).toMatchObject([{ write_strategy: "rename" }])
  })

  it("files of other languages move as bytes and are named; cp leaves importers alone", async () => {
    const mem = scripts()
    const r = await run(mv(move("src/theme.css", "styles/theme.css")), mem)
    expect(r.exit).toBe(0)
    expect(r.last["imports"]).toMatchObject({ updated: true, not_followed: ["styles/theme.css"] })
    // A TS file naming the stylesheet is still rewritten: TypeScript does not resolve it, the completion does.
    expect(mem.text("src/util.ts")).toContain("import \"../styles/theme.css\"")
    const c = await run(cp(move("src/math.ts", "src/lib/math.ts")), mem)
    expect(c.exit).toBe(0)
    expect(c.last["imports"]).toBeUndefined()
    expect(mem.text("src/util.ts")).toContain("from \"./math\"")
  })

  it("the compiler gate checks the importers too: passes with the rewrites; without them (--no-update-imports) the move is rolled back", async () => {
    const mem = scripts()
    const before = snapshot(mem)
    const r = await run(mv(move("src/util.ts", "src/lib/util.ts", { compiler: GATE })), mem, { checker: fakeTsc(mem) })
    expect(r.exit).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ status: "passed" })
    expect((await run(undoIt(), mem)).exit).toBe(0)
    const bytesOnly = await run(mv(move("src/util.ts", "src/lib/util.ts", { compiler: GATE, updateImports: false })), mem, { checker: fakeTsc(mem) })
    expect([bytesOnly.exit, bytesOnly.error?.code]).toEqual([5, "SPL-E043"])
    expect(bytesOnly.error?.message).toMatch(/new error/)
    expect(snapshot(mem)).toEqual(before)
  })

  it("a file that already had errors moves, and copies: the checker's findings in it before are the same findings under its new name", async () => {
    const mem = scripts()
    mem.put("src/broken.ts", "import { gone } from \"./nowhere\"\nexport const b = gone\n")
    const r = await run(mv(move("src/broken.ts", "src/old/broken.ts", { compiler: GATE })), mem, { checker: fakeTsc(mem) })
    expect(r.exit).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ status: "passed", preexisting: 1 })
    const c = await run(cp(move("src/old/broken.ts", "src/copy.ts", { compiler: GATE })), mem, { checker: fakeTsc(mem) })
    expect(c.exit).toBe(0)
    expect(c.last["compiler"]).toMatchObject({ status: "passed", preexisting: 1 })
    // A new error still counts: the moved file's import, left as it was, names nothing from its new place.
    const bytesOnly = await run(mv(move("src/util.ts", "src/lib/util.ts", { compiler: GATE, updateImports: false })), mem, { checker: fakeTsc(mem) })
    expect([bytesOnly.exit, bytesOnly.error?.code]).toEqual([5, "SPL-E043"])
  })

  it("the compiler gate in a monorepo whose referenced project is not built: tsc's TS6305 (an output not built from a source) names the moved source's new output, and is no new error", async () => {
    const mem = monorepo()
    // tsc -p packages/app --noEmit (the whole project, whichever file it is run for): the referenced
    // package's outputs are not built; a deep import of a file of it says so.
    const tsc = new ScriptedChecker(mem, {
      tool: "tsc",
      extensions: [".ts"],
      check: (read) =>
        ["packages/app/src/deep.ts"].flatMap((f) => [...(read(f) ?? "").matchAll(/from "@mono\/core\/(src\/[^"]+)"/g)].map((m): Diagnostic => ({
          tool: "tsc", file: f, line: 1, column: 23, code: "TS6305", severity: "error",
          message: `Output file 'packages/core/dist/${m[1]!.slice(4)}.d.ts' has not been built from source file 'packages/core/${m[1]}.ts'.`
        })))
    })
    const r = await run(mv(move("packages/core/src/math", "packages/core/src/numbers", { compiler: GATE })), mem, { checker: tsc })
    expect(r.exit, JSON.stringify(r.last)).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ status: "passed" })
    expect(mem.text("packages/app/src/deep.ts")).toBe(MONO_DEEP.replace("src/math/round", "src/numbers/round"))
  })

  it("disk full writing an importer after the move: everything rolled back", async () => {
    const mem = scripts()
    const before = snapshot(mem)
    mem.faults.push({ op: "write", path: "src/refs.ts", errno: "ENOSPC" })
    const r = await run(mv(move("src/util.ts", "src/lib/util.ts")), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E081"])
    expect(r.logs.join("\n")).toMatch(/rolled back/)
    expect(snapshot(mem)).toEqual(before)
  })

  it("an importer changed by someone else while the move waited for its lock: SPL-E034, nothing moved or rewritten", async () => {
    const mem = scripts()
    const locks = new MemoryLocks()
    locks.held.add("src/refs.ts")
    const pending = run(mv(move("src/util.ts", "src/lib/util.ts", { lockTimeoutMs: 5000 })), mem, { locks })
    await new Promise((resolve) => setTimeout(resolve, 300))
    mem.put("src/refs.ts", "/// <reference path=\"util.ts\" />\nexport const edited = 1\n")
    locks.held.delete("src/refs.ts")
    const r = await pending
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E034"])
    expect(r.error?.message).toMatch(/src\/refs.ts changed while splice was planning the move/)
    expect(mem.exists("src/util.ts")).toBe(true)
    expect(mem.exists("src/lib/util.ts")).toBe(false)
    expect(mem.text("src/app.ts")).toContain("'./util.js'")
    expect(mem.text("src/refs.ts")).toContain("export const edited = 1")
  })

  it("from a subdirectory, paths are taken from there and importers anywhere are found", async () => {
    const mem = scripts()
    const r = await run(mv(move("util.ts", "lib/util.ts")), mem, { cwd: "src" })
    expect(r.exit).toBe(0)
    expect(mem.text("src/feature/view.ts")).toContain("\"../lib/util.js\"")
  })
})

describe("splice mv: Python imports", () => {
  const python = () =>
    new MemoryFs({
      "app/__init__.py": "from .models import User\n",
      "app/models.py": "from .db import connect\nfrom app import util\nimport app.db\n\nclass User:\n    conn = app.db.connect()\n",
      "app/db.py": "def connect():\n    return 1\n",
      "app/util.py": "X = 1\n",
      "main.py": "import app.models\nimport app.models as m\nfrom app.models import User\nfrom app import models\nfrom app import models, util\nprint(app.models.User, m.User)\n",
      "tests/test_db.py": "from app.db import connect\n"
    })

  it("a module into a new subpackage: absolute, aliased, from-imports, relative imports and dotted uses; undo restores all", async () => {
    const mem = python()
    const before = snapshot(mem)
    const r = await run(mv(move("app/models.py", "app/core/models.py")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("app/__init__.py")).toBe("from .core.models import User\n")
    expect(mem.text("app/core/models.py")).toBe("from ..db import connect\nfrom app import util\nimport app.db\n\nclass User:\n    conn = app.db.connect()\n")
    expect(mem.text("main.py")).toBe("import app.core.models\nimport app.core.models as m\nfrom app.core.models import User\nfrom app.core import models\nfrom app import models, util\nprint(app.core.models.User, m.User)\n")
    const imports = r.last["imports"] as { not_rewritten: unknown[]; importers: Array<{ file: string; language: string }> }
    expect(imports.importers.map((i) => [i.file, i.language])).toEqual([["app/__init__.py", "python"], ["main.py", "python"]])
    // One statement cannot import a moved submodule and a name that stays: listed.
    expect(imports.not_rewritten).toEqual([{ file: "main.py", line: 5, specifier: "from app import models, util", reason: "mixed_from_import" }])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("a submodule moved to the top level: `from pkg import m` becomes `import top as m` (an alias kept); parenthesized names are listed", async () => {
    const mem = new MemoryFs({
      "pkg/__init__.py": "", "pkg/sub/__init__.py": "", "pkg/sub/mod.py": "def g():\n    return 1\n",
      "main.py": "from pkg.sub import mod\nfrom pkg.sub import mod as m2\nfrom pkg.sub import (mod as m3)\nprint(mod.g(), m2.g(), m3.g())\n"
    })
    const r = await run(mv(move("pkg/sub/mod.py", "top.py")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("main.py")).toBe("import top as mod\nimport top as m2\nfrom pkg.sub import (mod as m3)\nprint(mod.g(), m2.g(), m3.g())\n")
    expect((r.last["imports"] as { not_rewritten: unknown[] }).not_rewritten).toEqual([{ file: "main.py", line: 3, specifier: "from pkg.sub import mod", reason: "not_found" }])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(mem.text("main.py")).toBe("from pkg.sub import mod\nfrom pkg.sub import mod as m2\nfrom pkg.sub import (mod as m3)\nprint(mod.g(), m2.g(), m3.g())\n")
  })

  it("strings that name a moved module outside any import (importlib, mock.patch; vi.mock, new URL) are listed, not rewritten; an import's own specifier is not listed twice", async () => {
    const py = new MemoryFs({
      "pkg/__init__.py": "", "pkg/a.py": "def f():\n    return 1\n",
      "tests/test_a.py": "import importlib\nfrom unittest import mock\nfrom pkg import a\nm = importlib.import_module(\"pkg.a\")\n\n@mock.patch(\"pkg.a.f\")\ndef test(f):\n    print(\"a\", a.f())\n"
    })
    const r = await run(mv(move("pkg/a.py", "pkg/b.py")), py)
    expect(r.exit).toBe(0)
    expect((r.last["imports"] as { not_rewritten: unknown[] }).not_rewritten).toEqual([
      { file: "tests/test_a.py", line: 4, specifier: "pkg.a", reason: "in_string" }, { file: "tests/test_a.py", line: 6, specifier: "pkg.a.f", reason: "in_string" }
    ])
    const ts = new MemoryFs({
      "src/lib/g.ts": "export const g = 1\n",
      "src/g.test.ts": "import { vi } from \"vitest\"\nimport { g } from \"./lib/g\"\nvi.mock(\"./lib/g\")\nconst w = new URL(\"./lib/g.ts\", import.meta.url)\nexport const x = [g, w, \"./lib\"]\n"
    })
    const t = await run(mv(move("src/lib/g.ts", "src/util/g.ts")), ts)
    expect(t.exit).toBe(0)
    expect(ts.text("src/g.test.ts")).toContain("import { g } from \"./util/g\"\nvi.mock(\"./lib/g\")")
    expect((t.last["imports"] as { not_rewritten: unknown[] }).not_rewritten).toEqual([
      { file: "src/g.test.ts", line: 3, specifier: "./lib/g", reason: "in_string" }, { file: "src/g.test.ts", line: 4, specifier: "./lib/g.ts", reason: "in_string" }
    ])
  })

  it("a renamed module keeps the name it was imported by (`import new as old`)", async () => {
    const mem = python()
    const r = await run(mv(move("app/util.py", "app/helpers.py")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("app/models.py")).toContain("from app import helpers as util\n")
  })

  it("a whole package renamed: every importer's dotted names and the package's own absolute imports of itself", async () => {
    const mem = python()
    const r = await run(mv(move("app", "service")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("tests/test_db.py")).toBe("from service.db import connect\n")
    expect(mem.text("service/models.py")).toBe("from .db import connect\nfrom service import util\nimport service.db\n\nclass User:\n    conn = service.db.connect()\n")
    expect(mem.text("main.py")).toBe("import service.models\nimport service.models as m\nfrom service.models import User\nfrom service import models\nfrom service import models, util\nprint(service.models.User, m.User)\n")
  })

})
