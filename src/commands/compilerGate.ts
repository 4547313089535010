/**
 * The compiler gate inside a transaction: run the checker on the written files; when it reports
 * errors, establish a baseline (put the originals back under the lock, check again, put the edit
 * back) and block only the errors the edit introduced. The baseline is lazy: an edit that leaves the
 * project clean costs one checker run. A verdict counts only if the checker read what the edit
 * wrote: a file another program saved meanwhile (an editor) makes it a verdict on other bytes.
 */
import * as Effect from "effect/Effect"
import { type Diagnostic, errorsOf, newDiagnostics } from "../domain/diagnostics.js"
import { spliceError } from "../domain/SpliceError.js"
import { type CheckerPlan, type CheckerRun, CompilerGate, type CompilerMode } from "../../services/CompilerGate.js"
import { type ExpectedFile, FileStore, type WorkspacePath } from "../../services/FileStore.js"
import { ABSENT, currentState, type PlannedWrite } from "./transaction.js"
import { type MoveWrite, moveIn, moveOut, moveSourceIndex } from "./movedFile.js"
import type { DirMove } from "./movedDirectory.js"

export interface CompilerSettings {
  /** off: no compiler gate; auto: when the project has the tool and a project file; always. */
  readonly mode: "off" | CompilerMode
  readonly require: boolean
  readonly timeoutMs: number
}

/** No compiler gate (the default for callers that do not ask for one). */
export const COMPILER_OFF: CompilerSettings = { mode: "off", require: false, timeoutMs: 0 }

/** A checker that ran but gave no verdict (or stopped before reaching the edit). */
export interface GateFailure {
  readonly tool: string
  readonly reason: string
  readonly exit_code?: number | null
  /** The last lines it printed (at most 20 lines / 2 KB). */
  readonly output_tail?: string
  /** Whether it gave a verdict on the files before the edit (when a baseline was run). */
  readonly before?: "failed_to_run" | "ran"
}

/**
 * The compiler gate's verdict: `passed` (the checker ran and found no new error), `failed` (new
 * errors: the edit is rolled back, so this status appears only in `splice check`), `skipped` (no
 * checker, not installed, or not trusted; with the reason) and `failed_to_run` (the checker ran but
 * gave no verdict; the edit stands unless --require-compiler). Never `passed` without a verdict.
 */
export interface CompilerVerdict {
  readonly gate: "compiler"
  readonly status: "passed" | "failed" | "skipped" | "failed_to_run"
  readonly tool?: string
  readonly reason?: string
  /** New error diagnostics (failed), or every diagnostic of a check. */
  readonly diagnostics: ReadonlyArray<Diagnostic>
  /** Errors that were there before the edit and still are (they do not block). */
  readonly preexisting: number
  /** Whether a baseline run was needed. */
  readonly baseline: boolean
  readonly duration_ms?: number
  /** failed_to_run: each checker that gave no verdict, with its exit code and output tail. */
  readonly failures?: ReadonlyArray<GateFailure>
}

export const skippedVerdict = (reason: string, tool?: string): CompilerVerdict => ({
  gate: "compiler", status: "skipped", reason, diagnostics: [], preexisting: 0, baseline: false, ...(tool !== undefined ? { tool } : {})
})

/** Plans for these files, one per distinct checker run; fails when a checker is required but cannot run. */
export const planFor = (files: ReadonlyArray<WorkspacePath>, settings: CompilerSettings) =>
  Effect.gen(function*() {
    const gate = yield* CompilerGate
    const runs: Array<CheckerPlan & { readonly kind: "run" }> = []
    const skips: Array<CheckerPlan & { readonly kind: "skip" }> = []
    /** The files each run is for (a tsconfig project's run serves all of its files). */
    const covers = new Map<string, WorkspacePath[]>()
    if (settings.mode === "off") return { runs, skips, covers }
    for (const f of files) {
      const p = yield* gate.plan(f, settings.mode)
      if (p.kind === "skip") {
        if (settings.require) {
          const code = p.untrusted === true ? "SPL-E047" : "SPL-E044"
          return yield* Effect.fail(spliceError(code, `--require-compiler: ${p.reason}`, { context: { file: f, tool: p.tool ?? null, reason: p.reason } }))
        }
        skips.push(p)
      } else {
        if (!runs.some((r) => r.key === p.key)) runs.push(p)
        covers.set(p.key, [...(covers.get(p.key) ?? []), f])
      }
    }
    return { runs, skips, covers }
  })

