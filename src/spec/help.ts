/**
 * `splice COMMAND --help`, from the command's definition: one line per flag with its default, then
 * real examples — short enough for a model with little room, like ripgrep's `-h`.
 */
import type { AnyCommandSpec } from "./command.js"
import type { Param } from "./param.js"
import { valueFlags } from "./argv.js"

/** Choices longer than this are listed in the description instead of beside the flag. */
const INLINE_CHOICES = 25
const COLUMN = 26
const WRAP = 100

const choicesOf = (p: Param<unknown>) => p.choices!.join("|")

const valueName = (p: Param<unknown>): string => {
  if (p.type === "boolean") return ""
  if (p.type === "choice") return choicesOf(p).length <= INLINE_CHOICES ? ` ${choicesOf(p)}` : ` ${p.flag.toUpperCase()}`
  return p.type === "integer" || p.type === "number" ? " N" : " TEXT"
}

const left = (p: Param<unknown>): string =>
  p.positional !== undefined
    ? `${p.positional}${p.type === "list" ? "..." : ""}`
    : `${p.alias !== undefined ? `-${p.alias}, ` : "    "}--${p.flag}${valueName(p)}${p.type === "list" ? "..." : ""}`

const right = (p: Param<unknown>): string => {
  const notes: string[] = []
  if (p.required && p.positional === undefined) notes.push("required")
  if (p.type === "list" && p.positional === undefined) notes.push("repeatable")
  if (p.defaultValue !== undefined && p.type !== "boolean" && p.type !== "list") notes.push(`default ${String(p.defaultValue)}`)
  const choices = p.type === "choice" && choicesOf(p).length > INLINE_CHOICES ? ` (${choicesOf(p)})` : ""
  return `${p.description}${choices}${notes.length > 0 ? ` [${notes.join(", ")}]` : ""}`
}

/** Words of `text` on lines of at most `width` characters, each after `indent`. */
const wrap = (text: string, width: number, indent = ""): string => {
  const lines: string[] = []
  let line = ""
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (line !== "" && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line)
      line = word
    } else line = line === "" ? word : `${line} ${word}`
  }
  if (line !== "") lines.push(indent + line)
  return lines.join("\n")
}

/** The flags every CLI command has besides its own (the MCP server has one workspace and one output). */
const SURFACE = "  --workspace TEXT (default: SPLICE_WORKSPACE, else the git root, else .)  --output json|human  --locale en|pt-BR"

const usageOf = (spec: AnyCommandSpec, params: ReadonlyArray<Param<unknown>>): string => {
  const parts = params.map((p) =>
    p.positional !== undefined
      ? ` ${p.required ? "" : "["}${p.positional}${p.type === "list" ? "..." : ""}${p.required ? "" : "]"}`
      : p.required ? ` --${p.flag}${valueName(p)}` : ""
  )
  return `splice ${spec.name}${parts.join("")} [OPTIONS]`
}

export const renderHelp = (spec: AnyCommandSpec): string => {
  const params = Object.values(spec.params).filter((p) => p.only !== "mcp")
  const rows = params.map((p) => [left(p), right(p)] as const)
  const lines = rows.map(([l, r]) =>
    l.length + 2 > COLUMN ? `  ${l}\n  ${" ".repeat(COLUMN)}${r}` : `  ${l.padEnd(COLUMN)}${r}`
  )
  return [
    `splice ${spec.name}: ${spec.summary}`,
    "",
    `Usage: ${usageOf(spec, params)}`,
    "",
    wrap(spec.guide, WRAP),
    "",
    ...lines,
    SURFACE,
    "",
    "Examples:",
    ...spec.examples.map((e) => `  ${e}`),
    ""
  ].join("\n")
}

/**
 * The help text when the command line asks for it (`splice NAME --help` or `-h`, not as the value
 * of a flag that takes one), else undefined.
 */
export const requestedHelp = (args: ReadonlyArray<string>, specs: ReadonlyArray<AnyCommandSpec>): string | undefined => {
  const spec = specs.find((s) => s.name === args[0])
  if (spec === undefined) return undefined
  const takesValue = valueFlags(spec)
  for (let i = 1; i < args.length; i++) {
    if (args[i] === "--") return undefined // after it, --help is an argument (a pattern to search for)
    if (takesValue.has(args[i]!)) i++
    else if (args[i] === "--help" || args[i] === "-h") return renderHelp(spec)
  }
  return undefined
}
