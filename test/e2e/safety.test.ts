import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { canChattr, canMountTmpfs, ensureBuilt, runAsync, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const PY = "def f():\n    return 1\n"
const HOLD = /test hold/

describe.each(runtimes)("safety of the built CLI under $name", (rt) => {
  let ws: string
  const file = (p: string) => fs.readFileSync(path.join(ws, p), "utf8")
  beforeEach(() => {
    ws = tempWorkspace()
    fs.writeFileSync(path.join(ws, "m.py"), PY)
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  const editArgs = (old: string, neu: string, extra: string[] = []) =>
    ["edit", "--workspace", ws, "--file", "m.py", "--replace-old", old, "--replace-new", neu, ...extra]

  for (const [signal, exit] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    it(`${signal} mid-write restores the original and exits ${exit}, even with a second signal`, async () => {
      const p = startUntil(rt, editArgs("return 1", "return 2"), { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, HOLD)
      await p.reached
      expect(file("m.py")).toBe("def f():\n    return 2\n") // written, not yet committed
      p.child.kill(signal)
      p.child.kill(signal) // a second Ctrl-C must not abort the rollback
      const r = await p.done
      expect(r.code).toBe(exit)
      expect(r.last).toMatchObject({ type: "error", code: "SPL-E130", exit })
      expect(file("m.py")).toBe(PY)
      expect(runSync(rt, ["recover", "--workspace", ws], { cwd: ws }).last).toMatchObject({ rolled_back: 0 })
    })
  }

  it("kill -9 mid-write leaves a journal that `splice recover` rolls back", async () => {
    const p = startUntil(rt, editArgs("return 1", "return 2"), { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, HOLD)
    await p.reached
    p.child.kill("SIGKILL")
    await p.done
    expect(file("m.py")).toBe("def f():\n    return 2\n")
    const r = runSync(rt, ["recover", "--workspace", ws], { cwd: ws })
    expect(r.code).toBe(0)
    expect(r.lines.find((l) => l["type"] === "transaction")).toMatchObject({ status: "rolled_back", files: [{ file: "m.py", action: "restored" }] })
    expect(file("m.py")).toBe(PY)
  })

  it("kill -9 mid-write is rolled back by the next command on its own", async () => {
    const p = startUntil(rt, editArgs("return 1", "return 2"), { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, HOLD)
    await p.reached
    p.child.kill("SIGKILL")
    await p.done
    const r = runSync(rt, editArgs("def f", "def g"), { cwd: ws })
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/rolled back interrupted transaction/)
    expect(file("m.py")).toBe("def g():\n    return 1\n")
  })

  it("a writer waiting on the lock when its holder is killed -9 rolls the holder's transaction back, then writes", async () => {
    const first = startUntil(rt, editArgs("return 1", "return 2"), { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, HOLD)
    await first.reached
    const second = runAsync(rt, editArgs("def f", "def g", ["--lock-timeout", "30"]), { cwd: ws })
    // Past its pass before the write (the holder was alive then), it polls the held lock: its mark says so.
    const locks = path.join(ws, ".splice", "locks")
    for (let i = 0; i < 1000 && !fs.readdirSync(locks).some((n) => n.endsWith(".wait")); i++) await new Promise((r) => setTimeout(r, 10))
    first.child.kill("SIGKILL")
    await first.done
    const r = await second
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/rolled back interrupted transaction/)
    // On the file as it was before the killed edit, not on top of its half-applied transaction.
    expect(file("m.py")).toBe("def g():\n    return 1\n")
    expect(runSync(rt, ["recover", "--workspace", ws], { cwd: ws }).last).toMatchObject({ rolled_back: 0 })
  })

  it("a stale lock that another process is taking over (its guard fresh) is not taken by a writer: exit 7 (SPL-E032) after --lock-timeout, nothing written", () => {
    const locks = path.join(ws, ".splice", "locks")
    fs.mkdirSync(locks, { recursive: true })
    const base = path.join(locks, createHash("sha1").update("m.py").digest("hex").slice(0, 24))
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid
    fs.writeFileSync(base + ".lock", JSON.stringify({ pid: dead, host: os.hostname(), token: "t", path: "m.py", since: "" }))
    fs.writeFileSync(base + ".lock.takeover", "")
    const r = runSync(rt, editArgs("return 1", "return 2", ["--lock-timeout", "0.5"]), { cwd: ws })
    expect([r.code, r.last["code"], r.last["retryable"]]).toEqual([7, "SPL-E032", true])
    expect(file("m.py")).toBe(PY)
  })

  it("two processes on one file serialise on the lock and both edits land", async () => {
    const first = startUntil(rt, editArgs("return 1", "return 2"), { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "1500" } }, HOLD)
    await first.reached
    const second = runSync(rt, editArgs("def f", "def g"), { cwd: ws })
    const r1 = await first.done
    expect([r1.code, second.code]).toEqual([0, 0])
    expect(file("m.py")).toBe("def g():\n    return 2\n")
  })

  it("a lock that is not released in time is exit 7 (retryable)", async () => {
    const first = startUntil(rt, editArgs("return 1", "return 2"), { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "4000" } }, HOLD)
    await first.reached
    const second = runSync(rt, editArgs("def f", "def g", ["--lock-timeout", "0.3"]), { cwd: ws })
    expect([second.code, second.last["code"], second.last["retryable"]]).toEqual([7, "SPL-E032", true])
    expect((await first.done).code).toBe(0)
    expect(file("m.py")).toBe("def f():\n    return 2\n")
  })

  it.skipIf(!canMountTmpfs())("a full disk is exit 9 and the file keeps its bytes", () => {
    const mnt = tempWorkspace("splice-full-")
    expect(spawnSync("mount", ["-t", "tmpfs", "-o", "size=96k", "tmpfs", mnt]).status).toBe(0)
    try {
      // ~30 KB; journal copy + new file + temp do not fit. Statements, not comments: thousands of
      // consecutive comment lines make tree-sitter-python's parse quadratic (seconds of CPU; see the note of session 7).
      const body = "x = 1\n" + "pad = 0\n".repeat(3600)
      fs.writeFileSync(path.join(mnt, "big.py"), body)
      const r = runSync(rt, ["edit", "--workspace", mnt, "--file", "big.py", "--replace-old", "x = 1", "--replace-new", "x = 2" + "\nmore = 0".repeat(3600)], { cwd: mnt })
      expect([r.code, r.last["code"]]).toEqual([9, "SPL-E081"])
      expect(fs.readFileSync(path.join(mnt, "big.py"), "utf8")).toBe(body)
      expect(fs.readdirSync(mnt).filter((n) => n.endsWith(".tmp"))).toEqual([])
    } finally {
      spawnSync("umount", [mnt])
      fs.rmSync(mnt, { recursive: true, force: true })
    }
  })

  it.skipIf(!canChattr())("permission denied (an immutable file) is exit 9 and nothing changes", () => {
    expect(spawnSync("chattr", ["+i", path.join(ws, "m.py")]).status).toBe(0)
    try {
      const r = runSync(rt, editArgs("return 1", "return 2"), { cwd: ws })
      expect([r.code, r.last["code"]]).toEqual([9, "SPL-E082"])
      expect(file("m.py")).toBe(PY)
    } finally {
      spawnSync("chattr", ["-i", path.join(ws, "m.py")])
    }
  })

  it("a symlink leading out of the workspace is refused (exit 8)", () => {
    fs.symlinkSync("/etc", path.join(ws, "etc"))
    const r = runSync(rt, ["edit", "--workspace", ws, "--file", "etc/hostname", "--replace-old", "a", "--replace-new", "b"], { cwd: ws })
    expect([r.code, r.last["code"]]).toEqual([8, "SPL-E062"])
  })
})
