import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import { parseWorkspacePath, STATE_DIR, statePath, WORKSPACE_ROOT, type WorkspacePath } from "../../src/domain/workspacePath.js"
import { childPath, FileStore, type FileStoreService, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher, type HasherService } from "../../services/Hasher.js"
import { type BeginInput, Journal, type JournalProblem, type JournalService, type TxRecord, type TxState } from "../../services/Journal.js"
import { JournalKey, type JournalKeyService } from "../../services/JournalKey.js"
import { isProcessAlive, SELF_START } from "./processIdentity.js"

/**
 * The journal as files in the workspace, written through FileStore (so every record is atomic and
 * fsynced, and the memory FileStore's fault injection reaches the journal too):
 *
 *   .splice/tx/<id>/owner.json   the writing process (pid, host, start time): written first, so a
 *                                begin that dies before its intent can be told from one in progress
 *   .splice/tx/<id>/orig-<n>     original bytes of file n (absent when the file did not exist)
 *   .splice/tx/<id>/intent.json  the transaction: files, checksums before/after, signed with a keyed
 *                                BLAKE3 MAC under the user's journal key and the host; written after
 *                                the originals, so a directory without it touched nothing
 *   .splice/tx/<id>/state.json   committed | rolled_back | undone; absent while pending
 *   .splice/quarantine/<id>      entries that are foreign (no valid MAC: from a repository, another
 *                                user or machine) or damaged, moved aside and never replayed
 *
 * Ids sort by time. History keeps the newest 200 transactions, and drops the oldest finished ones
 * while the originals it keeps exceed 256 MiB (the newest is always kept). Pruning happens after the
 * writer answered (a CLI process when the journal's layer is released, after its result line;
 * splice mcp after each answer), never between a write and its result.
 */

export interface HistoryLimits {
  readonly count: number
  readonly bytes: number
  /** Below this many transactions nothing is pruned (and no begin pays for summing sizes). */
  readonly checkFrom: number
}

export const DEFAULT_LIMITS: HistoryLimits = { count: 200, bytes: 256 * 1024 * 1024, checkFrom: 20 }

/** How many entries a long-running process lets .splice/history-bytes.json lack before it writes it again. */
export const LAZY_CACHE = 16

