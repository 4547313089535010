/** `splice get`, `splice set` and `splice del`: a value read, set or deleted in a JSON, JSONC, TOML or YAML file. */
import * as Schema from "effect/Schema"
import { AnyJson, Checksum, CompilerVerdict, GraphReport, LineEnding, LineEndingDominant, PreviewFields, SyntaxVerdict, TxId, WriteStrategy } from "../common.js"
import { resultLine } from "../line.js"

export const DataFormat = Schema.Literal("json", "jsonc", "toml", "yaml").annotations({ identifier: "DataFormat" })

/**
 * YAML: the value is reached through an alias (`at` is `*anchor`) or a merge key (the mapping at `at`
 * merges it with `<<: *anchor`; a set adds the key to that mapping itself).
 */
export const DataThrough = Schema.Struct({
  kind: Schema.Literal("alias", "merge"),
  anchor: Schema.String,
  at: Schema.String
}).annotations({ identifier: "DataThrough" })

const where = {
  file: Schema.String,
  format: DataFormat,
  /** The key path in canonical form (`servers."api.example.com".port`). */
  key_path: Schema.String
}

export const GetResult = resultLine("get", {
  ...where,
  /** The value as JSON (TOML dates as their text). */
  value: AnyJson,
  /** object, array, string, number, boolean or null. */
  value_type: Schema.Literal("object", "array", "string", "number", "boolean", "null"),
  through: Schema.optional(DataThrough),
  checksum: Checksum
})

const written = {
  ...where,
  line_ending: LineEnding,
  line_ending_dominant: LineEndingDominant,
  bom: Schema.Boolean,
  checksum_before: Checksum,
  checksum_after: Checksum,
  validation: SyntaxVerdict,
  compiler: CompilerVerdict
}

/** A set or del result: unchanged, previewed or committed. */
const dataWrite = <const C extends "set" | "del", const F extends Schema.Struct.Fields>(command: C, fields: F) =>
  Schema.Union(
    resultLine(command, { ...written, ...fields, changed: Schema.Literal(false), tx: Schema.Null }),
    resultLine(command, { ...written, ...fields, ...PreviewFields }),
    resultLine(command, {
      ...written,
      ...fields,
      changed: Schema.Literal(true),
      tx: TxId,
      write_strategy: WriteStrategy,
      graph: Schema.optional(GraphReport),
      diff: Schema.optional(Schema.String)
    })
  )

export const SetResult = dataWrite("set", {
  value: AnyJson,
  /** The value it replaced; absent when the key is new (created: true). */
  old_value: Schema.optional(AnyJson),
  created: Schema.Boolean,
  /** The old value came through a merge key: the key is now the mapping's own. */
  through: Schema.optional(DataThrough)
})

export const DelResult = dataWrite("del", {
  /** The value removed. */
  old_value: AnyJson
})
