/**
 * `splice edit`: exact-text replacements in one file, validated in memory, then written through the
 * journaled, locked, atomic write path. Preview shows the diff and the verdict and writes nothing.
 */
import { nearMissHint } from "../domain/textMatch.js"
import * as Effect from "effect/Effect"
import type { Edit, EditFailure } from "../domain/applyEdits.js"
import { applyBatch } from "./applyBatch.js"
import type { ChangeOp } from "../domain/changeSet.js"
import { applyChangeSet } from "../domain/changeEngine.js"
import { ALL_TIERS } from "../domain/tolerantMatch.js"
import { unifiedDiff } from "../domain/diff.js"
import { spliceError } from "../domain/SpliceError.js"
import { Output } from "../../services/Output.js"
import { type ValidateMode, Validator, type Verdict } from "../../services/Validator.js"
import { type CompilerSettings, skippedVerdict } from "./compilerGate.js"
import { refuseNul } from "./resultLimits.js"
import { commitOne, encodedText, lockedTextTarget, refuseFailedSyntax, replacing, type SingleFileWriteConfig, textDigests, withLockedFile } from "./singleFileWrite.js"
import type { TextTarget } from "./textTarget.js"
import { editEvidence } from "./editEvidence.js"
import { graphAfterWrite } from "./graphAfterWrite.js"
import { compilerLine, previewVerdict, verdictLine } from "./verdictText.js"
import type { Catalog } from "../domain/locale/index.js"
import type { EditHow } from "../schema/results/edit.js"
import { applyPositional, contentOf, describePositional, flagOf, type PositionalEdit, positionalError } from "./positionalEdit.js"
import { lineEndingReport } from "../domain/lineEndings.js"

export type { PositionalEdit }

export interface EditConfig extends SingleFileWriteConfig {
  /** Exact-text replacements; empty when `positional` is given. */
  readonly edits: ReadonlyArray<Edit>
  /** An edit by position (lines or an anchor) instead of `edits`. */
  readonly positional?: PositionalEdit
  /** The syntax gate. */
  readonly validate: ValidateMode
  /**
   * Tolerant matching (`--fuzzy`): when OLD does not occur exactly, the tiers of `splice apply`
   * (trailing whitespace, indentation, Unicode look-alikes), each of which must find one match.
   */
  readonly fuzzy?: boolean
}

const shorten = (s: string, n = 200) => (s.length > n ? s.slice(0, n) + "…" : s)

const matchError = (file: string, failure: EditFailure, edits: ReadonlyArray<Edit>) => {
  const which = edits.length > 1 ? ` (edit ${failure.index + 1} of ${edits.length})` : ""
  switch (failure.kind) {
    case "empty_old":
      return spliceError("SPL-E011", `the text to replace is empty${which}`, { context: { file, edit: failure.index + 1 } })
    case "not_found": {
      const hint = nearMissHint(failure.candidates)
      return spliceError("SPL-E071", `text not found in ${file}${which}`, {
        ...(hint !== undefined ? { hint } : {}),
        context: { file, edit: failure.index + 1, searched_for: shorten(edits[failure.index]!.old), candidates: failure.candidates }
      })
    }
    case "ambiguous":
      return spliceError("SPL-E072", `text occurs ${failure.count} times in ${file}${which}`, {
        context: { file, edit: failure.index + 1, count: failure.count, lines: failure.lines }
      })
  }
}

/** NEW is there but nothing shows this edit put it there: a lost edit must not pass as a retry. */
const unprovenRetry = (file: string, index: number, edits: ReadonlyArray<Edit>, newLines: ReadonlyArray<number>) => {
  const which = edits.length > 1 ? ` (edit ${index + 1} of ${edits.length})` : ""
  const where = newLines.length === 1 ? `line ${newLines[0]}` : `lines ${newLines.join(", ")}`
  return spliceError("SPL-E071", `text not found in ${file}${which}; the replacement text already occurs at ${where}, but no splice transaction made this edit`, {
    hint: `The replacement text at ${where} may be unrelated to this edit. Read the file: if the change you meant is really there, there is nothing to do; otherwise give the exact text to replace.`,
    context: { file, edit: index + 1, searched_for: shorten(edits[index]!.old), new_text_lines: newLines, reason: "new_text_present_without_evidence", candidates: [] }
  })
}

const compilerOff = (c: CompilerSettings | undefined) => (c === undefined || c.mode === "off" ? "disabled by --validate" : undefined)

/**
 * The new text an edit computed in memory, and the result fields that say how. Everything after it
 * (gates, preview, journal, commit, result) is the same for every kind of edit.
 */
interface Planned {
  readonly text: string
  /** Fields of a changed or previewed result (exact: replacements; positional: mode and lines). */
  readonly fields: EditHow
  /** Fields that close the result (exact: each edit's outcome). */
  readonly trailer: EditHow
  /** When the text stays as it was: the fields and the human line that say why. */
  readonly unchanged: { readonly fields: EditHow & { readonly already_applied: boolean }; readonly human: (t: Catalog) => string }
  /** What the journal records as evidence for a later retry (exact edits only). */
  readonly journalEdits: ReadonlyArray<Edit>
  /** Human phrase for the commit line, in the catalog's language. */
  readonly summary: (t: Catalog) => string
}

