// What the syntax gate costs on a big file: a one-line edit of real, large files, as whole
// `splice edit` processes with `--validate none` and with `--validate syntax`, and as calls to one
// `splice mcp` server (successive edits of the same file, a second apart as an agent's would be: the
// server parses what an edit wrote while it waits, so the next edit's gate finds the tree ready).
// Files (real code, nothing written for the bench):
//   effect 3.22.4 src/Effect.ts (0.94 MB TypeScript; tree-sitter finds errors in it that are not
//     there, so the gate compares errors before and after), rollup's dist/shared/rollup.js (1.0 MB
//     JavaScript, clean), CPython's pydoc_data/topics.py (0.76 MB) and _pydecimal.py (0.23 MB) when
//     /usr/lib/python3.*/ has them, Go's cmd/compile/internal/ssa/rewriteAMD64.go (0.9 MB) when Go is installed.
// The edit renames the identifier of a code line near the middle (still valid), so every gate passes.
// The variants take turns run by run, so a busy machine slows them alike. Medians.
// Usage: npm run build && node bench/big-file-gate.mjs [runs=7] [baseline bundle] [only=name,name]
//   A baseline bundle (dist/splice.mjs of an older build, copied aside with its dist/) is timed in
//   the same turns, to show before/after.
import { spawnSync } from "node:child_process"
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join, resolve } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

const ROOT = resolve(import.meta.dirname, "..")
const runs = Number(process.argv[2] ?? 7)
// A copy of dist/ taken now: a rebuild during the run cannot pull it away.
const snapshot = mkdtempSync(join(tmpdir(), "splice-bfg-dist-"))
cpSync(join(ROOT, "dist"), snapshot, { recursive: true })
const bundles = { current: join(snapshot, "splice.mjs") }
if (process.argv[3] !== undefined) bundles.baseline = resolve(process.argv[3])

/** Between two server calls: the time an agent takes to decide its next edit (short, for one). */
const THINK_MS = 1000

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const python = readdirSync("/usr/lib").filter((d) => /^python3\.\d+$/.test(d)).map((d) => join("/usr/lib", d)).find((d) => existsSync(join(d, "_pydecimal.py")))
const goroot = (() => {
  const r = spawnSync("go", ["env", "GOROOT"], { encoding: "utf8" })
  return r.status === 0 ? r.stdout.trim() : undefined
})()
const files = [
  { source: join(ROOT, "node_modules/effect/src/Effect.ts"), code: /^export const (\w+)/ },
  { source: join(ROOT, "node_modules/rollup/dist/shared/rollup.js"), code: /^\s*const (\w+) = / },
  ...(python === undefined ? [] : [
    { source: join(python, "pydoc_data/topics.py"), code: /^ '([a-z-]+)': / },
    { source: join(python, "_pydecimal.py"), code: /^\s+def (\w+)\(/ }
  ]),
  ...(goroot === undefined ? [] : [{ source: join(goroot, "src/cmd/compile/internal/ssa/rewriteAMD64.go"), code: /^func (\w+)\(/ }])
].filter((f) => existsSync(f.source))
  .filter((f) => process.argv[4] === undefined || process.argv[4].split(",").includes(basename(f.source)))

/** The one-line edit: the first code line at or after the middle, its identifier renamed (`n` keeps each edit new). */
const lineEdit = (text, code, n) => {
  const lines = text.split("\n")
  for (let i = lines.length >> 1; i < lines.length; i++) {
    const m = code.exec(lines[i])
    if (m !== null) return { line: i + 1, text: lines[i].replace(m[1], `${m[1]}_b${n}`) }
  }
  throw new Error("no code line after the middle")
}

// `syntax, unmapped`: the file's first edit (no parse map kept yet: the maps are removed before the
// run); `syntax`: a later edit of a file a previous edit mapped (layers/live/ParseMapsLive.ts).
const variants = Object.entries(bundles).flatMap(([build, bundle]) =>
  [["none", false], ["syntax", true], ["syntax", false]].map(([validate, unmapped]) =>
    ({ label: `${build} --validate ${validate}${unmapped ? ", unmapped" : ""}`, build, bundle, validate, unmapped })))

const cli = (ws, file, bundle, validate, edit, unmapped) => {
  if (unmapped) rmSync(join(ws, ".cache", "parse-maps"), { recursive: true, force: true })
  const started = process.hrtime.bigint()
  const r = spawnSync(process.execPath, [bundle, "edit", "-f", file, "--lines", `${edit.line}:${edit.line}`, "--replace-new", edit.text, "--validate", validate, "--workspace", ws], {
    cwd: ws,
    encoding: "utf8",
    env: { ...process.env, HOME: ws, SPLICE_CACHE_DIR: join(ws, ".cache") }
  })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  const last = JSON.parse(r.stdout.trim().split("\n").pop())
  if (r.status !== 0) throw new Error(`splice edit ${file}: exit ${r.status}\n${r.stdout}\n${r.stderr}`)
  return { ms, last }
}

const server = async (ws, bundle) => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bundle, "mcp", "--workspace", ws], cwd: ws, env: { ...process.env, HOME: ws, SPLICE_CACHE_DIR: join(ws, ".cache") }, stderr: "ignore" })
  const client = new Client({ name: "bench", version: "1" })
  await client.connect(transport)
  return client
}

