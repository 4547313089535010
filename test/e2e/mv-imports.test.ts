/**
 * `splice mv` of a TS module as built, under Node and Deno, run from a nested subdirectory: its
 * importers (one beside it, one deeper) and its own imports rewritten in one transaction that the
 * real tsc gate (node_modules/.bin/tsc, the workspace trusted) passes and tsc confirms after; undo
 * puts every byte back; moving the bytes only (--no-update-imports) is what tsc refuses.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, logicRuntimes, ROOT, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const FILES: Record<string, string> = {
  "tsconfig.json": "{ \"compilerOptions\": { \"module\": \"nodenext\", \"moduleResolution\": \"nodenext\", \"strict\": true, \"noEmit\": true, \"types\": [] }, \"include\": [\"src\"] }\n",
  "package.json": "{ \"name\": \"demo\", \"type\": \"module\" }\n",
  "src/util.ts": "import { clamp } from \"./math.js\"\nexport const half = (n: number): number => clamp(n / 2)\n",
  "src/math.ts": "export const clamp = (n: number): number => Math.max(0, n)\n",
  "src/app/main.ts": "import { half } from '../util.js'\nexport const m: number = half(4)\n",
  "src/app/nested/deep.ts": "import { half } from \"../../util.js\"\nimport { m } from \"../main.js\"\nexport const d: number = half(m)\n"
}

const snapshot = (root: string) => Object.fromEntries(Object.keys(FILES).concat("src/lib/util.ts").map((f) => [f, fs.existsSync(path.join(root, f)) ? fs.readFileSync(path.join(root, f), "utf8") : null]))

describe.each(runtimes)("splice mv updates imports under $name", (rt) => {
  let ws: string
  beforeEach(() => {
    ws = tempWorkspace("splice-mvimports-")
    fs.mkdirSync(path.join(ws, ".git"))
    for (const [f, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(ws, f)), { recursive: true })
      fs.writeFileSync(path.join(ws, f), text)
    }
    // The project's own tsc, as a real project has it (the gate runs it: the harness trusts the workspace).
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(ws, "node_modules"))
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("from a nested subdirectory: importers and the module's own imports rewritten, tsc clean; undo restores all; bytes only fails the gate", async () => {
    const before = snapshot(ws)
    const nested = path.join(ws, "src/app/nested")
    const r = await runAsync(rt, ["mv", "../../util.ts", "../../lib/util.ts"], { cwd: nested })
    expect(r.code, r.stderr).toBe(0)
    expect(r.last).toMatchObject({
      command: "mv", from: "src/util.ts", to: "src/lib/util.ts", compiler: { status: "passed", tool: "tsc" },
      imports: {
        updated: true, specifiers: 3, not_rewritten: [], not_followed: [],
        importers: [
          { file: "src/app/main.ts", specifiers: [{ line: 1, from: "../util.js", to: "../lib/util.js" }] },
          { file: "src/app/nested/deep.ts", specifiers: [{ line: 1, from: "../../util.js", to: "../../lib/util.js" }] }
        ],
        moved: [{ file: "src/lib/util.ts", from: "src/util.ts", specifiers: [{ line: 1, from: "./math.js", to: "../math.js" }] }]
      }
    })
    expect(fs.readFileSync(path.join(ws, "src/app/main.ts"), "utf8")).toBe("import { half } from '../lib/util.js'\nexport const m: number = half(4)\n")
    const tsc = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], { cwd: ws, encoding: "utf8" })
    expect(tsc.stdout + tsc.stderr).toBe("")
    expect(tsc.status).toBe(0)

    const u = await runAsync(rt, ["undo"], { cwd: nested })
    expect(u.code, u.stderr).toBe(0)
    expect(snapshot(ws)).toEqual(before)

    const bytesOnly = await runAsync(rt, ["mv", "../../util.ts", "../../lib/util.ts", "--no-update-imports"], { cwd: nested })
    expect(bytesOnly.code).toBe(5)
    expect(bytesOnly.last).toMatchObject({ code: "SPL-E043" })
    expect(snapshot(ws)).toEqual(before)
  })
})

/** npm workspaces with project references: two packages with their own `~/*` alias, app importing core by name and by a path in it. */
const MONOREPO: Record<string, string> = {
  "package.json": "{ \"name\": \"mono\", \"private\": true, \"workspaces\": [\"packages/*\"] }\n",
  ".gitignore": "node_modules/\ndist/\n*.tsbuildinfo\n",
  "tsconfig.json": "{ \"files\": [], \"references\": [{ \"path\": \"./packages/core\" }, { \"path\": \"./packages/app\" }] }\n",
  "tsconfig.base.json": "{ \"compilerOptions\": { \"composite\": true, \"strict\": true, \"module\": \"esnext\", \"moduleResolution\": \"bundler\", \"target\": \"es2022\", \"types\": [] } }\n",
  "packages/core/package.json": "{ \"name\": \"@mono/core\", \"version\": \"1.0.0\", \"main\": \"./src/index.ts\" }\n",
  "packages/core/tsconfig.json": "{ \"extends\": \"../../tsconfig.base.json\", \"compilerOptions\": { \"rootDir\": \"src\", \"outDir\": \"dist\", \"paths\": { \"~/*\": [\"./src/*\"] } }, \"include\": [\"src\"] }\n",
  "packages/core/src/index.ts": "export { clamp } from \"~/math/clamp\"\n",
  "packages/core/src/math/clamp.ts": "export const clamp = (n: number) => Math.max(0, n)\n",
  "packages/core/src/math/round.ts": "import { clamp } from \"~/math/clamp\"\nexport const round = (n: number) => Math.round(clamp(n))\n",
  "packages/app/package.json": "{ \"name\": \"@mono/app\", \"version\": \"1.0.0\", \"dependencies\": { \"@mono/core\": \"1.0.0\" } }\n",
  "packages/app/tsconfig.json": "{ \"extends\": \"../../tsconfig.base.json\", \"compilerOptions\": { \"rootDir\": \"src\", \"outDir\": \"dist\", \"paths\": { \"~/*\": [\"./src/*\"] } }, \"include\": [\"src\"], \"references\": [{ \"path\": \"../core\" }] }\n",
  "packages/app/src/main.ts": "import { clamp } from \"@mono/core\"\nimport { round } from \"@mono/core/src/math/round\"\nimport { view } from \"~/ui/view\"\nexport const m = clamp(round(view))\n",
  "packages/app/src/ui/view.ts": "export const view = 1\n"
}

