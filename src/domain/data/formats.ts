/**
 * The structured-data formats `splice get/set/del` edit, chosen by file name, and what an editor of
 * one must do. Each editor is a well-kept library's (jsonc-parser, toml_edit, yaml) and changes only
 * the text it must; `sameData` (tree.ts) then checks that the result parses to the intended data.
 */
import { detectLineEnding, toLf, toStyle } from "../lineEndings.js"
import type { KeyPath } from "./keyPath.js"
import type { Plain } from "./tree.js"

export type DataFormat = "json" | "jsonc" | "toml" | "yaml"

export const DATA_FORMATS: ReadonlyArray<DataFormat> = ["json", "jsonc", "toml", "yaml"]

/**
 * JSON files that by convention hold comments and trailing commas (TypeScript's and VS Code's
 * configuration), read as JSONC.
 */
const JSONC_NAMES = /^(?:tsconfig|jsconfig)(?:\..+)?\.json$|^(?:devcontainer|\.devcontainer|\.eslintrc|\.babelrc|\.swcrc|api-extractor|typedoc|deno)\.json$/i

export const formatOf = (file: string): DataFormat | undefined => {
  const name = file.split("/").pop() ?? file
  const lower = name.toLowerCase()
  if (lower.endsWith(".jsonc") || lower.endsWith(".json5c")) return "jsonc"
  if (lower.endsWith(".json")) return JSONC_NAMES.test(name) || file.split("/").includes(".vscode") ? "jsonc" : "json"
  if (lower.endsWith(".toml")) return "toml"
  if (lower.endsWith(".yaml") || lower.endsWith(".yml")) return "yaml"
  return undefined
}

export type Parsed =
  | { readonly ok: true; readonly value: Plain }
  | {
    readonly ok: false
    readonly line: number
    readonly column: number
    readonly message: string
    /** Valid in its format, but of a shape the editor does not edit (a YAML stream of several documents). */
    readonly unsupported?: true
  }

export interface DataEditor {
  readonly format: DataFormat
  /** The library that parses and edits it (the syntax verdict's `parser`). */
  readonly parser: string
  readonly parse: (text: string) => Parsed
  /** The text with `value` at `at`, whose parent exists (`append`: `at` ends one past an array's end). Throws when the library cannot. */
  readonly set: (text: string, at: KeyPath, value: Plain, append: boolean) => string
  /** The text without the element at `path`, which exists. Throws when the library cannot. */
  readonly del: (text: string, path: KeyPath) => string
  /** YAML: whether the value at `path` (which exists) is reached through an alias or a merge key. */
  readonly through?: (text: string, path: KeyPath) => Through | undefined
}

/**
 * How a value is reached through another node: `alias` — the node at `at` is `*anchor`; `merge` —
 * the mapping at `at` does not hold the key itself but merges it (`<<: *anchor`).
 */
export interface Through {
  readonly kind: "alias" | "merge"
  readonly anchor: string
  /** The key path of the aliasing node or of the merging mapping ("" for the top level). */
  readonly at: string
}

/** 1-based line and column of a character offset. */
export const lineColumn = (text: string, offset: number): { readonly line: number; readonly column: number } => {
  let line = 1
  let start = 0
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      start = i + 1
    }
  }
  return { line, column: offset - start + 1 }
}

/**
 * Run an edit on `\n` text and give the file its CRLF (or CR) endings back, when the file uses that
 * one style throughout; a file of mixed endings is edited as it is, so lines outside the edit keep theirs.
 */
export const inLineStyle = (text: string, edit: (lf: string) => string): string => {
  const le = detectLineEnding(text)
  if ((le === "crlf" || le === "cr") && toStyle(toLf(text), le) === text) return toStyle(edit(toLf(text)), le)
  return edit(text)
}
