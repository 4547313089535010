/**
 * The Codex `apply_patch` front end of `splice apply`: `*** Begin Patch` … `*** End Patch` with
 * Add / Delete / Update (+ Move to) sections, parsed into a ChangeSet.
 *
 * It accepts what Codex's own parser (codex-rs/apply-patch/src/parser.rs, lenient mode) accepts and
 * nothing sloppier: whitespace around the Begin/End markers and the file headers, a `<<'EOF'` …
 * `EOF` heredoc wrapper, a first hunk without `@@`, a completely empty line inside a hunk read as
 * an empty context line, blank lines between hunks. Where Codex decides only when applying, the
 * parser decides here, the careful way:
 * - trailing completely empty lines of a hunk (the blank line models leave before the next header)
 *   are dropped from both sides; Codex retries without them when the hunk is not found. They are
 *   identical on both sides, so dropping them never changes what the hunk writes;
 * - consecutive `@@ text` lines are several anchors, in order, as the tool instructions describe;
 * - an empty patch is refused (Codex refuses it when applying: "No files were modified");
 * - a path may appear in several plain `*** Update File` sections (applied in order, as Codex
 *   does), but a path that is added, deleted, or moved (from or to) appears in no other section:
 *   Codex would act on its own half-done result, and its preview keeps only the last section.
 */
import type { ChangeOp, Hunk, ParseResult } from "../changeSet.js"
import { parseWith, Refusal, show, splitLines } from "./inputLines.js"

const BEGIN = "*** Begin Patch"
const END = "*** End Patch"
const ADD = "*** Add File: "
const DELETE = "*** Delete File: "
const UPDATE = "*** Update File: "
const MOVE = "*** Move to: "
const END_OF_FILE = "*** End of File"
/** The heredoc openers Codex's lenient mode strips (gpt-4.1 passes `<<'EOF'\n…\nEOF` as the argument). */
const HEREDOC_OPENERS = new Set(["<<EOF", "<<'EOF'", '<<"EOF"'])
const HEADERS = "'*** Add File: PATH', '*** Delete File: PATH' or '*** Update File: PATH'"

const isBlank = (line: string): boolean => line.trim() === ""

/** The body's line range [start, end): inside the Begin/End markers (and the heredoc, if any). */
const envelope = (lines: ReadonlyArray<string>): { start: number; end: number } => {
  let lo = lines.findIndex((l) => !isBlank(l))
  if (lo === -1) throw new Refusal(1, `'${BEGIN}'`, "an empty input")
  let hi = lines.length - 1
  while (isBlank(lines[hi]!)) hi--
  if (HEREDOC_OPENERS.has(lines[lo]!.trim())) {
    if (hi === lo || !lines[hi]!.trimEnd().endsWith("EOF")) {
      throw new Refusal(hi + 1, `the heredoc's closing 'EOF' as the last line (line ${lo + 1} opens it)`, show(hi === lo ? undefined : lines[hi]))
    }
    lo++
    hi--
  }
  if (lo > hi || lines[lo]!.trim() !== BEGIN) throw new Refusal(lo + 1, `'${BEGIN}' as the first line`, show(lines[lo]))
  if (hi === lo || lines[hi]!.trim() !== END) {
    for (let k = lo + 1; k < hi; k++) {
      if (lines[k]!.trim() !== END) continue
      let next = k + 1
      while (isBlank(lines[next]!)) next++
      throw new Refusal(next + 1, `nothing after '${END}' (line ${k + 1})`, show(lines[next]))
    }
    throw new Refusal(hi + 2, `'${END}' as the last line`, "end of input")
  }
  return { start: lo + 1, end: hi }
}

type Header = { readonly kind: "add" | "delete" | "update"; readonly path: string }

/** A file header (padding around it allowed, as Codex allows), or undefined. */
const header = (line: string, lineNo: number): Header | undefined => {
  const t = line.trim()
  const empty = /^\*\*\* (Add|Delete|Update) File:$/.exec(t)
  if (empty !== null) throw new Refusal(lineNo, `a path after '*** ${empty[1]} File: '`, show(line))
  for (const [prefix, kind] of [[ADD, "add"], [DELETE, "delete"], [UPDATE, "update"]] as const) {
    if (t.startsWith(prefix)) return { kind, path: t.slice(prefix.length).trim() }
  }
  return undefined
}

/** `@@` (no anchor) or `@@ text` (an anchor); trailing whitespace after `@@` is padding. */
const isChunkMarker = (line: string): boolean => line.trimEnd() === "@@" || line.startsWith("@@ ")

interface Cursor {
  i: number
}

/**
 * One hunk of an Update section, from `cur.i`: its `@@` lines, then ' ', '-', '+' and empty lines,
 * then an optional `*** End of File`. The first hunk may start without `@@`.
 */
