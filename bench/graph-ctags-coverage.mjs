// How many of universal-ctags' definitions does the code graph have? For a directory of real code:
// `ctags -R --output-format=json --fields=+nK` against `splice index` + `splice export --format jsonl`,
// a tag counted as found when the graph has a symbol of that name in that file whose span holds the
// tag's line.
// Prints coverage per language and ctags kind, and a few misses of each kind.
// Usage: node scripts/build.mjs && node bench/graph-ctags-coverage.mjs DIR [--show N]
import { execFileSync, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "..")
const bundle = join(ROOT, "dist", "splice.mjs")
const dir = resolve(process.argv[2])
const showAt = process.argv.indexOf("--show")
const show = showAt === -1 ? 3 : Number(process.argv[showAt + 1])
// Languages the graph indexes, as ctags names them.
const LANGUAGES = new Set(["Ruby", "C#", "PHP", "Kotlin", "Python", "Go", "Java", "C", "C++", "Rust", "TypeScript", "JavaScript"])
// Kinds that are not declarations a code graph lists (ctags' own defaults aside).
const SKIPPED_KINDS = new Set(["local", "parameter", "library", "label", "package", "enumerator", "alias"])

const tags = execFileSync("ctags", ["-R", "--output-format=json", "--fields=+nKl", "-f", "-", "."], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 })
  .split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l))
  .filter((t) => t._type === "tag" && LANGUAGES.has(t.language) && !SKIPPED_KINDS.has(t.kind))
// ctags' pseudo-names (`<lambda>`, Kotlin's unnamed `Companion`) are no names a query can ask for.
const named = tags.filter((t) => !t.name.startsWith("<"))
// Locals: what ctags lists inside a function or method body (Kotlin `val`s, PHP closure variables).
const isLocal = (t) => t.scopeKind === "method" || t.scopeKind === "function" || t.scopeKind === "singletonMethod"

const cache = mkdtempSync(join(tmpdir(), "splice-ctags-"))
const env = { ...process.env, SPLICE_CACHE_DIR: cache, NO_COLOR: "1" }
const db = join(cache, "graph.db")
let t = performance.now()
const idx = spawnSync(process.execPath, [bundle, "index", "--db", db, "--workspace", dir], { cwd: dir, env, encoding: "utf8", maxBuffer: 1 << 28 })
const indexMs = performance.now() - t
if (idx.status !== 0) throw new Error(`splice index exit ${idx.status}: ${idx.stdout.slice(-500)} ${idx.stderr.slice(-500)}`)
const exported = spawnSync(process.execPath, [bundle, "export", "--db", db, "--workspace", dir, "--format", "jsonl"], { cwd: dir, env, encoding: "utf8", maxBuffer: 1 << 30 })
const rows = exported.stdout.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l))
const pathOf = new Map(rows.filter((r) => r.type === "file").map((r) => [r.id, r.path]))
const symbols = new Map()
for (const s of rows.filter((r) => r.type === "symbol")) {
  const k = `${pathOf.get(s.file_id)}\u0000${s.name}`
  const list = symbols.get(k) ?? []
  list.push(s)
  symbols.set(k, list)
}

const per = new Map()
for (const tag of named) {
  const path = tag.path.replace(/^\.\//, "")
  // A span that holds the tag's line: ctags tags the name's line, a symbol's span starts at its
  // annotations or attributes (Kotlin `@Deprecated(…)` over many lines).
  const found = (symbols.get(`${path}\u0000${tag.name}`) ?? []).some((s) => s.start_line <= tag.line && tag.line <= s.end_line)
  const key = `${tag.language} ${tag.kind}${isLocal(tag) ? " (local)" : ""}`
  const e = per.get(key) ?? { total: 0, found: 0, misses: [] }
  e.total++
  if (found) e.found++
  else e.misses.push(`${path}:${tag.line} ${tag.name}`)
  per.set(key, e)
}
const byLanguage = new Map()
for (const [key, e] of per) {
  const lang = key.split(" ")[0]
  const l = byLanguage.get(lang) ?? { total: 0, found: 0, declTotal: 0, declFound: 0 }
  l.total += e.total
  l.found += e.found
  if (!key.endsWith("(local)")) {
    l.declTotal += e.total
    l.declFound += e.found
  }
  byLanguage.set(lang, l)
}
const pct = (a, b) => `${(100 * a / b).toFixed(1)}%`
console.log(`${dir}: splice index ${Math.round(indexMs)} ms (${idx.stdout.trim().split("\n").pop()?.slice(0, 200)})`)
for (const [lang, l] of byLanguage) {
  console.log(`${lang}: ${l.declFound}/${l.declTotal} ctags definitions outside function bodies found (${pct(l.declFound, l.declTotal)}); ` +
    `with ctags' locals ${l.found}/${l.total} (${pct(l.found, l.total)}); ${tags.length - named.length} pseudo-names (<lambda>, Companion) not counted`)
}
for (const [key, e] of [...per].sort()) {
  console.log(`  ${key}: ${e.found}/${e.total}`)
  for (const m of e.misses.slice(0, show)) console.log(`    missed ${m}`)
}
rmSync(cache, { recursive: true, force: true })
