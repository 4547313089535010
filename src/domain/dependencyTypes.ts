/**
 * The declaration files a TypeScript program over the workspace needs from node_modules: which
 * packages a text imports by name (bare specifiers), where a package and its `@types` companion
 * would be, and which of a package's files carry types. TypeScript resolves among the files given
 * exactly as it would on disk; this only says which files to give it. Pure.
 */

/** A bare specifier's package (`@scope/name` or `name`); undefined for a relative, absolute, `node:` or URL specifier. */
export const packageOf = (specifier: string): string | undefined => {
  if (specifier === "" || /^[./]|^[a-z][\w+.-]*:/i.test(specifier)) return undefined
  const parts = specifier.split("/")
  const name = specifier.startsWith("@") ? (parts.length >= 2 && parts[1] !== "" ? `${parts[0]}/${parts[1]}` : undefined) : parts[0]
  return name !== undefined && /^(@[\w.-]+\/)?[\w.-]+$/.test(name) ? name : undefined
}

/** The DefinitelyTyped package that types `name` (`@types/react`, `@types/babel__core`). */
export const typesPackageOf = (name: string): string => `@types/${name.startsWith("@") ? name.slice(1).replace("/", "__") : name}`

/**
 * The packages a script or declaration file imports by name: `import … from`, `export … from`,
 * `import "…"`, `import("…")`, `require("…")`, `import x = require("…")` and `/// <reference types>`.
 * Comments are not read as code only roughly (a commented-out import costs a package's files at most).
 */
export const importedPackages = (text: string): string[] => {
  const found = new Set<string>()
  const patterns = [
    /\b(?:from|import)\s*["']([^"'\n]+)["']/g,
    /\b(?:import|require)\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
    /\/\/\/\s*<reference\s+types\s*=\s*["']([^"'\n]+)["']/g
  ]
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const name = packageOf(m[1]!)
      if (name !== undefined) found.add(name)
    }
  }
  return [...found]
}

/** A file TypeScript reads from a package: its declaration files and its package.json (for `exports`, `types`). */
export const carriesTypes = (path: string): boolean => /\.d\.(m|c)?ts$/.test(path) || /(^|\/)package\.json$/.test(path)

/** The directories a package may be in, nearest first, from the importing file's directory up (as Node and TypeScript look). */
export const packageDirs = (fromDir: string, name: string): string[] => {
  const dirs: string[] = []
  for (let d = fromDir; ; d = d.includes("/") ? d.slice(0, d.lastIndexOf("/")) : "") {
    // Inside node_modules, `node_modules/node_modules` is no place to look.
    if (!d.endsWith("/node_modules") && d !== "node_modules") dirs.push(`${d === "" ? "" : d + "/"}node_modules/${name}`)
    if (d === "") return dirs
  }
}
