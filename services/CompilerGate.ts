import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { Diagnostic } from "../src/domain/diagnostics.js"
import type { SpliceError } from "../src/domain/SpliceError.js"
import type { WorkspacePath } from "../src/domain/workspacePath.js"

/**
 * The compiler gate: which checker a file has (the project's tsc, cargo check, go vet, gcc, javac,
 * node --check, py_compile + pyflakes, or a custom gate from splice.json) and running it on what is
 * on disk. Deciding which diagnostics are new is the command's business (it owns the journal).
 * Checkers that run the project's own code (custom gates, node_modules/.bin/tsc, cargo) are planned
 * only in a workspace the user trusts (services/Trust.ts); elsewhere the plan is an untrusted skip.
 */

/** The reason every untrusted skip gives, word for word (agents and tests match on it). */
export const UNTRUSTED_REASON = "workspace not trusted; run splice trust"

/** `auto`: the checker runs when the project has the tool and a project file (tsconfig.json, Cargo.toml, …). */
export type CompilerMode = "auto" | "always"

export interface CheckerStep {
  readonly tool: string
  readonly command: string
  readonly args: ReadonlyArray<string>
  /** Absolute working directory. */
  readonly cwd: string
  readonly env?: Record<string, string>
  /** Needs a scratch directory, passed as `{tmp}` in args and env and removed afterwards. */
  readonly scratch?: boolean
}

export type CheckerPlan =
  | {
    readonly kind: "run"
    readonly tool: string
    /** Workspace-relative file the plan checks (custom gates' findings are filed under it). */
    readonly file: WorkspacePath
    /** Plans with the same key are the same run (several files of one tsconfig project). */
    readonly key: string
    readonly steps: ReadonlyArray<CheckerStep>
    readonly custom: boolean
    /** Why a file its checker says it did not read was left out (tsc: outside the tsconfig's program). */
    readonly unreadWhy?: string
    /** What the run leaves unchecked that the edit may reach (go: a sibling that builds with the file only for another platform), said in the verdict. */
    readonly notChecked?: string
  }
  | {
    readonly kind: "skip"
    readonly reason: string
    readonly tool?: string
    readonly missingTool?: boolean
    /** The checker would run the project's own code and the user has not trusted this workspace. */
    readonly untrusted?: boolean
  }

export type CheckerRun =
  | {
    readonly kind: "ran"
    readonly tool: string
    readonly diagnostics: ReadonlyArray<Diagnostic>
    readonly durationMs: number
    readonly commands: ReadonlyArray<string>
    /** The workspace files the checker says it read (tsc --listFiles, go list), when it says: a written file not among them was not checked. */
    readonly checked?: ReadonlyArray<string>
  }
  | { readonly kind: "timeout"; readonly tool: string; readonly durationMs: number; readonly commands: ReadonlyArray<string> }
  | { readonly kind: "missing"; readonly tool: string }
  | {
    /** The checker ran but gave no verdict (see interpretCheckerOutput): never a pass. */
    readonly kind: "failed_to_run"
    readonly tool: string
    readonly exitCode: number | null
    readonly reason: string
    readonly outputTail: string
    readonly durationMs: number
    readonly commands: ReadonlyArray<string>
  }

export interface CompilerGateService {
  /** The checker for a workspace-relative file. */
  readonly plan: (file: WorkspacePath, mode: CompilerMode) => Effect.Effect<CheckerPlan, SpliceError>
  /** Run a plan on the current disk state. */
  readonly run: (plan: CheckerPlan & { readonly kind: "run" }, timeoutMs: number) => Effect.Effect<CheckerRun, SpliceError>
}

export class CompilerGate extends Context.Tag("splice/CompilerGate")<CompilerGate, CompilerGateService>() {}
