/**
 * Where a line's comment starts, outside its string literals: the first position `opens` a comment
 * at, not inside a quote of `quotes` (a backslash escapes the next character). Undefined: none.
 * Pure; a line at a time (a string or comment that spans lines is not followed).
 */
export const commentStart = (line: string, opens: (line: string, at: number) => boolean, quotes: string): number | undefined => {
  let quote: string | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quote !== undefined) {
      if (c === "\\") i++
      else if (c === quote) quote = undefined
    } else if (quotes.includes(c)) quote = c
    else if (opens(line, i)) return i
  }
  return undefined
}
