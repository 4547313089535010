// The symlink race from issue #8: while one process keeps swapping a workspace directory between a
// real folder and a symlink to a folder outside the workspace, splice writes a file in it N times.
// Counts: writes that landed outside (must be 0), temp files left outside (0), internal errors
// (exit 70 / SPL-E099: 0), and how each run ended. Usage: node bench/symlink-race.mjs [N] [node|deno]
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

const N = Number(process.argv[2] ?? 1000)
const runtime = process.argv[3] ?? "node"
const root = path.resolve(import.meta.dirname, "..")
const bundle = path.join(root, "dist", "splice.mjs")
const deno = path.join(root, "node_modules", "@deno", "linux-x64-glibc", "deno")
const cmd = runtime === "deno" ? [deno, ["run", "-A", bundle]] : [process.execPath, [bundle]]

const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-race-ws-")))
const outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-race-out-")))
fs.mkdirSync(path.join(ws, ".git"))
fs.mkdirSync(path.join(ws, "d"))
fs.writeFileSync(path.join(ws, "d", "f.txt"), "start\n")
fs.writeFileSync(path.join(outside, "f.txt"), "outside\n")

const swapper = spawn(process.execPath, ["-e", `
  const fs = require("fs"); const d = ${JSON.stringify(path.join(ws, "d"))}; const o = ${JSON.stringify(outside)}
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) { try { fs.renameSync(d, d + ".real"); fs.symlinkSync(o, d); Atomics.wait(pause, 0, 0, 1); fs.unlinkSync(d); fs.renameSync(d + ".real", d) } catch {} Atomics.wait(pause, 0, 0, 1) }
`], { stdio: "ignore" })

const outcomes = new Map()
let internal = 0
const started = Date.now()
for (let i = 0; i < N; i++) {
  const r = spawnSync(cmd[0], [...cmd[1], "write", "--file", "d/f.txt", "--content", `n=${i}\n`, "--workspace", ws, "--output", "json"], { encoding: "utf8" })
  const last = JSON.parse(r.stdout.trim().split("\n").pop() || "{}")
  const key = r.status === 0 ? "ok" : `${last.code ?? "no outcome line"} (exit ${r.status})`
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
  if (r.status === 70) internal++
}
swapper.kill("SIGKILL")
const outsideFiles = fs.readdirSync(outside)
const landedOutside = fs.readFileSync(path.join(outside, "f.txt"), "utf8") !== "outside\n" ? 1 : 0
console.log(JSON.stringify({
  runtime,
  edits: N,
  seconds: Math.round((Date.now() - started) / 1000),
  writes_outside: landedOutside,
  files_left_outside: outsideFiles.filter((f) => f !== "f.txt").length,
  internal_errors: internal,
  outcomes: Object.fromEntries(outcomes)
}))
fs.rmSync(ws, { recursive: true, force: true })
fs.rmSync(outside, { recursive: true, force: true })
process.exit(landedOutside + internal + outsideFiles.length - 1 === 0 ? 0 : 1)