const results = []
for (const f of files) {
  const name = basename(f.source)
  const original = readFileSync(f.source, "utf8")
  const row = { file: name, kb: Math.round(original.length / 1024), cli: {}, mcp: {} }
  const ws = mkdtempSync(join(tmpdir(), "splice-bfg-"))
  try {
    // CLI: each run edits the original file (restored before the run, outside the timing).
    const edit = lineEdit(original, f.code, 0)
    const times = Object.fromEntries(variants.map((v) => [v.label, []]))
    for (let i = 0; i <= runs; i++) {
      for (const v of variants) {
        copyFileSync(f.source, join(ws, name))
        const { ms, last } = cli(ws, name, v.bundle, v.validate, edit, v.unmapped)
        const verdict = last.validation ?? {}
        if (i === 0) console.error(`${name} ${v.label}: ${JSON.stringify(verdict).slice(0, 200)}`)
        else times[v.label].push(ms) // the first turn warms the code cache
      }
    }
    for (const v of variants) row.cli[v.label] = median(times[v.label])
    // Server: one server per variant; successive edits of one file, each a new one-line rename.
    for (const v of variants.filter((v) => !v.unmapped)) {
      copyFileSync(f.source, join(ws, name))
      const client = await server(ws, v.bundle)
      const ms = []
      try {
        let text = original
        for (let i = 0; i <= runs; i++) {
          const e = lineEdit(text, f.code, i + 1)
          const started = process.hrtime.bigint()
          const r = await client.callTool({ name: "edit", arguments: { file: name, lines: `${e.line}:${e.line}`, replace_new: e.text, validate: v.validate } }, undefined, { timeout: 600_000 })
          if (r.isError) throw new Error(JSON.stringify(r.structuredContent))
          if (i > 0) ms.push(Number(process.hrtime.bigint() - started) / 1e6) // the first call loads grammars
          text = readFileSync(join(ws, name), "utf8")
          await new Promise((r) => setTimeout(r, THINK_MS))
        }
      } finally {
        await client.close()
      }
      row.mcp[v.label] = median(ms)
    }
  } finally {
    rmSync(ws, { recursive: true, force: true })
  }
  results.push(row)
  const fmt = (o) => Object.entries(o).map(([k, ms]) => `${k} ${ms.toFixed(0)} ms`).join(", ")
  console.log(`${name} (${row.kb} KB)`)
  console.log(`  CLI: ${fmt(row.cli)}`)
  console.log(`  mcp: ${fmt(row.mcp)}`)
  for (const build of Object.keys(bundles)) {
    const gate = (o, v = "syntax") => o[`${build} --validate ${v}`] - o[`${build} --validate none`]
    console.log(`  ${build}: the gate adds ${gate(row.cli, "syntax, unmapped").toFixed(0)} ms to a CLI edit of the file first, ${gate(row.cli).toFixed(0)} ms to the next ones, ${gate(row.mcp).toFixed(0)} ms in the server`)
  }
}
writeFileSync(join(snapshot, "results.json"), JSON.stringify(results, null, 2))
rmSync(snapshot, { recursive: true, force: true })
