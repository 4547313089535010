/**
 * The unified-diff front end of `splice apply`: `git diff` (renames from `-M` included) and
 * `diff -u` / `diff -ruN` output, as people and models write them, parsed into a ChangeSet.
 *
 * Tolerances, each because models (and pasting) produce it: prose and Markdown fences around the
 * diff; `@@` counts that do not match the body (the body then runs to the next header or to a line
 * that cannot be a hunk line); context lines whose leading space was stripped (empty lines); bare
 * `@@` headers without line numbers. Line numbers become hints only: the engine locates each hunk
 * by its content. Refused with the input line: copies, binary patches, malformed headers, hunk
 * lines outside a hunk.
 */
import type { ChangeOp, Hunk, ParseResult } from "../changeSet.js"
import { parseWith, Refusal } from "./inputLines.js"


const show = (text: string | undefined): string => (text === undefined ? "end of input" : text.length > 80 ? text.slice(0, 80) + "…" : text)

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$/
/** `@@` with no line numbers (models write it): the hunk has no hint and no counts. */
const BARE_HUNK_HEADER = /^@@(?:\s+@@.*)?\s*$/
/** A Markdown fence: never a hunk line, which always starts with ' ', '-', '+' or '\'. */
const FENCE = /^(`{3,}|~{3,})[\w+.-]*\s*$/
const GIT_EXTENDED = /^(old mode|new mode|deleted file mode|new file mode|similarity index|dissimilarity index|index|rename from|rename to|rename old|rename new|copy from|copy to) ?(.*)$/

/** Undoes git's C-style quoting of a path ("a/sp\303\251 ce"): returns the path and where the quote ended. */
const unquote = (text: string, lineNo: number): { value: string; end: number } => {
  const bytes: number[] = []
  const encoder = new TextEncoder()
  const simple: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 }
  let i = 1
  while (i < text.length) {
    const c = text[i]!
    if (c === '"') return { value: new TextDecoder("utf-8").decode(new Uint8Array(bytes)), end: i + 1 }
    if (c === "\\") {
      const e = text[i + 1]
      const octal = /^[0-3][0-7]{2}/.exec(text.slice(i + 1, i + 4))
      if (octal !== null) {
        bytes.push(parseInt(octal[0], 8))
        i += 4
      } else if (e !== undefined && e in simple) {
        bytes.push(simple[e]!)
        i += 2
      } else throw new Refusal(lineNo, "a quoted path with git's escapes (\\\\, \\\", \\t, \\n, \\ooo)", show(text))
    } else {
      const cp = text.codePointAt(i)!
      bytes.push(...encoder.encode(String.fromCodePoint(cp)))
      i += cp > 0xffff ? 2 : 1
    }
  }
  throw new Refusal(lineNo, "a closing quote in the path", show(text))
}

interface HeaderPath {
  readonly path: string | null
  readonly absent: boolean
  /** A timestamp follows the name: the header was printed by `diff`, not written by hand. */
  readonly stamped: boolean
}

/**
 * A `--- ` / `+++ ` path, unquoted and without the tab-separated timestamp (null for /dev/null), and
 * whether that side is absent: /dev/null, or `diff -N`'s epoch timestamp.
 */
const headerPath = (rest: string, lineNo: number): HeaderPath => {
  let path: string
  let after: string
  if (rest.startsWith('"')) {
    const q = unquote(rest, lineNo)
    path = q.value
    after = rest.slice(q.end)
  } else {
    const tab = rest.indexOf("\t")
    path = tab === -1 ? rest.trimEnd() : rest.slice(0, tab)
    after = tab === -1 ? "" : rest.slice(tab)
  }
  if (path === "") throw new Refusal(lineNo, "a path after the header marker", show(rest))
  const stamp = after.trim()
  if (path === "/dev/null") return { path: null, absent: true, stamped: stamp !== "" }
  // diff -N marks a file absent on one side with the Unix epoch as its timestamp, in local time.
  return { path, absent: isEpoch(stamp), stamped: stamp !== "" }
}

const isEpoch = (stamp: string): boolean => {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.\d+)? ([+-])(\d\d)(\d\d)$/.exec(stamp)
  if (m === null) return false
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const offset = (m[7] === "-" ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9])) * 60_000
  return Date.UTC(y, mo - 1, d, h, mi, s) - offset === 0
}

/** The two paths of a `diff --git A B` line, needed when no `---`/`+++` follow (empty files). */
const gitLinePaths = (rest: string, lineNo: number): [string, string] | undefined => {
  if (rest.startsWith('"')) {
    const a = unquote(rest, lineNo)
    const tail = rest.slice(a.end).trimStart()
    const b = tail.startsWith('"') ? unquote(tail, lineNo).value : tail
    return [a.value, b]
  }
  // Unquoted names may hold spaces: the split is the one that makes both sides name the same file.
  if ((rest.length - 1) % 2 !== 0) return undefined
  const half = (rest.length - 1) / 2
  const a = rest.slice(0, half)
  const b = rest.slice(half + 1)
  if (rest[half] !== " ") return undefined
  if (a === b || (gitPrefixes(a, b) && a.slice(2) === b.slice(2))) return [a, b]
  return undefined
}

interface Line {
  readonly text: string
  /** Outside the diff: a fence, or prose outside the fences of a fenced diff. */
  readonly prose: boolean
}

/** Splits the input, marking what is prose: fence lines, and everything outside fences when the diff is fenced. */
const toLines = (input: string): Line[] => {
  const texts = input.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l))
  if (input.endsWith("\n")) texts.pop()
  let inside = false
  const fenced = texts.map((t) => {
    if (FENCE.test(t)) {
      inside = !inside
      return "fence" as const
    }
    return inside
  })
  const diffInsideFence = texts.some((t, i) => fenced[i] === true && (t.startsWith("diff ") || t.startsWith("--- ") || t.startsWith("@@")))
  return texts.map((text, i) => ({ text, prose: fenced[i] === "fence" || (diffInsideFence && fenced[i] === false) }))
}

interface FileSection {
  /** Paths from `---`/`+++`, prefixes not yet stripped. */
  oldPath?: HeaderPath
  newPath?: HeaderPath
  headerLine?: number
  git?: { readonly line: number; readonly rest: string; readonly prefixed: boolean }
  renameFrom?: string
  renameTo?: string
  newFile?: boolean
  deletedFile?: boolean
  modeChange?: boolean
  hunks: Hunk[]
}

/** GNU patch's choice between two differing names, without looking at the disk: fewest components, shortest basename, shortest name. */
const gnuChoice = (a: string, b: string): string => {
  const key = (p: string) => [p.split("/").length, p.slice(p.lastIndexOf("/") + 1).length, p.length]
  const [ka, kb] = [key(a), key(b)]
  for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? a : b
  return b
}

export const parseUnifiedDiff = (text: string): ParseResult => parseWith("udiff", () => parseLines(toLines(text)))

const parseLines = (lines: ReadonlyArray<Line>): ChangeOp[] => {
  const n = lines.length
  const at = (i: number): string | undefined => (i < n && !lines[i]!.prose ? lines[i]!.text : undefined)
  const isFileHeader = (i: number) => at(i)?.startsWith("--- ") === true && at(i + 1)?.startsWith("+++ ") === true
  const isHunkLine = (t: string | undefined) => t !== undefined && (t === "" || " -+\\".includes(t[0]!))
  /** `git format-patch`'s mail signature: `-- ` then the git version. A `-- ` that ends the input is a
   * removed line `- `, not a signature. */
  const isSignature = (i: number) => at(i) === "-- " && i + 1 < n && !isHunkLine(at(i + 1))
  /** More hunk body follows at i (after blank lines): a line with a hunk prefix that is not a file header. */
  const bodyContinues = (i: number) => {
    while (at(i) === "") i++
    const t = at(i)
    return t !== undefined && " -+\\".includes(t[0]!) && !isFileHeader(i) && !isSignature(i)
  }

  const readHunk = (h: number): { hunk: Hunk; next: number } => {
    const header = at(h)!
    const m = HUNK_HEADER.exec(header)
    if (m === null && !BARE_HUNK_HEADER.test(header)) throw new Refusal(h + 1, "a hunk header `@@ -a,b +c,d @@`", show(header))
    const start = h + 1
    let end: number | undefined
    if (m !== null) {
      // The counts, when the body matches them exactly; otherwise the body runs as far as it can.
      let oldLeft = m[2] === undefined ? 1 : Number(m[2])
      let newLeft = m[4] === undefined ? 1 : Number(m[4])
      let k = start
      while (oldLeft > 0 || newLeft > 0) {
        const t = at(k)
        if (!isHunkLine(t)) break
        if (t !== "" && t![0] === "\\") {
          k++
          continue
        }
        if (t === "" || t![0] === " ") oldLeft--, newLeft--
        else if (t![0] === "-") oldLeft--
        else newLeft--
        if (oldLeft < 0 || newLeft < 0) break
        k++
      }
      if (oldLeft === 0 && newLeft === 0) {
        if (at(k)?.startsWith("\\") === true) k++
        if (!bodyContinues(k)) end = k
      }
    }
    if (end === undefined) {
      let k = start
      while (isHunkLine(at(k)) && !isFileHeader(k) && !isSignature(k)) k++
      // Blank lines before the next header are separators more often than stripped context.
      while (k > start && at(k - 1) === "") k--
      end = k
    }
    const old: string[] = []
    const neu: string[] = []
    let oldEnded = false
    let newEnded = false
    let last: string | undefined
    for (let k = start; k < end; k++) {
      const t = at(k)!
      if (t.startsWith("\\")) {
        if (last === undefined) throw new Refusal(k + 1, "a hunk line before `\\ No newline at end of file`", show(t))
        if (last !== "+") oldEnded = true
        if (last !== "-") newEnded = true
        continue
      }
      const tag = t === "" ? " " : t[0]!
      if ((tag !== "+" && oldEnded) || (tag !== "-" && newEnded)) {
        throw new Refusal(k + 1, "no more lines on a side after its `\\ No newline at end of file`", show(t))
      }
      if (tag !== "+") old.push(t.slice(1))
      if (tag !== "-") neu.push(t.slice(1))
      last = tag
    }
    if (old.length === 0 && neu.length === 0) throw new Refusal(start + 1, "hunk lines (' ', '-', '+') after the hunk header", show(at(start)))
    const oldStart = m === null ? undefined : Number(m[1])
    // An empty old side (`-5,0`) sits after line 5: its lines would start at 6. The body decides,
    // not the count, which may be wrong.
    const lineHint = oldStart === undefined ? undefined : old.length === 0 ? oldStart + 1 : oldStart
    const hunk: Hunk = {
      old,
      new: neu,
      anchors: [],
      ...(lineHint !== undefined && lineHint >= 1 ? { lineHint } : {}),
      ...(oldEnded ? { oldNoNewlineAtEnd: true } : {}),
      ...(newEnded ? { newNoNewlineAtEnd: true } : {}),
      origin: { line: h + 1 }
    }
    return { hunk, next: end }
  }

  /** The `---`/`+++` pair at i and the hunks after it. */
  const readFileBody = (i: number, section: FileSection): number => {
    section.headerLine = i + 1
    section.oldPath = headerPath(at(i)!.slice(4), i + 1)
    section.newPath = headerPath(at(i + 1)!.slice(4), i + 2)
    return readHunks(i + 2, section)
  }

  const readHunks = (k: number, section: FileSection): number => {
    while (at(k)?.startsWith("@@") === true) {
      const r = readHunk(k)
      section.hunks.push(r.hunk)
      k = r.next
    }
    if (section.hunks.length === 0) throw new Refusal(k + 1, "a hunk header `@@ -a,b +c,d @@` after the file header", show(at(k)))
    return k
  }

  const readGitSection = (i: number): { section: FileSection; next: number } => {
    const rest = at(i)!.slice("diff --git ".length)
    const [first, second] = [/^"?([abciow12])\//.exec(rest)?.[1], /\s"?([abciow12])\//.exec(rest)?.[1]]
    const section: FileSection = { git: { line: i + 1, rest, prefixed: first !== undefined && second !== undefined && first !== second }, hunks: [] }
    let k = i + 1
    for (;;) {
      const t = at(k)
      const m = t === undefined ? null : GIT_EXTENDED.exec(t)
      if (m === null) break
      const value = () => (m[2]!.startsWith('"') ? unquote(m[2]!, k + 1).value : m[2]!)
      switch (m[1]) {
        case "copy from":
        case "copy to":
          throw new Refusal(k + 1, "a change other than a copy: copies are not supported (write the new file as an added file)", show(t))
        case "rename from":
        case "rename old":
          section.renameFrom = value()
          break
        case "rename to":
        case "rename new":
          section.renameTo = value()
          break
        case "new file mode":
          section.newFile = true
          break
        case "deleted file mode":
          section.deletedFile = true
          break
        case "old mode":
        case "new mode":
          section.modeChange = true
          break
      }
      k++
    }
    const t = at(k)
    if (t === "GIT binary patch" || (t?.startsWith("Binary files ") === true && t.endsWith(" differ"))) {
      throw new Refusal(k + 1, "a text diff: binary patches are not supported", show(t))
    }
    if (isFileHeader(k)) k = readFileBody(k, section)
    else if (at(k)?.startsWith("@@") === true && gitLinePaths(rest, i + 1) !== undefined) {
      // Hunks straight after `diff --git a/F b/F` (models drop the ---/+++ lines): the names are unambiguous.
      const [a, b] = gitLinePaths(rest, i + 1)!
      section.oldPath = { path: a, absent: section.newFile === true, stamped: false }
      section.newPath = { path: b, absent: section.deletedFile === true, stamped: false }
      section.headerLine = i + 1
      k = readHunks(k, section)
    } else if (section.renameFrom === undefined && !section.newFile && !section.deletedFile && !section.modeChange) {
      throw new Refusal(k + 1, "`--- a/FILE` and `+++ b/FILE` headers (or git's rename, mode or new/deleted file headers) after `diff --git`", show(t))
    }
    return { section, next: k }
  }

  const ops: ChangeOp[] = []
  let sawHeader = false
  let i = 0
  while (i < n) {
    const t = at(i)
    if (t === undefined || t === "") {
      i++
      continue
    }
    if (t.startsWith("diff --git ")) {
      const r = readGitSection(i)
      ops.push(...toOps(r.section))
      sawHeader = true
      i = r.next
    } else if (isFileHeader(i)) {
      const section: FileSection = { hunks: [] }
      i = readFileBody(i, section)
      ops.push(...toOps(section))
      sawHeader = true
    } else if (t.startsWith("Binary files ") && t.endsWith(" differ")) {
      throw new Refusal(i + 1, "a text diff: binary files are not supported", show(t))
    } else if (t.startsWith("@@")) {
      throw new Refusal(i + 1, "a file header (`--- a/FILE` then `+++ b/FILE`) before the hunk", show(t))
    } else if (sawHeader && isHunkLine(t) && !isSignature(i)) {
      throw new Refusal(i + 1, "a hunk header (`@@ -a,b +c,d @@`) or a file header before hunk lines", show(t))
    } else i++ // prose, `diff -ruN …` command lines, `Only in …`, `Index:` and `===` lines of other tools, mail headers
  }
  if (!sawHeader) {
    const first = lines.findIndex((l) => !l.prose && l.text.trim() !== "")
    throw new Refusal(Math.max(1, first + 1), "a unified diff: `diff --git` or `--- FILE` / `+++ FILE` headers followed by `@@` hunks", first === -1 ? "no diff" : show(lines[first]!.text))
  }
  return ops
}

/** The ops one file section stands for. */
const toOps = (s: FileSection): ChangeOp[] => {
  const origin = { line: s.git?.line ?? s.headerLine! }
  if (s.oldPath === undefined || s.newPath === undefined) {
    // git without `---`/`+++`: a pure rename, a mode change, or an empty file added or deleted.
    if (s.renameFrom !== undefined && s.renameTo !== undefined) return [{ kind: "move", from: s.renameFrom, to: s.renameTo, origin }]
    if (s.renameFrom !== undefined || s.renameTo !== undefined) {
      throw new Refusal(origin.line, "both `rename from` and `rename to` headers", s.renameFrom !== undefined ? "only rename from" : "only rename to")
    }
    if (!s.newFile && !s.deletedFile) return [] // a mode change: splice keeps modes as they are
    const paths = gitLinePaths(s.git!.rest, origin.line)
    if (paths === undefined) throw new Refusal(origin.line, "`diff --git a/FILE b/FILE` naming one file", show("diff --git " + s.git!.rest))
    const [a, b] = s.git!.prefixed ? [paths[0].replace(GIT_PREFIX, ""), paths[1].replace(GIT_PREFIX, "")] : paths
    return [s.newFile ? { kind: "create", file: b, content: "", origin } : { kind: "delete", file: a, expectLines: [], origin }]
  }
  const fromDiffR = s.oldPath.stamped && s.newPath.stamped
  const [oldPath, newPath] = stripPrefixes(s.oldPath.path, s.newPath.path, s.git?.prefixed, fromDiffR)
  if (s.oldPath.absent && s.newPath.absent) throw new Refusal(s.headerLine!, "a file on at least one side of `---`/`+++`", "no file on either side")
  if (s.oldPath.absent) {
    const added = s.hunks.find((h) => h.old.length > 0)
    if (added !== undefined) throw new Refusal(added.origin.line, "only added lines ('+') in a new file (`--- /dev/null`)", "context or removed lines")
    const lines = s.hunks.flatMap((h) => h.new)
    const noEol = s.hunks[s.hunks.length - 1]!.newNoNewlineAtEnd === true
    return [{ kind: "create", file: newPath!, content: lines.length === 0 ? "" : lines.join("\n") + (noEol ? "" : "\n"), origin }]
  }
  if (s.newPath.absent) {
    const kept = s.hunks.find((h) => h.new.length > 0)
    if (kept !== undefined) throw new Refusal(kept.origin.line, "only removed lines ('-') in a deleted file (`+++ /dev/null`)", "context or added lines")
    return [{ kind: "delete", file: oldPath!, expectLines: s.hunks.flatMap((h) => h.old), origin }]
  }
  if (oldPath === null || newPath === null) throw new Refusal(s.headerLine!, "file names in `---`/`+++`", "/dev/null")
  if (s.git !== undefined) {
    const from = s.renameFrom ?? oldPath
    const to = s.renameTo ?? newPath
    if (s.renameFrom === undefined && oldPath !== newPath) {
      throw new Refusal(s.headerLine! + 1, `\`+++\` naming the file of \`---\` (${show(oldPath)}), or \`rename from\`/\`rename to\` headers`, show(newPath))
    }
    return [{ kind: "patch", file: from, hunks: s.hunks, ...(from !== to ? { moveTo: to } : {}), origin: { line: origin.line } }]
  }
  // Outside git there are no renames: differing names are two names of one file (`diff -u f.orig f`).
  return [{ kind: "patch", file: oldPath === newPath ? newPath : gnuChoice(oldPath, newPath), hunks: s.hunks, origin }]
}

