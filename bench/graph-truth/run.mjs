// Issue #11's table: splice's code graph against each language's own oracle, with the goal beside
// each figure, then each oracle's details (per kind, miss classes with examples). One oracle at a
// time (the machine is shared); each is also runnable alone (ts.mjs, py.mjs, go.mjs, speed.mjs).
// Usage: npm run build && node bench/graph-truth/run.mjs [--lang ts|py|go|all] [--sample 66] [--seed 11] [--speed] [--runs 5]
import { fmtRatio, parseArgs } from "./common.mjs"

const args = parseArgs(process.argv.slice(2).filter((a) => a !== "--speed"), { lang: "all", runs: 5 })
const speed = process.argv.includes("--speed")
const jobs = {
  ts: [async () => (await import("./ts.mjs")).run({ ...args, project: "effect" }), async () => (await import("./ts.mjs")).run({ ...args, project: "zod" })],
  py: [async () => (await import("./py.mjs")).run(args)],
  go: [async () => (await import("./go.mjs")).run(args)]
}
const langs = args.lang === "all" ? Object.keys(jobs) : args.lang.split(",")
const results = []
for (const l of langs) {
  for (const job of jobs[l] ?? []) {
    const r = await job()
    console.log(r.text)
    results.push(r)
  }
}

const pct = (a, b) => `${a}/${b} (${((a / b) * 100).toFixed(0)}%)`
console.log(`\n# The code graph against each language's oracle (sample ${args.sample} per row, seed ${args.seed}; node bench/graph-truth/run.mjs --sample ${args.sample} --seed ${args.seed})\n`)
console.log("| language / project | oracle | definition found (goal ≥ 98%) | definitions vs ctags (goal ≥ 98%) | ref precision (goal ≥ 0.97) | ref recall (goal ≥ 0.90) | by-name guesses right / wrong (listed apart) | with guesses: precision / recall |")
console.log("|---|---|---:|---:|---:|---:|---:|---:|")
for (const r of results) {
  const s = r.summary
  console.log(`| ${r.row} | ${r.oracle} | ${pct(s.definitionsFound, s.symbols)} | ${r.ctags ? pct(r.ctags.found, r.ctags.tags) : "n/a"} | ` +
    `**${fmtRatio(s.precision)}** | **${fmtRatio(s.recall)}** | ${s.byName.right} / ${s.byName.wrong} | ${fmtRatio(s.withGuesses.precision)} / ${fmtRatio(s.withGuesses.recall)} |`)
}

if (speed) {
  const { benchTree, speedTable, TREES } = await import("./speed.mjs")
  const rows = ["effect", "date-fns", "cpython"].flatMap((n) => TREES[n](args.runs)).map((t) => benchTree(t))
  console.log(`\n# Speed and memory (node ${process.version}; medians of ${args.runs} runs, full index 1 run; whole processes)\n`)
  console.log(speedTable(rows))
}
