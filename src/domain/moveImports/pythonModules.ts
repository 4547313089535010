/**
 * What a move changes in Python files: `import a.b`, `import a.b as m`, `from a.b import x`,
 * relative `from .b import x` and `from . import b` that name a moved module (in its importers and
 * in the moved modules themselves, whose relative imports change meaning), spelled again from the
 * module's new name — relative where it was relative and both stay in one package, absolute
 * otherwise. `import a.b` binds `a`, so the file's uses `a.b.f()` are rewritten with it. A
 * `from p import m, x` naming a moved submodule beside names that stay is listed, not split. Pure.
 */
import { afterMove, dirOf, type Move, movedPath } from "./movedPaths.js"
import { applySpanEdits, lineAt, type SpanEdit } from "./spanEdits.js"
import type { FileRewrite, NotRewritten, RewrittenSpecifier } from "./scriptSpecifiers.js"

/** A dotted name in the text (UTF-16 offsets). */
export interface NameSpan {
  readonly text: string
  readonly start: number
  readonly end: number
}

/** One import statement of a Python file, as tree-sitter found it. */
export type PythonImport =
  | { readonly kind: "import"; readonly module: NameSpan; readonly aliased: boolean }
  | { readonly kind: "from"; readonly module: NameSpan; readonly names: ReadonlyArray<NameSpan & { readonly aliased: boolean }>; readonly wildcard: boolean }

export interface PythonFile {
  readonly file: string
  readonly text: string
  readonly imports: ReadonlyArray<PythonImport>
  /** Attribute chains and the identifiers they start with (`a.b.f` gives a.b.f, a.b and a): where `import a.b` is used. */
  readonly chains: ReadonlyArray<NameSpan>
}

/** The directory a file's absolute module names start from: the nearest ancestor that is no package (no __init__.py). */
const packageRoot = (file: string, pyFiles: ReadonlySet<string>): string => {
  let dir = dirOf(file)
  while (dir !== "" && pyFiles.has(`${dir}/__init__.py`)) dir = dirOf(dir)
  return dir
}

/** A .py file's module name under its package root (`pkg/sub/__init__.py` → pkg.sub); undefined outside any. */
export const moduleName = (file: string, pyFiles: ReadonlySet<string>): string | undefined => {
  const root = packageRoot(file, pyFiles)
  const rel = root === "" ? file : file.slice(root.length + 1)
  const parts = rel.replace(/\.pyi?$/, "").split("/")
  if (parts[parts.length - 1] === "__init__") parts.pop()
  if (parts.length === 0 || parts.some((p) => !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(p))) return undefined
  return parts.join(".")
}

/** The package a file's relative imports start from: its own for __init__.py, its parent's otherwise. */
const packageOf = (file: string, pyFiles: ReadonlySet<string>): string[] | undefined => {
  const name = moduleName(file, pyFiles)
  if (name === undefined) return undefined
  const parts = name.split(".")
  return file.endsWith("/__init__.py") || file === "__init__.py" ? parts : parts.slice(0, -1)
}

/** The roots an absolute import is looked for from (as the graph resolves them): the importer's package root, the workspace root, src/. */
const rootsFor = (file: string, pyFiles: ReadonlySet<string>): string[] => [...new Set([packageRoot(file, pyFiles), "", "src"])]

/** The file a module name is (module.py, or package/__init__.py) under one of the roots. */
const fileOfModule = (dotted: ReadonlyArray<string>, roots: ReadonlyArray<string>, pyFiles: ReadonlySet<string>): string | undefined => {
  for (const root of roots) {
    const base = [root, ...dotted].filter((s) => s !== "").join("/")
    for (const f of [`${base}.py`, `${base}/__init__.py`]) if (pyFiles.has(f)) return f
  }
  return undefined
}

/** A `from` module (`..a.b`, `.`, `a.b`) as an absolute module name's parts, from the importer's package. */
const absoluteOf = (module: string, importer: string, pyFiles: ReadonlySet<string>): { parts: string[]; relative: boolean } | undefined => {
  const dots = /^\.*/.exec(module)![0].length
  const rest = module.slice(dots).split(".").filter((s) => s !== "")
  if (dots === 0) return { parts: rest, relative: false }
  const pkg = packageOf(importer, pyFiles)
  if (pkg === undefined || dots - 1 > pkg.length) return undefined
  return { parts: [...pkg.slice(0, pkg.length - (dots - 1)), ...rest], relative: true }
}

