import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import { childPath, FileStore, type FileStoreService, type ResolvedPath } from "../../services/FileStore.js"
import { type BeginInput, Journal, type JournalService, type TxRecord, type TxState } from "../../services/Journal.js"

/**
 * The journal as files in the workspace, written through FileStore (so every record is atomic and
 * fsynced, and the memory FileStore's fault injection reaches the journal too):
 *
 *   .splice/tx/<id>/orig-<n>     original bytes of file n (absent when the file did not exist)
 *   .splice/tx/<id>/intent.json  the transaction: files, checksums before/after; written last, so a
 *                                directory without it is an aborted begin that touched nothing
 *   .splice/tx/<id>/state.json   committed | rolled_back | undone; absent while pending
 *
 * Ids sort by time. History keeps the newest HISTORY_LIMIT transactions.
 */

const HISTORY_LIMIT = 200
const encoder = new TextEncoder()
const decoder = new TextDecoder()

let idCounter = 0
const newTxId = (): string => {
  const t = new Date().toISOString().replace(/[-:]/g, "").replace(/\.(\d{3})Z$/, "$1Z")
  const rand = Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, "0")
  return `${t}-${(idCounter++ % 1296).toString(36).padStart(2, "0")}${rand}`
}

interface IntentFile {
  readonly version: 1
  readonly id: string
  readonly command: string
  readonly created: string
  readonly undoes?: string
  readonly files: TxRecord["files"]
}

interface StateFile {
  readonly state: Exclude<TxState, "pending">
  readonly at: string
  readonly undoneBy?: string
}

export const makeJournal = (store: FileStoreService): Effect.Effect<JournalService, never> =>
  Effect.gen(function*() {
    const dirCache = new Map<string, ResolvedPath>()
    const resolveDir = (rel: string) =>
      dirCache.has(rel) ? Effect.succeed(dirCache.get(rel)!) : Effect.tap(store.resolve(rel), (p) => Effect.sync(() => dirCache.set(rel, p)))
    const txRoot = resolveDir(".splice/tx")
    const txDir = (id: string) => Effect.map(txRoot, (r) => childPath(r, id))

    const readJson = <A>(p: ResolvedPath) =>
      Effect.flatMap(store.stat(p), (st) =>
        st._tag === "None"
          ? Effect.succeed(undefined)
          : Effect.map(store.read(p), (b) => {
            try {
              return JSON.parse(decoder.decode(b)) as A
            } catch {
              return undefined
            }
          }))

    const load = (id: string) =>
      Effect.gen(function*() {
        const dir = yield* txDir(id)
        const intent = yield* readJson<IntentFile>(childPath(dir, "intent.json"))
        if (intent === undefined) return undefined
        const state = yield* readJson<StateFile>(childPath(dir, "state.json"))
        const rec: TxRecord = {
          id: intent.id,
          command: intent.command,
          created: intent.created,
          files: intent.files,
          state: state?.state ?? "pending",
          ...(intent.undoes !== undefined ? { undoes: intent.undoes } : {}),
          ...(state?.undoneBy !== undefined ? { undoneBy: state.undoneBy } : {})
        }
        return rec
      })

    const ids = Effect.flatMap(txRoot, (r) => store.list(r))

    const ensureRoot = Effect.gen(function*() {
      const splice = yield* resolveDir(".splice")
      yield* store.makeDirectory(yield* txRoot)
      const ignore = childPath(splice, ".gitignore")
      if ((yield* store.stat(ignore))._tag === "None") {
        // Keep splice's own state out of the user's commits.
        yield* store.writeAtomic(ignore, encoder.encode("*\n"))
      }
    })

    const prune = Effect.gen(function*() {
      const all = yield* ids
      if (all.length <= HISTORY_LIMIT) return
      for (const id of all.slice(0, all.length - HISTORY_LIMIT)) {
        const dir = yield* txDir(id)
        const state = yield* readJson<StateFile>(childPath(dir, "state.json"))
        const intent = yield* readJson<IntentFile>(childPath(dir, "intent.json"))
        // Never drop a pending transaction: recovery still needs it.
        if (state !== undefined || intent === undefined) yield* store.removeDirectory(dir)
      }
    })

    const begin = (input: BeginInput) =>
      Effect.gen(function*() {
        yield* ensureRoot
        const id = newTxId()
        const dir = yield* txDir(id)
        yield* store.makeDirectory(dir)
        for (let i = 0; i < input.files.length; i++) {
          const original = input.files[i]!.original
          if (original !== null) yield* store.writeAtomic(childPath(dir, `orig-${i}`), original, { mode: 0o600 })
        }
        const files = input.files.map(({ original: _, ...f }) => f)
        const intent: IntentFile = {
          version: 1,
          id,
          command: input.command,
          created: new Date().toISOString(),
          files,
          ...(input.undoes !== undefined ? { undoes: input.undoes } : {})
        }
        yield* store.writeAtomic(childPath(dir, "intent.json"), encoder.encode(JSON.stringify(intent, null, 1)), { mode: 0o600 })
        yield* prune
        const rec: TxRecord = { id, command: input.command, created: intent.created, files, state: "pending", ...(input.undoes !== undefined ? { undoes: input.undoes } : {}) }
        return rec
      })

    const setState: JournalService["setState"] = (id, state, extra) =>
      Effect.gen(function*() {
        const dir = yield* txDir(id)
        const body: StateFile = { state, at: new Date().toISOString(), ...(extra?.undoneBy !== undefined ? { undoneBy: extra.undoneBy } : {}) }
        yield* store.writeAtomic(childPath(dir, "state.json"), encoder.encode(JSON.stringify(body)), { mode: 0o600 })
      })

    const original: JournalService["original"] = (id, index) =>
      Effect.gen(function*() {
        const rec = yield* load(id)
        if (rec === undefined) return yield* Effect.fail(spliceError("SPL-E022", `no transaction ${id}`))
        if (!rec.files[index]?.existed) return null
        return yield* store.read(childPath(yield* txDir(id), `orig-${index}`))
      })

    const all = Effect.gen(function*() {
      const out: TxRecord[] = []
      for (const id of yield* ids) {
        const rec = yield* load(id)
        if (rec !== undefined) out.push(rec)
      }
      return out
    })

    return {
      begin,
      setState,
      original,
      get: load,
      // Cheap enough to run before every mutating command: one stat per transaction in history.
      pending: Effect.gen(function*() {
        const out: TxRecord[] = []
        for (const id of yield* ids) {
          const dir = yield* txDir(id)
          if ((yield* store.stat(childPath(dir, "state.json")))._tag === "Some") continue
          const rec = yield* load(id)
          if (rec !== undefined) out.push(rec)
        }
        return out
      }),
      history: Effect.map(all, (xs) => xs.reverse())
    }
  })

export const JournalLive: Layer.Layer<Journal, never, FileStore> = Layer.effect(
  Journal,
  Effect.flatMap(FileStore, makeJournal)
)
