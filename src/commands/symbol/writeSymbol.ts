/**
 * The write path `splice patch`, `delete` and `insert` share, `splice edit`'s for one file: lock,
 * read, check --expect-checksum, find the definition and compute the new text on the locked file,
 * syntax gate, then preview or journal and commit (undo reverses it), and refresh the graph.
 * Returns the result's fields and its human text for the command to print under its own name.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { unifiedDiff } from "../../domain/diff.js"
import type { SpliceError } from "../../domain/SpliceError.js"
import { spliceError } from "../../domain/SpliceError.js"
import type { Lines } from "../../domain/symbolEdit/edits.js"
import { lastLineOf, lineAt } from "../../domain/symbolEdit/textLines.js"
import type { Catalog } from "../../domain/locale/catalog.js"
import type { SymbolKind } from "../../domain/graph/facts.js"
import type { LineEnding } from "../../domain/lineEndings.js"
import { encodeText } from "../../domain/textContent.js"
import { grammarForPath } from "../../domain/languages.js"
import { userPath } from "../../domain/workspacePath.js"
import { FileStore } from "../../../services/FileStore.js"
import { Hasher } from "../../../services/Hasher.js"
import { identityLock, Lock } from "../../../services/Lock.js"
import { type ValidateMode, Validator, type Verdict } from "../../../services/Validator.js"
import { COMPILER_OFF, type CompilerSettings, type CompilerVerdict, compilerGate, planFor, skippedVerdict } from "../compilerGate.js"
import type { GraphReport } from "../graphAfterWrite.js"
import { autoRecover, refuseBlocked } from "../recover.js"
import { refuseGrowth } from "../resultLimits.js"
import { checkExpected, loadTextTarget, refuseReserved } from "../textTarget.js"
import { commitWrites, expectedFrom, writeStrategy } from "../transaction.js"
import { compilerLine, previewVerdict, syntaxFailure, verdictLine } from "../verdictText.js"
import { type Definition, readSite, type Site } from "./site.js"

export interface SymbolWriteConfig {
  readonly file: string
  readonly preview: boolean
  readonly showDiff: boolean
  readonly expectChecksum?: string
  readonly validate: ValidateMode
  readonly compiler?: CompilerSettings
  readonly maxBytes: number
  readonly lockTimeoutMs: number
  readonly holdMs?: number
  readonly allowGitDir?: boolean
  /** --db: the graph to refresh after the commit. */
  readonly db?: string
}

/** What a command computed on the locked file. */
export interface SymbolChange<F> {
  readonly def: Definition
  /** The whole new text (the file without its BOM). */
  readonly text: string
  /** The lines the result reports (see src/schema/results/symbol.ts). */
  readonly lines: Lines
  readonly fields: F
  /** Human: what was done, e.g. "replaced the body of method Box.get". */
  readonly summary: (t: Catalog) => string
  /** Human: said after the lines, e.g. "its doc comment and decorators kept". */
  readonly note?: (t: Catalog) => string
}

/** The fields of every patch/delete/insert result, then those of each outcome (src/schema/results/symbol.ts). */
type Written<F> = F & {
  readonly file: string
  readonly symbol: ReturnType<typeof symbolFields>
  readonly lines: Lines
  readonly line_ending: LineEnding
  readonly bom: boolean
  readonly checksum_before: string
  readonly checksum_after: string
  readonly validation: Verdict
  readonly compiler: CompilerVerdict
}
export type Unchanged<F> = Written<F> & { readonly changed: false; readonly tx: null }
export type Changed<F> =
  | (Written<F> & { readonly preview: true; readonly changed: false; readonly would_change: true; readonly would_succeed: boolean; readonly tx: null; readonly diff: string })
  | (Written<F> & { readonly changed: true; readonly tx: string; readonly write_strategy: "rename" | "inplace"; readonly graph?: GraphReport; readonly diff?: string })

/** Whether an outcome changed (or would change) the file: a deletion or an insertion always does. */
export const changedOutcome = <F>(o: Unchanged<F> | Changed<F>): o is Changed<F> => "preview" in o || o.changed

/** The symbol as results describe it, with its lines (doc comment and decorators included) in the file before. */
export const symbolFields = (site: Site, def: Definition) => ({
  name: def.name,
  qualified_name: def.qualifiedName,
  kind: def.kind as SymbolKind | "impl",
  container: def.container,
  from: lineAt(site.lines, def.parts.start) + 1,
  to: lastLineOf(site.lines, def.parts.start, def.parts.end) + 1
})

/** The refresh after the commit: its result field and human line (graphAfterWrite, or the graph command's own). */
export type AfterCommit<R> = (paths: ReadonlyArray<string>) => Effect.Effect<{ readonly fields: { readonly graph?: GraphReport }; readonly human: string }, SpliceError, R>

