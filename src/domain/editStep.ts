/**
 * One exact-text replacement applied to a whole text: the semantics every batch follows. An edit
 * applies to the result of the previous ones; OLD must occur once (or, with replaceAll, at least
 * once); a missing OLD whose NEW is there may be a retry. Pure.
 */
import { type LineEnding, toStyle } from "./lineEndings.js"
import { findAllDisjoint, findAllOverlapping, lineOfOffset, lineStarts, type NearMiss, nearestCandidates } from "./textMatch.js"

export interface Edit {
  readonly old: string
  readonly new: string
  readonly replaceAll?: boolean
}

export interface EditOutcome {
  /** 0-based position in the list of edits (users see `index + 1`). */
  readonly index: number
  readonly replacements: number
  /**
   * The text looks as if this edit already happened (OLD absent and NEW there once on its own, or
   * OLD only inside the one NEW). A claim, not a fact: NEW may have been there all along, so the
   * command must find evidence (the journal) before reporting it as already applied.
   */
  readonly alreadyApplied: boolean
  /** 1-based lines (in the text before this edit) where replacements started, or where NEW is when alreadyApplied. */
  readonly lines: ReadonlyArray<number>
}

export type EditFailure =
  | { readonly kind: "empty_old"; readonly index: number }
  | { readonly kind: "not_found"; readonly index: number; readonly candidates: ReadonlyArray<NearMiss> }
  | { readonly kind: "ambiguous"; readonly index: number; readonly count: number; readonly lines: ReadonlyArray<number> }

export type ApplyResult =
  | { readonly ok: true; readonly text: string; readonly outcomes: ReadonlyArray<EditOutcome> }
  | { readonly ok: false; readonly failure: EditFailure }

/**
 * The forms a needle may take in this file: first translated to the file's line ending (so `\n`
 * means "this file's newline"), then exactly as given (for mixed-ending files).
 */
export const variants = (s: string, le: LineEnding): string[] => {
  const styled = toStyle(s, le)
  return styled === s ? [s] : [styled, s]
}

const WORD = /[\p{L}\p{N}_$]/u

/**
 * Occurrences of `needle` that stand on their own: not glued to a letter, digit or `_` on a side
 * where the needle itself begins or ends with one ("x" inside "export" does not count).
 */
const standalone = (text: string, needle: string): number[] => {
  const wordStart = WORD.test(needle[0] ?? "")
  const wordEnd = WORD.test(needle[needle.length - 1] ?? "")
  return findAllOverlapping(text, needle).filter((at) =>
    !(wordStart && at > 0 && WORD.test(text[at - 1]!)) &&
    !(wordEnd && WORD.test(text[at + needle.length] ?? ""))
  )
}

/** True when every occurrence of `old` lies inside the single occurrence of `neu` (a retried edit whose NEW contains OLD). */
const coveredByNew = (text: string, old: string, neu: string): boolean => {
  if (!neu.includes(old)) return false
  const news = findAllOverlapping(text, neu)
  if (news.length !== 1) return false
  const start = news[0]!
  const end = start + neu.length
  return findAllOverlapping(text, old).every((o) => o >= start && o + old.length <= end)
}

/** One edit applied to `text` exactly as the batch semantics define it (the reference for every faster path). */
export const applyOne = (text: string, edit: Edit, index: number, le: LineEnding): { text: string; outcome: EditOutcome } | EditFailure => {
  if (edit.old.length === 0) return { kind: "empty_old", index }
  const olds = variants(edit.old, le)
  const news = variants(edit.new, le)
  for (let v = 0; v < olds.length; v++) {
    const old = olds[v]!
    const neu = news[Math.min(v, news.length - 1)]!
    const hits = findAllOverlapping(text, old)
    if (hits.length === 0) continue
    const starts = lineStarts(text)
    if (old !== neu && coveredByNew(text, old, neu)) {
      return { text, outcome: { index, replacements: 0, alreadyApplied: true, lines: findAllOverlapping(text, neu).map((h) => lineOfOffset(starts, h)) } }
    }
    if (hits.length > 1 && edit.replaceAll !== true) {
      return { kind: "ambiguous", index, count: hits.length, lines: hits.map((h) => lineOfOffset(starts, h)) }
    }
    const spots = edit.replaceAll === true ? findAllDisjoint(text, old) : hits
    let out = ""
    let at = 0
    for (const s of spots) {
      out += text.slice(at, s) + neu
      at = s + old.length
    }
    out += text.slice(at)
    return {
      text: out,
      outcome: { index, replacements: spots.length, alreadyApplied: false, lines: spots.map((s) => lineOfOffset(starts, s)) }
    }
  }
  // OLD is absent. If NEW is there exactly once (as a whole, not inside a longer word), this edit
  // may have happened already: a retry. The caller decides with evidence.
  const present = edit.new.length > 0 ? news.find((n) => findAllOverlapping(text, n).length === 1 && standalone(text, n).length === 1) : undefined
  if (present !== undefined) {
    return { text, outcome: { index, replacements: 0, alreadyApplied: true, lines: [lineOfOffset(lineStarts(text), findAllOverlapping(text, present)[0]!)] } }
  }
  return { kind: "not_found", index, candidates: nearestCandidates(text, olds[0]!) }
}
