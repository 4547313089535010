/** Every command defined as a spec: the CLI and the MCP server are both generated from this list. */
import type { AnyCommandSpec } from "../command.js"
import { applySpec } from "./apply.js"
import { checkSpec } from "./check.js"
import { delSpec, getSpec, setSpec } from "./data.js"
import { editSpec } from "./edit.js"
import { explainSpec } from "./explain.js"
import { cpSpec, mvSpec, rmSpec } from "./files.js"
import { graphSpecs } from "./graph.js"
import { hashSpec } from "./hash.js"
import { historySpec } from "./history.js"
import { inspectSpecs } from "./inspect.js"
import { readSpec } from "./read.js"
import { recoverSpec } from "./recover.js"
import { caseSpec, renameSpec } from "./rename.js"
import { schemaSpec } from "./schema.js"
import { replaceSpec, searchSpec } from "./search.js"
import { deleteSpec, insertSpec, patchSpec } from "./symbol.js"
import { countSpec, lsSpec } from "./tree.js"
import { trustSpec } from "./trust.js"
import { undoSpec } from "./undo.js"
import { writeSpec } from "./write.js"

export const commandSpecs: ReadonlyArray<AnyCommandSpec> = [
  editSpec, writeSpec, applySpec, getSpec, setSpec, delSpec, mvSpec, cpSpec, rmSpec, searchSpec, replaceSpec, lsSpec, countSpec, checkSpec, readSpec, hashSpec, undoSpec, historySpec, recoverSpec, trustSpec, explainSpec, schemaSpec, ...graphSpecs, ...inspectSpecs, renameSpec, caseSpec, patchSpec, deleteSpec, insertSpec
] as unknown as ReadonlyArray<AnyCommandSpec>