/** A begin that died before writing its intent, with no owner record to ask, is garbage after this. */
const ABANDONED_MS = 10 * 60 * 1000
const TX_ID = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-[0-9a-z]{8}$/
const idTime = (id: string): number => {
  const m = TX_ID.exec(id)
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

interface IntentBody {
  readonly version: 2
  readonly id: string
  readonly command: string
  readonly created: string
  readonly host: string
  readonly undoes?: string
  readonly files: TxRecord["files"]
  readonly edits?: TxRecord["edits"]
  readonly dirs?: TxRecord["dirs"]
  readonly removedDirs?: TxRecord["removedDirs"]
  readonly links?: TxRecord["links"]
  /** Bytes of originals saved with it. */
  readonly bytes: number
}

interface StateFile {
  readonly state: Exclude<TxState, "pending">
  readonly at: string
  readonly undoneBy?: string
}

interface OwnerFile {
  readonly pid: number
  readonly host: string
  readonly start?: string
}

/** What a directory under .splice/tx/ turned out to be. */
type Entry =
  | { readonly kind: "tx"; readonly record: TxRecord; readonly bytes: number }
  | { readonly kind: "problem"; readonly problem: JournalProblem }
  /** No intent: a begin in progress, or one that died before touching anything. */
  | { readonly kind: "unfinished"; readonly abandoned: boolean }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** The intent's shape, checked field by field: anything off is damage, never a crash. */
const validIntent = (v: unknown, id: string): string | undefined => {
  if (!isRecord(v)) return "intent.json is not a JSON object"
  // Unsigned first: an entry without a MAC (a repository's, or splice 0.1's) is foreign, not damaged.
  if (typeof v["mac"] !== "string") return "intent.json is not signed"
  if (v["version"] !== 2) return `intent.json has version ${JSON.stringify(v["version"])}`
  if (v["id"] !== id) return "intent.json names another transaction"
  if (typeof v["command"] !== "string" || typeof v["created"] !== "string" || typeof v["host"] !== "string") return "intent.json lacks command, created or host"
  const files = v["files"]
  const dirLists = [v["dirs"], v["removedDirs"], v["links"]].filter(Array.isArray)
  // A transaction touches files, or only directories or links (`rm --recursive` of empty ones, its undo).
  if (!Array.isArray(files) || (files.length === 0 && !dirLists.some((d) => d.length > 0))) return "intent.json lists no files"
  for (const f of files) {
    if (!isRecord(f) || typeof f["path"] !== "string" || parseWorkspacePath(f["path"]) === undefined) return "intent.json names a path outside the workspace"
    if (typeof f["existed"] !== "boolean" || typeof f["checksumAfter"] !== "string") return "intent.json has a malformed file entry"
    if (f["existed"] === true && typeof f["checksumBefore"] !== "string") return "intent.json has a malformed file entry"
  }
  const dirs = v["dirs"]
  if (dirs !== undefined && (!Array.isArray(dirs) || dirs.some((d) => typeof d !== "string" || parseWorkspacePath(d) === undefined || d === "" || d === "."))) {
    return "intent.json names a directory outside the workspace"
  }
  const removed = v["removedDirs"]
  if (removed !== undefined && (!Array.isArray(removed) || removed.some((d) =>
    !isRecord(d) || typeof d["path"] !== "string" || parseWorkspacePath(d["path"]) === undefined || d["path"] === "." ||
    !Number.isInteger(d["mode"]) || (d["mode"] as number) < 0 || (d["mode"] as number) > 0o7777
  ))) {
    return "intent.json names a removed directory outside the workspace"
  }
  const links = v["links"]
  if (links !== undefined && (!Array.isArray(links) || links.some((l) =>
    !isRecord(l) || typeof l["path"] !== "string" || parseWorkspacePath(l["path"]) === undefined || l["path"] === "." ||
    typeof l["target"] !== "string" || l["target"].length === 0 || l["target"].includes("\0") || (l["change"] !== "removed" && l["change"] !== "created")
  ))) {
    return "intent.json has a malformed link entry"
  }
  return undefined
}

export const makeJournal = (
  store: FileStoreService,
  hasher: HasherService,
  signer: JournalKeyService,
  limits: HistoryLimits = DEFAULT_LIMITS
): Effect.Effect<JournalService, never> =>
  Effect.gen(function*() {
    const dirCache = new Map<string, ResolvedPath>()
    const resolveDir = (rel: WorkspacePath) =>
      dirCache.has(rel) ? Effect.succeed(dirCache.get(rel)!) : Effect.tap(store.locate(rel), (p) => Effect.sync(() => dirCache.set(rel, p)))
    const txRoot = resolveDir(statePath("tx"))
    const quarantineRoot = resolveDir(statePath("quarantine"))
    const txDir = (id: string) => Effect.map(txRoot, (r) => childPath(r, id))

    /**
     * .splice and its parts must be real directories inside the workspace: a symlink shipped in a
     * repository would make splice create its journal (or locks) wherever it points.
     */
    const stateDirs = [STATE_DIR, statePath("tx"), statePath("quarantine")]
    /** Checks them (the workspace root located once), and says whether .splice/tx exists. */
    const checkState = Effect.gen(function*() {
      const root = yield* store.locate(WORKSPACE_ROOT)
      const found = yield* store.lstatMany(stateDirs.map((rel) => childPath(root, rel)))
      for (const [i, st] of found.entries()) {
        if (st._tag === "Some" && st.value.kind !== "directory") {
          const rel = stateDirs[i]!
          return yield* Effect.fail(spliceError("SPL-E068", `${rel} is a ${st.value.kind}, not a directory: splice will not keep its state there`, {
            context: { path: rel, kind: st.value.kind }
          }))
        }
      }
      return { txExists: found[1]!._tag === "Some" }
    })

    type Json = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string }
    /** A small JSON file of splice's own: a regular file, never followed through a symlink. */
    const readJson = (p: ResolvedPath) =>
      Effect.gen(function*() {
        const st = yield* store.lstat(p)
        if (st._tag === "None") return undefined
        if (st.value.kind !== "file") return { ok: false, reason: `${p.relative} is a ${st.value.kind}` } satisfies Json as Json
        const bytes = yield* store.read(p, { noFollow: true })
        try {
          return { ok: true, value: JSON.parse(decoder.decode(bytes)) as unknown } satisfies Json as Json
        } catch {
          return { ok: false, reason: `${p.relative} is not valid JSON` } satisfies Json as Json
        }
      })

    /** The MAC of an intent: keyed BLAKE3 of its JSON without the mac field, in the order written. */
    const macOf = (body: unknown) => Effect.flatMap(signer.key, (key) => hasher.mac(key, encoder.encode(JSON.stringify(body))))

    // What this process has learnt of entries that cannot change in ways the scans care about: a
    // finished transaction (state.json written) never becomes pending again, and an intent (with the
    // bytes of its originals) is written once. The scans before every write skip finished entries,
    // so a long-running server does not read the whole history (200 entries) for each edit.
    const finished = new Set<string>()
    const bytesOf = new Map<string, number>()

    const readEntry = (id: string): Effect.Effect<Entry, never> =>
      Effect.tap(readEntryFromDisk(id), (e) =>
        Effect.sync(() => {
          if (e.kind !== "tx") return
          bytesOf.set(id, e.bytes)
          if (e.record.state !== "pending") finished.add(id)
        }))

    const readEntryFromDisk = (id: string): Effect.Effect<Entry, never> =>
      Effect.gen(function*() {
        const problem = (kind: JournalProblem["kind"], reason: string): Entry => ({ kind: "problem", problem: { id, kind, reason } })
        if (!TX_ID.test(id)) return problem("damaged", "not a transaction id")
        const dir = yield* txDir(id)
        const st = yield* store.lstat(dir)
        if (st._tag === "None") return { kind: "unfinished", abandoned: false } satisfies Entry as Entry
        if (st.value.kind !== "directory") return problem("damaged", `a ${st.value.kind} in place of a transaction directory`)
        const intent = yield* readJson(childPath(dir, "intent.json"))
        if (intent === undefined) {
          const owner = yield* readJson(childPath(dir, "owner.json"))
          const o = owner?.ok === true && isRecord(owner.value) ? owner.value as unknown as OwnerFile : undefined
          const abandoned = o !== undefined && typeof o.pid === "number"
            ? o.host === signer.host && !(o.pid === process.pid && o.start === SELF_START) && !isProcessAlive(o.pid, o.start)
            : Date.now() - idTime(id) > ABANDONED_MS
          return { kind: "unfinished", abandoned } satisfies Entry as Entry
        }
        if (!intent.ok) return problem("damaged", intent.reason)
        const invalid = validIntent(intent.value, id)
        if (invalid !== undefined) return problem(invalid === "intent.json is not signed" ? "foreign" : "damaged", invalid)
        const { mac, ...body } = intent.value as IntentBody & { mac: string }
        const expected = yield* macOf(body)
        if (mac !== expected) return problem("foreign", "its signature does not verify with your journal key (not written by you, or edited)")
        if (body.host !== signer.host) return problem("foreign", `written on another machine (${body.host})`)
        const state = yield* readJson(childPath(dir, "state.json"))
        const s = state?.ok === true && isRecord(state.value) ? state.value as unknown as StateFile : undefined
        if (state !== undefined && (s === undefined || !["committed", "rolled_back", "undone"].includes(s.state))) {
          return problem("damaged", "state.json is unreadable")
        }
        const record: TxRecord = {
          id: body.id,
          command: body.command,
          created: body.created,
          files: body.files,
          ...(Array.isArray(body.edits) ? { edits: body.edits } : {}),
          ...(Array.isArray(body.dirs) && body.dirs.length > 0 ? { dirs: body.dirs } : {}),
          ...(Array.isArray(body.removedDirs) && body.removedDirs.length > 0 ? { removedDirs: body.removedDirs } : {}),
          ...(Array.isArray(body.links) && body.links.length > 0 ? { links: body.links } : {}),
          state: s?.state ?? "pending",
          ...(body.undoes !== undefined ? { undoes: body.undoes } : {}),
          ...(s?.undoneBy !== undefined ? { undoneBy: s.undoneBy } : {})
        }
        return { kind: "tx", record, bytes: typeof body.bytes === "number" ? body.bytes : 0 } satisfies Entry as Entry
      }).pipe(
        // Reading one entry must never stop the others (or the command): any failure is damage.
        Effect.catchAll((e) => Effect.succeed<Entry>({ kind: "problem", problem: { id, kind: "damaged", reason: e.message } }))
      )

    const ids = Effect.flatMap(txRoot, (r) => Effect.flatMap(store.lstat(r), (st) => (st._tag === "Some" && st.value.kind === "directory" ? store.list(r) : Effect.succeed([]))))

    const entries = Effect.gen(function*() {
      yield* checkState
      const out: Array<{ id: string; entry: Entry }> = []
      for (const id of yield* ids) out.push({ id, entry: yield* readEntry(id) })
      return out
    })

    /** Whether the entry has its state.json (a regular file): then it is finished, whatever else is wrong with it. */
    const isFinished = (id: string) =>
      finished.has(id)
        ? Effect.succeed(true)
        : Effect.map(Effect.flatMap(txDir(id), (dir) => store.lstat(childPath(dir, "state.json"))), (st) => {
          if (st._tag === "Some" && st.value.kind === "file") finished.add(id)
          return finished.has(id)
        })

    /**
     * The entries that may need recovery or sweeping: all but the finished ones (whose damage, if
     * any, `splice recover`'s full sweep and the readers of history report). One lstat per entry
     * the first time, nothing for the ones this process already knows finished.
     */
    const openEntries = Effect.gen(function*() {
      yield* checkState
      const out: Array<{ id: string; entry: Entry }> = []
      for (const id of yield* ids) {
        if (TX_ID.test(id) && (yield* Effect.orElseSucceed(isFinished(id), () => false))) continue
        out.push({ id, entry: yield* readEntry(id) })
      }
      return out
    })

    /**
     * An undo commits before it marks what it undid: a crash in between must not leave that
     * transaction "committed" (undo would pick it again and find its files changed, forever).
     */
    const withDerivedStates = (records: ReadonlyArray<TxRecord>): TxRecord[] => {
      const undoneBy = new Map<string, string>()
      for (const r of records) if (r.undoes !== undefined && r.state === "committed") undoneBy.set(r.undoes, r.id)
      return records.map((r) => (r.state === "committed" && undoneBy.has(r.id) ? { ...r, state: "undone" as const, undoneBy: undoneBy.get(r.id)! } : r))
    }

    const records = Effect.map(entries, (es) => withDerivedStates(es.flatMap((e) => (e.entry.kind === "tx" ? [e.entry.record] : []))))

    const ensureRoot = Effect.gen(function*() {
      const { txExists } = yield* checkState
      const splice = yield* resolveDir(STATE_DIR)
      if (!txExists) yield* store.makeDirectory(yield* txRoot)
      const ignore = childPath(splice, ".gitignore")
      if ((yield* store.lstat(ignore))._tag === "None") {
        // Keep splice's own state out of the user's commits.
        yield* store.writeAtomic(ignore, encoder.encode("*\n"))
      }
    })

    /**
     * The bytes of each entry's originals, kept in .splice/history-bytes.json between processes: a
     * prune weighs the whole history before every write, and reading 200 intents made a CLI edit
     * twice as slow once the history was full. A cache, written without fsync: an intent's bytes
     * never change, an id missing from it is read from its intent, and one that is gone is ignored.
     */
    const bytesCache = resolveDir(statePath("history-bytes.json"))
    const cachedBytes = Effect.gen(function*() {
      const json = yield* Effect.orElseSucceed(Effect.flatMap(bytesCache, readJson), () => undefined)
      const out = new Map<string, number>()
      if (json?.ok === true && isRecord(json.value)) for (const [id, n] of Object.entries(json.value)) if (typeof n === "number") out.set(id, n)
      return out
    })
    /**
     * The ids the cache held when this process last read or wrote it. A process's first prune writes
     * the cache whenever it learnt an entry (a CLI process prunes once); a long-running one (splice
     * mcp) then writes it again only once it lacks LAZY_CACHE entries: rewriting it for each edit cost
     * a file creation and a rename per edit, and a process that finds entries missing reads just those
     * intents (and writes the cache whole).
     */
    let cacheHolds: ReadonlySet<string> | undefined
    let pruned = false
    /**
     * A begin since the last prune: the history may be over its limits. Pruning waits until the
     * writer has answered (JournalService.prune): removing an old entry cost a directory walk and a
     * handful of unlinks on every write's critical path once the history was full.
     */
    let pruneDue = false

    /**
     * Drop the oldest finished entries beyond the limits. Entries begun and not finished (in this
     * process or another) are read, found pending or unfinished, and kept.
     */
    const prune = Effect.gen(function*() {
      const all = yield* ids
      if (all.length <= limits.checkFrom) return
      // Sizes this process knows (they never change) are not read again; the cache only for the others.
      if (all.some((id) => !bytesOf.has(id))) {
        const cached = yield* cachedBytes
        for (const [id, n] of cached) if (!bytesOf.has(id)) bytesOf.set(id, n)
        cacheHolds = new Set(cached.keys())
      }
      const kept = new Map<string, number>()
      let bytes = 0
      // Newest first: keep while under both limits; drop finished ones beyond them (never a pending
      // one, recovery still needs it). Problems and unfinished begins are sweep's business.
      for (const id of [...all].reverse()) {
        let size = bytesOf.get(id)
        if (size === undefined) {
          const e = yield* readEntry(id)
          if (e.kind !== "tx") continue
          size = e.bytes
        }
        const withinLimits = kept.size < limits.count && (kept.size === 0 || bytes + size <= limits.bytes)
        // Beyond the limits: removed when finished; unless this process saw it finished, read in
        // full (it may still be pending, or damaged since it was weighed: left to recover).
        const e = withinLimits || finished.has(id) ? undefined : yield* readEntry(id)
        if (e !== undefined && e.kind !== "tx") continue
        if (withinLimits || (e !== undefined && e.record.state === "pending")) {
          kept.set(id, size)
          bytes += size
        } else {
          yield* store.removeDirectory(yield* txDir(id))
          finished.delete(id)
          bytesOf.delete(id)
        }
      }
      const missing = [...kept.keys()].filter((id) => cacheHolds?.has(id) !== true).length
      if (missing > 0 && (!pruned || missing >= LAZY_CACHE)) {
        yield* store.writeAtomic(yield* bytesCache, encoder.encode(JSON.stringify(Object.fromEntries(kept))), { mode: 0o600, durable: false })
        cacheHolds = new Set(kept.keys())
      }
      pruned = true
    })

    const begin = (input: BeginInput) =>
      Effect.gen(function*() {
        yield* ensureRoot
        const id = newTxId()
        const dir = yield* txDir(id)
        yield* store.makeDirectory(dir)
        const owner: OwnerFile = { pid: process.pid, host: signer.host, ...(SELF_START !== undefined ? { start: SELF_START } : {}) }
        // Written into the new directory without temp files: nothing reads them before intent.json,
        // written atomically last, exists; its directory fsync makes their names durable too. The
        // owner record is advisory (unreadable after a crash, the entry's age decides), so not synced.
        yield* store.createExclusive(childPath(dir, "owner.json"), encoder.encode(JSON.stringify(owner)), { mode: 0o600, sync: "none" })
        for (let i = 0; i < input.files.length; i++) {
          const original = input.files[i]!.original
          if (original !== null) yield* store.createExclusive(childPath(dir, `orig-${i}`), original, { mode: 0o600, sync: "data" })
        }
        const files = input.files.map(({ original: _, ...f }) => f)
        const body: IntentBody = {
          version: 2,
          id,
          command: input.command,
          created: new Date().toISOString(),
          host: signer.host,
          ...(input.undoes !== undefined ? { undoes: input.undoes } : {}),
          files,
          ...(input.edits !== undefined && input.edits.length > 0 ? { edits: input.edits } : {}),
          ...(input.dirs !== undefined && input.dirs.length > 0 ? { dirs: input.dirs } : {}),
          ...(input.removedDirs !== undefined && input.removedDirs.length > 0 ? { removedDirs: input.removedDirs } : {}),
          ...(input.links !== undefined && input.links.length > 0 ? { links: input.links } : {}),
          bytes: input.files.reduce((n, f) => n + (f.original?.length ?? 0), 0)
        }
        const mac = yield* macOf(body)
        yield* store.writeAtomic(childPath(dir, "intent.json"), encoder.encode(JSON.stringify({ ...body, mac }, null, 1)), { mode: 0o600 })
        bytesOf.set(id, body.bytes)
        pruneDue = true
        const rec: TxRecord = {
          id,
          command: input.command,
          created: body.created,
          files,
          ...(body.edits !== undefined ? { edits: body.edits } : {}),
          ...(body.dirs !== undefined ? { dirs: body.dirs } : {}),
          ...(body.removedDirs !== undefined ? { removedDirs: body.removedDirs } : {}),
          ...(body.links !== undefined ? { links: body.links } : {}),
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
        finished.add(id)
      })

    const damagedOriginal = (id: string, file: string, why: string) =>
      spliceError("SPL-E036", `the journal's copy of ${file} in transaction ${id} ${why}; nothing was written`, { context: { tx: id, file, problem: why } })

    const get = (id: string) =>
      Effect.map(readEntry(id), (e) => (e.kind === "tx" ? e.record : undefined))

    // A transaction's file list never changes once its intent is written: read (and verify) it once
    // per process, not once per file (an undo of a 1,400-file move asked 1,400 times).
    const filesOf = new Map<string, TxRecord["files"]>()
    const original: JournalService["original"] = (id, index) =>
      Effect.gen(function*() {
        let files = filesOf.get(id)
        if (files === undefined) {
          const rec = yield* get(id)
          if (rec === undefined) return yield* Effect.fail(spliceError("SPL-E022", `no transaction ${id}`))
          files = rec.files
          filesOf.set(id, files)
        }
        const f = files[index]
        if (f === undefined || !f.existed) return null
        const p = childPath(yield* txDir(id), `orig-${index}`)
        const st = yield* store.lstat(p)
        if (st._tag === "None") return yield* Effect.fail(damagedOriginal(id, f.path, "is missing"))
        if (st.value.kind !== "file") return yield* Effect.fail(damagedOriginal(id, f.path, `is a ${st.value.kind}, not a file`))
        const bytes = yield* store.read(p, { noFollow: true })
        const sum = yield* hasher.blake3(bytes)
        if (sum !== f.checksumBefore) return yield* Effect.fail(damagedOriginal(id, f.path, `does not match the checksum its intent recorded (${bytes.length} bytes, ${sum})`))
        return bytes
      })

    const quarantine = (p: JournalProblem) =>
      Effect.gen(function*() {
        const from = yield* txDir(p.id)
        const qroot = yield* quarantineRoot
        yield* store.makeDirectory(qroot)
        const to = childPath(qroot, `${p.id}.${Date.now().toString(36)}`)
        yield* store.rename(from, to)
        return { ...p, quarantinedTo: to.relative } satisfies JournalProblem
      })

    const sweepAndPending = (scope: "open" | "all") => Effect.gen(function*() {
      const quarantined: JournalProblem[] = []
      const pending: TxRecord[] = []
      const scanned = yield* (scope === "all" ? entries : openEntries)
      for (const { id, entry } of scanned) {
        if (entry.kind === "problem") quarantined.push(yield* quarantine(entry.problem))
        else if (entry.kind === "unfinished" && entry.abandoned) yield* store.removeDirectory(yield* txDir(id))
        else if (entry.kind === "tx" && entry.record.state === "rolled_back") yield* dropOriginals(id)
      }
      // What the sweep moved or removed was never a pending transaction: those are the scan's.
      for (const e of scanned) if (e.entry.kind === "tx" && e.entry.record.state === "pending") pending.push(e.entry.record)
      return { quarantined, pending }
    })
    const sweep = (scope: "open" | "all") => Effect.map(sweepAndPending(scope), (r) => r.quarantined)

    /** A journal file's temp, left by a writer killed between writing it and the rename. */
    const isStrayTemp = (name: string) => name.startsWith(".") && name.includes(".splice-") && name.endsWith(".tmp")

    const dropOriginals = (id: string) =>
      Effect.gen(function*() {
        const dir = yield* txDir(id)
        // The transaction is finished: nothing will write into its directory again.
        for (const name of yield* store.list(dir)) if (name.startsWith("orig-") || isStrayTemp(name)) yield* store.remove(childPath(dir, name))
      })

    return {
      begin,
      setState,
      original,
      get,
      pending: Effect.map(openEntries, (es) => es.flatMap((e) => (e.entry.kind === "tx" && e.entry.record.state === "pending" ? [e.entry.record] : []))),
      history: Effect.map(records, (rs) => rs.reverse()),
      sweep,
      sweepAndPending,
      prune: Effect.suspend(() => {
        if (!pruneDue) return Effect.void
        pruneDue = false
        return prune
      }),
      quarantined: Effect.flatMap(quarantineRoot, (q) => Effect.flatMap(store.lstat(q), (st) => (st._tag === "Some" && st.value.kind === "directory" ? store.list(q) : Effect.succeed([])))),
      dropOriginals
    }
  })

/**
 * The journal, pruned when its layer is released: a CLI process has written its result line by
 * then (a long-running one, splice mcp, prunes after each answer: see pruneHistory).
 */
const build = (limits: HistoryLimits) =>
  Effect.gen(function*() {
    const journal = yield* makeJournal(yield* FileStore, yield* Hasher, yield* JournalKey, limits)
    yield* Effect.addFinalizer(() => journal.prune.pipe(Effect.ignore))
    return journal
  })

export const JournalLive: Layer.Layer<Journal, never, FileStore | Hasher | JournalKey> = Layer.scoped(Journal, build(DEFAULT_LIMITS))

/** The same journal with other history limits (tests). */
export const JournalWithLimits = (limits: HistoryLimits): Layer.Layer<Journal, never, FileStore | Hasher | JournalKey> =>
  Layer.scoped(Journal, build(limits))

/** Prune the history if a write since the last prune may have put it over its limits (after answering). */
export const pruneHistory: Effect.Effect<void, never, Journal> = Effect.flatMap(Journal, (j) => Effect.ignore(j.prune))
