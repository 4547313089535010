/**
 * Every line a command printed, checked against its schema (src/schema/): the result line against its
 * command's result schema, the lines before it against that command's event schema, an error line
 * against its code's. Checked as printed (a JSON round trip) and strictly: a field the schema does not
 * describe is an error, as `additionalProperties: false` makes it in the JSON Schema.
 */
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { isErrorCode } from "../../src/domain/errors.js"
import { jsonText } from "../../src/domain/jsonText.js"
import { errorLineOf } from "../../src/schema/errorLine.js"
import { type CommandName, commandOutputs } from "../../src/schema/outputs.js"

const problem = (schema: Schema.Schema<any, any, never>, line: unknown): string | undefined => {
  const r = Schema.decodeUnknownEither(schema, { onExcessProperty: "error", errors: "all" })(line)
  // The issues, not the (long) types they were checked against.
  return Either.isLeft(r) ? ParseResult.ArrayFormatter.formatErrorSync(r.left).map((i) => `${i.path.join(".")}: ${i.message.slice(0, 300)}`).slice(0, 20).join("\n") : undefined
}

/** What is wrong with these lines (one message per bad line); empty when every line fits. */
export const schemaProblems = (printed: ReadonlyArray<unknown>): string[] => {
  const lines = printed.map((l) => JSON.parse(jsonText(l)) as Record<string, unknown>)
  const result = lines.find((l) => l["type"] === "result")
  const command = result?.["command"]
  const out: string[] = []
  const report = (i: number, what: string, p: string | undefined) => {
    if (p !== undefined) out.push(`line ${i + 1} (${what}) does not match its schema:\n${JSON.stringify(lines[i]).slice(0, 2000)}\n${p}`)
  }
  lines.forEach((l, i) => {
    if (l["type"] === "error") {
      const code = String(l["code"])
      if (!isErrorCode(code)) return out.push(`line ${i + 1}: unknown error code ${code}`)
      return report(i, code, problem(errorLineOf(code), l))
    }
    if (command === undefined && l["type"] !== "result") {
      // A run that failed after some events: they must be some command's events.
      const fits = Object.values(commandOutputs).some((o) => "events" in o && problem(o.events, l) === undefined)
      return fits ? undefined : out.push(`line ${i + 1}: no command's event schema describes ${JSON.stringify(l).slice(0, 300)}`)
    }
    if (typeof command !== "string" || !Object.hasOwn(commandOutputs, command)) {
      return out.push(`line ${i + 1}: no schema for the result of command ${String(command)}`)
    }
    const output = commandOutputs[command as CommandName]
    if (l["type"] === "result") return report(i, `${command} result`, problem(output.result, l))
    if (!("events" in output)) return out.push(`line ${i + 1}: ${command} has no event lines in its schema, but printed ${JSON.stringify(l).slice(0, 300)}`)
    report(i, `${command} event`, problem(output.events, l))
  })
  return out
}

/** Throws (failing the test) when a line does not match its schema. */
export const assertSchemaLines = (printed: ReadonlyArray<unknown>): void => {
  const problems = schemaProblems(printed)
  if (problems.length > 0) throw new Error(problems.join("\n\n"))
}
