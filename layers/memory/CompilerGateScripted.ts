import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { Diagnostic } from "../../src/domain/diagnostics.js"
import { type CheckerPlan, type CheckerRun, CompilerGate, UNTRUSTED_REASON } from "../../services/CompilerGate.js"
import type { MemoryFs } from "./MemoryFs.js"

/** A run without a verdict: what interpretCheckerOutput reports for a crash, cargo offline, … */
export interface ScriptedFailure {
  readonly failedToRun: { readonly exitCode: number | null; readonly reason: string; readonly outputTail: string }
}

/**
 * A scripted checker over the memory disk: `check` sees the files as they are at the moment the
 * gate runs (so a baseline run sees the originals) and returns its diagnostics, "timeout", or a
 * failure to run. Files whose extension is not in `extensions` have no checker.
 */
export interface CheckerScript {
  readonly tool: string
  readonly extensions: ReadonlyArray<string>
  /** "hang" never returns (until interrupted), like a checker stuck on a lock. */
  readonly check: (read: (file: string) => string | undefined, files: ReadonlyArray<string>) => ReadonlyArray<Diagnostic> | "timeout" | "hang" | ScriptedFailure
  /** The tool is not installed: plans say so. */
  readonly missing?: boolean
  /** The checker runs project code and the workspace is not trusted: plans say so. */
  readonly untrusted?: boolean
  /** The files its project reads (tsc --listFiles), when it says: the others are not checked. */
  readonly reads?: (file: string) => boolean
}

export class ScriptedChecker {
  /** How many times the checker ran (a baseline is a second run). */
  runs = 0
  constructor(readonly mem: MemoryFs, readonly script: CheckerScript) {}
}

export const CompilerGateScripted = (checker: ScriptedChecker): Layer.Layer<CompilerGate> =>
  Layer.succeed(CompilerGate, {
    plan: (file) =>
      Effect.sync((): CheckerPlan => {
        const { script } = checker
        if (!script.extensions.some((e) => file.endsWith(e))) return { kind: "skip", reason: `no checker for ${file}` }
        if (script.missing === true) return { kind: "skip", tool: script.tool, missingTool: true, reason: `${script.tool} is not installed` }
        if (script.untrusted === true) return { kind: "skip", tool: script.tool, untrusted: true, reason: UNTRUSTED_REASON }
        return { kind: "run", tool: script.tool, file, key: script.tool, custom: false, steps: [{ tool: script.tool, command: script.tool, args: [file], cwd: checker.mem.root }] }
      }),
    run: (plan) =>
      Effect.suspend((): Effect.Effect<CheckerRun> => {
        checker.runs++
        const result = checker.script.check((f) => checker.mem.text(f), [plan.file])
        if (result === "hang") return Effect.never
        if (result === "timeout") return Effect.succeed({ kind: "timeout", tool: plan.tool, durationMs: 1, commands: [plan.tool] })
        if ("failedToRun" in result) return Effect.succeed({ kind: "failed_to_run", tool: plan.tool, ...result.failedToRun, durationMs: 1, commands: [plan.tool] })
        const reads = checker.script.reads
        const checked = reads === undefined ? undefined : [...checker.mem.entries.entries()]
          .filter(([, e]) => e.kind === "file")
          .map(([k]) => k.slice(checker.mem.root.length + 1))
          .filter((f) => checker.script.extensions.some((x) => f.endsWith(x)) && reads(f))
        return Effect.succeed({ kind: "ran", tool: plan.tool, diagnostics: result, durationMs: 1, commands: [plan.tool], ...(checked !== undefined ? { checked } : {}) })
      })
  })
