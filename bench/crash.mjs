// kill -9 at random moments of a 5-file `splice apply`, then recover, and classify what is left
// (issue #9). The change set is a Codex patch over real files (effect's own ESM build, 57–192 KB
// each, from this repository's node_modules): two updates (one of a CRLF file, two hunks in the
// other), an added file in two new directories, a deletion, and a move with a change.
//
// Each run puts the tree back to its before state (the .splice journal is kept, as in real use)
// and starts `splice apply PATCH` as a real process, then kills it with SIGKILL, in turn:
//   uniform — after a random delay in [0, T], T = the measured time of one whole apply (2 runs in 4);
//   window  — at a random moment in [0, W] after the apply's journal entry appears in .splice/tx,
//             W = from there to the end of the process (most of T is start-up, parsing and the
//             syntax gate, so uniform kills rarely land in the journal/write/commit steps);
//   hold    — with SPLICE_TEST_HOLD_MS, at a random moment of the pause between the last write and
//             the commit mark (every file written, nothing committed: the worst case).
// Then recovery: even runs call `splice recover`; odd runs only run the next write command (`splice
// write` of an unrelated file), which must recover on its own, and `splice recover` afterwards must
// find nothing left to do. The tree is then all-before, all-after (the kill came after the commit
// mark), or MIXED (must be 0); temp files `.<name>.splice-*.tmp`, directories a rolled-back apply
// created, and any other stray entry must be 0 too. Exit 1 if any is not.
//
// Usage: node scripts/build.mjs && node bench/crash.mjs [--runs 200] [--runtime node|deno]
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"

const { values: opts } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    runtime: { type: "string", default: "node" }
  }
})
const RUNS = Number(opts.runs)
const HOLD_MS = 400
const ROOT = path.resolve(import.meta.dirname, "..")
if (!fs.existsSync(path.join(ROOT, "dist", "splice.mjs"))) throw new Error("run `node scripts/build.mjs` first")
const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-crash-")))
// A copy of the build: a rebuild of dist/ during the minutes this takes must not pull it away.
fs.cpSync(path.join(ROOT, "dist"), path.join(tmp, "dist"), { recursive: true })
process.on("exit", () => process.env.KEEP !== "1" && fs.rmSync(tmp, { recursive: true, force: true })) // KEEP=1 keeps it to look at
const BUNDLE = path.join(tmp, "dist", "splice.mjs")
const DENO = path.join(ROOT, "node_modules", "@deno", "linux-x64-glibc", "deno")
const [CMD, PRE] = opts.runtime === "deno" ? [DENO, ["run", "-A", BUNDLE]] : [process.execPath, [BUNDLE]]
const SOURCE = path.join(ROOT, "node_modules", "effect", "dist", "esm")

const env = { ...process.env, NO_COLOR: "1", SPLICE_CACHE_DIR: path.join(tmp, "cache") }

// ---------------------------------------------------------------- the tree and the change set
const read = (name) => fs.readFileSync(path.join(SOURCE, name), "utf8")
const BEFORE_FILES = {
  "src/Array.js": read("Array.js"),
  "src/Stream.js": read("Stream.js").replace(/\r?\n/g, "\r\n"), // CRLF
  "src/Micro.js": read("Micro.js"),
  "src/Option.js": read("Option.js")
}
const BEFORE_DIRS = ["lib", "src"]
const ADDED = read("Graph.js").replace(/\n?$/, "\n") // a Codex Add File ends with a newline

/** Index of the first line at or after `from` that is an `export const` and occurs once in the file. */
const uniqueLine = (lines, from) => {
  for (let i = Math.max(from, 2); i < lines.length - 2; i++) {
    if (/^export const \w+ =/.test(lines[i]) && lines.filter((l) => l === lines[i]).length === 1) return i
  }
  throw new Error("no unique line")
}
/** A Codex hunk changing line i, with two lines of context on each side. */
const hunk = (lines, i) =>
  ["@@", ...lines.slice(i - 2, i).map((l) => ` ${l}`), `-${lines[i]}`, `+${lines[i]} // changed by the crash bench`, ...lines.slice(i + 1, i + 3).map((l) => ` ${l}`)].join("\n")
