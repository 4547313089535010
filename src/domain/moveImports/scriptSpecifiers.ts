/**
 * What a move changes in TS/JS files: TypeScript's own edits (getEditsForFileRename, what an editor's
 * "update imports on file move" makes), completed for what it leaves alone — a relative specifier
 * of a moved file that TypeScript does not resolve (a stylesheet, JSON without resolveJsonModule), or
 * of any file naming a moved non-script file — by resolving the specifier against the workspace as
 * it was and spelling the same file from its new place, in the same style (extension or not, `.js`
 * for `.ts`, a directory's index, a trailing slash). What cannot be rewritten is listed: a relative
 * specifier of a moved file that leaves the workspace or names nothing, and a computed require() or
 * import() in a moved file or in a file where a moved name appears. Pure.
 */
import { afterMove, dirOf, isRelativeSpecifier, joinUnder, type Move, movedPath, relativeSpecifier } from "./movedPaths.js"
import { applySpanEdits, lineAt, type SpanEdit } from "./spanEdits.js"

/** A specifier between its quotes (UTF-16 offsets of the file's text); `reference` for `/// <reference path>`. */
export interface SpecifierSite {
  readonly file: string
  readonly specifier: string
  readonly start: number
  readonly end: number
  readonly reference?: true
}

export interface TextEdit {
  readonly file: string
  readonly start: number
  readonly length: number
  readonly newText: string
}

/** One specifier rewritten: its line (in the file before) and both spellings. */
export interface RewrittenSpecifier {
  readonly line: number
  readonly from: string
  readonly to: string
}

/** A file's new text (paths are the files' names before the move). */
export interface FileRewrite {
  readonly file: string
  readonly text: string
  readonly specifiers: ReadonlyArray<RewrittenSpecifier>
}

/**
 * outside_workspace: a relative path above the workspace root; not_found: names nothing that is
 * there (its new spelling is unknown); computed: require()/import() of an expression; overlapping_edit:
 * two rewrites of one place; mixed_from_import: `from p import m, x` with m moved and x staying;
 * package_entry: a workspace package's package.json names a moved file as its entry (`main`,
 * `types`, `exports`…): its importers by the package's name keep the name, the field is the user's call;
 * outside_package: `pkg/sub/path` of a file moved out of that package; in_string: a string that names a
 * moved module outside any import (`importlib.import_module("pkg.a")`, `vi.mock("./a")`).
 */
export type NotRewrittenReason = "outside_workspace" | "not_found" | "computed" | "overlapping_edit" | "mixed_from_import" | "package_entry" | "outside_package" | "in_string"

/** A package of the workspace (its package.json outside node_modules): imported by its name, it is this directory. */
export interface WorkspacePackage {
  readonly name: string
  readonly dir: string
  /** An `exports` map decides its subpaths: `name/sub/path` is not a path under dir then. */
  readonly hasExports: boolean
}

/** The workspace package a bare specifier names and the path under it (`@mono/core/src/x` → core, `src/x`). */
export const workspacePackageOf = (specifier: string, packages: ReadonlyArray<WorkspacePackage>): { readonly pkg: WorkspacePackage; readonly subpath: string } | undefined => {
  for (const pkg of packages) {
    if (specifier === pkg.name) return { pkg, subpath: "" }
    if (specifier.startsWith(pkg.name + "/")) return { pkg, subpath: specifier.slice(pkg.name.length + 1) }
  }
  return undefined
}

/** A bare specifier's path in the workspace when it names a file under a workspace package without `exports` (`@mono/core/src/x`). */
const packageSpecPath = (s: SpecifierSite, packages: ReadonlyArray<WorkspacePackage>) => {
  const found = workspacePackageOf(s.specifier, packages)
  if (found === undefined || found.subpath === "" || found.pkg.hasExports) return undefined
  const path = joinUnder(found.pkg.dir, found.subpath.replace(/\/$/, ""))
  return path === undefined ? undefined : { ...found, path }
}

export interface NotRewritten {
  readonly file: string
  readonly line: number
  readonly specifier: string
  readonly reason: NotRewrittenReason
}

/** What is at a workspace path before the move. */
export type PathKind = "file" | "directory" | undefined

