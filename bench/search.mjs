// `splice search` against ripgrep, both as whole processes (start-up included), on a real source
// tree: Python 3.11's standard library (/usr/lib/python3.11 without its 24 MB static library: .py
// sources and the .pyc/.so binaries a search must skip) and Go 1.19's runtime, go/ and net/ packages
// (/usr/share/go-1.19/src), copied into one directory, about 44 MB in 3,400 files, 30 MB of them
// source text. Each pattern is run the way an agent would: splice's NDJSON against `rg --json`
// (the same information: every matching line with its submatches), and -l against -l.
// Runs are interleaved (one of each per round) so a load spike hits both alike; medians after
// WARMUP rounds (which also fill splice's V8 code cache).
// The fixed cost of a search process (the same search in an empty directory) is timed in the same
// rounds, and each tool's cost per MB is what a search costs beyond it: the ratio on a tree this
// size is fixed + per-MB × size, so `COPIES` (that many copies of the default tree side by side)
// shows how the ratio goes as the tree grows and start-up weighs less.
// Usage: node scripts/build.mjs && node bench/search.mjs [runs=15] [TREE | -] [COPIES=1]
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "..")
const RUNS = Number(process.argv[2] ?? 15)
const COPIES = Number(process.argv[4] ?? 1)
const WARMUP = 3
const bundle = join(ROOT, "dist", "splice.mjs")
if (!existsSync(bundle)) throw new Error("dist/splice.mjs is missing: run `node scripts/build.mjs` first")
if (spawnSync("rg", ["--version"]).status !== 0) throw new Error("ripgrep (rg) is not installed: apt-get install ripgrep")

const given = process.argv[3] !== undefined && process.argv[3] !== "-"
const single = given ? resolve(process.argv[3]) : join(tmpdir(), "splice-search-bench")
if (!given && !existsSync(single)) {
  mkdirSync(join(single, "go"), { recursive: true })
  cpSync("/usr/lib/python3.11", join(single, "python3.11"), { recursive: true, filter: (s) => !s.includes("config-3.11-") })
  for (const d of ["runtime", "go", "net"]) cpSync(`/usr/share/go-1.19/src/${d}`, join(single, "go", d), { recursive: true })
}
const tree = COPIES === 1 ? single : `${single}-x${COPIES}`
if (COPIES > 1 && !existsSync(tree)) for (let i = 1; i <= COPIES; i++) cpSync(single, join(tree, `copy${i}`), { recursive: true })
const empty = join(tmpdir(), "splice-search-bench-empty")
mkdirSync(empty, { recursive: true })
let files = 0
let bytes = 0
const count = (d) => {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    if (e.isDirectory()) count(join(d, e.name))
    else if (e.isFile()) {
      files++
      bytes += statSync(join(d, e.name)).size
    }
  }
}
count(tree)

const env = { ...process.env, SPLICE_CACHE_DIR: join(tmpdir(), "splice-search-bench-cache") }
const cases = [
  { label: "literal `EventLoop`", splice: ["EventLoop"], rg: ["--json", "-F", "EventLoop"] },
  { label: "regex `func \\w+\\(`", splice: ["--regex", "func \\w+\\("], rg: ["--json", "func \\w+\\("] },
  { label: "case-insensitive `deadline`", splice: ["-i", "deadline"], rg: ["--json", "-i", "-F", "deadline"] },
  { label: "whole word `self`, -l", splice: ["-w", "-l", "self"], rg: ["-w", "-l", "-F", "self"] },
  { label: "regex, rare `[A-Z]{4,}_MAX`", splice: ["--regex", "[A-Z]{4,}_MAX"], rg: ["--json", "[A-Z]{4,}_MAX"] }
]
const commands = cases.flatMap((c) => [
  { key: `${c.label}/splice`, cmd: process.execPath, args: [bundle, "search", ...c.splice, "--output", "json"] },
  // rg reads standard input when it is not a terminal and no path is given.
  { key: `${c.label}/rg`, cmd: "rg", args: [...c.rg, "."] }
])
commands.push(
  { key: "start-up/splice", cmd: process.execPath, args: [bundle, "--version"] },
  { key: "start-up/node", cmd: process.execPath, args: ["-e", "0"] },
  // The floor for a Node program: a bare script that walks, reads and finds the first case's literal.
  { key: "bare/node", cmd: process.execPath, args: [join(ROOT, "bench", "support", "bare-search.mjs"), cases[0].splice[0]] },
  { key: "bare-empty/node", cmd: process.execPath, args: [join(ROOT, "bench", "support", "bare-search.mjs"), cases[0].splice[0]], cwd: empty },
  // The fixed cost of a whole search process: the first case run where there is nothing to read.
  { key: "empty/splice", cmd: process.execPath, args: [bundle, "search", ...cases[0].splice, "--output", "json"], cwd: empty },
  { key: "empty/rg", cmd: "rg", args: [...cases[0].rg, "."], cwd: empty }
)
const loadBefore = loadavg()

