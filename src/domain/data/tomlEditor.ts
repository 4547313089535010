/**
 * TOML through toml_edit (Rust, as wasm in @rainbowatcher/toml-edit-js), which keeps comments, key
 * order and formatting. The engine (the initialised wasm) is handed in: loading it is I/O.
 *
 * Two gaps of toml-edit-js 0.6.5 are worked around or refused here: its `edit` cannot address a
 * top-level key (a one-segment path fails with "path key is empty"), so a top-level key/value is
 * edited as a member of a sentinel table prepended for the edit and removed after; and its path
 * syntax has no escapes, so a key holding `"` (or written like an index, `[0]`) cannot be named.
 */
import type { DataEditor, Parsed } from "./formats.js"
import type { KeyPath } from "./keyPath.js"
import { withPlaceholders } from "./exactNumbers.js"
import type { Plain } from "./tree.js"

const I64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }

/** The first integer TOML cannot hold (its integers are 64-bit), if any. */
const beyondI64 = (v: Plain): bigint | undefined => {
  if (typeof v === "bigint") return v < I64.min || v > I64.max ? v : undefined
  if (typeof v !== "object" || v === null) return undefined
  for (const x of Array.isArray(v) ? v : Object.values(v)) {
    const big = beyondI64(x)
    if (big !== undefined) return big
  }
  return undefined
}

export interface TomlEngine {
  readonly parse: (text: string) => unknown
  /** `value` undefined removes the key. */
  readonly edit: (text: string, path: string, value: unknown, opts?: { finalNewline?: boolean; inline?: boolean }) => string
}

const message = (e: unknown) => (typeof e === "string" ? e : e instanceof Error ? e.message : String(e))

const parseToml = (engine: TomlEngine) => (text: string): Parsed => {
  try {
    return { ok: true, value: engine.parse(text) as Plain }
  } catch (e) {
    // "TOML parse error at line 2, column 3\n  |\n2 | [b\n  |   ^\nunclosed table, expected `]`\n"
    const m = message(e)
    const at = /line (\d+), column (\d+)/.exec(m)
    const lines = m.trim().split("\n")
    return { ok: false, line: at ? Number(at[1]) : 1, column: at ? Number(at[2]) : 1, message: lines[lines.length - 1]!.trim() }
  }
}

/** toml-edit-js's path text: every key quoted (it strips one pair of quotes), indexes as `[n]`. */
const enginePath = (path: KeyPath): string =>
  path.map((s) => {
    if (s.kind === "index") return `[${s.index}]`
    if (s.key.includes("\"") || /^\[.*\]$/.test(s.key)) {
      throw new Error(`toml-edit-js cannot address the key ${JSON.stringify(s.key)} (its paths have no escapes for quotes or bracketed names)`)
    }
    return `"${s.key}"`
  }).join(".")

const isTable = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** Runs the edit of a top-level key inside a sentinel table that holds the document's top-level key/values. */
const atTopLevel = (engine: TomlEngine, text: string, key: string, value: unknown): string => {
  let name = "__splice_root"
  while (text.includes(name)) name += "_"
  const header = `[${name}]\n`
  const wrapped = engine.parse(header + text)
  const root = isTable(wrapped) ? wrapped[name] : undefined
  if (!(isTable(root) && Object.hasOwn(root, key)) && isTable(wrapped) && Object.hasOwn(wrapped, key)) {
    // A table of its own ([key] or [[key]]): outside the sentinel, and toml-edit-js has no path to it.
    throw new Error(`toml-edit-js cannot replace or remove the top-level table [${key}] as a whole; set or delete its keys one by one`)
  }
  const out = engine.edit(header + text, `${enginePath([{ kind: "key", key: name }])}.${enginePath([{ kind: "key", key }])}`, value)
  if (!out.startsWith(header)) throw new Error("toml-edit-js moved the sentinel table of a top-level edit")
  return out.slice(header.length)
}

const editAt = (engine: TomlEngine, text: string, path: KeyPath, value: unknown): string => {
  const first = path[0]
  if (path.length === 1 && first?.kind === "key") return atTopLevel(engine, text, first.key, value)
  return engine.edit(text, enginePath(path), value)
}

export const tomlEditor = (engine: TomlEngine): DataEditor => ({
  format: "toml",
  parser: "toml_edit",
  parse: parseToml(engine),
  set: (text, at, value) => {
    // TOML has no null: refused here with a clear message rather than by the library's "invalid type".
    if (value === null) throw new Error("TOML has no null value; delete the key with `splice del` instead")
    const big = beyondI64(value)
    if (big !== undefined) throw new Error(`TOML integers are 64-bit (-2^63 to 2^63-1): ${big} is out of range; write it as a string (without --json)`)
    // toml_edit takes no bigint: it writes a placeholder string, which then becomes the digits.
    const held = withPlaceholders(value)
    return held.restore(editAt(engine, text, at, held.value))
  },
  del: (text, path) => editAt(engine, text, path, undefined)
})