/** Exact-text replacements: OLD must occur once (or --replace-all); a retry needs the journal's evidence. */
const planExact = (config: EditConfig, target: TextTarget) =>
  Effect.gen(function*() {
    const file = target.path.relative
    const applied = yield* applyBatch(file, target.content.text, target.content.lineEnding, config.edits)
    if (!applied.ok) return yield* Effect.fail(matchError(file, applied.failure, config.edits))
    const replacements = applied.outcomes.reduce((n, o) => n + o.replacements, 0)
    // "Already applied" is claimed only with the journal's evidence that this edit happened.
    const evidence = new Map<number, string>()
    for (const o of applied.outcomes) {
      if (!o.alreadyApplied) continue
      const tx = yield* editEvidence(file, config.edits[o.index]!)
      if (tx === undefined) return yield* Effect.fail(unprovenRetry(file, o.index, config.edits, o.lines))
      evidence.set(o.index, tx)
    }
    const edits = applied.outcomes.map((o) => ({
      edit: o.index + 1,
      replacements: o.replacements,
      already_applied: o.alreadyApplied,
      ...(evidence.has(o.index) ? { applied_by: evidence.get(o.index) } : {}),
      lines: o.lines
    }))
    // Every edit applied before (with evidence), or some replaced a text by itself.
    const alreadyApplied = applied.outcomes.some((o) => o.alreadyApplied)
    return {
      text: applied.text,
      fields: { replacements },
      trailer: { edits },
      unchanged: {
        fields: { already_applied: alreadyApplied, replacements: 0 },
        human: (t: Catalog) => `${t.summary.nothingToChange(file, [...evidence.values()])}\n`
      },
      journalEdits: config.edits.filter((_, i) => !applied.outcomes[i]!.alreadyApplied),
      summary: (t: Catalog) => t.summary.replacements(replacements)
    } satisfies Planned
  })

/**
 * --fuzzy: each edit exact first, then through the tolerant tiers (one engine with `splice apply`);
 * the result says how each matched. A looser tier never picks between several matches.
 */
const planFuzzy = (config: EditConfig, target: TextTarget) =>
  Effect.gen(function*() {
    const file = target.path.relative
    const ops: ChangeOp[] = config.edits.map((e, i) => ({ kind: "edit", file, old: e.old, new: e.new, replaceAll: e.replaceAll === true, origin: { line: i + 1 } }))
    const run = applyChangeSet(ops, new Map([[file, target.content]]), { tiers: ALL_TIERS })
    if (!run.ok) {
      const f = run.failure
      const failure: EditFailure = f.kind === "ambiguous"
        ? { kind: "ambiguous", index: f.op, count: f.lines.length, lines: f.lines }
        : f.kind === "not_found"
        ? { kind: "not_found", index: f.op, candidates: f.candidates }
        : { kind: "empty_old", index: f.op }
      return yield* Effect.fail(matchError(file, failure, config.edits))
    }
    const evidence = new Map<number, string>()
    for (const c of run.result.claims) {
      const tx = yield* editEvidence(file, config.edits[c.op]!)
      if (tx === undefined) return yield* Effect.fail(unprovenRetry(file, c.op, config.edits, [c.line]))
      evidence.set(c.op, tx)
    }
    const edits = run.result.steps.map((s) => ({
      edit: s.op + 1,
      replacements: s.alreadyApplied ? 0 : 1,
      already_applied: s.alreadyApplied,
      ...(evidence.has(s.op) ? { applied_by: evidence.get(s.op) } : {}),
      matched_with: s.matchedWith,
      lines: [s.lines[0]]
    }))
    const replacements = edits.reduce((n, e) => n + e.replacements, 0)
    const after = run.result.files.get(file)!
    return {
      text: after.text,
      fields: { replacements, matched_with: [...new Set(edits.map((e) => e.matched_with))] },
      trailer: { edits },
      unchanged: {
        fields: { already_applied: evidence.size > 0, replacements: 0 },
        human: (t: Catalog) => `${t.summary.nothingToChange(file, [...evidence.values()])}\n`
      },
      journalEdits: config.edits.filter((_, i) => !evidence.has(i)),
      summary: (t: Catalog) => t.summary.replacements(replacements, [...new Set(edits.map((e) => e.matched_with))].join(", "))
    } satisfies Planned
  })

/**
 * An edit by position. Not idempotent (a retried insert inserts again), so the journal records no
 * evidence for it: --expect-checksum is what makes a retry safe.
 */
