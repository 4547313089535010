/**
 * The blank lines around a definition, as a file's style has them: how many separate it from what
 * is above and below, and whether that is a sibling (a definition at its level) or an edge (the
 * start or end of the file, or of the body around it: a line less indented than the definition,
 * such as `class A {`, `}` or Python's next top-level line). A deletion takes one of the two blank
 * runs with it and an insertion adds one, chosen so that deleting what was inserted gives the file
 * back, and inserting what was deleted next to a sibling does too. Lines are 0-based indexes into
 * the file's lines (without their terminators). Pure.
 */

const isBlank = (line: string): boolean => line.trim().length === 0

/** Indentation width, a tab reaching the next multiple of 8 (as Python's tokenizer counts it). */
export const indentWidth = (line: string): number => {
  let w = 0
  for (const c of line) {
    if (c === " ") w++
    else if (c === "\t") w = w - (w % 8) + 8
    else break
  }
  return w
}

export interface Surroundings {
  /** Blank lines right above the first line, and right below the last. */
  readonly above: number
  readonly below: number
  /** What is past those blank lines: nothing or a less indented line (edge), else a sibling. */
  readonly aboveEdge: boolean
  readonly belowEdge: boolean
}

/** The blank runs and neighbours of lines first..last (inclusive). */
export const surroundings = (lines: ReadonlyArray<string>, first: number, last: number): Surroundings => {
  const level = indentWidth(lines[first] ?? "")
  let a = first - 1
  while (a >= 0 && isBlank(lines[a]!)) a--
  let b = last + 1
  while (b < lines.length && isBlank(lines[b]!)) b++
  return {
    above: first - 1 - a,
    below: b - last - 1,
    aboveEdge: a < 0 || indentWidth(lines[a]!) < level,
    belowEdge: b >= lines.length || indentWidth(lines[b]!) < level
  }
}

/**
 * The lines [from, to) that deleting lines first..last removes: those lines and one of the blank
 * runs around them, so that one gap is left where there were two. Between siblings the larger run
 * stays (the one above when equal); next to an edge the run on the edge's side stays (a blank line
 * after `{` or before `}` is the body's padding); between two edges neither stays.
 */
export const removalLines = (lines: ReadonlyArray<string>, first: number, last: number): { readonly from: number; readonly to: number } => {
  const s = surroundings(lines, first, last)
  const keepAbove = s.aboveEdge ? !s.belowEdge : s.belowEdge ? false : s.above >= s.below
  const keepBelow = s.belowEdge ? !s.aboveEdge : s.aboveEdge ? false : !keepAbove
  return { from: keepAbove ? first : first - s.above, to: keepBelow ? last + 1 : last + 1 + s.below }
}

/**
 * How many blank lines separate new code inserted next to lines first..last: the run between them
 * and the sibling on that side, else the run on the other side, else `fallback` (the definition
 * stands alone in its body or file).
 */
export const insertionGap = (lines: ReadonlyArray<string>, first: number, last: number, side: "after" | "before", fallback: number): number => {
  const s = surroundings(lines, first, last)
  const near = side === "after" ? { run: s.below, edge: s.belowEdge } : { run: s.above, edge: s.aboveEdge }
  const far = side === "after" ? { run: s.above, edge: s.aboveEdge } : { run: s.below, edge: s.belowEdge }
  if (!near.edge) return near.run
  if (!far.edge) return far.run
  return fallback
}

/**
 * The gap before code appended to a body whose lines are from..to (inclusive, between its braces or
 * its block): the last blank run between two of its items (lines at the body's first indentation),
 * else none when it holds several items with none between them (the neighbours' spacing), else one
 * when the body or the new code spans lines at several depths (a method), else none (a list of
 * fields). An empty body needs none.
 */
export const appendGap = (lines: ReadonlyArray<string>, from: number, to: number, newLines: ReadonlyArray<string>): number => {
  const filled: number[] = []
  for (let i = from; i <= to; i++) if (!isBlank(lines[i]!)) filled.push(i)
  if (filled.length === 0) return 0
  const level = indentWidth(lines[filled[0]!]!)
  for (let k = filled.length - 1; k > 0; k--) {
    const i = filled[k]!
    const run = i - filled[k - 1]! - 1
    if (run > 0 && indentWidth(lines[i]!) === level) return run
  }
  // Several items with no blank line between any two of them: the new one joins them so.
  const starts = filled.filter((i) => indentWidth(lines[i]!) === level && !/^\s*[)\]}*]/.test(lines[i]!))
  if (starts.length >= 2) return 0
  // A block comment's continuation lines (` * text`) are no deeper code.
  const deep = (ls: ReadonlyArray<string>, base: number) => ls.some((l) => !isBlank(l) && indentWidth(l) > base && !/^\s*\*/.test(l))
  const newBase = Math.min(...newLines.filter((l) => !isBlank(l)).map(indentWidth))
  return deep(filled.map((i) => lines[i]!), level) || deep(newLines, newBase) ? 1 : 0
}
