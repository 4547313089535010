/**
 * The import updates of `splice mv`: which TS/JS and Python files name a moved file, and their new
 * texts (importers and the moved files themselves), planned before the move from the files as they
 * are. TS/JS through TypeScript's "update imports on file rename" (the LanguageService an editor
 * uses), completed and checked by src/domain/moveImports/scriptSpecifiers.ts; Python by
 * src/domain/moveImports/pythonModules.ts over tree-sitter's import statements. Only files that
 * mention a moved name are parsed: the workspace walk (the graph's, .gitignore kept) lists them.
 */
import * as Effect from "effect/Effect"
import { grammarForPath } from "../domain/languages.js"
import { configRewrite } from "../domain/moveImports/configPaths.js"
import { pythonStringMentions, scriptStringMentions } from "../domain/moveImports/stringMentions.js"
import { afterMove, type Move } from "../domain/moveImports/movedPaths.js"
import { moduleName, type NameSpan, planPythonMove, type PythonFile, type PythonImport } from "../domain/moveImports/pythonModules.js"
import { type FileRewrite, movedEntries, movedStems, type NotRewritten, pathsToLookUp, type PathKind, planScriptMove, type WorkspacePackage } from "../domain/moveImports/scriptSpecifiers.js"
import { spliceError } from "../domain/SpliceError.js"
import { decodeText, encodeText, isDecodeFailure } from "../domain/textContent.js"
import { type WorkspacePath } from "../domain/workspacePath.js"
import { FileStore } from "../../services/FileStore.js"
import { type ScriptFileRename, Syntax } from "../../services/Syntax.js"
import { indexableFiles } from "./graph/refresh.js"
import { tsconfigChain, workspaceExportConditions } from "./graph/workspaceScripts.js"
import { configOwners } from "./configOwners.js"

const SCRIPT = new Set(["typescript", "tsx", "javascript"])
const languageOf = (path: string) => grammarForPath(path)?.language

/** A file whose imports the move rewrites: its name before, its bytes before and after. */
export interface ImportRewrite {
  readonly file: WorkspacePath
  readonly language: string
  readonly before: Uint8Array
  readonly after: Uint8Array
  readonly specifiers: FileRewrite["specifiers"]
}

export interface ImportPlan {
  readonly rewrites: ReadonlyArray<ImportRewrite>
  /** What could not be rewritten (files by their names after the move). */
  readonly notRewritten: ReadonlyArray<NotRewritten>
  /** Moved files of languages whose imports are not followed (by their names after the move). */
  readonly otherLanguages: ReadonlyArray<string>
}

/** Import statements and attribute chains of a Python file; each pattern names its statement, so names group by it. */
const PYTHON_IMPORTS = `
(import_statement name: (dotted_name) @module) @import
(import_statement name: (aliased_import name: (dotted_name) @aliased)) @import
(import_from_statement module_name: (_) @module) @from
(import_from_statement name: (dotted_name) @name) @from
(import_from_statement name: (aliased_import name: (dotted_name) @aliased)) @from
(import_from_statement (wildcard_import) @wildcard) @from
(attribute) @chain
(attribute object: (identifier) @chain)
`

const pythonFile = (file: string, text: string) =>
  Effect.gen(function*() {
    const syntax = yield* Syntax
    const matches = yield* syntax.query(grammarForPath(file)!, text, PYTHON_IMPORTS)
    const span = (c: { start: number; end: number }): NameSpan => ({ text: text.slice(c.start, c.end), start: c.start, end: c.end })
    const imports: PythonImport[] = []
    const froms = new Map<number, { module?: NameSpan; names: Array<NameSpan & { aliased: boolean }>; wildcard: boolean }>()
    const chains: NameSpan[] = []
    for (const m of matches) {
      const by = (name: string) => m.find((c) => c.name === name)
      const chain = by("chain")
      if (chain !== undefined) {
        chains.push(span(chain))
        continue
      }
      const stmt = by("import")
      if (stmt !== undefined) {
        const name = by("module") ?? by("aliased")
        if (name !== undefined) imports.push({ kind: "import", module: span(name), aliased: by("aliased") !== undefined })
        continue
      }
      const from = by("from")
      if (from === undefined) continue
      const entry = froms.get(from.start) ?? froms.set(from.start, { names: [], wildcard: false }).get(from.start)!
      const module = by("module")
      if (module !== undefined) entry.module = span(module)
      const name = by("name") ?? by("aliased")
      if (name !== undefined && !entry.names.some((n) => n.start === name.start)) entry.names.push({ ...span(name), aliased: by("aliased") !== undefined })
      if (by("wildcard") !== undefined) entry.wildcard = true
    }
    for (const f of froms.values()) {
      if (f.module !== undefined) imports.push({ kind: "from", module: f.module, names: f.names.sort((a, b) => a.start - b.start), wildcard: f.wildcard })
    }
    return { file, text, imports, chains } satisfies PythonFile
  })

