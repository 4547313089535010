/** `splice mcp`: the MCP server over stdio (src/mcp/server.ts), serving every command defined as a spec. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { commandSpecs } from "../spec/commands/index.js"
import { MCP_SUMMARY } from "../spec/help.js"
import { VERSION } from "./version.js"

export const mcpCommand = Command.make("mcp", {
  workspace: Options.text("workspace").pipe(
    Options.withDescription("Workspace root (default: SPLICE_WORKSPACE, else the client's first file:// MCP root, else the git root of the current directory, else the current directory)"),
    Options.optional
  )
}, (f) =>
  // Imported on demand: the MCP SDK builds its zod schemas (and ajv) as it loads, ~40 ms that no
  // other command needs.
  Effect.promise(() => import("../mcp/server.js")).pipe(
    Effect.flatMap(({ mcpServer }) => mcpServer({ workspace: Option.getOrUndefined(f.workspace), version: VERSION, specs: commandSpecs.filter((s) => s.cliOnly !== true) }))
  )).pipe(
  Command.withDescription(MCP_SUMMARY)
)
