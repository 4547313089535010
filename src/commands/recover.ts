/**
 * `splice recover`: roll back transactions that a crashed or killed process left pending.
 * A pending transaction whose file locks are free has no living owner (a writer holds its locks
 * until it commits or rolls back), so it is safe to roll back. The same pass runs, quietly, at the
 * start of every mutating command.
 *
 * Only this user's own entries are replayed (see JournalKey): foreign or damaged entries are moved
 * to .splice/quarantine/ and reported. A pending entry that cannot be rolled back (a saved original
 * is missing or wrong, or the restore fails) stays pending and blocks only the files it names.
 */
import * as Effect from "effect/Effect"
import type { Catalog } from "../domain/locale/index.js"
import { spliceError } from "../domain/SpliceError.js"
import { parentWorkspacePath, type WorkspacePath } from "../domain/workspacePath.js"
import { childPath, FileStore } from "../../services/FileStore.js"
import { Journal, type JournalProblem, type TxRecord } from "../../services/Journal.js"
import { Lock, type LockKey } from "../../services/Lock.js"
import { Output } from "../../services/Output.js"
import { linkedIdentityKeys, removeCreatedDirectories, type RollbackEntry, rollbackTransaction, txLockKeys } from "./transaction.js"

export interface RecoveredTx {
  readonly tx: string
  readonly command: string
  /**
   * incomplete: a restore failed (e.g. disk full), damaged: the journal's copy of an original is
   * missing or wrong. Either way the transaction stays pending and its files stay blocked.
   */
  readonly status: "rolled_back" | "in_progress" | "incomplete" | "damaged"
  readonly files: ReadonlyArray<RollbackEntry>
}

/** Temp files a killed writer may have left beside a target (`.<name>.splice-*.tmp`). */
const removeStrayTemps = (path: WorkspacePath) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const base = path.slice(path.lastIndexOf("/") + 1)
    const dir = yield* store.locate(parentWorkspacePath(path))
    for (const name of yield* store.list(dir)) {
      if (name.startsWith(`.${base}.splice-`) && name.endsWith(".tmp")) yield* store.remove(childPath(dir, name))
    }
  })

const recoverOne = (tx: TxRecord) =>
  Effect.scoped(
    Effect.gen(function*() {
      const lock = yield* Lock
      const journal = yield* Journal
      const paths = tx.files.map((f) => f.path)
      // Its paths, then the identities of those with other names: a live writer through another
      // name of a hard-linked file holds only the identity's lock (and writes the same inode).
      const identities = yield* linkedIdentityKeys(tx)
      if (!(yield* lock.tryAcquire(txLockKeys(tx))) || !(yield* lock.tryAcquire(identities))) {
        return { tx: tx.id, command: tx.command, status: "in_progress", files: [] } satisfies RecoveredTx
      }
      // Re-read under the locks: the owner may have finished between listing and locking.
      const fresh = yield* journal.get(tx.id)
      if (fresh === undefined || fresh.state !== "pending") {
        return { tx: tx.id, command: tx.command, status: "in_progress", files: [] } satisfies RecoveredTx
      }
      const files = yield* rollbackTransaction(fresh, (i) => journal.original(fresh.id, i))
      const failed = files.filter((f) => f.action === "failed")
      if (failed.length > 0) {
        const damaged = failed.some((f) => f.error?.startsWith("SPL-E036") === true)
        // Its locks stay (as abandoned): freed, they would let in a writer whose pass ran before.
        yield* lock.leaveAbandoned([...txLockKeys(tx), ...identities], fresh.id)
        return { tx: tx.id, command: tx.command, status: damaged ? "damaged" : "incomplete", files } satisfies RecoveredTx
      }
      for (const p of paths) yield* removeStrayTemps(p)
      yield* removeCreatedDirectories(fresh)
      yield* journal.setState(fresh.id, "rolled_back")
      yield* journal.dropOriginals(fresh.id)
      return { tx: tx.id, command: tx.command, status: "rolled_back", files } satisfies RecoveredTx
    })
  )

