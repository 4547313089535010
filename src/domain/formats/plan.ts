/**
 * The JSON-plan front end of `splice apply`: `{"ops": [...]}`, a bare array of ops, or NDJSON (one
 * op object per line), parsed into a ChangeSet. Strict where a slip would change what gets written:
 * an unknown key (`new_strng`) is refused rather than ignored, so a replacement is never silently
 * dropped. Each op's `origin.line`, and the line of any error about it, is where the op starts.
 */
import type { ChangeOp, InsertPosition, ParseResult } from "../changeSet.js"
import { parseWith, Refusal } from "./inputLines.js"
import { firstJsonError } from "../jsonSyntax.js"

const KINDS = ["edit", "write", "create", "delete", "move", "insert", "delete_lines"] as const
type Kind = (typeof KINDS)[number]

/** The keys each op accepts, with their aliases (tool-call shapes: Claude Code's Edit and MultiEdit). */
const FILE_KEYS = ["file", "file_path", "path"]
const KEYS: Record<Kind, ReadonlyArray<string>> = {
  edit: [...FILE_KEYS, "old", "old_string", "new", "new_string", "replace_all", "edits"],
  write: [...FILE_KEYS, "content"],
  create: [...FILE_KEYS, "content"],
  delete: FILE_KEYS,
  move: ["from", "to"],
  insert: [...FILE_KEYS, "content", "after_line", "before_line", "after", "before"],
  delete_lines: [...FILE_KEYS, "lines"]
}
const COMMON_KEYS = ["op", "type", "expect_checksum"]

const EXPECTED_PLAN = 'a JSON plan: {"ops": [...]}, an array of ops, or one op object per line (NDJSON)'


const describe = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : typeof v === "string" ? `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)}` : `${typeof v} ${String(v)}`

export const parsePlan = (input: string): ParseResult =>
  parseWith("plan", () => {
    const text = unfence(input.replace(/^\uFEFF/, ""))
    return elementsOf(text).flatMap(({ value, line, source, offset }, i) => {
      // JSON.parse keeps the last of a repeated key: {"new": "a", "new": "b"} would drop a replacement unseen.
      const repeated = repeatedKey(source, offset)
      if (repeated !== undefined) throw new Refusal(line, "each key once in an op", `${JSON.stringify(repeated)} twice in op ${i + 1}`)
      return toOps(value, i + 1, line)
    })
  })

/** A plan in a Markdown fence (as models answer): the fence lines become blank, so line numbers stay. */
const unfence = (text: string): string => {
  const lines = text.split("\n")
  const first = lines.findIndex((l) => l.trim() !== "")
  const last = lines.length - 1 - [...lines].reverse().findIndex((l) => l.trim() !== "")
  if (first === -1 || first === last || !/^```(json|jsonl|ndjson)?\s*$/.test(lines[first]!) || !/^```\s*$/.test(lines[last]!)) return text
  lines[first] = ""
  lines[last] = ""
  return lines.join("\n")
}

/** The 1-based line of each offset; offsets asked in increasing order cost one pass over the text in all. */
const lineCounter = (text: string) => {
  let at = 0
  let line = 1
  return (offset: number): number => {
    if (offset < at) [at, line] = [0, 1]
    for (; at < offset; at++) {
      const c = text.charCodeAt(at)
      if (c === 10 || (c === 13 && text.charCodeAt(at + 1) !== 10)) line++
    }
    return line
  }
}

/** An op value, the line it starts on, and where it is in its source text (the input, or its NDJSON line). */
interface Element {
  readonly value: unknown
  readonly line: number
  readonly source: string
  readonly offset: number
}