export const writeSymbol = <F, R1, R2>(
  command: "patch" | "delete" | "insert",
  config: SymbolWriteConfig,
  plan: (site: Site) => Effect.Effect<SymbolChange<F>, SpliceError, R1>,
  afterCommit: AfterCommit<R2>
) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const lock = yield* Lock
    const validator = yield* Validator

    const blocked = config.preview ? new Map() : yield* autoRecover
    const path = yield* store.resolve(userPath(config.file))
    yield* refuseReserved(path, config.allowGitDir === true)
    yield* refuseBlocked(blocked, [path.relative])
    return yield* Effect.scoped(Effect.gen(function*() {
      if (!config.preview) yield* lock.acquire([path.relative], Duration.millis(config.lockTimeoutMs))
      let target = yield* loadTextTarget(path, config.maxBytes)
      if (!config.preview && target.info.nlink > 1) {
        // Another name of the same file may be edited at the same time: lock the file itself too, then read again.
        yield* lock.acquire(identityLock(target.info), Duration.millis(config.lockTimeoutMs))
        target = yield* loadTextTarget(path, config.maxBytes)
      }
      yield* checkExpected(path, target.checksum, config.expectChecksum)
      const site = yield* readSite(target, grammarForPath(path.relative))
      const change = yield* plan(site)
      const common = {
        file: path.relative,
        symbol: symbolFields(site, change.def),
        lines: change.lines,
        line_ending: target.content.lineEnding,
        bom: target.content.bom,
        checksum_before: target.checksum,
        ...change.fields
      }
      if (change.text === target.content.text) {
        const validation: Verdict = { gate: "syntax", status: "skipped", reason: "nothing to change", errors: [], preexisting: 0 }
        const outcome: Unchanged<F> = { ...common, changed: false as const, checksum_after: target.checksum, validation, compiler: skippedVerdict("nothing to change"), tx: null }
        return { outcome, human: (t: Catalog) => `${t.symbol.unchanged(path.relative, change.summary(t))}\n` }
      }

      const verdict = yield* validator.validate({ path: path.relative, before: target.content.text, after: change.text, mode: config.validate })
      const next = encodeText(change.text, target.content.bom)
      yield* refuseGrowth(path.relative, next.length, config.maxBytes)
      const checksumAfter = yield* hasher.blake3(next)
      const diffNow = () => unifiedDiff(target.content.text, change.text, path.relative)
      const where = (t: Catalog) => t.symbol.lines(change.lines.from, change.lines.to, change.note?.(t))

      if (config.preview) {
        const diff = diffNow()
        const pv = previewVerdict(path.relative, verdict)
        const compiler: CompilerVerdict = skippedVerdict(config.compiler === undefined || config.compiler.mode === "off" ? "disabled by --validate" : "not run by --preview: the checker reads the files on disk")
        const outcome: Changed<F> = { ...common, preview: true as const, changed: false as const, would_change: true as const, would_succeed: pv.wouldSucceed, checksum_after: checksumAfter, validation: verdict, compiler, tx: null, diff }
        return { outcome, human: (t: Catalog) => `${diff}${pv.human(t)}${t.symbol.preview(path.relative, change.summary(t), where(t))}\n` }
      }
      if (verdict.status === "failed") {
        const failure = syntaxFailure(path.relative, verdict)
        return yield* Effect.fail(spliceError("SPL-E042", `the ${command} would introduce ${failure.count} syntax error(s) in ${path.relative}; nothing written`, { context: failure.context }))
      }
      const writes = [{ target: path, original: target.bytes, mode: target.info.mode, next, checksumBefore: target.checksum, checksumAfter, ...expectedFrom(target.info, target.bytes) }]
      const gate = config.compiler ?? COMPILER_OFF
      const plans = yield* planFor([path.relative], gate)
      const { tx, verified: compiler } = yield* commitWrites(
        writes,
        { command, ...(config.holdMs !== undefined ? { holdMs: config.holdMs } : {}) },
        compilerGate(writes, gate, plans)
      )
      const graph = yield* afterCommit([path.relative])
      const diff = config.showDiff ? diffNow() : undefined
      const outcome: Changed<F> = {
        ...common,
        changed: true as const,
        checksum_after: checksumAfter,
        validation: verdict,
        compiler,
        tx: tx.id,
        write_strategy: writeStrategy(writes[0]!),
        ...graph.fields,
        ...(diff !== undefined ? { diff } : {})
      }
      return { outcome, human: (t: Catalog) => `${diff ?? ""}${t.symbol.done(path.relative, change.summary(t), where(t), verdictLine(verdict, t), compilerLine(compiler, t), tx.id)}\n${graph.human}` }
    }))
  })