const linesOf = (text) => text.replace(/\r\n/g, "\n").split("\n")

const arrayLines = linesOf(BEFORE_FILES["src/Array.js"])
const streamLines = linesOf(BEFORE_FILES["src/Stream.js"])
const optionLines = linesOf(BEFORE_FILES["src/Option.js"])
const a1 = uniqueLine(arrayLines, 0)
const a2 = uniqueLine(arrayLines, Math.floor(arrayLines.length * 0.7))
const PATCH = [
  "*** Begin Patch",
  "*** Update File: src/Array.js",
  hunk(arrayLines, a1),
  hunk(arrayLines, a2),
  "*** Update File: src/Stream.js",
  hunk(streamLines, uniqueLine(streamLines, Math.floor(streamLines.length / 2))),
  "*** Add File: src/gen/extra/Graph.js",
  ...ADDED.replace(/\n$/, "").split("\n").map((l) => `+${l}`),
  "*** Delete File: src/Micro.js",
  "*** Update File: src/Option.js",
  "*** Move to: lib/Option.js",
  hunk(optionLines, uniqueLine(optionLines, Math.floor(optionLines.length / 3))),
  "*** End Patch",
  ""
].join("\n")
const patchFile = path.join(tmp, "change.patch")
fs.writeFileSync(patchFile, PATCH)

// ---------------------------------------------------------------- workspace and classification
const ws = path.join(tmp, "ws")
const PROBE = "probe.txt" // written by the implicit-recovery runs; not part of the change set
const TEMP = /^\..+\.splice-.*\.tmp$/

const reset = () => {
  for (const e of fs.existsSync(ws) ? fs.readdirSync(ws) : []) if (e !== ".splice") fs.rmSync(path.join(ws, e), { recursive: true, force: true })
  for (const d of BEFORE_DIRS) fs.mkdirSync(path.join(ws, d), { recursive: true })
  for (const [f, text] of Object.entries(BEFORE_FILES)) fs.writeFileSync(path.join(ws, f), text)
}

/** Every entry under the workspace but .splice/ and the probe: files by content, directories as "dir", temps listed apart. */
const snapshot = () => {
  const files = new Map()
  const dirs = new Set()
  const temps = []
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(ws, rel), { withFileTypes: true })) {
      const p = rel === "" ? e.name : `${rel}/${e.name}`
      if (p === ".splice" || p === PROBE) continue
      if (TEMP.test(e.name)) temps.push(p)
      else if (e.isDirectory()) {
        dirs.add(p)
        walk(p)
      } else files.set(p, fs.readFileSync(path.join(ws, p), "utf8"))
    }
  }
  walk("")
  return { files, dirs, temps }
}

let AFTER // the tree an uninterrupted apply leaves, measured below

/** all-before / all-after / mixed over the change set's six paths, plus what must never be left. */
const classify = () => {
  const now = snapshot()
  const paths = new Set([...Object.keys(BEFORE_FILES), ...AFTER.files.keys()])
  let before = 0
  let after = 0
  for (const p of paths) {
    const cur = now.files.get(p)
    if (cur === BEFORE_FILES[p] || (cur === undefined && BEFORE_FILES[p] === undefined)) before++
    else if (cur === AFTER.files.get(p)) after++
  }
  const state = before === paths.size ? "all_before" : after === paths.size ? "all_after" : "mixed"
  const known = new Set([...BEFORE_DIRS, ...AFTER.dirs])
  const strays = [...now.files.keys()].filter((p) => !paths.has(p)).concat([...now.dirs].filter((d) => !known.has(d)))
  // A directory the apply created, still there although the apply was rolled back.
  const leftoverDirs = state === "all_before" ? [...now.dirs].filter((d) => !BEFORE_DIRS.includes(d)) : []
  return { state, temps: now.temps, leftoverDirs, strays }
}

// ---------------------------------------------------------------- processes
const splice = (args) => spawnSync(CMD, [...PRE, ...args, "--workspace", ws, "--output", "json"], { cwd: ws, env, encoding: "utf8" })
const lastLine = (stdout) => {
  try {
    return JSON.parse(stdout.trim().split("\n").pop() || "{}")
  } catch {
    return {}
  }
}

