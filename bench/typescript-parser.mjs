// What loading TypeScript's parser costs the paths that use it (issue #11), for one or more builds
// taking turns in the same rounds (medians; CPU = user + sys, the figure to compare on a shared machine):
//   load    the parser alone, in-process, a fresh process each time with its V8 code cache warm:
//           grammars/typescript-parser.cjs, or grammars/typescript.cjs for a build without it;
//   edit    a CLI `splice edit` of effect 3.22.4's src/Option.ts adding an interface with variance
//           annotations, which tree-sitter-typescript rejects, so TypeScript's parser decides (the
//           result says `"parser":"typescript 5.9.3"`);
//   mcp     the first edit of that file through a fresh `splice mcp` (the call alone, wall);
//   refresh `splice index` after a function is appended to src/Option.ts, in another copy of
//           effect's src/ indexed first: the result's in-process ms, and the process's CPU.
// Usage: npm run build && node bench/typescript-parser.mjs [--bundle OLD/dist/splice.mjs ...] [--runs 7]
import { execFileSync, spawnSync } from "node:child_process"
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { npmPackage } from "./graph-truth/common.mjs"

const ROOT = resolve(import.meta.dirname, "..")
const { values: flags } = parseArgs({ options: { bundle: { type: "string", multiple: true }, runs: { type: "string" } } })
const bundles = [...(flags.bundle ?? []).map((b) => resolve(b)), join(ROOT, "dist", "splice.mjs")]
const RUNS = Number(flags.runs ?? 7)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const gnuTime = existsSync("/usr/bin/time")

// The parser loaded as typescriptParser.ts loads it: vm.Script with a V8 code cache, CommonJS wrapper.
const LOAD = `
const fs = require("fs"), vm = require("vm"), path = require("path")
const [file, cacheFile] = process.argv.slice(1)
const c0 = process.cpuUsage(), t0 = performance.now()
const source = fs.readFileSync(file, "utf8")
let cachedData
try { cachedData = fs.readFileSync(cacheFile) } catch {}
const script = new vm.Script("(function (exports, require, module, __filename, __dirname) {" + source + "\\n})", { filename: file, ...(cachedData ? { cachedData } : {}) })
const m = { exports: {} }
script.runInThisContext()(m.exports, require, m, file, path.dirname(file))
m.exports.createSourceFile("a.ts", "export const a = 1\\n", { languageVersion: 99, jsDocParsingMode: 3 }, false, 3)
const t1 = performance.now(), c1 = process.cpuUsage(c0)
if (!cachedData || script.cachedDataRejected) fs.writeFileSync(cacheFile, script.createCachedData())
console.log(JSON.stringify({ ms: t1 - t0, cpuMs: (c1.user + c1.system) / 1000, warm: !!cachedData && !script.cachedDataRejected }))
`

const effect = npmPackage("effect", "3.22.4")
const scratch = mkdtempSync(join(tmpdir(), "splice-tsparser-bench-"))
const state = bundles.map((bundle, i) => {
  // Edits in a workspace without a graph (a graph would be refreshed after each write); refreshes in one with.
  const [ws, graphWs] = [join(scratch, `ws${i}`), join(scratch, `graph${i}`)]
  for (const w of [ws, graphWs]) {
    cpSync(join(effect, "src"), join(w, "src"), { recursive: true })
    execFileSync("git", ["init", "-q"], { cwd: w })
  }
  const grammars = join(dirname(bundle), "grammars")
  const parser = existsSync(join(grammars, "typescript-parser.cjs")) ? join(grammars, "typescript-parser.cjs") : join(grammars, "typescript.cjs")
  const env = { ...process.env, SPLICE_CACHE_DIR: join(scratch, `cache${i}`), NO_COLOR: "1" }
  return { bundle, ws, graphWs, parser, env, load: [], edit: [], mcp: [], refresh: [], parsers: new Set() }
})

const original = readFileSync(join(effect, "src", "Option.ts"), "utf8")
const MARK = "export const none = <A = never>(): Option<A> => option.none"
if (!original.includes(MARK)) throw new Error(`src/Option.ts no longer contains ${MARK}`)
/** The k-th edit: an interface with variance annotations (valid; tree-sitter-typescript rejects them) before `none`. */
const added = (k) => `export interface Bench${k}<in out A> {\n  readonly a: A\n}\n${MARK}`
const editArgs = (k) => ["--replace-old", MARK, "--replace-new", added(k)]

