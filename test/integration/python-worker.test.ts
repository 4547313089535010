/**
 * The python3 worker `splice mcp` keeps for the Python syntax gate (pythonParser.ts through
 * ProcessRunnerWarm's LineWorker): one process answers check after check; one that crashes, hangs
 * or answers garbage is replaced, and the check it failed says so; checks at once take turns.
 * Misbehaviour comes from a python3 on PATH that runs the real driver with compile() wrapped.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { runningWorkers, stopWorkers } from "../../layers/live/lineWorker.js"
import { pythonSyntax } from "../../layers/live/pythonParser.js"
import { ProcessRunnerLive, ProcessRunnerWarm } from "../../layers/live/ProcessRunnerLive.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"

const real = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).stdout?.trim()
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "splice-pyworker-"))
const saved = process.env["PATH"]
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
afterEach(() => {
  process.env["PATH"] = saved
  // Each test's python3 is another: its worker would otherwise stay beside the next test's.
  stopWorkers()
})

const check = (after: string, before: string | null = "x = 1\n", timeoutMs?: number) =>
  Effect.runPromise(Effect.flatMap(ProcessRunner, (r) => pythonSyntax(r, "m.py", before, after, timeoutMs)).pipe(Effect.provide(ProcessRunnerWarm)))

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Waits (briefly) for a killed worker to be gone. */
const gone = async (pid: number) => {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20))
  return !alive(pid)
}

/**
 * A python3 on PATH that runs the driver it is given with compile() wrapped: a source holding
 * CRASH ends the process, HANG never returns, GARBAGE answers a line that is no verdict, NOISE
 * prints to stdout as a source's own code could; every start is logged.
 */
const misbehaving = (name: string) => {
  const bin = path.join(dir, name)
  fs.mkdirSync(bin)
  const log = path.join(bin, "starts.log")
  const prelude = [
    "import builtins, os, sys, time",
    "real = builtins.compile",
    "g = {'__name__': '__main__'}",
    "def fake(src, *a, **k):",
    "    if 'CRASH' in src: os._exit(3)",
    "    if 'HANG' in src: time.sleep(600)",
    "    if 'GARBAGE' in src: g['answers'].write('garbage\\n'); g['answers'].flush()",
    "    if 'NOISE' in src: print('noise'); sys.__stdout__.write('more noise\\n')",
    "    return real(src, *a, **k)",
    "builtins.compile = fake",
    "code = sys.argv[1]",
    "sys.argv = ['-c'] + sys.argv[2:]",
    "exec(code, g)"
  ].join("\n")
  fs.writeFileSync(path.join(bin, "prelude.py"), prelude)
  // $1 $2 -c DRIVER worker…: the driver becomes the prelude's first argument.
  fs.writeFileSync(path.join(bin, "python3"), `#!/bin/sh\necho start >> ${JSON.stringify(log)}\nshift 3\nexec ${JSON.stringify(real)} -I -S ${JSON.stringify(path.join(bin, "prelude.py"))} "$@"\n`, { mode: 0o755 })
  process.env["PATH"] = `${bin}${path.delimiter}${saved}`
  return () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").filter((l) => l !== "").length : 0)
}

