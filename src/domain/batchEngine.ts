/**
 * Applying a batch of edits in time linear in the file plus the edits, for the common case.
 *
 * The semantics are those of `applyOne` run edit after edit on the whole text. Doing that literally
 * costs a scan and a copy of the file per edit. Instead the engine keeps a *base* text and the
 * replacements made since (disjoint spans of the base, each with its new text), and locates every
 * edit's OLD in the base through one index built in a few passes. An edit takes the fast path when
 * the index proves what `applyOne` would see:
 *
 * - OLD occurs exactly once in the base outside the spans already replaced; and
 * - no replacement can have created another occurrence. An occurrence that touches a replaced span
 *   contains one of OLD's sampled grams (or, for a short OLD, OLD itself) within a gram's length of
 *   that span; after each replacement the engine looks up every such gram of the text around the
 *   new span, and an OLD that shares one is "tainted".
 *
 * Anything else (replace-all, ambiguous or absent OLD, a tainted OLD, NEW spelled around OLD, a
 * CR/LF pair a seam could make or break) takes the exact path: the current text is materialised and
 * `applyOne` runs on it; after a few exact steps the index is rebuilt on the new base. A batch of
 * such edits costs what it always did, O(edits × size), but stays interruptible: the work is a
 * generator that yields every few thousand steps.
 */
import type { LineEnding } from "./lineEndings.js"
import { applyOne, type ApplyResult, type Edit, type EditOutcome, variants } from "./editStep.js"
import { lineOfOffset, lineStarts } from "./textMatch.js"

/** Length of the grams that locate an OLD in the base; shorter OLDs are looked up whole. */
export const ANCHOR = 16
/** Length of the grams that detect occurrences a replacement may have created; shorter OLDs are looked up whole. */
export const TAINT = 32
/** Base occurrences of one anchor gram beyond which the engine stops counting. */
const CAP = 256
/** Places a taint gram is checked at before the engine takes the exact path instead. */
const PLACES = 64
/** Index positions scanned between two yields (a power of two). */
const SLICE = 1 << 16
/** Fast edits between two yields. */
const EDIT_SLICE = 1 << 10
/** Up to this many edits, the exact path alone: indexing the file costs more than a few scans of it. */
const EXACT_ONLY = 8

/** What the engine reports at each yield: how many edits are done. */
export interface Progress {
  readonly done: number
  readonly total: number
}

interface Span {
  readonly start: number
  readonly end: number
  readonly text: string
}

/** Offsets of the k-grams sampled from a needle: consecutive ones overlap by a character. */
const gramOffsets = (length: number, k: number): number[] => {
  const out: number[] = []
  for (let o = 0; o + k < length; o += k - 1) out.push(o)
  out.push(length - k)
  return out
}

// Polynomial hashes modulo 2^32: a substring's hash comes from two prefix hashes, so a pass per
// key length costs a few integer operations per character. Every hit is confirmed by comparison.
const BASE = 0x01000193
const power = (length: number): number => {
  let p = 1
  for (let i = 0; i < length; i++) p = Math.imul(p, BASE)
  return p
}
const hashOf = (s: string): number => {
  let h = 0
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, BASE) + s.charCodeAt(i)) | 0
  return h
}
const prefixHashes = (text: string, prefix: Int32Array, from: number, to: number) => {
  for (let i = from; i < to; i++) prefix[i + 1] = (Math.imul(prefix[i]!, BASE) + text.charCodeAt(i)) | 0
}
const FILTER_BITS = 22

/** Strings of one length to look for, by hash, behind a one-bit-per-slot prefilter. */
class Keys {
  readonly byHash = new Map<number, string[]>()
  readonly all = new Set<string>()
  readonly filter = new Int32Array(1 << (FILTER_BITS - 5))
  /** Keys per filter slot, so a slot can be switched off once all its keys are too common to track. */
  readonly perSlot = new Map<number, number>()
  readonly pw: number
  constructor(readonly length: number) {
    this.pw = power(length)
  }
  add(s: string) {
    if (this.all.has(s)) return
    this.all.add(s)
    const h = hashOf(s)
    const list = this.byHash.get(h)
    if (list === undefined) this.byHash.set(h, [s])
    else list.push(s)
    const slot = h >>> (32 - FILTER_BITS)
    this.filter[slot >>> 5]! |= 1 << (slot & 31)
    this.perSlot.set(slot, (this.perSlot.get(slot) ?? 0) + 1)
  }
}

