/**
 * JSON and JSONC through jsonc-parser (VS Code's): an edit replaces only the range it changes, so
 * comments and the formatting elsewhere stay; inserted text takes the file's indentation.
 */
import { applyEdits, type Edit, findNodeAtLocation, type FormattingOptions, modify, type Node, type ParseError, parse, parseTree, printParseErrorCode } from "jsonc-parser"
import { detectLineEnding, lineEndingString } from "../lineEndings.js"
import { jsonText } from "../jsonText.js"
import { exactJsonValue, mayHoldBigInts, withPlaceholders } from "./exactNumbers.js"
import { type DataEditor, lineColumn, type Parsed } from "./formats.js"
import { pathValues } from "./keyPath.js"
import type { Plain } from "./tree.js"

/** The file's indentation, from its first indented line (two spaces when it has none). */
export const formattingOf = (text: string): FormattingOptions => {
  const m = /^([ \t]+)\S/m.exec(text)
  const eol = lineEndingString(detectLineEnding(text))
  if (m === null) return { insertSpaces: true, tabSize: 2, eol }
  const indent = m[1]!
  return indent.startsWith("\t") ? { insertSpaces: false, tabSize: 1, eol } : { insertSpaces: true, tabSize: indent.length, eol }
}

const parseWith = (comments: boolean) => (text: string): Parsed => {
  const errors: ParseError[] = []
  const value = parse(text, errors, { disallowComments: !comments, allowTrailingComma: comments, allowEmptyContent: false }) as Plain
  const first = errors[0]
  if (first === undefined) {
    return { ok: true, value: mayHoldBigInts(text) ? exactJsonValue(text, { allowTrailingComma: comments }) : value === undefined ? null : value }
  }
  return { ok: false, ...lineColumn(text, first.offset), message: printParseErrorCode(first.error) }
}

/** The object or array the path's last segment is in. */
const containerOf = (text: string, path: ReadonlyArray<string | number>) => {
  const tree = parseTree(text, [], { allowTrailingComma: true })
  return tree === undefined ? undefined : findNodeAtLocation(tree, path.slice(0, -1))
}

/**
 * A new last member of a container laid out one member per line, written after the current last
 * one as its own line with that line's indentation. (jsonc-parser's formatter would also re-lay
 * out the line it is inserted after: `"scripts": { "test": "x" },` would be spread over three.)
 * A comment at the end of the last member's line stays there; undefined when the layout is other.
 */
const appendLine = (text: string, parent: Node, key: string | number, value: Plain, fmt: FormattingOptions): Edit[] | undefined => {
  const members = parent.children ?? []
  const last = members[members.length - 1]
  if (last === undefined) return undefined
  const lineStart = Math.max(text.lastIndexOf("\n", last.offset - 1), text.lastIndexOf("\r", last.offset - 1)) + 1
  const indent = text.slice(lineStart, last.offset)
  const end = last.offset + last.length
  const rest = /^([ \t]*)(,?)([ \t]*(?:\/\/[^\r\n]*|\/\*(?:(?!\*\/)[^\r\n])*\*\/)?[ \t]*)(?=\r|\n)/.exec(text.slice(end))
  if (!/^[ \t]*$/.test(indent) || rest === null) return undefined
  const unit = fmt.insertSpaces ? " ".repeat(fmt.tabSize ?? 2) : "\t"
  const body = jsonText(value, unit).split("\n").join(fmt.eol + indent)
  const member = parent.type === "object" ? `${JSON.stringify(key)}: ${body}` : body
  const lineEnd = end + rest[0].length
  // A trailing comma (JSONC) moves to the new last member.
  return rest[2] === ","
    ? [{ offset: lineEnd, length: 0, content: `${fmt.eol}${indent}${member},` }]
    : [{ offset: end, length: 0, content: "," }, { offset: lineEnd, length: 0, content: `${fmt.eol}${indent}${member}` }]
}

/**
 * jsonc-parser's edits, made to fit the file: its formatter re-lays out the whole container it
 * touches, so a container written on one line is edited without it (with a space after each new
 * comma, as people write); and deleting the only member of a container written with a trailing
 * comma (`{ "a": 1, }`) would leave `{ , }`, so that comma goes too.
 */
const change = (text: string, path: ReadonlyArray<string | number>, value: Plain | undefined, append: boolean): string => {
  // jsonc-parser writes values with JSON.stringify, which cannot write a bigint: it writes a
  // placeholder string, which then becomes the digits.
  if (value === undefined) return changeWith(text, path, undefined, append)
  const held = withPlaceholders(value)
  return held.restore(changeWith(text, path, held.value, append))
}

const changeWith = (text: string, path: ReadonlyArray<string | number>, value: Plain | undefined, append: boolean): string => {
  const parent = containerOf(text, path)
  if (value === undefined && parent?.children?.length === 1) {
    // Unformatted, the edit is exactly "from the opening bracket to the member's end": extend it over the comma.
    return applyEdits(text, modify(text, [...path], undefined, {}).map((e) => {
      const comma = /^\s*,/.exec(text.slice(e.offset + e.length))
      return comma === null ? e : { ...e, length: e.length + comma[0].length }
    }))
  }
  const oneLine = parent !== undefined && !/[\r\n]/.test(text.slice(parent.offset, parent.offset + parent.length))
  const key = path[path.length - 1]
  // An array or object written on one line, replaced by another: written on one line too.
  const current = parent !== undefined && key !== undefined ? findNodeAtLocation(parent, [key]) : undefined
  if (current !== undefined && (current.type === "array" || current.type === "object") && typeof value === "object" && value !== null) {
    const old = text.slice(current.offset, current.offset + current.length)
    if (!/[\r\n]/.test(old)) return applyEdits(text, [{ offset: current.offset, length: current.length, content: inlineJson(value, /^[[{][ \t]+\S/.test(old)) }])
  }
  const isNew = parent !== undefined && key !== undefined && (parent.type === "array" ? append : findNodeAtLocation(parent, [key]) === undefined)
  if (value !== undefined && isNew && !oneLine) {
    const edits = appendLine(text, parent, key, value, formattingOf(text))
    if (edits !== undefined) return applyEdits(text, edits)
  }
  const edits: Edit[] = modify(text, [...path], value, { isArrayInsertion: append, ...(oneLine ? {} : { formattingOptions: formattingOf(text) }) })
  return applyEdits(text, oneLine ? edits.map((e) => ({ ...e, content: e.content.replace(/^,(?=\S)/, ", ") })) : edits)
}

/** A value on one line as people write it: `[1, 2]`, `{"a": 1}` (`{ "a": 1 }` and `[ 1, 2 ]` when `padded`). */
export const inlineJson = (value: Plain, padded: boolean): string => {
  if (typeof value !== "object" || value === null) return jsonText(value, "")
  const pad = padded ? " " : ""
  const parts = Array.isArray(value) ? value.map((v) => inlineJson(v, padded)) : Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v, padded)}`)
  if (parts.length === 0) return Array.isArray(value) ? "[]" : "{}"
  return Array.isArray(value) ? `[${pad}${parts.join(", ")}${pad}]` : `{${pad}${parts.join(", ")}${pad}}`
}

const editor = (format: "json" | "jsonc"): DataEditor => ({
  format,
  parser: "jsonc-parser",
  parse: parseWith(format === "jsonc"),
  set: (text, at, value, append) => change(text, pathValues(at), value, append),
  del: (text, path) => change(text, pathValues(path), undefined, false)
})

export const jsonEditor = editor("json")
export const jsoncEditor = editor("jsonc")
