/**
 * Which indexed files an import names: TS/JS relative paths (extension and index lookup, `.js` →
 * `.ts`), tsconfig `baseUrl` and `paths`; Python absolute and relative modules (package
 * `__init__.py`); Rust `mod x;` and `use crate::/self::/super::` paths; Go import paths under the
 * module of go.mod (every file of the package); Java package paths; C/C++ quoted includes; Ruby
 * require/require_relative; PHP use (PSR-4 paths) and require; C# using and Kotlin import (the
 * directory named like the namespace or package). Pure.
 */
import type { ImportFact } from "./facts.js"

export interface TsConfigInfo {
  /** Workspace-relative directory of the tsconfig.json ("" for the root). */
  readonly dir: string
  /** Relative to `dir` (a base config's is rewritten so: `../..`). */
  readonly baseUrl: string | null
  readonly paths: Readonly<Record<string, ReadonlyArray<string>>>
  /** Where `paths` resolve without a baseUrl: the directory of the config that set them (`dir` when absent). */
  readonly pathsDir?: string
}

/** A package.json of the workspace: what its name and subpaths import (package self-references, monorepo packages). */
export interface PackageInfo {
  readonly dir: string
  readonly name: string
  /** Subpath (`.`, `./v3`, `./locales/*`) → its targets, every condition's in order. */
  readonly exports: Readonly<Record<string, ReadonlyArray<string>>>
}

export interface ResolveContext {
  readonly files: ReadonlySet<string>
  readonly tsconfigs: ReadonlyArray<TsConfigInfo>
  readonly packages?: ReadonlyArray<PackageInfo>
  readonly goModules: ReadonlyArray<{ readonly dir: string; readonly module: string }>
}

const dirname = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")
const joinPath = (...parts: string[]): string => {
  const out: string[] = []
  for (const part of parts.join("/").split("/")) {
    if (part === "" || part === ".") continue
    if (part === "..") out.pop()
    else out.push(part)
  }
  return out.join("/")
}
const isUnder = (path: string, dir: string) => dir === "" || path === dir || path.startsWith(dir + "/")

