/**
 * `splice ls`: the files of the tree as search and replace see them (the same walk: .gitignore,
 * hidden names, globs), in git's order, like `rg --files`; `--depth` stops the walk and lists the
 * directories at its edge; `--long` adds each file's size, lines, language and BLAKE3 checksum.
 */
import * as Effect from "effect/Effect"
import { errorMessage } from "../../domain/render.js"
import { spliceError } from "../../domain/SpliceError.js"
import { countLinesOf, languageOf } from "../../domain/tree/fileFacts.js"
import type { WorkspacePath } from "../../domain/workspacePath.js"
import type { EventLine } from "../../schema/outputs.js"
import { FileStore, type ResolvedPath } from "../../../services/FileStore.js"
import { Hasher } from "../../../services/Hasher.js"
import { Output } from "../../../services/Output.js"
import { type WalkOptions, type WalkSkip, walkTree } from "./walk.js"

export interface LsConfig extends WalkOptions {
  readonly long: boolean
}

/** git's order: byte order of the paths, a directory's as its name and a slash. */
const gitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Bytes as people read them: 1.2 KiB, 3.4 MiB. */
export const ls = (config: LsConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const output = yield* Output
    if (config.maxDepth !== undefined && config.maxDepth < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", "--depth takes a number of levels, 1 or more (1: what the directory holds itself)", { context: { flag: "depth" } }))
    }
    const files: ResolvedPath[] = []
    const { skipped, cutoff } = yield* walkTree(config, (batch) => Effect.sync(() => void files.push(...batch.map((f) => f.path))))
    const entries: Array<{ path: WorkspacePath; file?: ResolvedPath }> = [...files.map((f) => ({ path: f.relative, file: f })), ...cutoff.map((path) => ({ path }))]
    entries.sort((a, b) => gitOrder(a.file === undefined ? `${a.path}/` : a.path, b.file === undefined ? `${b.path}/` : b.path))

    const unreadable: WalkSkip[] = []
    let bytes = 0
    const events: EventLine[] = []
    const long: Array<{ size: number; lines: number | null; language: string; checksum: string; path: string }> = []
    const human: Array<string | typeof long[number]> = []
    for (const e of entries) {
      if (e.file === undefined) {
        events.push({ type: "entry", path: e.path, kind: "directory" })
        human.push(`${e.path}/\n`)
        continue
      }
      if (!config.long) {
        events.push({ type: "entry", path: e.path, kind: "file" })
        human.push(`${e.path}\n`)
        continue
      }
      const read = yield* Effect.either(store.read(e.file, { noFollow: true }))
      if (read._tag === "Left") {
        unreadable.push({ path: e.path, reason: `${read.left.code}: ${read.left.message}` })
        const error = read.left
        yield* output.log((t) => t.notes.skipped(e.path, errorMessage(error, t)))
        continue
      }
      const data = read.right
      const binary = data.subarray(0, 64 * 1024).indexOf(0) !== -1
      const lines = binary ? null : countLinesOf(data)
      const language = languageOf(e.path, binary)
      const checksum = yield* hasher.blake3(data)
      bytes += data.length
      events.push({ type: "entry", path: e.path, kind: "file", size: data.length, lines, language, checksum })
      human.push({ size: data.length, lines, language, checksum, path: e.path })
    }
    yield* output.events(events, (t) =>
      human.map((h) =>
        typeof h === "string" ? h : `${t.words.size(h.size).padStart(10)} ${String(h.lines ?? "-").padStart(7)}  ${t.words.language(h.language).padEnd(12)} ${h.checksum.slice(0, 12)}  ${h.path}\n`
      ).join(""))
    return yield* output.result("ls", {
      files: files.length - unreadable.length,
      directories: cutoff.length,
      ...(config.long ? { bytes } : {}),
      skipped: [...skipped, ...unreadable]
    }, config.long ? (t) => t.tree.lsTotal(files.length - unreadable.length, bytes) : "")
  })
