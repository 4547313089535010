import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type SpliceError, spliceError } from "../../src/domain/SpliceError.js"
import { parseWorkspacePath, STATE_DIR, statePath, WORKSPACE_ROOT, type WorkspacePath } from "../../src/domain/workspacePath.js"
import { isWithin } from "../../src/domain/fileTransfer.js"
import { childPath, FileStore, type FileStoreService, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher, type HasherService } from "../../services/Hasher.js"
import { type BeginInput, Journal, type JournalProblem, type JournalService, type TxRecord, type TxState } from "../../services/Journal.js"
import { JournalKey, type JournalKeyService } from "../../services/JournalKey.js"
import { isProcessAlive, SELF_START } from "./processIdentity.js"
import { encodeTxFile, encodeTxHead, isOpenState, parseTxFile, parseTxName, txFileName, txHeadLength, type TxName } from "./txFile.js"

/**
 * The journal as files in the workspace, written through FileStore (so the memory FileStore's fault
 * injection and crash points reach the journal too). One file per transaction, its state in its name:
 *
 *   .splice/tx/<id>.tx             pending: begun, neither committed nor rolled back
 *   .splice/tx/<id>.committed      committed (undo's candidates)
 *   .splice/tx/<id>.rolled_back    rolled back (its originals dropped: the file is cut after its intent)
 *   .splice/tx/<id>.undone.<undo>  reversed by the undo transaction <undo>
 *   .splice/tx/<id>.spare          made ahead of a begin by a long-running writer (splice mcp, after
 *                                  it answered): its owner record only, until a begin fills it
 *   .splice/quarantine/<name>.<t>  entries that are foreign (no valid MAC: from a repository, another
 *                                  user or machine) or damaged, moved aside and never replayed
 *
 * The file (txFile.ts) holds the writing process (pid, host, start time), the intent (files,
 * checksums before/after, signed with a keyed BLAKE3 MAC under the user's journal key and the host;
 * with the BLAKE3 of its own bytes) and each original's bytes, in that order.
 *
 * A write costs two flushes before its target and one after, instead of eight:
 *   begin   create <id>.tx (O_EXCL), one write of it all, [the caller's `alongside`: its temp
 *           files written and flushed on worker threads], fdatasync, fsync .splice/tx
 *   ...     the targets (rename their temp files, fsync their directories)
 *   commit  rename <id>.tx to <id>.committed, fsync .splice/tx
 * A long-running writer saves the begin's directory fsync: after answering it creates <spare>.spare
 * (owner record, not synced) and fsyncs .splice/tx, so the name is durable before any begin needs it;
 * the begin then writes it all over the spare, fdatasyncs, and renames it <id>.tx without a
 * directory fsync. Until the commit's (or the rollback's) directory fsync, a crash can leave either
 * name: a spare that holds a whole intent is that intent's pending transaction (its id is in the
 * signed intent), read and recovered as <id>.tx is; a spare without one is an unfinished begin,
 * removed once its owner is dead. The writer removes an unused spare when it closes.
 * Crash safety, a kill -9 between any two system calls:
 *   - before begin's fdatasync returns, no target was touched. The file may be missing, empty,
 *     or any prefix of its bytes (or have holes). Records are read up to the first incomplete one:
 *     without a whole intent the entry is unfinished, removed once its owner is dead (or, with no
 *     readable owner, after ABANDONED_MS); with a whole intent it is pending, and recovery finds
 *     every target still holding its checksum before (nothing to restore, no original needed). An
 *     intent whose bytes do not match their BLAKE3 (holes, damage) is quarantined and reported.
 *   - after it, the file is whole and durable under its name: recovery can restore every target.
 *   - a rename is atomic: the state is the old name or the new one, never a torn mark. No record
 *     is ever appended, so there is no torn tail to repair before the next state.
 *   - rolled back: the cut after the intent is one ftruncate; a crash keeps the file whole or cut.
 * The scans before every write read no finished entry: the listing's names say which are. A reader
 * of intents (history, `splice recover`'s sweep, undo's search for its target) reads each file's
 * head, owner and intent (a page, or as far as the intent's header says), never the originals after
 * it: only a rollback or an undo reads those, of the one transaction it reverses.
 *
 * Journals written by earlier versions hold a directory per transaction, which are still read,
 * recovered, undone and pruned (new transactions are always files):
 *   .splice/tx/<id>/owner.json, orig-<n>, intent.json (written atomically after the originals),
 *   state.json (committed | rolled_back | undone; absent while pending)
 *
 * Ids sort by time. History keeps the newest 200 transactions, and drops the oldest finished ones
 * while the originals it keeps exceed 256 MiB (the newest is always kept). Pruning happens after the
 * writer answered (a CLI process when the journal's layer is released, after its result line;
 * splice mcp once idle, or every few writes: src/mcp/housekeeping.ts), never between a write and its result.
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
/** What a reader of an intent reads first of a transaction file: its owner and a usual intent fit. */
const HEAD_PROBE = 4096

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
  readonly moves?: TxRecord["moves"]
  readonly dirMoves?: TxRecord["dirMoves"]
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
  /**
   * Listed, but no longer under that name when read: its owner committed or rolled it back (a
   * rename), or another process pruned, removed or quarantined it. Nothing to do with it here.
   */
  | { readonly kind: "gone" }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

