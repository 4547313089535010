/**
 * Hard links, other writers and symlink races against the built CLI, under Node and Deno.
 * The full-size harnesses (1,000 edits under a symlink race, repeated kill -9 of in-place writes)
 * are in bench/; these are their quick versions.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, type Result, runAsync, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const exitOf = (argv: [string, string[]], cwd: string) =>
  new Promise<number | null>((resolve) => {
    const child = spawn(argv[0], argv[1], { cwd, stdio: "ignore" })
    child.on("exit", (code) => resolve(code))
  })

describe.each(runtimes)("races under $name", (rt) => {
  let ws: string
  let outside: string
  beforeEach(() => {
    ws = tempWorkspace("splice-race-")
    outside = tempWorkspace("splice-race-outside-")
    fs.mkdirSync(path.join(ws, ".git"))
  })
  afterEach(() => {
    for (const d of [ws, outside]) fs.rmSync(d, { recursive: true, force: true })
  })

  it("8 writers through two hard links of one file: every edit lands, the link stays", async () => {
    const lines = Array.from({ length: 8 }, (_, i) => `m${i}=0`).join("\n") + "\n"
    fs.writeFileSync(path.join(ws, "a.txt"), lines)
    fs.linkSync(path.join(ws, "a.txt"), path.join(ws, "b.txt"))
    const codes = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      exitOf(rt.argv(["edit", "--file", i % 2 === 0 ? "a.txt" : "b.txt", "--replace-old", `m${i}=0`, "--replace-new", `m${i}=1`, "--lock-timeout", "30"]), ws)))
    expect(codes).toEqual(Array(8).fill(0))
    const text = fs.readFileSync(path.join(ws, "a.txt"), "utf8")
    expect(text).toBe(lines.replaceAll("=0", "=1"))
    expect(fs.statSync(path.join(ws, "a.txt")).ino).toBe(fs.statSync(path.join(ws, "b.txt")).ino)
  })

  it("kill -9 during an in-place write of a hard-linked file: the torn file is restored by recover", async () => {
    const original = "line one\nline two\n".repeat(100)
    fs.writeFileSync(path.join(ws, "a.txt"), original)
    fs.linkSync(path.join(ws, "a.txt"), path.join(ws, "b.txt"))
    const p = startUntil(rt, ["edit", "--file", "a.txt", "--replace-old", "line one\nline two\nline one", "--replace-new", "LINE", "--replace-all"], {
      cwd: ws,
      env: { SPLICE_TEST_HOLD_MS: "10000" }
    }, /test hold/)
    await p.reached
    p.child.kill("SIGKILL")
    await p.done
    // What a kill during ftruncate + write leaves: neither the old content nor the new.
    fs.truncateSync(path.join(ws, "a.txt"), 7)
    const r: Result = runSync(rt, ["recover"], { cwd: ws })
    expect(r.code).toBe(0)
    expect(r.lines.find((l) => l["type"] === "transaction")).toMatchObject({ status: "rolled_back", files: [{ file: "a.txt", action: "restored" }] })
    expect(fs.readFileSync(path.join(ws, "b.txt"), "utf8")).toBe(original)
    expect(fs.statSync(path.join(ws, "a.txt")).ino).toBe(fs.statSync(path.join(ws, "b.txt")).ino)
  })

  it("a directory swapped with a symlink to outside during edits: nothing written outside, every failure coded", async () => {
    fs.mkdirSync(path.join(ws, "d"))
    fs.writeFileSync(path.join(ws, "d", "f.txt"), "n=0\n")
    fs.writeFileSync(path.join(outside, "f.txt"), "outside\n")
    const swapper: ChildProcess = spawn(process.execPath, ["-e", `
      const fs = require("fs"); const d = ${JSON.stringify(path.join(ws, "d"))}; const o = ${JSON.stringify(outside)}
      // Ends by itself when the test's worker is gone or after 3 minutes: a test that timed out
      // never reaches its finally, and a swapper left behind took a core for the rest of the run.
      const parent = ${process.pid}; const until = Date.now() + 180000
      for (let i = 0; ; i++) {
        try { fs.renameSync(d, d + ".real"); fs.symlinkSync(o, d); fs.unlinkSync(d); fs.renameSync(d + ".real", d) } catch {}
        if (i % 256 === 0) { try { process.kill(parent, 0) } catch { process.exit(0) } if (Date.now() > until) process.exit(0) }
      }
    `], { stdio: "ignore" })
    const codes: Array<number | null> = []
    const errors: string[] = []
    try {
      // write, not edit: each run stands alone whatever the one before it did.
      for (let i = 0; i < 15; i++) {
        const r = await runAsync(rt, ["write", "--file", "d/f.txt", "--content", `n=${i}\n`], { cwd: ws })
        codes.push(r.code)
        if (r.code !== 0) errors.push(String(r.last["code"]))
      }
    } finally {
      swapper.kill("SIGKILL")
    }
    expect(fs.readFileSync(path.join(outside, "f.txt"), "utf8")).toBe("outside\n")
    expect(fs.readdirSync(outside)).toEqual(["f.txt"])
    expect(codes.filter((c) => c === 70)).toEqual([])
    // E035: a rollback (or a recovery) that the race itself interrupted, reported, kept pending, retried.
    // E033: an EEXIST the swap caused (most likely d renamed away when the write looked, the
    // symlink there when it made the directory again), nothing written; seen once in CI under Deno.
    expect(errors.filter((c) => !/^SPL-E0(20|33|34|35|61|62|65)$/.test(c))).toEqual([])
  })
})
