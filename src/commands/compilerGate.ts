/**
 * The compiler gate inside a transaction: run the checker on the written files; when it reports
 * errors, establish a baseline (put the originals back under the lock, check again, put the edit
 * back) and block only the errors the edit introduced. The baseline is lazy: an edit that leaves the
 * project clean costs one checker run.
 */
import * as Effect from "effect/Effect"
import { type Diagnostic, errorsOf, newDiagnostics } from "../domain/diagnostics.js"
import { spliceError } from "../domain/SpliceError.js"
import { type CheckerPlan, type CheckerRun, CompilerGate, type CompilerMode } from "../../services/CompilerGate.js"
import { FileStore, type WorkspacePath } from "../../services/FileStore.js"
import type { PlannedWrite } from "./transaction.js"

export interface CompilerSettings {
  /** off: no compiler gate; auto: when the project has the tool and a project file; always. */
  readonly mode: "off" | CompilerMode
  readonly require: boolean
  readonly timeoutMs: number
}

/** No compiler gate (the default for callers that do not ask for one). */
export const COMPILER_OFF: CompilerSettings = { mode: "off", require: false, timeoutMs: 0 }

export interface CompilerVerdict {
  readonly gate: "compiler"
  readonly status: "passed" | "failed" | "skipped"
  readonly tool?: string
  readonly reason?: string
  /** New error diagnostics (failed), or every diagnostic of a check. */
  readonly diagnostics: ReadonlyArray<Diagnostic>
  /** Errors that were there before the edit and still are (they do not block). */
  readonly preexisting: number
  /** Whether a baseline run was needed. */
  readonly baseline: boolean
  readonly duration_ms?: number
}

export const skippedVerdict = (reason: string, tool?: string): CompilerVerdict => ({
  gate: "compiler", status: "skipped", reason, diagnostics: [], preexisting: 0, baseline: false, ...(tool !== undefined ? { tool } : {})
})

/** Plans for these files, one per distinct checker run; fails when a checker is required but absent. */
export const planFor = (files: ReadonlyArray<WorkspacePath>, settings: CompilerSettings) =>
  Effect.gen(function*() {
    const gate = yield* CompilerGate
    const runs: Array<CheckerPlan & { readonly kind: "run" }> = []
    const skips: Array<CheckerPlan & { readonly kind: "skip" }> = []
    if (settings.mode === "off") return { runs, skips }
    for (const f of files) {
      const p = yield* gate.plan(f, settings.mode)
      if (p.kind === "skip") {
        if (settings.require) {
          return yield* Effect.fail(spliceError("SPL-E044", `--require-compiler: ${p.reason}`, { context: { file: f, tool: p.tool ?? null, reason: p.reason } }))
        }
        skips.push(p)
      } else if (!runs.some((r) => r.key === p.key)) runs.push(p)
    }
    return { runs, skips }
  })

/** Run every plan; a timeout fails (retryable), a tool that vanished is a skip (or an error if required). */
export const runPlans = (runs: ReadonlyArray<CheckerPlan & { readonly kind: "run" }>, settings: CompilerSettings) =>
  Effect.gen(function*() {
    const gate = yield* CompilerGate
    const diagnostics: Diagnostic[] = []
    let durationMs = 0
    const missing: string[] = []
    for (const p of runs) {
      const r: CheckerRun = yield* gate.run(p, settings.timeoutMs)
      if (r.kind === "timeout") {
        return yield* Effect.fail(spliceError("SPL-E045", `${r.tool} did not finish within ${Math.round(settings.timeoutMs / 1000)} s; it was killed`, {
          context: { tool: r.tool, timeout_ms: settings.timeoutMs, commands: r.commands }
        }))
      }
      if (r.kind === "missing") {
        if (settings.require) return yield* Effect.fail(spliceError("SPL-E044", `--require-compiler: ${r.tool} could not be started`, { context: { tool: r.tool } }))
        missing.push(r.tool)
        continue
      }
      durationMs += r.durationMs
      diagnostics.push(...r.diagnostics)
    }
    return { diagnostics, durationMs, missing }
  })

const putBack = (writes: ReadonlyArray<PlannedWrite>, which: "original" | "next") =>
  Effect.gen(function*() {
    const store = yield* FileStore
    for (const w of writes) {
      const bytes = which === "original" ? w.original : w.next
      const mode = w.mode === null ? undefined : { mode: w.mode }
      if (bytes === null) yield* store.remove(w.target)
      else yield* store.writeAtomic(w.target, bytes, mode)
    }
  })

export type Plans = Effect.Effect.Success<ReturnType<typeof planFor>>

/**
 * The gate on written files (run inside the transaction, after the writes, before the commit mark),
 * with plans made before anything was written — so a required but missing checker stops the edit
 * before it touches the disk.
 */
export const compilerGate = (writes: ReadonlyArray<PlannedWrite>, settings: CompilerSettings, plans: Plans) =>
  Effect.gen(function*() {
    if (settings.mode === "off") return skippedVerdict("disabled by --validate")
    const { runs, skips } = plans
    if (runs.length === 0) return skippedVerdict(skips.map((s) => s.reason).join("; ") || "no checker", skips[0]?.tool)
    const tool = [...new Set(runs.map((r) => r.tool))].join(", ")
    const after = yield* runPlans(runs, settings)
    if (after.missing.length === runs.length) return skippedVerdict(`${after.missing.join(", ")} could not be started`, tool)
    const errorsAfter = errorsOf(after.diagnostics)
    if (errorsAfter.length === 0) {
      return { gate: "compiler", status: "passed", tool, diagnostics: [], preexisting: 0, baseline: false, duration_ms: after.durationMs } satisfies CompilerVerdict
    }
    // Errors: were they there before? Check the original state (still under our locks), then restore the edit.
    yield* putBack(writes, "original")
    const before = yield* runPlans(runs, settings)
    yield* putBack(writes, "next")
    const fresh = errorsOf(newDiagnostics(before.diagnostics, after.diagnostics))
    const duration = after.durationMs + before.durationMs
    if (fresh.length > 0) {
      return yield* Effect.fail(spliceError("SPL-E043", `${tool} reports ${fresh.length} new error(s); the edit was rolled back`, {
        context: { tool, files: writes.map((w) => w.target.relative), diagnostics: fresh, preexisting: errorsAfter.length - fresh.length, duration_ms: duration }
      }))
    }
    return { gate: "compiler", status: "passed", tool, diagnostics: [], preexisting: errorsAfter.length, baseline: true, duration_ms: duration } satisfies CompilerVerdict
  })
