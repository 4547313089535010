/** Bounded work and bad input, through the built CLI under Node and Deno (issue 8, §4–5). */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { nestedTypeScript } from "../support/nesting.js"
import { ensureBuilt, type Result, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const TEXT = "const greeting = 'hello'\nconst target = 'world'\n"

describe.each(runtimes)("limits and bad input under $name", (rt) => {
  let ws: string
  const run = (args: string[], input?: string): Result => runSync(rt, args, { cwd: ws, ...(input !== undefined ? { input } : {}) })
  const file = (p: string) => fs.readFileSync(path.join(ws, p), "utf8")

  beforeEach(() => {
    ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    fs.writeFileSync(path.join(ws, "a.txt"), TEXT)
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("SIGTERM stops a 100,000-edit batch at once: exit 143, SPL-E130, the file as it was", async () => {
    // Each OLD is what the previous edit wrote: the slow, exact path, minutes of work if not stopped.
    const big = "let v0 = 0\n" + "// filler line that makes the file large\n".repeat(50_000)
    fs.writeFileSync(path.join(ws, "big.js"), big)
    const edits = Array.from({ length: 100_000 }, (_, i) => ({ old: `let v${i} = 0`, new: `let v${i + 1} = 0` }))
    fs.writeFileSync(path.join(ws, "edits.json"), JSON.stringify(edits))
    const p = startUntil(rt, ["edit", "--file", "big.js", "--edits", "edits.json", "--validate", "none"], { cwd: ws }, /applying 100000 edits/)
    await p.reached
    await new Promise((r) => setTimeout(r, 300))
    const t = Date.now()
    p.child.kill("SIGTERM")
    const r = await p.done
    // Unstopped, the batch runs for minutes; stopped, well under a second on an idle machine (the
    // bound leaves room for a loaded one: at load 11 on 2 cores it took 2.4 s).
    expect(Date.now() - t).toBeLessThan(10_000)
    expect([r.code, r.last["code"]]).toEqual([143, "SPL-E130"])
    expect(file("big.js")).toBe(big)
  }, 60_000)

  it("more than 100,000 edits: SPL-E054, exit 8", () => {
    fs.writeFileSync(path.join(ws, "edits.json"), JSON.stringify(Array(100_001).fill({ old: "hello", new: "hi" })))
    const r = run(["edit", "--file", "a.txt", "--edits", "edits.json"])
    expect([r.code, r.last["code"]]).toEqual([8, "SPL-E054"])
    expect(file("a.txt")).toBe(TEXT)
  })

  it("empty stdin is refused for --new-file -, --old-file - and --edits - (SPL-E012); --allow-empty or \"\" deletes on purpose", () => {
    for (const args of [["--replace-old", "'hello'", "--new-file", "-"], ["--old-file", "-", "--replace-new", "x"], ["--edits", "-"]]) {
      const r = run(["edit", "--file", "a.txt", ...args], "")
      expect([args, r.code, r.last["code"]]).toEqual([args, 2, "SPL-E012"])
    }
    expect(file("a.txt")).toBe(TEXT)
    expect(run(["write", "--file", "a.txt"], "").last["code"]).toBe("SPL-E012")
    expect(file("a.txt")).toBe(TEXT)
    expect(run(["edit", "--file", "a.txt", "--replace-old", " 'hello'", "--new-file", "-", "--allow-empty"], "").code).toBe(0)
    expect(run(["edit", "--file", "a.txt", "--replace-old", " 'world'", "--replace-new", ""]).code).toBe(0)
    expect(file("a.txt")).toBe("const greeting =\nconst target =\n")
  })

  it("--max-bytes must be a positive integer (SPL-E010, exit 2)", () => {
    for (const n of ["-1", "0"]) {
      const r = run(["edit", "--file", "a.txt", "--replace-old", "hello", "--replace-new", "hi", "--max-bytes", n])
      expect([n, r.code, r.last["code"]]).toEqual([n, 2, "SPL-E010"])
    }
    expect(file("a.txt")).toBe(TEXT)
  })

  it("an edit that grows the file past --max-bytes is refused (SPL-E064) and a NUL in new text too (SPL-E069)", () => {
    const grow = run(["edit", "--file", "a.txt", "--replace-old", "hello", "--replace-new", "h".repeat(100), "--max-bytes", "100"])
    expect([grow.code, grow.last["code"]]).toEqual([8, "SPL-E064"])
    const nul = run(["edit", "--file", "a.txt", "--replace-old", "hello", "--new-file", "-"], "he\0llo")
    expect([nul.code, nul.last["code"], (nul.last["context"] as Record<string, unknown>)["offset"]]).toEqual([8, "SPL-E069", 2])
    expect(file("a.txt")).toBe(TEXT)
  })

  it("input is bounded: --edits /dev/zero is refused at once, stdin past 64 MiB is refused, not buffered", () => {
    const dev = run(["edit", "--file", "a.txt", "--edits", "/dev/zero"])
    expect([dev.code, dev.last["code"]]).toEqual([8, "SPL-E065"])
    const [cmd, argv] = rt.argv(["write", "--file", "a.txt"])
    const big = spawnSync(cmd, argv, { cwd: ws, input: Buffer.alloc(65 * 1024 * 1024, 0x61), encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 })
    expect([big.status, JSON.parse(big.stdout.trim().split("\n").pop()!).code]).toEqual([8, "SPL-E064"])
    expect(file("a.txt")).toBe(TEXT)
  }, 120_000)

  it("--edits naming a file that is not JSON says where it fails and never echoes its bytes", () => {
    const secret = "root:$6$Zq9xsecrethash:19000:0:99999:7:::\n"
    fs.writeFileSync(path.join(ws, "shadow"), secret)
    const r = run(["edit", "--file", "a.txt", "--edits", "shadow"])
    expect([r.code, r.last["code"]]).toEqual([2, "SPL-E053"])
    expect(r.last["message"]).toMatch(/line 1, column 1 \(offset 0\)/)
    expect(r.last["context"]).toEqual({ line: 1, column: 1, offset: 0 })
    for (const piece of ["root", "Zq9x", "secrethash", "19000"]) expect(r.stdout + r.stderr).not.toContain(piece)
  })

  it("outline of 3,000 nested functions", () => {
    fs.writeFileSync(path.join(ws, "deep.ts"), nestedTypeScript(3000))
    // Human output (9 MB of indentation, so into a file): Node's JSON.stringify, in the NDJSON
    // writer, still recurses on a tree this deep.
    const out = path.join(ws, "outline.txt")
    const fd = fs.openSync(out, "w")
    const [cmd, argv] = rt.argv(["outline", "deep.ts", "--output", "human"])
    const r = spawnSync(cmd, argv, { cwd: ws, stdio: ["ignore", fd, "pipe"], env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 })
    fs.closeSync(fd)
    expect(r.status).toBe(0)
    const lines = fs.readFileSync(out, "utf8").split("\n").filter((l) => l.length > 0)
    expect(lines).toHaveLength(3000)
    expect(lines[2999]).toMatch(new RegExp(`^ {${2 * 2999}}function f2999 `))
    // JSON too: nested to a bounded depth, the rest listed flat, so no stringify overflows (it did: E099).
    const json = runSync(rt, ["outline", "deep.ts", "--output", "json"], { cwd: ws })
    expect(json.code).toBe(0)
    let level = json.last["symbols"] as Array<{ name: string; children: unknown[]; flattened?: boolean }>
    let count = 0
    while (level.length === 1 && level[0]!.flattened !== true) {
      count++
      level = level[0]!.children as typeof level
    }
    expect(count + level.length).toBe(3000)
  }, 120_000)
})
