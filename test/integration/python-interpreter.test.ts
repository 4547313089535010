/**
 * The Python syntax gate through a launcher on PATH (a pyenv shim is a bash script that picks an
 * interpreter: ~0.5 s a start): the first check goes through it, later ones of the same process
 * start the interpreter it reported; one that is gone sends the process back to PATH's.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import { afterAll, describe, expect, it } from "vitest"
import { pythonSyntax } from "../../layers/live/pythonParser.js"
import { ProcessRunnerLive } from "../../layers/live/ProcessRunnerLive.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"

const real = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).stdout?.trim()
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "splice-pyshim-"))
const log = path.join(dir, "starts.log")
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe.skipIf(!real)("the python3 of the syntax gate", () => {
  it("is started through PATH's launcher once, then directly", async () => {
    const bin = path.join(dir, "bin")
    fs.mkdirSync(bin)
    // The launcher runs the interpreter through a link of its own, which sys.executable then names.
    const interp = path.join(dir, "interp")
    fs.symlinkSync(real!, interp)
    fs.writeFileSync(path.join(bin, "python3"), `#!/bin/sh\necho start >> ${JSON.stringify(log)}\nexec ${JSON.stringify(interp)} "$@"\n`, { mode: 0o755 })
    const saved = process.env["PATH"]
    process.env["PATH"] = `${bin}${path.delimiter}${saved}`
    try {
      const check = (after: string) => Effect.runPromise(Effect.flatMap(ProcessRunner, (r) => pythonSyntax(r, "m.py", "x = 1\n", after)).pipe(Effect.provide(ProcessRunnerLive)))
      const starts = () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").filter((l) => l !== "").length : 0)
      expect(await check("x = 2\n")).toMatchObject({ kind: "checked", after: null })
      expect(starts()).toBe(1)
      expect(await check("x = (\n")).toMatchObject({ kind: "checked", after: { type: "SyntaxError" } })
      expect(await check("def f():\nreturn 1\n")).toMatchObject({ kind: "checked", after: { type: "IndentationError" } })
      expect(starts()).toBe(1)
      // The interpreter it reported is gone (a version uninstalled): the same check through PATH's.
      fs.rmSync(interp)
      expect(await check("x = (\n")).toMatchObject({ kind: "failed_to_run" })
      expect(starts()).toBe(2)
      fs.symlinkSync(real!, interp)
      expect(await check("x = (\n")).toMatchObject({ kind: "checked", after: { type: "SyntaxError" } })
      expect(await check("x = 3\n")).toMatchObject({ kind: "checked", after: null })
      expect(starts()).toBe(3)
    } finally {
      process.env["PATH"] = saved
    }
  })
})
