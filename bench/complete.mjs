// Issue #12's completion figure: `splice complete` on real code nobody here wrote (zod 3.25.76's src/).
// Positions are sampled with a fixed seed from the identifiers of 4+ characters that TypeScript's
// parser (typescript@5) reads as uses — expressions, `x.member`, type references, a destructured
// property — not as names being declared (a const, a parameter, an object literal's key, a class
// member), and not in import or re-export statements. For each, the identifier is cut to its first
// two characters in the file, as it would be while being typed (so neither TypeScript nor splice's
// ranking sees the name that follows), splice is asked at the cursor after them, and the file is
// restored; the question is whether the identifier that really followed is among the first 10.
// Usage: npm run build && node bench/complete.mjs [--sample 50] [--seed 13] [--verbose]
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { listFiles, npmPackage, parseArgs, random, removeWorkspace, splice, spliceServer, workspace } from "./graph-truth/common.mjs"
import { typescript5 } from "./graph-truth/ts.mjs"

const args = parseArgs(process.argv.slice(2).filter((a) => a !== "--verbose"), { sample: 50, seed: 13 })
const verbose = process.argv.includes("--verbose")
const pkg = npmPackage("zod", "3.25.76")
const files = listFiles(join(pkg, "src"), /\.ts$/).map((f) => `src/${f}`).filter((f) => !f.includes("/tests/"))
const ws = workspace(pkg, [...files, "package.json"])
const rand = random(args.seed)
const ts = typescript5()

/** The use positions of a file: identifiers that are not declaration names (a shorthand property `{ name }` is a use too). */
const usePositions = (file, text) => {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const out = []
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isImportEqualsDeclaration(node) || (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined)) return
    if (ts.isIdentifier(node) && node.text.length >= 4 && (!ts.isDeclarationName(node) || ts.isShorthandPropertyAssignment(node.parent))) {
      const start = node.getStart(sf)
      const { line, character } = sf.getLineAndCharacterOfPosition(start)
      const lineText = text.split("\n")[line]
      const member = (ts.isPropertyAccessExpression(node.parent) || ts.isQualifiedName(node.parent)) && (node.parent.name === node || node.parent.right === node)
      const type = !member && (ts.isTypeReferenceNode(node.parent) || ts.isExpressionWithTypeArguments(node.parent) || ts.isTypeQueryNode(node.parent))
      out.push({ file, start, line: line + 1, col: Buffer.byteLength(lineText.slice(0, character), "utf8") + 1, name: node.text, member, kind: member ? "member after `.`" : type ? "type name" : "name in scope" })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

try {
  splice(ws, ["index", "--full"])
  const positions = files.flatMap((f) => usePositions(f, readFileSync(join(ws, f), "utf8")))
  const chosen = []
  while (chosen.length < args.sample && positions.length > 0) chosen.push(positions.splice(Math.floor(rand() * positions.length), 1)[0])
  const server = await spliceServer(ws)
  const outcomes = []
  try {
    for (const p of chosen) {
      const original = readFileSync(join(ws, p.file), "utf8")
      writeFileSync(join(ws, p.file), original.slice(0, p.start + 2) + original.slice(p.start + p.name.length))
      try {
        const t = performance.now()
        const r = await server.call("complete", { file: p.file, line: p.line, column: p.col + Buffer.byteLength(p.name.slice(0, 2), "utf8"), limit: 10 })
        const ms = performance.now() - t
        const names = r.ok ? r.value.candidates.map((c) => c.name) : []
        outcomes.push({ ...p, rank: names.indexOf(p.name) + 1, ms, names, engine: r.value?.engine, error: r.ok ? undefined : r.value?.code })
      } finally {
        writeFileSync(join(ws, p.file), original)
      }
    }
  } finally {
    await server.close()
  }
  const hit = outcomes.filter((o) => o.rank > 0)
  for (const o of outcomes.filter((x) => x.rank === 0)) console.log(`- miss: ${o.file}:${o.line}:${o.col} ${o.member ? "." : ""}${o.name}${o.error ? ` (${o.error})` : ""}; offered ${o.names.slice(0, 10).join(", ")}`)
  const kinds = [...new Set(outcomes.map((o) => o.kind))].sort()
  console.log(`by position: ${kinds.map((k) => `${k} ${outcomes.filter((o) => o.kind === k && o.rank > 0).length}/${outcomes.filter((o) => o.kind === k).length}`).join(", ")}`)
  if (verbose) for (const o of outcomes) console.log(`  ${o.rank === 0 ? "-" : o.rank} ${o.file}:${o.line}:${o.col} (${o.kind}) ${o.name}`)
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b)
  console.log(`\n| project | positions | expected name in the top 10 (goal ≥ 90%) | first | median time per call (warm server) |`)
  console.log("|---|---:|---:|---:|---:|")
  console.log(`| zod 3.25.76 src/ (${files.length} files) | ${outcomes.length} | ${hit.length}/${outcomes.length} (${((hit.length / outcomes.length) * 100).toFixed(0)}%) | ${outcomes.filter((o) => o.rank === 1).length} | ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms |`)
  console.log(`(node bench/complete.mjs --sample ${args.sample} --seed ${args.seed})`)
} finally {
  removeWorkspace(ws)
}
