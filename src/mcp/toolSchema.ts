/**
 * A command's MCP tool, generated from its definition: the JSON Schema of its input (parameters in
 * snake_case) and of its output (src/schema/), and the check of a call's arguments against it, with
 * splice's own usage error.
 */
import type { AnyCommandSpec } from "../spec/command.js"
import { type Param, snakeName } from "../spec/param.js"
import { SpliceError, spliceError } from "../domain/SpliceError.js"
import type { JsonSchema } from "../schema/jsonSchema.js"

const mcpParams = (spec: AnyCommandSpec) => Object.entries(spec.params).filter(([, p]) => p.only !== "cli")

const schemaOf = (p: Param<unknown>): Record<string, unknown> => {
  const note = p.defaultValue !== undefined && p.type !== "boolean" && p.type !== "list" ? ` (default ${String(p.defaultValue)})` : ""
  const description = p.description + note
  switch (p.type) {
    case "text":
      return { type: "string", description }
    case "boolean":
      return { type: "boolean", description }
    case "integer":
      return { type: "integer", description }
    case "number":
      return { type: "number", description }
    case "choice":
      return { type: "string", enum: p.choices, description }
    case "list":
      return { type: "array", items: { type: "string" }, description }
  }
}

export const inputSchemaOf = (spec: AnyCommandSpec) => ({
  type: "object" as const,
  properties: Object.fromEntries(mcpParams(spec).map(([, p]) => [snakeName(p), schemaOf(p)])),
  required: mcpParams(spec).filter(([, p]) => p.required).map(([, p]) => snakeName(p)),
  additionalProperties: false
})

let outputSchemas: ReadonlyMap<string, JsonSchema> | undefined

/**
 * Builds every tool's outputSchema, once, when the server starts: the schemas (src/schema/) are
 * loaded only here and by `splice schema`, never on a plain CLI run's path.
 */
export const loadOutputSchemas = async (specs: ReadonlyArray<AnyCommandSpec>): Promise<void> => {
  const [{ toolOutputJsonSchema }, { outputOf }] = await Promise.all([import("../schema/jsonSchema.js"), import("../schema/outputs.js")])
  outputSchemas = new Map(specs.flatMap((s) => {
    const output = outputOf(s.name)
    return output === undefined ? [] : [[s.name, toolOutputJsonSchema(output)] as const]
  }))
}

/** The JSON Schema of the tool's structuredContent: the result and its events, or the error (after loadOutputSchemas). */
export const outputSchemaOf = (spec: AnyCommandSpec): JsonSchema => {
  const schema = outputSchemas?.get(spec.name)
  if (schema === undefined) throw new Error(`no output schema for ${spec.name} (loadOutputSchemas first)`)
  return schema
}

/** The tool's description: what it does, then the guide for a model. */
export const toolDescription = (spec: AnyCommandSpec) => `${spec.summary}.\n\n${spec.guide}`

const typeOk = (p: Param<unknown>, v: unknown): boolean => {
  switch (p.type) {
    case "text":
      return typeof v === "string"
    case "boolean":
      return typeof v === "boolean"
    case "integer":
      return typeof v === "number" && Number.isInteger(v)
    case "number":
      return typeof v === "number" && Number.isFinite(v)
    case "choice":
      return typeof v === "string" && p.choices!.includes(v)
    case "list":
      return Array.isArray(v) && v.every((x) => typeof x === "string")
  }
}

/** A call's arguments as the command's values, or SPL-E010 naming what is wrong. */
export const valuesFromArguments = (spec: AnyCommandSpec, args: unknown): Record<string, unknown> | SpliceError => {
  const given = args === undefined || args === null ? {} : args
  if (typeof given !== "object" || Array.isArray(given)) return spliceError("SPL-E010", `${spec.name}: the arguments must be an object`)
  const byName = new Map(mcpParams(spec).map(([key, p]) => [snakeName(p), { key, p }]))
  const values: Record<string, unknown> = {}
  for (const [name, v] of Object.entries(given as Record<string, unknown>)) {
    const entry = byName.get(name)
    if (entry === undefined) {
      return spliceError("SPL-E010", `${spec.name}: unknown parameter ${JSON.stringify(name)}`, { context: { parameter: name, known: [...byName.keys()] } })
    }
    if (v === null || v === undefined) continue
    if (!typeOk(entry.p, v)) {
      const want = entry.p.type === "choice" ? `one of ${entry.p.choices!.join(", ")}` : entry.p.type === "list" ? "an array of strings" : `a ${entry.p.type === "text" ? "string" : entry.p.type}`
      return spliceError("SPL-E010", `${spec.name}: ${name} must be ${want}`, { context: { parameter: name, expected: want } })
    }
    values[entry.key] = v
  }
  for (const [name, { key, p }] of byName) {
    if (values[key] !== undefined) continue
    if (p.required) return spliceError("SPL-E010", `${spec.name}: ${name} is required`, { context: { parameter: name } })
    if (p.defaultValue !== undefined) values[key] = p.defaultValue
  }
  // Parameters only the CLI has are absent (their defaults, if any, apply).
  for (const [key, p] of Object.entries(spec.params)) if (p.only === "cli" && p.defaultValue !== undefined) values[key] = p.defaultValue
  return values
}

export { SpliceError }
