/**
 * The one engine behind `splice apply`: a ChangeSet applied in memory to the files it names, op by
 * op, each op to the result of the ones before. Nothing here touches a disk: the command loads
 * every file first, runs this, gates the result, and only then writes — so a hunk that fails
 * halfway through the input has changed nothing anywhere.
 */
import type { ChangeOp, Hunk } from "./changeSet.js"
import { applyOne } from "./editStep.js"
import { fromLines, spliceLines, toLines } from "./fileLines.js"
import { deleteLines, insertAt, type LineEditFailure } from "./lineEdits.js"
import { detectLineEnding, type LineEnding, toStyle } from "./lineEndings.js"
import { lineOfOffset, lineStarts, type NearMiss, nearestCandidates } from "./textMatch.js"
import { adaptReplacement, locateLines, locateText, replacementLines, type Tier } from "./tolerantMatch.js"

/** A file's editable state: text without BOM, the BOM, and the dominant line ending. */
export interface FileText {
  readonly text: string
  readonly bom: boolean
  readonly lineEnding: LineEnding
}

/** How a hunk or edit was placed: a matching tier, or a placement that needs no match. */
export type Placement = Tier | "appended" | "inserted" | "line_numbers"

export interface StepReport {
  /** 0-based op index and hunk index within it (edits and line ops have hunk 0). */
  readonly op: number
  readonly hunk: number
  readonly file: string
  readonly matchedWith: Placement
  /** 1-based first and last line of the result that the step wrote (to < from: only removed lines). */
  readonly lines: readonly [number, number]
  readonly alreadyApplied: boolean
}

/**
 * A step whose result looks already in place (its new side there with its context, its old side
 * absent): true only with the journal's evidence that this very change was made, which the command
 * looks up. `old`/`new` are what the journal records for the step.
 */
export interface Claim {
  readonly op: number
  readonly hunk: number
  readonly file: string
  readonly old: string
  readonly new: string
  readonly line: number
  /**
   * A file-level claim: `file` is already gone (delete), or already moved to `to` (move). The
   * evidence is a committed transaction that removed `file` (and created `to`).
   */
  readonly removed?: { readonly to?: string }
}

export type EngineFailure =
  | { readonly kind: "missing_file"; readonly op: number; readonly file: string }
  | { readonly kind: "exists"; readonly op: number; readonly file: string }
  | { readonly kind: "empty_old"; readonly op: number; readonly file: string }
  | { readonly kind: "not_found"; readonly op: number; readonly hunk: number; readonly file: string; readonly candidates: ReadonlyArray<NearMiss>; readonly reason?: string }
  | { readonly kind: "ambiguous"; readonly op: number; readonly hunk: number; readonly file: string; readonly tier: Tier; readonly lines: ReadonlyArray<number> }
  | { readonly kind: "anchor_not_found"; readonly op: number; readonly hunk: number; readonly file: string; readonly anchor: string; readonly candidates: ReadonlyArray<NearMiss> }
  | { readonly kind: "delete_mismatch"; readonly op: number; readonly file: string; readonly line: number }
  | { readonly kind: "line_edit"; readonly op: number; readonly file: string; readonly failure: LineEditFailure }

export interface EngineResult {
  /** Final state of every path the change set names (null: absent). */
  readonly files: ReadonlyMap<string, FileText | null>
  /** Destination → source of each move (the destination inherits the source's mode). */
  readonly moves: ReadonlyMap<string, string>
  readonly steps: ReadonlyArray<StepReport>
  readonly claims: ReadonlyArray<Claim>
  /** The exact changes made, for the journal (evidence for a retry): file, old and new text. */
  readonly edits: ReadonlyArray<{ readonly file: string; readonly old: string; readonly new: string }>
}

export interface EngineOptions {
  /** Matching tiers for hunks and edits, in order (just ["exact"] under --exact). */
  readonly tiers: ReadonlyArray<Tier>
}

