/**
 * `splice COMMAND --help`, from the command's definition: one line per flag with its default, then
 * real examples — short enough for a model with little room, like ripgrep's `-h`.
 */
import type { AnyCommandSpec } from "./command.js"
import type { Param } from "./param.js"

const valueName = (p: Param<unknown>): string =>
  p.type === "boolean" ? "" : p.type === "choice" ? ` ${p.choices!.join("|")}` : p.type === "integer" || p.type === "number" ? " N" : " TEXT"

const left = (p: Param<unknown>): string =>
  p.positional !== undefined
    ? `${p.positional}${p.type === "list" ? "..." : ""}`
    : `${p.alias !== undefined ? `-${p.alias}, ` : "    "}--${p.flag}${valueName(p)}${p.type === "list" ? " (repeatable)" : ""}`

const right = (p: Param<unknown>): string => {
  const notes: string[] = []
  if (p.required) notes.push("required")
  if (p.defaultValue !== undefined && p.type !== "boolean" && p.type !== "list") notes.push(`default ${String(p.defaultValue)}`)
  return `${p.description}${notes.length > 0 ? ` [${notes.join(", ")}]` : ""}`
}

/** Every CLI command has these two (the MCP server has one workspace and one output). */
const surfaceFlags: ReadonlyArray<Param<unknown>> = [
  { flag: "workspace", type: "text", required: false, description: "Workspace root (default: SPLICE_WORKSPACE, else the git root, else the current directory)" },
  { flag: "output", type: "choice", choices: ["json", "human"], required: false, description: "Output format (default: json when stdout is not a terminal)" }
]

export const renderHelp = (spec: AnyCommandSpec): string => {
  const params = Object.values(spec.params).filter((p) => p.only !== "mcp")
  const positionals = params.filter((p) => p.positional !== undefined)
  const usage = `splice ${spec.name}${positionals.map((p) => ` ${p.required ? "" : "["}${p.positional}${p.type === "list" ? "..." : ""}${p.required ? "" : "]"}`).join("")} [OPTIONS]`
  const rows = [...params, ...surfaceFlags].map((p) => [left(p), right(p)] as const)
  const width = Math.min(34, Math.max(...rows.map(([l]) => l.length)) + 2)
  const lines = rows.map(([l, r]) => (l.length + 2 > width ? `  ${l}\n  ${" ".repeat(width)}${r}` : `  ${l.padEnd(width)}${r}`))
  return [
    `splice ${spec.name}: ${spec.summary}`,
    "",
    `Usage: ${usage}`,
    "",
    spec.guide,
    "",
    ...lines,
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
  const takesValue = new Set(Object.values(spec.params).filter((p) => p.type !== "boolean" && p.positional === undefined).flatMap((p) => [`--${p.flag}`, ...(p.alias !== undefined ? [`-${p.alias}`] : [])]))
  takesValue.add("--workspace").add("--output")
  for (let i = 1; i < args.length; i++) {
    if (takesValue.has(args[i]!)) i++
    else if (args[i] === "--help" || args[i] === "-h") return renderHelp(spec)
  }
  return undefined
}