const times = new Map(commands.map((c) => [c.key, []]))
const outputs = new Map()
for (let round = 0; round < WARMUP + RUNS; round++) {
  for (const c of commands) {
    const t = performance.now()
    const r = spawnSync(c.cmd, c.args, { cwd: c.cwd ?? tree, env, maxBuffer: 1 << 30 })
    const ms = performance.now() - t
    if (r.status !== 0 && !(c.cmd === "rg" && r.status === 1)) throw new Error(`${c.key}: exit ${r.status}: ${r.stderr}`)
    if (round >= WARMUP) times.get(c.key).push(ms)
    outputs.set(c.key, r.stdout.toString())
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
/** Matching lines each tool reported (the check that both did the same work). */
const lines = (key) => {
  const out = outputs.get(key)
  if (key.endsWith("/rg") && key.includes("-l")) return out.split("\n").filter(Boolean).length
  return out.split("\n").filter((l) => l.startsWith('{"type":"match"') || l.startsWith('{"type":"file"')).length
}

const mb = bytes / 1e6
const fixed = { splice: median(times.get("empty/splice")), rg: median(times.get("empty/rg")) }
const load = (l) => l.map((x) => x.toFixed(1)).join(", ")
console.log(`tree: ${tree} — ${files} files, ${mb.toFixed(1)} MB; ${RUNS} runs each, medians (ms); load average ${load(loadBefore)} before, ${load(loadavg())} after\n`)
console.log("| search | splice | rg | ratio | splice ms/MB | rg ms/MB | ratio per MB | lines (splice / rg) |")
console.log("|---|---:|---:|---:|---:|---:|---:|---|")
for (const c of cases) {
  const s = median(times.get(`${c.label}/splice`))
  const r = median(times.get(`${c.label}/rg`))
  const sPer = (s - fixed.splice) / mb
  const rPer = (r - fixed.rg) / mb
  console.log(`| ${c.label} | ${s.toFixed(0)} | ${r.toFixed(0)} | ${(s / r).toFixed(1)}× | ${sPer.toFixed(2)} | ${rPer.toFixed(2)} | ${(sPer / rPer).toFixed(1)}× | ${lines(`${c.label}/splice`)} / ${lines(`${c.label}/rg`)} |`)
}
const bare = median(times.get("bare/node"))
const bareFixed = median(times.get("bare-empty/node"))
const rgFirst = median(times.get(`${cases[0].label}/rg`))
console.log(`| bare Node script, ${cases[0].label} (bench/support/bare-search.mjs) | ${bare.toFixed(0)} | ${rgFirst.toFixed(0)} | ${(bare / rgFirst).toFixed(1)}× | ${((bare - bareFixed) / mb).toFixed(2)} | ${((rgFirst - fixed.rg) / mb).toFixed(2)} | ${((bare - bareFixed) / (rgFirst - fixed.rg)).toFixed(1)}× | |`)
console.log(`\nfixed cost of a search process (an empty directory): splice ${fixed.splice.toFixed(0)} ms, rg ${fixed.rg.toFixed(0)} ms, the bare Node script ${bareFixed.toFixed(0)} ms`)
console.log(`start-up alone: \`splice --version\` ${median(times.get("start-up/splice")).toFixed(0)} ms, \`node -e 0\` ${median(times.get("start-up/node")).toFixed(0)} ms`)
