/**
 * What code is reached from outside the workspace's own references: tests, `main` functions,
 * language protocol methods, and the files a package.json names as its entry points.
 */

/** Test code, by the conventions of the languages the graph knows. */
export const isTestFile = (path: string): boolean =>
  /(^|\/)(tests?|__tests__|spec|specs|testdata|fixtures?)\//.test(path) ||
  /\.(test|spec)\.[cm]?[jt]sx?$/.test(path) ||
  /(^|\/)test_[^/]*\.py$|_test\.(py|go)$|(^|\/)conftest\.py$/.test(path) ||
  /Tests?\.(java|kt|cs)$/.test(path)

/** Called by the runtime or the language itself, never by name in the code. */
export const isProtocolMember = (name: string, kind: string): boolean =>
  name === "main" || name === "init" && kind === "function" ||
  /^__\w+__$/.test(name) ||
  (kind === "method" && ["constructor", "toString", "toJSON", "valueOf", "String", "Error", "equals", "hashCode", "compareTo", "Dispose", "ToString", "Equals", "GetHashCode", "initialize", "to_s", "inspect", "__construct"].includes(name))

/**
 * The source files a package.json's entry points (exports, main, module, types, bin) stand for:
 * each path as written and, for a built file, its likely source (`dist/index.js` → `src/index.ts`).
 */
export const entryFiles = (packageJsonText: string, dir: string): ReadonlyArray<string> => {
  let pkg: unknown
  try {
    pkg = JSON.parse(packageJsonText)
  } catch {
    return []
  }
  if (typeof pkg !== "object" || pkg === null) return []
  const leaves = (v: unknown): string[] =>
    typeof v === "string" ? [v] : Array.isArray(v) ? v.flatMap(leaves) : typeof v === "object" && v !== null ? Object.values(v).flatMap(leaves) : []
  const p = pkg as Record<string, unknown>
  const named = ["exports", "main", "module", "types", "typings", "bin"].flatMap((k) => leaves(p[k]))
  const out = new Set<string>()
  for (const raw of named) {
    if (raw.includes("*")) continue
    const rel = raw.replace(/^\.\//, "")
    const at = dir === "" ? rel : `${dir}/${rel}`
    const stem = at.replace(/\.(d\.ts|[cm]?js|[cm]?ts|jsx|tsx)$/, "")
    for (const s of new Set([stem, stem.replace(/(^|\/)(dist|lib|build|out|esm|cjs)\//, "$1src/")])) {
      for (const ext of [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]) out.add(s + ext)
      out.add(`${s}/index.ts`)
      out.add(`${s}/index.js`)
    }
  }
  return [...out]
}
