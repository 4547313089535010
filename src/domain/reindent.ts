/**
 * Re-indentation of a hunk's changed lines when the hunk matched the file only once indentation was
 * ignored. The context lines the hunk shares with the file show how the hunk's indentation relates
 * to the file's; changed lines are moved the same way:
 *  - by levels, when both sides use a recognisable unit (a tab, or 2/4/8 spaces): the file's level
 *    is the hunk's plus a constant, so a 4-space hunk against a tab file gets tabs, and a 4-space
 *    hunk against a 2-space file gets 2-space steps;
 *  - else by a prefix swap (hunk indent = H + rest, file indent = F + rest), which also covers
 *    tab indentation followed by space alignment;
 *  - else not at all: the lines stay as the hunk gives them.
 * Pure.
 */

/** The leading run of spaces and tabs. */
export const indentOf = (line: string): string => {
  let i = 0
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++
  return line.slice(0, i)
}

const isBlank = (line: string): boolean => indentOf(line).length === line.length

/** Spaces per level; TABS means a level is one tab and spaces after the tabs are alignment. */
const TABS = Number.POSITIVE_INFINITY

interface Level {
  readonly level: number
  /** Spaces past the last whole level (alignment). */
  readonly rem: number
}

const parseIndent = (indent: string, unit: number): Level | undefined => {
  const m = /^(\t*)( *)$/.exec(indent)
  if (m === null) return undefined
  const tabs = m[1]!.length
  const spaces = m[2]!.length
  return unit === TABS ? { level: tabs, rem: spaces } : { level: tabs + Math.floor(spaces / unit), rem: spaces % unit }
}

const renderIndent = (l: Level, unit: number): string =>
  unit === TABS ? "\t".repeat(l.level) + " ".repeat(l.rem) : " ".repeat(l.level * unit + l.rem)

/**
 * The most frequent step (1–8 spaces) between consecutive non-blank space-indented lines: the
 * indentation unit as the lines themselves show it (detect-indent's method), undefined without steps.
 */
const stepUnit = (groups: ReadonlyArray<ReadonlyArray<string>>): number | undefined => {
  const counts = new Array<number>(9).fill(0)
  for (const lines of groups) {
    let prev: number | undefined
    for (const line of lines) {
      // A block comment's continuation lines (` * text`, ` */`) are aligned under its `/*`, not indented.
      if (isBlank(line) || line.charCodeAt(indentOf(line).length) === 42 /* * */) continue
      const indent = indentOf(line)
      if (indent.includes("\t")) {
        prev = undefined
        continue
      }
      if (prev !== undefined) {
        const d = Math.abs(indent.length - prev)
        if (d >= 1 && d <= 8) counts[d]!++
      }
      prev = indent.length
    }
  }
  let best: number | undefined
  for (let d = 1; d <= 8; d++) if (counts[d]! > 0 && (best === undefined || counts[d]! > counts[best]!)) best = d
  return best
}

const unique = (xs: ReadonlyArray<number | undefined>): number[] => [...new Set(xs.filter((x): x is number => x !== undefined))]

const COMMON_UNITS = [4, 2, 8]

/** The file's unit: tabs if its matched lines are tab-indented (or, with none indented, most of the file is). */
const fileUnits = (fileLines: ReadonlyArray<string>, matchedIndents: ReadonlyArray<string>): number[] => {
  if (matchedIndents.some((i) => i.includes("\t"))) return [TABS]
  if (matchedIndents.every((i) => i.length === 0)) {
    let tabs = 0
    let spaces = 0
    for (const line of fileLines) {
      if (line.startsWith("\t")) tabs++
      else if (line.startsWith(" ") && !isBlank(line)) spaces++
    }
    if (tabs > spaces) return [TABS]
  }
  return unique([stepUnit([fileLines]), ...COMMON_UNITS])
}

/** The hunk's candidate units, most likely first; TABS alone when it indents with tabs only. */
const hunkUnits = (old: ReadonlyArray<string>, neu: ReadonlyArray<string>, fileFirst: number): number[] => {
  if (![...old, ...neu].some((l) => !isBlank(l) && indentOf(l).includes(" "))) return [TABS]
  return unique([stepUnit([old, neu]), fileFirst === TABS ? undefined : fileFirst, ...COMMON_UNITS])
}

/** A pair of indentations of one context line: as the hunk writes it, as the file has it. */
export interface IndentPair {
  readonly hunk: string
  readonly file: string
}

/** Changes a changed line's indentation; returns the line unchanged when it cannot. */
export type Reindent = (line: string) => string

const byLevels = (pairs: ReadonlyArray<IndentPair>, hunkUnit: number, fileUnit: number): Reindent | undefined => {
  let delta: number | undefined
  for (const p of pairs) {
    const h = parseIndent(p.hunk, hunkUnit)
    const f = parseIndent(p.file, fileUnit)
    if (h === undefined || f === undefined || h.rem !== f.rem) return undefined
    if (delta === undefined) delta = f.level - h.level
    else if (delta !== f.level - h.level) return undefined
  }
  if (delta === undefined) return undefined
  const shift = delta
  return (line) => {
    if (isBlank(line)) return line
    const indent = indentOf(line)
    const l = parseIndent(indent, hunkUnit)
    if (l === undefined) return line
    return renderIndent({ level: Math.max(0, l.level + shift), rem: l.rem }, fileUnit) + line.slice(indent.length)
  }
}

