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

/** The commands by what they are for, in the order `splice --help` lists them (a command in none is listed last). */
const GROUPS: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ["Change files (one transaction each: gated, journaled, undoable)", ["edit", "write", "apply", "replace", "set", "del", "mv", "cp", "rm"]],
  ["Read and look", ["read", "search", "ls", "count", "stat", "diff", "extract", "query", "get", "hash", "check"]],
  ["Code graph", ["find", "refs", "outline", "impact", "dead-code", "complete", "suggest", "index", "status", "files", "export"]],
  ["Change symbols", ["rename", "case", "patch", "delete", "insert"]],
  ["Journal", ["undo", "history", "recover"]],
  ["Set-up and reference", ["mcp", "trust", "explain", "schema"]]
]

/** `splice mcp`'s one line, for its @effect/cli description and the root help (it has no spec of its own). */
export const MCP_SUMMARY = "Serve every command as an MCP tool over stdio (Claude Code, Codex, Cursor, VS Code, any MCP client)"

export const MCP_WORKSPACE = "Workspace root (default: SPLICE_WORKSPACE, else the client's first file:// MCP root, else the git root of the current directory, else the current directory)"
export const MCP_TOOLS = "Serve only these tools, comma-separated (default: every one; each tool's description and parameters take room in a model's context)"

/** `splice mcp --help`, in the same form as a command's. */
export const renderMcpHelp = (tools: ReadonlyArray<string>): string =>
  [
    `splice mcp: ${MCP_SUMMARY}`,
    "",
    "Usage: splice mcp [--workspace DIR] [--tools NAME,NAME...]",
    "",
    wrap("The client starts it and speaks JSON-RPC over its standard input and output. Each tool is the command of that name, its parameters the long flags in snake_case (replace_old, preview); results are the commands' result lines, errors results with isError and their SPL code. The journal and locks are the CLI's own: their edits serialize, and splice undo, history and recover see both.", WRAP),
    "",
    `      --workspace DIR       ${MCP_WORKSPACE}`,
    `      --tools NAME,...      ${MCP_TOOLS}`,
    "",
    wrap(`Tools: ${tools.join(", ")}`, WRAP),
    "",
    "Examples:",
    "  claude mcp add splice -- splice mcp",
    "  splice mcp --workspace ~/src/app --tools read,edit,apply,search,undo,history",
    ""
  ].join("\n")

/** `splice --help`: every command on one line (its summary up to the colon), the flags all share, examples. */
export const renderRootHelp = (specs: ReadonlyArray<AnyCommandSpec>, version: string): string => {
  const summaries = new Map<string, string>([...specs.map((s) => [s.name, s.summary.split(": ")[0]!] as const), ["mcp", MCP_SUMMARY]])
  const listed = new Set(GROUPS.flatMap(([, names]) => names))
  const groups = [...GROUPS, ["Other", [...summaries.keys()].filter((n) => !listed.has(n))] as const]
  const width = Math.max(...[...summaries.keys()].map((n) => n.length)) + 2
  const sections = groups.flatMap(([title, names]) => {
    const rows = names.filter((n) => summaries.has(n)).map((n) => `  ${n.padEnd(width)}${summaries.get(n)}`)
    return rows.length === 0 ? [] : [`${title}:`, ...rows, ""]
  })
  return [
    `splice ${version}: safe, validated, atomic source edits for coding agents and people`,
    "",
    "Usage: splice COMMAND [OPTIONS]     (splice COMMAND --help: its flags and examples)",
    "",
    ...sections,
    "Every command takes:",
    SURFACE,
    "Output is NDJSON (one object per line, an error line with an SPL code and exit status on failure) unless",
    "--output human or a terminal; `splice explain CODE` says what a code means, `splice schema COMMAND` gives",
    "the JSON Schema of its lines. Also: splice --version, splice --completions bash|zsh|fish|sh.",
    "",
    "Examples:",
    "  splice read -f src/app.ts --lines 10:40",
    "  splice edit -f src/app.ts --replace-old 'let x = 1' --replace-new 'const x = 1' --preview",
    "  splice refs parseConfig --output human",
    "  splice undo",
    ""
  ].join("\n")
}

/**
 * The help text when the command line asks for it (`splice NAME --help` or `-h`, not as the value
 * of a flag that takes one; `splice --help`, `-h` or nothing at all), else undefined.
 */
export const requestedHelp = (args: ReadonlyArray<string>, specs: ReadonlyArray<AnyCommandSpec>, version = ""): string | undefined => {
  if (args.length === 0 || (args.length === 1 && (args[0] === "--help" || args[0] === "-h"))) return renderRootHelp(specs, version)
  if (args[0] === "mcp") {
    // Its two flags both take a value.
    for (let i = 1; i < args.length; i++) {
      if (args[i] === "--workspace" || args[i] === "--tools") i++
      else if (args[i] === "--help" || args[i] === "-h") return renderMcpHelp(mcpToolNames(specs))
    }
    return undefined
  }
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

/** The tools `splice mcp` serves: every command but those only a person runs (`trust`). */
export const mcpToolNames = (specs: ReadonlyArray<AnyCommandSpec>): ReadonlyArray<string> => specs.filter((s) => s.cliOnly !== true).map((s) => s.name)
