/**
 * The walk with every file's content read (search, replace, count): a file whose first 64 KiB hold
 * a NUL byte is binary (the rest unread); one that cannot be read is reported on stderr and in
 * `skipped`, and the walk goes on, as ripgrep's does.
 */
import * as Effect from "effect/Effect"
import type { Human } from "../../domain/locale/index.js"
import { errorMessage } from "../../domain/render.js"
import { FileStore, type ScannedFile } from "../../../services/FileStore.js"
import { Output } from "../../../services/Output.js"
import { type TreeFile, type WalkOptions, type WalkSkip, walkTree } from "./walk.js"

/** How much of a file is looked at for a NUL byte before it is called binary (ripgrep reads 64 KiB blocks). */
export const BINARY_PROBE = 64 * 1024

/** A file as read: its bytes (valid only during the call), or binary. */
export type ReadFile = Exclude<ScannedFile, { readonly kind: "error" }>

/**
 * Hands each file, as read, to `each` while the walk goes on; runs `afterRun` after each run of a
 * directory's files (where a search writes what it found); reads nothing more once `done` says so.
 */
export const scanTree = <E = never, R = never>(
  options: WalkOptions,
  each: (file: TreeFile, read: ReadFile) => void,
  afterRun: Effect.Effect<void, E, R> = Effect.void as Effect.Effect<void, E, R>,
  done: () => boolean = () => false
) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const output = yield* Output
    const unreadable: WalkSkip[] = []
    const { skipped } = yield* walkTree(options, (files) =>
      done() ? Effect.void : Effect.gen(function*() {
        const notes: Human[] = []
        let i = 0
        yield* store.scanEach(files.map((f) => f.path), BINARY_PROBE, (path, scanned) => {
          const file = files[i++]!
          if (done()) return
          if (scanned.kind !== "error") return each(file, scanned)
          unreadable.push({ path: path.relative, reason: `${scanned.error.code}: ${scanned.error.message}` })
          const error = scanned.error
          notes.push((t) => t.notes.skipped(path.relative, errorMessage(error, t)))
        })
        for (const n of notes) yield* output.log(n)
        yield* afterRun
      }))
    return { skipped: [...skipped, ...unreadable] }
  })
