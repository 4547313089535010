// Patch formats: how often `splice apply` lands the change sets that commonly fail for agents, and
// whether it ever writes a wrong or partial result, against a plain exact replace.
//
// The corpus is bench/formats/<case>/ (built by bench/formats/make.mjs from real npm and Python
// stdlib files): before/ (the files), change.<ext> (the change set as a model wrote it), after/ (the
// intended result) and case.json ({kind, format, expect: "apply"|"refuse", why}).
//
// Each case runs twice, each time on a fresh copy of before/ in a temp dir:
// - splice: `node dist/splice.mjs apply <change> --validate none --output json` from that dir;
// - baseline "plain exact replace": the same change set, parsed by splice's own front ends (bundled
//   from src/domain/formats with esbuild, so both read the input alike), applied the way a plain
//   tool does: each hunk/block/edit replaces its old lines (joined with "\n") when they occur exactly
//   once, else fails; each file is written as soon as its hunks are done, so a failure midway leaves
//   the earlier files written.
// Outcomes: success (exit 0, tree = after/ byte for byte), refused (expect=refuse, non-zero exit,
// tree = before/), failed (expect=apply, non-zero exit, tree = before/: a safe miss), WRONG (exit 0
// with a tree other than after/, or expect=refuse and exit 0), PARTIAL (non-zero exit with a tree
// other than before/).
//
// Usage: node bench/formats.mjs [--verbose] [--json] [--case NAME]
// Exits 1 when splice made any wrong edit or partial write.
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { build } from "esbuild"

const repo = resolve(dirname(new URL(import.meta.url).pathname), "..")
const corpus = join(repo, "bench", "formats")
const dist = join(repo, "dist")
const args = process.argv.slice(2)
const verbose = args.includes("--verbose")
const asJson = args.includes("--json")
const onlyCase = args.includes("--case") ? args[args.indexOf("--case") + 1] : undefined

if (!existsSync(join(dist, "splice.mjs"))) {
  console.error("dist/splice.mjs is missing: building it (node scripts/build.mjs)")
  const b = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: repo, stdio: "inherit" })
  if (b.status !== 0) process.exit(2)
}

const work = mkdtempSync(join(tmpdir(), "splice-formats-"))
process.on("exit", () => rmSync(work, { recursive: true, force: true }))

// A copy of the build, so that a rebuild of dist/ by other work during the run cannot pull it away.
const cli = join(work, "dist", "splice.mjs")
for (let attempt = 0; !["splice.mjs", "splice.cjs", "splice-esm.mjs"].every((f) => existsSync(join(work, "dist", f))); attempt++) {
  if (attempt === 30) throw new Error("dist/ stayed incomplete (a rebuild in progress?): run `node scripts/build.mjs`")
  if (attempt > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000)
  rmSync(join(work, "dist"), { recursive: true, force: true })
  cpSync(dist, join(work, "dist"), { recursive: true })
}

// splice's own parsers, so the baseline reads each change set exactly as splice does.
const parserFile = join(work, "formats.mjs")
await build({ entryPoints: [join(repo, "src/domain/formats/index.ts")], bundle: true, platform: "node", format: "esm", outfile: parserFile, logLevel: "warning" })
const { parseChangeSet } = await import(pathToFileURL(parserFile).href)

// ---- trees --------------------------------------------------------------------------------------

/** Every file under `dir` (relative path → bytes), without splice's own .splice/ directory. */
const readTree = (dir, base = dir, out = new Map()) => {
  if (!existsSync(dir)) return out
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (dir === base && e.name === ".splice") continue
    if (e.isDirectory()) readTree(p, base, out)
    else out.set(p.slice(base.length + 1), readFileSync(p))
  }
  return out
}
const sameTree = (a, b) => a.size === b.size && [...a].every(([k, v]) => b.has(k) && Buffer.compare(v, b.get(k)) === 0)

const classify = (expect, exitOk, tree, before, after) => {
  if (exitOk) return expect === "apply" && sameTree(tree, after) ? "success" : "wrong"
  if (!sameTree(tree, before)) return "partial"
  return expect === "refuse" ? "refused" : "failed"
}

// ---- splice ---------------------------------------------------------------------------------------