/**
 * Start the apply and kill -9 it: `uniform`, after a random delay in [0, T]; `window`, at a random
 * moment in [0, W] after its transaction entry appears in .splice/tx (W: from there to the exit);
 * `hold`, at a random moment of the pause between the last write and the commit mark; `none`: never.
 */
const applyAndKill = (mode) =>
  new Promise((resolve) => {
    const txRoot = path.join(ws, ".splice", "tx")
    const known = new Set(fs.existsSync(txRoot) ? fs.readdirSync(txRoot) : [])
    const child = spawn(CMD, [...PRE, "apply", patchFile, "--workspace", ws, "--output", "json"], {
      cwd: ws,
      env: mode === "hold" ? { ...env, SPLICE_TEST_HOLD_MS: String(HOLD_MS) } : env,
      stdio: ["ignore", "pipe", "pipe"]
    })
    const t = Date.now()
    let stdout = ""
    let stderr = ""
    let txAt
    const timers = []
    const kill = () => child.kill("SIGKILL")
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => {
      const seen = /test hold/.test(stderr)
      stderr += d
      if (mode === "hold" && !seen && /test hold/.test(stderr)) timers.push(setTimeout(kill, Math.random() * HOLD_MS * 0.8))
    })
    if (mode === "uniform") timers.push(setTimeout(kill, Math.random() * T))
    // The journal's directory exists from the second run on (.splice is kept across runs).
    const watcher = fs.existsSync(txRoot) && (mode === "window" || mode === "none")
      ? fs.watch(txRoot, (_event, name) => {
        if (txAt !== undefined || name === null || known.has(name)) return
        txAt = Date.now() - t
        if (mode === "window") timers.push(setTimeout(kill, Math.random() * W))
      })
      : undefined
    child.on("exit", (code, signal) => {
      for (const timer of timers) clearTimeout(timer)
      watcher?.close()
      resolve({ code, signal, ms: Date.now() - t, txAt, stdout, stderr })
    })
  })

// T: one whole apply, uninterrupted; W: from its journal entry's creation to its exit. The last
// run's tree is the all-after state.
let T = 0
let W = 0
const CALIBRATION = 4
for (let i = 0; i < CALIBRATION; i++) {
  reset()
  const r = await applyAndKill("none")
  if (r.code !== 0) throw new Error(`apply failed: ${r.stdout}${r.stderr}`)
  if (i === 0) continue // creates .splice; not timed
  if (r.txAt === undefined) throw new Error("the apply's journal entry was not seen")
  T += r.ms / (CALIBRATION - 1)
  W += (r.ms - r.txAt) / (CALIBRATION - 1)
}
AFTER = snapshot()
{
  const after = AFTER.files
  const ok = after.size === 4 && !after.has("src/Micro.js") && !after.has("src/Option.js") &&
    after.get("src/gen/extra/Graph.js") === ADDED && after.get("src/Stream.js").split("\r\n").length === BEFORE_FILES["src/Stream.js"].split("\r\n").length &&
    after.get("src/Array.js").split("changed by the crash bench").length === 3 && AFTER.dirs.has("src/gen/extra")
  if (!ok) throw new Error(`the uninterrupted apply did not produce the expected tree: ${[...after.keys()]} ${[...AFTER.dirs]}`)
}

