/**
 * A line comment after a definition on its last line (`x = 1 // the x`, Go's `Mode int // parsing
 * mode.`): outside the definition's span, so new code that brings its own comment for that line
 * would leave the old one after it (`x = 10 // ten // the x`). Pure.
 */

const LINE_COMMENT: Readonly<Record<string, string>> = {
  python: "#", ruby: "#", bash: "#", toml: "#", yaml: "#", elixir: "#",
  lua: "--"
}

/** The language's line comment token (`//` for the C family, TS/JS, Go, Rust, Java, C#, Kotlin, Swift, Zig). */
export const lineCommentToken = (language: string): string => LINE_COMMENT[language] ?? "//"

/** The end of a line comment that follows `end` on its line with only blanks between, or undefined. */
export const trailingCommentEnd = (text: string, end: number, language: string): number | undefined => {
  const lineEnd = text.indexOf("\n", end)
  const rest = text.slice(end, lineEnd === -1 ? text.length : lineEnd)
  const token = lineCommentToken(language)
  const m = /^[ \t]*/.exec(rest)!
  if (!rest.startsWith(token, m[0].length)) return undefined
  return end + rest.replace(/\r$/, "").length
}

/**
 * Whether code's last line ends with a line comment: its token after a blank, with the quotes
 * before it balanced (a `//` inside `"http://x"` is no comment).
 */
export const endsWithLineComment = (code: string, language: string): boolean => {
  const last = code.replace(/\s+$/, "").split("\n").pop() ?? ""
  const token = lineCommentToken(language)
  for (let i = last.indexOf(token); i !== -1; i = last.indexOf(token, i + 1)) {
    const before = last.slice(0, i)
    if (i > 0 && !/[ \t]$/.test(before)) continue
    if ([`"`, `'`, "`"].every((q) => before.split(q).length % 2 === 1)) return true
  }
  return false
}
