// `splice mcp` while the code graph indexes a large workspace, as an agent sees it (SDK client over stdio):
//   latency  a `refs` that builds the graph, and 1 s later a `read` and two `edit`s of a small file:
//            their latencies (they need no graph); then every 0.5 s a read and two edits until the
//            index ends: the spread of their latencies; then the refs's own.
//   cancel   a `refs` that builds the graph, cancelled after DELAY s: how long until the server's CPU
//            goes quiet (the index stopped), whether a `read` is then answered, and the database file.
//   stdin    the client's input closed during the index: the server's exit, its time, and the database.
//   sigterm  SIGTERM during the index: the same.
// Each scenario starts from a copy of WORKSPACE without .splice/ (a first index).
// Usage: node scripts/build.mjs && node bench/mcp-indexing.mjs --workspace DIR [--only latency|cancel|stdin|sigterm]
//   [--bundle dist/splice.mjs] [--file __hello__.py] [--delay 3] [--runtime node|deno]
//   --runtime deno: the server runs under `deno run -A` (node_modules' deno binary) instead of this Node.
//   WORKSPACE: e.g. CPython's Lib/ (1,789 .py files); the file read and edited must be in it.
import { execFileSync } from "node:child_process"
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

const ROOT = resolve(import.meta.dirname, "..")
const { values: flags } = parseArgs({
  options: {
    workspace: { type: "string" },
    only: { type: "string", multiple: true },
    bundle: { type: "string" },
    file: { type: "string", default: "__hello__.py" },
    delay: { type: "string", default: "3" },
    runtime: { type: "string", default: "node" }
  }
})
if (flags.workspace === undefined) throw new Error("--workspace DIR is required")
const bundle = resolve(flags.bundle ?? join(ROOT, "dist", "splice.mjs"))
const wanted = (s) => flags.only === undefined || flags.only.includes(s)
const DELAY = Number(flags.delay) * 1000
/** The deno binary of node_modules' platform package (not node_modules/.bin/deno: a Node shim, which would get our signals). */
const deno = () => {
  const scope = join(ROOT, "node_modules", "@deno")
  for (const d of existsSync(scope) ? readdirSync(scope) : []) if (existsSync(join(scope, d, "deno"))) return join(scope, d, "deno")
  throw new Error("--runtime deno: no deno binary under node_modules/@deno")
}
if (!["node", "deno"].includes(flags.runtime)) throw new Error("--runtime is node or deno")
const [SERVER, SERVER_ARGS] = flags.runtime === "deno" ? [deno(), ["run", "-A", bundle]] : [process.execPath, [bundle]]

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ")
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return NaN
  }
}
const alive = (pid) => existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"))

const freshWorkspace = () => {
  const ws = join(mkdtempSync(join(tmpdir(), "splice-mcpidx-")), "ws")
  cpSync(resolve(flags.workspace), ws, { recursive: true })
  rmSync(join(ws, ".splice"), { recursive: true, force: true })
  return ws
}

const connect = async (ws) => {
  const transport = new StdioClientTransport({ command: SERVER, args: [...SERVER_ARGS, "mcp", "--workspace", ws], cwd: ws, env: { ...process.env }, stderr: "pipe" })
  let stderr = ""
  transport.stderr?.on("data", (d) => (stderr += d))
  const client = new Client({ name: "splice-bench", version: "1" })
  await client.connect(transport)
  return { client, transport, pid: transport.pid, stderr: () => stderr }
}

const timed = async (p) => {
  const t = performance.now()
  try {
    const r = await p
    return { ms: Math.round(performance.now() - t), error: r.isError ? JSON.stringify(r.structuredContent?.error?.code ?? r.content).slice(0, 200) : undefined }
  } catch (e) {
    return { ms: Math.round(performance.now() - t), error: String(e).slice(0, 200) }
  }
}

/** The database a run left: absent, or its integrity check and file count (via the CLI's status). */
const dbState = (ws) => {
  const file = join(ws, ".splice", "graph.db")
  if (!existsSync(file)) return "no graph.db (nothing saved)"
  try {
    const out = execFileSync(process.execPath, [bundle, "status"], { cwd: ws, encoding: "utf8" })
    const status = JSON.parse(out.trim().split("\n").pop())
    return `graph.db ${(statSync(file).size / 1e6).toFixed(1)} MB, status ok: ${status.indexed_files ?? "?"} files indexed`
  } catch (e) {
    return `graph.db present, status failed: ${String(e.stdout ?? e).slice(0, 300)}`
  }
}

/**
 * Waits until the process's CPU stays quiet for a second (at most 10 ms of it in any 100 ms: the
 * kernel counts in 10 ms ticks); the time from `since` to the end of its last busy 100 ms.
 */
const quietAfter = async (pid, since, limitMs = 600_000) => {
  let busyUntil = since
  for (let before = cpuMs(pid); performance.now() - busyUntil < 1000;) {
    await sleep(100)
    const now = cpuMs(pid)
    if (now - before > 10) busyUntil = performance.now()
    before = now
    if (performance.now() - since > limitMs) return undefined
  }
  return Math.round(busyUntil - since)
}

const edited = (ws) => readFileSync(join(ws, flags.file), "utf8")
const editArgs = { file: flags.file, replace_old: "Hello world!", replace_new: "Hello, splice!" }

