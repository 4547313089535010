import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { SpliceError } from "../src/domain/SpliceError.js"
import type { TrustState } from "../src/domain/trust.js"

export type { TrustState }

/**
 * Whether the user trusts this workspace to run its own code in gates (custom gates from
 * splice.json, node_modules/.bin/tsc, cargo's build scripts and proc macros), as direnv and mise
 * decide it: a record of the workspace's real path and the BLAKE3 of its splice.json, kept in the
 * user's config directory, so a changed splice.json is untrusted until trusted again.
 * SPLICE_TRUST=1 trusts every workspace (CI, tests).
 */
export interface TrustService {
  /** Where the records live (a file, or "memory"). */
  readonly storePath: string
  /** This workspace's state now (reads splice.json afresh). */
  readonly status: Effect.Effect<TrustState, SpliceError>
  /** Record this workspace with its splice.json as it is now. */
  readonly trust: Effect.Effect<TrustState, SpliceError>
  /** Forget this workspace; true when there was a record. */
  readonly revoke: Effect.Effect<boolean, SpliceError>
}

export class Trust extends Context.Tag("splice/Trust")<Trust, TrustService>() {}
