/**
 * `splice suggest --fn-name NAME --desc TEXT [--file TARGET] [--include-tests]`: a scaffold grounded
 * in the graph. Keywords (stop words dropped) rank the symbols of the target's language by their
 * names, their docs (the comment or docstring at the definition, read from the file), their module
 * paths and signatures; test code takes no part unless asked. The best-ranked ones lend the
 * signature its parameter and return types — only types the target can import (exported, top level),
 * with their required type parameters — written relative to TARGET in the project's import style.
 * With nothing related, it says so.
 */
import * as Effect from "effect/Effect"
import { buildScaffold, importStyleOf, typeParamsOf, type ImportStyle, type TypeUse } from "../../domain/graph/scaffold.js"
import { packageTypeOf, scriptStyleOf, type SourceSample } from "../../domain/graph/scriptStyle.js"
import { docAt, isTestPath, keywordWeights, keywordsOf, scoreCandidate, stem, type Candidate } from "../../domain/graph/suggestRank.js"
import { grammarForPath } from "../../domain/languages.js"
import { spliceError } from "../../domain/SpliceError.js"
import { FileStore } from "../../../services/FileStore.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { SYMBOL_COLUMNS, type SymbolRow } from "./find.js"
import { refreshGraph } from "./refresh.js"
import { userPath, type WorkspacePath } from "../../domain/workspacePath.js"

export interface SuggestConfig {
  readonly fnName: string
  readonly desc: string
  readonly file?: string
  /** Let test code be a source of related symbols and types. */
  readonly includeTests?: boolean
}

const TYPE_KINDS = new Set(["class", "interface", "struct", "type", "enum", "trait"])
const FUNCTION_KINDS = new Set(["function", "method"])
const SCRIPT = ["typescript", "tsx", "javascript"]
/** Files read for docs at most; past that, the files whose symbols matched by name first. */
const MAX_DOC_FILES = 4000

/** Languages whose symbols a target of `language` can use. */
const familyOf = (language: string) => (SCRIPT.includes(language) ? (language === "javascript" ? ["javascript"] : ["typescript", "tsx"]) : [language])

/** TypeScript's global type names: never imported. */
const TS_GLOBALS = new Set(("Array ReadonlyArray Record Partial Required Readonly Pick Omit Exclude Extract NonNullable Parameters ReturnType " +
  "InstanceType ConstructorParameters Awaited Promise PromiseLike Map Set ReadonlyMap ReadonlySet WeakMap WeakSet Date RegExp Error " +
  "Function Object String Number Boolean Symbol BigInt Iterable Iterator IterableIterator AsyncIterable AsyncIterator " +
  "AsyncIterableIterator Generator AsyncGenerator ArrayLike Uint8Array ArrayBuffer PropertyKey ThisType Uppercase Lowercase " +
  "Capitalize Uncapitalize NoInfer TemplateStringsArray").split(" "))

/** Type names mentioned in a parameter list or return type (capitalised or `$`-prefixed; not qualifiers, not parameter names). */
const typeNamesIn = (text: string | null) =>
  [...new Set([...(text ?? "").matchAll(/(?<![\w$.])(\$?[A-Z][\w$]*)(?![\w$]*\s*(\.|\??:(?!:)))/g)].map((m) => m[1]!))]

