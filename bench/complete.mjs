// Issue #12's completion figure: `splice complete` on real code nobody here wrote (zod 3.25.76's src/).
// Positions are sampled with a fixed seed from the identifiers of 4+ characters that TypeScript's
// parser (typescript@5) reads as uses — expressions, `x.member`, type references, a destructured
// property — not as names being declared (a const, a parameter, an object literal's key, a class
// member), and not in import or re-export statements. For each, the identifier is cut to its first
// two characters in the file, as it would be while being typed (so neither TypeScript nor splice's
// ranking sees the name that follows), splice is asked at the cursor after them, and the file is
// restored; the question is whether the identifier that really followed is among the first 10.
// Usage: npm run build && node bench/complete.mjs [--sample 50] [--seed 13] [--verbose]
//
// With --dependencies: the time per call through a warm `splice mcp` when the receiver's type comes
// from node_modules (@tanstack/react-query 5.62.0, react 18 and @types/react, `npm install`ed once
// under bench/.work): `client.inv` where `client = new QueryClient()`, the file edited before each
// call, as an agent's would be. `--before OLD/splice.mjs` takes turns with another build (one server
// each per round, medians over the rounds' warm calls); wall and the server's CPU time per call.
// node bench/complete.mjs --dependencies [--calls 12] [--rounds 3] [--before /path/to/old/splice.mjs]
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { loadavg } from "node:os"
import { join } from "node:path"
import { BUNDLE, listFiles, npmPackage, parseArgs, random, removeWorkspace, splice, spliceServer, WORK, workspace } from "./graph-truth/common.mjs"
import { typescript5 } from "./graph-truth/ts.mjs"

const args = parseArgs(process.argv.slice(2).filter((a) => a !== "--verbose" && a !== "--dependencies"), { sample: 50, seed: 13, calls: 12, rounds: 3, before: "" })
const verbose = process.argv.includes("--verbose")

if (process.argv.includes("--dependencies")) {
  const ws = join(WORK, "complete-dependencies")
  if (!existsSync(join(ws, "node_modules", "@tanstack", "react-query", "package.json"))) {
    mkdirSync(join(ws, "src"), { recursive: true })
    writeFileSync(join(ws, "package.json"), JSON.stringify({ name: "complete-dependencies", private: true, type: "module", dependencies: { "@tanstack/react-query": "5.62.0", react: "18.3.1", "@types/react": "18.3.12" } }, null, 2))
    execFileSync("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--silent"], { cwd: ws, stdio: ["ignore", "ignore", "inherit"] })
    writeFileSync(join(ws, ".gitignore"), "node_modules/\n")
    execFileSync("git", ["init", "-q"], { cwd: ws })
  }
  const source = "import { QueryClient, useQuery } from '@tanstack/react-query'\nimport * as React from 'react'\n\nexport const client = new QueryClient()\n\nexport function useTodos() {\n  const q = useQuery({ queryKey: ['todos'], queryFn: async () => [1, 2, 3] })\n  return q.data\n}\n\nexport const el = React.createElement('div')\nclient.inv\n"
  const builds = [...(args.before === "" ? [] : [["before", args.before]]), ["this build", BUNDLE]]
  const times = new Map(builds.map(([name]) => [name, { wall: [], cpu: [], first: [] }]))
  for (let round = 0; round < args.rounds; round++) {
    for (const [name, bundle] of builds) {
      writeFileSync(join(ws, "src", "app.ts"), source)
      const server = await spliceServer(ws, bundle)
      try {
        for (let i = 0; i < args.calls; i++) {
          writeFileSync(join(ws, "src", "app.ts"), source + `// edit ${i}\n`)
          const cpu = server.cpuMs()
          const t = performance.now()
          const r = await server.call("complete", { file: "src/app.ts", line: 12, column: 11, limit: 5 })
          const ms = performance.now() - t
          if (!r.ok || r.value.candidates[0]?.name !== "invalidateQueries") throw new Error(`${name}: unexpected answer ${JSON.stringify(r.value).slice(0, 300)}`)
          const at = times.get(name)
          if (i === 0) at.first.push(ms)
          else {
            at.wall.push(ms)
            if (cpu !== undefined) at.cpu.push(server.cpuMs() - cpu)
          }
        }
      } finally {
        await server.close()
      }
    }
  }
  const median = (xs) => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)])
  console.log(`| build | first call | median per call, warm (wall) | median per call, warm (server CPU user+sys) |`)
  console.log("|---|---:|---:|---:|")
  for (const [name, t] of times) console.log(`| ${name} | ${median(t.first).toFixed(0)} ms | ${median(t.wall).toFixed(0)} ms | ${median(t.cpu).toFixed(0)} ms |`)
  console.log(`(node bench/complete.mjs --dependencies --calls ${args.calls} --rounds ${args.rounds}${args.before === "" ? "" : " --before " + args.before}; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")})`)
  process.exit(0)
}
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