const parseChunk = (lines: ReadonlyArray<string>, end: number, cur: Cursor, file: string, first: boolean): Hunk => {
  const startLine = cur.i + 1
  const expectLine = `a line starting with ' ', '-' or '+' in the hunk of ${file}`
  const anchors: string[] = []
  let lineHint: number | undefined
  let marked = false
  while (cur.i < end && isChunkMarker(lines[cur.i]!)) {
    const anchor = lines[cur.i]!.slice(2).trim()
    // Models often write a unified diff's `@@ -12,7 +12,8 @@` here: a line-number hint, not a line to find.
    const numbers = /^-(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@(?: (.*))?$/.exec(anchor)
    if (numbers !== null) {
      lineHint = Number(numbers[1])
      if (numbers[2] !== undefined && numbers[2].trim() !== "") anchors.push(numbers[2])
    } else if (anchor !== "") anchors.push(lines[cur.i]!.slice(3))
    marked = true
    cur.i++
  }
  if (!marked && !first) throw new Refusal(cur.i + 1, `${expectLine}, '@@' starting its next hunk, or a *** header`, show(lines[cur.i]))
  const old: string[] = []
  const neu: string[] = []
  let count = 0
  let trailingEmpty = 0
  let atEnd = false
  while (cur.i < end) {
    const line = lines[cur.i]!
    if (line.trimEnd() === END_OF_FILE) {
      if (count === 0) break
      atEnd = true
      cur.i++
      break
    }
    const tag = line[0]
    if (line === "") {
      old.push("")
      neu.push("")
      trailingEmpty++
    } else if (tag === " " || tag === "-" || tag === "+") {
      if (tag !== "+") old.push(line.slice(1))
      if (tag !== "-") neu.push(line.slice(1))
      trailingEmpty = 0
    } else break
    count++
    cur.i++
  }
  if (count === 0) throw new Refusal(cur.i + 1, `${expectLine}${marked ? " after '@@'" : ""}`, show(lines[cur.i]))
  if (!atEnd && trailingEmpty > 0 && trailingEmpty < count) {
    old.length -= trailingEmpty
    neu.length -= trailingEmpty
  }
  return { old, new: neu, anchors, ...(lineHint !== undefined ? { lineHint } : {}), ...(atEnd ? { atEnd: true } : {}), origin: { line: startLine } }
}

/** Which paths the patch already names, to refuse contradictory sections (see the module comment). */
class PathClaims {
  private readonly claims = new Map<string, { line: number; repeatable: boolean }>()

  claim(path: string, repeatable: boolean, lineNo: number, line: string): void {
    const prev = this.claims.get(path)
    if (prev !== undefined && !(prev.repeatable && repeatable)) {
      throw new Refusal(
        lineNo,
        `a path no other section names: line ${prev.line} already names ${path} (only plain *** Update File sections may repeat a path)`,
        show(line)
      )
    }
    if (prev === undefined) this.claims.set(path, { line: lineNo, repeatable })
  }
}

/** Parse a Codex `apply_patch` patch. */
export const parseCodexPatch = (text: string): ParseResult => parseWith("codex", () => parseBody(splitLines(text)))

const parseBody = (lines: ReadonlyArray<string>): ChangeOp[] => {
  const { start, end } = envelope(lines)
  const ops: ChangeOp[] = []
  const claims = new PathClaims()
  const cur: Cursor = { i: start }
  while (cur.i < end) {
    const line = lines[cur.i]!
    const lineNo = cur.i + 1
    const h = header(line, lineNo)
    if (h === undefined) throw new Refusal(lineNo, HEADERS, show(line))
    cur.i++
    const origin = { line: lineNo }
    if (h.kind === "add") {
      claims.claim(h.path, false, lineNo, line)
      const content: string[] = []
      while (cur.i < end && lines[cur.i]!.startsWith("+")) content.push(lines[cur.i++]!.slice(1))
      if (cur.i < end && header(lines[cur.i]!, cur.i + 1) === undefined) {
        throw new Refusal(cur.i + 1, `a line starting with '+' (content of ${h.path}), or ${HEADERS}`, show(lines[cur.i]))
      }
      ops.push({ kind: "create", file: h.path, content: content.length === 0 ? "" : content.join("\n") + "\n", origin })
    } else if (h.kind === "delete") {
      claims.claim(h.path, false, lineNo, line)
      ops.push({ kind: "delete", file: h.path, origin })
    } else {
      let moveTo: string | undefined
      const next = lines[cur.i]
      if (cur.i < end && next !== undefined && (next.startsWith(MOVE) || next.trimEnd() === MOVE.trimEnd())) {
        moveTo = next.slice(MOVE.length).trim()
        if (moveTo === "") throw new Refusal(cur.i + 1, `a path after '${MOVE}'`, show(next))
        if (moveTo === h.path) throw new Refusal(cur.i + 1, `a destination other than ${h.path} itself`, show(next))
        cur.i++
      }
      claims.claim(h.path, moveTo === undefined, lineNo, line)
      if (moveTo !== undefined) claims.claim(moveTo, false, lineNo + 1, lines[lineNo]!)
      const hunks: Hunk[] = []
      while (cur.i < end) {
        const l = lines[cur.i]!
        if (isBlank(l)) {
          cur.i++
          continue
        }
        if (l.startsWith("*") && l.trimEnd() !== END_OF_FILE) break
        hunks.push(parseChunk(lines, end, cur, h.path, hunks.length === 0))
      }
      if (hunks.length === 0) {
        throw new Refusal(cur.i + 1, `at least one hunk ('@@' then ' ', '-' or '+' lines) for ${h.path}`, show(lines[cur.i]))
      }
      ops.push({ kind: "patch", file: h.path, hunks, ...(moveTo !== undefined ? { moveTo } : {}), origin })
    }
  }
  if (ops.length === 0) throw new Refusal(end + 1, `at least one ${HEADERS} section`, show(lines[end]))
  return ops
}
