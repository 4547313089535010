// Does the syntax gate call valid code broken? effect 3.22.4's src/ (363 TypeScript files, from the
// npm registry) is valid TypeScript, yet tree-sitter-typescript 0.23.2 parses 193 of them with
// errors (variance annotations `<in out A>`, call signatures that start a line). Measured with the
// built CLI, as an agent would run it:
//   tree-sitter alone  — files web-tree-sitter parses with errors (what the gate blocked before)
//   check              — `splice check --validate syntax` of all files in one process (new files)
//   write              — one `splice write --validate syntax` per file, from a previous state:
//                        the file with its variance annotations taken out (the edit adds them), or
//                        empty when it has none (the edit adds the whole file); times per process
// Every file flagged is a false error. Usage: npm run build && node bench/syntax-truth.mjs [max-files]
import { execFileSync, spawnSync } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "..")
const bundle = join(ROOT, "dist", "splice.mjs")
const limit = Number(process.argv[2] ?? Infinity)
const work = mkdtempSync(join(tmpdir(), "splice-syntax-truth-"))
execFileSync("npm", ["pack", "effect@3.22.4", "--silent", "--pack-destination", work], { stdio: ["ignore", "ignore", "inherit"] })
mkdirSync(join(work, "effect"))
execFileSync("tar", ["xzf", join(work, "effect-3.22.4.tgz"), "-C", join(work, "effect"), "--strip-components=1"])

const listTs = (dir) => readdirSync(dir, { withFileTypes: true, recursive: true })
  .filter((e) => e.isFile() && e.name.endsWith(".ts"))
  .map((e) => relative(join(work, "effect"), join(e.parentPath, e.name)))
  .sort()
const files = listTs(join(work, "effect", "src")).slice(0, limit)
const env = { ...process.env, SPLICE_CACHE_DIR: join(work, "cache"), NO_COLOR: "1" }

// 1. tree-sitter alone.
const { Parser, Language } = await import(join(ROOT, "node_modules/web-tree-sitter/web-tree-sitter.js"))
await Parser.init()
const parser = new Parser()
parser.setLanguage(await Language.load(join(ROOT, "node_modules/tree-sitter-typescript/tree-sitter-typescript.wasm")))
const treeSitterFlagged = files.filter((f) => {
  const tree = parser.parse(readFileSync(join(work, "effect", f), "utf8"))
  const bad = tree.rootNode.hasError
  tree.delete()
  return bad
})

// 2. splice check, every file at once.
const ws = join(work, "ws")
cpSync(join(work, "effect", "src"), join(ws, "src"), { recursive: true })
let t = performance.now()
const checked = spawnSync(process.execPath, [bundle, "check", "--validate", "syntax", "--workspace", ws, ...files], { cwd: ws, env, encoding: "utf8", maxBuffer: 1 << 28 })
const checkMs = performance.now() - t
const events = checked.stdout.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l))
const checkFlagged = new Set(events.filter((e) => e.type === "diagnostic").map((e) => e.file))
const last = events[events.length - 1]

// 3. splice write, one process per file, onto the previous state.
const withoutVariance = (text) => text.replace(/([<,]\s*)(?:in out|in|out) (?=[A-Z])/g, "$1")
const writeFlagged = []
const times = { typescript: [], "tree-sitter": [] }
for (const f of files) {
  const text = readFileSync(join(work, "effect", f), "utf8")
  const previous = withoutVariance(text)
  writeFileSync(join(ws, f), previous === text ? "" : previous)
  t = performance.now()
  const r = spawnSync(process.execPath, [bundle, "write", "--validate", "syntax", "--workspace", ws, "--file", f], { cwd: ws, env, input: text, encoding: "utf8" })
  const ms = performance.now() - t
  const result = JSON.parse(r.stdout.trim().split("\n").pop())
  if (r.status !== 0) writeFlagged.push(`${f}: ${JSON.stringify(result.context?.errors?.[0] ?? result.message)}`)
  const parserUsed = result.validation?.parser?.startsWith("typescript") ? "typescript" : "tree-sitter"
  times[parserUsed].push(ms)
}

const median = (xs) => xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[xs.length >> 1]
console.log(`effect 3.22.4 src/: ${files.length} TypeScript files (all valid)`)
console.log(`tree-sitter alone: ${treeSitterFlagged.length} of ${files.length} parse with errors`)
console.log(`splice check:      ${checkFlagged.size} of ${files.length} flagged (exit ${checked.status}, ${last?.ok ? "ok" : "not ok"}), one process, ${Math.round(checkMs)} ms`)
for (const f of checkFlagged) console.log(`  ${f}`)
console.log(`splice write:      ${writeFlagged.length} of ${files.length} blocked`)
for (const f of writeFlagged) console.log(`  ${f}`)
console.log(`write process time, median: ${Math.round(median(times.typescript))} ms when TypeScript's parser was consulted (${times.typescript.length} files), ` +
  `${Math.round(median(times["tree-sitter"]))} ms when tree-sitter sufficed (${times["tree-sitter"].length} files)`)
rmSync(work, { recursive: true, force: true })
process.exitCode = checkFlagged.size + writeFlagged.length === 0 ? 0 : 1
