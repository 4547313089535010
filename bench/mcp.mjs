// `splice mcp` against the reference MCP filesystem server, both driven by the official SDK client
// over stdio, side by side in one run:
//   1. 200 small edits of a 20 KB TypeScript file (effect's src/Queue.ts): splice's `edit` (syntax
//      gate, journal, fsync, as always; back to back, at an agent's pace, and with --validate none) and the filesystem server's
//      `edit_file`. Each edit replaces `benchCounter = k` by `benchCounter = k+1`; the final file is
//      checked byte for byte for both.
//   2. `refs` and `find` on a 2,000-file graph (the first 2,000 files of date-fns 4.4.0, bench/graph.mjs's
//      slice) through the server, and the same query as a whole CLI process for comparison.
// Usage: npm run build && node bench/mcp.mjs      (installs the peer with npm into bench/.work/mcp-peer)
//   --only none|gate|pace|peer|graph (repeatable): just those rows (e.g. `--only none` for the write path alone)
//   --bundle PATH: another build of splice (an old dist/splice.mjs, to compare in turns)
//   --cpu-prof DIR: the splice servers run with node's --cpu-prof, profiles written to DIR
import { execFileSync, spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"
import { parseArgs } from "node:util"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

const ROOT = resolve(import.meta.dirname, "..")
const work = join(ROOT, "bench", ".work")
const { values: flags } = parseArgs({
  options: { only: { type: "string", multiple: true }, bundle: { type: "string" }, "cpu-prof": { type: "string" } }
})
const bundle = resolve(flags.bundle ?? join(ROOT, "dist", "splice.mjs"))
const wanted = (row) => flags.only === undefined || flags.only.includes(row)
const EDITS = Number(process.env.BENCH_EDITS ?? 200)
const QUERIES = Number(process.env.BENCH_QUERIES ?? 50)
mkdirSync(work, { recursive: true })
const env = { ...process.env, SPLICE_CACHE_DIR: join(work, "cache") }

// The peer, pinned, installed by name from the npm registry.
const PEER = "@modelcontextprotocol/server-filesystem@2026.8.31"
const peerDir = join(work, "mcp-peer")
const peerMain = join(peerDir, "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js")
if (!existsSync(peerMain)) {
  mkdirSync(peerDir, { recursive: true })
  execFileSync("npm", ["install", "--silent", "--no-audit", "--no-fund", "--prefix", peerDir, PEER], { stdio: "inherit" })
}

// date-fns for the graph, as bench/graph.mjs fetches it.
const dateFns = join(work, "date-fns")
if (!existsSync(dateFns)) {
  const tgz = join(work, "date-fns-4.4.0.tgz")
  if (!existsSync(tgz)) execFileSync("npm", ["pack", "date-fns@4.4.0", "--silent", "--pack-destination", work], { stdio: "inherit" })
  mkdirSync(dateFns)
  execFileSync("tar", ["xzf", tgz, "-C", dateFns, "--strip-components=1"])
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]

const connect = async (command, args, cwd) => {
  const transport = new StdioClientTransport({ command, args, cwd, env, stderr: "ignore" })
  const client = new Client({ name: "splice-bench", version: "1" })
  await client.connect(transport)
  client.serverPid = transport.pid
  return client
}

// The server's CPU time so far (user + system, ms), from /proc where there is one.
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ")
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return NaN
  }
}

