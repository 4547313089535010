/**
 * The output schemas as JSON Schema (draft-07, from effect/JSONSchema): what `splice schema` prints
 * and what each MCP tool declares as its outputSchema.
 */
import * as JSONSchema from "effect/JSONSchema"
import * as Schema from "effect/Schema"
import type { ErrorCode } from "../domain/errors.js"
import { errorLineOf } from "./errorLine.js"
import type { CommandOutput } from "./outputs.js"

export type JsonSchema = Record<string, unknown>

const json = (s: Schema.Schema<any, any, never>): JsonSchema => JSONSchema.make(s) as unknown as JsonSchema

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
  context: Schema.Record({ key: Schema.String, value: Schema.Unknown })
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