export const suggestCommand = (config: SuggestConfig) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const store = yield* FileStore
    const output = yield* Output
    if (config.fnName.trim() === "") return yield* Effect.fail(spliceError("SPL-E010", "--fn-name is empty"))
    yield* refreshGraph({ full: false, progress: true })
    const target = config.file === undefined ? null : (yield* store.resolve(userPath(config.file))).relative
    const targetExists = target === null ? false : (yield* store.stat(yield* store.locate(target)))._tag === "Some"
    const keywords = keywordsOf(config.fnName, config.desc)
    const allowed = (file: string) => config.includeTests === true || !isTestPath(file)
    const decoder = new TextDecoder()
    const linesCache = new Map<string, string[]>()
    const textOf = (file: string) =>
      Effect.gen(function*() {
        const cached = linesCache.get(file)
        if (cached !== undefined) return cached
        const p = yield* store.locate(file as WorkspacePath)
        const lines = (yield* store.stat(p))._tag === "None" ? [] : decoder.decode(yield* store.read(p)).split(/\r?\n/)
        linesCache.set(file, lines)
        return lines
      })

    const targetLanguage = target !== null ? grammarForPath(target)?.language : undefined
    const languages = targetLanguage !== undefined ? familyOf(targetLanguage) : null
    const rows = (yield* db.all<SymbolRow>(
      `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id` +
        (languages !== null ? ` WHERE f.language IN (${languages.map(() => "?").join(", ")})` : ""), languages ?? [])).filter((r) => allowed(r.file))

    // Ranking: by names, docs (of the files that mention a keyword), paths and signatures.
    const candidate = (r: SymbolRow, doc: string): Candidate => ({
      name: r.name, kind: r.kind, file: r.file, signature: r.signature, doc, exported: r.exported === 1, nested: r.container !== null
    })
    const byFile = new Map<string, SymbolRow[]>()
    for (const r of rows) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r])
    let docFiles = [...byFile.keys()]
    if (docFiles.length > MAX_DOC_FILES) {
      const best = new Map<string, number>()
      for (const r of rows) best.set(r.file, Math.max(best.get(r.file) ?? 0, scoreCandidate(candidate(r, ""), keywords).score))
      docFiles = docFiles.sort((a, b) => best.get(b)! - best.get(a)!).slice(0, MAX_DOC_FILES)
    }
    const stems = keywords.map(stem)
    const docs = new Map<number, string>()
    for (const file of docFiles) {
      const lines = yield* textOf(file)
      const lower = lines.join("\n").toLowerCase()
      if (!stems.some((s) => lower.includes(s))) {
        linesCache.delete(file)
        continue
      }
      for (const r of byFile.get(file)!) docs.set(r.id, docAt(lines, r.start_line, r.end_line, r.language))
    }
    const final = rows.map((r) => candidate(r, docs.get(r.id) ?? ""))
    const weights = keywordWeights(final, keywords)
    const ranked = rows
      .map((r, i) => ({ row: r, ...scoreCandidate(final[i]!, keywords, weights) }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || a.row.qualified_name.localeCompare(b.row.qualified_name))
    const related = ranked.slice(0, 8)

    const language = targetLanguage ?? related[0]?.row.language ??
      (yield* db.all<{ language: string }>("SELECT language, count(*) AS n FROM files GROUP BY language ORDER BY n DESC LIMIT 1"))[0]?.language ?? "typescript"
    const family = familyOf(language)

    // A type the target can name: defined in the target, or exported at the top level of its module.
    const importable = (r: SymbolRow) => r.file === target || (r.exported === 1 && r.container === null)
    const typeRow = (name: string, near: string) =>
      Effect.map(
        db.all<SymbolRow>(
          `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.name = ? AND s.kind IN ('class','interface','struct','type','enum','trait') ORDER BY (f.path = ?) DESC, s.exported DESC`,
          [name, near]),
        (rs) => rs.find((r) => family.includes(r.language) && allowed(r.file) && importable(r))
      )
    const isScript = SCRIPT.includes(language)
    const globalType = (n: string) => isScript && TS_GLOBALS.has(n)
    const alsoImport: TypeUse[] = []
    /** The type as the scaffold uses it; undefined when its type parameters cannot be written here. */
    const typeUse = (def: SymbolRow) =>
      Effect.gen(function*() {
        if (!(isScript || language === "go")) return { name: def.name, file: def.file } as TypeUse
        const lines = yield* textOf(def.file)
        const decl = lines.slice(def.start_line - 1, Math.min(def.end_line, def.start_line + 20)).join("\n")
        const typeParams = typeParamsOf(decl, def.name, language)
        // A constraint may name other types: each must be a type parameter, a global or importable.
        const extra: TypeUse[] = []
        for (const p of typeParams) {
          for (const n of typeNamesIn(p.constraint ?? "")) {
            if (typeParams.some((q) => q.name === n) || globalType(n)) continue
            const r = yield* typeRow(n, def.file)
            if (r === undefined) return undefined
            extra.push({ name: r.name, file: r.file })
          }
        }
        alsoImport.push(...extra)
        return { name: def.name, file: def.file, typeParams } as TypeUse
      })

    // Types come from the related symbols of the target's language that match by name or doc.
    const sameLanguage = related.filter((r) => family.includes(r.row.language) && r.strong)
    const params: TypeUse[] = []
    let returns: TypeUse | null = null
    // A function's own type parameters (`f<A>(…)`, `const f = <A>(…) =>`) are no types to import.
    const ownTypeParams = (r: SymbolRow) => {
      const paren = r.signature.indexOf("(")
      const head = paren === -1 ? r.signature : r.signature.slice(0, paren)
      const list = /<([^()]*)>\s*$/.exec(head)?.[1] ?? ""
      return new Set([...typeParamsOf(r.signature, r.name, language).map((p) => p.name), ...list.split(",").map((p) => /^\s*(?:const\s+)?([\w$]+)/.exec(p)?.[1] ?? "")])
    }
    for (const r of sameLanguage) {
      if (!FUNCTION_KINDS.has(r.row.kind)) continue
      const own = ownTypeParams(r.row)
      const usable = (n: string) => !own.has(n) && !globalType(n)
      for (const t of typeNamesIn(r.row.parameters).filter(usable)) {
        if (params.length >= 3 || params.some((p) => p.name === t)) continue
        const def = yield* typeRow(t, r.row.file)
        const use = def === undefined ? undefined : yield* typeUse(def)
        if (use !== undefined) params.push(use)
      }
      if (returns === null) {
        for (const t of typeNamesIn(r.row.return_type).filter(usable)) {
          const def = yield* typeRow(t, r.row.file)
          const use = def === undefined ? undefined : yield* typeUse(def)
          if (use !== undefined) {
            returns = use
            break
          }
        }
      }
    }
    if (params.length === 0) {
      // A related type becomes the parameter only when its name says it is what the intent is about.
      const directType = sameLanguage.find((r) => TYPE_KINDS.has(r.row.kind) && r.byName && importable(r.row))
      const use = directType === undefined ? undefined : yield* typeUse(directType.row)
      if (use !== undefined) params.push(use)
    }

    const projected = isScript && target !== null ? yield* projectStyle(target, family, textOf) : undefined
    const pythonModules = language === "python" ? yield* pythonModulesFor([...params, ...(returns ? [returns] : [])], target) : undefined
    const go = language === "go" ? yield* goContext(target, targetExists, textOf) : undefined
    const built = buildScaffold({
      language, fnName: config.fnName, desc: config.desc, params, returns, target,
      ...(alsoImport.length > 0 ? { alsoImport } : {}),
      ...(projected ? { style: projected.style, script: projected.script } : {}),
      ...(pythonModules ? { pythonModules } : {}),
      ...(go?.module ? { goModule: go.module } : {}),
      ...(go?.package ? { goPackage: go.package } : {})
    })
    const inferredFrom = related.slice(0, 5).map((r) => ({
      name: r.row.qualified_name, kind: r.row.kind, file: r.row.file, line: r.row.start_line, signature: r.row.signature, score: Math.round(r.score * 100) / 100
    }))
    const note = related.length === 0 ? "nothing related found in the code graph: a plain signature" : undefined
    const header = language === "python" ? "#" : "//"
    const scaffold = `${header} Suggested scaffold for ${config.fnName}\n${header} ${inferredFrom.length > 0 ? `Inferred from: ${inferredFrom.map((i) => i.name).join(", ")}` : "Nothing related found in the code graph"}\n${built.scaffold}`
    return yield* output.result("suggest", {
      function_name: config.fnName,
      language,
      suggested_signature: built.signature,
      imports: built.imports,
      inferred_from: inferredFrom,
      keywords,
      scaffold,
      ...(note ? { note } : {})
    }, (t) => `${t.graph.scaffold(header, config.fnName, inferredFrom.map((i) => i.name))}${built.scaffold}`)
  })

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")

