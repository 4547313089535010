/**
 * `splice diff A B`: a unified diff of two files (or of a file and standard input, `-`) with a
 * summary a program can read — identical or not, hunks, lines added and removed, each side's
 * checksum. Content that is not UTF-8 text is compared by checksum only. Whether the files differ
 * is the answer, not a failure: exit 0 either way (see the README).
 */
import * as Effect from "effect/Effect"
import { diffLines, hunksOf, renderHunks, splitAtLf } from "../domain/diff.js"
import { detectEncoding } from "../domain/encoding.js"
import { countLines } from "../domain/textContent.js"
import { spliceError } from "../domain/SpliceError.js"
import { userPath } from "../domain/workspacePath.js"
import { FileStore } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Input } from "../../services/Input.js"
import { Output } from "../../services/Output.js"
import { statTarget } from "./textTarget.js"

export interface DiffConfig {
  /** A path, or "-" for standard input. */
  readonly a: string
  readonly b: string
  readonly context: number
  readonly maxBytes: number
}

export const STDIN = "-"

/** One side: its name (a workspace path, or "-"), bytes, and its text when it is UTF-8 (a BOM kept as U+FEFF, so it shows as a change). */
const loadSide = (typed: string, maxBytes: number) =>
  Effect.gen(function*() {
    const hasher = yield* Hasher
    let name: string
    let bytes: Uint8Array
    if (typed === STDIN) {
      name = STDIN
      bytes = yield* (yield* Input).stdin
      if (bytes.length > maxBytes) {
        return yield* Effect.fail(spliceError("SPL-E064", `standard input is over the limit of ${maxBytes} bytes`, { context: { input: STDIN, max_bytes: maxBytes } }))
      }
    } else {
      const store = yield* FileStore
      const path = yield* store.resolve(userPath(typed))
      const info = yield* statTarget(path, maxBytes)
      if (info === undefined) return yield* Effect.fail(spliceError("SPL-E020", `no such file: ${path.relative}`, { context: { file: path.relative } }))
      name = path.relative
      bytes = yield* store.read(path)
    }
    const { encoding, bom, text } = detectEncoding(bytes)
    const utf8 = encoding === "utf-8" && text !== undefined ? (bom ? `\uFEFF${text}` : text) : undefined
    return {
      name,
      text: utf8,
      summary: { file: name, checksum: yield* hasher.blake3(bytes), size: bytes.length, encoding, lines: text === undefined ? null : countLines(text) }
    }
  })

export const diff = (config: DiffConfig) =>
  Effect.gen(function*() {
    const output = yield* Output
    if (config.a === STDIN && config.b === STDIN) return yield* Effect.fail(spliceError("SPL-E010", "standard input can be only one side of the diff"))
    if (!Number.isInteger(config.context) || config.context < 0) {
      return yield* Effect.fail(spliceError("SPL-E010", `--context must be a whole number of lines, 0 or more (got ${config.context})`, { context: { flag: "--context" } }))
    }
    const a = yield* loadSide(config.a, config.maxBytes)
    const b = yield* loadSide(config.b, config.maxBytes)
    const identical = a.summary.checksum === b.summary.checksum && a.summary.size === b.summary.size
    const common = { a: a.summary, b: b.summary, identical, context: config.context }
    if (a.text === undefined || b.text === undefined) {
      return yield* output.result("diff", { ...common, compared: "checksum", hunks: [], added: 0, removed: 0, diff: "" },
        identical ? "" : (t) => t.diff.binary(a.name, b.name))
    }
    // Split at LF, as diff(1) and git do: what is printed is a patch that restores the exact bytes.
    const hunks = identical ? [] : hunksOf(diffLines(splitAtLf(a.text), splitAtLf(b.text)), config.context)
    // With standard input on one side the patch names the file on both (it applies to that file).
    const [oldName, newName] = a.name === STDIN ? [b.name, b.name] : b.name === STDIN ? [a.name, a.name] : [a.name, b.name]
    const text = renderHunks(hunks, `a/${oldName}`, `b/${newName}`, { keepEndings: true })
    const summaries = hunks.map((h) => ({
      old_start: h.oldStart,
      old_lines: h.oldLines,
      new_start: h.newStart,
      new_lines: h.newLines,
      added: h.ops.filter((o) => o.tag === "+").length,
      removed: h.ops.filter((o) => o.tag === "-").length
    }))
    return yield* output.result("diff", {
      ...common,
      compared: "text",
      hunks: summaries,
      added: summaries.reduce((n, h) => n + h.added, 0),
      removed: summaries.reduce((n, h) => n + h.removed, 0),
      diff: text
    }, text)
  })
