/**
 * The output schemas as JSON Schema (draft-07, from effect/JSONSchema): what `splice schema` prints
 * and what each MCP tool declares as its outputSchema.
 */
import * as JSONSchema from "effect/JSONSchema"
import * as Schema from "effect/Schema"
import type { ErrorCode } from "../domain/errors.js"
import { errorLineOf } from "./errorLine.js"
import { AnyJson } from "./common.js"
import type { CommandOutput } from "./outputs.js"

export type JsonSchema = Record<string, unknown>

/**
 * Effect marks some built-in schemas with an `$id` (`{"$id": "/schemas/unknown"}`); ajv, the MCP SDK
 * client's validator, refuses a document where one id appears twice, and registers ids across the
 * schemas it compiles. They identify nothing here: drop them.
 */
const withoutIds = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutIds)
  if (value === null || typeof value !== "object") return value
  return Object.fromEntries(Object.entries(value).filter(([k, v]) => !(k === "$id" && typeof v === "string" && v.startsWith("/schemas/"))).map(([k, v]) => [k, withoutIds(v)]))
}

const json = (s: Schema.Schema<any, any, never>): JsonSchema => withoutIds(JSONSchema.make(s)) as JsonSchema

export const resultJsonSchema = (output: CommandOutput): JsonSchema => json(output.result)

export const eventsJsonSchema = (output: CommandOutput): JsonSchema | undefined =>
  output.events === undefined ? undefined : json(output.events)

export const errorJsonSchema = (code: ErrorCode): JsonSchema => json(errorLineOf(code))

/**
 * The error as an MCP tool result carries it (isError, structuredContent = the error line). The SDK's
 * client validates structuredContent against outputSchema even when isError is set, so the tool's
 * schema admits it; each code's precise context is `splice schema CODE`'s.
 */
const ErrorEnvelope = Schema.Struct({
  type: Schema.Literal("error"),
  ok: Schema.Literal(false),
  code: Schema.String.pipe(Schema.pattern(/^SPL-E\d{3}$/)),
  name: Schema.String,
  exit: Schema.Int,
  message: Schema.String,
  hint: Schema.String,
  retryable: Schema.Boolean,
  context: Schema.Record({ key: Schema.String, value: AnyJson })
})

/**
 * An MCP tool's outputSchema: its structuredContent is the result line plus, when the command printed
 * any, its event lines under `events`; or the error line. MCP wants `type: "object"` at the top.
 */
export const toolOutputJsonSchema = (output: CommandOutput): JsonSchema => {
  const success = output.events === undefined
    ? output.result
    : Schema.extend(output.result, Schema.Struct({ events: Schema.optional(Schema.Array(output.events)) }))
  return { type: "object", ...json(Schema.Union(success, ErrorEnvelope)) }
}
