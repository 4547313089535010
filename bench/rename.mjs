// Issue #12's rename figures: `splice rename` against TypeScript's own `findRenameLocations`
// (typescript@5's LanguageService) on real code nobody here wrote — zod 3.25.76's src/ and effect
// 3.22.4's src/. Declarations of every kind are sampled with a fixed seed; for each, splice renames
// it (through `splice mcp`, as an agent would) and the locations it rewrote are compared with
// TypeScript's; then the project is type-checked in the files that changed (no new error allowed)
// and the rename is undone.
// A case "matches" when both location sets are equal; precision counts splice's locations that
// TypeScript has too (a wrong edit is one TypeScript would not make). TypeScript is asked without
// prefix/suffix text, so it follows a rename through export specifiers into importers as splice
// does; locations are identifier starts either way.
// Usage: npm run build && node bench/rename.mjs [--project zod|effect|all] [--sample 60] [--seed 12] [--no-typecheck]
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { byteColumn, listFiles, npmPackage, parseArgs, removeWorkspace, sampleByKind, splice, spliceServer, workspace } from "./graph-truth/common.mjs"
import { declarations, languageService, PROJECTS, typescript5 } from "./graph-truth/ts.mjs"

const args = parseArgs(process.argv.slice(2).filter((a) => a !== "--no-typecheck"), { project: "all", sample: 60, seed: 12 })
const typecheck = !process.argv.includes("--no-typecheck")

const where = (ws, text, fileName, offset) => {
  const before = text.slice(0, offset)
  const line = before.split("\n").length
  const lineText = text.split("\n")[line - 1] ?? ""
  return `${fileName.slice(ws.length + 1)}:${line}:${byteColumn(lineText, offset - before.lastIndexOf("\n") - 1)}`
}

const errorsOf = (service, files) =>
  files.flatMap((f) => [...service.getSyntacticDiagnostics(f), ...service.getSemanticDiagnostics(f)])
    .map((d) => `${d.file?.fileName ?? ""}: ${typeof d.messageText === "string" ? d.messageText : d.messageText.messageText}`)

const runProject = async (ts, project) => {
  const spec = PROJECTS[project]
  const pkg = npmPackage(spec.name, spec.version)
  const files = listFiles(join(pkg, "src"), /\.(ts|tsx|mts|cts)$/).map((f) => `src/${f}`)
  const ws = workspace(pkg, [...files, "package.json"])
  const overrides = new Map()
  let version = 1
  try {
    splice(ws, ["index", "--full"])
    const service = languageService(ts, ws, files.map((f) => join(ws, f)), spec.conditions, overrides)
    const program = service.getProgram()
    const all = declarations(ts, program, ws).filter((d) => !d.file.includes("/tests/") && !d.file.includes(".test."))
    const chosen = sampleByKind(all, args.sample, args.seed)
    const server = await spliceServer(ws)
    const outcomes = []
    try {
      for (const def of chosen) {
        const file = join(ws, def.file)
        const to = `${def.name}Rn`
        const info = service.getRenameInfo(file, def.start, { allowRenameOfImportPath: false })
        if (!info.canRename) {
          outcomes.push({ def, status: "TypeScript cannot rename it" })
          continue
        }
        // Without prefix/suffix text TypeScript also offers an alias's own name (`export { Old as Alias }`,
        // which would rename the alias, an exported name): only locations that spell the old name count.
        const oracle = new Set((service.findRenameLocations(file, def.start, false, false, { providePrefixAndSuffixTextForRename: false }) ?? [])
          .filter((l) => l.fileName.startsWith(ws + "/") && program.getSourceFile(l.fileName).text.slice(l.textSpan.start, l.textSpan.start + l.textSpan.length) === def.name)
          .map((l) => where(ws, program.getSourceFile(l.fileName).text, l.fileName, l.textSpan.start)))
        // splice names the symbol as its graph does: find it at the declaration's line.
        const found = await server.find(def.name)
        const symbol = found.filter((s) => s.file === def.file && s.span.start_line <= def.line && def.line <= s.span.end_line)
          .sort((a, b) => (a.span.end_byte - a.span.start_byte) - (b.span.end_byte - b.span.start_byte))[0]
        if (symbol === undefined) {
          outcomes.push({ def, oracle, status: "not in splice's graph" })
          continue
        }
        const r = await server.call("rename", { symbol: symbol.qualified_name, path: symbol.file, kind: symbol.kind, to })
        if (!r.ok) {
          outcomes.push({ def, oracle, status: `refused ${r.value?.code}: ${String(r.value?.message).slice(0, 140)}` })
          continue
        }
        const sites = new Set(r.value.files.flatMap((f) => f.sites.map((s) => `${f.file}:${s.line}:${s.col}`)))
        const outcome = { def, oracle, sites, status: "renamed", right: [...sites].filter((s) => oracle.has(s)), wrong: [...sites].filter((s) => !oracle.has(s)), missed: [...oracle].filter((s) => !sites.has(s)) }
        if (typecheck) {
          const changed = r.value.files.map((f) => join(ws, f.file))
          const before = errorsOf(service, changed)
          for (const f of changed) overrides.set(f, { version: String(++version), text: readFileSync(f, "utf8") })
          const after = errorsOf(service, changed)
          const left = [...before]
          outcome.newErrors = after.filter((e) => {
            const i = left.indexOf(e)
            if (i === -1) return true
            left.splice(i, 1)
            return false
          })
          const undo = await server.call("undo", {})
          if (!undo.ok) throw new Error(`undo failed: ${JSON.stringify(undo.value).slice(0, 300)}`)
          for (const f of changed) overrides.set(f, { version: String(++version), text: readFileSync(f, "utf8") })
        } else {
          const undo = await server.call("undo", {})
          if (!undo.ok) throw new Error(`undo failed: ${JSON.stringify(undo.value).slice(0, 300)}`)
        }
        outcomes.push(outcome)
      }
    } finally {
      await server.close()
    }
    return { project: `${spec.name} ${spec.version} src/ (${files.length} files)`, declarations: all.length, outcomes }
  } finally {
    removeWorkspace(ws)
  }
}

