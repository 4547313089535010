/**
 * The command line of an everyday call (`splice read --file f.ts`, `splice edit -f f.ts --replace-old
 * A --replace-new B`), read from the command's definition without @effect/cli: loading, building and
 * running @effect/cli's parser was a sixth of what such a call adds to Node's start. Only command
 * lines whose meaning is plain are read here — every word a known flag of the command, each once (a repeatable
 * flag any number of times), each value where @effect/cli would take it and of the flag's type, and
 * the command's arguments (`splice refs NAME --file F`: words that are no flag's value, given to the
 * positional parameters in order, a positional list taking the rest; graph queries, search and hash
 * are mostly called this way, and @effect/cli's parser cost them ~40 ms of CPU at each start);
 * anything else (too many or too few arguments, an argument that is empty or starts or ends with
 * white space, `--`, `-`, a value starting with `-`, a boolean flag followed by a word @effect/cli
 * reads as its value, an unknown or misspelt flag, a missing required flag, --help, a number or
 * choice to check) returns undefined, and @effect/cli parses the line as before, with its own errors
 * and help. test/unit/plainArgs.test.ts checks the two agree on every line read here.
 */
import * as Option from "effect/Option"
import type { AnyCommandSpec } from "../spec/command.js"
import { BOOLEAN_WORDS } from "../spec/argv.js"
import type { Param } from "../spec/param.js"

const INTEGER = /^(0|[1-9]\d{0,14})$/
const NUMBER = /^(0|[1-9]\d{0,14})(\.\d{1,15})?$/

type Slot = { readonly key: string; readonly param: Param<unknown> }

/** The flags every command has (src/cli/common.ts), as parameters. */
const COMMON: ReadonlyArray<Slot> = [
  { key: "workspace", param: { flag: "workspace", type: "text", description: "", required: false } },
  { key: "output", param: { flag: "output", type: "choice", description: "", required: false, choices: ["json", "human"] } }
]

const typed = (p: Param<unknown>, value: string): unknown => {
  switch (p.type) {
    case "text":
      return value
    case "list":
      // @effect/cli trims a repeatable flag's values (not another flag's) and drops an empty one.
      return value !== "" && value === value.trim() ? value : undefined
    case "integer":
      return INTEGER.test(value) ? Number(value) : undefined
    case "number":
      return NUMBER.test(value) ? Number(value) : undefined
    case "choice":
      return p.choices!.includes(value) ? value : undefined
    case "boolean":
      return undefined
  }
}

/**
 * The flags of `args` (the words after the command's name), in the shape @effect/cli gives a
 * command's handler: an optional flag's value as an Option, a defaulted one's value or default, a
 * switch as a boolean, a repeatable flag as an array. undefined: not a plain command line.
 */
export const plainArgs = (spec: AnyCommandSpec, args: ReadonlyArray<string>): Record<string, unknown> | undefined => {
  const slots: Slot[] = [...COMMON]
  for (const [key, param] of Object.entries(spec.params)) if (param.only !== "mcp") slots.push({ key, param })
  const byName = new Map<string, Slot>()
  for (const s of slots) {
    if (s.param.positional !== undefined) continue
    byName.set(`--${s.param.flag}`, s)
    if (s.param.alias !== undefined) byName.set(`-${s.param.alias}`, s)
    if (s.param.longAlias !== undefined) byName.set(`--${s.param.longAlias}`, s)
  }
  const given = new Map<string, unknown>()
  const words: string[] = []
  let switchGiven = false
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!
    if (word === "" || word !== word.trim()) return undefined
    if (!word.startsWith("-")) {
      // @effect/cli takes the options out first, so a boolean word after a switch and other flags
      // (`--hidden --glob f.ts yes`) can still become the switch's value: left to it.
      if (switchGiven && BOOLEAN_WORDS.has(word)) return undefined
      words.push(word)
      continue
    }
    if (word === "-" || word === "--") return undefined
    const eq = word.startsWith("--") ? word.indexOf("=") : -1
    const slot = byName.get(eq === -1 ? word : word.slice(0, eq))
    if (slot === undefined) return undefined
    const p = slot.param
    if (given.has(slot.key) && p.type !== "list") return undefined
    // @effect/cli reads --flag=value of a switch or a repeatable flag as an argument.
    if ((p.type === "boolean" || p.type === "list") && eq !== -1) return undefined
    if (p.type === "boolean") {
      if (i + 1 < args.length && BOOLEAN_WORDS.has(args[i + 1]!)) return undefined
      switchGiven = true
      given.set(slot.key, true)
      continue
    }
    const raw = eq !== -1 ? word.slice(eq + 1) : args[++i]
    // --flag=value: @effect/cli splits it only when the value is not empty and is one line.
    if (eq !== -1 && (raw === "" || /[\n\r\u2028\u2029]/.test(raw!))) return undefined
    if (raw === undefined || raw.trim().startsWith("-")) return undefined
    const value = typed(p, raw)
    if (value === undefined) return undefined
    given.set(slot.key, p.type === "list" ? [...(given.get(slot.key) as ReadonlyArray<string> | undefined ?? []), value] : value)
  }
  const parsed: Record<string, unknown> = {}
  // The arguments, in the order the definition lists them (fromSpec.ts gives @effect/cli that order).
  const positionals = slots.filter((s) => s.param.positional !== undefined)
  let next = 0
  for (let k = 0; k < positionals.length; k++) {
    const { key, param: p } = positionals[k]!
    if (p.type === "list") {
      // Only as the last argument (every command's so far): it takes the rest.
      if (k !== positionals.length - 1) return undefined
      const rest = words.slice(next)
      next = words.length
      if (p.required && rest.length === 0) return undefined
      parsed[key] = rest
    } else if (p.type !== "text") return undefined
    else if (next < words.length) parsed[key] = p.required ? words[next++] : Option.some(words[next++])
    else if (p.required) return undefined
    else parsed[key] = Option.none()
  }
  if (next < words.length) return undefined
  for (const { key, param: p } of slots) {
    const v = given.get(key)
    if (p.positional !== undefined) continue
    else if (p.type === "list") parsed[key] = v ?? []
    else if (p.type === "boolean") parsed[key] = v ?? false
    else if (v !== undefined) parsed[key] = p.defaultValue !== undefined || p.required ? v : Option.some(v)
    else if (p.defaultValue !== undefined) parsed[key] = p.defaultValue
    else if (p.required) return undefined
    else parsed[key] = Option.none()
  }
  return parsed
}
