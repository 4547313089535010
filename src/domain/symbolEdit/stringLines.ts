/**
 * Which lines of new code begin or end inside a string literal that spans lines (a Python `"""`
 * docstring or SQL, a JS/TS template, a Go raw string, a Rust or Ruby string, a heredoc): their
 * leading and trailing whitespace is the string's value, not indentation, so re-indenting new code
 * must leave those bytes alone. A lexer per language family (comments, strings and their escapes,
 * interpolations that hold code); it only has to find where strings begin and end, not check
 * anything. Pure.
 */

interface Quote {
  readonly open: string
  readonly close: string
  /** A backslash escapes the next character (and a line break: the string goes on). */
  readonly escapes: boolean
  /** A line break ends nothing (the literal may span lines). */
  readonly multiline: boolean
  /** Code inside the string: `${…}` (JS templates, Kotlin) or `#{…}` (Ruby). */
  readonly interpolation?: string
  /** The close doubled is the character itself (C# verbatim `@"…""…"`). */
  readonly doubledClose?: boolean
}

interface Syntax {
  readonly lineComments: ReadonlyArray<string>
  readonly blockComment?: { readonly open: string; readonly close: string; readonly nests: boolean }
  /** Tried in order: longer openers first. */
  readonly quotes: ReadonlyArray<Quote>
  /** Rust `r#"…"#`, C++ `R"x(…)x"`, Ruby `<<~ID` and PHP `<<<ID`: openers whose close depends on what follows. */
  readonly raw?: "rust" | "cpp" | "ruby" | "php"
}

const q = (open: string, close: string, escapes: boolean, multiline: boolean, interpolation?: string): Quote =>
  interpolation === undefined ? { open, close, escapes, multiline } : { open, close, escapes, multiline, interpolation }

const C_BLOCK = { open: "/*", close: "*/", nests: false }
const SYNTAX: Record<string, Syntax> = {
  javascript: { lineComments: ["//"], blockComment: C_BLOCK, quotes: [q("`", "`", true, true, "${"), q('"', '"', true, false), q("'", "'", true, false)] },
  python: {
    lineComments: ["#"],
    quotes: [q('"""', '"""', true, true), q("'''", "'''", true, true), q('"', '"', true, false), q("'", "'", true, false)]
  },
  go: { lineComments: ["//"], blockComment: C_BLOCK, quotes: [q("`", "`", false, true), q('"', '"', true, false), q("'", "'", true, false)] },
  rust: { lineComments: ["//"], blockComment: { ...C_BLOCK, nests: true }, quotes: [q('"', '"', true, true)], raw: "rust" },
  java: { lineComments: ["//"], blockComment: C_BLOCK, quotes: [q('"""', '"""', true, true), q('"', '"', true, false), q("'", "'", true, false)] },
  kotlin: {
    lineComments: ["//"],
    blockComment: { ...C_BLOCK, nests: true },
    quotes: [q('"""', '"""', false, true, "${"), q('"', '"', true, false, "${"), q("'", "'", true, false)]
  },
  csharp: {
    lineComments: ["//"],
    blockComment: C_BLOCK,
    quotes: [q('"""', '"""', false, true), { open: '@"', close: '"', escapes: false, multiline: true, doubledClose: true }, q('"', '"', true, false), q("'", "'", true, false)]
  },
  c: { lineComments: ["//"], blockComment: C_BLOCK, quotes: [q('"', '"', true, false), q("'", "'", true, false)], raw: "cpp" },
  ruby: { lineComments: ["#"], quotes: [q('"', '"', true, true, "#{"), q("'", "'", true, true), q("`", "`", true, true, "#{")], raw: "ruby" },
  php: { lineComments: ["//", "#"], blockComment: C_BLOCK, quotes: [q('"', '"', true, true), q("'", "'", true, true)], raw: "php" }
}
SYNTAX["typescript"] = SYNTAX["tsx"] = SYNTAX["javascript"]!
SYNTAX["cpp"] = SYNTAX["c"]!

export interface StringLines {
  /** Line i begins inside a string: its leading whitespace is the string's. */
  readonly startsInside: ReadonlyArray<boolean>
  /** Line i ends inside a string: its trailing whitespace is the string's. */
  readonly endsInside: ReadonlyArray<boolean>
}

