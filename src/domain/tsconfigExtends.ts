/**
 * Where a tsconfig's `extends` point, as TypeScript looks for them: a path (`./tsconfig.base.json`,
 * `../base` — with `.json` added when the name has none) from the config's directory, or a package
 * (`@tsconfig/strictest`, `@tsconfig/node20/tsconfig.json`) from the `node_modules` of the config's
 * directory and each one above it — its package.json's `tsconfig` file, else its tsconfig.json.
 * TypeScript 5 takes an array; later entries override earlier ones. Paths are workspace-relative
 * ("" is the workspace root); none leaves the workspace.
 */
import { type ParseError, parse } from "jsonc-parser"

const dirname = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")
/** Joined and normalized; undefined when `..` climbs out of the workspace or a part is absolute. */
export const join = (...parts: string[]): string | undefined => {
  const out: string[] = []
  for (const part of parts.join("/").split("/")) {
    if (part === "" || part === ".") continue
    if (part === "..") {
      if (out.length === 0) return undefined
      out.pop()
    } else out.push(part)
  }
  return out.join("/")
}

/** The `extends` of a tsconfig's text (JSONC), in order; none when it has none or is not an object. */
export const extendsOf = (text: string): ReadonlyArray<string> => {
  const errors: ParseError[] = []
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as { extends?: unknown } | undefined
  const e = typeof value === "object" && value !== null ? value.extends : undefined
  return (typeof e === "string" ? [e] : Array.isArray(e) ? e : []).filter((x): x is string => typeof x === "string" && x.length > 0)
}

/**
 * Where to look for one `extends` entry of the config at `config`, in TypeScript's order: each
 * candidate is a file to read, or for a package's root a package.json whose `tsconfig` names the file.
 */
export const extendsCandidates = (config: string, spec: string): ReadonlyArray<{ readonly file: string; readonly manifest?: true }> => {
  const dir = dirname(config)
  const withJson = (p: string | undefined) => (p === undefined ? [] : p.endsWith(".json") ? [p] : [p, `${p}.json`])
  if (spec.startsWith("./") || spec.startsWith("../") || spec === "." || spec === "..") return withJson(join(dir, spec)).map((file) => ({ file }))
  if (spec.startsWith("/") || /^[A-Za-z]:[\\/]/.test(spec)) return []
  const parts = spec.split("/")
  const packageName = spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!
  const subpath = parts.slice(spec.startsWith("@") ? 2 : 1).join("/")
  const out: Array<{ file: string; manifest?: true }> = []
  for (let d = dir; ; d = dirname(d)) {
    const root = join(d, "node_modules", packageName)
    if (root === undefined) break
    if (subpath !== "") for (const file of withJson(join(root, subpath))) out.push({ file })
    else out.push({ file: `${root}/package.json`, manifest: true }, { file: `${root}/tsconfig.json` })
    if (d === "") break
  }
  return out
}

/** The file a package.json's `tsconfig` field names (relative to the package), if it names one. */
export const manifestTsconfig = (manifest: string, text: string): string | undefined => {
  try {
    const field = (JSON.parse(text) as { tsconfig?: unknown }).tsconfig
    return typeof field === "string" ? join(dirname(manifest), field) : undefined
  } catch {
    return undefined
  }
}