/**
 * Run every plan; a timeout fails (retryable), a tool that vanished is a skip (or an error if
 * required), a checker without a verdict is a failure, listed with its plan's key.
 */
export const runPlans = (runs: ReadonlyArray<CheckerPlan & { readonly kind: "run" }>, settings: CompilerSettings, covers?: ReadonlyMap<string, ReadonlyArray<WorkspacePath>>) =>
  Effect.gen(function*() {
    const gate = yield* CompilerGate
    const diagnostics: Diagnostic[] = []
    /** Files a run was for that its checker says it did not read (outside a tsconfig's program, left out by Go build constraints), and why. */
    const unchecked: Array<{ readonly file: WorkspacePath; readonly why: string }> = []
    let durationMs = 0
    const missing: string[] = []
    const failures: Array<GateFailure & { readonly key: string }> = []
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
      if (r.kind === "failed_to_run") {
        failures.push({ key: p.key, tool: r.tool, reason: r.reason, exit_code: r.exitCode, output_tail: r.outputTail })
        continue
      }
      diagnostics.push(...r.diagnostics)
      if (r.checked !== undefined) {
        const read = new Set(r.checked)
        const why = p.unreadWhy ?? "outside its project (no files/include of its tsconfig.json takes it in)"
        unchecked.push(...(covers?.get(p.key) ?? [p.file]).filter((f) => !read.has(f)).map((file) => ({ file, why })))
      }
    }
    return { diagnostics: distinct(diagnostics), durationMs, missing, failures, unchecked }
  })

/**
 * One of each diagnostic: `go vet` checks a package and its test package, and reports an error of a
 * file both compile twice (as two runs of one project may); the same place, code and message is one finding.
 */
