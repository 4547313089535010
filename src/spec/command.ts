/**
 * One definition per command: its name, what it is for, its parameters and its program. The CLI
 * (src/cli/fromSpec.ts), its `--help`, and the MCP server's tools (src/mcp/) are generated from it.
 */
import type * as Effect from "effect/Effect"
import type { SpliceError } from "../domain/SpliceError.js"
import type { CompilerGate } from "../../services/CompilerGate.js"
import type { FileStore } from "../../services/FileStore.js"
import type { GraphDb } from "../../services/GraphDb.js"
import type { Hasher } from "../../services/Hasher.js"
import type { Input } from "../../services/Input.js"
import type { Journal } from "../../services/Journal.js"
import type { Lock } from "../../services/Lock.js"
import type { Output } from "../../services/Output.js"
import type { ProjectConfig } from "../../services/ProjectConfig.js"
import type { Syntax } from "../../services/Syntax.js"
import type { Trust } from "../../services/Trust.js"
import type { Validator } from "../../services/Validator.js"
import type { Params, Values } from "./param.js"
import type { CommandName } from "../schema/outputs.js"

/** The services every command may use (graph commands also get a GraphDb; their indexer parses with Syntax). */
export type WorkspaceServices = FileStore | Lock | Journal | Hasher | Validator | Output | Input | CompilerGate | ProjectConfig | Trust | Syntax

/** What a command runs against: the workspace, or the workspace plus the code graph (`create`: build one when none exists). */
export type Needs = "workspace" | "graph" | "graph-create"

export interface CommandSpec<P extends Params, R = WorkspaceServices, N extends string = string> {
  /** Also the key of its output schema in src/schema/outputs.ts (`outputOf(name)`). */
  readonly name: N
  /** One line: what it does (the first line of --help and of the tool's description). */
  readonly summary: string
  /** For a model with little room: when to use it, what its errors mean, how to recover. */
  readonly guide: string
  readonly params: P
  readonly needs: Needs
  /** Real command lines, shown under --help. */
  readonly examples: ReadonlyArray<string>
  /** A read-only command changes nothing on disk (MCP's readOnlyHint). */
  readonly readOnly: boolean
  /** Only on the command line, never an MCP tool: a decision a person makes (trust). */
  readonly cliOnly?: boolean
  readonly run: (values: Values<P>) => Effect.Effect<unknown, SpliceError, R>
}

export type AnyCommandSpec = CommandSpec<Params, WorkspaceServices | GraphDb>

/**
 * A command's definition. Its name must have an output schema in src/schema/outputs.ts (checked here,
 * at compile time); the schemas are looked up by name rather than held here, so that a CLI run, which
 * never needs them, does not build them (they cost ~20 ms of start-up).
 */
export const defineCommand = <P extends Params, N extends CommandName, R extends WorkspaceServices | GraphDb = WorkspaceServices>(spec: CommandSpec<P, R, N>): CommandSpec<P, R, N> => spec
