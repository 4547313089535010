/**
 * New code made to fit where it goes: its lines re-indented to the place's indentation in the file's
 * unit (tabs stay tabs), blank lines at its start and end dropped, its line breaks those of the file.
 * Text is taken as written relative to its least indented line, except text cut from the file as
 * it stands, the way `splice extract` prints a definition: its first line lost its indentation but
 * the others kept the target's, so they are kept as they are. Pure.
 */
import { indentBlock, indentOf } from "../reindent.js"
import { stringLines } from "./stringLines.js"

const isBlank = (line: string): boolean => line.trim().length === 0

/**
 * The text's lines (any line break), without the blank lines around them and trailing spaces, and
 * which of them begin inside a string literal of `language` (their whitespace is the string's:
 * kept, as are the trailing spaces of a line that ends inside one).
 */
export const contentLines = (text: string, language = ""): { lines: string[]; verbatim: boolean[] } => {
  const raw = text.split(/\r\n|\r|\n/)
  const inside = stringLines(raw, language)
  const lines = raw.map((l, i) => (inside.endsInside[i] ? l : l.replace(/[ \t]+$/, "")))
  let a = 0
  let b = lines.length
  while (a < b && isBlank(lines[a]!) && !inside.startsInside[a]) a++
  while (b > a && isBlank(lines[b - 1]!) && !inside.startsInside[b - 1]) b--
  return { lines: lines.slice(a, b), verbatim: inside.startsInside.slice(a, b) }
}

/**
 * Whether lines whose first line is unindented were cut from the file at indentation `target` (the
 * first line's own indentation left behind): every other line starts with `target`, and no block
 * header (a line ending with `:`) would then have its block at or above its own level, as a Python
 * body written relative to its `def` seems to when it is as deep as the target. Lines inside a
 * string (`verbatim`) say nothing either way.
 */
export const cutFromFile = (lines: ReadonlyArray<string>, target: string, verbatim: ReadonlyArray<boolean> = []): boolean => {
  if (lines.length < 2 || target === "" || indentOf(lines[0]!) !== "") return false
  const filled = lines.filter((l, i) => !isBlank(l) && verbatim[i] !== true)
  if (filled.length < 2 || !filled.slice(1).every((l) => l.startsWith(target))) return false
  return !filled.some((l, i) => i + 1 < filled.length && l.trimEnd().endsWith(":") && indentOf(filled[i + 1]!).length <= target.length)
}

/**
 * The text's lines indented for a place whose indentation is `target`, in a file with these lines
 * (for its unit), of `language` (for its strings, whose lines stay as written). Each line carries
 * its whole indentation; blank lines are empty.
 */
export const fitLines = (text: string, target: string, fileLines: ReadonlyArray<string>, language = ""): string[] => {
  const { lines, verbatim } = contentLines(text, language)
  if (lines.length === 0) return []
  if (cutFromFile(lines, target, verbatim)) return [target + lines[0]!, ...lines.slice(1).map((l, i) => (verbatim[i + 1] === true || !isBlank(l) ? l : ""))]
  return indentBlock(lines, target, fileLines, verbatim)
}