const runSplice = (dir, changeFile) => {
  const env = { ...process.env }
  for (const k of ["SPLICE_WORKSPACE", "SPLICE_TRUST", "SPLICE_CONFIG"]) delete env[k]
  const r = spawnSync(process.execPath, [cli, "apply", changeFile, "--validate", "none", "--output", "json"], { cwd: dir, env, encoding: "utf8", timeout: 120_000 })
  const lines = (r.stdout ?? "").trim().split("\n").filter(Boolean)
  let last = {}
  try {
    last = JSON.parse(lines[lines.length - 1] ?? "{}")
  } catch {
    last = { unparsed: lines[lines.length - 1] }
  }
  const tiers = last.type === "result" ? (last.files ?? []).flatMap((f) => (f.hunks ?? []).map((h) => h.matched_with)) : []
  const detail = last.type === "error" ? `${last.code} ${String(last.message ?? "").slice(0, 90)}` : last.type === "result" ? `${tiers.join(",") || "no hunks"}` : `exit ${r.status} ${(r.stderr ?? "").slice(0, 90)}`
  return { ok: r.status === 0, exit: r.status, detail }
}

// ---- baseline: plain exact replace ---------------------------------------------------------------

class Fail extends Error {}

/** Replace `old` by `neu` in `text` when it occurs exactly once. */
const replaceOnce = (text, old, neu, what) => {
  if (old.length === 0) throw new Fail(`${what}: nothing to search for`)
  const at = text.indexOf(old)
  if (at === -1) throw new Fail(`${what}: old text not found`)
  if (text.indexOf(old, at + 1) !== -1) throw new Fail(`${what}: old text occurs more than once`)
  return text.slice(0, at) + neu + text.slice(at + old.length)
}

const baselineApply = (dir, changeText) => {
  const parsed = parseChangeSet(changeText, "auto")
  if (!parsed.ok) return { ok: false, detail: `parse: line ${parsed.failure.line}: expected ${parsed.failure.expected}` }
  const path = (p) => join(dir, p)
  const read = (p, what) => {
    if (!existsSync(path(p))) throw new Fail(`${what}: ${p} does not exist`)
    return readFileSync(path(p), "utf8")
  }
  const write = (p, text) => {
    mkdirSync(dirname(path(p)), { recursive: true })
    writeFileSync(path(p), text)
  }
  try {
    parsed.changeSet.ops.forEach((op, i) => {
      const what = `op ${i + 1} (${op.kind})`
      switch (op.kind) {
        case "edit": {
          const text = read(op.file, what)
          if (op.replaceAll) {
            if (!text.includes(op.old)) throw new Fail(`${what}: old text not found`)
            return write(op.file, text.split(op.old).join(op.new))
          }
          return write(op.file, replaceOnce(text, op.old, op.new, what))
        }
        case "patch": {
          let text = read(op.file, what)
          op.hunks.forEach((h, k) => {
            // A hunk that only removes lines takes their line ends with them.
            text = h.new.length === 0 ? replaceOnce(text, h.old.join("\n") + "\n", "", `${what} hunk ${k + 1}`) : replaceOnce(text, h.old.join("\n"), h.new.join("\n"), `${what} hunk ${k + 1}`)
          })
          write(op.moveTo ?? op.file, text)
          if (op.moveTo !== undefined && op.moveTo !== op.file) unlinkSync(path(op.file))
          return
        }
        case "write":
          return write(op.file, op.content)
        case "create":
          if (existsSync(path(op.file))) {
            if (op.appendIfExists !== true) throw new Fail(`${what}: ${op.file} exists`)
            return write(op.file, read(op.file, what) + op.content)
          }
          return write(op.file, op.content)
        case "delete":
          read(op.file, what)
          return unlinkSync(path(op.file))
        case "move":
          read(op.from, what)
          if (existsSync(path(op.to))) throw new Fail(`${what}: ${op.to} exists`)
          mkdirSync(dirname(path(op.to)), { recursive: true })
          return renameSync(path(op.from), path(op.to))
        case "insert": {
          const text = read(op.file, what)
          const at = op.at
          if ("after" in at) return write(op.file, replaceOnce(text, at.after, at.after + "\n" + op.content.replace(/\n$/, ""), what))
          if ("before" in at) return write(op.file, replaceOnce(text, at.before, op.content.replace(/\n$/, "") + "\n" + at.before, what))
          const lines = text.split("\n")
          const index = "afterLine" in at ? at.afterLine : at.beforeLine - 1
          lines.splice(index, 0, ...op.content.replace(/\n$/, "").split("\n"))
          return write(op.file, lines.join("\n"))
        }
        case "delete_lines": {
          const lines = read(op.file, what).split("\n")
          lines.splice(op.from - 1, op.to - op.from + 1)
          return write(op.file, lines.join("\n"))
        }
        default:
          throw new Fail(`${what}: unknown op`)
      }
    })
    return { ok: true, detail: "applied" }
  } catch (e) {
    if (e instanceof Fail) return { ok: false, detail: e.message }
    throw e
  }
}