const distinct = (ds: ReadonlyArray<Diagnostic>): Diagnostic[] => {
  const seen = new Set<string>()
  return ds.filter((d) => {
    const k = `${d.tool}\0${d.file}\0${d.line}\0${d.column}\0${d.severity}\0${d.code}\0${d.message}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

/** One sentence for a verdict's reason: the first failure, and what the baseline said about it. */
const failureReason = (failures: ReadonlyArray<GateFailure>): string => {
  const f = failures[0]!
  const before = f.before === "failed_to_run" ? "; it failed the same way before the edit" : f.before === "ran" ? "; it ran before the edit, so the edit may be the cause" : ""
  return `${f.reason}${before}${failures.length > 1 ? ` (and ${failures.length - 1} more)` : ""}; the gate did not run`
}

/** --require-compiler with a checker that gave no verdict: SPL-E046 (inside a transaction, a rollback). */
const requiredButFailed = (tool: string, failures: ReadonlyArray<GateFailure>, rolledBack: boolean) =>
  Effect.fail(spliceError("SPL-E046", `--require-compiler: ${failureReason(failures)}${rolledBack ? "; the edit was rolled back" : ""}`, {
    context: { tool, failures }
  }))

/** A checker that stopped at a fatal error the edit did not cause never looked at the edit. */
const stoppedEarly = (preexistingErrors: ReadonlyArray<Diagnostic>): GateFailure[] =>
  preexistingErrors.filter((d) => d.fatal === true).map((d) => ({
    tool: d.tool,
    reason: `${d.tool} stopped at a fatal error that was there before the edit (${d.file || "(project)"}:${d.line}: ${d.message}) and checked nothing after it`,
    output_tail: `${d.file}:${d.line}:${d.column}: fatal error: ${d.message}`,
    before: "failed_to_run" as const
  }))

/**
 * `splice check`'s verdict on the files as they are: every diagnostic, `failed` on errors (a fatal
 * one included), `failed_to_run` when a checker gave no verdict (SPL-E046 under --require-compiler).
 */
export const currentVerdict = (runs: ReadonlyArray<CheckerPlan & { readonly kind: "run" }>, settings: CompilerSettings, covers?: ReadonlyMap<string, ReadonlyArray<WorkspacePath>>) =>
  Effect.gen(function*() {
    const tool = [...new Set(runs.map((p) => p.tool))].join(", ")
    const r = yield* runPlans(runs, settings, covers)
    const errors = errorsOf(r.diagnostics)
    const failures = r.failures.map(({ key: _, ...f }) => f)
    if (errors.length === 0 && failures.length > 0 && settings.require) return yield* requiredButFailed(tool, failures, false)
    if (r.missing.length === runs.length) return skippedVerdict(`${r.missing.join(", ")} could not be started`, tool)
    const unread = withNotes(unreadNote(tool, r.unchecked, covers), runs)
    if (unread?.all === true && errors.length === 0 && failures.length === 0) return skippedVerdict(unread.reason, tool)
    return {
      gate: "compiler",
      status: errors.length > 0 ? "failed" : failures.length > 0 ? "failed_to_run" : "passed",
      tool,
      ...(errors.length === 0 && failures.length > 0 ? { reason: failureReason(failures), failures } : unread !== undefined ? { reason: unread.reason } : {}),
      diagnostics: r.diagnostics,
      preexisting: 0,
      baseline: false,
      duration_ms: r.durationMs
    } satisfies CompilerVerdict
  })

/**
 * Each file to its original or new content, over only what the check before saw there (`seen`). A
 * moved file is renamed back and forth (movedFile.ts), never copied: it stays the same file; a
 * directory renamed as a whole goes back and forth as one (its files' bytes put back while it is at
 * its new name, written again once it is there again).
 */
const putBack = (writes: ReadonlyArray<PlannedWrite>, which: "original" | "next", seen: ReadonlyMap<string, ExpectedFile>, dirMoves: ReadonlyArray<DirMove> = []) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    if (which === "next") for (const m of dirMoves) yield* store.moveDirectory(m.from, m.to, { identity: m.identity })
    const sources = new Set<number>()
    for (const [i, w] of writes.entries()) {
      if (w.moveFrom === undefined) continue
      const at = moveSourceIndex(writes, i)
      if (at !== -1) sources.add(at)
      const source = at === -1 ? undefined : writes[at]
      if (which === "original") yield* moveOut(w as MoveWrite, source, seen.get(w.target.relative))
      else {
        const expect = seen.get(w.moveFrom.relative)
        const expectTarget = seen.get(w.target.relative)
        yield* moveIn(w as MoveWrite, { ...(expect !== undefined ? { expect } : {}), ...(expectTarget !== undefined ? { expectTarget } : {}) })
        if (source?.next != null) yield* store.createExclusive(source.target, source.next, (source.nextMode ?? source.mode) === null ? undefined : { mode: (source.nextMode ?? source.mode)! })
      }
    }
    if (which === "original") for (const m of [...dirMoves].reverse()) yield* store.moveDirectory(m.to, m.from, { identity: m.identity })
    for (const [i, w] of writes.entries()) {
      if (w.moveFrom !== undefined || sources.has(i) || w.carried === true) continue
      const bytes = which === "original" ? w.original : w.next
      if (bytes === null) yield* store.remove(w.target)
      else {
        const mode = which === "next" ? w.nextMode ?? w.mode : w.mode
        const expect = seen.get(w.target.relative)
        yield* store.writeAtomic(w.target, bytes, { ...(mode === null ? {} : { mode }), splitLinks: w.inPlace !== true, ...(expect !== undefined ? { expect } : {}) })
      }
    }
  })

export type Plans = Effect.Effect.Success<ReturnType<typeof planFor>>

/**
 * Every file the checker just read still holds what `which` put there: otherwise another program
 * wrote it meanwhile and the checker's verdict is about its bytes (SPL-E034; the transaction rolls
 * back, and leaves that program's content as it is).
 */
const checkedWhatWasWritten = (writes: ReadonlyArray<PlannedWrite>, which: "original" | "next", tool: string) =>
  Effect.gen(function*() {
    const changes: Array<{ file: string; expected: string; actual: string }> = []
    const seen = new Map<string, ExpectedFile>()
    for (const w of writes) {
      const expected = which === "next" ? (w.next === null ? ABSENT : w.checksumAfter) : w.checksumBefore ?? ABSENT
      const now = yield* currentState(w.target)
      if (now.checksum !== expected) changes.push({ file: w.target.relative, expected, actual: now.checksum })
      if (now.expect !== undefined) seen.set(w.target.relative, now.expect)
    }
    if (changes.length === 0) return seen
    return yield* Effect.fail(spliceError("SPL-E034", `${changes.map((c) => c.file).join(", ")} changed while ${tool} checked the edit: its verdict is not about what splice wrote, so the edit was rolled back (the new content was left as it is)`, {
      context: { race: "content", files: changes.map((c) => c.file), changes }
    }))
  })

/**
 * The skip reasons of many files, said once: "no tsconfig.json between a.ts and the workspace root"
 * for 20 files becomes one reason naming the first few (a 20-file apply repeated it 20 times).
 */
export const skipReasons = (reasons: ReadonlyArray<string>): string => {
  const noMarker = /^no (.+) between (.+) and the workspace root$/
  const said: Array<string | { readonly markers: string; readonly files: string[] }> = []
  for (const r of new Set(reasons)) {
    const m = noMarker.exec(r)
    const same = m === null ? undefined : said.find((x) => typeof x !== "string" && x.markers === m[1])
    if (m === null) said.push(r)
    else if (same !== undefined && typeof same !== "string") same.files.push(m[2]!)
    else said.push({ markers: m[1]!, files: [m[2]!] })
  }
  return said.map((x) => {
    if (typeof x === "string") return x
    if (x.files.length === 1) return `no ${x.markers} between ${x.files[0]} and the workspace root`
    const named = x.files.length <= 3 ? x.files.join(", ") : `${x.files.slice(0, 3).join(", ")} and ${x.files.length - 3} more`
    return `no ${x.markers} between any of ${x.files.length} files (${named}) and the workspace root`
  }).join("; ")
}

/**
 * tsc's TS6305 ("Output file 'dist/x.d.ts' has not been built from source file 'src/x.ts'"): a
 * project reference whose outputs are not built (`tsc -b` builds them; the gate runs `tsc -p
 * --noEmit`). The state of a build, not of the code: a moved source changes the output it names,
 * which is never a new error.
 */
const buildState = (d: Diagnostic) => d.tool === "tsc" && d.code === "TS6305"

/**
 * The gate on written files (run inside the transaction, after the writes, before the commit mark),
 * with plans made before anything was written — so a required but missing checker stops the edit
 * before it touches the disk.
 */
/**
 * Files a command moves or copies: the checker's errors in the file before stand for the same errors
 * under its new name after (mv), or under both names (cp), so that a file that already had errors
 * can be moved or copied.
 */
export interface Carried {
  readonly pairs: ReadonlyArray<{ readonly from: string; readonly to: string }>
  readonly copy: boolean
  /** The checks of the state before: a moved file is checked where it was (a per-file checker would find nothing at its new name). */
  readonly before: Plans
  /** Directories the transaction renames as a whole (its `carried` writes go with them). */
  readonly dirMoves?: ReadonlyArray<DirMove>
}

/** The baseline's diagnostics as they read once the files moved or were copied. */
const carriedBaseline = (before: ReadonlyArray<Diagnostic>, carried: Carried | undefined): ReadonlyArray<Diagnostic> => {
  if (carried === undefined || carried.pairs.length === 0) return before
  const to = new Map(carried.pairs.map((p) => [p.from, p.to]))
  return before.flatMap((d) => {
    const moved = to.get(d.file)
    if (moved === undefined) return [d]
    return carried.copy ? [d, { ...d, file: moved }] : [{ ...d, file: moved }]
  })
}

export const compilerGate = (writes: ReadonlyArray<PlannedWrite>, settings: CompilerSettings, plans: Plans, carried?: Carried) =>
  Effect.gen(function*() {
    if (settings.mode === "off") return skippedVerdict("disabled by --validate")
    const { runs, skips } = plans
    if (runs.length === 0) return skippedVerdict(skipReasons(skips.map((s) => s.reason)) || "no checker", skips[0]?.tool)
    const tool = [...new Set(runs.map((r) => r.tool))].join(", ")
    const after = yield* runPlans(runs, settings, plans.covers)
    if (after.missing.length === runs.length) return skippedVerdict(`${after.missing.join(", ")} could not be started`, tool)
    const written = yield* checkedWhatWasWritten(writes, "next", tool)
    const errorsAfter = errorsOf(after.diagnostics)
    // A file the checker did not read (outside its tsconfig's program) was not checked: never "passed" for it.
    const unread = withNotes(unreadNote(tool, after.unchecked, plans.covers), runs)
    if (errorsAfter.length === 0 && after.failures.length === 0) {
      if (unread?.all === true) return skippedVerdict(unread.reason, tool)
      return { gate: "compiler", status: "passed", tool, ...(unread !== undefined ? { reason: unread.reason } : {}), diagnostics: [], preexisting: 0, baseline: false, duration_ms: after.durationMs } satisfies CompilerVerdict
    }
    // Errors, or a checker without a verdict: what did the original state give? Check it (still under
    // our locks), then restore the edit. The baseline tells new errors from old ones, and whether a
    // checker that failed to run failed before the edit too.
    yield* putBack(writes, "original", written, carried?.dirMoves)
    const before = yield* runPlans(carried?.before.runs ?? runs, settings)
    yield* putBack(writes, "next", yield* checkedWhatWasWritten(writes, "original", tool), carried?.dirMoves)
    const fresh = errorsOf(newDiagnostics(carriedBaseline(before.diagnostics, carried), after.diagnostics)).filter((d) => !buildState(d))
    const duration = after.durationMs + before.durationMs
    const failedBefore = new Set(before.failures.map((f) => f.key))
    const failures: GateFailure[] = [
      ...after.failures.map(({ key, ...f }) => ({ ...f, before: failedBefore.has(key) ? "failed_to_run" as const : "ran" as const })),
      ...(fresh.length > 0 ? [] : stoppedEarly(errorsAfter))
    ]
    if (fresh.length > 0) {
      return yield* Effect.fail(spliceError("SPL-E043", `${tool} reports ${fresh.length} new error(s); the edit was rolled back`, {
        context: {
          tool, files: writes.map((w) => w.target.relative), diagnostics: fresh, preexisting: errorsAfter.length - fresh.length, duration_ms: duration,
          ...(failures.length > 0 ? { failures } : {})
        }
      }))
    }
    if (failures.length > 0) {
      if (settings.require) return yield* requiredButFailed(tool, failures, true)
      return {
        gate: "compiler", status: "failed_to_run", tool, reason: failureReason(failures), failures,
        diagnostics: [], preexisting: errorsAfter.length, baseline: true, duration_ms: duration
      } satisfies CompilerVerdict
    }
    return { gate: "compiler", status: "passed", tool, ...(unread !== undefined ? { reason: unread.reason } : {}), diagnostics: [], preexisting: errorsAfter.length, baseline: true, duration_ms: duration } satisfies CompilerVerdict
  })

/** The runs' own notes on what they leave unchecked (CheckerPlan.notChecked), after the unread files'. */
const withNotes = (unread: { readonly all: boolean; readonly reason: string } | undefined, runs: ReadonlyArray<CheckerPlan & { readonly kind: "run" }>) => {
  const notes = [...new Set(runs.flatMap((r) => (r.notChecked === undefined ? [] : [r.notChecked])))]
  if (notes.length === 0) return unread
  return { all: unread?.all ?? false, reason: [...(unread === undefined ? [] : [unread.reason]), ...notes].join("; ") }
}

/**
 * The files the checker did not read (tsc: a file no `files`/`include` of its tsconfig takes in, nor
 * an import of one; go: a file its build constraints leave out): said in the verdict's reason, with
 * why; `all` when no planned file was read.
 */
const unreadNote = (tool: string, unchecked: ReadonlyArray<{ readonly file: WorkspacePath; readonly why: string }>, covers: ReadonlyMap<string, ReadonlyArray<WorkspacePath>> | undefined) => {
  const files = [...new Set(unchecked.map((u) => u.file))]
  if (files.length === 0) return undefined
  const planned = new Set([...(covers?.values() ?? [])].flat())
  const whys = [...new Set(unchecked.map((u) => u.why))]
  const named = files.length <= 3 ? files.join(", ") : `${files.slice(0, 3).join(", ")} and ${files.length - 3} more`
  return {
    all: planned.size > 0 && files.length >= planned.size,
    reason: `${tool} did not check ${named}: ${whys.join("; ")}`
  }
}
