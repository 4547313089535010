/** Command lines read against the command definitions, before @effect/cli parses them. */
import type { AnyCommandSpec } from "./command.js"

/** The flags of a command that take a value (so the word after them is that value, not an argument). */
export const valueFlags = (spec: AnyCommandSpec): ReadonlySet<string> => {
  const flags = new Set(["--workspace", "--output", "--locale"])
  for (const p of Object.values(spec.params)) {
    if (p.type === "boolean" || p.positional !== undefined) continue
    flags.add(`--${p.flag}`)
    if (p.alias !== undefined) flags.add(`-${p.alias}`)
    if (p.longAlias !== undefined) flags.add(`--${p.longAlias}`)
  }
  return flags
}

/** Flags every command takes, with a value: written before the command, they mean the same. */
const GLOBAL_VALUE_FLAGS = ["--workspace", "--output", "--locale"]

/**
 * `splice --workspace ../repo edit …`, `splice --output human search …` (as `git -C dir status`):
 * @effect/cli reads the first word as the command, so the global flags written before it move to
 * just after it. Anything else before the command stays (and is reported as it is now).
 */
export const globalFlagsAfterCommand = (args: ReadonlyArray<string>): ReadonlyArray<string> => {
  const moved: string[] = []
  let i = 0
  while (i < args.length) {
    const a = args[i]!
    if (GLOBAL_VALUE_FLAGS.includes(a) && i + 1 < args.length) {
      moved.push(a, args[i + 1]!)
      i += 2
    } else if (GLOBAL_VALUE_FLAGS.some((f) => a.startsWith(`${f}=`))) {
      moved.push(a)
      i += 1
    } else break
  }
  const command = args[i]
  if (moved.length === 0 || command === undefined || command.startsWith("-")) return args
  return [command, ...moved, ...args.slice(i + 1)]
}

/**
 * `splice apply - --output json`: @effect/cli stops reading options at a bare `-` argument (it takes
 * what follows for more arguments). A `-` that is an argument (standard input), not a flag's
 * value, moves to the end, where it means the same.
 */
export const stdinArgumentLast = (args: ReadonlyArray<string>, specs: ReadonlyArray<AnyCommandSpec>): ReadonlyArray<string> => {
  const spec = specs.find((s) => s.name === args[0])
  if (spec === undefined) return args
  const takesValue = valueFlags(spec)
  for (let i = 1; i < args.length - 1; i++) {
    if (args[i] === "--") return args
    if (takesValue.has(args[i]!)) i++
    else if (args[i] === "-") return [...args.slice(0, i), ...args.slice(i + 1), "-"]
  }
  return args
}

/** A negative number (`-5`, `-12`, `-0.5`, `-1e3`): an argument, never a flag (no flag is a digit). */
const NUMBER_LIKE = /^-\d/

/**
 * `splice set f.json a -12 --preview`: @effect/cli reads `-12` as the short flags -1 and -2, fails,
 * and then stops reading flags, so --preview would become an argument. When an argument (not a
 * flag's value) starts with - and a digit, the flags go first and every argument after a `--`, in
 * their order; arguments already after a `--` stay after it.
 */
export const numbersAsArguments = (args: ReadonlyArray<string>, specs: ReadonlyArray<AnyCommandSpec>): ReadonlyArray<string> => {
  const spec = specs.find((s) => s.name === args[0])
  if (spec === undefined) return args
  const takesValue = valueFlags(spec)
  const flags: string[] = []
  const positionals: string[] = []
  let found = false
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!
    if (a === "--") {
      positionals.push(...args.slice(i + 1))
      break
    }
    if (takesValue.has(a)) {
      flags.push(a)
      if (i + 1 < args.length) flags.push(args[++i]!)
    } else if (NUMBER_LIKE.test(a)) {
      found = true
      positionals.push(a)
    } else if (a.startsWith("-") && a !== "-") flags.push(a)
    else positionals.push(a)
  }
  return found ? [args[0]!, ...flags, "--", ...positionals] : args
}

/** The words @effect/cli takes as a switch's value when one follows it (`--preview yes`). */
export const BOOLEAN_WORDS: ReadonlySet<string> = new Set(["true", "1", "y", "yes", "on", "false", "0", "n", "no", "off"])

/**
 * `splice replace foo --preview yes f.txt`: @effect/cli reads `yes` as --preview's value, so the
 * replacement became `f.txt` and, with no path left, the whole workspace was searched. Where a
 * command takes arguments, a switch followed by such a word is given its value (`true`), so the
 * word stays an argument: a switch is on when present, as every other command line here reads it.
 */
export const switchesTakeNoValue = (args: ReadonlyArray<string>, specs: ReadonlyArray<AnyCommandSpec>): ReadonlyArray<string> => {
  const spec = specs.find((s) => s.name === args[0])
  if (spec === undefined || !Object.values(spec.params).some((p) => p.positional !== undefined)) return args
  const switches = new Set<string>()
  for (const p of Object.values(spec.params)) {
    if (p.type !== "boolean" || p.positional !== undefined) continue
    switches.add(`--${p.flag}`)
    if (p.alias !== undefined) switches.add(`-${p.alias}`)
    if (p.longAlias !== undefined) switches.add(`--${p.longAlias}`)
  }
  const takesValue = valueFlags(spec)
  const out: string[] = [args[0]!]
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!
    if (a === "--") return [...out, ...args.slice(i)]
    out.push(a)
    if (takesValue.has(a) && i + 1 < args.length) out.push(args[++i]!)
    else if (switches.has(a) && i + 1 < args.length && BOOLEAN_WORDS.has(args[i + 1]!)) out.push("true")
  }
  return out
}

/** The flags @effect/cli adds to every command. */
const BUILT_IN = ["--help", "--version", "--wizard", "--completions", "--log-level"]
const BUILT_IN_VALUES = new Set(["--completions", "--log-level"])

/**
 * The first word before any `--` that starts with `--` and is no flag of the command (nor a flag's
 * value): @effect/cli takes it for an argument where the command has some, so `splice search foo
 * --contxt 2` searched a path "--contxt". An argument that starts with `--` goes after `--`.
 */
export const unknownLongFlag = (spec: AnyCommandSpec, args: ReadonlyArray<string>): string | undefined => {
  const takesValue = valueFlags(spec)
  const known = new Set([...takesValue, ...BUILT_IN])
  for (const p of Object.values(spec.params)) {
    if (p.positional !== undefined || p.only === "mcp") continue
    known.add(`--${p.flag}`)
    if (p.longAlias !== undefined) known.add(`--${p.longAlias}`)
  }
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === "--") return undefined
    const name = a.startsWith("--") ? a.split("=")[0]! : a
    if (a.startsWith("--") && !known.has(name)) return name
    if (a === name && (takesValue.has(a) || BUILT_IN_VALUES.has(a))) i++
  }
  return undefined
}