const GONE: Entry = { kind: "gone" }

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
  // Each pairing names two files of it, each file at most once; the moved file existed.
  const moves = v["moves"]
  if (moves !== undefined) {
    const bad = "intent.json has a malformed move entry"
    if (!Array.isArray(moves)) return bad
    const used = new Set<unknown>()
    /** A file of this transaction not named by another pairing. */
    const take = (i: unknown) => {
      const ok = Number.isInteger(i) && (i as number) >= 0 && (i as number) < files.length && !used.has(i)
      used.add(i)
      return ok
    }
    for (const m of moves) {
      if (!isRecord(m) || !take(m["from"]) || !take(m["to"])) return bad
      if ((files[m["from"] as number] as Record<string, unknown>)["existed"] !== true) return bad
    }
  }
  // A directory renamed as a whole: two names in the workspace (neither the root, neither inside the other) and its identity.
  const dirMoves = v["dirMoves"]
  if (dirMoves !== undefined && (!Array.isArray(dirMoves) || dirMoves.some((m) => {
    if (!isRecord(m) || typeof m["from"] !== "string" || typeof m["to"] !== "string" || typeof m["identity"] !== "string" || m["identity"].length === 0) return true
    const from = parseWorkspacePath(m["from"])
    const to = parseWorkspacePath(m["to"])
    return from === undefined || to === undefined || from === "." || to === "." || isWithin(from, to) || isWithin(to, from)
  }))) {
    return "intent.json has a malformed directory move entry"
  }
  return undefined
}

