/**
 * The order of `splice complete`'s candidates. A candidate must match the partial word before the
 * position (its exact prefix, then the prefix in any case, then its letters in order); within each
 * tier the names written nearest the position come first, as an editor's word completion searches
 * outward from the cursor (code goes on using the names it just used), then the names used most in
 * the file, then the engine's own order (TypeScript's: locals, members, globals, keywords).
 * (Compared offline on TypeScript's candidates at 200 of bench/complete.mjs's positions in zod,
 * nearest-first put the identifier in the first 10 at 193, counting the uses within 40 lines ten
 * times those further at 188.)
 */

export interface Ranked {
  readonly name: string
  readonly source: string | null
}

/** Where a name is used in the text: the distance in lines of its nearest use, and how many uses. */
export interface Proximity {
  readonly distance: number
  readonly count: number
}

const WORD = /[\p{L}_$][\p{L}\p{Nd}_$]*/gu

/**
 * Each word of the text with its nearest line to `line` (1-based) and its count; the word under the
 * cursor (`column`, a 0-based UTF-16 offset in that line) is not a use of anything — it is being typed.
 */
export const wordProximity = (text: string, line: number, column: number): ReadonlyMap<string, Proximity> => {
  const out = new Map<string, { distance: number; count: number }>()
  text.split(/\r\n|\r|\n/).forEach((l, i) => {
    const distance = Math.abs(i + 1 - line)
    for (const m of l.matchAll(WORD)) {
      if (distance === 0 && m.index <= column && column <= m.index + m[0].length) continue
      const was = out.get(m[0])
      if (was === undefined) out.set(m[0], { distance, count: 1 })
      else {
        was.count++
        if (distance < was.distance) was.distance = distance
      }
    }
  })
  return out
}

/** The candidates that match `prefix`, best first, each name (from each source) once. */
export const rankCandidates = <C extends Ranked>(all: ReadonlyArray<C>, prefix: string, proximity: ReadonlyMap<string, Proximity> = new Map()): ReadonlyArray<C> => {
  const lower = prefix.toLowerCase()
  const subsequence = (s: string) => {
    let i = 0
    for (const c of s.toLowerCase()) if (c === lower[i]) i++
    return i === lower.length
  }
  const tier = (c: C) => c.name.startsWith(prefix) ? 0 : c.name.toLowerCase().startsWith(lower) ? 1 : subsequence(c.name) ? 2 : 3
  const distance = (c: C) => proximity.get(c.name)?.distance ?? Infinity
  const count = (c: C) => proximity.get(c.name)?.count ?? 0
  const seen = new Set<string>()
  return all.map((c, i) => ({ c, i, t: tier(c), d: distance(c), n: count(c) })).filter((x) => x.t < 3)
    .sort((a, b) => a.t - b.t || (a.d === b.d ? 0 : a.d < b.d ? -1 : 1) || b.n - a.n || a.i - b.i)
    .map((x) => x.c)
    .filter((c) => (seen.has(`${c.name}\0${c.source}`) ? false : (seen.add(`${c.name}\0${c.source}`), true)))
}

/**
 * The words of the text outside its comments (`comments`: UTF-16 spans): what a member completion
 * can offer as plain words when no engine knows the receiver's type. The prose of a comment names
 * no member, even one that says `client.mount()`.
 */
export const codeWords = (text: string, comments: ReadonlyArray<{ readonly start: number; readonly end: number }>): ReadonlySet<string> => {
  let code = text
  for (const c of comments) code = code.slice(0, c.start) + code.slice(c.start, c.end).replace(/[^\r\n]/g, " ") + code.slice(c.end)
  return new Set(code.match(WORD) ?? [])
}