/** A file's text, with its BOM; undefined for a file that is not UTF-8 text or cannot be read. */
const readDecoded = (file: string) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const bytes = yield* store.read(yield* store.locate(file as WorkspacePath), { noFollow: true })
    const decoded = decodeText(bytes)
    return isDecodeFailure(decoded) ? undefined : { bytes, text: decoded.text, bom: decoded.bom }
  }).pipe(Effect.orElseSucceed(() => undefined))

/** The workspace's own packages (a package.json with a name, outside node_modules), longest name first. */
const workspacePackages = (manifests: ReadonlyArray<readonly [string, string]>): ReadonlyArray<WorkspacePackage> =>
  manifests.flatMap(([path, text]): WorkspacePackage[] => {
    if (/(^|\/)node_modules\//.test(path)) return []
    try {
      const json = JSON.parse(text) as { name?: unknown; exports?: unknown }
      return typeof json.name === "string" && json.name !== "" ? [{ name: json.name, dir: dirOf(path), hasExports: json.exports !== undefined }] : []
    } catch {
      return []
    }
  }).sort((a, b) => b.name.length - a.name.length)

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")

/** `"."`, `".."` (a directory's index): a specifier that names no file by name. */
const NAMELESS = /(['"])\.\.?\/?\1/

/**
 * The import updates of moving `moves` (each FROM to its place), whose files (names before) are
 * `movedFiles`. Fails (SPL-E151) when a moved or mentioning TS/JS file exists but TypeScript cannot be loaded.
 */
export const planImportUpdates = (moves: ReadonlyArray<Move>, movedFiles: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const syntax = yield* Syntax
    const walked = yield* indexableFiles
    const known = new Set<string>([...walked.sources.map((f) => f.relative), ...movedFiles])
    const moved = new Set(movedFiles)
    // A JavaScript project's jsconfig.json stands where there is no tsconfig.json, as in editors.
    const tsconfig = (yield* tsconfigChain("tsconfig.json")) ?? (yield* tsconfigChain("jsconfig.json"))
    // What an importer must spell to name a moved file: its name (an index or __init__ also by its
    // directory's); for a directory, the directory's name, unless tsconfig `paths` (the root's, or a
    // package's in a monorepo) may map an alias straight into it (then every file's name).
    let aliased = tsconfig !== undefined && [...tsconfig.values()].some((t) => t.includes("\"paths\""))
    for (const f of walked.projectFiles) {
      if (aliased || !/(^|\/)tsconfig[\w.-]*\.json$/.test(f.relative)) continue
      aliased = (yield* readDecoded(f.relative))?.text.includes("\"paths\"") === true
    }
    const named = moves.some((m) => !movedFiles.includes(m.from)) && !aliased ? [] : movedFiles
    const stems = movedStems(moves, named.flatMap((f) => (/\/(index|__init__)\.(?:[cm]?[jt]sx?|py)$/.test(f) ? [f, f.slice(0, f.lastIndexOf("/"))] : [f])))
    const mentions = (text: string) => stems.some((s) => text.includes(s))
    // A TS/JS file names a module in a string: one holding a moved name (or "." / "..") is all that can.
    const quoting = new RegExp(`['"\`][^'"\`\n]*(?:${stems.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "u")
    const quotes = (text: string) => stems.length > 0 && quoting.test(text)
    const otherLanguages = movedFiles.filter((f) => {
      const l = languageOf(f)
      return l === undefined || (!SCRIPT.has(l) && l !== "python")
    }).map((f) => afterMove(moves, f))

    // TS/JS: the files that may name a moved file (and the moved ones), with the package.json files.
    const texts = new Map<string, string>()
    const decoded = new Map<string, { bytes: Uint8Array; bom: boolean }>()
    for (const f of known) {
      const l = languageOf(f)
      if (l === undefined || !SCRIPT.has(l)) continue
      const d = yield* readDecoded(f)
      if (d === undefined || (!moved.has(f) && !quotes(d.text) && !NAMELESS.test(d.text))) continue
      texts.set(f, d.text)
      decoded.set(f, d)
    }
    const rewritten: FileRewrite[] = []
    const notRewritten: NotRewritten[] = []
    if (texts.size > 0) {
      const files = new Map(texts)
      for (const m of walked.projectFiles) {
        if (!m.relative.endsWith("package.json")) continue
        const d = yield* readDecoded(m.relative)
        if (d !== undefined) files.set(m.relative, d.text)
      }
      const manifests = [...files.keys()].filter((f) => f.endsWith("package.json"))
      const conditions = workspaceExportConditions(manifests.map((m) => files.get(m)!))
      const packages = workspacePackages(manifests.map((m) => [m, files.get(m)!] as const))
      // Each file's imports as its own project reads them (a monorepo's package has its own paths,
      // baseUrl, module resolution): one LanguageService per owning config, its edits kept for its files.
      const edits: Array<ScriptFileRename["edits"][number]> = []
      const specifiers: Array<ScriptFileRename["specifiers"][number]> = []
      const configEdits = new Map<string, Array<ScriptFileRename["config"][number]>>()
      for (const project of (yield* configOwners([...texts.keys()])).projects.values()) {
        const ts = yield* syntax.scriptFileRename({ files, tsconfig: project.tsconfig, conditions, moves, scan: project.files })
        if (ts === undefined) {
          return yield* Effect.fail(spliceError("SPL-E151", `TypeScript's LanguageService could not plan the import updates of this move; nothing moved`, {
            hint: "Move the bytes only with --no-update-imports, then fix the imports (splice check lists them).",
            context: { files: [...texts.keys()].filter((f) => moved.has(f)), reason: "typescript_failed" }
          }))
        }
        const own = new Set(project.files)
        edits.push(...ts.edits.filter((e) => own.has(e.file)))
        specifiers.push(...ts.specifiers)
        for (const e of ts.config) configEdits.set(e.file, [...(configEdits.get(e.file) ?? []), e])
      }
      const base = { moves, movedFiles: new Set([...moved].filter((f) => texts.has(f))), texts, edits, specifiers, packages }
      // What the specifiers may name: the walk knows the source files; anything else (a stylesheet, JSON) is looked at.
      const kinds = new Map<string, PathKind>()
      for (const p of pathsToLookUp(base)) {
        if (known.has(p)) kinds.set(p, "file")
        else if (p === p.replace(/\.(?:d\.)?[cm]?[jt]sx?$/, "") || p.endsWith(".json")) {
          const st = yield* store.lstat(yield* store.locate(p as WorkspacePath)).pipe(Effect.option)
          const kind = st._tag === "Some" && st.value._tag === "Some" ? st.value.value.kind : undefined
          kinds.set(p, kind === "file" ? "file" : kind === "directory" ? "directory" : undefined)
        }
      }
      const planned = planScriptMove({ ...base, kindOf: (p) => kinds.get(p), packages })
      rewritten.push(...planned.files)
      notRewritten.push(...planned.notRewritten)
      for (const m of manifests) if (packages.some((p) => p.dir === dirOf(m))) notRewritten.push(...movedEntries(m, files.get(m)!, moves))
      // Strings that name a moved file outside any import (vi.mock("./a"), new URL("./w.ts", …)): listed.
      const starts = new Map<string, Set<number>>()
      for (const sp of specifiers) starts.set(sp.file, (starts.get(sp.file) ?? new Set()).add(sp.start))
      for (const [f, text] of texts) notRewritten.push(...scriptStringMentions(f, text, moves, moved, starts.get(f) ?? new Set()))
      // A tsconfig whose `paths` (or files, include, exclude) name a moved path: rewritten with the importers.
      for (const [file, list] of configEdits) {
        const d = yield* readDecoded(file)
        const rewrite = d === undefined ? undefined : configRewrite(file, d.text, list)
        if (d === undefined || rewrite === undefined) continue
        decoded.set(file, d)
        rewritten.push(rewrite)
      }
    }

    // Python: every module's name depends on the __init__.py files, so all .py paths count; the files that mention a moved name are parsed.
    const pyFiles = new Set([...known].filter((f) => languageOf(f) === "python"))
    const pyParsed: PythonFile[] = []
    for (const f of pyFiles) {
      const d = yield* readDecoded(f)
      if (d === undefined || (!moved.has(f) && !mentions(d.text))) continue
      decoded.set(f, d)
      pyParsed.push(yield* pythonFile(f, d.text))
    }
    if (pyParsed.length > 0) {
      const planned = planPythonMove({ moves, pyFiles, files: pyParsed })
      rewritten.push(...planned.files)
      notRewritten.push(...planned.notRewritten)
      // importlib.import_module("pkg.a"), mock.patch("pkg.a.f"): listed, never rewritten.
      const movedModules = [...moved].filter((f) => languageOf(f) === "python").flatMap((f) => moduleName(f, pyFiles) ?? [])
      for (const f of pyParsed) notRewritten.push(...pythonStringMentions(f.file, f.text, movedModules))
    }

    const rewrites = rewritten.map((r): ImportRewrite => {
      const d = decoded.get(r.file)!
      return { file: r.file as WorkspacePath, language: languageOf(r.file) ?? "json", before: d.bytes, after: encodeText(r.text, d.bom), specifiers: r.specifiers }
    })
    return {
      rewrites,
      notRewritten: notRewritten.map((n) => ({ ...n, file: afterMove(moves, n.file) })).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line)),
      otherLanguages
    } satisfies ImportPlan
  })