export const makeJournal = (
  store: FileStoreService,
  hasher: HasherService,
  signer: JournalKeyService,
  limits: HistoryLimits = DEFAULT_LIMITS,
  /** How new transactions are written: one file each (the default), or the first layout's directory (tests of journals on disk). */
  layout: "file" | "directory" = "file"
): Effect.Effect<JournalService, never> =>
  Effect.gen(function*() {
    // Located once per process (a locate walks every component of the path): every write still
    // checks .splice and .splice/tx are real directories (checkState), and writes into them through
    // the directory opened and verified (FileStore's pinned directory).
    const dirCache = new Map<string, ResolvedPath>()
    const resolveDir = (rel: WorkspacePath) =>
      Effect.suspend(() => {
        const known = dirCache.get(rel)
        return known !== undefined ? Effect.succeed(known) : Effect.tap(store.locate(rel), (p) => Effect.sync(() => dirCache.set(rel, p)))
      })
    const txRoot = resolveDir(statePath("tx"))
    const quarantineRoot = resolveDir(statePath("quarantine"))
    const workspaceRoot = resolveDir(WORKSPACE_ROOT)
    const txDir = (id: string) => Effect.map(txRoot, (r) => childPath(r, id))
    const inTx = (name: string) => Effect.map(txRoot, (r) => childPath(r, name))

    /**
     * .splice and its parts must be real directories inside the workspace: a symlink shipped in a
     * repository would make splice create its journal (or locks) wherever it points.
     */
    const stateDirs = [STATE_DIR, statePath("tx"), statePath("quarantine")]
    /** Checks them (the workspace root located once), and says whether .splice/tx exists. */
    const checkState = Effect.gen(function*() {
      const root = yield* workspaceRoot
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
    const parseJson = (bytes: Uint8Array, what: string): Json => {
      try {
        return { ok: true, value: JSON.parse(decoder.decode(bytes)) as unknown }
      } catch {
        return { ok: false, reason: `${what} is not valid JSON` }
      }
    }
    /** A small JSON file of splice's own: a regular file, never followed through a symlink. */
    const readJson = (p: ResolvedPath) =>
      Effect.gen(function*() {
        const st = yield* store.lstat(p)
        if (st._tag === "None") return undefined
        if (st.value.kind !== "file") return { ok: false, reason: `${p.relative} is a ${st.value.kind}` } satisfies Json as Json
        return parseJson(yield* store.read(p, { noFollow: true }), p.relative)
      })

    /** The MAC of an intent: keyed BLAKE3 of its JSON without the mac field, in the order written. */
    const macOf = (body: unknown) => Effect.flatMap(signer.key, (key) => hasher.mac(key, encoder.encode(JSON.stringify(body))))

    // What this process has learnt of entries that cannot change in ways the scans care about: a
    // finished transaction never becomes pending again, and an intent (with the bytes of its
    // originals) is written once. The scans before every write skip finished entries, so a
    // long-running server does not read the whole history (200 entries) for each edit.
    const finished = new Set<string>()
    const bytesOf = new Map<string, number>()
    /** The name each transaction had when last seen (a file's name is its state). */
    const nameOf = new Map<string, string>()
    /** The file made ahead for the next begin (prepareNext), by name; the scans skip it. */
    let spare: string | undefined
    /** Done when the spare being made is ready (or was not made). */
    let preparing: Deferred.Deferred<void> | undefined
    /** The spare being made (its directory flush under way). */
    let making: string | undefined
    const isOwnSpare = (name: string) => name === spare || name === making

    interface Listed {
      readonly name: string
      /** undefined: not a transaction's name. */
      readonly tx: TxName | undefined
    }
    // Each name parsed once per process: a server lists 200 names before every write.
    const parsedNames = new Map<string, Listed>()
    const listed = (name: string): Listed => {
      let l = parsedNames.get(name)
      if (l === undefined) {
        l = { name, tx: parseTxName(name) }
        if (parsedNames.size > 4 * limits.count + 1000) parsedNames.clear()
        parsedNames.set(name, l)
      }
      return l
    }
    /** The names under .splice/tx/, parsed. */
    const listing = Effect.gen(function*() {
      const r = yield* txRoot
      const st = yield* store.lstat(r)
      if (st._tag === "None" || st.value.kind !== "directory") return []
      return (yield* store.list(r)).map((name) => {
        const l = listed(name)
        const tx = l.tx
        if (tx !== undefined) {
          nameOf.set(tx.id, name)
          if (tx.layout === "file" && !isOpenState(tx.state)) finished.add(tx.id)
        }
        return l
      })
    })

    /** Where transaction `id` is now (its file may have been renamed by another process since it was seen). */
    const nameNow = (id: string) =>
      Effect.gen(function*() {
        const known = nameOf.get(id)
        if (known !== undefined && (yield* store.lstat(yield* inTx(known)))._tag === "Some") return known
        nameOf.delete(id)
        for (const l of yield* listing) if (l.tx?.id === id) return l.name
        return undefined
      })

    const readEntry = (l: Listed): Effect.Effect<Entry, never> =>
      Effect.tap(l.tx === undefined ? Effect.succeed<Entry>({ kind: "problem", problem: { id: l.name, kind: "damaged", reason: "not a transaction id" } })
        : l.tx.layout === "directory" ? readDirectoryEntry(l.tx.id) : readFileEntry(l.name, l.tx), (e) =>
        Effect.sync(() => {
          if (e.kind !== "tx") return
          // A spare filled by a begin that a power loss kept from its rename: its intent names the transaction.
          if (l.tx?.layout === "file" && l.tx.state === "spare") nameOf.set(e.record.id, l.name)
          bytesOf.set(e.record.id, e.bytes)
          if (e.record.state !== "pending") finished.add(e.record.id)
        }))

    /** Who began an entry that has no intent yet, and whether that process is gone. */
    const isAbandoned = (id: string, owner: unknown) => {
      const o = isRecord(owner) ? owner as unknown as OwnerFile : undefined
      return o !== undefined && typeof o.pid === "number"
        ? o.host === signer.host && !(o.pid === process.pid && o.start === SELF_START) && !isProcessAlive(o.pid, o.start)
        : Date.now() - idTime(id) > ABANDONED_MS
    }

    /** A verified intent as a record in `state`: its shape, its MAC under the user's key, its host. */
    const recordOf = (id: string, intent: unknown, state: TxState, undoneBy: string | undefined) =>
      Effect.gen(function*() {
        const problem = (kind: JournalProblem["kind"], reason: string): Entry => ({ kind: "problem", problem: { id, kind, reason } })
        const invalid = validIntent(intent, id)
        if (invalid !== undefined) return problem(invalid === "intent.json is not signed" ? "foreign" : "damaged", invalid)
        const { mac, ...body } = intent as IntentBody & { mac: string }
        const expected = yield* macOf(body)
        if (mac !== expected) return problem("foreign", "its signature does not verify with your journal key (not written by you, or edited)")
        if (body.host !== signer.host) return problem("foreign", `written on another machine (${body.host})`)
        const record: TxRecord = {
          id: body.id,
          command: body.command,
          created: body.created,
          files: body.files,
          ...(Array.isArray(body.edits) ? { edits: body.edits } : {}),
          ...(Array.isArray(body.dirs) && body.dirs.length > 0 ? { dirs: body.dirs } : {}),
          ...(Array.isArray(body.removedDirs) && body.removedDirs.length > 0 ? { removedDirs: body.removedDirs } : {}),
          ...(Array.isArray(body.links) && body.links.length > 0 ? { links: body.links } : {}),
          ...(Array.isArray(body.moves) && body.moves.length > 0 ? { moves: body.moves } : {}),
          ...(Array.isArray(body.dirMoves) && body.dirMoves.length > 0 ? { dirMoves: body.dirMoves } : {}),
          state,
          ...(body.undoes !== undefined ? { undoes: body.undoes } : {}),
          ...(undoneBy !== undefined ? { undoneBy } : {})
        }
        return { kind: "tx", record, bytes: typeof body.bytes === "number" ? body.bytes : 0 } satisfies Entry as Entry
      })

    /**
     * A read of an entry failed: damage if the entry is still there, GONE if it went away meanwhile
     * (the scans list names, then read them, while other processes commit, roll back and prune).
     */
    const damagedUnlessGone = (at: Effect.Effect<ResolvedPath, SpliceError>, id: string, reason: string): Effect.Effect<Entry, never> =>
      Effect.map(
        Effect.either(Effect.flatMap(at, store.lstat)),
        (st): Entry => (st._tag === "Right" && st.right._tag === "None" ? GONE : { kind: "problem", problem: { id, kind: "damaged", reason } })
      )

    /** The first layout: a directory of owner.json, orig-<n>, intent.json, state.json. */
    const readDirectoryEntry = (id: string): Effect.Effect<Entry, never> =>
      Effect.gen(function*() {
        const problem = (kind: JournalProblem["kind"], reason: string): Entry => ({ kind: "problem", problem: { id, kind, reason } })
        const dir = yield* txDir(id)
        const st = yield* store.lstat(dir)
        if (st._tag === "None") return GONE
        if (st.value.kind !== "directory") return problem("damaged", `a ${st.value.kind} in place of a transaction directory`)
        const intent = yield* readJson(childPath(dir, "intent.json"))
        if (intent === undefined) {
          const owner = yield* readJson(childPath(dir, "owner.json"))
          return { kind: "unfinished", abandoned: isAbandoned(id, owner?.ok === true ? owner.value : undefined) } satisfies Entry as Entry
        }
        if (!intent.ok) return problem("damaged", intent.reason)
        // The state file is read only for a verified intent: an entry that is not ours is quarantined whatever it holds.
        const checked = yield* recordOf(id, intent.value, "pending", undefined)
        if (checked.kind !== "tx") return checked
        const state = yield* readJson(childPath(dir, "state.json"))
        // No state.json: pending, unless a prune removed the entry meanwhile (it takes intent.json
        // first, see removeEntry): a finished entry half removed must never read as pending.
        if (state === undefined && (yield* store.lstat(childPath(dir, "intent.json")))._tag === "None") return GONE
        const s = state?.ok === true && isRecord(state.value) ? state.value as unknown as StateFile : undefined
        if (state !== undefined && (s === undefined || !["committed", "rolled_back", "undone"].includes(s.state))) {
          return problem("damaged", "state.json is unreadable")
        }
        return {
          ...checked,
          record: { ...checked.record, state: s?.state ?? "pending", ...(s?.undoneBy !== undefined ? { undoneBy: s.undoneBy } : {}) }
        } satisfies Entry as Entry
      }).pipe(
        // Reading one entry must never stop the others (or the command): any failure is damage,
        // unless the entry went away under the read (pruned by another process).
        Effect.catchAll((e) => damagedUnlessGone(txDir(id), id, e.message))
      )

    /**
     * The transaction file's bytes, parsed; undefined when it is gone (renamed or removed meanwhile).
     * `head`: its owner and intent only, without the originals (a reader of the intent needs none of
     * them): its first HEAD_PROBE bytes, then up to the intent's end if that is further (the record
     * headers say where).
     */
    const readTxFile = (name: string, head = false) =>
      Effect.gen(function*() {
        const p = yield* inTx(name)
        const st = yield* store.lstat(p)
        if (st._tag === "None") return undefined
        if (st.value.kind !== "file") return { notFile: st.value.kind } as const
        if (!head) return { parsed: parseTxFile(yield* store.read(p, { noFollow: true })) } as const
        let bytes = yield* store.read(p, { noFollow: true, limit: HEAD_PROBE })
        if (bytes.length === HEAD_PROBE) {
          const need = txHeadLength(bytes)
          if (need === undefined || need > bytes.length) bytes = yield* store.read(p, { noFollow: true, ...(need !== undefined ? { limit: need } : {}) })
        }
        return { parsed: parseTxFile(bytes, { intentOnly: true }) } as const
      })

    /** One file per transaction, its state in its name (see the header). */
    const readFileEntry = (name: string, tx: Extract<TxName, { layout: "file" }>): Effect.Effect<Entry, never> =>
      Effect.gen(function*() {
        const id = tx.id
        const problem = (kind: JournalProblem["kind"], reason: string): Entry => ({ kind: "problem", problem: { id, kind, reason } })
        const file = yield* readTxFile(name, true)
        if (file === undefined) return GONE
        if ("notFile" in file) return problem("damaged", `a ${file.notFile} in place of a transaction file`)
        const { parsed } = file
        if (parsed.foreignHeader) return problem("damaged", "not a transaction file")
        // An incomplete intent was torn by a crash before the begin's fdatasync: nothing was
        // touched, and its owner (or its age) says when it may go. Only a pending entry can be
        // torn: a finished one was whole when it was renamed. Bytes that are not what the header's
        // BLAKE3 says are damage (or a torn write that left holes): quarantined, reported.
        if (parsed.intent === undefined) {
          if (!isOpenState(tx.state)) return problem("damaged", "its intent is incomplete")
          return { kind: "unfinished", abandoned: isAbandoned(id, parsed.owner) } satisfies Entry as Entry
        }
        if ((yield* hasher.blake3(parsed.intent.bytes)) !== parsed.intent.sum) return problem("damaged", "its intent does not match its checksum")
        const intent = parseJson(parsed.intent.bytes, "its intent")
        if (!intent.ok) return problem("damaged", intent.reason)
        if (tx.state !== "spare") return yield* recordOf(id, intent.value, tx.state, tx.undoneBy)
        // A spare's name is not its transaction's: the (signed) intent names it.
        const named = isRecord(intent.value) ? intent.value["id"] : undefined
        if (typeof named !== "string" || !TX_ID.test(named)) return problem("damaged", "its intent names no transaction")
        return yield* recordOf(named, intent.value, "pending", undefined)
      }).pipe(
        // Renamed between the listing (or the lstat) and the read: its owner committed or rolled it
        // back, or another process moved it. Gone, not damaged: a live transaction is never quarantined.
        Effect.catchAll((e) => damagedUnlessGone(inTx(name), tx.id, e.message))
      )

    /** Every name under .splice/tx/, read. */
    const entries = Effect.gen(function*() {
      yield* checkState
      const out: Array<{ listed: Listed; entry: Entry }> = []
      for (const l of yield* listing) out.push({ listed: l, entry: yield* readEntry(l) })
      return out
    })

    /** Whether the entry is finished: a file's name says so; a directory has its state.json (a regular file). */
    const isFinished = (l: Listed) => {
      const tx = l.tx
      if (tx === undefined) return Effect.succeed(false)
      if (finished.has(tx.id)) return Effect.succeed(true)
      if (tx.layout === "file") return Effect.succeed(!isOpenState(tx.state))
      return Effect.map(Effect.flatMap(txDir(tx.id), (dir) => store.lstat(childPath(dir, "state.json"))), (st) => {
        if (st._tag === "Some" && st.value.kind === "file") finished.add(tx.id)
        return finished.has(tx.id)
      })
    }

    /**
     * The entries that may need recovery or sweeping: all but the finished ones (whose damage, if
     * any, `splice recover`'s full sweep and the readers of history report). Nothing read for a
     * transaction file (its name says), one lstat per directory the first time.
     */
    const openEntries = Effect.gen(function*() {
      yield* checkState
      const out: Array<{ listed: Listed; entry: Entry }> = []
      for (const l of yield* listing) {
        // Known finished (a file's name, or seen before): no effect run for it at all.
        if (l.tx !== undefined && (finished.has(l.tx.id) || (l.tx.layout === "file" && !isOpenState(l.tx.state)))) continue
        // This process's own spare, not taken by a begin yet: its owner record, nothing to recover.
        if (isOwnSpare(l.name)) continue
        if (yield* Effect.orElseSucceed(isFinished(l), () => false)) continue
        out.push({ listed: l, entry: yield* readEntry(l) })
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

    // .splice/.gitignore, once made or seen, is not looked for again by this process (unless
    // .splice/tx had to be made again: someone removed .splice).
    let ignoreSeen = false
    const ensureRoot = Effect.gen(function*() {
      const { txExists } = yield* checkState
      if (!txExists) {
        yield* store.makeDirectory(yield* txRoot)
        ignoreSeen = false
      }
      if (ignoreSeen) return
      const ignore = childPath(yield* resolveDir(STATE_DIR), ".gitignore")
      if ((yield* store.lstat(ignore))._tag === "None") {
        // Keep splice's own state out of the user's commits.
        yield* store.writeAtomic(ignore, encoder.encode("*\n"))
      }
      ignoreSeen = true
    })

    /**
     * The bytes of each entry's originals, kept in .splice/history-bytes.json between processes: a
     * prune weighs the whole history, and reading 200 intents made a CLI edit twice as slow once
     * the history was full. A cache, written without fsync: an intent's bytes never change, an id
     * missing from it is read from its intent, and one that is gone is ignored.
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
     * A file goes in one unlink. A directory (the first layout) goes file by file: its intent.json
     * first, so that a reader never sees a finished entry's intent without its state.json (which
     * would read as pending, and be rolled back by the next recovery). Without an intent it reads
     * as unfinished, or gone.
     */
    const removeEntry = (l: Listed) =>
      l.tx?.layout === "directory"
        ? Effect.flatMap(txDir(l.tx.id), (dir) => Effect.zipRight(store.remove(childPath(dir, "intent.json")), store.removeDirectory(dir)))
        : Effect.flatMap(inTx(l.name), store.remove)

    /**
     * Drop the oldest finished entries beyond the limits. Entries begun and not finished (in this
     * process or another) are read, found pending or unfinished, and kept.
     */
    const prune = Effect.gen(function*() {
      const all = (yield* listing).filter((l) => l.tx !== undefined && !isOwnSpare(l.name))
      if (all.length <= limits.checkFrom) return
      // Sizes this process knows (they never change) are not read again; the cache only for the others.
      if (all.some((l) => !bytesOf.has(l.tx!.id))) {
        const cached = yield* cachedBytes
        for (const [id, n] of cached) if (!bytesOf.has(id)) bytesOf.set(id, n)
        cacheHolds = new Set(cached.keys())
      }
      const kept = new Map<string, number>()
      let bytes = 0
      // Newest first: keep while under both limits; drop finished ones beyond them (never a pending
      // one, recovery still needs it). Problems and unfinished begins are sweep's business.
      for (const l of [...all].reverse()) {
        const id = l.tx!.id
        let size = bytesOf.get(id)
        if (size === undefined) {
          const e = yield* readEntry(l)
          if (e.kind !== "tx") continue
          size = e.bytes
        }
        const withinLimits = kept.size < limits.count && (kept.size === 0 || bytes + size <= limits.bytes)
        // Beyond the limits: removed when finished; unless this process saw it finished, read in
        // full (it may still be pending, or damaged since it was weighed: left to recover).
        const e = withinLimits || finished.has(id) ? undefined : yield* readEntry(l)
        if (e !== undefined && e.kind !== "tx") continue
        if (withinLimits || (e !== undefined && e.record.state === "pending")) {
          kept.set(id, size)
          bytes += size
        } else {
          yield* removeEntry(l)
          finished.delete(id)
          bytesOf.delete(id)
          nameOf.delete(id)
        }
      }
      const missing = [...kept.keys()].filter((id) => cacheHolds?.has(id) !== true).length
      if (missing > 0 && (!pruned || missing >= LAZY_CACHE)) {
        yield* store.writeAtomic(yield* bytesCache, encoder.encode(JSON.stringify(Object.fromEntries(kept))), { mode: 0o600, durable: false })
        cacheHolds = new Set(kept.keys())
      }
      pruned = true
    })

    const owner = (): OwnerFile => ({ pid: process.pid, host: signer.host, ...(SELF_START !== undefined ? { start: SELF_START } : {}) })

    /** The first layout's begin (kept for tests of journals written by earlier versions). */
    const beginDirectory = (id: string, input: BeginInput, intent: Uint8Array) =>
      Effect.gen(function*() {
        if (input.alongside !== undefined) yield* input.alongside
        const dir = yield* txDir(id)
        yield* store.makeDirectory(dir)
        yield* store.createExclusive(childPath(dir, "owner.json"), encoder.encode(JSON.stringify(owner())), { mode: 0o600, sync: "none" })
        for (let i = 0; i < input.files.length; i++) {
          const original = input.files[i]!.original
          if (original !== null) yield* store.createExclusive(childPath(dir, `orig-${i}`), original, { mode: 0o600, sync: "data" })
        }
        yield* store.writeAtomic(childPath(dir, "intent.json"), intent, { mode: 0o600 })
        nameOf.set(id, id)
      })

    /**
     * One file, one write: owner, intent, originals; fdatasynced, its name made durable by a
     * directory fsync, before any target is touched. A failed write removes what it made.
     */
    const beginFile = (id: string, input: BeginInput, intent: Uint8Array) =>
      Effect.gen(function*() {
        const name = txFileName(id, "pending")
        const p = yield* inTx(name)
        const bytes = encodeTxFile(owner(), intent, yield* hasher.blake3(intent), input.files.map((f) => f.original))
        // A spare being made (its directory flush under way): wait for it rather than pay two flushes.
        if (spare === undefined && preparing !== undefined) yield* Deferred.await(preparing)
        const taken = spare
        spare = undefined
        // The caller's writes while the intent is written but not flushed: the flushes overlap. A
        // failure removes the entry (nothing of the caller's touched a target).
        const alongsideThenFlush = (withName: boolean) => Effect.gen(function*() {
          if (input.alongside !== undefined) yield* input.alongside
          yield* store.flushData(p, { withName })
        }).pipe(Effect.tapError(() => Effect.zipRight(Effect.ignore(store.remove(p)), Effect.sync(() => nameOf.delete(id)))))
        if (taken !== undefined) {
          // The spare's name is durable already: its bytes and one fdatasync make the begin durable.
          // Renamed without a directory fsync (the commit's, or the rollback's, makes it durable):
          // a crash leaves it under either name, and recovery reads a filled spare as its intent's transaction.
          const from = yield* inTx(taken)
          const filled = yield* store.fill(from, bytes, { sync: false }).pipe(
            Effect.zipRight(store.rename(from, p, { durable: false })),
            Effect.as(true),
            // Gone or unwritable (someone else's sweep, a removed .splice): no target was touched, so
            // it is dropped and the begin goes the usual way; but a spare that cannot be removed may
            // hold this intent, and a second file of the same id must not be, so that begin fails.
            Effect.catchAll((e) => Effect.as(Effect.mapError(store.remove(from), () => e), false))
          )
          if (filled) {
            nameOf.set(id, name)
            return yield* alongsideThenFlush(false)
          }
        }
        yield* store.createExclusive(p, bytes, { mode: 0o600, sync: "none" }).pipe(
          Effect.tapError((e) => (e.code === "SPL-E033" ? Effect.void : Effect.ignore(store.remove(p))))
        )
        nameOf.set(id, name)
        // Its name made durable too (a spare's was, before).
        yield* alongsideThenFlush(true)
      })

    /**
     * Make the next begin's file now (a long-running writer calls this after it answered): created
     * with its owner record, its name made durable by one directory fsync, so the begin that fills it
     * needs one fdatasync on the answer's critical path instead of an fdatasync and a directory fsync.
     */
    const prepareNext = Effect.suspend(() => {
      if (layout !== "file" || spare !== undefined || preparing !== undefined) return Effect.void
      const ready = Effect.runSync(Deferred.make<void>())
      preparing = ready
      return Effect.gen(function*() {
        // Only into a journal that exists: a call that failed before writing anything makes no .splice.
        if (!(yield* checkState).txExists) return
        const name = txFileName(newTxId(), "spare")
        const p = yield* inTx(name)
        yield* store.createExclusive(p, encodeTxHead(owner()), { mode: 0o600, sync: "none" })
        making = name
        // Off the main thread: the next call is read, planned and locked meanwhile, and its begin
        // waits only for what is left of this flush.
        yield* store.syncDirectory(yield* txRoot).pipe(Effect.tapError(() => Effect.ignore(store.remove(p))))
        spare = name
      }).pipe(Effect.ensuring(Effect.zipRight(Effect.sync(() => {
        preparing = undefined
        making = undefined
      }), Deferred.succeed(ready, undefined))))
    })

    const begin = (input: BeginInput) =>
      Effect.gen(function*() {
        yield* ensureRoot
        const id = newTxId()
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
          ...(input.moves !== undefined && input.moves.length > 0 ? { moves: input.moves } : {}),
          ...(input.dirMoves !== undefined && input.dirMoves.length > 0 ? { dirMoves: input.dirMoves } : {}),
          bytes: input.files.reduce((n, f) => n + (f.original?.length ?? 0), 0)
        }
        const mac = yield* macOf(body)
        const intent = encoder.encode(JSON.stringify({ ...body, mac }, null, 1))
        yield* (layout === "file" ? beginFile(id, input, intent) : beginDirectory(id, input, intent))
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
          ...(body.moves !== undefined ? { moves: body.moves } : {}),
          ...(body.dirMoves !== undefined ? { dirMoves: body.dirMoves } : {}),
          state: "pending",
          ...(input.undoes !== undefined ? { undoes: input.undoes } : {})
        }
        return rec
      })

    const missingTx = (id: string) => spliceError("SPL-E022", `no transaction ${id}`)

    const setState: JournalService["setState"] = (id, state, extra) =>
      Effect.gen(function*() {
        const name = yield* nameNow(id)
        if (name === undefined) return yield* Effect.fail(missingTx(id))
        const tx = parseTxName(name)!
        if (tx.layout === "directory") {
          const body: StateFile = { state, at: new Date().toISOString(), ...(extra?.undoneBy !== undefined ? { undoneBy: extra.undoneBy } : {}) }
          yield* store.writeAtomic(childPath(yield* txDir(id), "state.json"), encoder.encode(JSON.stringify(body)), { mode: 0o600 })
        } else {
          // The state is the name: one rename and its directory fsync, atomic at every point.
          const to = txFileName(id, state, extra?.undoneBy)
          if (to !== name) yield* store.rename(yield* inTx(name), yield* inTx(to))
          nameOf.set(id, to)
        }
        finished.add(id)
      })

    const damagedOriginal = (id: string, file: string, why: string) =>
      spliceError("SPL-E036", `the journal's copy of ${file} in transaction ${id} ${why}; nothing was written`, { context: { tx: id, file, problem: why } })

    const get = (id: string) =>
      Effect.gen(function*() {
        const name = yield* nameNow(id)
        if (name === undefined) return undefined
        const e = yield* readEntry(listed(name))
        return e.kind === "tx" ? e.record : undefined
      })

    // A transaction's file list never changes once its intent is written: read (and verify) it once
    // per process, not once per file (an undo of a 1,400-file move asked 1,400 times). Its file's
    // originals likewise: the last transaction file read is kept while its originals are asked for.
    const filesOf = new Map<string, TxRecord["files"]>()
    let lastFile: { readonly id: string; readonly originals: ReadonlyMap<number, Uint8Array> } | undefined
    /** The saved bytes of file `index`, or a reason they are not there. */
    const savedBytes = (id: string, index: number) =>
      Effect.gen(function*() {
        const name = yield* nameNow(id)
        if (name === undefined) return { missing: "is missing" } as const
        if (parseTxName(name)?.layout === "directory") {
          const p = childPath(yield* txDir(id), `orig-${index}`)
          const st = yield* store.lstat(p)
          if (st._tag === "None") return { missing: "is missing" } as const
          if (st.value.kind !== "file") return { missing: `is a ${st.value.kind}, not a file` } as const
          return { bytes: yield* store.read(p, { noFollow: true }) } as const
        }
        if (lastFile?.id !== id) {
          const file = yield* readTxFile(name)
          if (file === undefined) return { missing: "is missing" } as const
          if ("notFile" in file) return { missing: `is in a ${file.notFile}, not a file` } as const
          lastFile = { id, originals: file.parsed.originals }
        }
        const bytes = lastFile.originals.get(index)
        return bytes === undefined ? { missing: "is missing" } as const : { bytes } as const
      })

    const original: JournalService["original"] = (id, index) =>
      Effect.gen(function*() {
        let files = filesOf.get(id)
        if (files === undefined) {
          const rec = yield* get(id)
          if (rec === undefined) return yield* Effect.fail(missingTx(id))
          files = rec.files
          filesOf.set(id, files)
        }
        const f = files[index]
        if (f === undefined || !f.existed) return null
        const saved = yield* savedBytes(id, index)
        if ("missing" in saved) return yield* Effect.fail(damagedOriginal(id, f.path, saved.missing))
        const sum = yield* hasher.blake3(saved.bytes)
        if (sum !== f.checksumBefore) return yield* Effect.fail(damagedOriginal(id, f.path, `does not match the checksum its intent recorded (${saved.bytes.length} bytes, ${sum})`))
        return saved.bytes
      })

    /** Moved aside and reported; undefined when it went away since it was read (someone else's sweep). */
    const quarantine = (l: Listed, p: JournalProblem) =>
      Effect.gen(function*() {
        const from = yield* inTx(l.name)
        const qroot = yield* quarantineRoot
        yield* store.makeDirectory(qroot)
        const to = childPath(qroot, `${l.name}.${Date.now().toString(36)}`)
        const moved = yield* store.rename(from, to).pipe(
          Effect.as(true),
          Effect.catchAll((e) => Effect.flatMap(store.lstat(from), (st) => (st._tag === "None" ? Effect.succeed(false) : Effect.fail(e))))
        )
        if (l.tx !== undefined) nameOf.delete(l.tx.id)
        return moved ? { ...p, quarantinedTo: to.relative } satisfies JournalProblem : undefined
      })

    const sweepAndPending = (scope: "open" | "all") => Effect.gen(function*() {
      const quarantined: JournalProblem[] = []
      const pending: TxRecord[] = []
      const scanned = yield* (scope === "all" ? entries : openEntries)
      for (const { listed, entry } of scanned) {
        if (entry.kind === "problem") {
          const moved = yield* quarantine(listed, entry.problem)
          if (moved !== undefined) quarantined.push(moved)
        }
        else if (entry.kind === "unfinished" && entry.abandoned) yield* removeEntry(listed)
        else if (entry.kind === "tx" && entry.record.state === "rolled_back") yield* dropOriginals(entry.record.id)
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
        const name = yield* nameNow(id)
        if (name === undefined) return
        if (parseTxName(name)?.layout === "directory") {
          const dir = yield* txDir(id)
          // The transaction is finished: nothing will write into its directory again.
          for (const n of yield* store.list(dir)) if (n.startsWith("orig-") || isStrayTemp(n)) yield* store.remove(childPath(dir, n))
          return
        }
        // Cut the file after its intent: a crash leaves it whole or cut, either one readable.
        const p = yield* inTx(name)
        yield* Effect.gen(function*() {
          const file = yield* readTxFile(name)
          if (file === undefined || "notFile" in file || file.parsed.intentEnd === undefined || file.parsed.originals.size === 0) return
          yield* store.truncate(p, file.parsed.intentEnd)
          if (lastFile?.id === id) lastFile = undefined
        }).pipe(
          // Pruned by another process meanwhile: nothing left to cut.
          Effect.catchAll((e) => Effect.flatMap(store.lstat(p), (st) => (st._tag === "None" ? Effect.void : Effect.fail(e))))
        )
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
      prepareNext,
      discardPrepared: Effect.suspend(() => {
        const taken = spare
        spare = undefined
        return taken === undefined ? Effect.void : Effect.flatMap(inTx(taken), store.remove)
      }),
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
 * then (a long-running one, splice mcp, prunes after each answer: see afterAnswer).
 */
const build = (limits: HistoryLimits, layout: "file" | "directory" = "file") =>
  Effect.gen(function*() {
    const journal = yield* makeJournal(yield* FileStore, yield* Hasher, yield* JournalKey, limits, layout)
    yield* Effect.addFinalizer(() => Effect.zipRight(Effect.ignore(journal.discardPrepared), Effect.ignore(journal.prune)))
    return journal
  })

/** The service itself (pruned when its scope closes), for a caller that builds several without a layer each (liveLayer). */
export const makeJournalScoped = build(DEFAULT_LIMITS)

export const JournalLive: Layer.Layer<Journal, never, FileStore | Hasher | JournalKey> = Layer.scoped(Journal, makeJournalScoped)

/**
 * The same journal with other history limits (tests), writing the first layout (a directory per
 * transaction) when asked: what journals on disk from earlier versions hold.
 */
export const JournalWithLimits = (limits: HistoryLimits, layout: "file" | "directory" = "file"): Layer.Layer<Journal, never, FileStore | Hasher | JournalKey> =>
  Layer.scoped(Journal, build(limits, layout))
