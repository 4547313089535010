/**
 * TOML through toml_edit (Rust, as wasm in @rainbowatcher/toml-edit-js), which keeps comments, key
 * order and formatting. The engine (the initialised wasm) is handed in: loading it is I/O.
 *
 * Two gaps of toml-edit-js 0.6.5 are worked around or refused here: its `edit` cannot address a
 * top-level key (a one-segment path fails with "path key is empty"), so a top-level key/value is
 * edited as a member of a sentinel table prepended for the edit and removed after; and its path
 * syntax has no escapes, so a key holding `"` (or written like an index, `[0]`) cannot be named.
 */
import { diffLines, splitKeepEnds } from "../diff.js"
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

/**
 * toml_edit's text for a value appended to an array, in the array's own spelling: in a multi-line
 * array written with a trailing comma it puts the comma on a line of its own after the new value
 * (`"c"\n,`), which belongs after the value; in a one-line array it writes the first new comma
 * without a space (`["x","y"]`), pads an empty one on the left only (`[ "y"]`) and drops the padding
 * before `]` (`[ "a", "b", "c"]`).
 */
export const tidyAppend = (before: string, after: string): string => {
  const ops = diffLines(splitKeepEnds(before), splitKeepEnds(after))
  const out: string[] = []
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k]!
    const next = ops[k + 1]
    // Multi-line: an added value line, then an added line that is only the comma.
    if (op.tag === "+" && next?.tag === "+" && /^[ \t]*,[ \t]*\r?\n$/.test(next.line) && !/,[ \t]*\r?\n$/.test(op.line)) {
      out.push(op.line.replace(/(\r?\n)$/, ",$1"))
      k++
      continue
    }
    // One line: the old line with the new value inserted.
    if (op.tag === "-" && next?.tag === "+" && ops[k + 2]?.tag !== "+" && ops[k - 1]?.tag !== "-") {
      out.push(oneLineAppend(op.line, next.line))
      k++
      continue
    }
    if (op.tag !== "-") out.push(op.line)
  }
  return out.join("")
}

const oneLineAppend = (old: string, line: string): string => {
  let p = 0
  while (p < old.length && p < line.length && old[p] === line[p]) p++
  let q = 0
  while (q < old.length - p && q < line.length - p && old[old.length - 1 - q] === line[line.length - 1 - q]) q++
  const head = line.slice(0, p)
  const removed = old.slice(p, old.length - q)
  let added = line.slice(p, line.length - q)
  const tail = line.slice(line.length - q)
  if (!/^[ \t]*$/.test(removed) || !tail.startsWith("]")) return line
  // `[]` gets no padding the file did not have.
  if (head.endsWith("[") && removed === "") added = added.replace(/^[ \t]+/, "")
  // A comma as the array's others are written (`, ` unless they are written `,`).
  const bare = /,\S/.test(old) && !/, /.test(old)
  if (!bare) added = added.replace(/^,(?=\S)/, ", ")
  return head + added + removed + tail
}

export const tomlEditor = (engine: TomlEngine): DataEditor => ({
  format: "toml",
  parser: "toml_edit",
  parse: parseToml(engine),
  set: (text, at, value, append) => {
    // TOML has no null: refused here with a clear message rather than by the library's "invalid type".
    if (value === null) throw new Error("TOML has no null value; delete the key with `splice del` instead")
    const big = beyondI64(value)
    if (big !== undefined) throw new Error(`TOML integers are 64-bit (-2^63 to 2^63-1): ${big} is out of range; write it as a string (without --json)`)
    // toml_edit takes no bigint: it writes a placeholder string, which then becomes the digits.
    const held = withPlaceholders(value)
    const out = held.restore(editAt(engine, text, at, held.value))
    if (!append) return out
    // Cosmetic only: if the tidied text reads as other data, toml_edit's stands.
    const tidy = tidyAppend(text, out)
    try {
      return JSON.stringify(engine.parse(tidy)) === JSON.stringify(engine.parse(out)) ? tidy : out
    } catch {
      return out
    }
  },
  del: (text, path) => editAt(engine, text, path, undefined)
})
