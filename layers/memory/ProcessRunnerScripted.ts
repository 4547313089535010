import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type ProcessResult, ProcessRunner, type ProcessSpec } from "../../services/ProcessRunner.js"

/**
 * Scripted tools for command tests: `installed` says which executables exist (by name), `respond`
 * answers each run (it sees the spec, so it can look at the files the memory disk holds), and every
 * run is recorded. A response may be delayed to test timeouts and interruption.
 */
export class ScriptedTools {
  readonly runs: ProcessSpec[] = []
  constructor(
    readonly installed: ReadonlyArray<string>,
    readonly respond: (spec: ProcessSpec) => Partial<ProcessResult> & { readonly delayMs?: number }
  ) {}
}

export const ProcessRunnerScripted = (tools: ScriptedTools): Layer.Layer<ProcessRunner> =>
  Layer.succeed(ProcessRunner, {
    which: (name) => Effect.succeed(tools.installed.includes(name) ? `/usr/bin/${name}` : undefined),
    run: (spec) =>
      Effect.gen(function*() {
        const name = spec.command.slice(spec.command.lastIndexOf("/") + 1)
        if (!tools.installed.includes(name)) return "not_found" as const
        tools.runs.push(spec)
        const r = tools.respond(spec)
        if (r.delayMs !== undefined) {
          if (r.delayMs > spec.timeoutMs) {
            yield* Effect.sleep(spec.timeoutMs)
            return { exitCode: null, stdout: "", stderr: "", timedOut: true, durationMs: spec.timeoutMs }
          }
          yield* Effect.sleep(r.delayMs)
        }
        return { exitCode: r.exitCode ?? 0, stdout: r.stdout ?? "", stderr: r.stderr ?? "", timedOut: false, durationMs: r.delayMs ?? 1 }
      })
  })