export interface RecoveryReport {
  readonly transactions: ReadonlyArray<RecoveredTx>
  /** Entries moved to quarantine by this pass. */
  readonly quarantined: ReadonlyArray<JournalProblem>
  /** Files named by pending transactions that could not be rolled back: not to be written. */
  readonly blocked: ReadonlyMap<WorkspacePath, RecoveredTx>
  /** Lock files of dead processes removed. */
  readonly staleLocks: number
}

/**
 * Quarantine what is not ours, clean leftovers, roll back every abandoned transaction. The quick
 * pass before a write looks only at unfinished entries; `splice recover` looks at all of them.
 */
export const recoverAbandoned = (scope: "open" | "all") => Effect.gen(function*() {
  const journal = yield* Journal
  const lock = yield* Lock
  const { quarantined, pending } = yield* journal.sweepAndPending(scope)
  const transactions: RecoveredTx[] = []
  for (const tx of pending) transactions.push(yield* recoverOne(tx))
  // Only then the locks of dead processes, but those of a transaction still pending: removed before
  // its rollback, a dead owner's lock let a waiting writer in on a file of that transaction.
  const keep: LockKey[] = []
  for (let i = 0; i < pending.length; i++) {
    if (transactions[i]!.status === "rolled_back") continue
    keep.push(...txLockKeys(pending[i]!), ...(yield* Effect.orElseSucceed(linkedIdentityKeys(pending[i]!), () => [])))
  }
  const staleLocks = yield* lock.sweepStale(keep)
  const blocked = new Map<WorkspacePath, RecoveredTx>()
  for (const r of transactions) {
    if (r.status !== "incomplete" && r.status !== "damaged") continue
    for (const f of r.files) if (f.action === "failed") blocked.set(f.file as WorkspacePath, r)
  }
  return { transactions, quarantined, blocked, staleLocks } satisfies RecoveryReport
})

const problemLine = (p: JournalProblem, t: Catalog) => t.recover.quarantined(p.id, p.kind, p.reason, p.quarantinedTo ?? ".splice/quarantine")

/**
 * The quiet pass before a mutating command: one line on stderr per transaction it rolled back or
 * entry it quarantined. Returns the files still blocked by unrecoverable transactions.
 */
export const autoRecover = Effect.gen(function*() {
  const output = yield* Output
  const report = yield* recoverAbandoned("open")
  for (const p of report.quarantined) yield* output.log((t) => `splice: ${problemLine(p, t)}`)
  for (const r of report.transactions) {
    if (r.status === "incomplete" || r.status === "damaged") {
      yield* output.log((t) => t.notes.notRolledBack(r.tx, r.command, r.files.filter((f) => f.action === "failed").map((f) => ({ file: f.file, error: f.error }))))
      continue
    }
    if (r.status !== "rolled_back") continue
    const conflicts = r.files.filter((f) => f.action === "conflict").map((f) => f.file)
    yield* output.log((t) => t.notes.rolledBackInterrupted(r.tx, r.command, conflicts))
  }
  return report.blocked
})

/** Refuse to write a file that an unrecoverable pending transaction names. */
export const refuseBlocked = (blocked: ReadonlyMap<WorkspacePath, RecoveredTx>, files: ReadonlyArray<WorkspacePath>) => {
  const hit = files.find((f) => blocked.has(f))
  if (hit === undefined) return Effect.void
  const r = blocked.get(hit)!
  const entry = r.files.find((f) => f.file === hit)
  return Effect.fail(spliceError(r.status === "damaged" ? "SPL-E036" : "SPL-E035", `${hit} is named by transaction ${r.tx}, which could not be rolled back (${entry?.error ?? r.status}); nothing written`, {
    hint: "Run `splice recover` for details. Once the file is as it should be, `splice recover --discard " + r.tx + "` resolves the transaction.",
    context: { file: hit, tx: r.tx, status: r.status, error: entry?.error ?? null }
  }))
}

