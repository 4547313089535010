// A one-file refresh inside a long-lived `splice mcp` (the "in-process" figure of an agent's server,
// where TypeScript's parser, the JIT and the database stay warm): a function is appended to a file
// behind the server's back, then `find` of that new name is timed — the answer must hold it, so the
// time includes seeing the change, re-extracting the file, resolving and answering. Beside it, the
// same `find` with nothing changed (the check that the graph is current plus the query).
// Usage: npm run build && node bench/graph-truth/warm-refresh.mjs [--tree effect|date-fns|cpython|all] [--runs 15]
import { appendFileSync } from "node:fs"
import { loadavg } from "node:os"
import { join } from "node:path"
import { parseArgs, removeWorkspace, splice, spliceServer, workspace } from "./common.mjs"
import { TREES } from "./speed.mjs"

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const probeName = (probe, i) => (probe.endsWith(".py") ? `bench_probe_${i}` : `benchProbe${i}`)

const warmTree = async ({ label, source, files, probe, probeLine, query }, runs) => {
  const ws = workspace(source, files)
  const server = await (async () => {
    splice(ws, ["index", "--full"])
    return spliceServer(ws)
  })()
  try {
    await server.find(query) // loads the graph, the parser stays cold until the first change
    appendFileSync(join(ws, probe), probeLine(1000)) // warms the parser on this file once
    if ((await server.find(probeName(probe, 1000))).length !== 1) throw new Error("the warm-up change was not seen")
    const unchanged = [], changed = []
    for (let i = 0; i < runs; i++) {
      let t = performance.now()
      await server.find(query)
      unchanged.push(performance.now() - t)
      appendFileSync(join(ws, probe), probeLine(i))
      t = performance.now()
      const found = await server.find(probeName(probe, i))
      changed.push(performance.now() - t)
      if (found.length !== 1) throw new Error(`${label}: ${probeName(probe, i)} not found after the change (${found.length})`)
    }
    return { label, files: files.length, unchanged: median(unchanged), changed: median(changed) }
  } finally {
    await server.close()
    removeWorkspace(ws)
  }
}

const { tree, runs } = parseArgs(process.argv.slice(2), { tree: "all", runs: 15 })
const names = tree === "all" ? Object.keys(TREES) : [tree]
const rows = []
for (const t of names.flatMap((n) => TREES[n](runs))) rows.push(await warmTree(t, runs))
console.log(`\nnode ${process.version}; through one \`splice mcp\` per tree (SDK client, stdio); medians of ${runs}; load average at the end ${loadavg()[0].toFixed(1)}\n`)
console.log("| tree | files | `find`, nothing changed | one file changed, then `find` of its new function (goal ≤ 300 ms) |")
console.log("|---|---:|---:|---:|")
for (const r of rows) console.log(`| ${r.label} | ${r.files} | ${r.unchanged.toFixed(1)} ms | ${r.changed.toFixed(1)} ms |`)