describe.each(logicRuntimes)("splice mv in a monorepo under $name", (rt) => {
  it("from inside one package, a directory of another moved: its own alias and the deep import by package name rewritten, tsc -b clean; undo restores all", async () => {
    const ws = tempWorkspace("splice-mvmono-")
    try {
      fs.mkdirSync(path.join(ws, ".git"))
      for (const [f, text] of Object.entries(MONOREPO)) {
        fs.mkdirSync(path.dirname(path.join(ws, f)), { recursive: true })
        fs.writeFileSync(path.join(ws, f), text)
      }
      // What `npm install` makes of the workspaces.
      fs.mkdirSync(path.join(ws, "node_modules/@mono"), { recursive: true })
      fs.symlinkSync("../../packages/core", path.join(ws, "node_modules/@mono/core"))
      // The workspace's own tsc, as an installed TypeScript has it (not found through npm test's PATH alone).
      fs.mkdirSync(path.join(ws, "node_modules/.bin"))
      fs.symlinkSync(path.join(ROOT, "node_modules/typescript/bin/tsc"), path.join(ws, "node_modules/.bin/tsc"))
      const tsc = () => spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-b"], { cwd: ws, encoding: "utf8" })
      const cwd = path.join(ws, "packages/app/src")
      const r = await runAsync(rt, ["mv", "../../core/src/math", "../../core/src/numbers"], { cwd })
      expect(r.code, JSON.stringify(r.last)).toBe(0)
      // The gate ran tsc -p on the projects (their references unbuilt: TS6305 is no new error).
      expect(r.last).toMatchObject({ compiler: { status: "passed", tool: "tsc" }, imports: { updated: true, specifiers: 3, not_rewritten: [] } })
      expect(fs.readFileSync(path.join(cwd, "main.ts"), "utf8")).toBe(MONOREPO["packages/app/src/main.ts"]!.replace("src/math/round", "src/numbers/round"))
      expect(fs.readFileSync(path.join(ws, "packages/core/src/numbers/round.ts"), "utf8")).toBe(MONOREPO["packages/core/src/math/round.ts"]!.replace("~/math/clamp", "~/numbers/clamp"))
      const built = tsc()
      expect(built.stdout + built.stderr).toBe("")
      expect(built.status).toBe(0)
      expect((await runAsync(rt, ["undo"], { cwd })).code).toBe(0)
      for (const [f, text] of Object.entries(MONOREPO)) expect(fs.readFileSync(path.join(ws, f), "utf8")).toBe(text)
      expect(fs.existsSync(path.join(ws, "packages/core/src/numbers"))).toBe(false)
    } finally {
      fs.rmSync(ws, { recursive: true, force: true })
    }
  })
})