const timedCall = async (client, name, args) => {
  const t = performance.now()
  const r = await client.callTool({ name, arguments: args })
  const ms = performance.now() - t
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.structuredContent ?? r.content).slice(0, 400)}`)
  return { ms, r }
}

// 1. Edits.
const queue = readFileSync(join(ROOT, "node_modules", "effect", "src", "Queue.ts"), "utf8") + "\nexport const benchCounter = 0\n"
const expected = queue.replace("benchCounter = 0", `benchCounter = ${EDITS}`)

const editRun = async (label, start, edit, pauseMs = 0) => {
  const ws = mkdtempSync(join(tmpdir(), "splice-mcp-bench-"))
  execFileSync("git", ["init", "-q"], { cwd: ws })
  writeFileSync(join(ws, "Queue.ts"), queue)
  const client = await start(ws)
  const times = []
  let cpu = NaN
  try {
    // One edit and back first, so the timed ones do not pay for loading the workspace.
    await timedCall(client, ...edit(ws, 0, true))
    await timedCall(client, ...edit(ws, 0, false, true))
    const cpu0 = cpuMs(client.serverPid)
    for (let k = 0; k < EDITS; k++) {
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
      times.push((await timedCall(client, ...edit(ws, k))).ms)
    }
    cpu = (cpuMs(client.serverPid) - cpu0) / EDITS
  } finally {
    await client.close()
  }
  const right = readFileSync(join(ws, "Queue.ts"), "utf8") === expected
  rmSync(ws, { recursive: true, force: true })
  return { label, median: median(times), p90: pct(times, 0.9), cpu, right }
}

let profiles = 0
const spliceServer = (ws) =>
  connect(process.execPath, [
    ...(flags["cpu-prof"] !== undefined ? ["--cpu-prof", "--cpu-prof-dir", resolve(flags["cpu-prof"]), "--cpu-prof-name", `splice-${profiles++}.cpuprofile`] : []),
    bundle, "mcp", "--workspace", ws
  ], ws)
// (warm-up: k = 0 → a marker and back)
const counter = (k, warm, back) => (warm ? [`benchCounter = ${k}`, "benchCounter = warm"] : back ? ["benchCounter = warm", `benchCounter = ${k}`] : [`benchCounter = ${k}`, `benchCounter = ${k + 1}`])
const spliceEdit = (validate) => (_ws, k, warm, back) => {
  const [from, to] = counter(k, warm, back)
  return ["edit", { file: "Queue.ts", replace_old: from, replace_new: to, ...(validate ? { validate } : {}) }]
}
const rows = []
if (wanted("gate")) rows.push(await editRun("splice `edit` (syntax gate, journal, fsync)", spliceServer, spliceEdit(undefined)))
// An agent reads the answer and thinks before its next edit: between calls the server parses what
// the edit wrote, so the next gate starts from a kept tree. Back to back, each gate parses in full.
if (wanted("pace")) rows.push(await editRun("splice `edit`, 300 ms between calls (an agent's pace)", spliceServer, spliceEdit(undefined), 300))
if (wanted("none")) rows.push(await editRun("splice `edit --validate none` (journal, fsync)", spliceServer, spliceEdit("none")))
if (wanted("peer")) {
  rows.push(await editRun("@modelcontextprotocol/server-filesystem `edit_file`", (ws) => connect(process.execPath, [peerMain, ws], ws), (ws, k, warm, back) => {
    const [from, to] = counter(k, warm, back)
    return ["edit_file", { path: join(ws, "Queue.ts"), edits: [{ oldText: from, newText: to }] }]
  }))
}

const printEdits = () => {
  console.log(`\nnode ${process.version}; ${EDITS} edits of a ${(queue.length / 1024).toFixed(1)} KB TypeScript file per server, through the MCP SDK client over stdio; medians (p90); the server's CPU time (user + system) per edit\n`)
  console.log("| server and tool | per edit | server CPU per edit | file right at the end |")
  console.log("|---|---:|---:|---|")
  for (const r of rows) console.log(`| ${r.label} | ${r.median.toFixed(2)} ms (${r.p90.toFixed(2)}) | ${r.cpu.toFixed(2)} ms | ${r.right ? "yes" : "NO"} |`)
  }
if (!wanted("graph")) {
  printEdits()
  process.exit()
}

// 2. Graph queries on 2,000 files.
const listFiles = (dir) => {
  const out = []
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.(js|cjs|mjs|ts|cts|mts)$/.test(e.name)) out.push(p)
    }
  }
  walk(dir)
  return out.sort()
}
const graphWs = mkdtempSync(join(tmpdir(), "splice-mcp-graph-"))
for (const f of listFiles(dateFns).slice(0, 2000)) cpSync(f, join(graphWs, relative(dateFns, f)))
execFileSync("git", ["init", "-q"], { cwd: graphWs })
execFileSync(process.execPath, [bundle, "index", "--workspace", graphWs], { env, stdio: "ignore" })
const query = { name: "addDays", file: "addDays.js" }
const server = await spliceServer(graphWs)
const served = { refs: [], find: [] }
let refsCount
try {
  await timedCall(server, "refs", query) // the first call loads the graph
  for (let i = 0; i < QUERIES; i++) {
    const { ms, r } = await timedCall(server, "refs", query)
    served.refs.push(ms)
    refsCount = r.structuredContent.references.length
    served.find.push((await timedCall(server, "find", { name: "addDays" })).ms)
  }
} finally {
  await server.close()
}
const cli = []
for (let i = 0; i < 9; i++) {
  const t = performance.now()
  const r = spawnSync(process.execPath, [bundle, "refs", "addDays", "--file", "addDays.js", "--workspace", graphWs], { env, encoding: "utf8" })
  if (r.status !== 0) throw new Error(`splice refs failed: ${r.stdout.slice(-300)} ${r.stderr.slice(-300)}`)
  cli.push(performance.now() - t)
}
rmSync(graphWs, { recursive: true, force: true })

printEdits()
console.log(`\nGraph of 2,000 files (date-fns 4.4.0); ${QUERIES} queries each, after one warm-up call; refs addDays = ${refsCount} references\n`)
console.log("| query | through `splice mcp` | as a CLI process |")
console.log("|---|---:|---:|")
console.log(`| refs addDays --file addDays.js | ${median(served.refs).toFixed(1)} ms (${pct(served.refs, 0.9).toFixed(1)}) | ${median(cli).toFixed(0)} ms |`)
console.log(`| find addDays | ${median(served.find).toFixed(1)} ms (${pct(served.find, 0.9).toFixed(1)}) | |`)
