/**
 * A repository must not be able to make splice write or run anything, and nothing splice reads of
 * its own state may hang it: the built CLI against planted journals, symlinked state directories
 * and FIFOs, under Node and Deno.
 */
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const PY = "def f():\n    return 1\n"

describe.each(runtimes)("a hostile repository under $name", (rt) => {
  let ws: string
  let outside: string
  let home: string
  const run = (args: string[], env: Record<string, string> = {}) => runSync(rt, args, { cwd: ws, env: { HOME: home, XDG_CONFIG_HOME: "", ...env } })
  const edit = () => run(["edit", "--file", "m.py", "--replace-old", "return 1", "--replace-new", "return 2"])

  beforeEach(() => {
    ws = tempWorkspace("splice-hostile-")
    outside = tempWorkspace("splice-outside-")
    home = tempWorkspace("splice-home-")
    spawnSync("git", ["init", "-q", ws])
    fs.writeFileSync(path.join(ws, "m.py"), PY)
  })
  afterEach(() => {
    for (const d of [ws, outside, home]) fs.rmSync(d, { recursive: true, force: true })
  })

  it("a committed .splice/tx entry is quarantined, never replayed: no hook written, nothing copied in from outside", () => {
    fs.writeFileSync(path.join(outside, "secret"), "TOP SECRET\n")
    const plant = (id: string, target: string, orig: (dir: string) => void) => {
      const dir = path.join(ws, ".splice", "tx", id)
      fs.mkdirSync(dir, { recursive: true })
      orig(dir)
      fs.writeFileSync(path.join(dir, "intent.json"), JSON.stringify({
        version: 2, id, command: "edit", created: "2026-01-01T00:00:00.000Z", host: "x", bytes: 10, mac: "0".repeat(64),
        files: [{ path: target, existed: true, mode: 493, checksumBefore: "0".repeat(64), checksumAfter: "absent" }]
      }))
    }
    plant("20260101T000000000Z-00aaaaaa", ".git/hooks/pre-commit", (d) => fs.writeFileSync(path.join(d, "orig-0"), "#!/bin/sh\ntouch PWNED\n"))
    plant("20260101T000000001Z-00bbbbbb", "stolen.txt", (d) => fs.symlinkSync(path.join(outside, "secret"), path.join(d, "orig-0")))
    const r = edit()
    expect(r.code).toBe(0)
    expect(fs.existsSync(path.join(ws, ".git", "hooks", "pre-commit"))).toBe(false)
    expect(fs.existsSync(path.join(ws, "stolen.txt"))).toBe(false)
    expect(r.stderr).toMatch(/00aaaaaa is foreign .*never replayed/)
    expect(r.stderr).toMatch(/00bbbbbb is foreign/)
    expect(fs.readdirSync(path.join(ws, ".splice", "quarantine")).length).toBe(2)
    const rec = run(["recover"])
    expect(rec.last).toMatchObject({ rolled_back: 0, in_quarantine: 2 })
  })

  it("the journal key lives in the user's config directory, 0600, and one user's pending entry is foreign to another", () => {
    const p = startUntil(rt, ["edit", "--file", "m.py", "--replace-old", "return 1", "--replace-new", "return 2"], { cwd: ws, env: { HOME: home, XDG_CONFIG_HOME: "", SPLICE_TEST_HOLD_MS: "10000" } }, /test hold/)
    return p.reached.then(async () => {
      p.child.kill("SIGKILL")
      await p.done
      const key = path.join(home, ".config", "splice", "journal.key")
      expect(fs.statSync(key).mode & 0o777).toBe(0o600)
      expect(fs.statSync(key).size).toBe(32)
      // Another user (another HOME, another key) does not replay it.
      const otherHome = tempWorkspace("splice-home2-")
      const r = runSync(rt, ["recover"], { cwd: ws, env: { HOME: otherHome, XDG_CONFIG_HOME: "" } })
      fs.rmSync(otherHome, { recursive: true, force: true })
      expect(r.lines.find((l) => l["type"] === "quarantined")).toMatchObject({ kind: "foreign" })
      expect(fs.readFileSync(path.join(ws, "m.py"), "utf8")).toBe("def f():\n    return 2\n")
    })
  })

  it(".splice or .splice/locks as a symlink to outside is refused (SPL-E068); nothing is created outside", () => {
    fs.symlinkSync(outside, path.join(ws, ".splice"))
    const r = edit()
    expect([r.code, r.last["code"]]).toEqual([8, "SPL-E068"])
    expect(fs.readdirSync(outside)).toEqual([])
    expect(fs.readFileSync(path.join(ws, "m.py"), "utf8")).toBe(PY)
    fs.rmSync(path.join(ws, ".splice"))
    fs.mkdirSync(path.join(ws, ".splice"))
    fs.symlinkSync(outside, path.join(ws, ".splice", "locks"))
    const r2 = edit()
    expect([r2.code, r2.last["code"]]).toEqual([8, "SPL-E068"])
    expect(fs.readdirSync(outside)).toEqual([])
  })

  it("a FIFO where splice reads its own state never hangs it: splice.json, .gitignore, a lock file, intent.json", () => {
    const fifo = (p: string) => {
      fs.mkdirSync(path.dirname(p), { recursive: true })
      expect(spawnSync("mkfifo", [p]).status).toBe(0)
    }
    fifo(path.join(ws, "splice.json"))
    const a = edit()
    expect(a.code).not.toBe(null) // it ended (runSync times out at 60 s otherwise)
    expect(a.last["code"]).toBe("SPL-E065")
    fs.rmSync(path.join(ws, "splice.json"))
    // A planted intent.json FIFO is damage, quarantined; the edit goes on.
    fifo(path.join(ws, ".splice", "tx", "20260101T000000000Z-00cccccc", "intent.json"))
    const b = edit()
    expect(b.code).toBe(0)
    expect(b.stderr).toMatch(/00cccccc is damaged/)
    // A FIFO in place of a lock file: the lock is never taken, and splice gives up in time.
    const locks = path.join(ws, ".splice", "locks")
    fs.mkdirSync(locks, { recursive: true })
    const lockFifo = path.join(locks, createHash("sha1").update("m.py").digest("hex").slice(0, 24) + ".lock")
    fifo(lockFifo)
    // An unreadable lock file older than 2 s is a torn create and is taken over: dated ahead, this
    // one stays young however long the process takes to start on a loaded machine.
    const ahead = new Date(Date.now() + 120_000)
    fs.utimesSync(lockFifo, ahead, ahead)
    const c = run(["edit", "--file", "m.py", "--replace-old", "return 2", "--replace-new", "return 3", "--lock-timeout", "0.5"])
    expect(c.code).not.toBe(null)
    expect(JSON.stringify(c.last) + c.stderr.slice(0, 500)).toContain("SPL-E032")
    fs.rmSync(locks, { recursive: true })
    // The graph's .gitignore files, at the root and below.
    fifo(path.join(ws, ".gitignore"))
    fifo(path.join(ws, "sub", ".gitignore"))
    fs.writeFileSync(path.join(ws, "sub", "x.py"), "x = 1\n")
    const d = run(["index"])
    expect(d.code).toBe(0)
  })
})
