// Times splice as whole processes, the way an agent calls it, against real peers in the same run:
//   edit  — `splice edit` (syntax gate on) of a 20 KB TypeScript file  vs  bare `node -e 0`
//   write — `splice write` of the same file                              vs  a Node process using write-file-atomic
// Each command runs RUNS times after WARMUP runs; medians and ratios are printed as a Markdown table.
// Usage: npm run build && node bench/run.mjs [runs]
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "..")
const RUNS = Number(process.argv[2] ?? 30)
const WARMUP = 3
const bundle = join(ROOT, "dist", "splice.mjs")
const sea = join(ROOT, "dist", "splice-sea")
if (!existsSync(bundle)) throw new Error("run `npm run build` first")
const deno = (() => {
  const scope = join(ROOT, "node_modules", "@deno")
  for (const d of existsSync(scope) ? readdirSync(scope) : []) if (existsSync(join(scope, d, "deno"))) return join(scope, d, "deno")
  return undefined
})()

const ws = mkdtempSync(join(tmpdir(), "splice-bench-"))
const env = { ...process.env, SPLICE_CACHE_DIR: join(ws, ".cache") }
const target = join(ws, "big.ts")
let source = "export const MARKER = 0\n\n"
for (let i = 0; source.length < 20_000; i++) {
  source += `export function compute${i}(input: number, factor: number): number {\n  const scaled = input * factor + ${i}\n  return scaled > ${i * 3} ? scaled - ${i} : scaled + ${i}\n}\n\n`
}
writeFileSync(target, source)
const size = Buffer.byteLength(source)

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

const time = (label, makeArgs, input) => {
  const samples = []
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const [cmd, args] = makeArgs(i)
    const t = process.hrtime.bigint()
    const r = spawnSync(cmd, args, { cwd: ws, env, input: input?.(i) ?? "", stdio: ["pipe", "pipe", "pipe"] })
    const ms = Number(process.hrtime.bigint() - t) / 1e6
    if (r.status !== 0) throw new Error(`${label} failed (${r.status}): ${r.stdout}${r.stderr}`)
    if (i >= WARMUP) samples.push(ms)
  }
  return median(samples)
}

// Toggle the marker so every run is a real edit (and a real, validated write).
const toggle = (i) => (i % 2 === 0 ? ["export const MARKER = 0", "export const MARKER = 1"] : ["export const MARKER = 1", "export const MARKER = 0"])
const editArgs = (i) => ["edit", "--file", "big.ts", "--replace-old", toggle(i)[0], "--replace-new", toggle(i)[1]]
const content = (i) => source.replace("MARKER = 0", `MARKER = ${i}`)

const rows = []
const nodeBare = time("node -e 0", () => [process.execPath, ["-e", "0"]])
rows.push(["`node -e 0` (baseline)", nodeBare, 1])
const editNode = time("splice edit (node)", (i) => [process.execPath, [bundle, ...editArgs(i)]])
rows.push(["`splice edit`, syntax gate on (Node)", editNode, editNode / nodeBare])
if (deno) {
  const denoBare = time("deno eval 0", () => [deno, ["eval", "0"]])
  const editDeno = time("splice edit (deno)", (i) => [deno, ["run", "-A", bundle, ...editArgs(i)]])
  rows.push(["`deno eval 0` (baseline)", denoBare, denoBare / nodeBare])
  rows.push(["`splice edit` under `deno run`", editDeno, editDeno / nodeBare])
}
if (existsSync(sea)) {
  const editSea = time("splice edit (sea)", (i) => [sea, editArgs(i)])
  rows.push(["`splice edit`, Node single executable", editSea, editSea / nodeBare])
}
const peer = time("write-file-atomic", () => [process.execPath, [join(ROOT, "bench", "peers", "write-file-atomic.cjs"), target]], content)
rows.push(["Node + `write-file-atomic` (peer)", peer, peer / nodeBare])
const write = time("splice write", () => [process.execPath, [bundle, "write", "--file", "big.ts"]], content)
rows.push(["`splice write`, syntax gate on (Node)", write, write / nodeBare])

// The compiler gate: the same edit in a small TypeScript project (tsconfig.json, 4 files, the
// project's own tsc from node_modules) with --validate full vs --validate syntax.
const proj = join(ws, "proj")
const { mkdirSync, symlinkSync } = await import("node:fs")
mkdirSync(join(proj, "src"), { recursive: true })
writeFileSync(join(proj, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext" }, include: ["src"] }))
writeFileSync(join(proj, "src", "index.ts"), "import { total } from \"./math.js\"\nexport const MARKER = 0\nexport const result: number = total([1, 2, 3]) + MARKER\n")
writeFileSync(join(proj, "src", "math.ts"), "export const total = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)\n")
writeFileSync(join(proj, "src", "types.ts"), "export interface Point { x: number; y: number }\nexport const origin: Point = { x: 0, y: 0 }\n")
writeFileSync(join(proj, "src", "util.ts"), "import type { Point } from \"./types.js\"\nexport const norm = (p: Point): number => Math.hypot(p.x, p.y)\n")
symlinkSync(join(ROOT, "node_modules"), join(proj, "node_modules"))
const projEdit = (mode) => (i) => [process.execPath, [bundle, "edit", "--workspace", proj, "--file", "src/index.ts", "--replace-old", toggle(i)[0], "--replace-new", toggle(i)[1], "--validate", mode]]
const gateRuns = Math.max(5, Math.floor(RUNS / 3))
const timeN = (label, makeArgs, n) => {
  const samples = []
  for (let i = 0; i < WARMUP + n; i++) {
    const [cmd, args] = makeArgs(i)
    const t = process.hrtime.bigint()
    const r = spawnSync(cmd, args, { cwd: proj, env, stdio: ["ignore", "pipe", "pipe"] })
    if (r.status !== 0) throw new Error(`${label} failed (${r.status}): ${r.stdout}${r.stderr}`)
    if (i >= WARMUP) samples.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  return median(samples)
}
const syntaxOnly = timeN("edit --validate syntax", projEdit("syntax"), gateRuns)
const withTsc = timeN("edit --validate full", projEdit("full"), gateRuns)

const check = readFileSync(target, "utf8").length > 0
rmSync(ws, { recursive: true, force: true })
if (!check) throw new Error("target lost")

console.log(`\n${RUNS} runs each (after ${WARMUP} warm-up runs), ${(size / 1024).toFixed(1)} KB TypeScript file, medians; node ${process.version}\n`)
console.log("| command | median ms | × `node -e 0` |")
console.log("|---|---:|---:|")
for (const [label, ms, ratio] of rows) console.log(`| ${label} | ${ms.toFixed(0)} | ${ratio.toFixed(2)} |`)
console.log(`\nsplice write / write-file-atomic peer: ${(write / peer).toFixed(2)}×`)
console.log(`splice edit / node -e 0: ${(editNode / nodeBare).toFixed(2)}× (aim: within 3×)`)
console.log(`\nCompiler gate, small TypeScript project (4 files, tsc from node_modules), ${gateRuns} runs each, medians:`)
console.log("| command | median ms |")
console.log("|---|---:|")
console.log(`| \`splice edit --validate syntax\` | ${syntaxOnly.toFixed(0)} |`)
console.log(`| \`splice edit --validate full\` (syntax + tsc) | ${withTsc.toFixed(0)} |`)
console.log(`\nthe TypeScript gate adds ${(withTsc - syntaxOnly).toFixed(0)} ms (${(withTsc / syntaxOnly).toFixed(1)}×)`)
