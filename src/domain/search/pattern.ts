/**
 * A search pattern compiled once for a whole tree: a literal (the default) or a JavaScript regular
 * expression in Unicode mode, optionally case-insensitive or whole-word. Besides the RegExp it
 * carries the bytes every match must contain (when the pattern says so), so a file without them is
 * passed over with one native byte search instead of being decoded and run through the regex.
 */

export interface PatternOptions {
  /** PATTERN is a regular expression (else a literal text). */
  readonly regex: boolean
  readonly ignoreCase: boolean
  /** Only matches with no word character (letter, mark, digit, connector) right before or after. */
  readonly word: boolean
}

export interface CompiledPattern {
  readonly source: string
  readonly options: PatternOptions
  /** Global, multiline, Unicode: run over a whole text. */
  readonly regex: RegExp
  /** Bytes every match contains (UTF-8), for a prefilter; undefined when none are known. */
  readonly required: Uint8Array | undefined
  /**
   * With ignore-case: a regex over the file's bytes read as Latin-1 that matches wherever the
   * required text occurs in any case (the prefilter of a case-insensitive search).
   */
  readonly requiredFolded: RegExp | undefined
  /** The whole pattern is these bytes (a case-sensitive literal, not whole-word): no regex needed at all. */
  readonly literal: Uint8Array | undefined
  /** Capture groups the regex has, by number, and their names (for a replacement template). */
  readonly groups: number
  readonly groupNames: ReadonlyArray<string>
}

export type CompileResult =
  | { readonly ok: true; readonly pattern: CompiledPattern }
  | { readonly ok: false; readonly reason: "empty" | "invalid"; readonly message: string }

const encoder = new TextEncoder()

/** A literal text as a regex source. */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Word characters as ripgrep's \w counts them (Unicode letters, marks, digits, connectors). */
const WORD_CHARS = "\\p{L}\\p{M}\\p{N}\\p{Pc}"
const WORD = `[${WORD_CHARS}]`

/**
 * `\w`, `\d`, `\b` and their negations as ripgrep means them: Unicode-aware (JavaScript's are
 * ASCII-only even in Unicode mode, so `\w+` would stop at an accented letter). Inside a class only
 * `\w` and `\d` are widened (`\b` there is a backspace; a negated class escape cannot be).
 */
export const unicodeEscapes = (source: string): string => {
  let out = ""
  let inClass = false
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (c === "\\" && i + 1 < source.length) {
      const e = source[++i]!
      if (e === "w") out += inClass ? WORD_CHARS : WORD
      else if (e === "d") out += inClass ? "\\p{Nd}" : "\\p{Nd}"
      else if (!inClass && e === "W") out += `[^${WORD_CHARS}]`
      else if (!inClass && e === "D") out += "\\P{Nd}"
      else if (!inClass && e === "b") out += `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`
      else if (!inClass && e === "B") out += `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`
      else out += c + e
      continue
    }
    if (c === "[" && !inClass) inClass = true
    else if (c === "]" && inClass) inClass = false
    out += c
  }
  return out
}

const QUANTIFIER_ZERO = /^(?:[?*]|\{0[,}])/

/**
 * The longest run of text a regex match must contain, or undefined when no run is certain: any
 * alternation, lookaround or group that may match nothing gives up; escapes, classes and dots end
 * a run; an atom made optional by its quantifier is not part of one.
 */