/** `target` spelled from `importer`'s package: relative (dots) when it was and they share a package, else absolute. */
const spellModule = (target: string[], importer: string, pyFilesAfter: ReadonlySet<string>, relative: boolean): string => {
  if (!relative) return target.join(".")
  const pkg = packageOf(importer, pyFilesAfter)
  if (pkg === undefined || pkg.length === 0 || pkg[0] !== target[0]) return target.join(".")
  let common = 0
  while (common < pkg.length && common < target.length && pkg[common] === target[common]) common++
  return ".".repeat(pkg.length - common + 1) + target.slice(common).join(".")
}

/**
 * The .py files after a move, with an `__init__.py` for each directory the move made inside a
 * package (a directory no file was in before, its parent a package): Python imports it as a
 * namespace package, so `pkg/a.py` moved to `pkg/sub/a.py` is `pkg.sub.a`.
 */
const packagesMade = (after: Set<string>, before: ReadonlySet<string>): ReadonlySet<string> => {
  const existed = new Set<string>()
  for (const f of before) for (let d = dirOf(f); d !== "" && !existed.has(d); d = dirOf(d)) existed.add(d)
  const made = new Set<string>()
  for (const f of after) for (let d = dirOf(f); d !== "" && !existed.has(d); d = dirOf(d)) made.add(d)
  // Shallowest first: a made directory is a package when its parent is one (made or not).
  for (const d of [...made].sort((a, b) => a.split("/").length - b.split("/").length)) {
    const parent = dirOf(d)
    if (parent !== "" && after.has(`${parent}/__init__.py`) && !after.has(`${d}/__init__.py`)) after.add(`${d}/__init__.py`)
  }
  return after
}

export interface PythonPlanInput {
  readonly moves: ReadonlyArray<Move>
  /** Every .py file of the workspace before the move. */
  readonly pyFiles: ReadonlySet<string>
  /** The files to look at (importers and moved modules), names before the move. */
  readonly files: ReadonlyArray<PythonFile>
}

