/**
 * The search/replace front end of `splice apply`: Aider's edit blocks (a file path line, then
 * `<<<<<<< SEARCH` / `=======` / `>>>>>>> REPLACE`), inside or outside Markdown code fences, with
 * prose between them, parsed into a ChangeSet. Each block becomes its own `patch` op with one hunk
 * that searches the whole current file (as Aider does); an empty SEARCH becomes a `create` that
 * appends when the file exists (as Aider does).
 *
 * Follows aider/coders/editblock_coder.py (find_original_update_blocks, find_filename,
 * strip_filename): markers with 5 to 9 `<`, `=` or `>` and padding around them; the path on one of
 * the three lines before the block, looking past fence lines only; decorations stripped
 * (`**a.py**`, `` `a.py` ``, `# a.py`, `a.py:`); a block without a path reuses the previous one's; a
 * REPLACE part closed by `=======` instead of `>>>>>>> REPLACE`. Stricter than Aider where Aider
 * would guess and could write the wrong thing:
 * - a path line is one word (no spaces): the prose line "Here is the fix:" is not taken as a file
 *   name, nor is a marker line of the previous block;
 * - a `<<<<<<< SEARCH` or `>>>>>>> REPLACE` line inside a SEARCH part, or a `<<<<<<< SEARCH` line
 *   inside a REPLACE part, is refused as a block that was not closed (Aider keeps it as text);
 * - a `=======` line inside a REPLACE part is text when a `>>>>>>> REPLACE` follows before the next
 *   block (Aider cuts the REPLACE part there and drops the rest).
 * Aider's apply-time fix-ups of the texts (dropping a first SEARCH line that ends with the file's
 * name, unwrapping fences inside SEARCH) are not done: they can turn a real line into a deleted one.
 */
import type { ChangeOp, ParseResult } from "../changeSet.js"
import { parseWith, Refusal, show, splitLines } from "./inputLines.js"

const HEAD = /^<{5,9} SEARCH>?$/
const DIVIDER = /^={5,9}$/
const UPDATED = /^>{5,9} REPLACE$/

const isHead = (line: string): boolean => HEAD.test(line.trim())
const isDivider = (line: string): boolean => DIVIDER.test(line.trim())
const isUpdated = (line: string): boolean => UPDATED.test(line.trim())
const isMarker = (line: string): boolean => isHead(line) || isDivider(line) || isUpdated(line)
const isFence = (line: string): boolean => line.trim().startsWith("```")

/** Strip the decorations models put around a path (Aider's strip_filename, repeated until stable). */
const stripFilename = (line: string): string | undefined => {
  let name = line.trim()
  if (name === "...") return undefined
  if (name.startsWith("```")) {
    // A fence line names the file only as ```path/with.dots (```python is a language tag).
    const tag = name.replace(/^`+/, "")
    return tag.includes(".") || tag.includes("/") ? tag : undefined
  }
  for (let before = ""; before !== name; ) {
    before = name
    name = name.replace(/:+$/, "").replace(/^#+/, "").trim().replace(/^`+|`+$/g, "").replace(/^\*+|\*+$/g, "")
  }
  return name
}

const isPathLike = (name: string | undefined): name is string => name !== undefined && name !== "" && !/\s/.test(name)

/**
 * The path written for the block whose `<<<<<<< SEARCH` is at `head`: the line before it, or, past
 * fence lines, one of the three lines before it (Aider's find_filename). A name with a dot wins.
 */
const findPath = (lines: ReadonlyArray<string>, head: number): string | undefined => {
  const found: string[] = []
  for (let k = head - 1; k >= Math.max(0, head - 3); k--) {
    const line = lines[k]!
    if (!isMarker(line)) {
      const name = stripFilename(line)
      if (isPathLike(name)) found.push(name)
    }
    if (!isFence(line)) break
  }
  return found.find((name) => name.includes(".")) ?? found[0]
}

/** The line a missing path should have been on, for the error: the nearest non-fence line above. */
const pathLineFound = (lines: ReadonlyArray<string>, head: number): string => {
  for (let k = head - 1; k >= Math.max(0, head - 3); k--) if (!isFence(lines[k]!)) return show(lines[k])
  return head === 0 ? "start of input" : show(lines[head - 1])
}

/** For each line, whether the next `>>>>>>> REPLACE` at or after it comes before the next `<<<<<<< SEARCH`. */
const replaceComesFirst = (lines: ReadonlyArray<string>): boolean[] => {
  const out = new Array<boolean>(lines.length + 1)
  out[lines.length] = false
  for (let k = lines.length - 1; k >= 0; k--) {
    const line = lines[k]!
    out[k] = isUpdated(line) ? true : isHead(line) ? false : out[k + 1]!
  }
  return out
}

/** Parse Aider-style search/replace blocks. */
export const parseSearchReplace = (text: string): ParseResult => parseWith("search-replace", () => parseBlocks(splitLines(text)))

const parseBlocks = (lines: ReadonlyArray<string>): ChangeOp[] => {
  const ops: ChangeOp[] = []
  const closesLater = replaceComesFirst(lines)
  let current: string | undefined
  let i = 0
  while (i < lines.length) {
    if (!isHead(lines[i]!)) {
      i++ // prose, fences, path lines
      continue
    }
    const head = i
    const headLine = head + 1
    const file = findPath(lines, head) ?? current
    if (file === undefined) {
      throw new Refusal(headLine, "a file path on the line before '<<<<<<< SEARCH' (or before its opening ``` fence)", pathLineFound(lines, head))
    }
    current = file
    const search: string[] = []
    for (i = head + 1; i < lines.length && !isDivider(lines[i]!); i++) {
      if (isHead(lines[i]!) || isUpdated(lines[i]!)) {
        throw new Refusal(i + 1, `'=======' ending the SEARCH part of the block at line ${headLine}`, show(lines[i]))
      }
      search.push(lines[i]!)
    }
    if (i === lines.length) throw new Refusal(headLine, "'=======' then '>>>>>>> REPLACE' closing the block that starts here", "end of input")
    const replace: string[] = []
    for (i++; ; i++) {
      if (i === lines.length) throw new Refusal(headLine, "'>>>>>>> REPLACE' closing the block that starts here", "end of input")
      const line = lines[i]!
      if (isUpdated(line)) break
      if (isHead(line)) throw new Refusal(i + 1, `'>>>>>>> REPLACE' closing the block at line ${headLine}`, show(line))
      if (isDivider(line) && !closesLater[i + 1]) break // Aider also accepts `=======` as the closing line
      replace.push(line)
    }
    i++
    const origin = { line: headLine }
    if (search.every((l) => l.trim() === "")) {
      // Aider: an empty SEARCH creates the file, or appends to it when it exists.
      ops.push({ kind: "create", file, content: replace.length === 0 ? "" : replace.join("\n") + "\n", appendIfExists: true, origin })
    } else {
      ops.push({ kind: "patch", file, hunks: [{ old: search, new: replace, anchors: [], origin }], origin })
    }
  }
  if (ops.length === 0) throw new Refusal(1, "at least one '<<<<<<< SEARCH' / '=======' / '>>>>>>> REPLACE' block", show(lines[0]))
  return ops
}