if (wanted("latency")) {
  const ws = freshWorkspace()
  const s = await connect(ws)
  const cpu0 = cpuMs(s.pid)
  const refs = timed(s.client.callTool({ name: "refs", arguments: { name: "main" } }, undefined, { timeout: 3_600_000 }))
  await sleep(1000)
  const read = await timed(s.client.callTool({ name: "read", arguments: { file: flags.file } }, undefined, { timeout: 3_600_000 }))
  const edit = await timed(s.client.callTool({ name: "edit", arguments: editArgs }, undefined, { timeout: 3_600_000 }))
  // A second edit: the first one also starts the Python syntax gate's python3 (~0.2 s idle, more under load).
  const again = await timed(s.client.callTool({ name: "edit", arguments: { file: flags.file, replace_old: editArgs.replace_new, replace_new: editArgs.replace_old } }, undefined, { timeout: 3_600_000 }))
  let refsDone = false
  void refs.then(() => (refsDone = true))
  await sleep(0)
  const indexing = !refsDone
  // Then, every 0.5 s until the index ends, a read and an edit there and back: the spread of their
  // latencies over the index (a call counts if it was answered before the index ended).
  const later = { read: [], edit: [] }
  for (let i = 0; !refsDone; i++) {
    const sample = async (kind, args) => {
      const t = await timed(s.client.callTool({ name: kind, arguments: args }, undefined, { timeout: 3_600_000 }))
      if (t.error !== undefined) throw new Error(`${kind} during the index: ${t.error}`)
      if (!refsDone) later[kind].push(t.ms)
    }
    await sample("read", { file: flags.file })
    await sample("edit", editArgs)
    await sample("edit", { file: flags.file, replace_old: editArgs.replace_new, replace_new: editArgs.replace_old })
    await sleep(500)
  }
  const spread = (xs) => {
    const s = [...xs].sort((a, b) => a - b)
    return s.length === 0 ? "none" : `n ${s.length}, median ${s[Math.floor(s.length / 2)]}, p90 ${s[Math.floor(s.length * 0.9)]}, max ${s[s.length - 1]}`
  }
  const r = await refs
  console.log(JSON.stringify({ scenario: "latency", read_ms: read.ms + 1000 > r.ms ? `${read.ms} (after the index)` : read.ms, read_error: read.error, edit_ms: edit.ms, edit_error: edit.error, second_edit_ms: again.ms, second_edit_error: again.error, index_still_running_after_them: indexing,
    later_reads_ms: spread(later.read), later_edits_ms: spread(later.edit),
    refs_ms: r.ms, refs_error: r.error, server_cpu_ms: cpuMs(s.pid) - cpu0, edits_landed: !edited(ws).includes("Hello, splice!") && edited(ws).includes("Hello world!") }))
  await s.client.close()
  console.log(JSON.stringify({ scenario: "latency", db: dbState(ws) }))
  rmSync(resolve(ws, ".."), { recursive: true, force: true })
}

if (wanted("cancel")) {
  const ws = freshWorkspace()
  const s = await connect(ws)
  const controller = new AbortController()
  const refs = timed(s.client.callTool({ name: "refs", arguments: { name: "main" } }, undefined, { signal: controller.signal, timeout: 3_600_000 }))
  await sleep(DELAY)
  const cancelledAt = performance.now()
  controller.abort()
  await refs
  const quiet = await quietAfter(s.pid, cancelledAt)
  const read = await timed(s.client.callTool({ name: "read", arguments: { file: flags.file } }, undefined, { timeout: 3_600_000 }))
  console.log(JSON.stringify({ scenario: "cancel", cancelled_after_ms: DELAY, cpu_quiet_after_cancel_ms: quiet, read_after_ms: read.ms, read_error: read.error, db: dbState(ws) }))
  await s.client.close()
  rmSync(resolve(ws, ".."), { recursive: true, force: true })
}

for (const how of ["stdin", "sigterm"]) {
  if (!wanted(how)) continue
  const ws = freshWorkspace()
  const s = await connect(ws)
  const refs = timed(s.client.callTool({ name: "refs", arguments: { name: "main" } }, undefined, { timeout: 3_600_000 }))
  await sleep(DELAY)
  const t = performance.now()
  if (how === "stdin") s.transport._process.stdin.end()
  else process.kill(s.pid, "SIGTERM")
  let exitCode
  const exited = new Promise((r) => s.transport._process.once("exit", (code, signal) => r(exitCode = code ?? signal)))
  await Promise.race([exited, sleep(600_000)])
  const ms = Math.round(performance.now() - t)
  const r = await Promise.race([refs, sleep(100).then(() => ({ error: "no answer" }))])
  console.log(JSON.stringify({ scenario: how, after_ms: DELAY, exit: exitCode, exit_ms: ms, alive: alive(s.pid), refs_answer: r.error ?? `ok in ${r.ms} ms`, db: dbState(ws),
    stderr_tail: s.stderr().trim().split("\n").slice(-2).join(" | ").slice(0, 300) }))
  // The server is gone: closing the client may never settle.
  await Promise.race([s.client.close().catch(() => undefined), sleep(2000)])
  rmSync(resolve(ws, ".."), { recursive: true, force: true })
}
process.exit(0)
