// `splice mcp` under a Python agent's load, driven by the official SDK client over stdio:
//   1. sequential: EDITS small edits of a Python file, one after another (each checked by python3:
//      a worker kept by the server, or a start per edit in older builds); median and p90 per edit.
//   2. pipelined: 20 edits of one Python file (each a different line) and 20 reads sent at once;
//      how many failed, whether all 20 landed in order of arrival, and the batch's wall time.
// CPU is the server's and its children's (user+sys from /proc, Linux), python3 included.
// Usage: npm run build && node bench/mcp-python.mjs [--bundle OLD/dist/launch.cjs]   (compare in turns)
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

const ROOT = resolve(import.meta.dirname, "..")
const { values: flags } = parseArgs({ options: { bundle: { type: "string" } } })
const launcher = resolve(flags.bundle ?? join(ROOT, "dist", "launch.cjs"))
const EDITS = Number(process.env.BENCH_EDITS ?? 40)

const TICK = 100 // USER_HZ
/** user+sys seconds of `pid` and every descendant still running, plus what they reaped. */
const cpu = (pid) => {
  const procs = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const s = readFileSync(`/proc/${d}/stat`, "utf8")
      const f = s.slice(s.lastIndexOf(")") + 2).split(" ")
      return [{ pid: Number(d), ppid: Number(f[1]), t: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) }]
    } catch {
      return []
    }
  })
  const sum = (p) => procs.filter((x) => x.ppid === p).reduce((a, c) => a + c.t + sum(c.pid), 0)
  return ((procs.find((x) => x.pid === pid)?.t ?? 0) + sum(pid)) / TICK
}

const ws = mkdtempSync(join(tmpdir(), "bench-mcp-py-"))
execFileSync("git", ["init", "-q"], { cwd: ws })
const lines = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join("")
writeFileSync(join(ws, "seq.py"), lines(EDITS, (i) => `v${i} = ${i}\n`))
writeFileSync(join(ws, "pipe.py"), lines(20, (i) => `w${i} = ${i}\n`))
const transport = new StdioClientTransport({ command: process.execPath, args: [launcher, "mcp", "--workspace", ws], cwd: ws, stderr: "pipe" })
const client = new Client({ name: "bench", version: "1" })
await client.connect(transport)
const pid = transport.pid

await client.callTool({ name: "read", arguments: { file: "seq.py" } }) // the workspace's services built
const cpu0 = cpu(pid)
const times = []
for (let i = 0; i < EDITS; i++) {
  const t0 = performance.now()
  const r = await client.callTool({ name: "edit", arguments: { file: "seq.py", replace_old: `v${i} = ${i}\n`, replace_new: `v${i} = ${i + 1}\n` } })
  times.push(performance.now() - t0)
  if (r.isError) throw new Error(JSON.stringify(r.structuredContent))
}
const cpuSeq = cpu(pid) - cpu0
times.sort((a, b) => a - b)
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1)

const t1 = performance.now()
const calls = []
for (let i = 0; i < 20; i++) {
  calls.push(client.callTool({ name: "edit", arguments: { file: "pipe.py", replace_old: `w${i} = ${i}\n`, replace_new: `w${i} = ${i + 1}\n` } }))
  calls.push(client.callTool({ name: "read", arguments: { file: "pipe.py" } }))
}
const rs = await Promise.all(calls)
const batch = performance.now() - t1
const edits = rs.filter((_, i) => i % 2 === 0)
const txs = edits.filter((r) => !r.isError).map((r) => r.structuredContent.tx)
const landed = readFileSync(join(ws, "pipe.py"), "utf8") === lines(20, (i) => `w${i} = ${i + 1}\n`)
const load = readFileSync("/proc/loadavg", "utf8").split(" ")[0]
await client.close()
console.log(`${launcher}  load ${load}`)
console.log(`  sequential: ${EDITS} Python edits, median ${at(0.5)} ms, p90 ${at(0.9)} ms, server+python3 CPU ${(cpuSeq * 1000 / EDITS).toFixed(1)} ms/edit`)
console.log(`  pipelined: 20 edits + 20 reads at once: ${edits.filter((r) => r.isError).length} failed, all landed ${landed}, in order ${txs.every((t, i) => i === 0 || t > txs[i - 1])}, ${batch.toFixed(0)} ms`)
