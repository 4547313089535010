/**
 * Output through real shell pipes: a reader slower than splice gets every byte and the outcome line
 * last, and a reader that stops early (`| head`) costs neither a crash nor a hang.
 */
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, type Runtime, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

/** Reads stdin 4 KiB at a time, sleeping 1 ms between reads, and saves what it got to the file named by its argument. */
const SLOW_READER = `
const fs = require("node:fs")
const buf = Buffer.alloc(4096)
const chunks = []
const pause = new Int32Array(new SharedArrayBuffer(4))
for (;;) {
  const n = fs.readSync(0, buf, 0, buf.length, null)
  if (n === 0) break
  chunks.push(Buffer.from(buf.subarray(0, n)))
  Atomics.wait(pause, 0, 0, 1)
}
fs.writeFileSync(process.argv[2], Buffer.concat(chunks))
`

interface Piped {
  /** splice's own exit status (not the reader's). */
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  readonly ms: number
}

/** `splice ARGS | READER` in bash; returns splice's exit status from PIPESTATUS. */
const pipeTo = (rt: Runtime, args: ReadonlyArray<string>, cwd: string, reader: string): Piped => {
  const [cmd, argv] = rt.argv(args)
  const errFile = path.join(cwd, ".stderr")
  const started = Date.now()
  const r = spawnSync("bash", ["-c", `"$@" 2>"$ERR_FILE" | ${reader}; exit "\${PIPESTATUS[0]}"`, "bash", cmd, ...argv], {
    cwd,
    env: { ...process.env, ERR_FILE: errFile, NO_COLOR: "1" },
    encoding: "utf8",
    maxBuffer: 1 << 20,
    timeout: 60_000
  })
  if (r.status === null) throw new Error(`pipeline did not finish: ${r.signal ?? String(r.error)}`)
  return { code: r.status, stdout: r.stdout, stderr: fs.readFileSync(errFile, "utf8"), ms: Date.now() - started }
}

const ws = tempWorkspace("splice-pipes-")
afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))

// 5.6 MB of Python: `read` echoes it as one JSON line.
const BIG = Array.from({ length: 100_000 }, (_, i) => `def f_${i}(a, b):\n    return a + b + ${i}  # padding\n`).join("")
// 300 lines of 10 KB: a --replace-all preview rewrites each one, a 6 MB diff (long lines keep the diff cheap).
const LONG = Array.from({ length: 300 }, (_, i) => `x_${i} = "padding ${"y".repeat(10_000)} ${i}"\n`).join("")
fs.writeFileSync(path.join(ws, "big.py"), BIG)
fs.writeFileSync(path.join(ws, "long.py"), LONG)
fs.writeFileSync(path.join(ws, "reader.cjs"), SLOW_READER)
const slowReader = `"${process.execPath}" reader.cjs received.ndjson`

const ndjson = (text: string) => text.split("\n").filter((l) => l.length > 0).map((l) => JSON.parse(l) as Record<string, unknown>)

describe.each(runtimes)("pipes under $name", (rt) => {
  const received = () => fs.readFileSync(path.join(ws, "received.ndjson"), "utf8")

  it("a slow reader gets all 5 MB of `read` and the outcome as the last line", () => {
    const r = pipeTo(rt, ["read", "--workspace", ws, "--file", "big.py"], ws, slowReader)
    const text = received()
    expect(text.length).toBeGreaterThan(5_000_000)
    expect(text.endsWith("\n")).toBe(true)
    const lines = ndjson(text)
    expect(lines.at(-1)).toMatchObject({ type: "result", command: "read", ok: true, size: BIG.length })
    expect(lines.at(-1)!["content"]).toBe(BIG)
    expect([r.code, r.stderr]).toEqual([0, ""])
  })

  it("a slow reader gets all of a 6 MB --preview --replace-all diff and the outcome last", () => {
    const r = pipeTo(rt, ["edit", "--workspace", ws, "--file", "long.py", "--replace-old", "padding", "--replace-new", "PADDING", "--replace-all", "--preview"], ws, slowReader)
    const lines = ndjson(received())
    const last = lines.at(-1)!
    expect(last).toMatchObject({ type: "result", command: "edit", ok: true, preview: true, would_change: true, replacements: 300 })
    expect(String(last["diff"]).length).toBeGreaterThan(5_000_000)
    expect(String(last["diff"]).split("\n").filter((l) => l.startsWith("+x_")).length).toBe(300)
    expect([r.code, r.stderr]).toEqual([0, ""])
    expect(fs.readFileSync(path.join(ws, "long.py"), "utf8")).toBe(LONG)
  })

  it("a reader that closes early (`| head -c 100`) is quiet: no crash, no hang, the command's own exit status", () => {
    const r = pipeTo(rt, ["read", "--workspace", ws, "--file", "big.py"], ws, "head -c 100")
    expect(r.stdout).toBe(JSON.stringify({ type: "result", command: "read", ok: true, file: "big.py", content: BIG }).slice(0, 100))
    expect([r.code, r.stderr]).toEqual([0, ""])
    expect(r.ms).toBeLessThan(20_000)
  })

  it("a reader that never reads: a signal ends the wait for it at once with 128 + n", async () => {
    const [cmd, argv] = rt.argv(["read", "--workspace", ws, "--file", "big.py"])
    const pidFile = path.join(ws, ".pid")
    const statusFile = path.join(ws, ".status")
    for (const f of [pidFile, statusFile]) fs.rmSync(f, { force: true })
    // The subshell's stdout is the pipe to `sleep`, which never reads it.
    const script = `( "$@" 2>/dev/null & echo $! > "${pidFile}"; wait $!; echo $? > "${statusFile}" ) | sleep 60`
    const shell = spawn("bash", ["-c", script, "bash", cmd, ...argv], { cwd: ws, detached: true, stdio: "ignore" })
    try {
      const until = async (ok: () => boolean, ms: number) => {
        for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 50))
        return ok()
      }
      expect(await until(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").endsWith("\n"), 10_000)).toBe(true)
      await new Promise((r) => setTimeout(r, 1500)) // done reading the file, stuck writing it out
      expect(fs.existsSync(statusFile)).toBe(false)
      process.kill(Number(fs.readFileSync(pidFile, "utf8")), "SIGTERM")
      expect(await until(() => fs.existsSync(statusFile) && fs.readFileSync(statusFile, "utf8").endsWith("\n"), 3000)).toBe(true)
      expect(fs.readFileSync(statusFile, "utf8").trim()).toBe("143")
    } finally {
      process.kill(-shell.pid!, "SIGKILL")
    }
  })

  it("an edit whose reader has gone still commits and exits 0", () => {
    fs.writeFileSync(path.join(ws, "small.py"), "x = 1\n")
    const r = pipeTo(rt, ["edit", "--workspace", ws, "--file", "small.py", "--replace-old", "x = 1", "--replace-new", "x = 2"], ws, "true")
    expect([r.code, r.stderr]).toEqual([0, ""])
    expect(fs.readFileSync(path.join(ws, "small.py"), "utf8")).toBe("x = 2\n")
  })
})