const SCRIPT_EXTENSIONS = [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mts", ".cts", ".mjs", ".cjs", ".json"]
/** `./x.js` names x.ts in TypeScript's resolution (and .jsx, .mjs, .cjs likewise). */
const JS_TO_TS: Record<string, ReadonlyArray<string>> = { ".js": [".ts", ".tsx", ".d.ts"], ".jsx": [".tsx"], ".mjs": [".mts", ".d.mts"], ".cjs": [".cts", ".d.cts"] }

const extensionOf = (p: string): string => {
  const base = p.slice(p.lastIndexOf("/") + 1)
  const dot = base.lastIndexOf(".")
  return dot <= 0 ? "" : base.slice(dot)
}

/** The paths a specifier path may name, in the order module resolution tries them. */
export const candidatePaths = (specPath: string): ReadonlyArray<string> => {
  const ext = extensionOf(specPath)
  const swapped = (JS_TO_TS[ext] ?? []).map((e) => specPath.slice(0, -ext.length) + e)
  return [specPath, ...swapped, ...SCRIPT_EXTENSIONS.map((e) => specPath + e), ...SCRIPT_EXTENSIONS.map((e) => `${specPath}/index${e}`)]
}

/** The file (or, failing that, the directory) a specifier path names before the move. */
const resolveSpecPath = (specPath: string, kindOf: (p: string) => PathKind): string | undefined => {
  for (const c of candidatePaths(specPath)) if (kindOf(c) === "file") return c
  return kindOf(specPath) === "directory" ? specPath : undefined
}

/** The specifier path that names `resolved`'s new place as `specPath` named it (same extension, index or not). */
const newSpecPath = (specPath: string, resolved: string, moved: string): string => {
  if (resolved.startsWith(specPath)) {
    const suffix = resolved.slice(specPath.length)
    if (moved.endsWith(suffix)) return moved.slice(0, moved.length - suffix.length)
    // A directory's index renamed to a file of its own: named without its extension, as before.
    const ext = SCRIPT_EXTENSIONS.find((e) => suffix.endsWith(e) && moved.endsWith(e))
    return ext !== undefined ? moved.slice(0, -ext.length) : moved
  }
  // `./x.js` for x.ts: the new name with the specifier's extension.
  const specExt = extensionOf(specPath)
  const ext = SCRIPT_EXTENSIONS.find((e) => resolved.endsWith(e) && moved.endsWith(e))
  return ext !== undefined ? moved.slice(0, -ext.length) + specExt : moved
}

/**
 * TypeScript may spell a rewritten specifier with another extension than it had (`require('./u.ts')`
 * in a .cjs file comes back as `./lib/u.js`): the specifier keeps its own.
 */
export const keepExtension = (old: string, fresh: string): string => {
  const was = SCRIPT_EXTENSIONS.find((e) => old.endsWith(e))
  const now = SCRIPT_EXTENSIONS.find((e) => fresh.endsWith(e))
  return was !== undefined && now !== undefined && was !== now && !(was === ".d.ts" || now === ".d.ts") ? fresh.slice(0, -now.length) + was : fresh
}

/** `/// <reference path="util.ts" />` is relative without `./`: kept so. */
const spelled = (site: SpecifierSite, fresh: string, trailingSlash: boolean): string => {
  const bare = site.reference === true && !site.specifier.startsWith(".") && fresh.startsWith("./") ? fresh.slice(2) : fresh
  return trailingSlash && !bare.endsWith("/") ? bare + "/" : bare
}

/** require( or import( whose argument is not one plain string: what no resolver can follow. */
const COMPUTED = /(?<![\w$.])(require|import)\s*\(\s*(?!(?:'[^'\n]*'|"[^"\n]*"|`[^`$\n]*`)\s*[,)])([^)\n]*)/g

/**
 * The stems a moved path may be named by: each moved file's name without extension (an index's too:
 * `./index.js` names it as well as its directory does, and the workspace root's index has no
 * directory name to be found by), and the moved directory's name.
 */
export const movedStems = (moves: ReadonlyArray<Move>, movedFiles: ReadonlyArray<string>): ReadonlyArray<string> => {
  const stems = new Set<string>()
  for (const p of [...moves.map((m) => m.from), ...movedFiles]) {
    const base = p.slice(p.lastIndexOf("/") + 1)
    const stem = base.includes(".") && !base.startsWith(".") ? base.slice(0, base.indexOf(".")) : base
    if (stem.length > 0) stems.add(stem)
  }
  return [...stems]
}

export interface ScriptPlanInput {
  readonly moves: ReadonlyArray<Move>
  /** The TS/JS files moved (names before the move). */
  readonly movedFiles: ReadonlySet<string>
  /** Every TS/JS file's text before the move. */
  readonly texts: ReadonlyMap<string, string>
  readonly edits: ReadonlyArray<TextEdit>
  readonly specifiers: ReadonlyArray<SpecifierSite>
  /** What is at a path before the move (asked only for candidatePaths of relative specifiers). */
  readonly kindOf: (path: string) => PathKind
  /** The workspace's own packages, for `name/sub/path` specifiers of their files. */
  readonly packages?: ReadonlyArray<WorkspacePackage>
}

/** The relative specifier paths whose kind `planScriptMove` may ask for: what the caller looks up. */
export const pathsToLookUp = (input: Omit<ScriptPlanInput, "kindOf">): ReadonlyArray<string> => {
  const out = new Set<string>()
  for (const s of input.specifiers) {
    const specPath = specPathOf(s) ?? packageSpecPath(s, input.packages ?? [])?.path
    if (specPath === undefined) continue
    const candidates = candidatePaths(specPath)
    if (input.movedFiles.has(s.file) || candidates.some((c) => movedPath(input.moves, c) !== undefined)) for (const c of candidates) out.add(c)
  }
  return [...out]
}

const specPathOf = (s: SpecifierSite): string | undefined =>
  isRelativeSpecifier(s.specifier) || (s.reference === true && !s.specifier.startsWith("/")) ? joinUnder(dirOf(s.file), s.specifier.replace(/\/$/, "")) : undefined

export const planScriptMove = (input: ScriptPlanInput): { readonly files: ReadonlyArray<FileRewrite>; readonly notRewritten: ReadonlyArray<NotRewritten> } => {
  const { moves, movedFiles, texts } = input
  const edits = new Map<string, SpanEdit[]>()
  const add = (file: string, e: SpanEdit) => (edits.get(file) ?? edits.set(file, []).get(file)!).push(e)
  const notRewritten: NotRewritten[] = []
  const sitesOf = new Map<string, SpecifierSite[]>()
  for (const s of input.specifiers) (sitesOf.get(s.file) ?? sitesOf.set(s.file, []).get(s.file)!).push(s)
  /** How a relative specifier names `resolved` once both it and its file sit where the move puts them, in its own style. */
  const respelled = (site: SpecifierSite, specPath: string, resolved: string) =>
    spelled(site, relativeSpecifier(dirOf(afterMove(moves, site.file)), newSpecPath(specPath, resolved, afterMove(moves, resolved))), site.specifier.endsWith("/") && site.specifier.length > 1)
  /** A relative specifier that still names its file, spelled as it is, once both sit where the move puts them. */
  const unchanged = (site: SpecifierSite): boolean => {
    if (!(isRelativeSpecifier(site.specifier) || site.reference === true)) return false
    const specPath = specPathOf(site)
    const resolved = specPath === undefined ? undefined : resolveSpecPath(specPath, input.kindOf)
    return specPath !== undefined && resolved !== undefined && respelled(site, specPath, resolved) === site.specifier
  }
  for (const e of input.edits) {
    if (!texts.has(e.file)) continue
    const site = (sitesOf.get(e.file) ?? []).find((s) => s.start === e.start && s.end === e.start + e.length)
    // TypeScript respells some specifiers it need not change (`./b` → `./b.js` between two files of a
    // moved directory, after the file's other imports' style): one that still names its file is kept.
    if (site !== undefined && unchanged(site)) continue
    add(e.file, { start: e.start, end: e.start + e.length, text: site === undefined ? e.newText : keepExtension(site.specifier, e.newText) })
  }

  for (const s of input.specifiers) {
    const text = texts.get(s.file)
    if (text === undefined) continue
    const covered = (edits.get(s.file) ?? []).some((e) => e.start < s.end && e.end > s.start)
    const moved = movedFiles.has(s.file)
    const relative = isRelativeSpecifier(s.specifier) || s.reference === true
    if (covered) continue
    if (!relative) {
      // `@mono/core/src/x` of a workspace package's file: the same file by the package's name, from anywhere.
      const named = packageSpecPath(s, input.packages ?? [])
      const resolved = named === undefined ? undefined : resolveSpecPath(named.path, input.kindOf)
      if (named === undefined || resolved === undefined || movedPath(moves, resolved) === undefined) continue
      const fresh = newSpecPath(named.path, resolved, afterMove(moves, resolved))
      const under = named.pkg.dir === "" ? "" : named.pkg.dir + "/"
      if (!fresh.startsWith(under)) notRewritten.push({ file: s.file, line: lineAt(text, s.start), specifier: s.specifier, reason: "outside_package" })
      else {
        const next = `${named.pkg.name}/${fresh.slice(under.length)}${s.specifier.endsWith("/") ? "/" : ""}`
        if (next !== s.specifier) add(s.file, { start: s.start, end: s.end, text: next })
      }
      continue
    }
    const specPath = specPathOf(s)
    if (specPath === undefined) {
      if (moved && !s.specifier.startsWith("/")) notRewritten.push({ file: s.file, line: lineAt(text, s.start), specifier: s.specifier, reason: "outside_workspace" })
      continue
    }
    const resolved = resolveSpecPath(specPath, input.kindOf)
    if (resolved === undefined) {
      if (moved) notRewritten.push({ file: s.file, line: lineAt(text, s.start), specifier: s.specifier, reason: "not_found" })
      continue
    }
    const targetMoved = movedPath(moves, resolved)
    if (!moved && targetMoved === undefined) continue
    const next = respelled(s, specPath, resolved)
    if (next !== s.specifier) add(s.file, { start: s.start, end: s.end, text: next })
  }

  // Computed specifiers: in a moved file (its relative paths change meaning), or in a file that names a moved one anywhere.
  const stems = movedStems(moves, [...movedFiles])
  const named = stems.map((s) => new RegExp(`(?<![\\w$])${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w$])`, "u"))
  for (const [file, text] of texts) {
    const moved = movedFiles.has(file)
    if (!moved && !named.some((r) => r.test(text))) continue
    for (const m of text.matchAll(COMPUTED)) {
      const lineStart = text.lastIndexOf("\n", m.index) + 1
      const lineEnd = text.indexOf("\n", m.index)
      const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd)
      if (line.trimStart().startsWith("//") || line.trimStart().startsWith("*")) continue
      notRewritten.push({ file, line: lineAt(text, m.index), specifier: `${m[1]}(${m[2]!.trim()})`, reason: "computed" })
    }
  }

  const files: FileRewrite[] = []
  for (const [file, list] of [...edits].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const text = texts.get(file)!
    const applied = applySpanEdits(text, list)
    for (const e of applied.skipped) notRewritten.push({ file, line: lineAt(text, e.start), specifier: text.slice(e.start, e.end), reason: "overlapping_edit" })
    if (applied.text === text) continue
    const specifiers: RewrittenSpecifier[] = []
    for (const e of list) {
      if (applied.skipped.includes(e)) continue
      const site = (sitesOf.get(file) ?? []).find((s) => s.start <= e.start && e.end <= s.end)
      const from = site?.specifier ?? text.slice(e.start, e.end)
      const to = site === undefined ? e.text : site.specifier.slice(0, e.start - site.start) + e.text + site.specifier.slice(e.end - site.start)
      if (from !== to && !specifiers.some((x) => x.line === lineAt(text, e.start) && x.from === from)) specifiers.push({ line: lineAt(text, e.start), from, to })
    }
    files.push({ file, text: applied.text, specifiers })
  }
  return { files, notRewritten }
}

/** The fields of a package.json that name its entry files for importers by its name. */
const ENTRY_FIELDS = ["main", "module", "types", "typings", "browser", "source", "exports"]

/**
 * Where a workspace package's package.json names a moved file as an entry (`"main": "./src/index.ts"`,
 * an `exports` target): listed, not rewritten (see package_entry). `text` is the package.json's.
 */
export const movedEntries = (manifest: string, text: string, moves: ReadonlyArray<Move>): ReadonlyArray<NotRewritten> => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return []
  }
  if (typeof json !== "object" || json === null) return []
  const targets: string[] = []
  const collect = (v: unknown): void => {
    if (typeof v === "string") targets.push(v)
    else if (Array.isArray(v)) v.forEach(collect)
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(collect)
  }
  for (const field of ENTRY_FIELDS) collect((json as Record<string, unknown>)[field])
  const out: NotRewritten[] = []
  for (const target of new Set(targets)) {
    if (!isRelativeSpecifier(target) && !/^[\w@][^:]*$/.test(target)) continue
    const path = joinUnder(dirOf(manifest), target.replace(/\/$/, ""))
    if (path === undefined || path.includes("*") || !candidatePaths(path).some((c) => movedPath(moves, c) !== undefined)) continue
    const at = text.indexOf(JSON.stringify(target))
    out.push({ file: manifest, line: at < 0 ? 1 : lineAt(text, at + 1), specifier: target, reason: "package_entry" })
  }
  return out
}
