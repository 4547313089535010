/**
 * `splice count`: files, lines and bytes of the tree as the walk finds it (binary files counted
 * apart, without lines); `--by-size N` names the N largest files, `--by-language` splits the counts.
 */
import * as Effect from "effect/Effect"
import type { Catalog } from "../../domain/locale/index.js"
import { spliceError } from "../../domain/SpliceError.js"
import { countLinesOf, languageOf } from "../../domain/tree/fileFacts.js"
import { Output } from "../../../services/Output.js"
import { scanTree } from "./scanTree.js"
import type { WalkOptions } from "./walk.js"

export interface CountConfig extends WalkOptions {
  /** The N largest files. */
  readonly bySize?: number
  readonly byLanguage: boolean
}

interface Counted {
  readonly file: string
  readonly size: number
  readonly lines: number | null
  readonly language: string
}

export const count = (config: CountConfig) =>
  Effect.gen(function*() {
    const started = Date.now()
    const output = yield* Output
    if (config.bySize !== undefined && config.bySize < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", "--by-size takes a number of files, 1 or more", { context: { flag: "by-size" } }))
    }
    const counted: Counted[] = []
    const { skipped } = yield* scanTree(config, (file, read) => {
      const rel = file.path.relative
      counted.push(read.kind === "binary"
        ? { file: rel, size: read.size, lines: null, language: "binary" }
        : { file: rel, size: read.bytes.length, lines: countLinesOf(read.bytes), language: languageOf(rel, false) })
    })

    const lines = counted.reduce((n, c) => n + (c.lines ?? 0), 0)
    const bytes = counted.reduce((n, c) => n + c.size, 0)
    const binary = counted.filter((c) => c.lines === null).length
    const largest = config.bySize === undefined ? undefined : [...counted].sort((a, b) => b.size - a.size || (a.file < b.file ? -1 : 1)).slice(0, config.bySize)
    const byLanguage = (() => {
      if (!config.byLanguage) return undefined
      const m = new Map<string, { language: string; files: number; lines: number; bytes: number }>()
      for (const c of counted) {
        const row = m.get(c.language) ?? { language: c.language, files: 0, lines: 0, bytes: 0 }
        row.files++
        row.lines += c.lines ?? 0
        row.bytes += c.size
        m.set(c.language, row)
      }
      return [...m.values()].sort((a, b) => b.lines - a.lines || b.bytes - a.bytes || (a.language < b.language ? -1 : 1))
    })()

    const human = (t: Catalog) => {
      let s = t.tree.countTotal(counted.length, lines, bytes, binary)
      if (largest !== undefined) {
        s += t.tree.largest
        for (const c of largest) s += `${t.words.size(c.size).padStart(10)} ${String(c.lines ?? "-").padStart(8)}  ${c.file}\n`
      }
      if (byLanguage !== undefined) {
        s += t.tree.byLanguage
        for (const r of byLanguage) s += t.tree.languageRow(t.words.language(r.language), r.files, r.lines, r.bytes)
      }
      return s
    }
    return yield* output.result("count", {
      files: counted.length,
      lines,
      bytes,
      binary_files: binary,
      ...(largest !== undefined ? { largest } : {}),
      ...(byLanguage !== undefined ? { by_language: byLanguage } : {}),
      skipped,
      elapsed_ms: Date.now() - started
    }, human)
  })
