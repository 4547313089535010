/**
 * `splice schema [COMMAND|CODE]`: the JSON Schema of a command's output lines (its result line and
 * its event lines), of an error code's error line, or of everything.
 */
import * as Effect from "effect/Effect"
import { isErrorCode } from "../domain/errors.js"
import { spliceError } from "../domain/SpliceError.js"
import type { CommandName } from "../schema/outputs.js"
import { Output } from "../../services/Output.js"

const pretty = (value: unknown) => JSON.stringify(value, null, 2) + "\n"

// Loaded when asked for: building the schemas costs start-up time no other command should pay.
const load = Effect.promise(() => Promise.all([import("../schema/errorLine.js"), import("../schema/jsonSchema.js"), import("../schema/outputs.js")]))

export const schemaCommand = (of: string | undefined) =>
  Effect.gen(function*() {
    const output = yield* Output
    const [{ errorCodes }, { errorJsonSchema, eventsJsonSchema, resultJsonSchema }, { commandOutputs }] = yield* load
    const isCommand = (s: string): s is CommandName => Object.hasOwn(commandOutputs, s)
    const outputsOf = (name: CommandName) => {
      const events = eventsJsonSchema(commandOutputs[name])
      return { result: resultJsonSchema(commandOutputs[name]), ...(events !== undefined ? { events } : {}) }
    }
    if (of === undefined) {
      const commands = Object.fromEntries((Object.keys(commandOutputs) as CommandName[]).map((n) => [n, outputsOf(n)]))
      const errors = Object.fromEntries(errorCodes.map((c) => [c, errorJsonSchema(c)]))
      return yield* output.result("schema", { commands, errors }, pretty({ commands, errors }))
    }
    if (isCommand(of)) {
      const o = outputsOf(of)
      return yield* output.result("schema", { name: of, ...o }, pretty(o))
    }
    const code = of.toUpperCase().replace(/^E/, "SPL-E").replace(/^(\d)/, "SPL-E$1")
    if (isErrorCode(code)) {
      const error = errorJsonSchema(code)
      return yield* output.result("schema", { code, error }, pretty(error))
    }
    return yield* Effect.fail(spliceError("SPL-E010", `no command or error code named ${JSON.stringify(of)}`, {
      context: { known: Object.keys(commandOutputs) }
    }))
  })
