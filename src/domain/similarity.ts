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

/** Edit distance where swapping two adjacent characters is one edit (optimal string alignment): `aera` is 1 from `area`. */
export const typoDistance = (a: string, b: string): number => {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)])
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = d
    }
  }
  return rows[a.length]![b.length]!
}

/**
 * Up to `limit` of `names` most like `name`, best first: the "did you mean" of an unknown symbol or
 * node kind. Case is ignored; bigrams score the likeness (containing the name, or being contained
 * in it, counts extra), and since bigrams miss transpositions (`prase` shares one bigram with
 * `parse`), a typo distance of 1–2 counts too.
 */
export const similarNames = (name: string, names: Iterable<string>, limit = 5): string[] => {
  const lower = name.toLowerCase()
  const near = (n: string) => {
    if (Math.abs(n.length - lower.length) > 2) return 0
    const d = typoDistance(n, lower)
    return d <= 2 && d < Math.max(n.length, lower.length) / 2 ? 1 - d / Math.max(n.length, lower.length) : 0
  }
  return [...new Set(names)].map((n) => {
    const l = n.toLowerCase()
    return { n, score: Math.max(near(l), diceSimilarity(l, lower) + (l.includes(lower) || lower.includes(l) ? 0.3 : 0)) }
  }).filter((x) => x.score > 0.3).sort((a, b) => b.score - a.score || a.n.localeCompare(b.n)).slice(0, limit).map((x) => x.n)
}
