/**
 * Directories a transaction renames as a whole (TxDirMove, src/domain/dirMove.ts): the rename
 * forward, and every way back's first step (rollback after a failure or a signal, recovery after a
 * crash), which renames the directory back before the files are looked at, so that they find
 * themselves home and everything else in the directory goes back with it.
 */
import * as Effect from "effect/Effect"
import { carriesName, type DirNow, nextDirMoveBackStep } from "../domain/dirMove.js"
import { FileStore, type ResolvedPath } from "../../services/FileStore.js"
import type { TxDirMove, TxRecord } from "../../services/Journal.js"

/** A directory to rename as a whole, located. */
export interface DirMove {
  readonly from: ResolvedPath
  readonly to: ResolvedPath
  /** The directory's identity when planned: only that directory is renamed. */
  readonly identity: string
}

/** More steps than any state needs (clear, rename, home). */
const MAX_STEPS = 4

/** What a name holds now, as nextDirMoveBackStep sees it. */
const dirNow = (p: ResolvedPath) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const st = yield* store.lstat(p)
    if (st._tag === "None") return { kind: "absent" } satisfies DirNow
    if (st.value.kind !== "directory") return { kind: "other" } satisfies DirNow
    return { kind: "directory", identity: st.value.identity, empty: (yield* store.list(p)).length === 0 } satisfies DirNow
  })

/** What happened to one directory moved as a whole on the way back. */
export interface DirMoveBack {
  readonly move: TxDirMove
  /** renamed: it went back by this pass; home: it was at its old name; per_file: not explained; failed: a step failed. */
  readonly outcome: "renamed" | "home" | "per_file" | "failed"
  readonly error?: string
}

/** Put back the directories a transaction moved as a whole, last first. Never fails: a step that fails is reported. */
export const rollbackDirMoves = (tx: Pick<TxRecord, "dirMoves">) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const out: DirMoveBack[] = []
    for (const move of [...(tx.dirMoves ?? [])].reverse()) {
      const back = yield* Effect.gen(function*() {
        const from = yield* store.locateName(move.from)
        const to = yield* store.locateName(move.to)
        let renamed = false
        for (let n = 0; n < MAX_STEPS; n++) {
          const step = nextDirMoveBackStep(move.identity, yield* dirNow(from), yield* dirNow(to))
          if (step === "home") return { move, outcome: renamed ? "renamed" : "home" } satisfies DirMoveBack
          if (step === "per_file") return { move, outcome: "per_file" } satisfies DirMoveBack
          // Empty, or it gained something since the look: then it is someone else's, and stays.
          if (step === "clear_from" && !(yield* store.removeEmptyDirectory(from))) return { move, outcome: "per_file" } satisfies DirMoveBack
          if (step === "rename_back") {
            yield* store.moveDirectory(to, from, { identity: move.identity })
            renamed = true
          }
        }
        return { move, outcome: "per_file" } satisfies DirMoveBack
      }).pipe(
        // The files in it stay where they are (reported failed): going back one by one would split the directory.
        Effect.catchAll((e) => Effect.succeed<DirMoveBack>({ move, outcome: "failed", error: `${e.code}: ${e.message}` }))
      )
      out.push(back)
    }
    return out
  })

/** The directory moves of a way back that failed, and the one a name lies in (its files are left where they are). */
export const stuckIn = (backs: ReadonlyArray<DirMoveBack>, path: string) =>
  backs.find((b) => b.outcome === "failed" && carriesName(b.move, path as TxDirMove["from"]))
