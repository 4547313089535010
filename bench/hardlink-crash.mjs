// The hard-link crash harness from issue #8: a hard-linked file is rewritten in place (its inode
// is kept), so kill -9 in the middle can tear it. N times: start `splice write` of a large
// hard-linked file, kill -9 it after a random delay, run `splice recover`, and check the file is
// exactly the old or the new content (never torn, never "changed by someone else") and both names
// are still one inode. Usage: node bench/hardlink-crash.mjs [N] [node|deno]
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

const N = Number(process.argv[2] ?? 100)
const runtime = process.argv[3] ?? "node"
const root = path.resolve(import.meta.dirname, "..")
const bundle = path.join(root, "dist", "splice.mjs")
const deno = path.join(root, "node_modules", "@deno", "linux-x64-glibc", "deno")
const cmd = runtime === "deno" ? [deno, ["run", "-A", bundle]] : [process.execPath, [bundle]]

const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-hl-")))
fs.mkdirSync(path.join(ws, ".git"))
const a = path.join(ws, "big.txt")
const b = path.join(ws, "link.txt")
const line = (c) => `${c}`.repeat(99) + "\n"
const OLD = line("a").repeat(40_000) // 4 MB
const NEW = line("b").repeat(40_000)
fs.writeFileSync(path.join(ws, "new.txt"), NEW)

// before_*: what kill -9 left (torn = neither old nor new: killed mid in-place write);
// old/new/torn: what the file holds after `splice recover` (torn must stay 0).
/** How long an uninterrupted write takes here: kills are aimed at its second half, where the write is. */
const calibrate = async () => {
  let total = 0
  for (let i = 0; i < 3; i++) {
    fs.rmSync(a, { force: true })
    fs.rmSync(b, { force: true })
    fs.writeFileSync(a, OLD)
    fs.linkSync(a, b)
    const t = Date.now()
    const child = spawn(cmd[0], [...cmd[1], "write", "--file", "big.txt", "--workspace", ws], { stdio: ["pipe", "ignore", "ignore"] })
    fs.createReadStream(path.join(ws, "new.txt")).pipe(child.stdin)
    await new Promise((r) => child.on("exit", r))
    total += Date.now() - t
  }
  return total / 3
}
const T = await calibrate()

const tally = { before_old: 0, before_new: 0, before_torn: 0, rolled_back: 0, old: 0, new: 0, torn: 0, link_split: 0, recover_failed: 0 }
const started = Date.now()
for (let i = 0; i < N; i++) {
  fs.rmSync(a, { force: true })
  fs.rmSync(b, { force: true })
  fs.writeFileSync(a, OLD)
  fs.linkSync(a, b)
  const child = spawn(cmd[0], [...cmd[1], "write", "--file", "big.txt", "--workspace", ws], { stdio: ["pipe", "ignore", "ignore"] })
  const exited = new Promise((r) => child.on("exit", r)) // it may finish before the kill
  child.stdin.on("error", () => {}) // killed while still reading its input
  fs.createReadStream(path.join(ws, "new.txt")).pipe(child.stdin)
  await new Promise((r) => setTimeout(r, T * (0.5 + Math.random() * 0.5)))
  child.kill("SIGKILL")
  await exited
  const before = fs.readFileSync(a, "utf8")
  tally[before === OLD ? "before_old" : before === NEW ? "before_new" : "before_torn"]++
  const rec = spawnSync(cmd[0], [...cmd[1], "recover", "--workspace", ws, "--output", "json"], { encoding: "utf8" })
  if (rec.status !== 0) tally.recover_failed++
  tally.rolled_back += JSON.parse(rec.stdout.trim().split("\n").pop() || "{}").rolled_back ?? 0
  const now = fs.readFileSync(a, "utf8")
  if (now === OLD) tally.old++
  else if (now === NEW) tally.new++
  else tally.torn++
  if (fs.statSync(a).ino !== fs.statSync(b).ino) tally.link_split++
}
console.log(JSON.stringify({ runtime, runs: N, write_ms: Math.round(T), seconds: Math.round((Date.now() - started) / 1000), ...tally }))
fs.rmSync(ws, { recursive: true, force: true })
process.exit(tally.torn + tally.link_split + tally.recover_failed === 0 ? 0 : 1)
