import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import { parseWorkspacePath, STATE_DIR, statePath, type WorkspacePath } from "../../src/domain/workspacePath.js"
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
 * Ids sort by time. History keeps the newest 200 transactions, and drops the oldest finished ones
 * while the originals it keeps exceed 256 MiB (the newest is always kept).
 */

export interface HistoryLimits {
  readonly count: number
  readonly bytes: number
  /** Below this many transactions nothing is pruned (and no begin pays for summing sizes). */
  readonly checkFrom: number
}

export const DEFAULT_LIMITS: HistoryLimits = { count: 200, bytes: 256 * 1024 * 1024, checkFrom: 20 }

/** A begin that died before writing its intent leaves a bare directory; one this old is garbage. */
const ABANDONED_MS = 10 * 60 * 1000
const idTime = (id: string): number => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(id)
  return m === null ? 0 : Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!)
}
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
  readonly edits?: TxRecord["edits"]
  /** Bytes of originals saved with it. */
  readonly bytes?: number
}

interface StateFile {
  readonly state: Exclude<TxState, "pending">
  readonly at: string
  readonly undoneBy?: string
}

export const makeJournal = (store: FileStoreService, limits: HistoryLimits = DEFAULT_LIMITS): Effect.Effect<JournalService, never> =>
  Effect.gen(function*() {
    const dirCache = new Map<string, ResolvedPath>()
    const resolveDir = (rel: WorkspacePath) =>
      dirCache.has(rel) ? Effect.succeed(dirCache.get(rel)!) : Effect.tap(store.locate(rel), (p) => Effect.sync(() => dirCache.set(rel, p)))
    const txRoot = resolveDir(statePath("tx"))
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
        // A file list naming anything but workspace paths was not written by splice: never act on it.
        if (!Array.isArray(intent.files) || intent.files.some((f) => typeof f?.path !== "string" || parseWorkspacePath(f.path) === undefined)) return undefined
        const state = yield* readJson<StateFile>(childPath(dir, "state.json"))
        const rec: TxRecord = {
          id: intent.id,
          command: intent.command,
          created: intent.created,
          files: intent.files,
          ...(Array.isArray(intent.edits) ? { edits: intent.edits } : {}),
          state: state?.state ?? "pending",
          ...(intent.undoes !== undefined ? { undoes: intent.undoes } : {}),
          ...(state?.undoneBy !== undefined ? { undoneBy: state.undoneBy } : {})
        }
        return rec
      })

    const ids = Effect.flatMap(txRoot, (r) => store.list(r))

    const ensureRoot = Effect.gen(function*() {
      const splice = yield* resolveDir(STATE_DIR)
      yield* store.makeDirectory(yield* txRoot)
      const ignore = childPath(splice, ".gitignore")
      if ((yield* store.stat(ignore))._tag === "None") {
        // Keep splice's own state out of the user's commits.
        yield* store.writeAtomic(ignore, encoder.encode("*\n"))
      }
    })

    const prune = Effect.gen(function*() {
      const all = yield* ids
      if (all.length <= limits.checkFrom) return
      // Newest first: keep while under both limits; drop finished ones beyond them (never a pending one,
      // recovery still needs it), and directories without an intent (a begin that died half-way).
      let kept = 0
      let bytes = 0
      for (const id of [...all].reverse()) {
        const dir = yield* txDir(id)
        const intent = yield* readJson<IntentFile>(childPath(dir, "intent.json"))
        const state = yield* readJson<StateFile>(childPath(dir, "state.json"))
        const size = intent?.bytes ?? 0
        const withinLimits = kept < limits.count && (kept === 0 || bytes + size <= limits.bytes)
        if (intent !== undefined && (withinLimits || state === undefined)) {
          kept++
          bytes += size
        } else if (intent !== undefined || Date.now() - idTime(id) > ABANDONED_MS) {
          // (a bare directory younger than that may be another process's begin in progress)
          yield* store.removeDirectory(dir)
        }
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
          ...(input.edits !== undefined && input.edits.length > 0 ? { edits: input.edits } : {}),
          bytes: input.files.reduce((n, f) => n + (f.original?.length ?? 0), 0),
          ...(input.undoes !== undefined ? { undoes: input.undoes } : {})
        }
        yield* store.writeAtomic(childPath(dir, "intent.json"), encoder.encode(JSON.stringify(intent, null, 1)), { mode: 0o600 })
        yield* prune
        const rec: TxRecord = {
          id,
          command: input.command,
          created: intent.created,
          files,
          ...(intent.edits !== undefined ? { edits: intent.edits } : {}),
          state: "pending",
          ...(input.undoes !== undefined ? { undoes: input.undoes } : {})
        }
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
  Effect.flatMap(FileStore, (store) => makeJournal(store))
)

/** The same journal with other history limits (tests). */
export const JournalWithLimits = (limits: HistoryLimits): Layer.Layer<Journal, never, FileStore> =>
  Layer.effect(Journal, Effect.flatMap(FileStore, (store) => makeJournal(store, limits)))
