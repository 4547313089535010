// The TypeScript projects of bench/rename.mjs: zod's or effect's src/ from the npm registry, against
// TypeScript 5.9's own `findRenameLocations` (typescript@5's LanguageService with the options of
// bench/graph-truth/ts.mjs, which the tsconfig.json written below gives splice too). Without
// prefix/suffix text TypeScript follows a rename through export specifiers into importers as splice
// does; it also offers an alias's own name (`export { Old as Alias }`, which would rename the alias,
// an exported name): only locations that spell the old name count.
// The check after each rename: TypeScript's diagnostics of the changed files, before and after.
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { byteColumn, listFiles, npmPackage, sampleByKind, workspace } from "../graph-truth/common.mjs"
import { declarations, languageService, PROJECTS, typescript5 } from "../graph-truth/ts.mjs"

const where = (ws, text, fileName, offset) => {
  const before = text.slice(0, offset)
  const line = before.split("\n").length
  const lineText = text.split("\n")[line - 1] ?? ""
  return `${fileName.slice(ws.length + 1)}:${line}:${byteColumn(lineText, offset - before.lastIndexOf("\n") - 1)}`
}

const errorsOf = (service, files) =>
  files.flatMap((f) => [...service.getSyntacticDiagnostics(f), ...service.getSemanticDiagnostics(f)])
    .map((d) => `${d.file?.fileName ?? ""}: ${typeof d.messageText === "string" ? d.messageText : d.messageText.messageText}`)

export const TYPESCRIPT_PROJECTS = Object.keys(PROJECTS)

export const prepare = ({ project, sample, seed }) => {
  const spec = PROJECTS[project]
  const ts = typescript5()
  const pkg = npmPackage(spec.name, spec.version)
  const files = listFiles(join(pkg, "src"), /\.(ts|tsx|mts|cts)$/).map((f) => `src/${f}`)
  const ws = workspace(pkg, [...files, "package.json"])
  // The package ships no tsconfig.json: one with the oracle's options (languageService's: strict,
  // ES2022 with the DOM), so that splice's LanguageService and TypeScript's are the same program.
  writeFileSync(join(ws, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", lib: ["ES2022", "DOM"], module: "ESNext", moduleResolution: "Bundler", customConditions: spec.conditions, skipLibCheck: true, noEmit: true } }, null, 2))
  const overrides = new Map()
  let version = 1
  const service = languageService(ts, ws, files.map((f) => join(ws, f)), spec.conditions, overrides)
  const program = service.getProgram()
  const all = declarations(ts, program, ws).filter((d) => !d.file.includes("/tests/") && !d.file.includes(".test."))
  const reread = (changed) => { for (const f of changed) overrides.set(join(ws, f), { version: String(++version), text: readFileSync(join(ws, f), "utf8") }) }
  return {
    ws,
    label: `${spec.name} ${spec.version} \`src/\` (${files.length} files)`,
    oracleName: `TypeScript ${ts.version} findRenameLocations`,
    declarations: all.length,
    chosen: sampleByKind(all, sample, seed),
    oracle: (def) => {
      const file = join(ws, def.file)
      if (!service.getRenameInfo(file, def.start, { allowRenameOfImportPath: false }).canRename) return undefined
      return new Set((service.findRenameLocations(file, def.start, false, false, { providePrefixAndSuffixTextForRename: false }) ?? [])
        .filter((l) => l.fileName.startsWith(ws + "/") && program.getSourceFile(l.fileName).text.slice(l.textSpan.start, l.textSpan.start + l.textSpan.length) === def.name)
        .map((l) => where(ws, program.getSourceFile(l.fileName).text, l.fileName, l.textSpan.start)))
    },
    checkName: "new type error",
    // The LanguageService still holds the files as they were: their errors then, then as renamed.
    errors: (changed) => {
      const before = errorsOf(service, changed.map((f) => join(ws, f)))
      reread(changed)
      return { before, after: errorsOf(service, changed.map((f) => join(ws, f))) }
    },
    restored: reread,
    close: () => service.dispose()
  }
}
