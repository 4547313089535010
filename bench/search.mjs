// `splice search` against ripgrep, both as whole processes (start-up included), on a real source
// tree: Python 3.11's standard library (/usr/lib/python3.11 without its 24 MB static library: .py
// sources and the .pyc/.so binaries a search must skip) and Go 1.19's runtime, go/ and net/ packages
// (/usr/share/go-1.19/src), copied into one directory, about 44 MB in 3,400 files, 30 MB of them
// source text. Each pattern is run the way an agent would: splice's NDJSON against `rg --json`
// (the same information: every matching line with its submatches), and -l against -l.
// Runs are interleaved (one of each per round) so a load spike hits both alike; medians after
// WARMUP rounds (which also fill splice's V8 code cache).
// Usage: node scripts/build.mjs && node bench/search.mjs [runs=15] [TREE]
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "..")
const RUNS = Number(process.argv[2] ?? 15)
const WARMUP = 3
const bundle = join(ROOT, "dist", "splice.mjs")
if (!existsSync(bundle)) throw new Error("dist/splice.mjs is missing: run `node scripts/build.mjs` first")
if (spawnSync("rg", ["--version"]).status !== 0) throw new Error("ripgrep (rg) is not installed: apt-get install ripgrep")

const tree = process.argv[3] !== undefined ? resolve(process.argv[3]) : join(tmpdir(), "splice-search-bench")
if (process.argv[3] === undefined && !existsSync(tree)) {
  mkdirSync(join(tree, "go"), { recursive: true })
  cpSync("/usr/lib/python3.11", join(tree, "python3.11"), { recursive: true, filter: (s) => !s.includes("config-3.11-") })
  for (const d of ["runtime", "go", "net"]) cpSync(`/usr/share/go-1.19/src/${d}`, join(tree, "go", d), { recursive: true })
}
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
commands.push({ key: "start-up/splice", cmd: process.execPath, args: [bundle, "--version"] }, { key: "start-up/node", cmd: process.execPath, args: ["-e", "0"] })

const times = new Map(commands.map((c) => [c.key, []]))
const outputs = new Map()
for (let round = 0; round < WARMUP + RUNS; round++) {
  for (const c of commands) {
    const t = performance.now()
    const r = spawnSync(c.cmd, c.args, { cwd: tree, env, maxBuffer: 1 << 30 })
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

console.log(`tree: ${tree} — ${files} files, ${(bytes / 1e6).toFixed(1)} MB; ${RUNS} runs each, medians (ms)\n`)
console.log("| search | splice | rg | ratio | lines (splice / rg) |")
console.log("|---|---|---|---|---|")
for (const c of cases) {
  const s = median(times.get(`${c.label}/splice`))
  const r = median(times.get(`${c.label}/rg`))
  console.log(`| ${c.label} | ${s.toFixed(0)} | ${r.toFixed(0)} | ${(s / r).toFixed(1)}× | ${lines(`${c.label}/splice`)} / ${lines(`${c.label}/rg`)} |`)
}
console.log(`\nstart-up alone: \`splice --version\` ${median(times.get("start-up/splice")).toFixed(0)} ms, \`node -e 0\` ${median(times.get("start-up/node")).toFixed(0)} ms`)
