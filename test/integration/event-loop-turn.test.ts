/**
 * layers/live/eventLoopTurn.ts in a process of its own, as `splice mcp` runs it: long work in slices
 * with a turn between them, and a line arriving on standard input meanwhile (a request, a
 * cancellation). The line must be read within a few turns under Node and under Deno. Under Deno,
 * turns by setImmediate alone let a line wait ~20 of them (its runtime polls pipes only now and then):
 * a listening process takes a timer turn every DENO_POLL_MS.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DENO_POLL_MS, SLICE_MS } from "../../layers/live/eventLoopTurn.js"
import { DENO } from "../e2e/harness.js"

const ROOT = path.resolve(__dirname, "../..")
let dir: string
let worker: string

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "splice-turns-"))
  worker = path.join(dir, "listeningWorker.mjs")
  await build({ entryPoints: [path.join(ROOT, "test/support/listeningWorker.ts")], outfile: worker, bundle: true, format: "esm", platform: "node", target: "node20", logLevel: "silent" })
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/**
 * Lines sent one at a time, each a few slices after the previous one's answer (so that the worker
 * waits for it: a line already there when the worker reads is no test): the turns the worker took
 * between each line's sending and its reading.
 */
const turnsToRead = async (child: ChildProcessWithoutNullStreams, count: number): Promise<number[]> => {
  child.stdout.setEncoding("utf8")
  let buffered = ""
  const answers: number[] = []
  let answered: (() => void) | undefined
  child.stdout.on("data", (d: string) => {
    buffered += d
    for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
      const [id, turns] = buffered.slice(0, nl).split(" ")
      buffered = buffered.slice(nl + 1)
      expect(id).toBe(String(answers.length))
      answers.push(Number(turns))
      answered?.()
    }
  })
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the worker exited (${code}) before answering`))))
  for (let i = 0; i < count; i++) {
    await Promise.race([new Promise((resolve) => setTimeout(resolve, SLICE_MS * (2 + (i % 3)))), exited])
    const reply = new Promise<void>((resolve) => (answered = resolve))
    child.stdin.write(`${i} ${performance.timeOrigin + performance.now()}\n`)
    await Promise.race([reply, exited])
  }
  child.stdin.write("end\n")
  return answers
}

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

// The Node run of the suite starts both runtimes as processes (as the e2e tests do); the Deno run would repeat it.
describe.skipIf("Deno" in globalThis)("a process working in slices reads its standard input within a few turns", () => {
  const runtimes = { node: () => [process.execPath, [worker, "listen"]], deno: () => [DENO, ["run", "-A", worker, "listen"]] } as const
  for (const [name, argv] of Object.entries(runtimes)) {
    it(`under ${name}`, async () => {
      const [command, args] = argv() as [string, string[]]
      const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] })
      try {
        const waited = await turnsToRead(child, 12)
        // A line waits for the slice under way, then under Deno at most DENO_POLL_MS for a turn that
        // polls: 0–2 turns measured under either. Deno without that turn: up to 52, median 24.
        expect(median(waited)).toBeLessThanOrEqual(Math.ceil(DENO_POLL_MS / SLICE_MS) + 3)
      } finally {
        child.kill()
      }
    })
  }
})
