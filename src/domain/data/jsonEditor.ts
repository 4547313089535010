/**
 * JSON and JSONC through jsonc-parser (VS Code's): an edit replaces only the range it changes, so
 * comments and the formatting elsewhere stay; inserted text takes the file's indentation.
 */
import { applyEdits, type FormattingOptions, modify, type ParseError, parse, printParseErrorCode } from "jsonc-parser"
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

const editor = (format: "json" | "jsonc"): DataEditor => ({
  format,
  parse: parseWith(format === "jsonc"),
  set: (text, at, value, append) =>
    applyEdits(text, modify(text, pathValues(at), value, { formattingOptions: formattingOf(text), isArrayInsertion: append })),
  del: (text, path) => applyEdits(text, modify(text, pathValues(path), undefined, { formattingOptions: formattingOf(text) }))
})

export const jsonEditor = editor("json")
export const jsoncEditor = editor("jsonc")