// ---------------------------------------------------------------- the runs
const MODES = ["uniform", "window", "uniform", "hold"] // per run, in turn
const tally = {
  killed: 0,
  finished_before_kill: 0,
  left_all_before: 0,
  left_all_after: 0,
  left_mixed: 0,
  rolled_back: 0,
  all_before: 0,
  all_after: 0,
  MIXED: 0,
  temp_files: 0,
  leftover_dirs: 0,
  strays: 0,
  recover_failed: 0,
  implicit_missed: 0,
  quarantined: 0
}
const byMode = Object.fromEntries(MODES.map((m) => [m, { runs: 0, rolled_back: 0, left_mixed: 0 }]))
const problems = []
const started = Date.now()
for (let i = 0; i < RUNS; i++) {
  reset()
  const mode = MODES[i % MODES.length]
  byMode[mode].runs++
  const r = await applyAndKill(mode)
  if (r.signal === "SIGKILL") tally.killed++
  else tally.finished_before_kill++
  const left = classify().state
  tally[`left_${left}`]++
  if (left === "mixed") byMode[mode].left_mixed++

  const implicit = i % 2 === 1
  let rolledBack = 0
  let rec
  if (implicit) {
    // The next write command recovers on its own; `splice recover` then must find nothing pending.
    const w = splice(["write", "--file", PROBE, "--content", `run ${i}\n`])
    if (w.status !== 0) problems.push(`run ${i}: splice write exited ${w.status}: ${w.stdout}${w.stderr}`)
    if (/rolled back interrupted transaction/.test(w.stderr)) rolledBack = 1
    rec = splice(["recover"])
    const last = lastLine(rec.stdout)
    if (rec.status !== 0 || last.rolled_back !== 0) {
      tally.implicit_missed++
      problems.push(`run ${i}: after the implicit recovery, recover still found: ${rec.stdout}`)
    }
  } else {
    rec = splice(["recover"])
    rolledBack = lastLine(rec.stdout).rolled_back ?? 0
  }
  tally.rolled_back += rolledBack
  byMode[mode].rolled_back += rolledBack
  if (rec.status !== 0) {
    tally.recover_failed++
    problems.push(`run ${i}: recover exited ${rec.status}: ${rec.stdout}${rec.stderr}`)
  }
  tally.quarantined += lastLine(rec.stdout).quarantined ?? 0

  const c = classify()
  tally[c.state === "mixed" ? "MIXED" : c.state]++
  if (c.state === "mixed") problems.push(`run ${i}: mixed tree after recovery (${mode} kill)`)
  if (c.temps.length > 0) {
    tally.temp_files++
    problems.push(`run ${i}: temp files left: ${c.temps.join(", ")}`)
  }
  if (c.leftoverDirs.length > 0) {
    tally.leftover_dirs++
    problems.push(`run ${i}: rolled back, but created directories left: ${c.leftoverDirs.join(", ")}`)
  }
  if (c.strays.length > 0) {
    tally.strays++
    problems.push(`run ${i}: unexpected entries: ${c.strays.join(", ")}`)
  }
}
const seconds = Math.round((Date.now() - started) / 1000)

// The journal itself after the last recovery. A begin killed before its owner record was written
// cannot be told from one just starting, so it is kept for 10 minutes by design (counted, not a
// failure); every other entry must be finished (intent present, nothing pending), and no temp file
// may stay in an entry that has its intent.
const journalLeft = { temp_files: 0, ownerless_begins: 0, unfinished: 0, pending: 0 }
{
  const txRoot = path.join(ws, ".splice", "tx")
  for (const id of fs.readdirSync(txRoot)) {
    const dir = path.join(txRoot, id)
    if (!fs.lstatSync(dir).isDirectory()) {
      // A transaction file (the journal's layout since session 9): its state is its name. A pending
      // one is counted below (history); a begin's file without a whole intent is read here.
      if (id.startsWith(".") && id.endsWith(".tmp")) {
        journalLeft.temp_files++
        problems.push(`journal: temp file left in .splice/tx: ${id}`)
      } else if (/\.(tx|spare)$/.test(id)) {
        const text = fs.readFileSync(dir, "latin1")
        const owner = /^splice-tx 1\nowner (\d+)\n/.exec(text)
        if (!/\nintent \d+ /.test(text)) {
          if (owner === null || text.length < owner[0].length + Number(owner[1]) + 1) {
            journalLeft.ownerless_begins++
            console.error(`note: begin killed before its owner record: ${id} (${text.length} bytes)`)
          } else {
            journalLeft.unfinished++
            problems.push(`journal: begin without intent whose owner is gone, not swept: ${id}`)
          }
        }
      }
      continue
    }
    const names = fs.readdirSync(dir)
    const temps = names.filter((n) => n.endsWith(".tmp"))
    if (names.includes("intent.json")) {
      journalLeft.temp_files += temps.length
      for (const t of temps) problems.push(`journal: temp file left in a finished entry: ${id}/${t}`)
    } else if (!names.includes("owner.json")) {
      journalLeft.ownerless_begins++
      console.error(`note: begin killed before its owner record: ${id}: ${names.join(", ") || "(empty)"}`)
    }
    else {
      journalLeft.unfinished++
      problems.push(`journal: entry without intent whose owner is gone, not swept: ${id}: ${names.join(", ")}`)
    }
  }
  const h = lastLine(splice(["history", "--limit", "1"]).stdout)
  journalLeft.pending = h.pending ?? -1
}

