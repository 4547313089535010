/**
 * JSON and JSONC through jsonc-parser (VS Code's): an edit replaces only the range it changes, so
 * comments and the formatting elsewhere stay; inserted text takes the file's indentation.
 */
import { applyEdits, type Edit, findNodeAtLocation, type FormattingOptions, modify, type ParseError, parse, parseTree, printParseErrorCode } from "jsonc-parser"
import { detectLineEnding, lineEndingString } from "../lineEndings.js"
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
  if (first === undefined) return { ok: true, value: value === undefined ? null : value }
  return { ok: false, ...lineColumn(text, first.offset), message: printParseErrorCode(first.error) }
}

/** The object or array the path's last segment is in. */
const containerOf = (text: string, path: ReadonlyArray<string | number>) => {
  const tree = parseTree(text, [], { allowTrailingComma: true })
  return tree === undefined ? undefined : findNodeAtLocation(tree, path.slice(0, -1))
}

/**
 * jsonc-parser's edits, made to fit the file: its formatter re-lays out the whole container it
 * touches, so a container written on one line is edited without it (with a space after each new
 * comma, as people write); and deleting the only member of a container written with a trailing
 * comma (`{ "a": 1, }`) would leave `{ , }`, so that comma goes too.
 */
const change = (text: string, path: ReadonlyArray<string | number>, value: Plain | undefined, append: boolean): string => {
  const parent = containerOf(text, path)
  if (value === undefined && parent?.children?.length === 1) {
    // Unformatted, the edit is exactly "from the opening bracket to the member's end": extend it over the comma.
    return applyEdits(text, modify(text, [...path], undefined, {}).map((e) => {
      const comma = /^\s*,/.exec(text.slice(e.offset + e.length))
      return comma === null ? e : { ...e, length: e.length + comma[0].length }
    }))
  }
  const oneLine = parent !== undefined && !/[\r\n]/.test(text.slice(parent.offset, parent.offset + parent.length))
  const edits: Edit[] = modify(text, [...path], value, { isArrayInsertion: append, ...(oneLine ? {} : { formattingOptions: formattingOf(text) }) })
  return applyEdits(text, oneLine ? edits.map((e) => ({ ...e, content: e.content.replace(/^,(?=\S)/, ", ") })) : edits)
}

const editor = (format: "json" | "jsonc"): DataEditor => ({
  format,
  parse: parseWith(format === "jsonc"),
  set: (text, at, value, append) => change(text, pathValues(at), value, append),
  del: (text, path) => change(text, pathValues(path), undefined, false)
})

export const jsonEditor = editor("json")
export const jsoncEditor = editor("jsonc")
