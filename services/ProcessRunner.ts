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

/** What a long-lived worker answered to one request line. */
export type WorkerReply =
  | { readonly kind: "line"; readonly line: string }
  /** The process ended before it answered (crashed, killed, or exited); its last stderr. */
  | { readonly kind: "exited"; readonly code: number | null; readonly stderr: string }
  /** No answer within the timeout: the process was killed (the next request starts another). */
  | { readonly kind: "timed_out" }

/**
 * One long-lived process answering one line of stdout per line written to its stdin (a checker
 * kept warm by `splice mcp`). Started on the first request and again after it died; requests wait
 * their turn (one in flight); an interrupted request kills it (its answer would be the next one's).
 */
export interface LineWorker {
  readonly request: (line: string, timeoutMs: number) => Effect.Effect<WorkerReply | "not_found">
  /** Kills the process now (a garbled answer); the next request starts another. */
  readonly restart: Effect.Effect<void>
}

export interface WorkerSpec {
  readonly command: string
  readonly args: ReadonlyArray<string>
  /** Extra environment variables. */
  readonly env?: Record<string, string>
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
  /**
   * The process's worker for `spec` (one per distinct spec), run from an empty scratch directory of
   * its own and killed when this process exits. Absent where every check starts a process of its
   * own (the CLI, scripted tests): callers fall back to `run`.
   */
  readonly worker?: (spec: WorkerSpec) => LineWorker
}

export class ProcessRunner extends Context.Tag("splice/ProcessRunner")<ProcessRunner, ProcessRunnerService>() {}
