/** `splice impact`, `splice dead-code` and `splice complete` as real processes under Node and Deno, from a nested subdirectory. */
import * as fs from "node:fs"
import * as path from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, logicRuntimes, runAsync, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

describe.each(logicRuntimes)("splice impact, dead-code and complete under $name", (rt) => {
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

  it("complete gives TypeScript's members of a typed receiver (also those a dependency in node_modules declares, and the standard library's types, shipped with the bundle), narrowed to the partial word; a bad position is SPL-E010", async () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    fs.mkdirSync(path.join(ws, "src/lib"), { recursive: true })
    fs.writeFileSync(path.join(ws, "src/lib/box.ts"), "import { Base } from \"@acme/base\"\nexport class Box extends Base {\n  get(k: string) { return k }\n  getAll() { return [] as string[] }\n  put(v: number) { return v }\n}\n")
    // A dependency's declarations, installed pnpm-style (node_modules/@acme/base is a link into .pnpm).
    const real = path.join(ws, "node_modules/.pnpm/@acme+base@1.0.0/node_modules/@acme/base")
    fs.mkdirSync(path.join(real, "dist"), { recursive: true })
    fs.writeFileSync(path.join(real, "package.json"), JSON.stringify({ name: "@acme/base", exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } } }))
    fs.writeFileSync(path.join(real, "dist/index.d.ts"), "export declare class Base {\n  getBase(): string;\n}\n")
    fs.mkdirSync(path.join(ws, "node_modules/@acme"), { recursive: true })
    fs.symlinkSync("../.pnpm/@acme+base@1.0.0/node_modules/@acme/base", path.join(ws, "node_modules/@acme/base"))
    fs.writeFileSync(path.join(ws, "src/use.ts"), "import { Box } from \"./lib/box\"\nconst b = new Box()\nexport const v = b.ge\nexport const w = [\"k\"].fil\n")
    const cwd = path.join(ws, "src/lib")
    const r = await runAsync(rt, ["complete", "--file", "../use.ts", "--line", "3", "--column", "22", "--output", "json"], { cwd })
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.last).toMatchObject({ command: "complete", file: "src/use.ts", engine: "typescript", prefix: "ge", receiver: "b" })
    expect((r.last["candidates"] as Array<{ name: string }>).map((c) => c.name)).toEqual(["get", "getAll", "getBase"])
    const lib = await runAsync(rt, ["complete", "--file", "../use.ts", "--line", "4", "--column", "27", "--output", "json"], { cwd })
    expect(lib.last).toMatchObject({ engine: "typescript", prefix: "fil", receiver: null })
    expect((lib.last["candidates"] as Array<{ name: string; signature: string }>).slice(0, 2)).toEqual([
      expect.objectContaining({ name: "fill", kind: "method" }),
      expect.objectContaining({ name: "filter", kind: "method", signature: expect.stringContaining("Array<string>.filter") })
    ])
    const bad = await runAsync(rt, ["complete", "--file", "../use.ts", "--line", "30", "--column", "1", "--output", "json"], { cwd })
    expect(bad.code).toBe(2)
    expect(bad.last).toMatchObject({ code: "SPL-E010" })
  })
})