/** The nearest `name` in the target's directory or above it (workspace-relative), if any. */
const nearestUp = (target: string | null, name: string) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    for (let d = target === null ? "" : dirOf(target); ; d = dirOf(d)) {
      const p = yield* store.locate(`${d === "" ? "" : d + "/"}${name}` as WorkspacePath)
      if ((yield* store.stat(p))._tag === "Some") return { dir: d, text: new TextDecoder().decode(yield* store.read(p)) }
      if (d === "") return undefined
    }
  })

/** Directory steps from one directory to another (up to their common ancestor, then down). */
const dirDistance = (a: string, b: string) => {
  const x = a === "" ? [] : a.split("/")
  const y = b === "" ? [] : b.split("/")
  let i = 0
  while (i < x.length && i < y.length && x[i] === y[i]) i++
  return x.length - i + (y.length - i)
}

/** Files sampled for the code style: the target (if it has content) and the nearest others of its family. */
const STYLE_SAMPLES = 6

/**
 * The TS/JS project's style near the target: the extension of the relative specifiers the files in
 * the target's directory (else anywhere) write; quotes, semicolons, indentation, module system and
 * CommonJS export form of the target and the files nearest it (same directory first, test code
 * last), with the nearest package.json's `"type"`.
 */
const projectStyle = (target: string, family: ReadonlyArray<string>, textOf: (f: string) => Effect.Effect<string[], unknown>) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const dir = dirOf(target)
    const inLanguage = `f.language IN (${family.map(() => "?").join(", ")})`
    const near = yield* db.all<{ module: string; path: string }>(
      `SELECT i.module, f.path FROM imports i JOIN files f ON f.id = i.file_id WHERE ${inLanguage} AND i.module LIKE '.%' ORDER BY (f.path LIKE ?) DESC LIMIT 400`,
      [...family, `${dir === "" ? "" : dir + "/"}%`])
    const files = (yield* db.all<{ path: string }>(`SELECT f.path FROM files f WHERE ${inLanguage}`, [...family])).map((f) => f.path)
      .filter((f) => f !== target)
      .map((path) => ({ path, rank: [dirDistance(dir, dirOf(path)), isTestPath(path) ? 1 : 0] as const }))
      .sort((a, b) => a.rank[1] - b.rank[1] || a.rank[0] - b.rank[0] || a.path.localeCompare(b.path))
    const samples: SourceSample[] = []
    for (const path of [target, ...files.map((f) => f.path)]) {
      if (samples.length >= STYLE_SAMPLES) break
      const text = (yield* Effect.orElseSucceed(textOf(path), () => [] as string[])).join("\n")
      if (text.trim() !== "") samples.push({ path, text })
    }
    const pkg = yield* nearestUp(target, "package.json")
    const script = scriptStyleOf(target, pkg === undefined ? null : packageTypeOf(pkg.text), samples)
    const style: ImportStyle = { extension: importStyleOf(near.map((n) => n.module), []).extension, quote: script.quote, semicolon: script.semicolon }
    return { style, script }
  })

