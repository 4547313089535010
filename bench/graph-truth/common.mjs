// Shared by the graph-truth oracles: fetching real code, a seeded sample, a splice workspace indexed
// by the built CLI, queries through `splice mcp`, and the comparison with an oracle's answer.
import { execFileSync, spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

export const ROOT = resolve(import.meta.dirname, "..", "..")
export const WORK = join(ROOT, "bench", ".work")
/** The built CLI; SPLICE_BENCH_BUNDLE names another build (an old one, to compare in turns). */
export const BUNDLE = process.env.SPLICE_BENCH_BUNDLE ?? join(ROOT, "dist", "splice.mjs")
export const DEFAULT_SEED = 11
export const DEFAULT_SAMPLE = 66
mkdirSync(WORK, { recursive: true })
export const env = { ...process.env, SPLICE_CACHE_DIR: join(WORK, "cache"), NO_COLOR: "1" }

/** `--sample N`, `--seed S` and any `--name value` flags, with defaults. */
export const parseArgs = (argv, defaults = {}) => {
  const out = { sample: DEFAULT_SAMPLE, seed: DEFAULT_SEED, ...defaults }
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([\w-]+)$/.exec(argv[i])
    if (m === null) continue
    const v = argv[i + 1]
    out[m[1]] = typeof out[m[1]] === "number" ? Number(v) : v
    i++
  }
  return out
}

/** An npm package's tarball unpacked under bench/.work (fetched once with `npm pack`). */
export const npmPackage = (name, version) => {
  const dir = join(WORK, `${name}-${version}`)
  if (existsSync(join(dir, "package.json"))) return dir
  const tgz = join(WORK, `${name}-${version}.tgz`)
  if (!existsSync(tgz)) execFileSync("npm", ["pack", `${name}@${version}`, "--silent", "--pack-destination", WORK], { stdio: ["ignore", "ignore", "inherit"] })
  mkdirSync(dir, { recursive: true })
  execFileSync("tar", ["xzf", tgz, "-C", dir, "--strip-components=1"])
  return dir
}

export const listFiles = (dir, pattern) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort()

/** mulberry32: a small seeded generator, so a sample is the same on every machine. */
export const random = (seed) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const shuffle = (xs, rand) => {
  const a = [...xs]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

/** n definitions drawn round-robin over their kinds (each kind shuffled), so every kind is represented. */
export const sampleByKind = (defs, n, seed) => {
  const rand = random(seed)
  const byKind = new Map()
  for (const d of defs) byKind.set(d.kind, [...(byKind.get(d.kind) ?? []), d])
  const queues = [...byKind.keys()].sort().map((k) => shuffle(byKind.get(k), rand))
  const out = []
  while (out.length < n && queues.some((q) => q.length > 0)) {
    for (const q of queues) if (q.length > 0 && out.length < n) out.push(q.shift())
  }
  return out
}

/** A fresh git workspace holding `files` (paths relative to `from`), placed under `prefix`. */
export const workspace = (from, files, prefix = "") => {
  const ws = mkdtempSync(join(tmpdir(), "splice-graph-truth-"))
  for (const f of files) {
    mkdirSync(dirname(join(ws, prefix, f)), { recursive: true })
    cpSync(join(from, f), join(ws, prefix, f))
  }
  execFileSync("git", ["init", "-q"], { cwd: ws })
  return ws
}

export const removeWorkspace = (ws) => rmSync(ws, { recursive: true, force: true })

/** Runs the built CLI once; wall time, the result line, peak RSS and CPU time (user + sys; GNU time when present). */
export const splice = (ws, args) => {
  const gnuTime = existsSync("/usr/bin/time")
  const argv = [BUNDLE, ...args, "--workspace", ws]
  const t = performance.now()
  const r = gnuTime
    ? spawnSync("/usr/bin/time", ["-f", "peak-rss-kb %M cpu-s %U %S", process.execPath, ...argv], { cwd: ws, env, encoding: "utf8", maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, argv, { cwd: ws, env, encoding: "utf8", maxBuffer: 1 << 28 })
  const ms = performance.now() - t
  const last = r.stdout.trim().split("\n").pop()
  const result = last?.startsWith("{") ? JSON.parse(last) : undefined
  if (r.status !== 0) throw new Error(`splice ${args.join(" ")} failed (${r.status}): ${r.stdout.slice(-400)} ${r.stderr.slice(-400)}`)
  const rss = /peak-rss-kb (\d+)/.exec(r.stderr)
  const cpu = /cpu-s ([\d.]+) ([\d.]+)/.exec(r.stderr)
  return { ms, result, peakRssMb: rss ? Number(rss[1]) / 1024 : undefined, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined }
}

/** `splice mcp` on the workspace, through the SDK client: one process for every query. */
export const spliceServer = async (ws, bundle = BUNDLE) => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bundle, "mcp", "--workspace", ws], cwd: ws, env, stderr: "ignore" })
  const client = new Client({ name: "splice-graph-truth", version: "1" })
  await client.connect(transport)
  const call = async (name, args) => {
    const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 })
    return { ok: !r.isError, value: r.structuredContent }
  }
  return {
    /** Every symbol of that name (find's events). */
    find: async (name) => {
      const r = await call("find", { name, limit: 100000 })
      return r.ok ? (r.value.events ?? []).filter((e) => e.type === "symbol") : []
    },
    refs: (name, file, kind) => call("refs", { name, file, kind }),
    call,
    /** The server's CPU time so far (user + sys, ms; Linux's /proc), undefined elsewhere. */
    cpuMs: () => {
      try {
        const f = readFileSync(`/proc/${transport.pid}/stat`, "utf8").split(") ")[1].split(" ")
        return ((Number(f[11]) + Number(f[12])) * 1000) / 100
      } catch {
        return undefined
      }
    },
    close: () => client.close()
  }
}

