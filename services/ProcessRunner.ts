import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

export interface ProcessSpec {
  /** Executable path or name (looked up on PATH); never run through a shell. */
  readonly command: string
  readonly args: ReadonlyArray<string>
  /** Absolute working directory. */
  readonly cwd: string
  readonly timeoutMs: number
  /** Extra environment variables. */
  readonly env?: Record<string, string>
  /** Written to the tool's standard input (UTF-8), then closed; without it stdin is empty. */
  readonly stdin?: string
}

export interface ProcessResult {
  /** null when killed by a signal (timeout or interruption). */
  readonly exitCode: number | null
  readonly stdout: string
  readonly stderr: string
  readonly timedOut: boolean
  readonly durationMs: number
}

/**
 * External tools (compilers, checkers), run without a shell, with a timeout; an interrupted run
 * kills the tool and everything it started.
 */
export interface ProcessRunnerService {
  /** `not_found` when the executable does not exist. */
  readonly run: (spec: ProcessSpec) => Effect.Effect<ProcessResult | "not_found">
  /**
   * Absolute path of an executable in `extraDirs` (searched first) or on the search path: `searchPath`
   * when given (e.g. PATH without the workspace's directories), else PATH. Undefined when none.
   */
  readonly which: (name: string, extraDirs?: ReadonlyArray<string>, searchPath?: ReadonlyArray<string>) => Effect.Effect<string | undefined>
}

export class ProcessRunner extends Context.Tag("splice/ProcessRunner")<ProcessRunner, ProcessRunnerService>() {}
