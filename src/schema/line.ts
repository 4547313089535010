/**
 * The shape every outcome line shares: `{"type":"result","command":NAME,"ok":true,...fields}`
 * (src/domain/render.ts resultObject puts these three first and never lets a field replace them).
 */
import * as Schema from "effect/Schema"

export const resultLine = <const C extends string, const F extends Schema.Struct.Fields>(command: C, fields: F) =>
  Schema.Struct({ type: Schema.Literal("result"), command: Schema.Literal(command), ok: Schema.Literal(true), ...fields })

/** A line that is not the outcome (`splice hash` prints one per file before its result). */
export const eventLine = <const T extends string, const F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), ...fields })
