import * as fs from "node:fs"
import * as path from "node:path"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import { envTrusts, parseTrustRecords, serializeTrustRecords, type TrustRecords, type TrustState, trustStateOf } from "../../src/domain/trust.js"
import { FileStore, fileStamp, type WorkspacePath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Trust } from "../../services/Trust.js"
import { writeFileAtomic } from "./atomicFile.js"
import { fromErrno } from "./errno.js"
import { userConfigDir } from "./userConfigDir.js"

/**
 * Trust records in `<user config>/splice/trust.json` (directory 0700, file 0600, replaced
 * atomically). The workspace is named by the FileStore's root, which is already a real path.
 */

/** BLAKE3 of the workspace's splice.json as it is now, or null when there is none. */
export const spliceJsonHash = Effect.gen(function*() {
  const store = yield* FileStore
  const hasher = yield* Hasher
  const p = yield* store.locate("splice.json" as WorkspacePath)
  const st = yield* store.stat(p)
  if (st._tag === "None") return null
  if (st.value.kind !== "file") {
    return yield* Effect.fail(spliceError("SPL-E065", "splice.json is not a regular file", { context: { file: "splice.json", kind: st.value.kind } }))
  }
  return yield* hasher.blake3(yield* store.read(p))
})

const LOCK_WAIT_MS = 5_000
const STALE_MS = 30_000

/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const makeTrust: Effect.Effect<Context.Tag.Service<Trust>, never, FileStore | Hasher> = Effect.gen(function*() {
  const store = yield* FileStore
  const hasher = yield* Hasher
  const dir = userConfigDir()
  const file = path.join(dir, "trust.json")
  const lock = `${file}.lock`
  const env = envTrusts(process.env["SPLICE_TRUST"])
  const current = spliceJsonHash.pipe(Effect.provideService(FileStore, store), Effect.provideService(Hasher, hasher))

  const readRecords = Effect.try({
    try: (): TrustRecords => {
      try {
        // Only a regular file is read: a FIFO would block the open forever.
        if (!fs.statSync(file).isFile()) return {}
        return parseTrustRecords(fs.readFileSync(file, "utf8"))
      } catch (e) {
        if ((e as { code?: string }).code === "ENOENT") return {}
        throw e
      }
    },
    catch: (e) => fromErrno(e, "read", file)
  })
  const writeRecords = (records: TrustRecords) =>
    Effect.try({
      try: () => writeFileAtomic(file, new TextEncoder().encode(serializeTrustRecords(records)), 0o600),
      catch: (e) => fromErrno(e, "write", file)
    })
  /**
   * Read, change and write the records under `trust.json.lock` (O_EXCL), so that two `splice trust`
   * runs at once (in different workspaces) both land. A lock older than STALE_MS is a dead run's.
   */
  const updating = <A>(change: (records: TrustRecords) => { readonly records?: TrustRecords; readonly result: A }) =>
    Effect.acquireUseRelease(
      Effect.tryPromise({
        try: async () => {
          fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
          for (const deadline = Date.now() + LOCK_WAIT_MS;;) {
            try {
              fs.closeSync(fs.openSync(lock, "wx", 0o600))
              return
            } catch (e) {
              if ((e as { code?: string }).code !== "EEXIST") throw e
              const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
              if (age > STALE_MS) fs.rmSync(lock, { force: true })
              else if (Date.now() > deadline) throw Object.assign(new Error(`${lock} is held by another splice trust`), { code: "ELOCKED" })
              else await new Promise((r) => setTimeout(r, 10 + Math.random() * 20))
            }
          }
        },
        catch: (e) =>
          (e as { code?: string }).code === "ELOCKED"
            ? spliceError("SPL-E032", `another splice trust holds ${lock}`, { context: { lock } })
            : fromErrno(e, "lock", lock)
      }),
      () =>
        Effect.gen(function*() {
          const { records, result } = change(yield* readRecords)
          if (records !== undefined) yield* writeRecords(records)
          return result
        }),
      () => Effect.sync(() => fs.rmSync(lock, { force: true }))
    )

  // Asked before every write that may run a gate: worked out again only when trust.json or
  // splice.json changed since (a stat of each), so a long-running process (splice mcp) sees
  // `splice trust`, `--revoke` and a changed splice.json at once without reading both each time.
  let last: { readonly stamp: string; readonly state: TrustState } | undefined
  const stampNow = Effect.gen(function*() {
    const records = yield* Effect.try({ try: () => fs.statSync(file, { throwIfNoEntry: false }), catch: (e) => fromErrno(e, "read", file) })
    const spliceJson = fileStamp(yield* store.stat(yield* store.locate("splice.json" as WorkspacePath)))
    return `${records === undefined ? "absent" : `${records.dev}:${records.ino}:${records.size}:${records.mtimeMs}`}|${spliceJson}`
  })
  const status = Effect.gen(function*() {
    const stamp = yield* stampNow
    if (last !== undefined && last.stamp === stamp) return last.state
    const state = trustStateOf(yield* readRecords, store.root, yield* current, env)
    last = { stamp, state }
    return state
  })
  const trust = Effect.gen(function*() {
    const hash = yield* current
    return yield* updating((old) => {
      const records = { ...old, [store.root]: { splice_json: hash, trusted_at: new Date().toISOString() } }
      return { records, result: trustStateOf(records, store.root, hash, env) }
    })
  })
  const revoke = updating((old) => {
    if (!Object.hasOwn(old, store.root)) return { result: false }
    const records = { ...old }
    delete records[store.root]
    return { records, result: true }
  })
  return { storePath: file, status, trust, revoke }
})

export const TrustLive: Layer.Layer<Trust, never, FileStore | Hasher> = Layer.effect(Trust, makeTrust)