// ---- run -------------------------------------------------------------------------------------------

const caseNames = readdirSync(corpus, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(corpus, e.name, "case.json")))
  .map((e) => e.name)
  .filter((n) => onlyCase === undefined || n === onlyCase)
  .sort()

const results = []
for (const name of caseNames) {
  const dir = join(corpus, name)
  const meta = JSON.parse(readFileSync(join(dir, "case.json"), "utf8"))
  const changeName = readdirSync(dir).find((f) => f.startsWith("change."))
  const changeFile = join(dir, changeName)
  const before = readTree(join(dir, "before"))
  const after = readTree(join(dir, "after"))
  const fresh = (label) => {
    const tree = join(work, name, label)
    mkdirSync(tree, { recursive: true })
    cpSync(join(dir, "before"), tree, { recursive: true })
    return tree
  }

  const spliceTree = fresh("splice")
  const s = runSplice(spliceTree, changeFile)
  const baseTree = fresh("baseline")
  const b = baselineApply(baseTree, readFileSync(changeFile, "utf8"))
  results.push({
    name,
    kind: meta.kind,
    format: meta.format,
    expect: meta.expect,
    splice: { outcome: classify(meta.expect, s.ok, readTree(spliceTree), before, after), exit: s.exit, detail: s.detail },
    baseline: { outcome: classify(meta.expect, b.ok, readTree(baseTree), before, after), detail: b.detail }
  })
  rmSync(join(work, name), { recursive: true, force: true })
}

// ---- report ------------------------------------------------------------------------------------------

const OUTCOMES = ["success", "refused", "failed", "wrong", "partial"]
const count = (rows, who) => Object.fromEntries(OUTCOMES.map((o) => [o, rows.filter((r) => r[who].outcome === o).length]))
const groups = (key) => [...new Set(results.map((r) => r[key]))].map((g) => [g, results.filter((r) => r[key] === g)])

if (asJson) {
  console.log(JSON.stringify({ cases: results.length, splice: count(results, "splice"), baseline: count(results, "baseline"), results }, null, 2))
} else {
  const pct = (n, d) => (d === 0 ? "-" : `${Math.round((100 * n) / d)}%`)
  const row = (label, rows) => {
    const s = count(rows, "splice")
    const b = count(rows, "baseline")
    return `| ${label} | ${rows.length} | ${s.success} | ${s.refused} | ${s.failed} | ${s.wrong} | ${s.partial} | ${pct(s.success + s.refused, rows.length)} | ${b.success} | ${b.refused} | ${b.failed} | ${b.wrong} | ${b.partial} | ${pct(b.success + b.refused, rows.length)} |`
  }
  const header = [
    "| kind | cases | splice success | splice refused correctly | splice failed (nothing written) | splice WRONG | splice PARTIAL | splice right | baseline success | baseline refused correctly | baseline failed (nothing written) | baseline WRONG | baseline PARTIAL | baseline right |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  ]
  console.log([...header, ...groups("kind").map(([k, rows]) => row(k, rows)), row("**total**", results)].join("\n"))
  console.log("")
  console.log([...header.map((h, i) => (i === 0 ? h.replace("| kind |", "| format |") : h)), ...groups("format").map(([k, rows]) => row(k, rows))].join("\n"))
  const s = count(results, "splice")
  const b = count(results, "baseline")
  console.log("")
  console.log(`total: ${results.length} cases (${results.filter((r) => r.expect === "apply").length} to apply, ${results.filter((r) => r.expect === "refuse").length} to refuse). ` +
    `splice: ${s.success + s.refused} right (${s.success} applied, ${s.refused} refused), ${s.failed} failed safely, ${s.wrong} wrong edits, ${s.partial} partial writes. ` +
    `plain exact replace: ${b.success + b.refused} right (${b.success} applied, ${b.refused} refused), ${b.failed} failed safely, ${b.wrong} wrong edits, ${b.partial} partial writes.`)
  for (const r of results) {
    if (!verbose && (r.splice.outcome === "success" || r.splice.outcome === "refused")) continue
    console.log(`  ${r.name}: splice ${r.splice.outcome} (${r.splice.detail}); baseline ${r.baseline.outcome} (${r.baseline.detail})`)
  }
}
const bad = results.filter((r) => r.splice.outcome === "wrong" || r.splice.outcome === "partial")
process.exit(bad.length > 0 ? 1 : 0)
