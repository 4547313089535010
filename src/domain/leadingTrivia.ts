/**
 * The comments and decorators that belong to a definition although its syntax node leaves them out:
 * a doc comment right above a function (`/** … *\/`, `///`, `#`, `--`), Python's `@decorator`
 * lines, Rust's `#[attribute]` items. A comment or decorator belongs when it starts its own line
 * and nothing but spaces and at most one line break separates it from what follows; a blank line,
 * or code before it on its line, ends the run (a licence header or a trailing comment of the line
 * above is not the definition's). Pure.
 */

/** A comment or decorator node of the file, as UTF-16 offsets into its text. */
export interface Trivia {
  readonly start: number
  readonly end: number
  readonly kind: "comment" | "decorator"
}

export interface Leading {
  /** Where the definition starts with its comments and decorators (UTF-16 offset). */
  readonly start: number
  readonly docComment: boolean
  readonly decorators: boolean
}

const breaks = (s: string): number => s.match(/\r\n|\r|\n/g)?.length ?? 0

const startsItsLine = (text: string, at: number): boolean => {
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i]
    if (c === "\n" || c === "\r") return true
    if (c !== " " && c !== "\t") return false
  }
  return true
}

export const leadingTrivia = (text: string, start: number, trivia: ReadonlyArray<Trivia>): Leading => {
  const before = trivia.filter((t) => t.end <= start).sort((a, b) => b.end - a.end || a.start - b.start)
  let at = start
  let docComment = false
  let decorators = false
  for (const t of before) {
    // Nested trivia (a marker inside a doc comment) ends inside what was already taken.
    if (t.end > at) continue
    const gap = text.slice(t.end, at)
    // A comment node may end with its own line break (some grammars keep it): it counts as the gap's.
    const ownBreak = /(\r\n|\r|\n)$/.test(text.slice(t.start, t.end)) ? 1 : 0
    if (!/^[ \t\r\n]*$/.test(gap) || breaks(gap) + ownBreak > 1) break
    if (!startsItsLine(text, t.start)) break
    at = t.start
    if (t.kind === "comment") docComment = true
    else decorators = true
  }
  return { start: at, docComment, decorators }
}
