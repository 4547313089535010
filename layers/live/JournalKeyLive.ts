import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { spliceError } from "../../src/domain/SpliceError.js"
import { JournalKey } from "../../services/JournalKey.js"
import { syncDirectory } from "./atomicFile.js"
import { userConfigDir } from "./userConfigDir.js"
import { lazyBuiltin } from "./builtin.js"

const KEY_BYTES = 32
// Only the run that creates the key needs randomness: node:crypto is sixteen modules to load.
const crypto = lazyBuiltin<typeof import("node:crypto")>("node:crypto")

/**
 * Read `<config>/journal.key`, or create it (0600, O_EXCL, so two first runs agree on one key).
 * It must be a regular file of exactly 32 bytes that is not a symlink: anything else is refused
 * rather than replaced, since replacing it would disown every pending transaction.
 */
export const loadOrCreateKey = (dir: string): Uint8Array => {
  const file = path.join(dir, "journal.key")
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
      try {
        const st = fs.fstatSync(fd)
        if (!st.isFile() || st.size !== KEY_BYTES) throw Object.assign(new Error(`${file} is not a ${KEY_BYTES}-byte file`), { code: "EBADKEY" })
        const key = Buffer.alloc(KEY_BYTES)
        if (fs.readSync(fd, key, 0, KEY_BYTES, 0) !== KEY_BYTES) throw Object.assign(new Error(`${file} is short`), { code: "EBADKEY" })
        return new Uint8Array(key)
      } finally {
        fs.closeSync(fd)
      }
    } catch (e) {
      if ((e as { code?: string }).code !== "ENOENT") throw e
    }
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
    const tmp = `${file}.${process.pid}.tmp`
    const fd = fs.openSync(tmp, "wx", 0o600)
    try {
      fs.writeSync(fd, crypto().randomBytes(KEY_BYTES))
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    try {
      fs.linkSync(tmp, file) // never replaces a key another process created meanwhile
      syncDirectory(dir)
    } catch (e) {
      if ((e as { code?: string }).code !== "EEXIST") throw e
    } finally {
      fs.rmSync(tmp, { force: true })
    }
  }
  throw new Error(`could not create ${file}`)
}

/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const makeJournalKey: Effect.Effect<Context.Tag.Service<JournalKey>, never, never> = Effect.map(
  Effect.cached(Effect.try({
    try: () => loadOrCreateKey(userConfigDir()),
    catch: (e) =>
      spliceError("SPL-E041", `cannot read or create the journal key in ${userConfigDir()}: ${(e as Error).message}`, {
        hint: "splice signs its journal with a per-user key in $XDG_CONFIG_HOME/splice (or ~/.config/splice); make that directory writable.",
        context: { dir: userConfigDir() }
      })
  })),
  (key) => ({ key, host: os.hostname() })
)

export const JournalKeyLive: Layer.Layer<JournalKey> = Layer.effect(JournalKey, makeJournalKey)

/** A fixed key and host (tests; and a second "user" or "machine" with another key). */
export const JournalKeyFixed = (key: Uint8Array, host = os.hostname()): Layer.Layer<JournalKey> =>
  Layer.succeed(JournalKey, { key: Effect.succeed(key), host })
