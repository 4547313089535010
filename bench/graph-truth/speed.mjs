// How fast and how big the graph is, as whole processes of the built CLI (GNU time for peak RSS):
// a full index against universal-ctags on the same tree (ctags records definitions only; splice also
// records references and imports), a no-change refresh, a refresh after one changed file, `find` and
// `refs` against `node -e 0`, and the database size. Trees: effect 3.22.4's src/, date-fns 4.4.0 (all
// files and its first 2,000, used by bench/graph.mjs too) and the CPython standard library of the
// python3 on PATH (the memory row).
// CPU time (user + sys) is given beside wall times: on a shared machine it is the figure to compare.
// Usage: npm run build && node bench/graph-truth/speed.mjs [--tree effect|date-fns|cpython|all] [--runs 5]
import { appendFileSync, readdirSync, statSync } from "node:fs"
import { spawnSync, execFileSync } from "node:child_process"
import { loadavg } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { env, listFiles, npmPackage, parseArgs, removeWorkspace, splice, workspace } from "./common.mjs"

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const hasCtags = () => spawnSync("ctags", ["--version"], { stdio: "ignore" }).status === 0

const wall = (cmd, args, cwd) => {
  const t = performance.now()
  const r = spawnSync(cmd, args, { cwd, env, stdio: "ignore" })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}`)
  return performance.now() - t
}

/**
 * One tree: `files` (relative to `source`) copied to a fresh workspace. `probe` is the file a
 * one-file change appends a function to; `query` a name for find/refs (with `queryFile`).
 */
export const benchTree = ({ label, source, files, probe, probeLine, query, queryFile, ctagsLanguages, runs = 5 }) => {
  const ws = workspace(source, files)
  try {
    splice(ws, ["explain"]) // warm the V8 code cache
    const full = splice(ws, ["index", "--full"])
    const noChange = [], oneChanged = [], find = [], refs = [], nodeBare = [], ctags = []
    for (let i = 0; i < runs; i++) noChange.push(splice(ws, ["index"]))
    for (let i = 0; i < runs; i++) {
      appendFileSync(join(ws, probe), probeLine(i))
      oneChanged.push(splice(ws, ["index"]))
    }
    for (let i = 0; i < runs; i++) {
      nodeBare.push(wall(process.execPath, ["-e", "0"], ws))
      find.push(splice(ws, ["find", query]).ms)
      refs.push(splice(ws, ["refs", query, "--file", queryFile]).ms)
    }
    if (hasCtags()) for (let i = 0; i < Math.min(runs, 3); i++) ctags.push(wall("ctags", ["-R", "-f", join(ws, ".tags"), `--languages=${ctagsLanguages}`, "."], ws))
    return {
      label,
      files: full.result.files,
      symbols: full.result.symbols,
      references: full.result.references,
      fullWall: full.ms,
      fullInProcess: full.result.ms,
      fullRssMb: full.peakRssMb,
      fullCpu: full.cpuMs,
      oneCpu: median(oneChanged.map((x) => x.cpuMs ?? 0)),
      noChangeWall: median(noChange.map((x) => x.ms)),
      noChangeInProcess: median(noChange.map((x) => x.result.ms)),
      oneWall: median(oneChanged.map((x) => x.ms)),
      oneInProcess: median(oneChanged.map((x) => x.result.ms)),
      find: median(find),
      refs: median(refs),
      nodeBare: median(nodeBare),
      ctags: ctags.length > 0 ? median(ctags) : undefined,
      dbMb: statSync(join(ws, ".splice", "graph.db")).size / 1e6
    }
  } finally {
    removeWorkspace(ws)
  }
}

const jsProbe = (i) => `\nexport function benchProbe${i}(n) { return n + ${i} }\n`
const tsProbe = (i) => `\nexport function benchProbe${i}(n: number): number { return n + ${i} }\n`
const pyProbe = (i) => `\n\ndef bench_probe_${i}(n):\n    return n + ${i}\n`

export const TREES = {
  effect: (runs) => {
    const pkg = npmPackage("effect", "3.22.4")
    const files = listFiles(join(pkg, "src"), /\.ts$/).map((f) => `src/${f}`)
    return [{ label: `effect 3.22.4 src/ (${files.length} files)`, source: pkg, files, probe: "src/Option.ts", probeLine: tsProbe, query: "flatMap", queryFile: "src/Option.ts", ctagsLanguages: "TypeScript", runs }]
  },
  "date-fns": (runs) => {
    const pkg = npmPackage("date-fns", "4.4.0")
    const files = listFiles(pkg, /\.(js|cjs|mjs|ts|cts|mts)$/)
    const tree = (label, fs) => ({ label, source: pkg, files: fs, probe: "addDays.js", probeLine: jsProbe, query: "addDays", queryFile: "addDays.js", ctagsLanguages: "JavaScript,TypeScript", runs })
    return [tree(`date-fns 4.4.0, all ${files.length} files`, files), tree("date-fns 4.4.0, first 2,000 files", files.slice(0, 2000))]
  },
  cpython: (runs) => {
    const stdlib = execFileSync("python3", ["-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: "utf8" }).trim()
    const files = readdirSync(stdlib, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith(".py") && !/(^|\/)(site|dist)-packages(\/|$)/.test(join(e.parentPath, e.name).slice(stdlib.length)))
      .map((e) => join(e.parentPath, e.name).slice(stdlib.length + 1)).sort()
    return [{ label: `CPython ${stdlib.split("/").pop()} standard library (${files.length} files)`, source: stdlib, files, probe: "textwrap.py", probeLine: pyProbe, query: "dedent", queryFile: "textwrap.py", ctagsLanguages: "Python", runs }]
  }
}

export const speedTable = (rows) => {
  const out = []
  out.push("| tree | files | symbols | refs | full index (in-process; CPU) | ctags | ×ctags (goal ≤ 3) | no-change refresh (goal ≤ 5% of full) | one file changed, in-process (goal ≤ 300 ms) / process (≤ 1 s; CPU) | find / refs per process (goal ≤ 2.5× node -e 0) | peak RSS, full index | db |")
  out.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
  for (const r of rows) {
    out.push(`| ${r.label} | ${r.files} | ${r.symbols} | ${r.references} | ${(r.fullWall / 1000).toFixed(1)} s (${(r.fullInProcess / 1000).toFixed(1)} s${r.fullCpu === undefined ? "" : `; ${(r.fullCpu / 1000).toFixed(1)} s CPU`}) | ` +
      `${r.ctags === undefined ? "n/a" : (r.ctags / 1000).toFixed(2) + " s"} | ${r.ctags === undefined ? "n/a" : (r.fullWall / r.ctags).toFixed(1) + "×"} | ` +
      `${r.noChangeWall.toFixed(0)} ms (${r.noChangeInProcess} ms in-process = ${((r.noChangeInProcess / r.fullInProcess) * 100).toFixed(1)}%) | ` +
      `${r.oneInProcess} ms / ${r.oneWall.toFixed(0)} ms${r.oneCpu ? ` (${r.oneCpu.toFixed(0)} ms CPU)` : ""} | ${r.find.toFixed(0)} / ${r.refs.toFixed(0)} ms (${(r.find / r.nodeBare).toFixed(1)}× / ${(r.refs / r.nodeBare).toFixed(1)}× of ${r.nodeBare.toFixed(0)} ms) | ` +
      `${r.fullRssMb === undefined ? "n/a" : r.fullRssMb.toFixed(0) + " MB"} | ${r.dbMb.toFixed(1)} MB |`)
  }
  return out.join("\n")
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { tree, runs } = parseArgs(process.argv.slice(2), { tree: "all", runs: 5 })
  const names = tree === "all" ? Object.keys(TREES) : [tree]
  const rows = names.flatMap((n) => TREES[n](runs)).map((t) => benchTree(t))
  console.log(`\nnode ${process.version}; medians of ${runs} runs (full index: 1 run); wall = whole process; load average at the end ${loadavg()[0].toFixed(1)}\n`)
  console.log(speedTable(rows))
}
