// The code graph on a real codebase: date-fns 4.4.0 from the npm registry (5,120 JavaScript and
// TypeScript files), and a 2,000-file slice of it. Times, as whole processes in one run:
//   splice index --full (and files/s), a no-change refresh, a refresh after changing one file,
//   and universal-ctags on the same tree (ctags records definitions only; splice also records
//   references, imports and their resolution).
// Usage: npm run build && node bench/graph.mjs      (needs `npm` and `ctags`: apt-get install universal-ctags)
import { execFileSync, spawnSync } from "node:child_process"
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "..")
const bundle = join(ROOT, "dist", "splice.mjs")
const work = join(ROOT, "bench", ".work")
mkdirSync(work, { recursive: true })
const pkg = "date-fns@4.4.0"
const tgz = join(work, "date-fns-4.4.0.tgz")
if (!existsSync(tgz)) execFileSync("npm", ["pack", pkg, "--silent", "--pack-destination", work], { stdio: "inherit" })
const source = join(work, "date-fns")
if (!existsSync(source)) {
  mkdirSync(source)
  execFileSync("tar", ["xzf", tgz, "-C", source, "--strip-components=1"])
}

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

const hasCtags = spawnSync("ctags", ["--version"], { stdio: "ignore" }).status === 0
const env = { ...process.env, SPLICE_CACHE_DIR: join(work, "cache") }

const timed = (cmd, args, cwd) => {
  const t = process.hrtime.bigint()
  const r = spawnSync(cmd, args, { cwd, env, encoding: "utf8", maxBuffer: 1 << 28 })
  const ms = Number(process.hrtime.bigint() - t) / 1e6
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stdout.slice(-500)} ${r.stderr.slice(-500)}`)
  const last = r.stdout.trim().split("\n").pop()
  return { ms, result: last?.startsWith("{") ? JSON.parse(last) : undefined }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const benchTree = (label, files) => {
  const ws = mkdtempSync(join(tmpdir(), "splice-graph-bench-"))
  for (const f of files) cpSync(f, join(ws, relative(source, f)))
  const splice = (...args) => timed(process.execPath, [bundle, ...args, "--workspace", ws], ws)
  timed(process.execPath, [bundle, "explain"], ws) // warm the code cache
  const full = splice("index", "--full")
  const noChange = []
  for (let i = 0; i < 5; i++) noChange.push(splice("index"))
  const oneChanged = []
  const target = join(ws, relative(source, files.find((f) => f.endsWith("addDays.js")) ?? files[0]))
  for (let i = 0; i < 5; i++) {
    appendFileSync(target, `\nexport function benchProbe${i}(n) { return n + ${i} }\n`)
    oneChanged.push(splice("index"))
  }
  const query = []
  for (let i = 0; i < 5; i++) query.push(splice("find", "addDays"))
  let ctags
  if (hasCtags) {
    const t = []
    for (let i = 0; i < 3; i++) t.push(timed("ctags", ["-R", "-f", join(ws, ".tags"), "--languages=JavaScript,TypeScript", "."], ws).ms)
    ctags = median(t)
  }
  const dbSize = statSync(join(ws, ".splice", "graph.db")).size
  rmSync(ws, { recursive: true, force: true })
  return {
    label,
    files: full.result.files,
    symbols: full.result.symbols,
    references: full.result.references,
    fullWall: full.ms,
    fullInProcess: full.result.ms,
    rate: full.result.files_per_second,
    noChangeWall: median(noChange.map((x) => x.ms)),
    noChangeInProcess: median(noChange.map((x) => x.result.ms)),
    oneWall: median(oneChanged.map((x) => x.ms)),
    oneInProcess: median(oneChanged.map((x) => x.result.ms)),
    queryWall: median(query.map((x) => x.ms)),
    ctags,
    dbSize
  }
}

const all = listFiles(source)
const rows = [benchTree(`date-fns 4.4.0, all ${all.length} files`, all), benchTree("date-fns 4.4.0, first 2,000 files", all.slice(0, 2000))]
console.log(`\nnode ${process.version}; medians of 5 runs (full index: 1 run); wall = whole process, in-process = splice's own timing\n`)
console.log("| tree | files | symbols | references | full index | files/s | no-change refresh | one file changed | `find` (refresh + query) | universal-ctags (definitions only) | db size |")
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for (const r of rows) {
  console.log(`| ${r.label} | ${r.files} | ${r.symbols} | ${r.references} | ${(r.fullWall / 1000).toFixed(1)} s | ${r.rate} | ${r.noChangeWall.toFixed(0)} ms (${r.noChangeInProcess} ms in-process) | ${r.oneWall.toFixed(0)} ms (${r.oneInProcess} ms in-process) | ${r.queryWall.toFixed(0)} ms | ${r.ctags === undefined ? "not installed" : r.ctags.toFixed(0) + " ms"} | ${(r.dbSize / 1e6).toFixed(1)} MB |`)
}
for (const r of rows) {
  console.log(`\n${r.label}: no-change refresh = ${((r.noChangeInProcess / r.fullInProcess) * 100).toFixed(1)}% of a full index (aim < 10%); one changed file refreshed in ${r.oneInProcess} ms in-process, ${r.oneWall.toFixed(0)} ms wall (aim < 300 ms on 2,000 files)` +
    (r.ctags === undefined ? "" : `; full index / ctags = ${(r.fullWall / r.ctags).toFixed(1)}×`))
}
