/** `splice mcp`: the MCP server over stdio (src/mcp/server.ts), serving every command defined as a spec. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { commandSpecs } from "../spec/commands/index.js"
import { MCP_SUMMARY, MCP_TOOLS, MCP_WORKSPACE } from "../spec/help.js"
import { SpliceError } from "../domain/SpliceError.js"
import { selectTools } from "../mcp/toolSelection.js"
import { VERSION } from "./version.js"

export const mcpCommand = Command.make("mcp", {
  workspace: Options.text("workspace").pipe(Options.withDescription(MCP_WORKSPACE), Options.optional),
  tools: Options.text("tools").pipe(Options.withDescription(MCP_TOOLS), Options.optional)
}, (f) => {
  const specs = selectTools(commandSpecs.filter((s) => s.cliOnly !== true), Option.getOrUndefined(f.tools))
  if (specs instanceof SpliceError) return Effect.fail(specs)
  // Imported on demand: the MCP SDK builds its zod schemas (and ajv) as it loads, ~40 ms that no
  // other command needs.
  return Effect.promise(() => import("../mcp/server.js")).pipe(
    Effect.flatMap(({ mcpServer }) => mcpServer({ workspace: Option.getOrUndefined(f.workspace), version: VERSION, specs }))
  )
}).pipe(
  Command.withDescription(MCP_SUMMARY)
)
