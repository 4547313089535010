/** The two flags every CLI command has (their values reach the command's layer through runLayer.ts). */
import * as Options from "@effect/cli/Options"

export { RunCatalog } from "./runLayer.js"

export const workspace = Options.text("workspace").pipe(
  Options.withDescription("Workspace root (default: SPLICE_WORKSPACE, else the git root, else the current directory)"),
  Options.optional
)
export const output = Options.choice("output", ["json", "human"]).pipe(
  Options.withDescription("Output format (default: json when stdout is not a terminal)"),
  Options.optional
)
