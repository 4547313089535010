// What the syntax gate adds to one-line `splice edit` processes on a big file: CPU (user + system,
// from /usr/bin/time) and wall time, medians, with --validate none, with the syntax gate on a file
// never mapped (its parse maps removed first: the file's first edit) and on a mapped one (a later
// edit), this build against another, interleaved run by run. The edit renames the identifier the
// regex's group captures on the first matching line past the middle.
// Usage: npm run build && node bench/big-file-cli.mjs FILE REGEX [RUNS=5] [OTHER/dist/launch.cjs]
//   e.g. node bench/big-file-cli.mjs node_modules/rollup/dist/shared/rollup.js '^\s*const (\w+) = ' 5 ../old/dist/launch.cjs
import { spawnSync } from "node:child_process"
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
const [file, reSrc, runsArg, other] = process.argv.slice(2)
const runs = Number(runsArg ?? 5)
const re = new RegExp(reSrc)
const ws = mkdtempSync(join(tmpdir(), "splice-bfc-"))
const name = basename(file)
const text = readFileSync(file, "utf8")
const lines = text.split("\n")
let line = -1
for (let i = lines.length >> 1; i < lines.length; i++) if (re.test(lines[i])) { line = i; break }
const env = { ...process.env, SPLICE_CACHE_DIR: join(ws, ".cache"), HOME: ws }
const builds = { current: join(import.meta.dirname, "..", "dist", "launch.cjs"), ...(other !== undefined ? { other } : {}) }
const out = {}
for (let i = 0; i <= runs; i++) for (const [b, bundle] of Object.entries(builds)) for (const v of ["none", "unmapped", "mapped"]) {
  copyFileSync(file, join(ws, name))
  if (v === "unmapped") rmSync(join(ws, ".cache", "parse-maps"), { recursive: true, force: true })
  const m = re.exec(lines[line])
  const next = lines[line].replace(m[1], `${m[1]}_b${i}`)
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S %e", "-o", join(ws, "t"), process.execPath, bundle, "edit", "-f", name, "--lines", `${line + 1}:${line + 1}`, "--replace-new", next, "--validate", v === "none" ? "none" : "syntax", "--workspace", ws], { cwd: ws, env, encoding: "utf8" })
  if (r.status !== 0) { console.log("FAIL", b, v, r.stdout.slice(0, 300)); process.exit(1) }
  const [u, s, e] = readFileSync(join(ws, "t"), "utf8").trim().split("\n").pop().split(" ").map(Number)
  if (i > 0) ((out[`${b} ${v}`] ??= { cpu: [], wall: [] }).cpu.push(u + s), out[`${b} ${v}`].wall.push(e))
}
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1] }
for (const [k, { cpu, wall }] of Object.entries(out)) console.log(`${name} ${k}: cpu ${(med(cpu) * 1000).toFixed(0)} ms, wall ${(med(wall) * 1000).toFixed(0)} ms`)
rmSync(ws, { recursive: true, force: true })
