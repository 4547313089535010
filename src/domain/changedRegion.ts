/**
 * The single region where two texts differ (common prefix and suffix removed). The syntax gate uses
 * it to map parse errors of the edited text back to the original, so errors that merely moved are
 * not mistaken for new ones.
 */
export interface ChangedRegion {
  /** Offset where the texts start to differ (same in both). */
  readonly start: number
  /** End of the differing part in the old text. */
  readonly oldEnd: number
  /** End of the differing part in the new text. */
  readonly newEnd: number
}

/**
 * Compared a block at a time first: the engine compares two substrings far faster than a loop
 * compares their characters (a one-line edit of 20 KB: ~0.01 ms instead of ~0.2 ms, and the gate
 * asks several times per edit).
 */
const BLOCK = 256

export const changedRegion = (before: string, after: string): ChangedRegion => {
  let start = 0
  const min = Math.min(before.length, after.length)
  while (start + BLOCK <= min && before.slice(start, start + BLOCK) === after.slice(start, start + BLOCK)) start += BLOCK
  while (start < min && before.charCodeAt(start) === after.charCodeAt(start)) start++
  let suf = 0
  const most = min - start
  while (
    suf + BLOCK <= most &&
    before.slice(before.length - suf - BLOCK, before.length - suf) === after.slice(after.length - suf - BLOCK, after.length - suf)
  ) suf += BLOCK
  while (
    suf < most &&
    before.charCodeAt(before.length - 1 - suf) === after.charCodeAt(after.length - 1 - suf)
  ) suf++
  return { start, oldEnd: before.length - suf, newEnd: after.length - suf }
}

/** Where an offset of the new text was in the old text, or undefined if it lies in the changed part. */
export const toOldOffset = (r: ChangedRegion, newOffset: number): number | undefined => {
  if (newOffset < r.start) return newOffset
  if (newOffset >= r.newEnd) return newOffset - (r.newEnd - r.oldEnd)
  return undefined
}
