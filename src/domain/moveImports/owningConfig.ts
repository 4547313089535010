/**
 * Which tsconfig.json (or jsconfig.json) owns a TS/JS file, as an editor's TypeScript server finds
 * it: the nearest config up from the file's directory that takes the file in (its `files`,
 * `include` and `exclude`, inherited through `extends` as TypeScript inherits them), else one its
 * project `references` reach that does (a solution-style config with `"files": []`), else the next
 * config further up. Pure: the caller reads the configs (and their `extends` chains).
 */
import { type ParseError, parse } from "jsonc-parser"
import { join } from "../tsconfigExtends.js"

const dirname = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")

/** A config's JSONC as an object; undefined when it is not one. */
export const configObject = (text: string): Record<string, unknown> | undefined => {
  const errors: ParseError[] = []
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as unknown
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : undefined)

/** The files a config takes in: patterns made workspace-relative (each from the config that wrote it). */
export interface ConfigScope {
  readonly files: ReadonlyArray<string> | undefined
  readonly include: ReadonlyArray<string> | undefined
  readonly exclude: ReadonlyArray<string>
}

/**
 * The scope of a config from its `extends` chain, nearest first (tsconfigPrecedence's order): each
 * of `files`, `include`, `exclude` comes from the nearest config that sets it, relative to that
 * config's directory. Without `files` and `include`, everything under the config's own directory
 * (`**\/*`); without `exclude`, node_modules, bower_components, jspm_packages and the outDir.
 */
export const configScope = (chain: ReadonlyArray<{ readonly path: string; readonly text: string }>): ConfigScope => {
  const own = chain[0]!
  const field = (name: string) => {
    for (const c of chain) {
      const list = strings(configObject(c.text)?.[name])
      if (list !== undefined) return list.flatMap((p) => join(dirname(c.path), p) ?? [])
    }
    return undefined
  }
  const options = (name: string) => {
    for (const c of chain) {
      const v = (configObject(c.text)?.["compilerOptions"] as Record<string, unknown> | undefined)?.[name]
      if (typeof v === "string") return join(dirname(c.path), v)
    }
    return undefined
  }
  const files = field("files")
  const include = field("include") ?? (files === undefined ? [join(dirname(own.path), "**/*") ?? "**/*"] : undefined)
  const outDir = options("outDir")
  const exclude = field("exclude") ?? [...["node_modules", "bower_components", "jspm_packages"].map((d) => join(dirname(own.path), d) ?? d), ...(outDir === undefined ? [] : [outDir])]
  return { files, include, exclude }
}

/** A tsconfig glob (`*`, `?`, `**\/`) as a regular expression; a pattern with no wildcard and no extension names a directory. */
const patternRegex = (pattern: string, directoryMeansAll: boolean): RegExp => {
  const last = pattern.slice(pattern.lastIndexOf("/") + 1)
  const whole = directoryMeansAll && !/[*?]/.test(last) && !last.includes(".") ? `${pattern}/**/*` : pattern
  let re = ""
  for (let i = 0; i < whole.length; i++) {
    const c = whole[i]!
    if (c === "*" && whole[i + 1] === "*" && (whole[i + 2] === "/" || i + 2 === whole.length)) {
      re += "(?:[^/]+/)*"
      i += 2
    } else if (c === "*") re += "[^/]*"
    else if (c === "?") re += "[^/]"
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&")
  }
  return new RegExp(`^${re}$`)
}

/** Whether a config with this scope takes `file` in. */
export const scopeIncludes = (scope: ConfigScope, file: string): boolean => {
  if (scope.files?.includes(file) === true) return true
  if (scope.include === undefined || !scope.include.some((p) => patternRegex(p, true).test(file))) return false
  // An exclude that is a directory excludes what is under it (`dist`, `src/**/__fixtures__`).
  return !scope.exclude.some((p) => patternRegex(p, true).test(file) || patternRegex(p, false).test(file))
}

/** The configs a config's `references` name (a directory's tsconfig.json, or the file itself). */
export const referencesOf = (config: string, text: string): ReadonlyArray<string> => {
  const refs = configObject(text)?.["references"]
  if (!Array.isArray(refs)) return []
  return refs.flatMap((r) => {
    const p = typeof r === "object" && r !== null ? (r as { path?: unknown }).path : undefined
    if (typeof p !== "string") return []
    const target = join(dirname(config), p)
    return target === undefined ? [] : [target.endsWith(".json") ? target : `${target === "" ? "" : target + "/"}tsconfig.json`]
  })
}

/** The config files to look for, nearest first: tsconfig.json then jsconfig.json of each directory from the file's up to the root. */
export const configsUpFrom = (file: string): ReadonlyArray<string> => {
  const out: string[] = []
  for (let d = dirname(file); ; d = dirname(d)) {
    for (const name of ["tsconfig.json", "jsconfig.json"]) out.push(d === "" ? name : `${d}/${name}`)
    if (d === "") return out
  }
}

/** A config as `owningConfig` needs it: what it takes in and what it references. */
export interface ConfigFacts {
  readonly scope: ConfigScope
  readonly references: ReadonlyArray<string>
}

/** How deep references are followed (a longer chain is a cycle TypeScript rejects too). */
const MAX_REFERENCE_DEPTH = 16

/** The config that owns `file` (see the top of this file); undefined when none takes it in. `look` says undefined for a config that is not there. */
export const owningConfig = (file: string, look: (config: string) => ConfigFacts | undefined): string | undefined => {
  const visit = (config: string, depth: number, seen: Set<string>): string | undefined => {
    if (seen.has(config) || depth > MAX_REFERENCE_DEPTH) return undefined
    seen.add(config)
    const facts = look(config)
    if (facts === undefined) return undefined
    if (scopeIncludes(facts.scope, file)) return config
    for (const r of facts.references) {
      const found = visit(r, depth + 1, seen)
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const config of configsUpFrom(file)) {
    const found = visit(config, 0, new Set())
    if (found !== undefined) return found
  }
  return undefined
}