/** 1-based UTF-8 byte column of a 0-based character (UTF-16 unit or code point) offset in a line. */
export const byteColumn = (lineText, charOffset) => Buffer.byteLength(lineText.slice(0, charOffset), "utf8") + 1

/** Source lines of workspace files, read once. */
export const sourceLines = (ws) => {
  const cache = new Map()
  return (file) => {
    if (!cache.has(file)) cache.set(file, existsSync(join(ws, file)) ? readFileSync(join(ws, file), "utf8").split(/\r?\n/) : [])
    return cache.get(file)
  }
}

const key = (r) => `${r.file}:${r.line}:${r.col}`

/**
 * One sampled symbol: the oracle's definition, its references and other declarations (neutral: a
 * reference splice reports at a declaration is neither right nor wrong), asked of splice.
 * A splice reference on the same line a little before an oracle one (`ns.name` spanning from `ns`) counts
 * as that one when only a qualifier (`a.b.`) lies between them.
 */
export const querySymbol = async (server, lines, def) => {
  const found = (await server.find(def.name)).filter((s) => s.file === def.file && s.name === def.name &&
    s.span.start_line <= def.line && def.line <= s.span.end_line)
  found.sort((a, b) => (a.span.end_byte - a.span.start_byte) - (b.span.end_byte - b.span.start_byte))
  const symbol = found[0]
  const outcome = { def, symbol, status: symbol === undefined ? "definition missing" : "ok", right: [], wrong: [], neutral: [], missed: [] }
  let reported = []
  if (symbol !== undefined) {
    const r = await server.refs(symbol.qualified_name, symbol.file, symbol.kind)
    if (!r.ok) outcome.status = r.value?.code === "SPL-E002" ? "refs ambiguous (SPL-E002)" : `refs failed (${r.value?.code})`
    else reported = [...r.value.references, ...(r.value.by_name ?? [])]
  }
  const oracle = new Map(def.refs.map((r) => [key(r), r]))
  const declarations = new Set((def.declarations ?? []).map(key))
  const matched = new Set()
  const unmatched = []
  for (const r of reported) {
    const k = key(r)
    if (oracle.has(k) && !matched.has(k)) {
      matched.add(k)
      outcome.right.push(r)
    } else if (declarations.has(k)) outcome.neutral.push(r)
    else unmatched.push(r)
  }
  for (const r of unmatched) {
    const text = lines(r.file)[r.line - 1] ?? ""
    const near = def.refs.find((o) => o.file === r.file && o.line === r.line && o.col > r.col && !matched.has(key(o)) &&
      /^[\w$.?!\s]*$/.test(Buffer.from(text).subarray(r.col - 1, o.col - 1).toString()))
    if (near !== undefined) {
      matched.add(key(near))
      outcome.right.push(r)
    } else outcome.wrong.push(r)
  }
  outcome.missed = def.refs.filter((o) => !matched.has(key(o)))
  return outcome
}

const ratio = (a, b) => (b === 0 ? NaN : a / b)
const fmt = (x) => (Number.isNaN(x) ? "n/a" : x.toFixed(2))

