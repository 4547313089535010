/**
 * `splice trust`: let this workspace's gates run its own code (custom gates from splice.json,
 * node_modules/.bin/tsc, cargo build scripts and proc macros), pinned to splice.json as it is now;
 * `--status` says whether it is trusted and why not; `--revoke` forgets it.
 */
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"
import type { Catalog } from "../domain/locale/index.js"
import type { TrustState } from "../domain/trust.js"
import { FileStore } from "../../services/FileStore.js"
import { Output } from "../../services/Output.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"
import { Trust } from "../../services/Trust.js"

export interface TrustConfig {
  readonly status: boolean
  readonly revoke: boolean
}

const stateFields = (s: TrustState) =>
  s.trusted
    ? { workspace: s.workspace, trusted: s.trusted, via: s.via, splice_json: s.spliceJson }
    : { workspace: s.workspace, trusted: s.trusted, why: s.why, splice_json: s.spliceJson }

const stateText = (s: TrustState, t: Catalog) => t.trust.status(s.workspace, s.trusted, s.trusted ? s.via : undefined, s.trusted ? undefined : s.why)

export const trustCommand = (config: TrustConfig) =>
  Effect.gen(function*() {
    const trust = yield* Trust
    const output = yield* Output
    const store = yield* FileStore
    if (config.status && config.revoke) return yield* Effect.fail(spliceError("SPL-E010", "give --status or --revoke, not both"))
    if (config.status) {
      const s = yield* trust.status
      return yield* output.result("trust", { action: "status", ...stateFields(s), store: trust.storePath }, (t) => stateText(s, t))
    }
    if (config.revoke) {
      const revoked = yield* trust.revoke
      return yield* output.result("trust", { action: "revoke", workspace: store.root, revoked, store: trust.storePath },
        (t) => t.trust.revoked(store.root, revoked))
    }
    // Show what is being trusted: an invalid splice.json is refused (SPL-E013) rather than trusted blind.
    const gates = (yield* (yield* ProjectConfig).load).gates
    const s = yield* trust.trust
    return yield* output.result("trust", { action: "trust", ...stateFields(s), gates, store: trust.storePath },
      (t) => t.trust.trusted(s.workspace, s.spliceJson, trust.storePath) + Object.entries(gates).map(([ext, argv]) => t.trust.gate(ext, argv.join(" "))).join(""))
  })