/** For each line, whether it begins or ends inside a string literal. A language this does not know: none do. */
export const stringLines = (lines: ReadonlyArray<string>, language: string): StringLines => {
  const startsInside = lines.map(() => false)
  const endsInside = lines.map(() => false)
  const syntax = SYNTAX[language]
  if (syntax === undefined || lines.length < 2) return { startsInside, endsInside }
  const text = lines.join("\n")
  let line = 0
  let i = 0
  /** Steps over text[i] (a line break: the next line begins inside a string when `inString`). */
  const step = (inString: boolean) => {
    if (text[i] === "\n") {
      endsInside[line] = inString
      line++
      startsInside[line] = inString
    }
    i++
  }
  const at = (s: string) => text.startsWith(s, i)

  /** Code until `stop` (a closing brace of an interpolation at depth 0) or the end. */
  const code = (stop: boolean) => {
    let depth = 0
    while (i < text.length) {
      if (stop && text[i] === "}" && depth === 0) return
      if (text[i] === "{") depth++
      else if (text[i] === "}") depth--
      if (syntax.lineComments.some(at)) {
        while (i < text.length && text[i] !== "\n") i++
        continue
      }
      if (syntax.blockComment !== undefined && at(syntax.blockComment.open)) {
        comment(syntax.blockComment)
        continue
      }
      if (raw()) continue
      const quote = syntax.quotes.find((qt) => at(qt.open))
      if (quote !== undefined) {
        i += quote.open.length
        literal(quote)
        continue
      }
      step(false)
    }
  }

  const comment = (c: { open: string; close: string; nests: boolean }) => {
    let depth = 0
    while (i < text.length) {
      if (at(c.close)) {
        i += c.close.length
        if (depth-- === 0) return
      } else if (c.nests && at(c.open)) {
        i += c.open.length
        depth++
      } else step(false)
    }
  }

  /** The inside of a string after its opener, up to and past its close. */
  const literal = (quote: Quote) => {
    while (i < text.length) {
      if (quote.doubledClose === true && at(quote.close + quote.close)) {
        i += 2 * quote.close.length
        continue
      }
      if (at(quote.close)) {
        i += quote.close.length
        return
      }
      if (quote.escapes && text[i] === "\\") {
        i++
        if (i < text.length) step(true)
        continue
      }
      if (quote.interpolation !== undefined && at(quote.interpolation)) {
        i += quote.interpolation.length
        code(true)
        i++ // the closing brace
        continue
      }
      if (text[i] === "\n" && !quote.multiline) return // unterminated: it ends with its line
      step(true)
    }
  }

  /** Up to `close`, every character string content. */
  const until = (close: string, closeAtLineStart = false) => {
    while (i < text.length) {
      if (closeAtLineStart ? lineIs(close) : at(close)) {
        i += closeAtLineStart ? text.indexOf(close, i) + close.length - i : close.length
        return
      }
      step(true)
    }
  }
  /** Whether the line from i on (at a line's start) is `id`, indentation and a `;` or `,` after it aside. */
  const lineIs = (id: string) => {
    if (i > 0 && text[i - 1] !== "\n") return false
    const end = text.indexOf("\n", i)
    return new RegExp(`^[ \\t]*${id.replace(/[^\w]/g, "\\$&")}\\b[;,)]*[ \\t]*$`).test(text.slice(i, end === -1 ? text.length : end))
  }
  /** The rest of the opener's line as code, then the heredoc's lines up to its terminator. */
  const heredoc = (id: string) => {
    const end = text.indexOf("\n", i)
    if (end === -1) return
    while (i < end) step(false)
    step(true)
    until(id, true)
  }

  const raw = (): boolean => {
    const rest = text.slice(i, i + 80)
    let m: RegExpExecArray | null
    switch (syntax.raw) {
      case "rust":
        if ((m = /^b?r(#*)"/.exec(rest)) !== null && !/\w/.test(text[i - 1] ?? "")) {
          i += m[0].length
          until(`"${m[1]}`)
          return true
        }
        // A character literal ('a', '\n', '\''), not a lifetime ('a): skipped whole, so its quote opens nothing.
        if ((m = /^'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'\n])'/.exec(rest)) !== null) {
          i += m[0].length
          return true
        }
        return false
      case "cpp":
        if ((m = /^(?:u8|u|U|L)?R"([^()\\\s]{0,16})\(/.exec(rest)) !== null && !/\w/.test(text[i - 1] ?? "")) {
          i += m[0].length
          until(`)${m[1]}"`)
          return true
        }
        return false
      case "ruby":
        if ((m = /^<<([~-]?)(["'`]?)([A-Za-z_]\w*)\2/.exec(rest)) !== null) {
          i += m[0].length
          heredoc(m[3]!)
          return true
        }
        return false
      case "php":
        if ((m = /^<<<[ \t]*(["']?)([A-Za-z_]\w*)\1/.exec(rest)) !== null) {
          i += m[0].length
          heredoc(m[2]!)
          return true
        }
        return false
      default:
        return false
    }
  }

  code(false)
  return { startsInside, endsInside }
}