const TS_EXTS = [".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]

const tsCandidates = (base: string): string[] => {
  const stripped = base.replace(/\.(m|c)?jsx?$/, "")
  const out = [base]
  for (const b of stripped === base ? [base] : [stripped, base]) {
    for (const e of TS_EXTS) out.push(b + e)
    for (const e of TS_EXTS) out.push(`${b}/index${e}`)
  }
  return out
}

const firstExisting = (ctx: ResolveContext, candidates: ReadonlyArray<string>): string[] => {
  const hit = candidates.find((c) => ctx.files.has(c))
  return hit === undefined ? [] : [hit]
}

/** The nearest tsconfig at or above the file's directory. */
const tsconfigFor = (ctx: ResolveContext, from: string) =>
  [...ctx.tsconfigs].filter((t) => isUnder(from, t.dir)).sort((a, b) => b.dir.length - a.dir.length)[0]

/** `pkg` or `pkg/sub` where pkg is a package of the workspace: the first target of its exports that is an indexed file. */
const resolvePackage = (module: string, ctx: ResolveContext): string[] => {
  for (const pkg of ctx.packages ?? []) {
    if (module !== pkg.name && !module.startsWith(pkg.name + "/")) continue
    const subpath = "." + module.slice(pkg.name.length)
    for (const [pattern, targets] of Object.entries(pkg.exports)) {
      const star = pattern.indexOf("*")
      const matches = star === -1 ? subpath === pattern : subpath.startsWith(pattern.slice(0, star)) && subpath.endsWith(pattern.slice(star + 1))
      if (!matches) continue
      const captured = star === -1 ? "" : subpath.slice(star, subpath.length - (pattern.length - star - 1))
      for (const t of targets) {
        const hit = firstExisting(ctx, tsCandidates(joinPath(pkg.dir, t.replace("*", captured))))
        if (hit.length > 0) return hit
      }
    }
    // No exports map: the package's directories as paths.
    if (Object.keys(pkg.exports).length === 0 || subpath !== ".") {
      const hit = firstExisting(ctx, tsCandidates(joinPath(pkg.dir, subpath)))
      if (hit.length > 0) return hit
    }
  }
  return []
}

const resolveTs = (from: string, module: string, ctx: ResolveContext): string[] => {
  if (module.startsWith(".")) return firstExisting(ctx, tsCandidates(joinPath(dirname(from), module)))
  const tsc = tsconfigFor(ctx, from)
  if (tsc === undefined) return resolvePackage(module, ctx)
  const baseDir = joinPath(tsc.dir, tsc.baseUrl ?? ".")
  const pathsDir = tsc.baseUrl !== null ? baseDir : tsc.pathsDir ?? tsc.dir
  for (const [pattern, targets] of Object.entries(tsc.paths)) {
    const star = pattern.indexOf("*")
    const matches = star === -1 ? module === pattern : module.startsWith(pattern.slice(0, star)) && module.endsWith(pattern.slice(star + 1))
    if (!matches) continue
    const captured = star === -1 ? "" : module.slice(star, module.length - (pattern.length - star - 1))
    for (const t of targets) {
      const hit = firstExisting(ctx, tsCandidates(joinPath(pathsDir, t.replace("*", captured))))
      if (hit.length > 0) return hit
    }
  }
  const fromBase = tsc.baseUrl !== null ? firstExisting(ctx, tsCandidates(joinPath(baseDir, module))) : []
  return fromBase.length > 0 ? fromBase : resolvePackage(module, ctx)
}

const pyCandidates = (base: string) => [`${base}.py`, `${base}/__init__.py`, `${base}.pyi`]

const resolvePython = (from: string, module: string, ctx: ResolveContext, names: ReadonlyArray<string>): string[] => {
  let base: string
  let roots: string[]
  if (module.startsWith(".")) {
    const dots = /^\.+/.exec(module)![0].length
    let dir = dirname(from)
    for (let i = 1; i < dots; i++) dir = dirname(dir)
    base = joinPath(dir, module.slice(dots).replace(/\./g, "/"))
    roots = [""]
  } else {
    base = module.replace(/\./g, "/")
    // Absolute imports from the workspace root, a src/ layout, or a directory above the importing
    // file that is not a package itself (a project in a subdirectory: py/pkg/report.py importing `pkg`).
    roots = ["", "src"]
    for (let d = dirname(from); d !== ""; d = dirname(d)) if (!ctx.files.has(`${d}/__init__.py`)) roots.push(d)
  }
  const out: string[] = []
  for (const root of roots) {
    const hit = firstExisting(ctx, pyCandidates(joinPath(root, base)))
    if (hit.length > 0) {
      out.push(...hit)
      break
    }
  }
  // `from pkg import mod`: a name may be a submodule.
  for (const n of names) {
    for (const root of roots) {
      const sub = firstExisting(ctx, pyCandidates(joinPath(root, base, n)))
      if (sub.length > 0) {
        out.push(...sub)
        break
      }
    }
  }
  return [...new Set(out)]
}

/** The directory holding a Rust file's child modules. */
const rustModuleDir = (from: string) => {
  const name = from.slice(from.lastIndexOf("/") + 1)
  return name === "main.rs" || name === "lib.rs" || name === "mod.rs" ? dirname(from) : joinPath(dirname(from), name.replace(/\.rs$/, ""))
}

const crateSrc = (from: string) => {
  const i = from.lastIndexOf("/src/")
  return i !== -1 ? from.slice(0, i + 4) : from.startsWith("src/") ? "src" : dirname(from)
}

const resolveRust = (from: string, imp: ImportFact, ctx: ResolveContext): string[] => {
  if (imp.isModDeclaration) {
    const dir = rustModuleDir(from)
    return firstExisting(ctx, [joinPath(dir, `${imp.module}.rs`), joinPath(dir, imp.module, "mod.rs")])
  }
  const segs = imp.module.split("::").filter((s) => s.length > 0)
  let dir: string
  if (segs[0] === "crate") {
    dir = crateSrc(from)
    segs.shift()
  } else if (segs[0] === "self") {
    dir = rustModuleDir(from)
    segs.shift()
  } else if (segs[0] === "super") {
    dir = dirname(rustModuleDir(from))
    while (segs[0] === "super") segs.shift()
  } else return [] // an external crate
  if (segs.length === 0) {
    // `use crate::Name`: the crate root file.
    return firstExisting(ctx, [joinPath(dir, "lib.rs"), joinPath(dir, "main.rs")])
  }
  const path = joinPath(dir, ...segs)
  return firstExisting(ctx, [`${path}.rs`, joinPath(path, "mod.rs")])
}

const resolveGo = (from: string, module: string, ctx: ResolveContext): string[] => {
  for (const m of ctx.goModules) {
    if (!isUnder(from, m.dir) || !(module === m.module || module.startsWith(m.module + "/"))) continue
    const dir = joinPath(m.dir, module.slice(m.module.length))
    return [...ctx.files].filter((f) => dirname(f) === dir && f.endsWith(".go") && !f.endsWith("_test.go")).sort()
  }
  // No module claims it: a GOPATH or GOROOT layout (`net/http` is src/net/http), from the root or
  // from the directory of the standard library's own go.mod (`module std`).
  for (const base of ["", ...ctx.goModules.filter((m) => m.module === "std").map((m) => m.dir)]) {
    const dir = joinPath(base, module)
    const files = [...ctx.files].filter((f) => dirname(f) === dir && f.endsWith(".go") && !f.endsWith("_test.go")).sort()
    if (files.length > 0) return files
  }
  return []
}

const resolveJava = (imp: ImportFact, ctx: ResolveContext): string[] => {
  const pkg = imp.module.replace(/\./g, "/")
  const want = imp.wildcard ? undefined : imp.names.map((n) => `${pkg}/${n.name}.java`)
  return [...ctx.files].filter((f) =>
    want === undefined ? dirname(f).endsWith(pkg) && f.endsWith(".java") : want.some((w) => f === w || f.endsWith("/" + w))
  ).sort()
}

/** Files whose path is `suffix` or ends with `/suffix`. */
const endingWith = (ctx: ResolveContext, suffix: string): string[] => [...ctx.files].filter((f) => f === suffix || f.endsWith("/" + suffix)).sort()

/** The files with extension `ext` of the directories whose path ends with the most trailing segments of `segs` (at least `min`). */
const filesOfPackage = (ctx: ResolveContext, segs: ReadonlyArray<string>, ext: string, min = 1): string[] => {
  for (let k = segs.length; k >= Math.max(min, 1); k--) {
    const dir = segs.slice(-k).join("/")
    const hits = [...ctx.files].filter((f) => f.endsWith(ext) && (dirname(f) === dir || dirname(f).endsWith("/" + dir))).sort()
    if (hits.length > 0) return hits
  }
  return []
}

/** Ruby: require_relative "./x" from the file's directory; require "a/b" from lib/ or any load path that ends so. */
const resolveRuby = (from: string, module: string, ctx: ResolveContext): string[] => {
  const file = module.endsWith(".rb") ? module : `${module}.rb`
  if (module.startsWith(".")) return firstExisting(ctx, [joinPath(dirname(from), file)])
  const direct = firstExisting(ctx, [joinPath("lib", file), file])
  return direct.length > 0 ? direct : endingWith(ctx, `lib/${file}`).slice(0, 1)
}

/**
 * PHP: `use A\B\C` names class C of namespace A\B, which PSR-4 puts in a file C.php under a directory
 * ending with the namespace's path (its leading segments are usually a prefix mapped to src/): the
 * longest such suffix wins. A name that is no file (`use function A\B\f`) is looked for in the
 * namespace's files. require/include of a path: from the file's directory (`__DIR__ . '/x.php'`), then the root.
 */
const resolvePhp = (from: string, imp: ImportFact, ctx: ResolveContext): string[] => {
  if (imp.module.endsWith(".php")) return firstExisting(ctx, [joinPath(dirname(from), imp.module), joinPath(imp.module)])
  const ns = imp.module.split("\\").filter((s) => s.length > 0)
  const out = new Set<string>()
  for (const n of imp.names) {
    const segs = [...ns, n.name]
    let hit: string[] = []
    for (let k = segs.length; k >= Math.min(2, segs.length) && hit.length === 0; k--) hit = endingWith(ctx, `${segs.slice(-k).join("/")}.php`)
    if (hit.length === 0) hit = filesOfPackage(ctx, ns, ".php")
    for (const h of hit) out.add(h)
  }
  return [...out].sort()
}

export const resolveModule = (language: string, from: string, imp: ImportFact, ctx: ResolveContext): string[] => {
  switch (language) {
    case "typescript":
    case "tsx":
    case "javascript":
      return resolveTs(from, imp.module, ctx)
    case "python":
      return resolvePython(from, imp.module, ctx, imp.names.map((n) => n.name))
    case "rust":
      return resolveRust(from, imp, ctx)
    case "go":
      return resolveGo(from, imp.module, ctx)
    case "java":
      return resolveJava(imp, ctx)
    case "c":
    case "cpp":
      return firstExisting(ctx, [joinPath(dirname(from), imp.module), imp.module])
    case "ruby":
      return resolveRuby(from, imp.module, ctx)
    case "php":
      return resolvePhp(from, imp, ctx)
    case "csharp":
      // `using A.B`: the .cs files of a directory named like the namespace (or its last segments).
      return filesOfPackage(ctx, imp.module.replace(/^global::/, "").split("."), ".cs")
    case "kotlin":
      // `import a.b.C`: the .kt files of the package's directory (Kotlin lets it drop the leading segments).
      return filesOfPackage(ctx, imp.module.split("."), ".kt")
    default:
      return []
  }
}

/** tsconfig.json allows comments and trailing commas. */
/** A package.json's name and exports (string, conditions, subpaths; main/module/types without exports); undefined when unnamed or not JSON. */
export const parsePackageJson = (text: string, dir: string): PackageInfo | undefined => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof json !== "object" || json === null) return undefined
  const pkg = json as Record<string, unknown>
  if (typeof pkg["name"] !== "string") return undefined
  const leaves = (v: unknown): string[] =>
    typeof v === "string" ? [v] : Array.isArray(v) ? v.flatMap(leaves) : typeof v === "object" && v !== null ? Object.values(v).flatMap(leaves) : []
  const exports: Record<string, string[]> = {}
  const e = pkg["exports"]
  if (typeof e === "string" || Array.isArray(e)) exports["."] = leaves(e)
  else if (typeof e === "object" && e !== null) {
    const entries = Object.entries(e)
    if (entries.every(([k]) => k.startsWith("."))) for (const [k, v] of entries) exports[k] = leaves(v)
    else exports["."] = leaves(e)
  } else {
    const main = ["types", "typings", "module", "main"].map((k) => pkg[k]).filter((v): v is string => typeof v === "string")
    if (main.length > 0) exports["."] = main
  }
  return { dir, name: pkg["name"], exports }
}

