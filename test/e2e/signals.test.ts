/**
 * Every terminating signal rolls back like SIGTERM and exits 128 + its number with an error line;
 * waiting for input that never comes is cheap and a signal ends it at once.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const PY = "def f():\n    return 1\n"
const HOLD = /test hold/
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s). */
const cpuSeconds = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ") // fields from the 3rd (state) on
  return (Number(fields[11]) + Number(fields[12])) / 100 // utime, stime: fields 14 and 15
}

/** Resolves once the process has used no CPU for 300 ms (start-up over), or after 5 s regardless. */
const settled = async (pid: number) => {
  const deadline = Date.now() + 5000
  let last = cpuSeconds(pid)
  while (Date.now() < deadline) {
    await sleep(300)
    const now = cpuSeconds(pid)
    if (now === last) return
    last = now
  }
}

// Linux numbers; the exit status is 128 + the number.
const SIGNALS = [
  ["SIGHUP", 129],
  ["SIGQUIT", 131],
  ["SIGUSR2", 140],
  ["SIGALRM", 142],
  ["SIGSTKFLT", 144],
  ["SIGXCPU", 152],
  ["SIGXFSZ", 153],
  ["SIGVTALRM", 154],
  ["SIGIO", 157],
  ["SIGPWR", 158]
] as const

describe.each(runtimes)("signals under $name", (rt) => {
  let ws: string
  const file = (p: string) => fs.readFileSync(path.join(ws, p), "utf8")
  beforeEach(() => {
    ws = tempWorkspace()
    fs.writeFileSync(path.join(ws, "m.py"), PY)
  })
  const started: ChildProcess[] = []
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL") // a failed test's leftover
    fs.rmSync(ws, { recursive: true, force: true })
  })

  for (const [signal, exit] of SIGNALS) {
    it(`${signal} mid-write restores the original, prints the error line and exits ${exit}`, async () => {
      const args = ["edit", "--workspace", ws, "--file", "m.py", "--replace-old", "return 1", "--replace-new", "return 2"]
      const p = startUntil(rt, args, { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, HOLD)
      await p.reached
      expect(file("m.py")).toBe("def f():\n    return 2\n") // written, not yet committed
      p.child.kill(signal)
      // A second signal, of another kind, must not abort the rollback. Sent a moment later: pending
      // signals are delivered lowest number first, and SIGTERM would overtake most of these.
      await sleep(50)
      p.child.kill("SIGTERM")
      const r = await p.done
      expect([r.code, r.signal]).toEqual([exit, null])
      expect(r.last).toMatchObject({ type: "error", code: "SPL-E130", exit, context: { signal } })
      expect(file("m.py")).toBe(PY)
      expect(runSync(rt, ["recover", "--workspace", ws], { cwd: ws }).last).toMatchObject({ rolled_back: 0 })
    })
  }

  /** Start splice with a stdin pipe that stays open: nothing is ever written to it, nor closed. */
  const startWaiting = (args: ReadonlyArray<string>) => {
    const [cmd, argv] = rt.argv(args)
    const child = spawn(cmd, argv, { cwd: ws, env: { ...process.env, NO_COLOR: "1" }, stdio: ["pipe", "pipe", "pipe"] })
    started.push(child)
    let stdout = ""
    child.stdout.on("data", (d) => (stdout += d))
    const done = new Promise<{ code: number | null; last: Record<string, unknown> }>((resolve) =>
      child.on("exit", (code) => {
        const lines = stdout.split("\n").filter((l) => l.length > 0)
        resolve({ code, last: lines.length > 0 ? JSON.parse(lines[lines.length - 1]!) as Record<string, unknown> : {} })
      })
    )
    return { child, done }
  }

  const waiting = [
    ["write (content from stdin)", ["write", "--workspace", "WS", "--file", "m.py"], "SIGTERM", 143],
    ["edit --new-file -", ["edit", "--workspace", "WS", "--file", "m.py", "--replace-old", "return 1", "--new-file", "-"], "SIGTERM", 143],
    ["edit --edits -", ["edit", "--workspace", "WS", "--file", "m.py", "--edits", "-"], "SIGHUP", 129]
  ] as const
  for (const [name, args, signal, exit] of waiting) {
    it(`${name}: waiting for stdin that never closes costs no CPU and ${signal} ends it (exit ${exit})`, async () => {
      const p = startWaiting(args.map((a) => (a === "WS" ? ws : a)))
      await settled(p.child.pid!) // started up and waiting
      const before = cpuSeconds(p.child.pid!)
      await sleep(1000)
      const spent = cpuSeconds(p.child.pid!) - before
      expect(spent).toBeLessThan(0.1) // a busy loop spends the whole second (or its share of a core)
      const t0 = Date.now()
      p.child.kill(signal)
      const r = await p.done
      expect(Date.now() - t0).toBeLessThan(3000)
      expect(r.code).toBe(exit)
      expect(r.last).toMatchObject({ type: "error", code: "SPL-E130", exit, context: { signal } })
      expect(file("m.py")).toBe(PY)
      p.child.stdin.destroy()
    })
  }

  it("an --edits FIFO that no one ever writes: SIGTERM ends the wait (exit 143)", async () => {
    const fifo = path.join(ws, "edits.fifo")
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0)
    const p = startWaiting(["edit", "--workspace", ws, "--file", "m.py", "--edits", fifo])
    await settled(p.child.pid!)
    const t0 = Date.now()
    p.child.kill("SIGTERM")
    const r = await p.done
    expect(Date.now() - t0).toBeLessThan(3000)
    expect(r.code).toBe(143)
    expect(r.last).toMatchObject({ type: "error", code: "SPL-E130", exit: 143 })
  })

  it("stdin that does close is read whole", () => {
    const content = `x = "${"a".repeat(300_000)}"\n` // several pipe-buffers full
    const r = runSync(rt, ["write", "--workspace", ws, "--file", "m.py"], { cwd: ws, input: content })
    expect(r.code).toBe(0)
    expect(file("m.py")).toBe(content)
  })
})
