// Start-up cost of splice as whole processes, the way an agent calls it, against the bare runtime:
//   node -e 0  vs  splice --version / read / edit (syntax gate on) of a small .ts file, under Node
//   (through dist/launch.cjs, npm's bin, as `npx splice` runs it);
//   deno eval 0  vs  the same commands under `deno run -A` (the e2e harness's command line).
// Runs are interleaved (one of each command per round) so a load spike from other processes on the
// machine hits every command alike. Medians after WARMUP rounds (which also fill the V8 code caches).
// Usage: node scripts/build.mjs && node bench/startup.mjs [runs=21] [other/dist/splice.mjs ...]
// Other bundles (another build of splice, e.g. an earlier commit's) are timed in the same rounds,
// as extra rows, for a before/after comparison under the same machine load.
// Targets (issue 10): read ≤ 2× node -e 0, edit ≤ 2.5× node -e 0, under Deno ≤ 3× deno eval 0.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "..")
const RUNS = Number(process.argv[2] ?? 21)
const WARMUP = 3
const bundles = [join(ROOT, "dist", "splice.mjs"), ...process.argv.slice(3).map((b) => resolve(b))]
for (const b of bundles) if (!existsSync(b)) throw new Error(`${b} is missing: run \`node scripts/build.mjs\` first`)
const deno = (() => {
  const scope = join(ROOT, "node_modules", "@deno")
  for (const d of existsSync(scope) ? readdirSync(scope) : []) if (existsSync(join(scope, d, "deno"))) return join(scope, d, "deno")
  return undefined
})()

const ws = mkdtempSync(join(tmpdir(), "splice-startup-"))
// Each bundle its own code cache: a launcher deletes caches it does not recognise as its own.
const envOf = (b) => ({ ...process.env, SPLICE_CACHE_DIR: join(ws, `.cache-${b}`) })
writeFileSync(join(ws, "f.ts"), "export const MARKER = 0\nexport function twice(x: number): number {\n  return 2 * x + MARKER\n}\n")

// Toggle the marker so every edit is a real, validated write.
const edit = (i) => ["edit", "--file", "f.ts", "--replace-old", `MARKER = ${i % 2}`, "--replace-new", `MARKER = ${(i + 1) % 2}`]
const commands = [{ label: "`node -e 0`", env: envOf(0), argv: () => [process.execPath, ["-e", "0"]] }]
const denoCommands = deno ? [{ label: "`deno eval 0`", env: envOf(0), argv: () => [deno, ["eval", "0"]] }] : []
bundles.forEach((bundle, b) => {
  const tag = b === 0 ? "" : ` [${bundle.replace(/\/dist\/splice\.mjs$/, "")}]`
  const env = envOf(b)
  // Under Node, what npm's bin runs (dist/launch.cjs, a CommonJS entry), where a build has one.
  const bin = existsSync(join(dirname(bundle), "launch.cjs")) ? join(dirname(bundle), "launch.cjs") : bundle
  commands.push(
    { label: `\`splice --version\`${tag}`, base: "node", env, argv: () => [process.execPath, [bin, "--version"]] },
    { label: `\`splice read --file f.ts\`${tag}`, base: "node", target: 2, env, argv: () => [process.execPath, [bin, "read", "--file", "f.ts"]] },
    { label: `\`splice edit\` (syntax gate)${tag}`, base: "node", target: 2.5, edit: true, env, argv: (i) => [process.execPath, [bin, ...edit(i)]] }
  )
  if (!deno) return
  const run = (args) => [deno, ["run", "-A", bundle, ...args]]
  denoCommands.push(
    { label: `\`splice --version\` (Deno)${tag}`, base: "deno", target: 3, env, argv: () => run(["--version"]) },
    { label: `\`splice read --file f.ts\` (Deno)${tag}`, base: "deno", target: 3, env, argv: () => run(["read", "--file", "f.ts"]) },
    { label: `\`splice edit\` (syntax gate, Deno)${tag}`, base: "deno", target: 3, edit: true, env, argv: (i) => run(edit(i)) }
  )
})
commands.push(...denoCommands)

// CPU time (user + system) of the children reaped so far, in ms, on Linux: what a process costs the
// machine, which load from other processes changes far less than its wall time. The kernel adds a
// child's exact times when it is reaped and prints the sums in clock ticks (10 ms), so the mean of
// N runs is exact to 10/N ms.
const childCpu = existsSync("/proc/self/stat")
  ? () => {
      const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ")
      return (Number(fields[13]) + Number(fields[14])) * 10 // cutime + cstime (fields 16, 17), USER_HZ 100
    }
  : undefined

const samples = commands.map(() => [])
const cpu = commands.map(() => 0)
let edits = 0
for (let round = 0; round < WARMUP + RUNS; round++) {
  commands.forEach((c, k) => {
    // Every edit shares the file: number them together so the toggle stays in step.
    const [cmd, args] = c.argv(c.edit ? edits++ : round)
    const cpu0 = childCpu?.()
    const t = process.hrtime.bigint()
    const r = spawnSync(cmd, args, { cwd: ws, env: c.env, stdio: ["ignore", "pipe", "pipe"] })
    const ms = Number(process.hrtime.bigint() - t) / 1e6
    if (r.status !== 0) throw new Error(`${c.label} failed (${r.status}): ${r.stdout}${r.stderr}`)
    if (round >= WARMUP) {
      samples[k].push(ms)
      if (childCpu) cpu[k] += childCpu() - cpu0
    }
  })
}
rmSync(ws, { recursive: true, force: true })

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const medians = samples.map(median)
const baseline = { node: medians[0], deno: deno ? medians[commands.findIndex((c) => c.label === "`deno eval 0`")] : NaN }
console.log(`\n${RUNS} runs each (after ${WARMUP} warm-up runs), interleaved, medians of wall time${childCpu ? ", means of CPU time (user + system)" : ""}; node ${process.version}${deno ? `, ${spawnSync(deno, ["--version"]).stdout.toString().split("\n")[0]}` : ""}; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}\n`)
console.log(`| command | median ms | × runtime alone | target |${childCpu ? " CPU ms | CPU × |" : ""}`)
console.log(`|---|---:|---:|---:|${childCpu ? "---:|---:|" : ""}`)
const baseCpu = { node: cpu[0] / RUNS, deno: deno ? cpu[commands.findIndex((c) => c.label === "`deno eval 0`")] / RUNS : NaN }
commands.forEach((c, k) => {
  const ratio = c.base ? medians[k] / baseline[c.base] : 1
  const target = c.target ? `≤ ${c.target}× ${ratio <= c.target ? "✓" : "✗"}` : ""
  const cpuCols = childCpu ? ` ${(cpu[k] / RUNS).toFixed(0)} | ${(c.base ? cpu[k] / RUNS / baseCpu[c.base] : 1).toFixed(2)} |` : ""
  console.log(`| ${c.label} | ${medians[k].toFixed(0)} | ${ratio.toFixed(2)} | ${target} |${cpuCols}`)
})