/** The op values of the input and the line each starts on. */
const elementsOf = (text: string): Element[] => {
  if (text.trim() === "") throw new Refusal(1, EXPECTED_PLAN, "empty input")
  let whole: unknown
  let wholeParsed = true
  try {
    whole = JSON.parse(text)
  } catch {
    wholeParsed = false
  }
  if (!wholeParsed) return ndjson(text)
  const lineAt = lineCounter(text)
  const start = skipWs(text, 0)
  let elements: Element[]
  if (Array.isArray(whole)) {
    elements = arrayElementStarts(text, start).map((offset, i) => ({ value: whole[i], line: lineAt(offset), source: text, offset }))
  } else if (whole !== null && typeof whole === "object" && !("op" in whole) && !("type" in whole) && toolInputKind(whole as Record<string, unknown>) === undefined) {
    const members = objectMembers(text, start)
    const other = members.find((m) => m.key !== "ops")
    if (other !== undefined) throw new Refusal(lineAt(other.keyOffset), '{"ops": [...]} with no other key', `unknown key ${JSON.stringify(other.key)} in the plan`)
    const ops = members.filter((m) => m.key === "ops").pop() // JSON.parse keeps the last of a repeated key
    if (ops === undefined) throw new Refusal(lineAt(start), '{"ops": [...]}', "an object without \"ops\"")
    const list = (whole as { ops: unknown }).ops
    if (!Array.isArray(list)) throw new Refusal(lineAt(ops.valueOffset), '"ops" as an array of op objects', describe(list))
    elements = arrayElementStarts(text, ops.valueOffset).map((offset, i) => ({ value: list[i], line: lineAt(offset), source: text, offset }))
  } else if (whole !== null && typeof whole === "object") {
    elements = [{ value: whole, line: lineAt(start), source: text, offset: start }] // one op: NDJSON of one line, or one op object
  } else {
    throw new Refusal(lineAt(start), EXPECTED_PLAN, describe(whole))
  }
  if (elements.length === 0) throw new Refusal(lineAt(start), "at least one op", "an empty list of ops")
  return elements
}

/** One op per line; when the first line is not JSON on its own, the input is one broken JSON document. */
const ndjson = (text: string): Element[] => {
  const lines = text.split(/\r\n|\r|\n/)
  const firstLine = lines.findIndex((l) => l.trim() !== "")
  const parses = (l: string) => {
    try {
      const v: unknown = JSON.parse(l)
      return v !== null && typeof v === "object" && !Array.isArray(v)
    } catch {
      return false
    }
  }
  if (!parses(lines[firstLine]!)) {
    // Where, never what: JSON.parse's own message quotes the input (see jsonSyntax.ts).
    const at = firstJsonError(text)!
    throw new Refusal(at.line, "valid JSON", `${at.problem} at column ${at.column}`)
  }
  const out: Element[] = []
  lines.forEach((l, i) => {
    if (l.trim() === "") return
    try {
      out.push({ value: JSON.parse(l), line: i + 1, source: l, offset: skipWs(l, 0) })
    } catch {
      const at = firstJsonError(l)!
      throw new Refusal(i + 1, "one JSON op object per line (NDJSON)", `${at.problem} at column ${at.column}`)
    }
  })
  return out
}

// A scanner over text already known to be valid JSON: where values start, nothing more.
const skipWs = (text: string, i: number): number => {
  while (i < text.length && " \t\n\r".includes(text[i]!)) i++
  return i
}

const skipValue = (text: string, i: number): number => {
  const c = text[i]
  if (c === '"') {
    i++
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1
    return i + 1
  }
  if (c === "{" || c === "[") {
    let depth = 0
    do {
      const d = text[i]!
      if (d === '"') i = skipValue(text, i)
      else {
        if (d === "{" || d === "[") depth++
        else if (d === "}" || d === "]") depth--
        i++
      }
    } while (depth > 0)
    return i
  }
  while (i < text.length && !",]} \t\n\r".includes(text[i]!)) i++
  return i
}

/** Offsets of the elements of the array at `at`. */
const arrayElementStarts = (text: string, at: number): number[] => {
  const starts: number[] = []
  let i = skipWs(text, at + 1)
  while (text[i] !== "]") {
    starts.push(i)
    i = skipWs(text, skipValue(text, i))
    if (text[i] === ",") i = skipWs(text, i + 1)
  }
  return starts
}

/** Keys and value offsets of the object at `at`. */
const objectMembers = (text: string, at: number): Array<{ key: string; keyOffset: number; valueOffset: number }> => {
  const members: Array<{ key: string; keyOffset: number; valueOffset: number }> = []
  let i = skipWs(text, at + 1)
  while (text[i] !== "}") {
    const keyEnd = skipValue(text, i)
    const key = JSON.parse(text.slice(i, keyEnd)) as string
    const valueOffset = skipWs(text, skipWs(text, keyEnd) + 1)
    members.push({ key, keyOffset: i, valueOffset })
    i = skipWs(text, skipValue(text, valueOffset))
    if (text[i] === ",") i = skipWs(text, i + 1)
  }
  return members
}

