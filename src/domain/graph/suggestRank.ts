/**
 * `splice suggest`'s ranking: which symbols of the graph an intent is about. A symbol scores by the
 * intent's words found in its name (most), its doc comment or docstring, its module's path and its
 * signature; test code is never a candidate unless asked.
 */

const STOP = new Set(("a an and are as at be by for from get has have in into is it its of on or set that the this to was were will with " +
  "function func fn method return returns value values new make data using use given some all each per then than").split(" "))

/** Words of an identifier: snake_case, kebab-case and camelCase split, lower case. */
export const identifierWords = (s: string): string[] =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").split(/[^A-Za-z0-9]+/).map((w) => w.toLowerCase()).filter((w) => w.length > 0)

export const keywordsOf = (fnName: string, desc: string): string[] => {
  const words = [...identifierWords(fnName), ...desc.split(/[^A-Za-z0-9_]+/).flatMap(identifierWords)]
  return [...new Set(words.filter((w) => w.length >= 3 && !STOP.has(w)))]
}

/** A crude English stem, so "parsing", "parses" and "parse" (or "queries" and "query") compare equal. */
export const stem = (word: string): string => {
  let w = word.toLowerCase()
  if (w.length > 4 && w.endsWith("ies")) w = w.slice(0, -3) + "y"
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1)
  for (const suffix of ["ing", "ed", "er", "e"]) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) return w.slice(0, -suffix.length)
  }
  return w
}

/**
 * Test code: files under test/, tests/, __tests__/ or testing/, and files named *.test.*, *.spec.*,
 * *_test.go, test_*.py, *_test.py or conftest.py.
 */
export const isTestPath = (path: string): boolean => {
  const parts = path.split("/")
  const base = parts[parts.length - 1]!
  return parts.slice(0, -1).some((d) => /^(test|tests|__tests__|testing|__mocks__)$/.test(d)) ||
    /\.(test|spec)\.[^.]+$/.test(base) || /_test\.go$/.test(base) || /^test_.*\.py$/.test(base) || /_test\.py$/.test(base) || base === "conftest.py"
}

/**
 * The documentation of the definition starting on `startLine` (1-based) of `lines`: the comment block
 * right above it (decorators and attributes between are skipped), or for Python the docstring that
 * opens its body. Comment markers are kept; only the words matter.
 */
