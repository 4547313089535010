// TypeScript: splice's graph against TypeScript's own LanguageService (typescript@5, JS API) on real
// code nobody here wrote — effect 3.22.4's src/ and zod 3.25.76's src/, from the npm registry.
// Declarations (top level, namespace members, class and interface methods; overloads and merged
// declarations are one symbol) are sampled by kind with a fixed seed; members (class fields and
// accessors, parameter properties, interface and type-literal properties, enum members) are sampled
// apart (--members, 0 for none), so the declarations' sample stays the one of earlier figures. For
// each, `findReferences` gives the truth and splice answers `find` + `refs` through `splice mcp`.
// Usage: npm run build && node bench/graph-truth/ts.mjs [--project effect|zod] [--sample 66] [--members 30] [--seed 11] [--groups own|family]
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { ctagsCoverage, ctagsText, byteColumn, listFiles, npmPackage, parseArgs, querySymbol, removeWorkspace, report, sampleByKind, siteClass, sourceLines, splice, spliceServer, WORK, workspace } from "./common.mjs"

export const PROJECTS = {
  effect: { name: "effect", version: "3.22.4", conditions: [] },
  // zod's own tests import "zod/v4" etc.: its package.json beside src/ and the "@zod/source" export condition resolve them to src/.
  zod: { name: "zod", version: "3.25.76", conditions: ["@zod/source"] }
}

/** typescript@5 (the repository's own is 7.x, which has no JS API), installed once under bench/.work. */
export const typescript5 = () => {
  const prefix = join(WORK, "ts5")
  const main = join(prefix, "node_modules", "typescript")
  if (!existsSync(join(main, "package.json"))) {
    execFileSync("npm", ["install", "--silent", "--no-audit", "--no-fund", "--prefix", prefix, "typescript@5.9.3"], { stdio: "inherit" })
  }
  return createRequire(import.meta.url)(main)
}

/** A LanguageService over the files; `overrides` (path → { version, text }) stands in for edits not on disk. */
export const languageService = (ts, ws, files, conditions, overrides = new Map()) => {
  const options = { customConditions: conditions, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, noEmit: true, skipLibCheck: true, allowJs: true, lib: ["lib.es2022.d.ts", "lib.dom.d.ts"] }
  const host = {
    getScriptFileNames: () => files,
    getScriptVersion: (f) => overrides.get(f)?.version ?? "1",
    getScriptSnapshot: (f) => overrides.has(f) ? ts.ScriptSnapshot.fromString(overrides.get(f).text) : existsSync(f) ? ts.ScriptSnapshot.fromString(readFileSync(f, "utf8")) : undefined,
    getCurrentDirectory: () => ws,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories
  }
  return ts.createLanguageService(host, ts.createDocumentRegistry())
}

/**
 * Declarations splice should know, one per TypeScript symbol, with splice's kind names; with
 * `members`, also the members that are not methods (kind "property", enum members "enum member").
 */
export const declarations = (ts, program, ws, { members = false } = {}) => {
  const checker = program.getTypeChecker()
  const seen = new Set()
  const out = []
  const add = (node, kind, sf) => {
    if (node.name === undefined || !ts.isIdentifier(node.name)) return
    const symbol = checker.getSymbolAtLocation(node.name)
    if (symbol === undefined || seen.has(symbol)) return
    seen.add(symbol)
    const pos = sf.getLineAndCharacterOfPosition(node.name.getStart(sf))
    const text = sf.text.split(/\r?\n/)[pos.line]
    out.push({ name: node.name.text, kind, file: sf.fileName.slice(ws.length + 1), line: pos.line + 1, col: byteColumn(text, pos.character), start: node.name.getStart(sf) })
  }
  /** A type literal's properties (`type P = { a: number }`, also in `A & { … }`). */
  const literalMembers = (type, sf) => {
    if (ts.isTypeLiteralNode(type)) for (const m of type.members) if (ts.isPropertySignature(m)) add(m, "property", sf)
    if (ts.isIntersectionTypeNode(type)) for (const t of type.types) literalMembers(t, sf)
  }
  const visitStatements = (statements, sf) => {
    for (const s of statements) {
      if (ts.isFunctionDeclaration(s)) add(s, "function", sf)
      else if (ts.isClassDeclaration(s)) {
        add(s, "class", sf)
        for (const m of s.members) if (ts.isMethodDeclaration(m)) add(m, "method", sf)
        if (members) {
          for (const m of s.members) {
            if (ts.isPropertyDeclaration(m) || ts.isGetAccessor(m) || ts.isSetAccessor(m)) add(m, "property", sf)
            if (ts.isConstructorDeclaration(m)) for (const p of m.parameters) if (ts.isParameterPropertyDeclaration(p, m)) add(p, "property", sf)
          }
        }
      } else if (ts.isInterfaceDeclaration(s)) {
        add(s, "interface", sf)
        for (const m of s.members) if (ts.isMethodSignature(m)) add(m, "method", sf)
        if (members) for (const m of s.members) if (ts.isPropertySignature(m)) add(m, "property", sf)
      } else if (ts.isTypeAliasDeclaration(s)) {
        add(s, "type", sf)
        if (members) literalMembers(s.type, sf)
      } else if (ts.isEnumDeclaration(s)) {
        add(s, "enum", sf)
        if (members) for (const m of s.members) add(m, "enum member", sf)
      } else if (ts.isVariableStatement(s)) {
        const constant = (s.declarationList.flags & ts.NodeFlags.Const) !== 0
        for (const d of s.declarationList.declarations) add(d, constant ? "constant" : "variable", sf)
      } else if (ts.isModuleDeclaration(s) && ts.isIdentifier(s.name) && (s.flags & ts.NodeFlags.GlobalAugmentation) === 0) {
        add(s, "namespace", sf)
        let body = s.body
        while (body !== undefined && ts.isModuleDeclaration(body)) body = body.body
        if (body !== undefined && ts.isModuleBlock(body)) visitStatements(body.statements, sf)
      }
    }
  }
  for (const sf of program.getSourceFiles()) if (sf.fileName.startsWith(ws + "/")) visitStatements(sf.statements, sf)
  return out
}

