// Two (or more) builds taking turns on one command line, for a before/after on a shared machine:
// each round runs every build once, so load from other processes hits them alike. Prints the median
// wall time and the median CPU time (user + system of the process, from /proc/self/stat's children
// times, exact to 10 ms a run) of each, with the load average.
// Usage: node bench/turns.mjs [--rounds 11] [--cwd DIR] [--append FILE] BUILD_DIR... -- ARGS...
//   --append FILE: before each run, append a new exported function to FILE (a one-file refresh: ARGS `index`).
// e.g. node bench/turns.mjs --cwd ws --rounds 11 old-dist dist -- refs flatMap --file src/Option.ts
import { spawnSync } from "node:child_process"
import { appendFileSync, existsSync, readFileSync } from "node:fs"
import { loadavg } from "node:os"
import { join, resolve } from "node:path"

const argv = process.argv.slice(2)
const cut = argv.indexOf("--")
if (cut === -1) throw new Error("usage: node bench/turns.mjs [--rounds N] [--cwd DIR] [--append FILE] BUILD_DIR... -- ARGS...")
const options = { rounds: 11, cwd: ".", append: undefined }
const builds = []
for (let i = 0; i < cut; i++) {
  const a = argv[i]
  if (a === "--rounds") options.rounds = Number(argv[++i])
  else if (a === "--cwd") options.cwd = argv[++i]
  else if (a === "--append") options.append = argv[++i]
  else builds.push(resolve(a))
}
const args = argv.slice(cut + 1)
const childCpu = () => {
  if (!existsSync("/proc/self/stat")) return NaN
  const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ")
  return (Number(fields[13]) + Number(fields[14])) * 10
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const launcher = (dir) => (existsSync(join(dir, "launch.cjs")) ? join(dir, "launch.cjs") : join(dir, "splice.mjs"))

let probe = 0
const once = (dir) => {
  if (options.append !== undefined) appendFileSync(join(options.cwd, options.append), `\nexport function turnsProbe${probe++}(n) { return n + ${probe} }\n`)
  const cpu0 = childCpu()
  const t = performance.now()
  const r = spawnSync(process.execPath, [launcher(dir), ...args], { cwd: options.cwd, stdio: ["ignore", "ignore", "pipe"] })
  const wall = performance.now() - t
  if (r.status !== 0) throw new Error(`${dir}: exit ${r.status}: ${r.stderr}`)
  return { wall, cpu: childCpu() - cpu0 }
}

for (const b of builds) once(b) // each build's V8 code cache, and the file cache
const load0 = loadavg()[0]
const runs = builds.map(() => [])
for (let round = 0; round < options.rounds; round++) builds.forEach((b, k) => runs[k].push(once(b)))
console.log(`node ${process.version}; ${options.rounds} rounds of: splice ${args.join(" ")}; load ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`)
builds.forEach((b, k) => console.log(`${b}: wall ${median(runs[k].map((r) => r.wall)).toFixed(0)} ms, CPU ${median(runs[k].map((r) => r.cpu)).toFixed(0)} ms`))
