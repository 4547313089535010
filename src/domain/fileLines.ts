/**
 * A text as lines plus the terminator of each, so a change to some lines keeps every other line's
 * ending byte for byte (a mixed-ending file stays mixed outside the change). Pure.
 */
import { type LineEnding, lineEndingString } from "./lineEndings.js"

export interface FileLines {
  readonly lines: string[]
  /** The terminator after each line: "\n", "\r\n", "\r", or "" for a last line without one. */
  readonly ends: string[]
  /** What new lines end with: the file's dominant style. */
  readonly newline: string
}

export const toLines = (text: string, le: LineEnding): FileLines => {
  const lines: string[] = []
  const ends: string[] = []
  const re = /\r\n|\r|\n/g
  let at = 0
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    lines.push(text.slice(at, m.index))
    ends.push(m[0])
    at = m.index + m[0].length
  }
  if (at < text.length) {
    lines.push(text.slice(at))
    ends.push("")
  }
  return { lines, ends, newline: lineEndingString(le) }
}

export const fromLines = (f: FileLines): string => {
  let out = ""
  for (let i = 0; i < f.lines.length; i++) out += f.lines[i]! + f.ends[i]!
  return out
}

export const endsWithNewline = (f: FileLines): boolean => f.ends.length > 0 && f.ends[f.ends.length - 1] !== ""

/**
 * Replace `count` lines at `start` with `next`. Replaced lines keep their terminators position by
 * position; extra lines get the file's newline; when the region held the file's unterminated last
 * line, the new last line stays unterminated (unless `finalNewline` says otherwise).
 */
export const spliceLines = (f: FileLines, start: number, count: number, next: ReadonlyArray<string>, finalNewline?: boolean): void => {
  const atEnd = start + count === f.lines.length
  const hadFinal = endsWithNewline(f)
  const oldEnds = f.ends.slice(start, start + count)
  const ends = next.map((_, i) => (i < oldEnds.length && oldEnds[i] !== "" ? oldEnds[i]! : f.newline))
  f.lines.splice(start, count, ...next)
  f.ends.splice(start, count, ...ends)
  if (f.lines.length === 0) return
  const last = f.lines.length - 1
  if (atEnd) {
    // Replaced lines at the end keep the file's final-newline state; appended lines are whole lines;
    // a pure deletion leaves the new last line's terminator as it was.
    const want = finalNewline ?? (next.length === 0 ? undefined : count > 0 ? hadFinal : true)
    if (want !== undefined) f.ends[last] = want ? (f.ends[last] === "" ? f.newline : f.ends[last]!) : ""
  }
  // A line that was last without a terminator and now has lines after it needs one.
  for (let i = 0; i < last; i++) if (f.ends[i] === "") f.ends[i] = f.newline
}
