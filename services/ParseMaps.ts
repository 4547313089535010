import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { Grammar } from "../src/domain/languages.js"
import type { ParseMap } from "../src/domain/parseMap.js"

/**
 * Parse maps of big files kept between processes (src/domain/parseMap.ts), so a one-shot `splice
 * edit` of a file a previous edit checked parses only the edited part of it. Keyed by the exact
 * text (a checksum of it) and the grammar: a map is never taken for another text. Optional: a
 * process without the service parses in full. Failing to keep a map is never an error.
 */
export interface ParseMapsService {
  /**
   * The map of a fresh parse of exactly this text, if one was kept. `digest`, when the caller has it:
   * the BLAKE3 (hex) of the text's UTF-8 — a file's checksum when it has no BOM — so the text need
   * not be hashed again (in a new process, ~30 ms per MB).
   */
  readonly recall: (grammar: Grammar, text: string, digest?: string) => Effect.Effect<ParseMap | undefined>
  readonly keep: (grammar: Grammar, text: string, map: ParseMap, digest?: string) => Effect.Effect<void>
}

export class ParseMaps extends Context.Tag("splice/ParseMaps")<ParseMaps, ParseMapsService>() {}