/** Calls `found` for each key starting at a position in [from, to) of `text` (a plain loop, kept hot). */
const scanRange = (
  text: string,
  prefix: Int32Array,
  keys: Keys,
  filter: Int32Array,
  from: number,
  to: number,
  found: (key: string, at: number) => void
) => {
  const { length, pw } = keys
  const last = Math.min(to, text.length - length + 1)
  for (let p = Math.max(0, from); p < last; p++) {
    const h = (prefix[p + length]! - Math.imul(prefix[p]!, pw)) | 0
    const slot = h >>> (32 - FILTER_BITS)
    if ((filter[slot >>> 5]! & (1 << (slot & 31))) !== 0) {
      const candidates = keys.byHash.get(h)
      if (candidates !== undefined) for (const key of candidates) if (text.startsWith(key, p)) found(key, p)
    }
  }
}

/** Keys grouped by length. */
class KeySet {
  readonly byLength = new Map<number, Keys>()
  add(s: string) {
    let keys = this.byLength.get(s.length)
    if (keys === undefined) this.byLength.set(s.length, (keys = new Keys(s.length)))
    keys.add(s)
  }
  has(s: string): boolean {
    return this.byLength.get(s.length)?.all.has(s) ?? false
  }
}

/** The needles of the whole batch, fixed while the base text changes. */
class Needles {
  /** What locates OLDs in the base: short OLDs whole, anchor grams of the others. */
  readonly locate = new KeySet()
  /** What detects created occurrences: OLDs shorter than a taint gram whole, taint grams of the others. */
  readonly taint = new KeySet()

  constructor(edits: ReadonlyArray<Edit>, le: LineEnding, readonly anchor: number, readonly taintGram: number) {
    for (const e of edits) {
      if (e.old.length === 0 || e.replaceAll === true) continue
      for (const x of variants(e.old, le)) {
        for (const g of this.anchors(x)) this.locate.add(g.text)
        for (const g of this.taints(x)) this.taint.add(g.text)
      }
    }
  }

  anchors(x: string): Array<{ offset: number; text: string }> {
    if (x.length < this.anchor) return [{ offset: 0, text: x }]
    return gramOffsets(x.length, this.anchor).map((offset) => ({ offset, text: x.slice(offset, offset + this.anchor) }))
  }

  taints(x: string): Array<{ offset: number; text: string }> {
    if (x.length < this.taintGram) return [{ offset: 0, text: x }]
    return gramOffsets(x.length, this.taintGram).map((offset) => ({ offset, text: x.slice(offset, offset + this.taintGram) }))
  }
}

/** Where the locating keys occur in one base text (positions capped at CAP; `null` = more than that). */
class BaseIndex {
  readonly at = new Map<string, number[] | null>()
  starts: number[] = []

  constructor(readonly base: string) {}

  *build(needles: Needles): Generator<void, void, void> {
    const text = this.base
    const n = text.length
    this.starts = lineStarts(text)
    const prefix = new Int32Array(n + 1)
    for (let from = 0; from < n; from += SLICE) {
      prefixHashes(text, prefix, from, Math.min(n, from + SLICE))
      yield
    }
    for (const keys of needles.locate.byLength.values()) {
      // A key found more than CAP times stops being looked for (indentation, say, is everywhere).
      const filter = keys.filter.slice()
      const dead = new Map<number, number>()
      const record = (key: string, p: number) => {
        const list = this.at.get(key)
        if (list === null) return
        if (list === undefined) this.at.set(key, [p])
        else if (list.length < CAP) list.push(p)
        else {
          this.at.set(key, null)
          const slot = hashOf(key) >>> (32 - FILTER_BITS)
          const n = (dead.get(slot) ?? 0) + 1
          dead.set(slot, n)
          if (n === keys.perSlot.get(slot)) filter[slot >>> 5]! &= ~(1 << (slot & 31))
        }
      }
      for (let from = 0; from < n; from += SLICE) {
        scanRange(text, prefix, keys, filter, from, from + SLICE, record)
        yield
      }
    }
  }

  /** Every occurrence of `x` in the base, or null when there are too many to track. */
  occurrences(x: string, needles: Needles): number[] | null {
    // The rarest anchor narrows the candidates; each is checked against the whole needle.
    let best: { offset: number; at: number[] } | undefined
    for (const a of needles.anchors(x)) {
      const at = this.at.get(a.text)
      if (at === undefined) return []
      if (at !== null && (best === undefined || at.length < best.at.length)) best = { offset: a.offset, at }
    }
    if (best === undefined) return null
    const out: number[] = []
    for (const p of best.at) {
      const start = p - best.offset
      if (start >= 0 && this.base.startsWith(x, start)) out.push(start)
    }
    return out
  }
}