/** `recover --discard TX`: accept the files of a pending transaction as they are now. */
const discard = (id: string) =>
  Effect.gen(function*() {
    const journal = yield* Journal
    const output = yield* Output
    const pending = (yield* journal.pending).filter((t) => t.id === id || t.id.startsWith(id))
    if (pending.length !== 1) {
      return yield* Effect.fail(spliceError("SPL-E022", pending.length === 0 ? `no pending transaction ${id}` : `transaction id prefix ${id} is ambiguous`, {
        context: { tx: id, candidates: pending.map((t) => t.id) }
      }))
    }
    const tx = pending[0]!
    yield* Effect.scoped(Effect.gen(function*() {
      const lock = yield* Lock
      if (!(yield* lock.tryAcquire(txLockKeys(tx)))) {
        return yield* Effect.fail(spliceError("SPL-E032", `transaction ${tx.id} is still held by a running splice`, { context: { tx: tx.id } }))
      }
      yield* journal.setState(tx.id, "rolled_back")
    }))
    return yield* output.result("recover", { discarded: tx.id, files: tx.files.map((f) => f.path) },
      (t) => t.recover.discarded(tx.id, tx.files.map((f) => f.path)))
  })

export const recoverWith = (options: { readonly discard?: string }) =>
  Effect.gen(function*() {
    const output = yield* Output
    const journal = yield* Journal
    if (options.discard !== undefined) return yield* discard(options.discard)
    const report = yield* recoverAbandoned("all")
    for (const p of report.quarantined) {
      yield* output.event({ type: "quarantined", tx: p.id, kind: p.kind, reason: p.reason, moved_to: p.quarantinedTo ?? null }, (t) => `${problemLine(p, t)}\n`)
    }
    for (const r of report.transactions) {
      yield* output.event(
        { type: "transaction", ...r },
        (t) => t.recover.transaction(r.status, r.tx, r.command) + r.files.map((f) => t.recover.file(f.action, f.file, f.error)).join("")
      )
    }
    const unrecovered = report.transactions.filter((r): r is RecoveredTx & { status: "incomplete" | "damaged" } => r.status === "incomplete" || r.status === "damaged")
    if (unrecovered.length > 0) {
      const files = unrecovered.flatMap((r) => r.files.filter((f) => f.action === "failed").map((f) => ({ tx: r.tx, file: f.file, state: r.status, checksum: f.checksum ?? null, error: f.error ?? null })))
      const damaged = unrecovered.some((r) => r.status === "damaged")
      return yield* Effect.fail(spliceError(damaged ? "SPL-E036" : "SPL-E035", `${files.length} file(s) could not be restored: ${files.map((f) => `${f.file} (${f.error})`).join("; ")}; their transactions stay pending`, {
        context: { files, transactions: unrecovered.map((r) => r.tx) }
      }))
    }
    const rolledBack = report.transactions.filter((r) => r.status === "rolled_back")
    const conflicts = rolledBack.flatMap((r) => r.files.filter((f) => f.action === "conflict").map((f) => ({ tx: r.tx, file: f.file })))
    if (conflicts.length > 0) {
      return yield* Effect.fail(spliceError("SPL-E131", `${conflicts.length} file(s) changed after the interrupted write; left as they are`, {
        context: { files: conflicts.map((c) => c.file), transactions: rolledBack.map((r) => r.tx) }
      }))
    }
    const inQuarantine = yield* journal.quarantined
    yield* output.result("recover", {
      rolled_back: rolledBack.length,
      in_progress: report.transactions.length - rolledBack.length,
      quarantined: report.quarantined.length,
      in_quarantine: inQuarantine.length,
      stale_locks_removed: report.staleLocks,
      transactions: report.transactions
    }, (t) => (rolledBack.length === 0 && report.transactions.length === 0 && report.quarantined.length === 0 ? t.recover.nothing : t.recover.recovered(rolledBack.length)))
  })

export const recoverCommand = recoverWith({})
