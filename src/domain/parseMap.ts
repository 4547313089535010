/**
 * A parse map: what the syntax gate keeps of a fresh tree-sitter parse of a big, error-free file, so
 * that a later process (a one-shot `splice edit`) can check an edit of that exact text without
 * parsing all of it.
 *
 * The map holds the spans of the tree's top-level nodes. An edit changes one region; the window is
 * that region widened to the unchanged top-level node before it (p) and the one after it (q). The
 * edited window, parsed alone, stands for the whole edited text when:
 * - the window's parse has no error. With none before it (the map is of an error-free text) nor
 *   after it (the same text as before, reached in the same state, below), the whole edited text has
 *   none, and its parse is plain LR parsing with no error recovery, which is what could otherwise
 *   look across the window's edges (random edits of real files showed it: an edit after an existing
 *   error changed how a fresh parse recovered from that error, 18 KB before the edit);
 * - the window's parse starts with p as it was (parsing from p's start alone behaves as parsing it in
 *   place) and has a top-level node starting exactly where q now starts: the parse reaches q's start
 *   in the state it reached it in before, and from there on it reads the old text, so it builds the
 *   old nodes, moved.
 * p's own end was decided with a lookahead into the text after it, which the edit may change: p is
 * in the window so that the window's parse decides it again. The node before p ended on a lookahead
 * into p, which is unchanged.
 *
 * Then the edited text is error-free and its map is the old map's nodes before p, the window's nodes
 * between p and q, and the old map's from q on, moved by the edit's change in length: exactly what a
 * fresh parse of the edited text gives (test/integration/parse-window.test.ts compares them on real
 * files under chains of random edits).
 */
import type { ChangedRegion } from "./changedRegion.js"

export interface ParseMap {
  /** The parsed text's length in UTF-16 units. */
  readonly length: number
  /** The top-level nodes (comments and other extras left out), as [start, end) pairs, flattened. */
  readonly nodes: ReadonlyArray<number>
}

/** A fresh parse's map of a text, and whether that parse found errors (the map is kept only if not). */
export interface MappedParse extends ParseMap {
  readonly errors: boolean
}

/** The part of an edited text to parse alone; offsets are the same in both texts up to `start`. */
export interface ParseWindow {
  readonly start: number
  /** The window's end in the old text: q's end (or the text's end). */
  readonly oldEnd: number
  /** Its end in the new text. */
  readonly newEnd: number
  /** The index (in node pairs) of p, or -1 when the window starts at the text's start. */
  readonly first: number
  /** The index of q, or -1 when the window runs to the text's end. */
  readonly last: number
}

const startOf = (m: ParseMap, i: number) => m.nodes[2 * i]!
const endOf = (m: ParseMap, i: number) => m.nodes[2 * i + 1]!
const nodeCount = (m: ParseMap) => m.nodes.length / 2

/** Index of the first node whose start is ≥ offset (nodes are in order), or the count. */
const firstStartingAtOrAfter = (m: ParseMap, offset: number): number => {
  let lo = 0
  let hi = nodeCount(m)
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (startOf(m, mid) < offset) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The window to parse for an edit of the mapped text, or undefined when it would exceed `maxChars` of the old text. */
export const windowOf = (map: ParseMap, region: ChangedRegion, maxChars: number): ParseWindow | undefined => {
  // p: the last node ending at or before the change.
  let first = firstStartingAtOrAfter(map, region.start) - 1
  while (first >= 0 && endOf(map, first) > region.start) first--
  // q: the first node starting at or after the change's end.
  let last = firstStartingAtOrAfter(map, region.oldEnd)
  if (last === nodeCount(map)) last = -1
  const start = first === -1 ? 0 : startOf(map, first)
  const oldEnd = last === -1 ? map.length : endOf(map, last)
  if (oldEnd - start > maxChars) return undefined
  return { start, oldEnd, newEnd: oldEnd + region.newEnd - region.oldEnd, first, last }
}

/**
 * The edited text's map from the old map and a fresh parse of the edited window alone (its nodes
 * relative to the window, and whether it had errors), or undefined when that parse does not meet the
 * conditions above (the edit must then be checked on a full parse).
 */
export const spliceMap = (
  map: ParseMap,
  window: ParseWindow,
  region: ChangedRegion,
  windowParse: MappedParse
): ParseMap | undefined => {
  const delta = region.newEnd - region.oldEnd
  if (windowParse.errors || windowParse.length !== window.newEnd - window.start) return undefined
  const parts = nodeCount(windowParse)
  // The window's parse begins with p, unchanged…
  let from = 0
  if (window.first !== -1) {
    if (parts === 0 || startOf(windowParse, 0) !== 0 || endOf(windowParse, 0) !== endOf(map, window.first) - window.start) return undefined
    from = 1
  }
  // …and reaches q's new start as a node boundary.
  let to = parts
  if (window.last !== -1) {
    const qStart = startOf(map, window.last) + delta - window.start
    to = firstStartingAtOrAfter(windowParse, qStart)
    if (to === parts || startOf(windowParse, to) !== qStart) return undefined
  }
  const nodes: number[] = map.nodes.slice(0, 2 * (window.first + 1))
  for (let i = from; i < to; i++) nodes.push(startOf(windowParse, i) + window.start, endOf(windowParse, i) + window.start)
  if (window.last !== -1) for (let i = 2 * window.last; i < map.nodes.length; i++) nodes.push(map.nodes[i]! + delta)
  return { length: map.length + delta, nodes }
}

/** Whether a value read back from a cache is a well-formed map of a text of this length. */
export const isParseMap = (value: unknown, length: number): value is ParseMap => {
  if (typeof value !== "object" || value === null) return false
  const m = value as Partial<ParseMap>
  if (m.length !== length || !Array.isArray(m.nodes) || m.nodes.length % 2 !== 0) return false
  let at = 0
  for (const x of m.nodes) {
    if (!Number.isInteger(x) || x < at || x > length) return false
    at = x
  }
  return true
}