/** Sum of line-count changes by position in the base (Fenwick tree). */
class LineShift {
  private readonly tree: Int32Array
  constructor(size: number) {
    this.tree = new Int32Array(size + 2)
  }
  add(at: number, delta: number) {
    for (let i = at + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta
  }
  /** Total change of the spans that start before `at`. */
  before(at: number): number {
    let s = 0
    for (let i = at; i > 0; i -= i & -i) s += this.tree[i]!
    return s
  }
}

/** Line starts in a string counted as `lineStarts` counts them (CRLF, LF or lone CR). */
const breaks = (s: string): number => lineStarts(s).length - 1

/** The replacements made since the base was indexed, and the lookups the fast path needs. */
class Overlay {
  readonly replaced: Uint8Array
  readonly byStart = new Map<number, Span>()
  readonly byEnd = new Map<number, Span>()
  readonly shift: LineShift
  /**
   * Taint grams seen around replaced spans: where (relative to the span's new text), or null when
   * seen so often that checking each place would cost more than the exact path.
   */
  readonly tainted = new Map<string, Array<{ span: Span; at: number }> | null>()

  constructor(readonly index: BaseIndex, readonly needles: Needles) {
    this.replaced = new Uint8Array(index.base.length)
    this.shift = new LineShift(index.base.length)
  }

  intact(start: number, length: number): boolean {
    for (let i = start; i < start + length; i++) if (this.replaced[i] === 1) return false
    return true
  }

  /** Up to `count` characters of the current text that end at base offset `at` (an intact boundary). */
  left(at: number, count: number): string {
    let out = ""
    while (out.length < count && at > 0) {
      if (this.replaced[at - 1] === 0) {
        out = this.index.base[at - 1] + out
        at--
      } else {
        const s = this.byEnd.get(at)!
        out = s.text.slice(Math.max(0, s.text.length - (count - out.length))) + out
        at = s.start
      }
    }
    return out
  }

  /** Up to `count` characters of the current text that start at base offset `at` (an intact boundary). */
  right(at: number, count: number): string {
    let out = ""
    const base = this.index.base
    while (out.length < count && at < base.length) {
      if (this.replaced[at] === 0) {
        out += base[at]
        at++
      } else {
        const s = this.byStart.get(at)!
        out += s.text.slice(0, count - out.length)
        at = s.end
      }
    }
    return out
  }

  /** Whether `x` occurs where a replacement may have created it: each place a gram of it was seen is checked. */
  createdOccurrence(x: string): boolean {
    for (const g of this.needles.taints(x)) {
      const places = this.tainted.get(g.text)
      if (places === undefined) continue
      if (places === null) return true
      for (const { span, at } of places) {
        // The occurrence would start at `start`, relative to the start of the span's new text.
        const start = at - g.offset
        const before = Math.max(0, -start)
        const pre = this.left(span.start, before)
        if (pre.length < before) continue
        const post = this.right(span.end, Math.max(0, start + x.length - span.text.length))
        if ((pre + span.text + post).startsWith(x, pre.length + start)) return true
      }
    }
    return false
  }

  /** 1-based line, in the current text, of an intact base offset. */
  lineOf(at: number): number {
    return lineOfOffset(this.index.starts, at) + this.shift.before(at)
  }

  replace(span: Span) {
    const old = this.index.base.slice(span.start, span.end)
    this.replaced.fill(1, span.start, span.end)
    this.byStart.set(span.start, span)
    this.byEnd.set(span.end, span)
    this.shift.add(span.start, breaks(span.text) - breaks(old))
    // Every key occurrence that touches the new text lies in this window.
    const reach = this.needles.taintGram - 1
    const left = this.left(span.start, reach)
    const window = left + span.text + this.right(span.end, reach)
    const from = left.length
    const to = left.length + span.text.length
    const prefix = new Int32Array(window.length + 1)
    prefixHashes(window, prefix, 0, window.length)
    const taint = (key: string, p: number) => {
      const places = this.tainted.get(key)
      if (places === null) return
      if (places === undefined) this.tainted.set(key, [{ span, at: p - from }])
      else if (places.length < PLACES) places.push({ span, at: p - from })
      else this.tainted.set(key, null)
    }
    for (const keys of this.needles.taint.byLength.values()) scanRange(window, prefix, keys, keys.filter, from - keys.length + 1, to, taint)
  }

  /** The current text. */
  text(): string {
    const spans = [...this.byStart.values()].sort((a, b) => a.start - b.start)
    const parts: string[] = []
    let at = 0
    for (const s of spans) {
      parts.push(this.index.base.slice(at, s.start), s.text)
      at = s.end
    }
    parts.push(this.index.base.slice(at))
    return parts.join("")
  }