/** Figures over all sampled symbols: micro-averaged precision and recall, split by resolution and kind. */
export const summarize = (outcomes) => {
  const sum = (f) => outcomes.reduce((n, o) => n + f(o), 0)
  const by = (res) => (list) => list.filter((r) => (r.resolution === "exact") === (res === "exact")).length
  const right = sum((o) => o.right.length), wrong = sum((o) => o.wrong.length)
  const oracleRefs = sum((o) => o.def.refs.length)
  const kinds = [...new Set(outcomes.map((o) => o.def.kind))].sort()
  return {
    symbols: outcomes.length,
    definitionsFound: outcomes.filter((o) => o.symbol !== undefined).length,
    ambiguous: outcomes.filter((o) => o.status.startsWith("refs ambiguous")).length,
    oracleRefs,
    reported: right + wrong,
    // What `refs` calls a reference (resolution exact); its by-name guesses are listed apart.
    precision: ratio(sum((o) => by("exact")(o.right)), sum((o) => by("exact")(o.right)) + sum((o) => by("exact")(o.wrong))),
    recall: ratio(sum((o) => by("exact")(o.right)), oracleRefs),
    withGuesses: { precision: ratio(right, right + wrong), recall: ratio(right, oracleRefs) },
    exact: { right: sum((o) => by("exact")(o.right)), wrong: sum((o) => by("exact")(o.wrong)) },
    byName: { right: sum((o) => by("name")(o.right)), wrong: sum((o) => by("name")(o.wrong)) },
    perKind: kinds.map((k) => {
      const os = outcomes.filter((o) => o.def.kind === k)
      const r = os.reduce((n, o) => n + o.right.length, 0), w = os.reduce((n, o) => n + o.wrong.length, 0)
      const t = os.reduce((n, o) => n + o.def.refs.length, 0)
      return { kind: k, symbols: os.length, found: os.filter((o) => o.symbol !== undefined).length, precision: ratio(r, r + w), recall: ratio(r, t), refs: t }
    })
  }
}

/** A readable report: the figures, per kind, and samples of definitions missed, references missed and wrong. */
export const report = (label, outcomes, lines, classify, examples = 6) => {
  const s = summarize(outcomes)
  const out = []
  out.push(`\n## ${label}`)
  out.push(`definitions found ${s.definitionsFound}/${s.symbols}; refs ambiguous (SPL-E002) for ${s.ambiguous}; ` +
    `oracle references ${s.oracleRefs}, splice reported ${s.reported}`)
  out.push(`reference precision ${fmt(s.precision)} (exact ${s.exact.right}/${s.exact.right + s.exact.wrong}), recall ${fmt(s.recall)}; ` +
    `by-name guesses listed apart: ${s.byName.right} right, ${s.byName.wrong} wrong (with them: precision ${fmt(s.withGuesses.precision)}, recall ${fmt(s.withGuesses.recall)})`)
  out.push("per kind: " + s.perKind.map((k) => `${k.kind} ${k.found}/${k.symbols} defs, P ${fmt(k.precision)} R ${fmt(k.recall)} (${k.refs} refs)`).join("; "))
  const missingDefs = outcomes.filter((o) => o.symbol === undefined)
  if (missingDefs.length > 0) {
    out.push(`definitions missing (${missingDefs.length}):`)
    for (const o of missingDefs.slice(0, examples)) out.push(`  ${o.def.kind} ${o.def.name}  ${o.def.file}:${o.def.line}  ${(lines(o.def.file)[o.def.line - 1] ?? "").trim().slice(0, 100)}`)
  }
  for (const [title, pick] of [["missed references", (o) => o.missed], ["wrong references", (o) => o.wrong]]) {
    const all = outcomes.flatMap((o) => pick(o).map((r) => ({ o, r, cls: classify(r, lines(r.file)[r.line - 1] ?? "", o) })))
    const classes = new Map()
    for (const x of all) classes.set(x.cls, [...(classes.get(x.cls) ?? []), x])
    out.push(`${title} (${all.length}), by class:`)
    for (const [cls, xs] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
      out.push(`  ${xs.length.toString().padStart(5)}  ${cls}`)
      for (const { o, r } of xs.slice(0, 2)) out.push(`         ${o.def.name} (${o.def.kind}) ${r.file}:${r.line}:${r.col}  ${(lines(r.file)[r.line - 1] ?? "").trim().slice(0, 110)}`)
    }
  }
  return { summary: s, text: out.join("\n") }
}

export const fmtRatio = fmt

/**
 * The shape of a reference's site, for grouping misses: `this.name`, `x.name`, `Name<…>`, an
 * import/export line, a call or another read. Wrong references also say how splice resolved them.
 */
