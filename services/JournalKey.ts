import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { SpliceError } from "../src/domain/SpliceError.js"

/**
 * Who may replay a journal entry: this user on this machine. Every intent is signed with a keyed
 * BLAKE3 MAC under a per-user secret kept outside any workspace (the user's config directory), and
 * records the host. An entry that does not verify — committed to a repository, written by another
 * user or machine, edited by hand — is never replayed.
 */
export interface JournalKeyService {
  /** The 32-byte secret (created on first use). */
  readonly key: Effect.Effect<Uint8Array, SpliceError>
  readonly host: string
}

export class JournalKey extends Context.Tag("splice/JournalKey")<JournalKey, JournalKeyService>() {}
