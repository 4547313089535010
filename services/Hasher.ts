import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

/** BLAKE3 checksums as lowercase hex, identical to `b3sum`. */
export interface HasherService {
  readonly blake3: (data: Uint8Array) => Effect.Effect<string>
  /** BLAKE3 in keyed mode (a MAC) under a 32-byte key, lowercase hex. */
  readonly mac: (key: Uint8Array, data: Uint8Array) => Effect.Effect<string>
}

export class Hasher extends Context.Tag("splice/Hasher")<Hasher, HasherService>() {}
