// Batches of edits (`splice edit --edits`) on a real 9 MB file, before and after the linear engine:
//   engine  — src/domain/batchEngine.ts (what `splice edit` runs now)
//   before  — `applyOne` edit after edit on the whole text (the previous algorithm, still the
//             definition of the semantics: src/domain/editStep.ts)
//   cli     — the built CLI end to end (`splice edit --edits FILE --validate none`), Node
// Each measurement runs in a fresh process; time is wall clock, memory is the process's peak RSS.
// Edits: OLD = "\n" + a line that occurs once and starts no other line, NEW = OLD + " /*e*/",
// spread evenly over the file. `before` stops after BEFORE_CAP_S seconds and reports its rate.
// Usage: npm run build && node bench/batch.mjs [file] [counts]
//        (default file node_modules/typescript-parser/lib/typescript.js, counts 1000,8000,100000)
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "..")
const BEFORE_CAP_S = 60

/** The engine and the one-step definition, bundled from the sources. */
const bundleDomain = (dir) => {
  const out = join(dir, "domain.mjs")
  const entry = join(dir, "entry.ts")
  writeFileSync(entry, `export { applyEdits } from ${JSON.stringify(join(ROOT, "src/domain/applyEdits.ts"))}\nexport { applyOne } from ${JSON.stringify(join(ROOT, "src/domain/editStep.ts"))}\n`)
  const r = spawnSync(join(ROOT, "node_modules/.bin/esbuild"), [entry, "--bundle", "--format=esm", "--platform=node", `--outfile=${out}`], { encoding: "utf8" })
  if (r.status !== 0) throw new Error(r.stderr)
  return out
}

const makeEdits = (text, count) => {
  const lines = text.split("\n")
  const seen = new Map()
  for (const l of lines) seen.set(l, (seen.get(l) ?? 0) + 1)
  const sorted = [...seen.keys()].sort()
  const prefixOfAnother = new Set()
  for (let i = 0; i + 1 < sorted.length; i++) if (sorted[i + 1].startsWith(sorted[i])) prefixOfAnother.add(sorted[i])
  const usable = lines.filter((l, i) => i > 0 && l.length >= 8 && seen.get(l) === 1 && !prefixOfAnother.has(l))
  if (usable.length < count) throw new Error(`only ${usable.length} usable lines for ${count} edits`)
  const step = usable.length / count
  return Array.from({ length: count }, (_, k) => {
    const l = usable[Math.floor(k * step)]
    return { old: `\n${l}`, new: `\n${l} /*e*/` }
  })
}

// One measurement in this (fresh) process: node bench/batch.mjs --one <engine|before> <domain.mjs> <file> <edits.json>
if (process.argv[2] === "--one") {
  const [, , , mode, domain, file, editsFile] = process.argv
  const { applyEdits, applyOne } = await import(domain)
  const text = readFileSync(file, "utf8")
  const edits = JSON.parse(readFileSync(editsFile, "utf8"))
  const t = performance.now()
  let done = 0
  let ok = true
  if (mode === "engine") {
    const r = applyEdits(text, "lf", edits)
    ok = r.ok
    done = r.ok ? r.outcomes.length : 0
  } else {
    let current = text
    for (const [i, e] of edits.entries()) {
      const r = applyOne(current, e, i, "lf")
      if ("kind" in r) {
        ok = false
        break
      }
      current = r.text
      done++
      if (performance.now() - t > BEFORE_CAP_S * 1000) break
    }
  }
  const ms = performance.now() - t
  console.log(JSON.stringify({ ok, done, ms, rssMb: process.resourceUsage().maxRSS / 1024 }))
  process.exit(0)
}

const file = resolve(process.argv[2] || join(ROOT, "node_modules/typescript-parser/lib/typescript.js"))
const counts = (process.argv[3] ?? "1000,8000,100000").split(",").map(Number)
const dir = mkdtempSync(join(tmpdir(), "splice-batch-bench-"))
const domain = bundleDomain(dir)
const text = readFileSync(file, "utf8")
const bundle = join(ROOT, "dist", "splice.mjs")
const timeBin = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined

const one = (mode, editsFile) => {
  const r = spawnSync(process.execPath, ["--max-old-space-size=8192", import.meta.filename, "--one", mode, domain, file, editsFile], { encoding: "utf8" })
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout)
}

const cli = (count, editsFile) => {
  if (!existsSync(bundle) || timeBin === undefined) return undefined
  const ws = mkdtempSync(join(dir, `cli-${count}-`))
  writeFileSync(join(ws, "big.js"), text)
  const args = ["-f", "%e %M", process.execPath, bundle, "edit", "--workspace", ws, "--file", "big.js", "--edits", editsFile, "--validate", "none", "--max-bytes", String(64 << 20)]
  const r = spawnSync(timeBin, args, { encoding: "utf8", maxBuffer: 1 << 30 })
  const [seconds, kb] = r.stderr.trim().split("\n").pop().split(" ").map(Number)
  const last = JSON.parse(r.stdout.trim().split("\n").pop())
  return { ok: last.ok === true, exit: r.status, s: seconds, rssMb: kb / 1024 }
}

console.log(`file: ${file} (${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB, ${text.split("\n").length} lines); Node ${process.version}\n`)
console.log("| edits | engine | engine peak RSS | before (applyOne each) | before peak RSS | CLI end to end | CLI peak RSS |")
console.log("|---:|---:|---:|---:|---:|---:|---:|")
for (const count of counts) {
  const editsFile = join(dir, `edits-${count}.json`)
  writeFileSync(editsFile, JSON.stringify(makeEdits(text, count)))
  const engine = one("engine", editsFile)
  const before = one("before", editsFile)
  const c = cli(count, editsFile)
  const beforeText = before.done === count
    ? `${(before.ms / 1000).toFixed(2)} s`
    : `stopped after ${(before.ms / 1000).toFixed(0)} s at ${before.done} edits (≈ ${((before.ms / before.done) * count / 1000).toFixed(0)} s for all)`
  console.log(`| ${count} | ${(engine.ms / 1000).toFixed(2)} s${engine.ok ? "" : " (failed)"} | ${engine.rssMb.toFixed(0)} MB | ${beforeText} | ${before.rssMb.toFixed(0)} MB | ${c === undefined ? "n/a" : `${c.s.toFixed(2)} s${c.ok ? "" : ` (exit ${c.exit})`}`} | ${c === undefined ? "n/a" : `${c.rssMb.toFixed(0)} MB`} |`)
}