/** One CLI process: wall ms, CPU ms (GNU time), its last JSON line. */
const run = (s, args, cwd = s.ws) => {
  const argv = [s.bundle, ...args]
  const t = performance.now()
  const r = gnuTime
    ? spawnSync("/usr/bin/time", ["-f", "cpu-s %U %S", process.execPath, ...argv], { cwd, env: s.env, encoding: "utf8" })
    : spawnSync(process.execPath, argv, { cwd, env: s.env, encoding: "utf8" })
  const ms = performance.now() - t
  if (r.status !== 0) throw new Error(`${args[0]} failed: ${r.stdout.slice(-400)} ${r.stderr.slice(-400)}`)
  const cpu = /cpu-s ([\d.]+) ([\d.]+)/.exec(r.stderr)
  return { ms, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined, out: r.stdout }
}

const cliEdit = (s, k) => {
  writeFileSync(join(s.ws, "src", "Option.ts"), original)
  const r = run(s, ["edit", "--file", "src/Option.ts", ...editArgs(k)])
  for (const m of r.out.matchAll(/"parser":"([^"]+)"/g)) s.parsers.add(m[1])
  return r
}

/** A refresh of the graph after one changed file: a function appended to Option.ts (as bench/graph-truth/speed.mjs does). */
const refresh = (s, k) => {
  appendFileSync(join(s.graphWs, "src", "Option.ts"), `\nexport function benchProbe${k}(n: number): number { return n + ${k} }\n`)
  const r = run(s, ["index"], s.graphWs)
  return { ...r, inProcess: JSON.parse(r.out.trim().split("\n").pop()).ms }
}

const mcpEdit = async (s, k) => {
  writeFileSync(join(s.ws, "src", "Option.ts"), original)
  const transport = new StdioClientTransport({ command: process.execPath, args: [s.bundle, "mcp", "--workspace", s.ws], cwd: s.ws, env: s.env, stderr: "ignore" })
  const client = new Client({ name: "splice-tsparser-bench", version: "1" })
  await client.connect(transport)
  try {
    const t = performance.now()
    const r = await client.callTool({ name: "edit", arguments: { file: "src/Option.ts", replace_old: MARK, replace_new: added(k) } })
    const ms = performance.now() - t
    const text = JSON.stringify(r)
    if (r.isError) throw new Error(`mcp edit failed: ${text.slice(0, 400)}`)
    for (const m of text.matchAll(/\\?"parser\\?":\\?"([^"\\]+)/g)) s.parsers.add(m[1])
    return ms
  } finally {
    await client.close()
  }
}

try {
  // Warm every cache (the launcher's, the parser's) once.
  for (const s of state) {
    spawnSync(process.execPath, ["-e", LOAD, s.parser, join(scratch, `load-${state.indexOf(s)}.v8cache`)], { env: s.env })
    cliEdit(s, 1000)
    run(s, ["index", "--full"], s.graphWs)
  }
  for (let round = 0; round < RUNS; round++) {
    for (const s of state) {
      const i = state.indexOf(s)
      const r = spawnSync(process.execPath, ["-e", LOAD, s.parser, join(scratch, `load-${i}.v8cache`)], { env: s.env, encoding: "utf8" })
      const load = JSON.parse(r.stdout)
      if (!load.warm) throw new Error(`the code cache of ${s.parser} was not used`)
      s.load.push(load)
      s.edit.push(cliEdit(s, round))
      s.mcp.push(await mcpEdit(s, round))
      s.refresh.push(refresh(s, round))
    }
  }
  console.log(`\nnode ${process.version}; medians of ${RUNS} rounds taking turns; load average at the end ${loadavg()[0].toFixed(1)}\n`)
  console.log("| build | parser file | load, in-process (CPU) | CLI edit of effect's Option.ts, process (CPU) | first edit through `splice mcp` | one-file refresh, in-process / process (CPU) | parser the gate reported |")
  console.log("|---|---|---:|---:|---:|---:|---|")
  for (const s of state) {
    const cpu = s.edit.every((e) => e.cpuMs !== undefined) ? ` (${median(s.edit.map((e) => e.cpuMs)).toFixed(0)} ms)` : ""
    console.log(`| ${s.bundle.replace(ROOT + "/", "")} | ${s.parser.split("/").pop()} (${(readFileSync(s.parser).length / 1e6).toFixed(1)} MB) | ` +
      `${median(s.load.map((l) => l.ms)).toFixed(0)} ms (${median(s.load.map((l) => l.cpuMs)).toFixed(0)} ms) | ${median(s.edit.map((e) => e.ms)).toFixed(0)} ms${cpu} | ${median(s.mcp).toFixed(0)} ms | ` +
      `${median(s.refresh.map((r) => r.inProcess)).toFixed(0)} / ${median(s.refresh.map((r) => r.ms)).toFixed(0)} ms (${median(s.refresh.map((r) => r.cpuMs ?? 0)).toFixed(0)} ms) | ${[...s.parsers].join(", ")} |`)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