/** The compiler options module resolution reads from one config's text (JSONC); none when it does not parse. */
const resolutionOptions = (text: string): { baseUrl?: string; paths?: Record<string, string[]> } => {
  const stripped = text
    .replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m, str: string | undefined) => str ?? "")
    .replace(/,(\s*[}\]])/g, "$1")
  try {
    const o = JSON.parse(stripped) as { compilerOptions?: { baseUrl?: unknown; paths?: unknown } }
    const c = o.compilerOptions
    return {
      ...(typeof c?.baseUrl === "string" ? { baseUrl: c.baseUrl } : {}),
      ...(typeof c?.paths === "object" && c.paths !== null ? { paths: c.paths as Record<string, string[]> } : {})
    }
  } catch {
    return {}
  }
}

/** `to` from directory `from` (both workspace-relative): `../../lib`. */
const relativeDir = (from: string, to: string): string => {
  const a = from === "" ? [] : from.split("/")
  const b = to === "" ? [] : to.split("/")
  let common = 0
  while (common < a.length && common < b.length && a[common] === b[common]) common++
  return [...a.slice(common).map(() => ".."), ...b.slice(common)].join("/") || "."
}

export const parseTsconfig = (text: string, dir: string): TsConfigInfo => parseTsconfigChain([{ text, dir }])

/**
 * A tsconfig with the configs it extends (the config first, then its bases as `extends` reaches
 * them, each with its own directory): the last word on baseUrl and on paths is the nearest
 * config's that sets it, each relative to the directory of the config that set it, as TypeScript
 * reads them.
 */
export const parseTsconfigChain = (chain: ReadonlyArray<{ readonly text: string; readonly dir: string }>): TsConfigInfo => {
  const dir = chain[0]!.dir
  let baseUrl: string | null = null
  let paths: Record<string, string[]> | undefined
  let pathsDir = dir
  for (const config of chain) {
    const o = resolutionOptions(config.text)
    if (baseUrl === null && o.baseUrl !== undefined) baseUrl = relativeDir(dir, joinPath(config.dir, o.baseUrl))
    if (paths === undefined && o.paths !== undefined) {
      paths = o.paths
      pathsDir = config.dir
    }
  }
  return { dir, baseUrl, paths: paths ?? {}, ...(pathsDir !== dir ? { pathsDir } : {}) }
}
