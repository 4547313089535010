/**
 * What keeps start-up short, checked on the built CLI: the launcher's V8 code cache (under Node and
 * Deno alike, one per runtime, growing with each command used) and the MCP server kept out of the
 * code every other command loads.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, ROOT, runSync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const caches = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith(".v8cache")).sort()
const commandsIn = (dir: string, cache: string) => fs.readFileSync(path.join(dir, `${cache}.commands`), "utf8").split("\n").filter((l) => l !== "")

describe("the launcher's code cache", () => {
  const ws = tempWorkspace()
  const cache = path.join(ws, ".cache")
  fs.writeFileSync(path.join(ws, "a.ts"), "export const a = 1\n")
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))
  const run = (rt: (typeof runtimes)[number], args: ReadonlyArray<string>) => {
    const r = runSync(rt, args, { cwd: ws, env: { SPLICE_CACHE_DIR: cache } })
    expect([r.code, r.stderr]).toEqual([0, ""])
    return r
  }

  it.each(runtimes)("under $name: written at the first run, then grown by each new command, not rewritten by a repeat", (rt) => {
    run(rt, ["read", "--file", "a.ts"])
    const mine = caches(cache).filter((f) => f.startsWith(`bundle-${rt.name}-`))
    expect(mine).toHaveLength(1)
    const file = path.join(cache, mine[0]!)
    expect(commandsIn(cache, mine[0]!)).toEqual(["read"])
    const first = fs.statSync(file)

    run(rt, ["hash", "a.ts"])
    expect(commandsIn(cache, mine[0]!)).toEqual(["read", "hash"])
    const grown = fs.statSync(file)
    expect(grown.size).toBeGreaterThan(first.size) // hash's own code joined read's

    const r = run(rt, ["read", "--file", "a.ts"])
    expect(r.last["content"]).toBe("export const a = 1\n")
    expect(fs.statSync(file).mtimeMs).toBe(grown.mtimeMs)
  })

  it("Node and Deno keep one cache each, side by side", () => {
    expect(caches(cache).map((f) => f.split("-")[1])).toEqual(runtimes.map((rt) => rt.name).sort())
  })
})

describe("the MCP server", () => {
  it("is a chunk of its own in the ESM build: other commands never load the SDK or zod", () => {
    const entry = fs.readFileSync(path.join(ROOT, "dist", "splice-esm.mjs"), "utf8")
    expect(entry).not.toMatch(/modelcontextprotocol|ZodType/)
    const chunks = fs.readdirSync(path.join(ROOT, "dist", "chunks")).map((f) => fs.readFileSync(path.join(ROOT, "dist", "chunks", f), "utf8"))
    expect(chunks.filter((c) => c.includes("ZodType"))).toHaveLength(1)
  })
})
