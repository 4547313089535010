// A multi-file change on a real disk: one unified diff that changes one line in each of N files,
// applied by `splice apply` (journal, syntax gate, every file durable) and by `git apply` (the
// peer: no journal, no fsync), as whole processes, forward then back, taking turns with other
// builds of splice when given (`--bundle DIR`, repeatable: an older dist/). On a disk, a transaction
// of N files is mostly flushes: this bench shows what overlapping them saves.
// Usage: npm run build && node bench/multi-file-apply.mjs [--files 20] [--rounds 7] [--dir DIR] [--bundle OLD_DIST]...
//   --dir: where the workspace goes (default the system temp directory; /dev/shm has no flush cost).
import { execFileSync, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"

const { values: flags } = parseArgs({
  options: {
    files: { type: "string", default: "20" },
    rounds: { type: "string", default: "7" },
    dir: { type: "string" },
    bundle: { type: "string", multiple: true, default: [] }
  }
})
const ROOT = resolve(import.meta.dirname, "..")
const N = Number(flags.files)
const ROUNDS = Number(flags.rounds)
const builds = [join(ROOT, "dist"), ...flags.bundle.map((b) => resolve(b))]
const ws = mkdtempSync(join(flags.dir ?? tmpdir(), "splice-multi-"))
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

// N small TypeScript modules in two directories, committed, and the diff of a one-line change to each.
const git = (...args) => execFileSync("git", args, { cwd: ws, stdio: ["ignore", "pipe", "ignore"] }).toString()
git("init", "-q")
git("config", "user.email", "bench@example.com")
git("config", "user.name", "bench")
const file = (i) => `src/${i % 2 === 0 ? "a" : "b"}/m${i}.ts`
execFileSync("mkdir", ["-p", join(ws, "src/a"), join(ws, "src/b")])
const body = (i, v) => `// module ${i}\nexport const value${i} = ${v}\nexport function twice${i}(n: number): number {\n  return n * 2 + value${i}\n}\n`
for (let i = 0; i < N; i++) writeFileSync(join(ws, file(i)), body(i, 0))
git("add", "-A")
git("commit", "-q", "-m", "start")
for (let i = 0; i < N; i++) writeFileSync(join(ws, file(i)), body(i, 1))
writeFileSync(join(ws, "forward.diff"), git("diff"))
// The way back as a plain a/ b/ diff too (older builds could not read the b/ a/ names of `git diff -R`).
git("commit", "-q", "-am", "after")
for (let i = 0; i < N; i++) writeFileSync(join(ws, file(i)), body(i, 0))
writeFileSync(join(ws, "back.diff"), git("diff"))
git("reset", "-q", "--hard", "HEAD~1")
writeFileSync(join(ws, ".gitignore"), "*.diff\n.splice/\n")

const run = (cmd, args) => {
  const t = performance.now()
  const r = spawnSync(cmd, args, { cwd: ws, stdio: ["ignore", "ignore", "pipe"] })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")}: exit ${r.status}: ${r.stderr}`)
  return performance.now() - t
}
const isForward = () => git("diff", "--stat").length > 0
const rows = [
  ...builds.map((b) => ({ label: `splice apply (${b === join(ROOT, "dist") ? "this build" : b})`, forward: () => run(process.execPath, [join(b, "launch.cjs"), "apply", "forward.diff"]), back: () => run(process.execPath, [join(b, "launch.cjs"), "apply", "back.diff"]) })),
  { label: "git apply", forward: () => run("git", ["apply", "forward.diff"]), back: () => run("git", ["apply", "-R", "forward.diff"]) }
]
const times = rows.map(() => [])
try {
  for (const r of rows) { r.forward(); r.back() } // code caches, page cache
  const load0 = loadavg()[0]
  for (let round = 0; round < ROUNDS; round++) {
    rows.forEach((r, k) => {
      times[k].push(r.forward())
      if (!isForward()) throw new Error(`${r.label} changed nothing`)
      times[k].push(r.back())
      if (isForward()) throw new Error(`${r.label} did not reverse`)
    })
  }
  const peer = median(times[times.length - 1])
  console.log(`node ${process.version}; ${N} files changed by one diff, in ${ws.startsWith("/dev/shm") ? "tmpfs" : ws}; ${ROUNDS} rounds forward and back; load ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}\n`)
  console.log("| command | per apply, median | × git apply |\n|---|---:|---:|")
  rows.forEach((r, k) => console.log(`| ${r.label} | ${median(times[k]).toFixed(0)} ms | ${(median(times[k]) / peer).toFixed(1)}× |`))
} finally {
  rmSync(ws, { recursive: true, force: true })
}
