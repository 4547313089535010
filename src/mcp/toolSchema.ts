/**
 * A command's MCP tool, generated from its definition: the JSON Schema of its input (parameters in
 * snake_case) and of its output (src/schema/), and the check of a call's arguments against it, with
 * splice's own usage error.
 */
import type { AnyCommandSpec } from "../spec/command.js"
import { similarNames } from "../domain/similarity.js"
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

/**
 * A value of the parameter's type, or undefined. What a model plainly means is taken as meant: a
 * number for a text (`lines: 2`), a numeric string for a number, "true"/"false" for a switch, one
 * string for a list, and a JSON value for a parameter that holds JSON text (`edits_json: [...]`).
 */
const coerce = (p: Param<unknown>, v: unknown): unknown => {
  switch (p.type) {
    case "text":
      if (typeof v === "string") return v
      if (typeof v === "number" && Number.isFinite(v)) return String(v)
      return holdsJson(p) && typeof v === "object" && v !== null ? JSON.stringify(v) : undefined
    case "boolean":
      return typeof v === "boolean" ? v : v === "true" ? true : v === "false" ? false : undefined
    case "integer":
      if (typeof v === "number") return Number.isInteger(v) ? v : undefined
      return typeof v === "string" && /^-?\d{1,15}$/.test(v) ? Number(v) : undefined
    case "number":
      if (typeof v === "number") return Number.isFinite(v) ? v : undefined
      return typeof v === "string" && /^-?\d{1,15}(\.\d{1,15})?$/.test(v) ? Number(v) : undefined
    case "choice":
      return typeof v === "string" && p.choices!.includes(v) ? v : undefined
    case "list":
      if (typeof v === "string") return [v]
      return Array.isArray(v) && v.every((x) => typeof x === "string") ? v : undefined
  }
}

/** Parameters whose text is JSON (a batch of edits, a change set that may be a JSON plan). */
const holdsJson = (p: Param<unknown>) => p.flag.endsWith("-json") || p.flag === "change-set"

const article = (type: string) => (/^[aeiou]/.test(type) ? "an" : "a")

/** A call's arguments as the command's values, or SPL-E010 naming what is wrong. */
export const valuesFromArguments = (spec: AnyCommandSpec, args: unknown): Record<string, unknown> | SpliceError => {
  const given = args === undefined || args === null ? {} : args
  if (typeof given !== "object" || Array.isArray(given)) return spliceError("SPL-E010", `${spec.name}: the arguments must be an object`)
  const byName = new Map(mcpParams(spec).map(([key, p]) => [snakeName(p), { key, p }]))
  const values: Record<string, unknown> = {}
  for (const [name, v] of Object.entries(given as Record<string, unknown>)) {
    const entry = byName.get(name)
    if (entry === undefined) {
      const near = similarNames(name, byName.keys(), 3)
      const known = [...byName.keys()]
      return spliceError("SPL-E010", `${spec.name}: unknown parameter ${JSON.stringify(name)}`, {
        hint: near.length > 0 ? `Did you mean ${near.join(" or ")}? ${spec.name} takes: ${known.join(", ")}.` : `${spec.name} takes: ${known.join(", ")}.`,
        context: { parameter: name, known, candidates: near }
      })
    }
    if (v === null || v === undefined) continue
    const value = coerce(entry.p, v)
    if (value === undefined) {
      const type = entry.p.type === "text" ? "string" : entry.p.type
      const want = entry.p.type === "choice" ? `one of ${entry.p.choices!.join(", ")}` : entry.p.type === "list" ? "an array of strings" : `${article(type)} ${type}`
      return spliceError("SPL-E010", `${spec.name}: ${name} must be ${want}`, {
        hint: `Give ${name} as ${want}${holdsJson(entry.p) ? " (JSON text, or the JSON value itself)" : ""}; the tool's input schema lists each parameter's type.`,
        context: { parameter: name, expected: want }
      })
    }
    values[entry.key] = value
  }
  for (const [name, { key, p }] of byName) {
    if (values[key] !== undefined) continue
    if (p.required) return spliceError("SPL-E010", `${spec.name}: ${name} is required`, { hint: `Give ${name}: ${p.description}`, context: { parameter: name } })
    if (p.defaultValue !== undefined) values[key] = p.defaultValue
  }
  // Parameters only the CLI has are absent (their defaults, if any, apply).
  for (const [key, p] of Object.entries(spec.params)) if (p.only === "cli" && p.defaultValue !== undefined) values[key] = p.defaultValue
  return values
}

export { SpliceError }