describe.skipIf(!real)("the python3 worker of a long-running splice", () => {
  it("one process answers check after check, with the verdicts a start per check gives", async () => {
    const starts = misbehaving("plain")
    expect(await check("x = 2\n")).toMatchObject({ kind: "checked", after: null, before: null })
    const [pid] = runningWorkers()
    expect(runningWorkers()).toHaveLength(1)
    const cases = ["x = (\n", "def f():\nreturn 1\n", "class A:\n    def f(self):\n        pass\n  def g(self):\n        pass\n", "x = 1\n\ty = 2\n", "s = 'é ✓ \\u2028'\n"]
    for (const after of cases) {
      // The same verdict as a python3 started for the check (the CLI's way).
      const cold = await Effect.runPromise(Effect.flatMap(ProcessRunner, (r) => pythonSyntax(r, "m.py", "x = 1\n", after)).pipe(Effect.provide(ProcessRunnerLive)))
      expect(await check(after)).toEqual(cold)
    }
    // An error that was there before: the before-state is compiled too.
    expect(await check("x = (\ny = 2\n", "x = (\n")).toMatchObject({ after: { line: 1 }, before: { line: 1 } })
    expect(runningWorkers()).toEqual([pid])
    // The worker started once; the cold checks through PATH once, then the interpreter it reported.
    expect(starts()).toBe(2)
  })

  it("checks at once take turns and each gets its own verdict", async () => {
    misbehaving("concurrent")
    const sources = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? `x = (${i}\n` : `x = ${i}\n`))
    const verdicts = await Effect.runPromise(Effect.forEach(sources, (s) => Effect.flatMap(ProcessRunner, (r) => pythonSyntax(r, "m.py", "x = 0\n", s)), { concurrency: "unbounded" }).pipe(Effect.provide(ProcessRunnerWarm)))
    expect(verdicts.map((v) => v.kind === "checked" && v.after !== null)).toEqual(sources.map((_, i) => i % 3 === 0))
  })

  it("output a source makes on stdout does not garble the answer", async () => {
    misbehaving("noise")
    expect(await check("NOISE = (\n")).toMatchObject({ kind: "checked", after: { type: "SyntaxError" } })
    expect(await check("NOISE = 1\n")).toMatchObject({ kind: "checked", after: null })
  })

  it("a worker that dies on a check is started again once; a source that kills every one is reported, and the next check works", async () => {
    const starts = misbehaving("crash")
    expect(await check("x = 2\n")).toMatchObject({ kind: "checked" })
    const first = runningWorkers()[0]!
    expect(await check("CRASH = 1\n")).toMatchObject({ kind: "failed_to_run", detail: expect.stringContaining("python3 exited 3") })
    expect(starts()).toBe(2) // it crashed, was started again for the same check, and crashed again
    expect(await gone(first)).toBe(true)
    expect(await check("x = (\n")).toMatchObject({ kind: "checked", after: { type: "SyntaxError" } })
    expect(starts()).toBe(3)
    // Killed while idle (by anyone): the next check starts another, unnoticed.
    const idle = runningWorkers()[0]!
    process.kill(idle, "SIGKILL")
    expect(await gone(idle)).toBe(true)
    await new Promise((r) => setTimeout(r, 50))
    expect(await check("x = 3\n")).toMatchObject({ kind: "checked", after: null })
    expect(starts()).toBe(4)
  })

  it("a check that hangs is killed at the timeout, with the worker; the next check gets a new one", async () => {
    misbehaving("hang")
    expect(await check("x = 2\n")).toMatchObject({ kind: "checked" })
    const stuck = runningWorkers()[0]!
    expect(await check("HANG = 1\n", "x = 1\n", 400)).toEqual({ kind: "failed_to_run", detail: "python3 timed out after 400 ms" })
    expect(await gone(stuck)).toBe(true)
    expect(await check("x = 2\n")).toMatchObject({ kind: "checked", after: null })
    expect(runningWorkers()).not.toContain(stuck)
  })

  it("a check interrupted while python3 works on it (a cancelled call) takes the worker down with it; the next check gets a new one", async () => {
    misbehaving("interrupt")
    expect(await check("x = 2\n")).toMatchObject({ kind: "checked" })
    const busy = runningWorkers()[0]!
    const run = Effect.flatMap(ProcessRunner, (r) => pythonSyntax(r, "m.py", "x = 1\n", "HANG = 1\n")).pipe(Effect.provide(ProcessRunnerWarm))
    const exit = await Effect.runPromiseExit(run.pipe(Effect.timeout("300 millis")))
    expect(exit._tag).toBe("Failure")
    // Its answer, were it ever to come, would be taken for the next check's: the process goes.
    expect(await gone(busy)).toBe(true)
    expect(await check("x = (\n")).toMatchObject({ kind: "checked", after: { type: "SyntaxError" } })
  })

  it("an answer that is no verdict fails that check and replaces the worker", async () => {
    const starts = misbehaving("garbage")
    expect(await check("x = 2\n")).toMatchObject({ kind: "checked" })
    const before = runningWorkers()[0]!
    expect(await check("GARBAGE = 1\n")).toEqual({ kind: "failed_to_run", detail: "python3 answered \"garbage\", not a verdict" })
    expect(await gone(before)).toBe(true)
    expect(await check("x = (\n")).toMatchObject({ kind: "checked", after: { type: "SyntaxError" } })
    expect(starts()).toBe(2)
  })

  it("a source too deep for the interpreter to compile is reported as not checked, and the worker stays", async () => {
    misbehaving("deep")
    expect(await check("x = 2\n")).toMatchObject({ kind: "checked" })
    const pid = runningWorkers()[0]!
    const deep = "x = " + "-".repeat(200_000) + "1\n"
    // MemoryError or RecursionError, by the interpreter's version: which of its stacks overflows first.
    expect(await check(deep)).toMatchObject({ kind: "failed_to_run", detail: expect.stringMatching(/^python3 could not compile it: (MemoryError|RecursionError)/) })
    expect(await check("x = 3\n")).toMatchObject({ kind: "checked", after: null })
    expect(runningWorkers()).toContain(pid)
  })

  it("no python3 on PATH: missing, as for a start per check", async () => {
    process.env["PATH"] = dir
    expect(await check("x = 2\n")).toEqual({ kind: "missing" })
  })
})
