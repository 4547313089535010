// Issue #12's completion figure: `splice complete` on real code nobody here wrote (zod 3.25.76's src/).
// 50 positions are sampled with a fixed seed from identifiers that really occur (after a `.`, or at
// the start of an expression); the cursor is put after the identifier's first two characters, and the
// question is whether the identifier that really follows is among splice's first 10 candidates.
// Usage: npm run build && node bench/complete.mjs [--sample 50] [--seed 13]
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { listFiles, npmPackage, parseArgs, random, removeWorkspace, splice, spliceServer, workspace } from "./graph-truth/common.mjs"

const args = parseArgs(process.argv.slice(2), { sample: 50, seed: 13 })
const pkg = npmPackage("zod", "3.25.76")
const files = listFiles(join(pkg, "src"), /\.ts$/).map((f) => `src/${f}`).filter((f) => !f.includes("/tests/"))
const ws = workspace(pkg, [...files, "package.json"])
const rand = random(args.seed)
const KEYWORDS = new Set(["return", "const", "let", "var", "function", "export", "import", "from", "if", "else", "new", "this", "typeof", "type", "interface", "class", "extends", "true", "false", "null", "undefined", "await", "async", "for", "of", "in", "while", "switch", "case", "break", "default", "throw", "try", "catch", "as", "readonly", "keyof", "infer", "never", "unknown", "any", "string", "number", "boolean", "void", "object", "symbol", "bigint"])
try {
  splice(ws, ["index", "--full"])
  // Candidate positions: identifiers of 4+ characters in code lines (not comments or strings, roughly).
  const positions = []
  for (const f of files) {
    const lines = readFileSync(join(ws, f), "utf8").split("\n")
    lines.forEach((text, i) => {
      if (/^\s*(\/\/|\*|\/\*|import\b)/.test(text)) return
      for (const m of text.matchAll(/(?<![\w$."'`])([A-Za-z_$][\w$]{3,})|(?<=\.)([A-Za-z_$][\w$]{3,})/g)) {
        const name = m[1] ?? m[2]
        if (KEYWORDS.has(name) || /["'`]/.test(text.slice(0, m.index))) continue
        // A name being declared (function f, const x, an interface member `name:`) is not a completion position.
        const before = text.slice(0, m.index)
        if (/\b(function|class|interface|type|enum|namespace|const|let|var)\s+$/.test(before)) continue
        if (/^\s*(readonly\s+|static\s+|private\s+|public\s+|protected\s+|abstract\s+|async\s+|get\s+|set\s+)*$/.test(before) && /^[\w$]+\??\s*[:(<]/.test(text.slice(m.index))) continue
        positions.push({ file: f, line: i + 1, col: Buffer.byteLength(text.slice(0, m.index), "utf8") + 1, name, member: m[2] !== undefined })
      }
    })
  }
  const chosen = []
  while (chosen.length < args.sample && positions.length > 0) chosen.push(positions.splice(Math.floor(rand() * positions.length), 1)[0])
  const server = await spliceServer(ws)
  const outcomes = []
  try {
    for (const p of chosen) {
      // The text up to the cursor is what an editor would have: the line cut after two characters of the name.
      const original = readFileSync(join(ws, p.file), "utf8")
      const lines = original.split("\n")
      const cut = Buffer.from(lines[p.line - 1]).subarray(0, p.col - 1 + 2).toString()
      const t = performance.now()
      const r = await server.call("complete", { file: p.file, line: p.line, column: Buffer.byteLength(cut, "utf8") + 1, limit: 10 })
      const ms = performance.now() - t
      const names = r.ok ? r.value.candidates.map((c) => c.name) : []
      outcomes.push({ ...p, rank: names.indexOf(p.name) + 1, ms, engine: r.value?.engine, error: r.ok ? undefined : r.value?.code })
    }
  } finally {
    await server.close()
  }
  const hit = outcomes.filter((o) => o.rank > 0)
  for (const o of outcomes.filter((x) => x.rank === 0)) console.log(`- miss: ${o.file}:${o.line}:${o.col} ${o.member ? "." : ""}${o.name}${o.error ? ` (${o.error})` : ""}`)
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b)
  console.log(`\n| project | positions | expected name in the top 10 (goal ≥ 90%) | first | median time per call (warm server) |`)
  console.log("|---|---:|---:|---:|---:|")
  console.log(`| zod 3.25.76 src/ (${files.length} files) | ${outcomes.length} | ${hit.length}/${outcomes.length} (${((hit.length / outcomes.length) * 100).toFixed(0)}%) | ${outcomes.filter((o) => o.rank === 1).length} | ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms |`)
  console.log(`(node bench/complete.mjs --sample ${args.sample} --seed ${args.seed})`)
} finally {
  removeWorkspace(ws)
}
