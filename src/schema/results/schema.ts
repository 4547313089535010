/** `splice schema`'s own result: JSON Schemas (their own shape is JSON Schema's, left open here). */
import * as Schema from "effect/Schema"
import { AnyJson } from "../common.js"
import { resultLine } from "../line.js"

const JsonSchema = Schema.Record({ key: Schema.String, value: AnyJson }).annotations({ identifier: "JsonSchema", description: "A JSON Schema (draft-07)" })
const Outputs = Schema.Struct({ result: JsonSchema, events: Schema.optional(JsonSchema) })

export const SchemaResult = Schema.Union(
  // One command: its result line and, if it prints any, its event lines.
  resultLine("schema", { name: Schema.String, ...Outputs.fields }),
  // One error code: its error line (context included).
  resultLine("schema", { code: Schema.String, error: JsonSchema }),
  // Everything: every command's outputs and every error code's line.
  resultLine("schema", {
    commands: Schema.Record({ key: Schema.String, value: Outputs }),
    errors: Schema.Record({ key: Schema.String, value: JsonSchema })
  })
)