/**
 * The prefixes git puts before the two names of a file: `a/` and `b/`, swapped by `git diff -R`;
 * `i/`, `w/`, `c/`, `o/` with diff.mnemonicPrefix; `1/`, `2/` for `git diff --no-index`. Two
 * different ones: a `--no-prefix` diff names the same path twice.
 */
const GIT_PREFIX = /^[abciow12]\//
const gitPrefixes = (a: string, b: string): boolean => GIT_PREFIX.test(a) && GIT_PREFIX.test(b) && a[0] !== b[0]

/**
 * git's prefixes (GIT_PREFIX) go when the section is a prefixed git diff; `a/` and `b/` (or `b/`
 * and `a/`) when both names carry them;
 * in `diff -r OLD NEW` output (timestamped headers) the differing top directories (`orig/x`,
 * `repo/x`) go too, as `patch -p1` would. A hand-written `--- src/x` / `+++ lib/x` keeps its names.
 */
const stripPrefixes = (a: string | null, b: string | null, gitPrefixed: boolean | undefined, fromDiffR: boolean): [string | null, string | null] => {
  const carries = (p: string | null, prefix: string) => p === null || p.startsWith(prefix)
  if (gitPrefixed === true) return [a?.replace(GIT_PREFIX, "") ?? null, b?.replace(GIT_PREFIX, "") ?? null]
  const swapped = carries(a, "b/") && carries(b, "a/") // `git diff -R` with its `diff --git` line cut off
  if (gitPrefixed === undefined && (a !== null || b !== null) && ((carries(a, "a/") && carries(b, "b/")) || swapped)) {
    return [a?.slice(2) ?? null, b?.slice(2) ?? null]
  }
  if (gitPrefixed === undefined && fromDiffR && a !== null && b !== null) {
    const sa = a.indexOf("/")
    const sb = b.indexOf("/")
    if (sa > 0 && sb > 0 && a.slice(0, sa) !== b.slice(0, sb) && a.slice(sa) === b.slice(sb)) return [a.slice(sa + 1), b.slice(sb + 1)]
  }
  return [a, b]
}
