/** `splice read`: a file's text (or a range of its lines) with its checksum, for a later --expect-checksum. */
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"
import { countLines } from "../domain/textContent.js"
import { FileStore } from "../../services/FileStore.js"
import { Output } from "../../services/Output.js"
import { loadTextTarget } from "./textTarget.js"
import { userPath } from "../domain/workspacePath.js"
import { lineEndingReport } from "../domain/lineEndings.js"

export interface ReadConfig {
  readonly file: string
  /** "A:B", "A:", ":B" or "A" (1-based, inclusive). */
  readonly lines?: string
  readonly numbered: boolean
  readonly maxBytes: number
}

export const parseRange = (spec: string, total: number): { from: number; to: number } | undefined => {
  const m = /^\s*(\d*)\s*(?::\s*(\d*))?\s*$/.exec(spec)
  if (m === null || (m[1] === "" && (m[2] === undefined || m[2] === ""))) return undefined
  const from = m[1] === "" ? 1 : Number(m[1])
  const to = m[2] === undefined ? from : m[2] === "" ? Math.max(total, from) : Number(m[2])
  if (from < 1 || to < from) return undefined
  return { from, to: Math.min(to, Math.max(total, 0)) }
}

/** A range that starts past the last line: SPL-E120 (a range that only ends past it is cut at the end). */
export const lineOutOfRange = (file: string, spec: string, from: number, total: number) =>
  spliceError("SPL-E120", `--lines ${spec}: ${file} has ${total} line(s), so line ${from} is past its end`, {
    context: { file, from, line_count: total }
  })

export const read = (config: ReadConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const output = yield* Output
    const path = yield* store.resolve(userPath(config.file))
    const target = yield* loadTextTarget(path, config.maxBytes)
    const text = target.content.text
    const total = countLines(text)
    // Lines with their own endings, so the returned content is byte-exact.
    const lines = text.match(/[^\r\n]*(\r\n|\r|\n)|[^\r\n]+$/g) ?? []
    let from = 1
    let to = total
    if (config.lines !== undefined) {
      const r = parseRange(config.lines, total)
      if (r === undefined) {
        return yield* Effect.fail(spliceError("SPL-E010", `invalid --lines ${JSON.stringify(config.lines)}: use A:B, A: or :B with 1 <= A <= B`))
      }
      if (r.from > total) return yield* Effect.fail(lineOutOfRange(path.relative, config.lines, r.from, total))
      from = r.from
      to = r.to
    }
    const chosen = lines.slice(from - 1, to)
    const width = String(Math.max(to, 1)).length
    const content = config.numbered
      ? chosen.map((l, i) => `${String(from + i).padStart(width)}\t${l}`).join("")
      : chosen.join("")
    return yield* output.result("read", {
      file: path.relative,
      content,
      checksum: target.checksum,
      size: target.bytes.length,
      total_lines: total,
      from: chosen.length === 0 ? null : from,
      to: chosen.length === 0 ? null : from + chosen.length - 1,
      ...lineEndingReport(target.content.text),
      bom: target.content.bom
    }, content)
  })