type Outcome = { readonly ok: true; readonly result: EngineResult } | { readonly ok: false; readonly failure: EngineFailure }

class Stop {
  constructor(readonly failure: EngineFailure) {}
}

const fail = (failure: EngineFailure): never => {
  throw new Stop(failure)
}

/** Text given with `\n` in the style of a file that has one, as `splice write` does. */
const styled = (content: string, into: FileText | null): string =>
  into !== null && (into.lineEnding === "crlf" || into.lineEnding === "cr") && !/\r/.test(content) ? toStyle(content, into.lineEnding) : content

const newFile = (text: string): FileText => ({ text, bom: false, lineEnding: detectLineEnding(text) })

export const applyChangeSet = (ops: ReadonlyArray<ChangeOp>, initial: ReadonlyMap<string, FileText | null>, options: EngineOptions): Outcome => {
  const files = new Map(initial)
  const moves = new Map<string, string>()
  const steps: StepReport[] = []
  const claims: Claim[] = []
  const edits: Array<{ file: string; old: string; new: string }> = []

  const existing = (op: number, file: string): FileText => files.get(file) ?? fail({ kind: "missing_file", op, file })
  const mustBeAbsent = (op: number, file: string) => {
    if (files.get(file) != null) fail({ kind: "exists", op, file })
  }
  const move = (op: number, from: string, to: string) => {
    const state = existing(op, from)
    if (to !== from) {
      mustBeAbsent(op, to)
      files.set(to, state)
      files.set(from, null)
      // A file moved twice inherits from where it first came.
      moves.set(to, moves.get(from) ?? from)
      moves.delete(from)
    }
  }

  /** `verifyOf`: only check that every hunk is already in place (a retried move); else missing `verifyOf`. */
  const applyHunks = (opIndex: number, file: string, hunks: ReadonlyArray<Hunk>, verifyOf?: string) => {
    const state = existing(opIndex, file)
    const f = toLines(state.text, state.lineEnding)
    let cursor = 0
    /**
     * Where earlier hunks went (in the current text) and how many lines each added (negative:
     * removed): a line number hint of the original file points `sum of the shifts above it` lower.
     */
    const placed: Array<{ start: number; shift: number }> = []
    const place = (start: number, shift: number) => {
      for (const p of placed) if (p.start > start) p.start += shift
      placed.push({ start, shift })
    }
    const shiftAbove = (at: number) => placed.reduce((n, p) => (p.start < at ? n + p.shift : n), 0)
    hunks.forEach((h, k) => {
      let from = cursor
      /** Every anchor occurs once where it was searched: the hunk belongs right after the last. */
      let anchoredUniquely = h.anchors.length > 0
      for (const anchor of h.anchors) {
        // An anchor narrows where the hunk is searched: its first occurrence from here on. The
        // hunk must still be unique after it, so a wrong occurrence can only fail, never misplace.
        let a = locateLines(f.lines, [anchor], { from, tiers: options.tiers })
        if (a.kind === "none" && from === cursor && cursor > 0) {
          // Hunks listed bottom-up: the scope may be above the previous hunk; then it must be unique.
          a = locateLines(f.lines, [anchor], { from: 0, tiers: options.tiers })
          if (a.kind === "ambiguous") fail({ kind: "ambiguous", op: opIndex, hunk: k, file, tier: a.tier, lines: a.starts.map((x) => x + 1) })
        }
        if (a.kind === "none") {
          fail({ kind: "anchor_not_found", op: opIndex, hunk: k, file, anchor, candidates: nearestCandidates(fromLines(f), anchor) })
        }
        if (a.kind !== "found") anchoredUniquely = false
        from = (a.kind === "found" ? a.start : Math.min(...(a as { starts: number[] }).starts)) + 1
      }
      if (h.old.length === 0 && verifyOf !== undefined) fail({ kind: "missing_file", op: opIndex, file: verifyOf })
      if (h.old.length === 0) {
        // Nothing to find: after the anchor, at the top for udiff's `-0,0`, else at the end.
        const at = h.anchors.length > 0 ? from : h.lineHint === 0 && h.atEnd !== true ? 0 : f.lines.length
        if (h.lineHint !== undefined && h.lineHint > 0 && h.anchors.length === 0 && h.atEnd !== true && f.lines.length > 0) {
          fail({ kind: "not_found", op: opIndex, hunk: k, file, candidates: [], reason: "a hunk without context lines cannot be placed by its line number alone" })
        }
        spliceLines(f, at, 0, h.new, h.newNoNewlineAtEnd === undefined ? undefined : !h.newNoNewlineAtEnd)
        steps.push({ op: opIndex, hunk: k, file, matchedWith: at === f.lines.length - h.new.length ? "appended" : "inserted", lines: [at + 1, at + h.new.length], alreadyApplied: false })
        edits.push({ file, old: "", new: h.new.join("\n") })
        cursor = at + h.new.length
        place(at, h.new.length)
        return
      }
      let m = locateLines(f.lines, h.old, { from, tiers: options.tiers, ...(h.atEnd === true ? { atEnd: true } : {}) })
      if (m.kind === "none" && from > 0 && h.anchors.length === 0) {
        // Hunks listed out of order (bottom-up): the lines may be above the previous hunk. Then
        // they must be unique in the whole file, not just below it.
        m = locateLines(f.lines, h.old, { from: 0, tiers: options.tiers, ...(h.atEnd === true ? { atEnd: true } : {}) })
      }
      if (m.kind === "ambiguous" && h.lineHint !== undefined) {
        // Only as a tie-breaker: one of the content matches sits exactly where the line number says.
        // Each candidate is judged with the shifts of the hunks above it (hunks may come bottom-up).
        const hint = h.lineHint - 1
        const at = m.starts.filter((s) => s === hint + shiftAbove(s))
        if (at.length === 1) m = { kind: "found", start: at[0]!, tier: m.tier }
      }
      if (m.kind === "ambiguous" && anchoredUniquely) {
        // `@@ def f():` names the scope: the first match after it is the one in that scope (as
        // Codex reads it). Only when the anchor itself is unique, so the scope is not a guess.
        m = { kind: "found", start: Math.min(...m.starts), tier: m.tier }
      }
      if (m.kind === "ambiguous") {
        fail({ kind: "ambiguous", op: opIndex, hunk: k, file, tier: m.tier, lines: m.starts.map((s) => s + 1) })
      }
      if (m.kind === "none") {
        const done = h.new.length > 0 ? locateLines(f.lines, h.new, { from, tiers: options.tiers }) : { kind: "none" as const }
        if (done.kind === "found") {
          // A retried move's hunks were recorded under the file's old name.
          claims.push({ op: opIndex, hunk: k, file: verifyOf ?? file, old: h.old.join("\n"), new: h.new.join("\n"), line: done.start + 1 })
          steps.push({ op: opIndex, hunk: k, file, matchedWith: done.tier, lines: [done.start + 1, done.start + h.new.length], alreadyApplied: true })
          cursor = done.start + h.new.length
          return
        }
        fail({ kind: "not_found", op: opIndex, hunk: k, file, candidates: nearestCandidates(fromLines(f), h.old.join("\n")) })
      }
      if (verifyOf !== undefined) fail({ kind: "missing_file", op: opIndex, file: verifyOf })
      const found = m as { kind: "found"; start: number; tier: Tier }
      const next = replacementLines(f.lines, found.start, h.old, h.new, found.tier)
      const atEnd = found.start + h.old.length === f.lines.length
      const finalNewline = atEnd && h.newNoNewlineAtEnd !== undefined ? !h.newNoNewlineAtEnd : undefined
      spliceLines(f, found.start, h.old.length, next, finalNewline)
      steps.push({ op: opIndex, hunk: k, file, matchedWith: found.tier, lines: [found.start + 1, found.start + next.length], alreadyApplied: false })
      edits.push({ file, old: h.old.join("\n"), new: h.new.join("\n") })
      cursor = found.start + next.length
      place(found.start, next.length - h.old.length)
    })
    files.set(file, { ...state, text: fromLines(f) })
  }

  const applyEdit = (opIndex: number, op: Extract<ChangeOp, { kind: "edit" }>) => {
    const state = existing(opIndex, op.file)
    if (op.old.length === 0) fail({ kind: "empty_old", op: opIndex, file: op.file })
    const exact = applyOne(state.text, { old: op.old, new: op.new, replaceAll: op.replaceAll }, opIndex, state.lineEnding)
    if ("text" in exact) {
      const lines = exact.outcome.lines
      if (exact.outcome.alreadyApplied) {
        claims.push({ op: opIndex, hunk: 0, file: op.file, old: op.old, new: op.new, line: lines[0] ?? 1 })
      } else edits.push({ file: op.file, old: op.old, new: op.new })
      steps.push({ op: opIndex, hunk: 0, file: op.file, matchedWith: "exact", lines: [lines[0] ?? 1, lines[lines.length - 1] ?? 1], alreadyApplied: exact.outcome.alreadyApplied })
      files.set(op.file, { ...state, text: exact.text })
      return
    }
    if (exact.kind === "ambiguous") fail({ kind: "ambiguous", op: opIndex, hunk: 0, file: op.file, tier: "exact", lines: exact.lines })
    const loose = options.tiers.filter((t) => t !== "exact")
    const m = loose.length > 0 && !op.replaceAll ? locateText(state.text, toStyle(op.old, state.lineEnding), { tiers: loose }) : { kind: "none" as const }
    if (m.kind === "ambiguous") fail({ kind: "ambiguous", op: opIndex, hunk: 0, file: op.file, tier: m.tier, lines: m.lines })
    if (m.kind === "none") {
      fail({ kind: "not_found", op: opIndex, hunk: 0, file: op.file, candidates: exact.kind === "not_found" ? exact.candidates : [] })
    }
    const found = m as { kind: "found"; start: number; end: number; tier: Tier }
    const replacement = adaptReplacement(state.text, found, op.old, toStyle(op.new, state.lineEnding))
    const text = state.text.slice(0, found.start) + replacement + state.text.slice(found.end)
    const starts = lineStarts(state.text)
    const first = lineOfOffset(starts, found.start)
    steps.push({ op: opIndex, hunk: 0, file: op.file, matchedWith: found.tier, lines: [first, first + replacement.split(/\r\n|\r|\n/).length - 1], alreadyApplied: false })
    edits.push({ file: op.file, old: op.old, new: op.new })
    files.set(op.file, { ...state, text })
  }

  const lineStep = (opIndex: number, file: string, r: ReturnType<typeof insertAt>, matchedWith: Placement, state: FileText) => {
    if (!r.ok) return fail({ kind: "line_edit", op: opIndex, file, failure: r.failure })
    steps.push({ op: opIndex, hunk: 0, file, matchedWith, lines: [r.from, r.to], alreadyApplied: false })
    files.set(file, { ...state, text: r.text })
  }

  try {
    ops.forEach((op, i) => {
      switch (op.kind) {
        case "edit":
          return applyEdit(i, op)
        case "patch":
          if (op.moveTo !== undefined && op.moveTo !== op.file && files.get(op.file) == null && files.get(op.moveTo) != null) {
            // A retried update-and-move: the file is already where it goes, with every hunk in place.
            applyHunks(i, op.moveTo, op.hunks, op.file)
            claims.push({ op: i, hunk: 0, file: op.file, old: "", new: "", line: 0, removed: { to: op.moveTo } })
            return
          }
          applyHunks(i, op.file, op.hunks)
          if (op.moveTo !== undefined) move(i, op.file, op.moveTo)
          return
        case "write": {
          const before = files.get(op.file) ?? null
          files.set(op.file, before === null ? newFile(op.content) : { ...before, text: styled(op.content, before) })
          return
        }
        case "create": {
          const before = files.get(op.file) ?? null
          if (before === null) {
            files.set(op.file, newFile(op.content))
            edits.push({ file: op.file, old: "", new: op.content })
            return
          }
          if (op.appendIfExists !== true) {
            // A retried change set finds its new file there: already applied, if splice made it.
            if (toLines(before.text, before.lineEnding).lines.join("\n") === toLines(op.content, "lf").lines.join("\n")) {
              claims.push({ op: i, hunk: 0, file: op.file, old: "", new: op.content, line: 1 })
              steps.push({ op: i, hunk: 0, file: op.file, matchedWith: "exact", lines: [1, toLines(op.content, "lf").lines.length], alreadyApplied: true })
              return
            }
            return fail({ kind: "exists", op: i, file: op.file })
          }
          const f = toLines(before.text, before.lineEnding)
          const added = toLines(op.content, "lf").lines
          const tail = f.lines.slice(Math.max(0, f.lines.length - added.length))
          if (added.length > 0 && tail.length === added.length && tail.every((l, j) => l === added[j])) {
            claims.push({ op: i, hunk: 0, file: op.file, old: "", new: op.content, line: f.lines.length - added.length + 1 })
            steps.push({ op: i, hunk: 0, file: op.file, matchedWith: "exact", lines: [f.lines.length - added.length + 1, f.lines.length], alreadyApplied: true })
            return
          }
          const at = f.lines.length
          spliceLines(f, at, 0, added)
          steps.push({ op: i, hunk: 0, file: op.file, matchedWith: "appended", lines: [at + 1, at + added.length], alreadyApplied: false })
          edits.push({ file: op.file, old: "", new: op.content })
          files.set(op.file, { ...before, text: fromLines(f) })
          return
        }
        case "delete": {
          if (files.get(op.file) == null) {
            claims.push({ op: i, hunk: 0, file: op.file, old: "", new: "", line: 0, removed: {} })
            steps.push({ op: i, hunk: 0, file: op.file, matchedWith: "exact", lines: [1, 0], alreadyApplied: true })
            return
          }
          const state = existing(i, op.file)
          if (op.expectLines !== undefined) {
            const have = toLines(state.text, state.lineEnding).lines
            const differs = have.length !== op.expectLines.length ? Math.min(have.length, op.expectLines.length) : have.findIndex((l, j) => l !== op.expectLines![j])
            if (differs !== -1) return fail({ kind: "delete_mismatch", op: i, file: op.file, line: differs + 1 })
          }
          files.set(op.file, null)
          return
        }
        case "move":
          if (op.from !== op.to && files.get(op.from) == null && files.get(op.to) != null) {
            claims.push({ op: i, hunk: 0, file: op.from, old: "", new: "", line: 0, removed: { to: op.to } })
            steps.push({ op: i, hunk: 0, file: op.to, matchedWith: "exact", lines: [1, 0], alreadyApplied: true })
            return
          }
          return move(i, op.from, op.to)
        case "insert": {
          const state = existing(i, op.file)
          const placement: Placement = "after" in op.at || "before" in op.at ? "exact" : "line_numbers"
          return lineStep(i, op.file, insertAt(state.text, state.lineEnding, op.at, op.content), placement, state)
        }
        case "delete_lines": {
          const state = existing(i, op.file)
          return lineStep(i, op.file, deleteLines(state.text, state.lineEnding, op.from, op.to), "line_numbers", state)
        }
      }
    })
  } catch (e) {
    if (e instanceof Stop) return { ok: false, failure: e.failure }
    throw e
  }
  return { ok: true, result: { files, moves, steps, claims, edits } }
}

