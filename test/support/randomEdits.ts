/**
 * Random edits of real files, for differential tests of the syntax gate's shortcuts against fresh
 * parses: seeded (a failure names its seed and replays).
 */

/** mulberry32: a small seeded generator. */
export const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** What breaks parsers: brackets, quotes, comment openers, keywords, line breaks, non-ASCII. */
export const SNIPPETS = [
  "{", "}", "(", ")", "[", "]", "\"", "'", "`", "/*", "*/", "//", ";", ",", "<", ">", "=>", ":", "\n", "\n    ", "\\",
  "if (", "function ", "class ", "return ", "def ", "fn ", "let ", "interface X<in out A> {", " else ", "#", "${", "é😀"
]

export interface Change {
  readonly at: number
  readonly remove: number
  readonly insert: string
}

/** A snippet inserted (or replacing a few characters), a range deleted, or a line replaced by another of the file. */
export const oneChange = (text: string, next: () => number): Change => {
  const at = Math.floor(next() * (text.length + 1))
  const roll = next()
  if (roll < 0.55) return { at, remove: next() < 0.3 ? 1 + Math.floor(next() * 3) : 0, insert: SNIPPETS[Math.floor(next() * SNIPPETS.length)]! }
  if (roll < 0.75) return { at, remove: 1 + Math.floor(next() * 40), insert: "" }
  // A whole line replaced by another line of the file (moved code, a duplicated statement).
  const lines = text.split("\n")
  const start = text.lastIndexOf("\n", at - 1) + 1
  const end = text.indexOf("\n", at)
  return { at: start, remove: (end === -1 ? text.length : end) - start, insert: lines[Math.floor(next() * lines.length)]! }
}

export const apply = (text: string, changes: ReadonlyArray<Change>): string =>
  [...changes].sort((a, b) => b.at - a.at).reduce((t, c) => t.slice(0, c.at) + c.insert + t.slice(Math.min(t.length, c.at + c.remove)), text)

/** A random edit: one change, or two far apart (as `apply` with two hunks makes). */
export const randomEdit = (text: string, next: () => number): string => {
  const first = oneChange(text, next)
  if (next() < 0.7) return apply(text, [first])
  const second = oneChange(text, next)
  const [a, b] = first.at <= second.at ? [first, second] : [second, first]
  return a.at + a.remove <= b.at ? apply(text, [a, b]) : apply(text, [first])
}

/**
 * An edit an agent makes to working code, mostly still valid: an identifier renamed, a line
 * deleted or duplicated, a block of lines moved elsewhere; one in five is `randomEdit`'s.
 */
export const agentEdit = (text: string, next: () => number): string => {
  const roll = next()
  if (roll < 0.2) return randomEdit(text, next)
  const at = Math.floor(next() * text.length)
  if (roll < 0.55) {
    const word = /[A-Za-z_][A-Za-z0-9_]{2,}/g
    word.lastIndex = at
    const m = word.exec(text)
    if (m === null) return randomEdit(text, next)
    return apply(text, [{ at: m.index, remove: m[0].length, insert: `${m[0]}Renamed` }])
  }
  const start = text.lastIndexOf("\n", at - 1) + 1
  const end = text.indexOf("\n", at)
  const line = { at: start, remove: (end === -1 ? text.length : end + 1) - start }
  if (roll < 0.7) return apply(text, [{ ...line, insert: "" }])
  if (roll < 0.85) return apply(text, [{ at: start, remove: 0, insert: text.slice(start, start + line.remove) }])
  // Lines start..start+k moved to the start of another line, most often nearby (within ~2 KB).
  let stop = start
  for (let k = 1 + Math.floor(next() * 8); k > 0 && stop < text.length; k--) stop = (text.indexOf("\n", stop) + 1) || text.length
  const block = text.slice(start, stop)
  const rest = text.slice(0, start) + text.slice(stop)
  const target = next() < 0.8 ? start + Math.floor((next() - 0.5) * 4096) : Math.floor(next() * rest.length)
  const to = rest.lastIndexOf("\n", Math.max(0, Math.min(rest.length, target))) + 1
  return rest.slice(0, to) + block + rest.slice(to)
}
