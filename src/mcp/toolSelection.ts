/**
 * `splice mcp --tools read,edit,…`: the tools a server offers. Every tool's description and
 * parameter schema go into the model's context when a client lists them (~60 KB for all of them), so
 * a client with little room names the few it needs.
 */
import { similarNames } from "../domain/similarity.js"
import { type SpliceError, spliceError } from "../domain/SpliceError.js"
import type { AnyCommandSpec } from "../spec/command.js"

/** The specs named in `list` (comma- or space-separated, in the server's order), all when it is undefined; SPL-E010 for a name that is no tool. */
export const selectTools = (servable: ReadonlyArray<AnyCommandSpec>, list: string | undefined): ReadonlyArray<AnyCommandSpec> | SpliceError => {
  if (list === undefined) return servable
  const names = new Set(list.split(/[\s,]+/).filter((n) => n !== ""))
  const known = servable.map((s) => s.name)
  if (names.size === 0) {
    return spliceError("SPL-E010", "--tools names no tool", { hint: `Name one or more, comma-separated: ${known.join(",")}.`, context: { flag: "--tools", tools: known } })
  }
  const unknown = [...names].find((n) => !known.includes(n))
  if (unknown !== undefined) {
    const near = similarNames(unknown, known, 3)
    return spliceError("SPL-E010", `--tools: there is no tool named ${JSON.stringify(unknown)}`, {
      hint: `${near.length > 0 ? `Did you mean ${near.join(" or ")}? ` : ""}The tools: ${known.join(",")}.`,
      context: { flag: "--tools", expected: "a tool name", kind: "unknown_tool", tools: known, candidates: near }
    })
  }
  return servable.filter((s) => names.has(s.name))
}