/**
 * findReferences, kept to the symbol itself and its import/export aliases (not implementations or base
 * members). TypeScript groups the references by symbol and, for a method that overrides or implements
 * another (`toJSON()` of a class implementing `Inspectable`, any class's `toString()`), puts the root
 * member's group first (`Object.toString`: every `x.toString()` of the project): the symbol's own group
 * is the one whose definition is the sampled declaration. `family` (--groups family) takes the first
 * group instead, as this script did before 2026-12-01 evening: the figures of that reading.
 */
const oracleReferences = (ts, service, program, ws, def, family) => {
  const file = join(ws, def.file)
  const groups = service.findReferences(file, def.start) ?? []
  const ownIndex = groups.findIndex((g) => g.definition.fileName === file && g.definition.textSpan.start <= def.start && def.start < g.definition.textSpan.start + g.definition.textSpan.length)
  const own = family || ownIndex < 0 ? 0 : ownIndex
  const refs = [], decls = []
  const where = (entry) => {
    const sf = program.getSourceFile(entry.fileName)
    const pos = sf.getLineAndCharacterOfPosition(entry.textSpan.start)
    return { file: entry.fileName.slice(ws.length + 1), line: pos.line + 1, col: byteColumn(sf.text.split(/\r?\n/)[pos.line], pos.character) }
  }
  groups.forEach((g, i) => {
    if (i !== own && g.definition.kind !== ts.ScriptElementKind.alias) return
    for (const r of g.references) {
      if (!r.fileName.startsWith(ws + "/")) continue
      ;(r.isDefinition ? decls : refs).push(where(r))
    }
  })
  return { refs, declarations: decls }
}

export const run = async ({ project = "effect", sample, seed, groups = "own", members = 30 }) => {
  if (groups !== "own" && groups !== "family") throw new Error("--groups is own or family")
  const spec = PROJECTS[project]
  if (spec === undefined) throw new Error(`--project is one of ${Object.keys(PROJECTS).join(", ")}`)
  const ts = typescript5()
  const pkg = npmPackage(spec.name, spec.version)
  const files = listFiles(join(pkg, "src"), /\.(ts|tsx|mts|cts)$/).map((f) => `src/${f}`)
  const ws = workspace(pkg, [...files, "package.json"])
  try {
    const index = splice(ws, ["index", "--full"])
    const service = languageService(ts, ws, files.map((f) => join(ws, f)), spec.conditions)
    const program = service.getProgram()
    const everything = declarations(ts, program, ws, { members: members > 0 })
    const isMember = (d) => d.kind === "property" || d.kind === "enum member"
    const all = everything.filter((d) => !isMember(d))
    const memberDecls = everything.filter(isMember)
    const ctags = ctagsCoverage(ws, "TypeScript", ["function", "class", "interface", "method", "enum", "alias", "constant", "variable", "namespace", "generator"],
      new Set(all.map((d) => `${d.file}:${d.line}:${d.name}`)))
    const chosen = [...sampleByKind(all, sample, seed), ...sampleByKind(memberDecls, members, seed)]
    const server = await spliceServer(ws)
    const lines = sourceLines(ws)
    const outcomes = []
    const t = performance.now()
    try {
      for (const def of chosen) outcomes.push(await querySymbol(server, lines, { ...def, ...oracleReferences(ts, service, program, ws, def, groups === "family") }))
    } finally {
      await server.close()
    }
    const lineCount = files.reduce((n, f) => n + readFileSync(join(ws, f), "utf8").split("\n").length, 0)
    const label = `TypeScript, ${spec.name} ${spec.version} src/ (${files.length} files, ${Math.round(lineCount / 1000)}k lines) vs TS LanguageService ${ts.version}; ` +
      `${all.length} declarations and ${memberDecls.length} members, sample ${chosen.length}, seed ${seed}${groups === "family" ? ", the first group of each symbol's references (--groups family)" : ""}`
    const rep = report(label, outcomes, lines, siteClass)
    return { ...rep, text: rep.text + "\n" + ctagsText(ctags, lines), ctags, label, row: `TypeScript, ${spec.name} ${spec.version} \`src/\``, oracle: "TS LanguageService", index, queryMs: performance.now() - t, outcomes, lines }
  } finally {
    removeWorkspace(ws)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2), { project: "effect", members: 30 })
  const r = await run(args)
  console.log(r.text)
  console.log(`(splice index --full ${(r.index.ms / 1000).toFixed(1)} s, peak RSS ${r.index.peakRssMb?.toFixed(0) ?? "?"} MB; oracle + queries ${(r.queryMs / 1000).toFixed(1)} s)`)
}
