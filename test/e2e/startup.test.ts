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

describe("the code cache directory, shared by builds and versions", () => {
  const ws = tempWorkspace()
  fs.writeFileSync(path.join(ws, "a.ts"), "export const a = 1\n")
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))
  const node = runtimes.find((rt) => rt.name === "node")!
  const HOUR = 3600e3
  /** A cache as another build of this runtime (or another runtime) left it, last run `ago` ms ago. */
  const plant = (dir: string, name: string, ago: number, files = [".v8cache", ".v8cache.commands"]) => {
    fs.mkdirSync(dir, { recursive: true })
    for (const f of files) {
      fs.writeFileSync(path.join(dir, name + f), "x")
      const t = (Date.now() - ago) / 1000
      fs.utimesSync(path.join(dir, name + f), t, t)
    }
  }
  const read = (dir: string) => {
    const r = runSync(node, ["read", "--file", "a.ts"], { cwd: ws, env: { SPLICE_CACHE_DIR: dir } })
    expect([r.code, r.stderr]).toEqual([0, ""])
  }

  it("keeps the caches of other builds run lately (two versions used in turns both stay warm), not old ones", () => {
    const dir = path.join(ws, "turns")
    plant(dir, "bundle-node-v0.0.1-x64-100-1", 0, [".v8cache", ".v8cache.commands", "-server.v8cache", "-server.v8cache.commands"])
    plant(dir, "bundle-node-v0.0.1-x64-200-2", HOUR)
    plant(dir, "bundle-node-v0.0.1-x64-300-3", 40 * 24 * HOUR) // not run for 40 days
    plant(dir, "bundle-deno-0.0.1-x64-400-4", 40 * 24 * HOUR) // another runtime's: its own runs decide
    plant(dir, "bundle-1234", 0, [".v8cache"]) // named as launchers before per-runtime caches named them
    plant(dir, "bundle-node-v0.0.1-x64-200-2", 2 * HOUR, [".v8cache.4242.tmp"]) // a writer died before its rename
    read(dir)
    const mine = fs.readdirSync(dir).filter((f) => !/-[1-4]\b|bundle-1234/.test(f))
    expect(mine).toHaveLength(2) // this build's cache and command list
    expect(fs.readdirSync(dir).filter((f) => !mine.includes(f)).sort()).toEqual([
      "bundle-deno-0.0.1-x64-400-4.v8cache", "bundle-deno-0.0.1-x64-400-4.v8cache.commands",
      "bundle-node-v0.0.1-x64-100-1-server.v8cache", "bundle-node-v0.0.1-x64-100-1-server.v8cache.commands",
      "bundle-node-v0.0.1-x64-100-1.v8cache", "bundle-node-v0.0.1-x64-100-1.v8cache.commands",
      "bundle-node-v0.0.1-x64-200-2.v8cache", "bundle-node-v0.0.1-x64-200-2.v8cache.commands"
    ])

    // A run marks its build as used (hourly), so that it outlives builds run less lately.
    const list = path.join(dir, mine.find((f) => f.endsWith(".commands"))!)
    const old = (Date.now() - 3 * HOUR) / 1000
    fs.utimesSync(list, old, old)
    read(dir)
    expect(Date.now() - fs.statSync(list).mtimeMs).toBeLessThan(HOUR)
  })

  it("keeps at most six builds of a runtime, the last run", () => {
    const dir = path.join(ws, "many")
    for (let i = 1; i <= 7; i++) plant(dir, `bundle-node-v0.0.1-x64-${i}00-${i}`, i * HOUR)
    read(dir)
    const kept = fs.readdirSync(dir).filter((f) => f.endsWith(".v8cache"))
    expect(kept).toHaveLength(6)
    expect(kept.filter((f) => f.startsWith("bundle-node-v0.0.1-")).map((f) => f.split("-")[5]).sort()).toEqual(["1.v8cache", "2.v8cache", "3.v8cache", "4.v8cache", "5.v8cache"])
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