// ---------------------------------------------------------------- report
const kb = (s) => Math.round(Buffer.byteLength(s) / 1024)
const total = Object.values(BEFORE_FILES).reduce((n, s) => n + kb(s), 0) + kb(ADDED)
const row = (label, n, must) => `| ${label} | ${n} |${must === undefined ? "" : ` ${must}`}`
console.log(`splice apply crash bench: ${RUNS} runs under ${opts.runtime}, ${seconds} s; one uninterrupted apply takes ${Math.round(T)} ms`)
console.log(`change set: Codex patch, 5 files (${total} KB): 2 updates (one CRLF, 3 hunks), 1 add in 2 new directories, 1 delete, 1 move+change`)
console.log(`kills (runs / transactions rolled back / trees the kill left mixed): ${byMode.uniform.runs} / ${byMode.uniform.rolled_back} / ${byMode.uniform.left_mixed} after a random 0–${Math.round(T)} ms; ` +
  `${byMode.window.runs} / ${byMode.window.rolled_back} / ${byMode.window.left_mixed} at a random 0–${Math.round(W)} ms after the journal entry appears; ` +
  `${byMode.hold.runs} / ${byMode.hold.rolled_back} / ${byMode.hold.left_mixed} during a ${HOLD_MS} ms hold between the last write and the commit mark`)
console.log(`recovery: ${Math.ceil(RUNS / 2)} by \`splice recover\`, ${Math.floor(RUNS / 2)} by the next \`splice write\` (then \`splice recover\` must find nothing)`)
console.log("")
console.log("| what | runs | must be |")
console.log("|---|---:|---|")
console.log(row("killed (the rest finished before the kill)", tally.killed, ""))
console.log(row("left by the kill: all-before / all-after / mixed", `${tally.left_all_before} / ${tally.left_all_after} / ${tally.left_mixed}`, ""))
console.log(row("transactions rolled back by recovery", tally.rolled_back, ""))
console.log(row("after recovery: all-before", tally.all_before, ""))
console.log(row("after recovery: all-after", tally.all_after, ""))
console.log(row("after recovery: **MIXED**", tally.MIXED, "0"))
console.log(row("temp files `.<name>.splice-*.tmp` left", tally.temp_files, "0"))
console.log(row("created directories left after a rollback", tally.leftover_dirs, "0"))
console.log(row("other stray entries", tally.strays, "0"))
console.log(row("recover failed / implicit recovery missed", `${tally.recover_failed} / ${tally.implicit_missed}`, "0 / 0"))
console.log(row("journal entries quarantined", tally.quarantined, ""))
console.log(row("journal at the end: temp files in finished entries / entries without intent, owner gone / pending", `${journalLeft.temp_files} / ${journalLeft.unfinished} / ${journalLeft.pending}`, "0 / 0 / 0"))
console.log(row("journal at the end: begins killed before their owner record (kept 10 min by design)", journalLeft.ownerless_begins, ""))
console.log("")
console.log(JSON.stringify({ runtime: opts.runtime, runs: RUNS, apply_ms: Math.round(T), window_ms: Math.round(W), seconds, ...tally, by_mode: byMode, journal_left: journalLeft }))
for (const p of problems.slice(0, 20)) console.error(p)
const bad = tally.MIXED + tally.temp_files + tally.leftover_dirs + tally.strays + tally.recover_failed + tally.implicit_missed +
  journalLeft.temp_files + journalLeft.unfinished + Math.abs(journalLeft.pending)
process.exit(bad === 0 ? 0 : 1)