const planPositional = (p: PositionalEdit, target: TextTarget) =>
  Effect.gen(function*() {
    const file = target.path.relative
    const r = applyPositional(p, target.content.text, target.content.lineEnding)
    if (!r.ok) return yield* Effect.fail(positionalError(file, p, r.failure))
    const fields = { mode: p.mode, lines: { from: r.from, to: r.to } }
    return {
      text: r.text,
      fields,
      trailer: {},
      unchanged: { fields: { already_applied: false, ...fields }, human: (t: Catalog) => `${t.summary.linesAlreadySo(file)}\n` },
      journalEdits: [],
      summary: (t: Catalog) => describePositional(p, r.from, r.to, t)
    } satisfies Planned
  })

/** Refusals that need no file: an empty batch or OLD, NUL in new text, positional flags mixed with edits. */
const checkRequest = (config: EditConfig) =>
  Effect.gen(function*() {
    const p = config.positional
    if (p !== undefined) {
      if (config.edits.length > 0) return yield* Effect.fail(spliceError("SPL-E010", `${flagOf[p.mode]} cannot be combined with exact-text edits`))
      if ((p.mode === "after" || p.mode === "before") && p.anchor.length === 0) {
        return yield* Effect.fail(spliceError("SPL-E010", `${flagOf[p.mode]} needs a non-empty anchor text`))
      }
      return yield* refuseNul(config.file, [contentOf(p)])
    }
    if (config.edits.length === 0) return yield* Effect.fail(spliceError("SPL-E010", "no edit given: pass --replace-old/--replace-new or --edits"))
    const empty = config.edits.findIndex((e) => e.old.length === 0)
    if (empty !== -1) return yield* Effect.fail(matchError(config.file, { kind: "empty_old", index: empty }, config.edits))
    yield* refuseNul(config.file, config.edits.map((e) => e.new))
  })

export const edit = (config: EditConfig) =>
  Effect.gen(function*() {
    const validator = yield* Validator
    const output = yield* Output

    yield* checkRequest(config)

    return yield* withLockedFile(config, (path) => Effect.gen(function*() {
      const target = yield* lockedTextTarget(path, config)

      const planned: Planned = config.positional !== undefined
        ? yield* planPositional(config.positional, target)
        : config.fuzzy === true
        ? yield* planFuzzy(config, target)
        : yield* planExact(config, target)
      const base = {
        file: path.relative,
        // The file as written (as read, when nothing changes).
        ...lineEndingReport(planned.text),
        bom: target.content.bom,
        checksum_before: target.checksum
      }

      if (planned.text === target.content.text) {
        const v: Verdict = { gate: "syntax", status: "skipped", reason: "nothing to change", errors: [], preexisting: 0 }
        return yield* output.result("edit", {
          ...base,
          changed: false,
          ...planned.unchanged.fields,
          checksum_after: target.checksum,
          validation: v,
          compiler: skippedVerdict("nothing to change"),
          tx: null,
          ...planned.trailer
        }, planned.unchanged.human(output.catalog))
      }

      const { next, checksumAfter } = yield* encodedText(path.relative, planned.text, target.content.bom, config.maxBytes)
      const verdict = yield* validator.validate({
        path: path.relative,
        before: target.content.text,
        after: planned.text,
        mode: config.validate,
        ...textDigests(target.content.bom, target.checksum, checksumAfter)
      })
      // Only when shown: a diff of a 100,000-edit batch costs more than the batch.
      const diffNow = () => unifiedDiff(target.content.text, planned.text, path.relative)

      if (config.preview) {
        const diff = diffNow()
        const pv = previewVerdict(path.relative, verdict)
        return yield* output.result("edit", {
          ...base,
          preview: true,
          changed: false,
          would_change: true,
          would_succeed: pv.wouldSucceed,
          ...planned.fields,
          checksum_after: checksumAfter,
          validation: verdict,
          compiler: skippedVerdict(compilerOff(config.compiler) ?? "not run by --preview: the checker reads the files on disk"),
          tx: null,
          diff,
          ...planned.trailer
        }, `${diff}${pv.human(output.catalog)}`)
      }
      yield* refuseFailedSyntax(path.relative, verdict, (count) => `the edit would introduce ${count} syntax error(s) in ${path.relative}`)
      const { tx, compiler, writeStrategy } = yield* commitOne(replacing(target, next, checksumAfter), config, {
        command: "edit",
        edits: planned.journalEdits.map((e) => ({ file: path.relative, old: e.old, new: e.new }))
      })

      const graph = yield* graphAfterWrite([path.relative], config)
      const diff = config.showDiff ? diffNow() : undefined
      return yield* output.result("edit", {
        ...base,
        changed: true,
        already_applied: false,
        ...planned.fields,
        checksum_after: checksumAfter,
        validation: verdict,
        compiler,
        tx: tx.id,
        write_strategy: writeStrategy,
        ...graph.fields,
        ...(diff !== undefined ? { diff } : {}),
        ...planned.trailer
      }, (t) => `${diff ?? ""}${t.summary.edited(path.relative, planned.summary(t), verdictLine(verdict, t), compilerLine(compiler, t), tx.id)}\n${graph.human}`)
    }))
  })
