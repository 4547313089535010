/**
 * The steps every single-file write shares (`splice edit`, `write`, `set`/`del`, `patch`/`delete`/
 * `insert`): the file resolved and locked after recovering what an interrupted transaction left on
 * it, the text read under the lock and held to --expect-checksum, the new bytes sized and hashed, and
 * the commit through the journal with the compiler gate. What a command computes and prints between
 * them is its own.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"
import { encodeText } from "../domain/textContent.js"
import { userPath } from "../domain/workspacePath.js"
import { FileStore, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { identityLock } from "../../services/Lock.js"
import type { Verdict } from "../../services/Validator.js"
import { COMPILER_OFF, type CompilerSettings, compilerGate, planFor } from "./compilerGate.js"
import { autoRecover, refuseBlocked } from "./recover.js"
import { refuseGrowth } from "./resultLimits.js"
import { checkExpected, loadTextTarget, refuseReserved, type TextTarget } from "./textTarget.js"
import { type CommitOptions, commitWrites, expectedFrom, type PlannedWrite, writeStrategy } from "./transaction.js"
import { syntaxFailure } from "./verdictText.js"
import { acquireRecovering } from "./lockRecovering.js"

export interface LockedFileConfig {
  readonly file: string
  readonly preview: boolean
  readonly lockTimeoutMs: number
  /** Allow a target inside a .git/ directory (refused by default: hooks there run code). */
  readonly allowGitDir?: boolean
}

/** What every single-file write is configured with (each command adds its own). */
export interface SingleFileWriteConfig extends LockedFileConfig {
  readonly showDiff: boolean
  /** --expect-checksum: the file's checksum (or a prefix of it) must be this, or nothing is written. */
  readonly expectChecksum?: string
  /** The compiler gate (off unless given). */
  readonly compiler?: CompilerSettings
  readonly maxBytes: number
  /** Test hook (SPLICE_TEST_HOLD_MS): pause after writing, before the commit mark. */
  readonly holdMs?: number
  /** --db: the graph to refresh after the commit (default: the discovery chain; none found = skipped). */
  readonly db?: string
}

/**
 * Resolves the file (a reserved one refused), recovers an interrupted transaction on it first (a
 * preview writes nothing, so it neither recovers nor locks), then runs `body` while the file's lock
 * is held; the lock goes when `body` ends.
 */
export const withLockedFile = <A, E, R>(config: LockedFileConfig, body: (path: ResolvedPath) => Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const blocked = config.preview ? new Map() : yield* autoRecover
    const path = yield* store.resolve(userPath(config.file))
    yield* refuseReserved(path, config.allowGitDir === true)
    yield* refuseBlocked(blocked, [path.relative])
    return yield* Effect.scoped(Effect.gen(function*() {
      if (!config.preview) yield* acquireRecovering([path.relative], Duration.millis(config.lockTimeoutMs))
      return yield* body(path)
    }))
  })

/**
 * The text file as it is under the lock (inside withLockedFile): a file with other names (hard links)
 * may be written through one of them at the same time, so its identity is locked too and it is read
 * again; then --expect-checksum is checked against it.
 */
export const lockedTextTarget = (path: ResolvedPath, config: LockedFileConfig & { readonly maxBytes: number; readonly expectChecksum?: string }) =>
  Effect.gen(function*() {
    let target = yield* loadTextTarget(path, config.maxBytes)
    if (!config.preview && target.info.nlink > 1) {
      yield* acquireRecovering(identityLock(target.info), Duration.millis(config.lockTimeoutMs))
      target = yield* loadTextTarget(path, config.maxBytes)
    }
    yield* checkExpected(path, target.checksum, config.expectChecksum)
    return target
  })

/** The new text as bytes (with the file's BOM when it has one), refused past --max-bytes, and their checksum. */
export const encodedText = (file: string, text: string, bom: boolean, maxBytes: number) =>
  Effect.gen(function*() {
    const hasher = yield* Hasher
    const next = encodeText(text, bom)
    yield* refuseGrowth(file, next.length, maxBytes)
    return { next, checksumAfter: yield* hasher.blake3(next) }
  })

/** The checksums of a file without a BOM are the BLAKE3 of its texts' UTF-8, which the syntax gate keys big files' parse maps by. */
export const textDigests = (bom: boolean, before: string, after: string): { digests?: { before: string; after: string } } =>
  bom ? {} : { digests: { before, after } }

/** The write replacing a text file read under the lock (guarded: it must still hold what was read). */
export const replacing = (target: TextTarget, next: Uint8Array, checksumAfter: string): PlannedWrite => ({
  target: target.path,
  original: target.bytes,
  mode: target.info.mode,
  next,
  checksumBefore: target.checksum,
  checksumAfter,
  ...expectedFrom(target.info, target.bytes)
})

/** SPL-E042 when the syntax gate failed: `what` says what would bring the errors in ("the edit would introduce 2 syntax error(s) in a.ts"). */
export const refuseFailedSyntax = (file: string, verdict: Verdict, what: (count: number) => string) => {
  if (verdict.status !== "failed") return Effect.void
  const failure = syntaxFailure(file, verdict)
  return Effect.fail(spliceError("SPL-E042", `${what(failure.count)}; nothing written`, { context: failure.context }))
}

/**
 * One file's commit: journaled, written atomically, checked by the compiler gate (off unless
 * configured), rolled back when the gate refuses. The transaction, the gate's verdict, and how the
 * file was written.
 */
export const commitOne = (write: PlannedWrite, config: { readonly compiler?: CompilerSettings; readonly holdMs?: number }, journal: CommitOptions) =>
  Effect.gen(function*() {
    const writes = [write]
    const gate = config.compiler ?? COMPILER_OFF
    const plans = yield* planFor([write.target.relative], gate)
    const { tx, verified } = yield* commitWrites(writes, { ...journal, ...(config.holdMs !== undefined ? { holdMs: config.holdMs } : {}) }, compilerGate(writes, gate, plans))
    return { tx, compiler: verified, writeStrategy: writeStrategy(write) }
  })
