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
import { ensureBuilt, ROOT, runAsync, runtimes, tempWorkspace } from "./harness.js"

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