  get size(): number {
    return this.byStart.size
  }
}

/** The fast path for one edit: its outcome, or undefined when only the exact path can tell. */
const fastStep = (overlay: Overlay, edit: Edit, index: number, le: LineEnding, seamsMatter: boolean): EditOutcome | undefined => {
  if (edit.replaceAll === true || edit.old.length === 0) return undefined
  const olds = variants(edit.old, le)
  const news = variants(edit.new, le)
  if (olds.some((x) => overlay.createdOccurrence(x))) return undefined
  for (let v = 0; v < olds.length; v++) {
    const x = olds[v]!
    const y = news[Math.min(v, news.length - 1)]!
    const found = overlay.index.occurrences(x, overlay.needles)
    if (found === null) return undefined
    const live: number[] = []
    for (const p of found) if (overlay.intact(p, x.length)) live.push(p)
    if (live.length === 0) continue
    if (live.length > 1) return undefined
    const at = live[0]!
    // NEW containing OLD: a retry when NEW is spelled around this OLD (only the exact path can then
    // tell whether NEW occurs once); otherwise an ordinary replacement.
    if (x !== y && y.includes(x)) {
      const before = overlay.left(at, y.length)
      const around = before + x + overlay.right(at + x.length, y.length)
      for (let k = y.indexOf(x); k !== -1; k = y.indexOf(x, k + 1)) {
        if (before.length >= k && around.startsWith(y, before.length - k)) return undefined
      }
    }
    // A seam between "\r" and "\n" would change how lines are counted on either side of it.
    if (seamsMatter && [x, y].some((s) => s.startsWith("\n") || s.endsWith("\r"))) return undefined
    const line = overlay.lineOf(at)
    overlay.replace({ start: at, end: at + x.length, text: y })
    return { index, replacements: 1, alreadyApplied: false, lines: [line] }
  }
  return undefined
}

/** Gram lengths; tests pass short ones so that small texts exercise every path. */
export interface Grams {
  readonly anchor: number
  readonly taint: number
  /** Batches this small take the exact path alone (tests set 0 to exercise the index on small batches). */
  readonly exactUpTo?: number
}

/**
 * The batch as a generator: it yields (with progress) every few thousand steps of work, so a
 * driver can stop between two yields; its return value is the result `applyEdits` returns.
 */
/** A few edits, one after another on the whole text (the reference the indexed path must agree with). */
const exactOnly = (text: string, le: LineEnding, edits: ReadonlyArray<Edit>): ApplyResult => {
  let current = text
  const outcomes: EditOutcome[] = []
  for (let i = 0; i < edits.length; i++) {
    const r = applyOne(current, edits[i]!, i, le)
    if ("kind" in r) return { ok: false, failure: r }
    current = r.text
    outcomes.push(r.outcome)
  }
  return { ok: true, text: current, outcomes }
}

export function* applyEditsStepwise(
  text: string,
  le: LineEnding,
  edits: ReadonlyArray<Edit>,
  grams: Grams = { anchor: ANCHOR, taint: TAINT }
): Generator<Progress, ApplyResult, void> {
  const total = edits.length
  if (total <= (grams.exactUpTo ?? EXACT_ONLY)) return exactOnly(text, le, edits)
  const needles = new Needles(edits, le, grams.anchor, grams.taint)
  // A CR in the text, in an edit, or one the file's line ending puts into an edit's styled variants
  // (a NEW of "x\n" is written "x\r" in a CR file: next to a "\n" it makes a CRLF).
  const seamsMatter = text.includes("\r") || (le !== "lf" && le !== "none") || edits.some((e) => e.old.includes("\r") || e.new.includes("\r"))
  const outcomes: EditOutcome[] = []
  let current = text
  let overlay: Overlay | undefined
  // Exact steps to take after a fallback before indexing again; doubles while fallbacks come close together.
  let exactRun = 4
  let fastSinceIndex = 0
  let i = 0
  while (i < total) {
    if (overlay === undefined) {
      const index = new BaseIndex(current)
      for (const _ of index.build(needles)) yield { done: i, total }
      overlay = new Overlay(index, needles)
      fastSinceIndex = 0
    }
    const o = fastStep(overlay, edits[i]!, i, le, seamsMatter)
    if (o !== undefined) {
      outcomes.push(o)
      i++
      fastSinceIndex++
      if (fastSinceIndex % EDIT_SLICE === 0) yield { done: i, total }
      continue
    }
    // The exact path for this edit and a few more, then a fresh index on the result.
    current = overlay.size === 0 ? overlay.index.base : overlay.text()
    exactRun = fastSinceIndex < exactRun ? Math.min(exactRun * 2, 4096) : 4
    overlay = undefined
    for (let n = 0; n < exactRun && i < total; n++, i++) {
      const r = applyOne(current, edits[i]!, i, le)
      if ("kind" in r) return { ok: false, failure: r }
      current = r.text
      outcomes.push(r.outcome)
      yield { done: i + 1, total }
    }
  }
  return { ok: true, text: overlay === undefined ? current : overlay.text(), outcomes }
}
