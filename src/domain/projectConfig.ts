/**
 * `splice.json` at the workspace root: custom gates per file extension and defaults for flags.
 *
 *   { "gates": { ".ts": ["npm", "run", "typecheck"], ".txt": ["vale", "{file}"] },
 *     "defaults": { "validate": "full", "require_compiler": true, "compile_timeout": 60,
 *                   "lock_timeout": 10, "max_bytes": 1048576 } }
 *
 * A flag given on the command line wins over a default here.
 */

export type ValidateSetting = "none" | "syntax" | "compiler" | "full"

export interface ProjectConfig {
  /** Extension (".ts", lower case) → argv; `{file}` is replaced by the edited file's path. */
  readonly gates: Readonly<Record<string, ReadonlyArray<string>>>
  readonly defaults: {
    readonly validate?: ValidateSetting
    readonly requireCompiler?: boolean
    readonly compileTimeoutSeconds?: number
    readonly lockTimeoutSeconds?: number
    readonly maxBytes?: number
  }
}

export const emptyConfig: ProjectConfig = { gates: {}, defaults: {} }

type Parsed = { ok: true; config: ProjectConfig } | { ok: false; key: string; problem: string }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)
const positive = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v > 0

export const parseProjectConfig = (json: string): Parsed => {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch (e) {
    return { ok: false, key: "(file)", problem: `not valid JSON: ${(e as Error).message}` }
  }
  if (!isObject(data)) return { ok: false, key: "(file)", problem: "expected a JSON object" }
  for (const k of Object.keys(data)) {
    if (k !== "gates" && k !== "defaults" && k !== "$schema") return { ok: false, key: k, problem: "unknown key (expected gates, defaults)" }
  }
  const gates: Record<string, ReadonlyArray<string>> = {}
  if (data["gates"] !== undefined) {
    if (!isObject(data["gates"])) return { ok: false, key: "gates", problem: "expected an object of extension → command" }
    for (const [ext, argv] of Object.entries(data["gates"])) {
      const key = `gates.${ext}`
      if (!/^\.[A-Za-z0-9_+-]+$/.test(ext)) return { ok: false, key, problem: "an extension starts with a dot, like \".ts\"" }
      if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === "string") || (argv[0] as string).length === 0) {
        return { ok: false, key, problem: "expected a non-empty array of strings (the command and its arguments, no shell)" }
      }
      gates[ext.toLowerCase()] = argv as string[]
    }
  }
  const defaults: { -readonly [K in keyof ProjectConfig["defaults"]]: ProjectConfig["defaults"][K] } = {}
  if (data["defaults"] !== undefined) {
    const d = data["defaults"]
    if (!isObject(d)) return { ok: false, key: "defaults", problem: "expected an object" }
    for (const [k, v] of Object.entries(d)) {
      const key = `defaults.${k}`
      switch (k) {
        case "validate":
          if (v !== "none" && v !== "syntax" && v !== "compiler" && v !== "full") return { ok: false, key, problem: "expected none, syntax, compiler or full" }
          defaults.validate = v
          break
        case "require_compiler":
          if (typeof v !== "boolean") return { ok: false, key, problem: "expected true or false" }
          defaults.requireCompiler = v
          break
        case "compile_timeout":
          if (!positive(v)) return { ok: false, key, problem: "expected a number of seconds > 0" }
          defaults.compileTimeoutSeconds = v as number
          break
        case "lock_timeout":
          if (typeof v !== "number" || !Number.isFinite(v) || v < 0) return { ok: false, key, problem: "expected a number of seconds >= 0" }
          defaults.lockTimeoutSeconds = v
          break
        case "max_bytes":
          if (!positive(v) || !Number.isInteger(v)) return { ok: false, key, problem: "expected a whole number of bytes > 0" }
          defaults.maxBytes = v as number
          break
        default:
          return { ok: false, key, problem: "unknown default (expected validate, require_compiler, compile_timeout, lock_timeout, max_bytes)" }
      }
    }
  }
  return { ok: true, config: { gates, defaults } }
}