export const requiredLiteral = (source: string): string | undefined => {
  let best = ""
  let run = ""
  const end = () => {
    if (run.length > best.length) best = run
    run = ""
  }
  const atom = (text: string | undefined, next: number): number => {
    // `text` is a single literal character, or undefined for anything that is not one.
    const rest = source.slice(next)
    const q = rest.match(/^(?:[?*+]|\{\d*(?:,\d*)?\})\??/)
    if (q !== null) {
      const optional = QUANTIFIER_ZERO.test(q[0])
      if (text !== undefined && !optional) {
        run += text // required once at least, but what follows is not adjacent for sure
      }
      end()
      return next + q[0].length
    }
    if (text === undefined) end()
    else run += text
    return next
  }
  let depth = 0
  for (let i = 0; i < source.length;) {
    const c = source[i]!
    if (c === "|") return undefined
    if (c === "\\") {
      const e = source[i + 1]
      if (e === undefined) return undefined
      // An escaped punctuation character is that character; letters and digits are classes, backreferences, etc.
      if (/[a-zA-Z0-9]/.test(e)) {
        if (e === "u" || e === "x" || e === "p" || e === "P" || e === "k" || e === "c") return undefined
        i = atom(undefined, i + 2)
      } else i = atom(e, i + 2)
      continue
    }
    if (c === "[") {
      let j = i + 1
      if (source[j] === "^") j++
      if (source[j] === "]") j++
      for (; j < source.length && source[j] !== "]"; j++) if (source[j] === "\\") j++
      i = atom(undefined, j + 1)
      continue
    }
    if (c === "(") {
      if (source.startsWith("(?=", i) || source.startsWith("(?!", i) || source.startsWith("(?<=", i) || source.startsWith("(?<!", i)) return undefined
      // A group is required only when nothing after its closing parenthesis makes it optional.
      let d = 0
      let j = i
      for (; j < source.length; j++) {
        if (source[j] === "\\") j++
        else if (source[j] === "[") {
          for (j++; j < source.length && source[j] !== "]"; j++) if (source[j] === "\\") j++
        } else if (source[j] === "(") d++
        else if (source[j] === ")" && --d === 0) break
      }
      if (QUANTIFIER_ZERO.test(source.slice(j + 1))) return undefined
      end()
      depth++
      i = source.startsWith("(?:", i) ? i + 3 : source.startsWith("(?<", i) ? source.indexOf(">", i) + 1 : i + 1
      continue
    }
    if (c === ")") {
      depth--
      i = atom(undefined, i + 1)
      continue
    }
    if (c === "." || c === "^" || c === "$") {
      i = atom(undefined, i + 1)
      continue
    }
    // One code point (an astral character is two UTF-16 units, quantified as one in Unicode mode).
    const ch = String.fromCodePoint(source.codePointAt(i)!)
    i = atom(ch, i + ch.length)
  }
  end()
  return depth === 0 && best.length > 0 ? best : undefined
}

/**
 * The required text in every case, as a regex over UTF-8 bytes read as Latin-1 (one character per
 * byte): an ASCII letter matches either case, and `s` and `k` also the UTF-8 bytes of the two
 * non-ASCII letters Unicode case folding maps to them (ſ U+017F, K U+212A). Only for ASCII text.
 */
export const foldedPrefilter = (text: string): RegExp | undefined => {
  if (!/^[\x20-\x7e]+$/.test(text)) return undefined
  let source = ""
  for (const c of text) {
    const lower = c.toLowerCase()
    if (lower === "s") source += "(?:[sS]|\xc5\xbf)"
    else if (lower === "k") source += "(?:[kK]|\xe2\x84\xaa)"
    else if (lower !== c.toUpperCase()) source += `[${lower}${c.toUpperCase()}]`
    else source += escapeRegex(c)
  }
  return new RegExp(source)
}

/** Capture groups of a regex, counted by the engine itself: `new RegExp(src + "|").exec("")` has one slot per group. */
const groupsOf = (re: RegExp): { count: number; names: string[] } => {
  const probe = new RegExp(`${re.source}|`, re.flags.replace("g", "")).exec("")!
  return { count: probe.length - 1, names: Object.keys(probe.groups ?? {}) }
}

/** The regex source of a pattern: a literal escaped, a regex with Unicode-aware escapes, whole words wrapped. */
export const regexSource = (source: string, options: PatternOptions): string => {
  const body = options.regex ? unicodeEscapes(source) : escapeRegex(source)
  return options.word ? `(?<!${WORD})(?:${body})(?!${WORD})` : body
}

export const compilePattern = (source: string, options: PatternOptions): CompileResult => {
  if (source.length === 0) return { ok: false, reason: "empty", message: "the pattern is empty: it would match everywhere" }
  const body = regexSource(source, options)
  let regex: RegExp
  try {
    regex = new RegExp(body, `gmu${options.ignoreCase ? "i" : ""}`)
  } catch (e) {
    return { ok: false, reason: "invalid", message: (e instanceof Error ? e.message : String(e)).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "") }
  }
  const needed = options.regex ? requiredLiteral(source) : source
  const required = options.ignoreCase ? undefined : needed
  const { count, names } = groupsOf(regex)
  return {
    ok: true,
    pattern: {
      source,
      options,
      regex,
      required: required === undefined ? undefined : encoder.encode(required),
      requiredFolded: options.ignoreCase && needed !== undefined ? foldedPrefilter(needed) : undefined,
      literal: !options.regex && !options.ignoreCase && !options.word ? encoder.encode(source) : undefined,
      groups: count,
      groupNames: names
    }
  }
}