/** The first key that an object inside the value at `at` holds twice. */
const repeatedKey = (text: string, at: number): string | undefined => {
  if (text[at] === "[") {
    for (const e of arrayElementStarts(text, at)) {
      const r = repeatedKey(text, e)
      if (r !== undefined) return r
    }
  } else if (text[at] === "{") {
    const seen = new Set<string>()
    for (const m of objectMembers(text, at)) {
      if (seen.has(m.key)) return m.key
      seen.add(m.key)
      const r = repeatedKey(text, m.valueOffset)
      if (r !== undefined) return r
    }
  }
  return undefined
}

/**
 * An agent's own edit tool input, as its harness logs it, taken without an "op": Claude Code's Edit
 * (`file_path`, `old_string`, `new_string`), MultiEdit (`file_path`, `edits`) and Write (`file_path`,
 * `content`).
 */
const toolInputKind = (o: Record<string, unknown>): Kind | undefined =>
  !("file_path" in o) || "op" in o || "type" in o ? undefined : "edits" in o || "old_string" in o ? "edit" : "content" in o ? "write" : undefined

/** The ChangeOps of op number `n` (1-based), which starts on `line`. */
const toOps = (value: unknown, n: number, line: number): ChangeOp[] => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new Refusal(line, 'an op object such as {"op": "edit", "file": …}', `${describe(value)} as op ${n}`)
  }
  const o = value as Record<string, unknown>
  if ("op" in o && "type" in o && o["op"] !== o["type"]) throw new Refusal(line, 'one of "op" and "type" (they are aliases)', `both, differing, in op ${n}`)
  const kindValue = o["op"] ?? o["type"] ?? toolInputKind(o)
  if (kindValue === undefined) throw new Refusal(line, `"op": one of ${KINDS.join(", ")}`, `op ${n} without "op"`)
  if (typeof kindValue !== "string" || !(KINDS as ReadonlyArray<string>).includes(kindValue)) {
    throw new Refusal(line, `"op": one of ${KINDS.join(", ")}`, `"op": ${JSON.stringify(kindValue)} in op ${n}`)
  }
  const kind = kindValue as Kind
  const where = `op ${n} ("${kind}")`
  const allowed = [...KEYS[kind], ...COMMON_KEYS]
  const unknownKey = Object.keys(o).find((k) => !allowed.includes(k))
  if (unknownKey !== undefined) throw new Refusal(line, `the keys of a "${kind}" op: ${allowed.join(", ")}`, `unknown key ${JSON.stringify(unknownKey)} in ${where}`)

  /** The value of one key among its aliases: refused when two are given or its type is wrong. */
  const field = <T>(names: ReadonlyArray<string>, what: string, check: (v: unknown) => v is T, obj: Record<string, unknown> = o, at = where): T | undefined => {
    const given = names.filter((k) => k in obj)
    if (given.length > 1) throw new Refusal(line, `one of ${names.map((k) => `"${k}"`).join(", ")} (they are aliases)`, `${given.map((k) => `"${k}"`).join(" and ")} in ${at}`)
    if (given.length === 0) return undefined
    const v = obj[given[0]!]
    if (!check(v)) throw new Refusal(line, `"${given[0]}" as ${what}`, `${describe(v)} in ${at}`)
    return v
  }
  const need = <T>(v: T | undefined, name: string, at = where): T => {
    if (v === undefined) throw new Refusal(line, `"${name}" in a "${kind}" op`, `${at} without "${name}"`)
    return v
  }
  const isString = (v: unknown): v is string => typeof v === "string"
  const isPath = (v: unknown): v is string => typeof v === "string" && v !== ""
  const isNonEmpty = isPath
  const isBoolean = (v: unknown): v is boolean => typeof v === "boolean"
  const isLineNumber = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 1
  const isChecksum = (v: unknown): v is string => typeof v === "string" && /^[0-9a-fA-F]{12,64}$/.test(v)

  const checksum = field(["expect_checksum"], "a BLAKE3 checksum (12 to 64 hex digits)", isChecksum)
  const base = { origin: { line }, ...(checksum !== undefined ? { expectChecksum: checksum.toLowerCase() } : {}) }
  const file = () => need(field(FILE_KEYS, "a non-empty path", isPath), "file")

  switch (kind) {
    case "edit": {
      const path = file()
      const edits = field(["edits"], "a non-empty array of {old_string, new_string, replace_all?}", (v): v is unknown[] => Array.isArray(v) && v.length > 0)
      const replacement = (obj: Record<string, unknown>, at: string): ChangeOp => {
        const old = need(field(["old", "old_string"], "a non-empty string (use create or write for a new file)", isNonEmpty, obj, at), "old", at)
        const neu = need(field(["new", "new_string"], "a string", isString, obj, at), "new", at)
        const all = field(["replace_all"], "true or false", isBoolean, obj, at) ?? false
        return { kind: "edit", file: path, old, new: neu, replaceAll: all, ...base }
      }
      if (edits === undefined) return [replacement(o, where)]
      const mixed = ["old", "old_string", "new", "new_string", "replace_all"].find((k) => k in o)
      if (mixed !== undefined) throw new Refusal(line, `either "edits" or one old/new pair in an "edit" op`, `"edits" and "${mixed}" in ${where}`)
      // Claude Code's MultiEdit shape: several replacements of one file, applied in order.
      return edits.map((e, i) => {
        const at = `edits[${i}] of ${where}`
        if (e === null || typeof e !== "object" || Array.isArray(e)) throw new Refusal(line, "an object {old_string, new_string, replace_all?}", `${describe(e)} as ${at}`)
        const entry = e as Record<string, unknown>
        const stray = Object.keys(entry).find((k) => !["old", "old_string", "new", "new_string", "replace_all"].includes(k))
        if (stray !== undefined) throw new Refusal(line, "the keys of an edit: old_string (or old), new_string (or new), replace_all", `unknown key ${JSON.stringify(stray)} in ${at}`)
        return replacement(entry, at)
      })
    }
    case "write":
    case "create": {
      const path = file()
      const content = need(field(["content"], "a string", isString), "content")
      return [{ kind, file: path, content, ...base }]
    }
    case "delete":
      return [{ kind: "delete", file: file(), ...base }]
    case "move": {
      const from = need(field(["from"], "a non-empty path", isPath), "from")
      const to = need(field(["to"], "a non-empty path", isPath), "to")
      return [{ kind: "move", from, to, ...base }]
    }
    case "insert": {
      const path = file()
      const content = need(field(["content"], "a non-empty string", isNonEmpty), "content")
      const positions: InsertPosition[] = []
      // after_line 0 inserts at the top (as `splice edit --after-line 0`).
      const afterLine = field(["after_line"], "a line number (an integer ≥ 0; 0 is the top)", (v: unknown): v is number => v === 0 || isLineNumber(v))
      const beforeLine = field(["before_line"], "a line number (an integer ≥ 1)", isLineNumber)
      const after = field(["after"], "a non-empty anchor text", isNonEmpty)
      const before = field(["before"], "a non-empty anchor text", isNonEmpty)
      if (afterLine !== undefined) positions.push({ afterLine })
      if (beforeLine !== undefined) positions.push({ beforeLine })
      if (after !== undefined) positions.push({ after })
      if (before !== undefined) positions.push({ before })
      if (positions.length !== 1) {
        throw new Refusal(line, 'exactly one of "after_line", "before_line", "after", "before"', positions.length === 0 ? `none in ${where}` : `${positions.length} of them in ${where}`)
      }
      return [{ kind: "insert", file: path, content, at: positions[0]!, ...base }]
    }
    case "delete_lines": {
      const path = file()
      const lines = need(field(["lines"], 'a range "A:B" (or "A")', isString), "lines")
      const m = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(lines)
      const from = m === null ? NaN : Number(m[1])
      const to = m === null ? NaN : m[2] === undefined ? from : Number(m[2])
      if (!(from >= 1 && to >= from)) throw new Refusal(line, '"lines" as "A:B" with 1 ≤ A ≤ B (or "A" for one line)', `${JSON.stringify(lines)} in ${where}`)
      return [{ kind: "delete_lines", file: path, from, to, ...base }]
    }
  }
}
