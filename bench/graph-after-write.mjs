// What keeping the code graph current costs a write: `splice edit` as a whole process with no graph
// (the refresh is skipped after a few stat calls; sql.js is never loaded) and with an indexed graph
// (the edited file is re-indexed in it after the commit). Each edit renames one exported function
// to a new name in a file of the tree, with --validate syntax (no compiler gate). The variants take
// turns edit by edit (the graph file is moved aside and back), so a busy machine slows them alike.
// Trees: splice's own TypeScript sources (always), and date-fns 4.4.0 (5,120 files) when
// bench/graph.mjs has fetched it to bench/.work/date-fns.
// Usage: npm run build && node bench/graph-after-write.mjs [runs=20] [baseline bundle]
//   A baseline bundle (e.g. dist/splice.mjs built from an older commit) is timed in the same turns,
//   without a graph, to show what the no-graph path costs against it.
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "..")
const runs = Number(process.argv[2] ?? 20)
// A copy of dist/ taken now: a rebuild during the run (another terminal) cannot pull it away.
const snapshot = mkdtempSync(join(tmpdir(), "splice-gaw-dist-"))
cpSync(join(ROOT, "dist"), snapshot, { recursive: true })
const bundle = join(snapshot, "splice.mjs")
const baseline = process.argv[3] === undefined ? undefined : resolve(process.argv[3])

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const splice = (ws, args, which = bundle, variant = "setup") => {
  const started = process.hrtime.bigint()
  // One code-cache directory per variant: the launcher deletes other bundles' caches in its directory,
  // and a no-graph run sharing its cache with graph runs measured ~100 ms slower than the same bundle alone.
  const cache = join(ws, `.cache-${variant}`)
  const r = spawnSync(process.execPath, [which, ...args, "--workspace", ws], { cwd: ws, encoding: "utf8", env: { ...process.env, HOME: ws, SPLICE_CACHE_DIR: cache } })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  if (r.status !== 0) throw new Error(`splice ${args.join(" ")}: exit ${r.status}\n${r.stdout}\n${r.stderr}`)
  return { ms, last: JSON.parse(r.stdout.trim().split("\n").pop()) }
}

let turn = 0
/** One edit of the target file, renaming its function to a name it never had (so the graph always has something to re-index). */
const editOnce = (ws, which, variant) => {
  const from = `benchTarget${turn}`
  const to = `benchTarget${++turn}`
  return splice(ws, ["edit", "-f", "src/bench-target.ts", "--replace-old", `function ${from}(`, "--replace-new", `function ${to}(`, "--validate", "syntax"], which, variant)
}

const measure = (label, source, dirs) => {
  const ws = mkdtempSync(join(tmpdir(), "splice-gaw-"))
  try {
    for (const d of dirs) cpSync(join(source, d), join(ws, d), { recursive: true, filter: (p) => !p.includes("node_modules") })
    mkdirSync(join(ws, "src"), { recursive: true })
    writeFileSync(join(ws, "src", "bench-target.ts"), "export function benchTarget0(n: number): number {\n  return n + 1\n}\n")
    turn = 0
    const index = splice(ws, ["index"])
    const db = join(ws, ".splice", "graph.db")
    const times = { none: [], graph: [], baseline: [] }
    const refresh = []
    for (let i = 0; i < runs + 1; i++) {
      renameSync(db, `${db}.aside`)
      // The no-graph variants swap places each turn: the one right after a graph write (12 MB fsynced) runs slower.
      const before = baseline !== undefined && i % 2 === 1 ? editOnce(ws, baseline, "baseline") : undefined
      const none = editOnce(ws, bundle, "none")
      if (none.last.graph?.skipped !== "no graph database") throw new Error(`expected no graph: ${JSON.stringify(none.last.graph)}`)
      const base = baseline !== undefined && i % 2 === 0 ? editOnce(ws, baseline, "baseline") : before
      renameSync(`${db}.aside`, db)
      const withGraph = editOnce(ws, bundle, "graph")
      if (withGraph.last.graph?.refreshed?.length !== 1) throw new Error(`expected a refresh: ${JSON.stringify(withGraph.last.graph)}`)
      if (i === 0) continue // the first turn warms the code caches
      times.none.push(none.ms)
      times.graph.push(withGraph.ms)
      refresh.push(withGraph.last.graph.ms)
      if (base !== undefined) times.baseline.push(base.ms)
    }
    return {
      tree: label,
      files: index.last.files,
      db_mb: Number((index.last.db && spawnSync("stat", ["-c", "%s", db], { encoding: "utf8" }).stdout / 1e6).toFixed(1)),
      runs,
      ...(baseline !== undefined ? { edit_baseline_ms: Math.round(median(times.baseline)) } : {}),
      edit_no_graph_ms: Math.round(median(times.none)),
      edit_with_graph_ms: Math.round(median(times.graph)),
      added_ms: Math.round(median(times.graph) - median(times.none)),
      refresh_in_process_ms: Math.round(median(refresh))
    }
  } finally {
    rmSync(ws, { recursive: true, force: true })
  }
}

const rows = [measure("splice's own sources", ROOT, ["src", "services", "layers"])]
const dateFns = join(ROOT, "bench", ".work", "date-fns")
if (existsSync(dateFns)) rows.push(measure("date-fns 4.4.0", dateFns, ["."]))
rmSync(snapshot, { recursive: true, force: true })
for (const r of rows) console.log(JSON.stringify({ runtime: `node ${process.version}`, ...r }))