/**
 * Python modules as imports name them: the package root is the first directory up without an
 * __init__.py; a file in the target's own package is imported relatively.
 */
const pythonModulesFor = (uses: ReadonlyArray<TypeUse>, target: string | null) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const isPackage = (dir: string) =>
      Effect.map(Effect.flatMap(store.locate(`${dir === "" ? "" : dir + "/"}__init__.py` as WorkspacePath), store.stat), (o) => o._tag === "Some")
    const modules = new Map<string, string>()
    for (const t of uses) {
      if (t.file === null || modules.has(t.file)) continue
      const base = t.file.slice(t.file.lastIndexOf("/") + 1).replace(/\.pyi?$/, "")
      const dir = dirOf(t.file)
      if (target !== null && dirOf(target) === dir && dir !== "" && (yield* isPackage(dir))) {
        modules.set(t.file, base === "__init__" ? "." : `.${base}`)
        continue
      }
      const parts = base === "__init__" ? [] : [base]
      let d = dir
      while (d !== "" && (yield* isPackage(d))) {
        parts.unshift(d.slice(d.lastIndexOf("/") + 1))
        d = dirOf(d)
      }
      modules.set(t.file, parts.join("."))
    }
    return modules
  })

/** Go: the module (from the nearest go.mod up from the target) and, for a file without one (new or empty), its package clause. */
const goContext = (target: string | null, targetExists: boolean, textOf: (f: string) => Effect.Effect<string[], unknown>) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const goMod = yield* nearestUp(target, "go.mod")
    const m = goMod === undefined ? null : /^module\s+(\S+)/m.exec(goMod.text)
    const module = goMod !== undefined && m !== null ? { dir: goMod.dir, module: m[1]! } : undefined
    const hasClause = (lines: ReadonlyArray<string>) => lines.map((l) => /^package\s+(\w+)/.exec(l)).find((m) => m !== null)
    if (target === null) return { module, package: undefined }
    if (targetExists && hasClause(yield* Effect.orElseSucceed(textOf(target), () => [] as string[])) !== undefined) return { module, package: undefined }
    const dir = dirOf(target)
    const siblings = yield* db.all<{ path: string }>("SELECT path FROM files WHERE language = 'go' AND path LIKE ? AND path NOT LIKE '%_test.go' LIMIT 20", [`${dir === "" ? "" : dir + "/"}%`])
    for (const s of siblings.filter((s) => dirOf(s.path) === dir)) {
      const lines = yield* Effect.orElseSucceed(textOf(s.path), () => [] as string[])
      const clause = hasClause(lines)
      if (clause) return { module, package: clause[1]! }
    }
    return { module, package: dir === "" ? "main" : dir.slice(dir.lastIndexOf("/") + 1).replace(/[^A-Za-z0-9_]/g, "") }
  })