export const docAt = (lines: ReadonlyArray<string>, startLine: number, endLine: number, language: string): string => {
  const above: string[] = []
  let i = startLine - 2
  while (i >= 0 && /^\s*@/.test(lines[i]!)) i--
  while (i >= 0) {
    const line = lines[i]!
    if (/\*\/\s*$/.test(line)) {
      // A block comment: up to the line that opens it.
      let j = i
      while (j > 0 && !lines[j]!.includes("/*")) j--
      above.unshift(...lines.slice(j, i + 1))
      i = j - 1
    } else if (/^\s*(\/\/|#)/.test(line)) {
      above.unshift(line)
      i--
    } else break
  }
  if (language !== "python") return above.join("\n")
  const body = lines.slice(startLine - 1, Math.min(endLine, startLine + 60)).join("\n")
  const open = /:[ \t]*(#[^\n]*)?\n\s*[rRuU]?("""|'''|"|')/.exec(body)
  if (open === null) return above.join("\n")
  const quote = open[2]!
  const from = open.index + open[0].length
  const close = body.indexOf(quote, from)
  return [...above, body.slice(from, close === -1 ? undefined : close)].join("\n")
}

export interface Candidate {
  readonly name: string
  readonly kind: string
  readonly file: string
  readonly signature: string
  readonly doc: string
  readonly exported: boolean
  /** The symbol is inside another one (a method, a nested function). */
  readonly nested: boolean
}

const TYPE_KINDS = new Set(["class", "interface", "struct", "type", "enum", "trait"])
const FUNCTION_KINDS = new Set(["function", "method"])

/**
 * How a keyword's stem `k` appears in free text (a doc, a path, a signature): 1 when a word of it
 * stems to k, 0.8 when a word only begins with k ("dict" in "dictionary"; k at least `minPrefix`
 * long), else 0. Words start after a non-alphanumeric or at a camelCase hump. Scans the occurrences
 * of k rather than tokenising: ranking reads every symbol's doc, and effect's docs are long.
 */
export const inText = (text: string, k: string, minPrefix: number): number => {
  if (text === "" || k === "") return 0
  const lower = text.toLowerCase()
  // A stem is a prefix of its word but for a final y ("queries" stems to "query").
  const probe = k.length > 3 && k.endsWith("y") ? k.slice(0, -1) : k
  let best = 0
  for (let i = lower.indexOf(probe); i !== -1; i = lower.indexOf(probe, i + 1)) {
    const before = i === 0 ? "" : text[i - 1]!
    const wordStart = before === "" || !/[A-Za-z0-9]/.test(before) || (/[a-z0-9]/.test(before) && /[A-Z]/.test(text[i]!))
    if (!wordStart) continue
    let j = i + 1
    while (j < text.length && /[a-z0-9]/.test(lower[j]!) && !(/[A-Z]/.test(text[j]!) && /[a-z0-9]/.test(text[j - 1]!))) j++
    if (stem(lower.slice(i, j)) === k) return 1
    if (lower.startsWith(k, i) && k.length >= minPrefix) best = 0.8
  }
  return best
}

/**
 * How well a symbol matches the intent's keywords, and which keywords it matched. Per keyword the best
 * place counts: a word of the name 3 (a name word that is a prefix of the keyword, or the reverse,
 * 2), the doc 1.5, the module's path 1 (a word there that begins with the keyword: 80% of that), the
 * signature 0.5, times the keyword's weight (see keywordWeights). Matching more of the keywords
 * multiplies the sum; functions and types, exported and top-level symbols come before the rest on
 * ties. `strong`: some
 * keyword is in the name or the doc (a path or a signature alone does not say what a symbol does);
 * `byName`: some keyword is in the name.
 */
export const scoreCandidate = (
  c: Candidate,
  keywords: ReadonlyArray<string>,
  weights?: ReadonlyMap<string, number>
): { score: number; matched: string[]; strong: boolean; byName: boolean } => {
  const keyStems = keywords.map(stem)
  const nameStems = identifierWords(c.name).map(stem)
  const path = c.file.replace(/\.[^./]+$/, "").replace(/(^|\/)(__init__|index|mod)$/, "")
  let sum = 0
  let strong = false
  let byName = false
  const matched: string[] = []
  const nameHits = (k: string) => nameStems.filter((n) => n === k || (Math.min(n.length, k.length) >= 4 && (n.startsWith(k) || k.startsWith(n))))
  // A name's words the intent does not say make it less specific (ZodMiniJSONSchemaInternals against toJSONSchema).
  const significant = nameStems.filter((n) => n.length >= 3 && !STOP.has(n))
  const precision = significant.length === 0 ? 1 : significant.filter((n) => keyStems.some((k) => nameHits(k).includes(n))).length / significant.length
  const nameFactor = 0.5 + 0.5 * precision
  for (const kw of keywords) {
    const k = stem(kw)
    const inName = (nameStems.includes(k) ? 3 : nameHits(k).length > 0 ? 2 : 0) * nameFactor
    const best = Math.max(inName, inText(c.doc, k, 4) * 1.5, inText(path, k, 3), inText(c.signature, k, Infinity) * 0.5)
    if (best >= 1.5) strong = true
    if (inName > 0) byName = true
    if (best > 0) {
      sum += best * (weights?.get(kw) ?? 1)
      matched.push(kw)
    }
  }
  if (sum === 0) return { score: 0, matched, strong, byName }
  const coverage = 1 + matched.length / Math.max(1, keywords.length)
  const score = sum * coverage +
    (FUNCTION_KINDS.has(c.kind) || TYPE_KINDS.has(c.kind) ? 1 : 0) +
    (c.exported ? 0.5 : 0) +
    (c.nested ? 0 : 0.5) +
    (/^_/.test(c.name) ? -1 : 0)
  return { score, matched, strong, byName }
}

/**
 * Each keyword's weight: rarer is more telling (inverse document frequency over the symbols' names and
 * docs), so "flatten" outweighs "zod" in zod, where every other name says Zod. From 0.2 (everywhere) to 4 (nowhere).
 */
export const keywordWeights = (candidates: ReadonlyArray<Candidate>, keywords: ReadonlyArray<string>): Map<string, number> => {
  const stems = keywords.map(stem)
  const df = stems.map(() => 0)
  for (const c of candidates) {
    const words = identifierWords(c.name).map(stem)
    stems.forEach((k, i) => {
      if (words.includes(k) || inText(c.doc, k, Infinity) === 1) df[i]!++
    })
  }
  const n = candidates.length
  return new Map(keywords.map((kw, i) => [kw, Math.max(0.2, Math.log((n + 1) / (df[i]! + 1)) / Math.log(n + 1) * 4)]))
}
