import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { ParseMap } from "../../src/domain/parseMap.js"
import { ParseMaps, type ParseMapsService } from "../../services/ParseMaps.js"

/** Parse maps in memory, keyed by grammar and text; `kept` lets a test see what was kept. */
export const makeParseMapsMemory = (kept: Map<string, ParseMap> = new Map()): ParseMapsService => ({
  recall: (grammar, text) => Effect.sync(() => kept.get(`${grammar.wasm}\u0000${text}`)),
  keep: (grammar, text, map) => Effect.sync(() => void kept.set(`${grammar.wasm}\u0000${text}`, map))
})

export const ParseMapsMemory = (kept?: Map<string, ParseMap>): Layer.Layer<ParseMaps> => Layer.succeed(ParseMaps, makeParseMapsMemory(kept))
