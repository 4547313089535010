import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import { envTrusts, parseTrustRecords, serializeTrustRecords, type TrustRecords, trustStateOf } from "../../src/domain/trust.js"
import { FileStore, type WorkspacePath } from "../../services/FileStore.js"
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

export const TrustLive: Layer.Layer<Trust, never, FileStore | Hasher> = Layer.effect(
  Trust,
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const dir = userConfigDir()
    const file = path.join(dir, "trust.json")
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
        try: () => {
          fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
          writeFileAtomic(file, new TextEncoder().encode(serializeTrustRecords(records)), 0o600)
        },
        catch: (e) => fromErrno(e, "write", file)
      })

    const status = Effect.gen(function*() {
      return trustStateOf(yield* readRecords, store.root, yield* current, env)
    })
    const trust = Effect.gen(function*() {
      const hash = yield* current
      const records = { ...(yield* readRecords), [store.root]: { splice_json: hash, trusted_at: new Date().toISOString() } }
      yield* writeRecords(records)
      return trustStateOf(records, store.root, hash, env)
    })
    const revoke = Effect.gen(function*() {
      const records = { ...(yield* readRecords) }
      if (!Object.hasOwn(records, store.root)) return false
      delete records[store.root]
      yield* writeRecords(records)
      return true
    })
    return { storePath: file, status, trust, revoke }
  })
)
