/**
 * `splice recover`: roll back transactions that a crashed or killed process left pending.
 * A pending transaction whose file locks are free has no living owner (a writer holds its locks
 * until it commits or rolls back), so it is safe to roll back. The same pass runs, quietly, at the
 * start of every mutating command.
 */
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"
import { childPath, FileStore } from "../../services/FileStore.js"
import { Journal, type TxRecord } from "../../services/Journal.js"
import { Lock } from "../../services/Lock.js"
import { Output } from "../../services/Output.js"
import { rollbackFiles, type RollbackEntry } from "./transaction.js"
import { parentWorkspacePath, type WorkspacePath } from "../domain/workspacePath.js"

export interface RecoveredTx {
  readonly tx: string
  readonly command: string
  /** incomplete: a restore failed (e.g. disk full); the transaction stays pending for the next try. */
  readonly status: "rolled_back" | "in_progress" | "incomplete"
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
      if (!(yield* lock.tryAcquire(paths))) {
        return { tx: tx.id, command: tx.command, status: "in_progress", files: [] } satisfies RecoveredTx
      }
      // Re-read under the locks: the owner may have finished between listing and locking.
      const fresh = yield* journal.get(tx.id)
      if (fresh === undefined || fresh.state !== "pending") {
        return { tx: tx.id, command: tx.command, status: "in_progress", files: [] } satisfies RecoveredTx
      }
      const files = yield* rollbackFiles(fresh, (i) => journal.original(fresh.id, i))
      if (files.some((f) => f.action === "failed")) return { tx: tx.id, command: tx.command, status: "incomplete", files } satisfies RecoveredTx
      for (const p of paths) yield* removeStrayTemps(p)
      yield* journal.setState(fresh.id, "rolled_back")
      return { tx: tx.id, command: tx.command, status: "rolled_back", files } satisfies RecoveredTx
    })
  )

/** Roll back every abandoned transaction; live ones are reported as in progress. */
export const recoverAbandoned = Effect.gen(function*() {
  const journal = yield* Journal
  const out: RecoveredTx[] = []
  for (const tx of yield* journal.pending) out.push(yield* recoverOne(tx))
  return out
})

/** The quiet pass before a mutating command: one line on stderr per transaction it rolled back. */
export const autoRecover = Effect.gen(function*() {
  const output = yield* Output
  for (const r of yield* recoverAbandoned) {
    if (r.status === "incomplete") {
      yield* output.log(`splice: could not roll back interrupted transaction ${r.tx} (${r.command}): ${r.files.filter((f) => f.action === "failed").map((f) => `${f.file}: ${f.error}`).join("; ")}; run \`splice recover\``)
      continue
    }
    if (r.status !== "rolled_back") continue
    const conflicts = r.files.filter((f) => f.action === "conflict").map((f) => f.file)
    yield* output.log(
      `splice: rolled back interrupted transaction ${r.tx} (${r.command})` +
        (conflicts.length > 0 ? `; changed since, left alone: ${conflicts.join(", ")}` : "")
    )
  }
})

export const recoverCommand = Effect.gen(function*() {
  const output = yield* Output
  const results = yield* recoverAbandoned
  for (const r of results) {
    yield* output.event(
      { type: "transaction", ...r },
      `${r.status === "rolled_back" ? "rolled back" : r.status === "incomplete" ? "NOT rolled back (restore failed)" : "still in progress (owner alive)"}: ${r.tx} (${r.command})\n` +
        r.files.map((f) => `  ${f.action.padEnd(9)} ${f.file}${f.error !== undefined ? ` (${f.error})` : ""}\n`).join("")
    )
  }
  const failed = results.filter((r) => r.status === "incomplete")
  if (failed.length > 0) {
    const files = failed.flatMap((r) => r.files.filter((f) => f.action === "failed").map((f) => ({ tx: r.tx, file: f.file, state: "restore_failed", checksum: f.checksum ?? null, error: f.error ?? null })))
    return yield* Effect.fail(spliceError("SPL-E035", `${files.length} file(s) could not be restored: ${files.map((f) => `${f.file} (${f.error})`).join("; ")}; their transactions stay pending`, {
      context: { files, transactions: failed.map((r) => r.tx) }
    }))
  }
  const rolledBack = results.filter((r) => r.status === "rolled_back")
  const conflicts = rolledBack.flatMap((r) => r.files.filter((f) => f.action === "conflict").map((f) => ({ tx: r.tx, file: f.file })))
  if (conflicts.length > 0) {
    return yield* Effect.fail(spliceError("SPL-E131", `${conflicts.length} file(s) changed after the interrupted write; left as they are`, {
      context: { files: conflicts.map((c) => c.file), transactions: rolledBack.map((r) => r.tx) }
    }))
  }
  yield* output.result("recover", {
    rolled_back: rolledBack.length,
    in_progress: results.length - rolledBack.length,
    transactions: results
  }, rolledBack.length === 0 && results.length === 0 ? "nothing to recover\n" : `recovered ${rolledBack.length} transaction(s)\n`)
})
