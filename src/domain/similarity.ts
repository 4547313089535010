/**
 * String similarity for near-miss reports: a cheap bigram score to shortlist candidates in large
 * files, then an edit-distance ratio (1 = identical) for the few that are reported.
 */

const bigrams = (s: string): Map<string, number> => {
  const m = new Map<string, number>()
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2)
    m.set(g, (m.get(g) ?? 0) + 1)
  }
  return m
}

/** Sørensen–Dice coefficient over character bigrams, in [0, 1]. */
export const diceSimilarity = (a: string, b: string): number => {
  if (a === b) return 1
  if (a.length < 2 || b.length < 2) return 0
  const ga = bigrams(a)
  const gb = bigrams(b)
  let overlap = 0
  for (const [g, n] of ga) overlap += Math.min(n, gb.get(g) ?? 0)
  return (2 * overlap) / (a.length - 1 + b.length - 1)
}

/** Levenshtein distance with two rows; inputs are capped by the caller. */
export const editDistance = (a: string, b: string): number => {
  if (a === b) return 0
  if (a.length === 0) return b.length
  if (b.length === 0) return a.length
  let prev = new Array<number>(b.length + 1)
  let cur = new Array<number>(b.length + 1)
  for (let j = 0; j <= b.length; j++) prev[j] = j
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    const ca = a.charCodeAt(i - 1)
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost)
    }
    ;[prev, cur] = [cur, prev]
  }
  return prev[b.length]!
}

const CAP = 2000

/** 1 - distance / longer length, rounded to two decimals. */
export const similarityRatio = (a: string, b: string): number => {
  const x = a.slice(0, CAP)
  const y = b.slice(0, CAP)
  const longer = Math.max(x.length, y.length)
  if (longer === 0) return 1
  return Math.round((1 - editDistance(x, y) / longer) * 100) / 100
}

/**
 * Up to `limit` of `names` most like `name` (case ignored; containing it, or contained in it, counts
 * extra), best first: the "did you mean" of an unknown symbol or node kind.
 */
export const similarNames = (name: string, names: Iterable<string>, limit = 5): string[] => {
  const lower = name.toLowerCase()
  return [...new Set(names)].map((n) => {
    const l = n.toLowerCase()
    return { n, score: diceSimilarity(l, lower) + (l.includes(lower) || lower.includes(l) ? 0.3 : 0) }
  }).filter((x) => x.score > 0.3).sort((a, b) => b.score - a.score || a.n.localeCompare(b.n)).slice(0, limit).map((x) => x.n)
}