const ts = typescript5()
const projects = args.project === "all" ? ["zod", "effect"] : args.project.split(",")
const rows = []
for (const p of projects) {
  const r = await runProject(ts, p)
  const renamed = r.outcomes.filter((o) => o.status === "renamed")
  const equal = renamed.filter((o) => o.wrong.length === 0 && o.missed.length === 0)
  const right = renamed.reduce((n, o) => n + o.right.length, 0)
  const wrong = renamed.reduce((n, o) => n + o.wrong.length, 0)
  const missed = renamed.reduce((n, o) => n + o.missed.length, 0)
  const withErrors = renamed.filter((o) => (o.newErrors ?? []).length > 0)
  const asked = r.outcomes.filter((o) => o.status !== "TypeScript cannot rename it")
  rows.push({ ...r, asked: asked.length, renamed: renamed.length, equal: equal.length, right, wrong, missed, withErrors: withErrors.length })
  console.log(`\n## ${r.project}: ${r.declarations} declarations, sample ${r.outcomes.length} (seed ${args.seed})`)
  for (const o of r.outcomes) {
    if (o.status !== "renamed") console.log(`- ${o.def.kind} ${o.def.name} (${o.def.file}:${o.def.line}): ${o.status}`)
    else if (o.wrong.length > 0 || o.missed.length > 0 || (o.newErrors ?? []).length > 0) {
      console.log(`- ${o.def.kind} ${o.def.name} (${o.def.file}:${o.def.line}): ${o.right.length} right, wrong ${JSON.stringify(o.wrong.slice(0, 3))}, missed ${o.missed.length} ${JSON.stringify(o.missed.slice(0, 3))}` +
        ((o.newErrors ?? []).length > 0 ? `, new errors: ${JSON.stringify(o.newErrors.slice(0, 2))}` : ""))
    }
  }
}
const pct = (a, b) => (b === 0 ? "n/a" : `${a}/${b} (${((a / b) * 100).toFixed(0)}%)`)
console.log(`\n# splice rename vs TypeScript's findRenameLocations (sample ${args.sample} per project, seed ${args.seed}; node bench/rename.mjs --sample ${args.sample} --seed ${args.seed})\n`)
console.log("| project | renamed (of those TypeScript can rename) | same locations as TypeScript (goal ≥ 95%) | location precision (goal 100%) | location recall | renames with a new type error (goal 0) |")
console.log("|---|---:|---:|---:|---:|---:|")
for (const r of rows) {
  console.log(`| ${r.project} | ${pct(r.renamed, r.asked)} | ${pct(r.equal, r.asked)} | ${pct(r.right, r.right + r.wrong)} | ${pct(r.right, r.right + r.missed)} | ${typecheck ? r.withErrors : "not checked"} |`)
}
