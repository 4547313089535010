/** `splice impact` and `splice dead-code` as real processes under Node and Deno, from a nested subdirectory. */
import * as fs from "node:fs"
import * as path from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

describe.each(runtimes)("splice impact and dead-code under $name", (rt) => {
  it("impact lists the users and the tests that reach a symbol; dead-code lists what nothing uses; errors are coded", async () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    fs.mkdirSync(path.join(ws, "src/lib"), { recursive: true })
    fs.writeFileSync(path.join(ws, "src/lib/area.ts"), "export function area(r: number) { return r * r }\nfunction leftover() { return 0 }\n")
    fs.writeFileSync(path.join(ws, "src/report.ts"), "import { area } from \"./lib/area\"\nexport function total() { return area(1) + area(2) }\n")
    fs.writeFileSync(path.join(ws, "src/report.test.ts"), "import { total } from \"./report\"\nexport const ok = total() === 5\n")
    const cwd = path.join(ws, "src/lib")
    const impact = await runAsync(rt, ["impact", "area", "--output", "json"], { cwd })
    expect(impact.code, impact.stdout + impact.stderr).toBe(0)
    expect(impact.lines.filter((l) => l["type"] === "impacted").map((l) => l["name"])).toEqual(["total", "ok"])
    expect(impact.last).toMatchObject({ command: "impact", symbols: 2, tests: ["src/report.test.ts"] })
    const dead = await runAsync(rt, ["dead-code", "--output", "json"], { cwd })
    expect(dead.code).toBe(0)
    expect(dead.lines.filter((l) => l["type"] === "dead").map((l) => [l["file"], l["name"]])).toEqual([["src/lib/area.ts", "leftover"]])
    const bad = await runAsync(rt, ["impact", "aera", "--output", "json"], { cwd })
    expect(bad.code).toBe(6)
    expect(bad.last).toMatchObject({ code: "SPL-E001", context: { did_you_mean: ["area"] } })
  })
})
