/**
 * `splice mcp` under a pipelining client, under Node and Deno: edits of one file sent at once take
 * the lock in order of arrival and all land; a CLI edit racing the server's line still gets its turn;
 * a queued call whose lock does not change hands within its timeout fails SPL-E032, a cancelled one never lands; the
 * Python checks go through one python3 worker, which dies with the server (stdin closed, or kill -9).
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { beforeAll, describe, expect, it } from "vitest"
import { childEnv, ensureBuilt, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown> }

/** Processes descended from `pid` (the launcher may run the server in a child of its own). */
const descendants = (pid: number): Array<{ pid: number; comm: string }> => {
  const all = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8")
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))
      return [{ pid: Number(d), ppid: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]), comm }]
    } catch {
      return []
    }
  })
  const out: Array<{ pid: number; comm: string }> = []
  const walk = (p: number) => {
    for (const c of all.filter((x) => x.ppid === p)) {
      out.push(c)
      walk(c.pid)
    }
  }
  walk(pid)
  return out
}
const pythons = (pid: number) => descendants(pid).filter((p) => p.comm.startsWith("python")).map((p) => p.pid)
const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"))
const until = async (ok: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 25))
  return ok()
}

for (const rt of runtimes) {
  describe.skipIf(process.platform !== "linux")(`splice mcp under ${rt.name}: calls to one file`, () => {
    it("take the lock in order of arrival, let a CLI edit in, time out or leave the line as asked; one python3 checks them all and goes with the server", async () => {
      const ws = tempWorkspace()
      const N = 10
      const line = (i: number) => `v${i} = ${i}\n`
      fs.writeFileSync(path.join(ws, "f.py"), Array.from({ length: N + 3 }, (_, i) => line(i)).join(""))
      const [command, args] = rt.argv(["mcp", "--workspace", ws])
      // Each write holds its lock 400 ms (the test hook): a line of ~4 s, long enough to race on a slow machine.
      const transport = new StdioClientTransport({ command, args, cwd: ws, env: childEnv({ cwd: ws, env: { SPLICE_TEST_HOLD_MS: "400" } }) as Record<string, string>, stderr: "pipe" })
      let stderr = ""
      transport.stderr?.on("data", (d) => (stderr += d))
      const client = new Client({ name: "splice-e2e", version: "1" })
      await client.connect(transport)
      const server = transport.pid!
      const edit = (i: number, extra: Record<string, unknown> = {}, options: { signal?: AbortSignal } = {}) =>
        client.callTool({ name: "edit", arguments: { file: "f.py", replace_old: line(i), replace_new: `v${i} = ${i * 100 + 1}\n`, ...extra } }, undefined, options) as Promise<ToolResult>
      try {
        const calls: Array<Promise<ToolResult>> = []
        for (let i = 0; i < N; i++) {
          calls.push(edit(i))
          calls.push(client.callTool({ name: "read", arguments: { file: "f.py" } }) as Promise<ToolResult>)
        }
        // Willing to wait 0.1 s for a hand-over, in a line that moves every 0.4 s: SPL-E032, naming how many were ahead.
        const late = edit(N, { lock_timeout: 0.1 })
        // Cancelled while it waits in line: it leaves the line and never lands.
        const controller = new AbortController()
        const cancelled = edit(N + 1, {}, { signal: controller.signal }).catch((e: unknown) => e)
        expect(await until(() => /test hold/.test(stderr), 20_000)).toBe(true)
        controller.abort()
        // A CLI edit of the same file while the server's line is long: it gets its turn within its 2 s.
        const cli = runAsync(rt, ["edit", "--file", "f.py", "--replace-old", line(N + 2), "--replace-new", "cli = 1\n", "--lock-timeout", "2"], { cwd: ws })
        const results = await Promise.all(calls)
        const edits = results.filter((_, i) => i % 2 === 0)
        expect(edits.map((r) => r.isError ?? false)).toEqual(Array(N).fill(false))
        // In order of arrival: each transaction id starts with its commit's time.
        const txs = edits.map((r) => String(r.structuredContent!["tx"]))
        expect([...txs].sort()).toEqual(txs)
        const timedOut = await late
        expect(timedOut.isError).toBe(true)
        expect(timedOut.structuredContent).toMatchObject({ code: "SPL-E032", exit: 7, context: { path: "f.py" } })
        expect(timedOut.structuredContent!["context"]).toHaveProperty("ahead")
        expect(await cancelled).toBeInstanceOf(Error)
        const c = await cli
        expect(c.code).toBe(0)
        // Not starved: it landed before the server's line ran out.
        expect(String(c.last["tx"]) < txs[N - 1]!).toBe(true)
        const text = fs.readFileSync(path.join(ws, "f.py"), "utf8")
        expect(text).toBe([...Array.from({ length: N }, (_, i) => `v${i} = ${i * 100 + 1}\n`), line(N), line(N + 1), "cli = 1\n"].join(""))

        // One python3 checked every edit, and it is still there for the next.
        const workers = pythons(server)
        expect(workers).toHaveLength(1)
        const next = await edit(N, { lock_timeout: 10 })
        expect(next.structuredContent).toMatchObject({ ok: true, validation: { status: "passed", parser: expect.stringMatching(/^python /) } })
        const bad = await client.callTool({ name: "edit", arguments: { file: "f.py", replace_old: "cli = 1\n", replace_new: "def f():\nreturn 1\n" } }) as ToolResult
        expect(bad.structuredContent).toMatchObject({ code: "SPL-E042" })
        expect(pythons(server)).toEqual(workers)
        await client.close()
        // stdin closed: the server exits and takes its worker with it.
        expect(await until(() => !alive(workers[0]!))).toBe(true)
      } finally {
        await client.close()
      }

      // kill -9 of the server: its worker does not stay behind.
      const [cmd2, args2] = rt.argv(["mcp", "--workspace", ws])
      const child = spawn(cmd2, args2, { cwd: ws, env: childEnv({ cwd: ws }), stdio: ["pipe", "pipe", "inherit"] })
      let out = ""
      child.stdout!.on("data", (d) => (out += d))
      const send = (m: unknown) => child.stdin!.write(JSON.stringify(m) + "\n")
      send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })
      send({ jsonrpc: "2.0", method: "notifications/initialized" })
      send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "edit", arguments: { file: "f.py", replace_old: "cli = 1\n", replace_new: "cli = 2\n" } } })
      expect(await until(() => /"id":2/.test(out), 20_000)).toBe(true)
      const [worker] = pythons(child.pid!)
      expect(worker).toBeDefined()
      for (const p of [child.pid!, ...descendants(child.pid!).filter((d) => d.pid !== worker).map((d) => d.pid)]) process.kill(p, "SIGKILL")
      expect(await until(() => !alive(worker!))).toBe(true)
    })
  })
}