export const siteClass = (r, text, o) => {
  const before = Buffer.from(text).subarray(0, r.col - 1).toString()
  const after = Buffer.from(text).subarray(r.col - 1 + Buffer.byteLength(o.def.name)).toString()
  let shape
  if (/^\s*(import|export)\b.*\b(from|import)\b/.test(text) || /^\s*from\s+\S+\s+import\b/.test(text) || /^\s*import\s/.test(text)) shape = "import/export line"
  else if (/\bthis\.\s*$/.test(before) || /\bself\.\s*$/.test(before)) shape = "this./self. member"
  else if (/\bthis(\.\w+)+\.\s*$/.test(before) || /\bself(\.\w+)+\.\s*$/.test(before)) shape = "this.a./self.a. member"
  else if (/super\(\)\.\s*$/.test(before)) shape = "super()."
  else if (/[\w$\])]\.\s*$/.test(before)) shape = /^\s*</.test(after) ? "qualified generic x.Name<…>" : /^\s*\(/.test(after) ? "qualified call x.name(…)" : "qualified x.name"
  else if (/^\s*<[^=]/.test(after) && !/^\s*<\s*\d/.test(after)) shape = "generic Name<…>"
  else if (/^\s*\(/.test(after)) shape = "call name(…)"
  else if (/^\s*\.\s*[\w$]/.test(after)) shape = "as qualifier name.x"
  else if (/(:|\bas|\bextends|\bimplements|\bkeyof|\btypeof|\bsatisfies)\s*$/.test(before)) shape = "type position / annotation"
  else shape = "other read"
  const where = r.file === o.def.file ? "same file" : "other file"
  return r.resolution === undefined ? `${shape} (${where})` : `${r.resolution === "exact" ? "exact" : "by name"}: ${shape} (${where})`
}

/**
 * Definitions against universal-ctags: of ctags' tags of the given kinds, how many splice also has
 * (same name, same file, a symbol whose span holds the tag's line). undefined without ctags.
 */
export const ctagsCoverage = (ws, languages, kinds, confirmed = undefined) => {
  if (spawnSync("ctags", ["--version"], { stdio: "ignore" }).status !== 0) return undefined
  const tags = spawnSync("ctags", ["-R", "--output-format=json", "--fields=+nK", `--languages=${languages}`, "-f", "-", "."], { cwd: ws, encoding: "utf8", maxBuffer: 1 << 28 })
    .stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l))
    .filter((t) => t._type === "tag" && kinds.includes(t.kind) && !t.path.startsWith(".splice"))
    .map((t) => ({ ...t, path: t.path.replace(/^\.\//, "") }))
  // Where ctags misreads the language (TypeScript: locals, type parameters, `if (` as methods), only
  // tags the language's own parser confirms as declarations splice should hold are counted.
  const raw = tags.length
  if (confirmed !== undefined) tags.splice(0, tags.length, ...tags.filter((t) => confirmed.has(`${t.path}:${t.line}:${t.name}`)))
  const exported = spawnSync(process.execPath, [BUNDLE, "export", "--format", "jsonl", "--workspace", ws], { cwd: ws, env, encoding: "utf8", maxBuffer: 1 << 30 })
  const paths = new Map(), symbols = new Map()
  for (const line of exported.stdout.split("\n")) {
    if (line.startsWith('{"type":"file"')) {
      const f = JSON.parse(line)
      paths.set(f.id, f.path)
    } else if (line.startsWith('{"type":"symbol"')) {
      const s = JSON.parse(line)
      const k = `${paths.get(s.file_id)}\0${s.name}`
      symbols.set(k, [...(symbols.get(k) ?? []), s])
    }
  }
  const has = (t) => (symbols.get(`${t.path}\0${t.name}`) ?? []).some((s) => s.start_line <= t.line && t.line <= s.end_line)
  const missing = tags.filter((t) => !has(t))
  const perKind = kinds.map((k) => {
    const of = tags.filter((t) => t.kind === k)
    return { kind: k, tags: of.length, found: of.length - missing.filter((t) => t.kind === k).length }
  }).filter((k) => k.tags > 0)
  return { raw, tags: tags.length, found: tags.length - missing.length, perKind, missing }
}

export const ctagsText = (c, lines, examples = 2) => {
  if (c === undefined) return "definitions vs universal-ctags: ctags not installed"
  const out = [`definitions vs universal-ctags: ${c.found}/${c.tags} = ${((c.found / c.tags) * 100).toFixed(1)}% (goal ≥ 98%)` +
    `${c.raw === c.tags ? "" : ` of the ${c.tags} of ctags' ${c.raw} tags that the language's parser confirms`}; ` +
    c.perKind.map((k) => `${k.kind} ${k.found}/${k.tags}`).join(", ")]
  for (const k of c.perKind.filter((k) => k.found < k.tags)) {
    for (const t of c.missing.filter((t) => t.kind === k.kind).slice(0, examples)) {
      out.push(`  missing ${t.kind} ${t.name}  ${t.path}:${t.line}  ${(lines(t.path)[t.line - 1] ?? "").trim().slice(0, 100)}`)
    }
  }
  return out.join("\n")
}