export const planPythonMove = (input: PythonPlanInput): { readonly files: ReadonlyArray<FileRewrite>; readonly notRewritten: ReadonlyArray<NotRewritten> } => {
  const { moves, pyFiles } = input
  const after = packagesMade(new Set([...pyFiles].map((f) => afterMove(moves, f))), pyFiles)
  const out: FileRewrite[] = []
  const notRewritten: NotRewritten[] = []
  for (const f of input.files) {
    const importerAfter = afterMove(moves, f.file)
    /**
     * The name `file` is imported by after the move, from this importer: its name under its package
     * root when the importer reaches that root, else its path from the workspace root (directories
     * without __init__.py are namespace packages: `mv util.py lib/util.py` makes it `lib.util`).
     */
    const newModuleOf = (file: string): string | undefined => {
      const moved = afterMove(moves, file)
      const name = moduleName(moved, after)
      if (name !== undefined && fileOfModule(name.split("."), rootsFor(importerAfter, after), after) === moved) return name
      const parts = moved.replace(/\.pyi?$/, "").split("/")
      if (parts[parts.length - 1] === "__init__") parts.pop()
      return parts.length > 0 && parts.every((p) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(p)) ? parts.join(".") : undefined
    }
    const edits: SpanEdit[] = []
    const specifiers: RewrittenSpecifier[] = []
    const importerMoved = movedPath(moves, f.file) !== undefined
    const roots = rootsFor(f.file, pyFiles)
    const rewrite = (span: NameSpan, next: string) => {
      if (next === span.text) return
      edits.push({ start: span.start, end: span.end, text: next })
      specifiers.push({ line: lineAt(f.text, span.start), from: span.text, to: next })
    }
    for (const imp of f.imports) {
      if (imp.kind === "import") {
        const parts = imp.module.text.split(".")
        const target = fileOfModule(parts, roots, pyFiles)
        if (target === undefined || movedPath(moves, target) === undefined) continue
        const next = newModuleOf(target)
        if (next === undefined) {
          notRewritten.push({ file: f.file, line: lineAt(f.text, imp.module.start), specifier: imp.module.text, reason: "not_found" })
          continue
        }
        rewrite(imp.module, next)
        // `import a.b` binds `a`: its uses name the module by its full dotted name.
        if (!imp.aliased && next !== imp.module.text) for (const c of f.chains) if (c.text === imp.module.text) edits.push({ start: c.start, end: c.end, text: next })
        continue
      }
      const abs = absoluteOf(imp.module.text, f.file, pyFiles)
      if (abs === undefined) continue
      const moduleFile = fileOfModule(abs.parts, abs.relative ? [packageRoot(f.file, pyFiles)] : roots, pyFiles)
      if (moduleFile === undefined) continue
      const moduleMoved = movedPath(moves, moduleFile) !== undefined
      // A name of `from p import n` that is a submodule p/n.py moved on its own (p itself stays).
      const subs = imp.names.map((n) => {
        const sub = moduleFile.endsWith("__init__.py") ? fileOfModule([...abs.parts, n.text], abs.relative ? [packageRoot(f.file, pyFiles)] : roots, pyFiles) : undefined
        return sub !== undefined && !moduleMoved && movedPath(moves, sub) !== undefined ? sub : undefined
      })
      if (moduleMoved || (importerMoved && abs.relative)) {
        const next = newModuleOf(moduleFile)
        if (next === undefined) {
          notRewritten.push({ file: f.file, line: lineAt(f.text, imp.module.start), specifier: imp.module.text, reason: "not_found" })
          continue
        }
        rewrite(imp.module, spellModule(next.split("."), afterMove(moves, f.file), after, abs.relative))
      }
      if (subs.every((s) => s === undefined)) continue
      const news = subs.map((s) => (s === undefined ? undefined : newModuleOf(s)?.split(".")))
      const parents = new Set(news.map((n) => (n === undefined ? undefined : n.slice(0, -1).join("."))))
      if (subs.some((s) => s === undefined) || parents.size !== 1 || news.some((n) => n === undefined)) {
        // Some names move and others stay (or go to different packages): one statement cannot say both.
        notRewritten.push({ file: f.file, line: lineAt(f.text, imp.module.start), specifier: `from ${imp.module.text} import ${imp.names.map((n) => n.text).join(", ")}`, reason: "mixed_from_import" })
        continue
      }
      const parent = news[0]!.slice(0, -1)
      if (parent.length === 0) {
        // Submodules moved to the top level: no package to import them from. `from p import m` becomes
        // `import top as m` (`from p import m as x`: `import top as x`), when the statement can be
        // said so (no parenthesized names, `from` right before the module).
        const head = /(?:^|[\s;])from\s+$/.exec(f.text.slice(Math.max(0, imp.module.start - 200), imp.module.start))
        const between = f.text.slice(imp.module.end, imp.names[0]!.start)
        if (head === null || !/^\s+import\s+$/.test(between) || imp.wildcard) {
          notRewritten.push({ file: f.file, line: lineAt(f.text, imp.module.start), specifier: `from ${imp.module.text} import ${imp.names.map((n) => n.text).join(", ")}`, reason: "not_found" })
          continue
        }
        const fromStart = imp.module.start - head[0].length + (head[0].startsWith("from") ? 0 : 1)
        edits.push({ start: fromStart, end: imp.names[0]!.start, text: "import " })
        specifiers.push({ line: lineAt(f.text, imp.module.start), from: `from ${imp.module.text} import`, to: "import" })
        imp.names.forEach((n, i) => {
          const leaf = news[i]![news[i]!.length - 1]!
          if (n.aliased) rewrite(n, leaf)
          else rewrite(n, leaf === n.text ? leaf : `${leaf} as ${n.text}`)
        })
        continue
      }
      rewrite(imp.module, spellModule(parent, afterMove(moves, f.file), after, abs.relative))
      imp.names.forEach((n, i) => {
        const leaf = news[i]![news[i]!.length - 1]!
        if (leaf !== n.text) rewrite(n, n.aliased ? leaf : `${leaf} as ${n.text}`)
      })
    }
    if (edits.length === 0) continue
    const applied = applySpanEdits(f.text, edits)
    for (const e of applied.skipped) notRewritten.push({ file: f.file, line: lineAt(f.text, e.start), specifier: f.text.slice(e.start, e.end), reason: "overlapping_edit" })
    if (applied.text !== f.text) out.push({ file: f.file, text: applied.text, specifiers })
  }
  return { files: out, notRewritten }
}