const commonSuffixLength = (a: string, b: string): number => {
  let n = 0
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++
  return n
}

const byPrefixSwap = (pairs: ReadonlyArray<IndentPair>): Reindent | undefined => {
  const candidates = pairs.map((p) => {
    const n = commonSuffixLength(p.hunk, p.file)
    return { from: p.hunk.slice(0, p.hunk.length - n), to: p.file.slice(0, p.file.length - n) }
  })
  const fits = (c: { from: string; to: string }) =>
    pairs.every((p) => p.hunk.startsWith(c.from) && p.file.startsWith(c.to) && p.hunk.slice(c.from.length) === p.file.slice(c.to.length))
  const swap = candidates.find(fits)
  if (swap === undefined) return undefined
  return (line) => {
    if (isBlank(line)) return line
    const indent = indentOf(line)
    return indent.startsWith(swap.from) ? swap.to + line.slice(swap.from.length) : line
  }
}

/**
 * How to re-indent the hunk's changed lines, from the context pairs (non-blank lines only), the
 * hunk's lines (for its unit) and the whole file (for its unit; read only when needed). Undefined:
 * keep lines as given.
 */
export const indentMapping = (
  pairs: ReadonlyArray<IndentPair>,
  hunkOld: ReadonlyArray<string>,
  hunkNew: ReadonlyArray<string>,
  fileLines: () => ReadonlyArray<string>
): Reindent | undefined => {
  if (pairs.length === 0 || pairs.every((p) => p.hunk === p.file)) return undefined
  const fus = fileUnits(fileLines(), pairs.map((p) => p.file))
  const hus = hunkUnits(hunkOld, hunkNew, fus[0]!)
  for (const fu of fus) {
    for (const hu of hus) {
      const m = byLevels(pairs, hu, fu)
      if (m !== undefined) return m
    }
  }
  return byPrefixSwap(pairs)
}

/** One level of the file's indentation: a tab, or its most frequent step of spaces (4 when it shows none). */
export const indentUnit = (fileLines: ReadonlyArray<string>): string => {
  const unit = fileUnits(fileLines, [])[0]!
  return unit === TABS ? "\t" : " ".repeat(unit)
}

/**
 * Lines moved so that their least indented line sits at `target`, deeper lines keeping their depth
 * below it, in the file's unit: the text's unit (tabs, or its steps into blocks, else its shallowest
 * step, when that is 2, 4 or 8 spaces) becomes the file's, level by level, spaces past the last level
 * kept as alignment. Text whose unit is the file's or shows none (its lines aligned rather than
 * stepped), or that already sits at `target`, is only shifted. A file with no indented line shows no
 * unit either: the text keeps its own. Blank lines become empty. Lines marked `verbatim` (inside a
 * string literal) stay as they are and count for nothing.
 */
export const indentBlock = (lines: ReadonlyArray<string>, target: string, fileLines: ReadonlyArray<string>, verbatim: ReadonlyArray<boolean> = []): string[] => {
  const filled = lines.filter((l, i) => !isBlank(l) && verbatim[i] !== true)
  if (filled.length === 0) return lines.map((l, i) => (verbatim[i] === true ? l : ""))
  const least = filled.map(indentOf).reduce((a, b) => (b.length < a.length ? b : a))
  const pairs = [{ hunk: least, file: target }]
  /** Each line through `map`, but lines inside a string (kept) and blank ones (emptied). */
  const each = (map: (l: string) => string) => lines.map((l, i) => (verbatim[i] === true ? l : isBlank(l) ? "" : map(l)))
  const shifted = () => each((l) => byPrefixSwap(pairs)?.(l) ?? l)
  const shown = target.length > 0 || fileLines.some((l) => !isBlank(l) && indentOf(l).length > 0)
  if (!shown) return shifted()
  // Text already at its place (a body given as it stands) was written for it: only shifted, which is nothing.
  if (least === target && target !== "") return shifted()
  // The text's unit: its steps into blocks (after a line ending with `:` `{` `(` `[`) — the file's unit
  // if it is among them, else the most frequent — else its shallowest depth below its least indented
  // line; 2, 4 or 8 spaces only (a docstring's own deeper steps are text).
  const fu = fileUnits(fileLines, [target])[0]!
  const depth = (l: string) => indentOf(l).length - least.length
  const steps = filled.flatMap((l, i) => (i + 1 < filled.length && /[:{([]$/.test(l.trimEnd()) && depth(filled[i + 1]!) > depth(l) ? [depth(filled[i + 1]!) - depth(l)] : []))
    .filter((d) => COMMON_UNITS.includes(d))
  const frequent = steps.length === 0 ? undefined : steps.reduce((best, d) => (steps.filter((x) => x === d).length > steps.filter((x) => x === best).length ? d : best), steps[0]!)
  const shallowest = Math.min(...filled.map(depth).filter((d) => d > 0))
  const spaces = steps.includes(fu) ? fu : frequent ?? (COMMON_UNITS.includes(shallowest) ? shallowest : undefined)
  const hu = filled.some((l) => indentOf(l).slice(least.length).startsWith("\t")) ? TABS : spaces
  if (hu === undefined || hu === fu) return shifted()
  const map = byLevels(pairs, hu, fu)
  return map === undefined ? shifted() : each(map)
}
