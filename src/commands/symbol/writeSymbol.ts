/**
 * The write path `splice patch`, `delete` and `insert` share (the steps of every single-file write,
 * singleFileWrite.ts): lock, read, check --expect-checksum, find the definition and compute the new
 * text on the locked file, syntax gate, then preview or journal and commit (undo reverses it), and
 * refresh the graph.
 * Returns the result's fields and its human text for the command to print under its own name.
 */
import * as Effect from "effect/Effect"
import { unifiedDiff } from "../../domain/diff.js"
import type { SpliceError } from "../../domain/SpliceError.js"
import type { Lines } from "../../domain/symbolEdit/edits.js"
import { lastLineOf, lineAt } from "../../domain/symbolEdit/textLines.js"
import type { Catalog } from "../../domain/locale/catalog.js"
import type { SymbolKind } from "../../domain/graph/facts.js"
import { grammarForPath } from "../../domain/languages.js"
import { type ValidateMode, Validator, type Verdict } from "../../../services/Validator.js"
import { type CompilerVerdict, skippedVerdict } from "../compilerGate.js"
import type { GraphReport } from "../graphAfterWrite.js"
import { commitOne, encodedText, lockedTextTarget, refuseFailedSyntax, replacing, type SingleFileWriteConfig, withLockedFile } from "../singleFileWrite.js"
import { compilerLine, previewVerdict, verdictLine } from "../verdictText.js"
import { type Definition, readSite, type Site } from "./site.js"
import { type LineEndingFields, lineEndingReport } from "../../domain/lineEndings.js"

export interface SymbolWriteConfig extends SingleFileWriteConfig {
  readonly validate: ValidateMode
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
  readonly line_ending: LineEndingFields["line_ending"]
  readonly line_ending_dominant?: LineEndingFields["line_ending_dominant"]
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
  withLockedFile(config, (path) =>
    Effect.gen(function*() {
      const validator = yield* Validator
      const target = yield* lockedTextTarget(path, config)
      const site = yield* readSite(target, grammarForPath(path.relative))
      const change = yield* plan(site)
      const common = {
        file: path.relative,
        symbol: symbolFields(site, change.def),
        lines: change.lines,
        ...lineEndingReport(target.content.text),
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
      const { next, checksumAfter } = yield* encodedText(path.relative, change.text, target.content.bom, config.maxBytes)
      const diffNow = () => unifiedDiff(target.content.text, change.text, path.relative)
      const where = (t: Catalog) => t.symbol.lines(change.lines.from, change.lines.to, change.note?.(t))

      if (config.preview) {
        const diff = diffNow()
        const pv = previewVerdict(path.relative, verdict)
        const compiler: CompilerVerdict = skippedVerdict(config.compiler === undefined || config.compiler.mode === "off" ? "disabled by --validate" : "not run by --preview: the checker reads the files on disk")
        const outcome: Changed<F> = { ...common, preview: true as const, changed: false as const, would_change: true as const, would_succeed: pv.wouldSucceed, checksum_after: checksumAfter, validation: verdict, compiler, tx: null, diff }
        return { outcome, human: (t: Catalog) => `${diff}${pv.human(t)}${t.symbol.preview(path.relative, change.summary(t), where(t))}\n` }
      }
      yield* refuseFailedSyntax(path.relative, verdict, (count) => `the ${command} would introduce ${count} syntax error(s) in ${path.relative}`)
      const { tx, compiler, writeStrategy } = yield* commitOne(replacing(target, next, checksumAfter), config, { command })
      const graph = yield* afterCommit([path.relative])
      const diff = config.showDiff ? diffNow() : undefined
      const outcome: Changed<F> = {
        ...common,
        changed: true as const,
        checksum_after: checksumAfter,
        validation: verdict,
        compiler,
        tx: tx.id,
        write_strategy: writeStrategy,
        ...graph.fields,
        ...(diff !== undefined ? { diff } : {})
      }
      return { outcome, human: (t: Catalog) => `${diff ?? ""}${t.symbol.done(path.relative, change.summary(t), where(t), verdictLine(verdict, t), compilerLine(compiler, t), tx.id)}\n${graph.human}` }
    }))
