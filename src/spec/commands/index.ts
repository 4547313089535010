/** Every command defined as a spec: the CLI and the MCP server are both generated from this list. */
import type { AnyCommandSpec } from "../command.js"
import { hashSpec } from "./hash.js"
import { historySpec } from "./history.js"
import { readSpec } from "./read.js"
import { undoSpec } from "./undo.js"

export const commandSpecs: ReadonlyArray<AnyCommandSpec> = [readSpec, hashSpec, undoSpec, historySpec] as unknown as ReadonlyArray<AnyCommandSpec>
