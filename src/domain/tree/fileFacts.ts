/**
 * What `splice ls --long` and `splice count` say about a file besides its size: its language (the
 * grammar splice parses it with, else a name for common text formats) and its lines, counted on the
 * bytes (no decoding).
 */
import { Buffer } from "node:buffer"
import { extensionOf, grammarForPath } from "../languages.js"

/** Text formats splice has no grammar for, by extension. */
const TEXT_FORMATS: Record<string, string> = {
  ".md": "markdown", ".markdown": "markdown", ".mdx": "markdown", ".rst": "restructuredtext", ".txt": "text", ".adoc": "asciidoc",
  ".xml": "xml", ".svg": "svg", ".sql": "sql", ".ini": "ini", ".cfg": "ini", ".conf": "config", ".csv": "csv", ".tsv": "tsv",
  ".scss": "scss", ".sass": "sass", ".less": "less", ".vue": "vue", ".svelte": "svelte", ".swift": "swift", ".m": "objective-c",
  ".pl": "perl", ".pm": "perl", ".r": "r", ".dart": "dart", ".ps1": "powershell", ".bat": "batch", ".cmake": "cmake", ".gradle": "groovy",
  ".proto": "protobuf", ".graphql": "graphql", ".gql": "graphql", ".tex": "latex", ".s": "assembly", ".asm": "assembly", ".jsonc": "json"
}
const BY_NAME: Record<string, string> = { Makefile: "make", makefile: "make", GNUmakefile: "make", Dockerfile: "dockerfile", CMakeLists: "cmake", LICENSE: "text", README: "text" }

/** The file's language: a grammar's id, a known text format, else "other"; "binary" for a binary file. */
export const languageOf = (path: string, binary: boolean): string => {
  if (binary) return "binary"
  const grammar = grammarForPath(path)
  if (grammar !== undefined) return grammar.language
  const base = path.slice(path.lastIndexOf("/") + 1)
  return TEXT_FORMATS[extensionOf(path)] ?? BY_NAME[base] ?? BY_NAME[base.replace(/\.[^.]*$/, "")] ?? "other"
}

/** Lines as an editor shows them: line breaks (LF or CRLF; CR alone in a file without LF), plus a last line without one. */
export const countLinesOf = (bytes: Uint8Array): number => {
  if (bytes.length === 0) return 0
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const sep = buf.indexOf(10) !== -1 ? 10 : 13
  let n = 0
  for (let i = buf.indexOf(sep); i !== -1; i = buf.indexOf(sep, i + 1)) n++
  return buf[buf.length - 1] === sep ? n : n + 1
}
