/**
 * Unified diff of two texts, line by line (Myers' O(ND) algorithm on the lines between the common
 * prefix and suffix, which for a local edit is a handful). Lines are compared with their endings,
 * so a changed line ending shows up as a change. Myers costs O((N+M)·D) time and, with the trace
 * kept as bands, O(D²) memory: past MAX_D differences the changed region is shown as removed then
 * added — a correct diff, not a minimal one, in bounded time and memory.
 */

/** Differences beyond which Myers gives way (about 16 MB of trace and 10⁸ steps at 50,000 lines). */
export const MAX_D = 2000

/** Lines with their terminators kept. */
export const splitKeepEnds = (text: string): string[] => text.match(/[^\r\n]*(\r\n|\r|\n)|[^\r\n]+$/g) ?? []

/** One line of a line diff: kept (" "), removed ("-") or added ("+"). */
export type Op = { readonly tag: " " | "-" | "+"; readonly line: string }

const myers = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): Op[] | undefined => {
  const n = a.length
  const m = b.length
  const max = n + m
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  // trace[d] is v as iteration d found it, only the band k = -d..d that iteration reads.
  const trace: Int32Array[] = []
  outer: for (let d = 0; d <= max; d++) {
    if (d > MAX_D) return undefined
    trace.push(v.slice(offset - d, offset + d + 1))
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) break outer
    }
  }
  // Walk the trace backwards to recover the edit script.
  const ops: Op[] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d > 0; d--) {
    const band = trace[d]!
    const at = (kk: number) => band[kk + d]!
    const k = x - y
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
    const prevX = at(prevK)
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) ops.push({ tag: " ", line: a[--x]! }), y--
    if (x === prevX) ops.push({ tag: "+", line: b[--y]! })
    else ops.push({ tag: "-", line: a[--x]! })
  }
  while (x > 0 && y > 0) ops.push({ tag: " ", line: a[--x]! }), y--
  return ops.reverse()
}

/** The line diff of a → b (lines compared exactly), in order. */
export const diffLines = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): Op[] => {
  let pre = 0
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++
  let suf = 0
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++
  const head = a.slice(0, pre).map((line): Op => ({ tag: " ", line }))
  const tail = a.slice(a.length - suf).map((line): Op => ({ tag: " ", line }))
  const oldMid = a.slice(pre, a.length - suf)
  const newMid = b.slice(pre, b.length - suf)
  const mid = myers(oldMid, newMid) ?? [
    ...oldMid.map((line): Op => ({ tag: "-", line })),
    ...newMid.map((line): Op => ({ tag: "+", line }))
  ]
  return [...head, ...mid, ...tail]
}

/**
 * One line of a hunk. Its ending is shown as `\n` (a preview for people), or with `keepEndings`
 * as it is, for lines split at LF only (splitAtLf): a CRLF line keeps its CR, as GNU diff and git
 * print it, so a change of line ending shows and the patch restores the exact bytes.
 */
const render = (op: Op, keepEndings = false): string => {
  if (keepEndings) return op.tag + (op.line.endsWith("\n") ? op.line : op.line + "\n\\ No newline at end of file\n")
  const body = op.line.replace(/(\r\n|\r|\n)$/, "")
  const ended = body.length !== op.line.length
  return op.tag + body + "\n" + (ended ? "" : "\\ No newline at end of file\n")
}

/** Lines as diff(1) and git split them: at LF only, each with its LF (a CR stays part of its line). */
export const splitAtLf = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? []

/** One hunk of a unified diff: its header's numbers (as printed) and its lines. */
export interface Hunk {
  /** First line of the hunk in the old text (1-based; the line before it when the hunk removes nothing). */
  readonly oldStart: number
  readonly oldLines: number
  readonly newStart: number
  readonly newLines: number
  readonly ops: ReadonlyArray<Op>
}

/** The hunks of a line diff, with `context` kept lines around each change (hunks that close merge). */
export const hunksOf = (ops: ReadonlyArray<Op>, context = 3): Hunk[] => {
  const hunks: Hunk[] = []
  // Old and new line numbers of ops[p], advanced as p walks forward (never rescanned).
  let p = 0
  let aLine = 1
  let bLine = 1
  const advanceTo = (q: number) => {
    for (; p < q; p++) {
      if (ops[p]!.tag !== "+") aLine++
      if (ops[p]!.tag !== "-") bLine++
    }
  }
  let i = 0
  while (i < ops.length) {
    if (ops[i]!.tag === " ") {
      i++
      continue
    }
    // A hunk: from `context` lines before this change to `context` lines after the last change
    // that is within 2*context of the previous one.
    const start = Math.max(0, i - context)
    let end = i
    while (end < ops.length) {
      let j = end
      while (j < ops.length && ops[j]!.tag !== " ") j++
      let k = j
      while (k < ops.length && ops[k]!.tag === " ") k++
      if (k < ops.length && k - j <= 2 * context) end = k
      else {
        end = Math.min(ops.length, j + context)
        break
      }
    }
    advanceTo(start)
    const hunk = ops.slice(start, end)
    const oldLines = hunk.filter((o) => o.tag !== "+").length
    const newLines = hunk.filter((o) => o.tag !== "-").length
    hunks.push({ oldStart: oldLines === 0 ? aLine - 1 : aLine, oldLines, newStart: newLines === 0 ? bLine - 1 : bLine, newLines, ops: hunk })
    i = end
  }
  return hunks
}

/** Hunks as unified-diff text under `--- oldLabel` / `+++ newLabel` headers; "" when there are none. */
export const renderHunks = (hunks: ReadonlyArray<Hunk>, oldLabel: string, newLabel: string, options: { readonly keepEndings?: boolean } = {}): string => {
  if (hunks.length === 0) return ""
  let out = `--- ${oldLabel}\n+++ ${newLabel}\n`
  for (const h of hunks) {
    out += `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@\n`
    for (const op of h.ops) out += render(op, options.keepEndings)
  }
  return out
}

/** A unified diff (`--- a/… +++ b/…`) with `context` lines around each change; "" when equal. */
export const unifiedDiff = (before: string, after: string, path: string, context = 3): string => {
  if (before === after) return ""
  return renderHunks(hunksOf(diffLines(splitKeepEnds(before), splitKeepEnds(after)), context), `a/${path}`, `b/${path}`)
}

/** Lines added and removed, for summaries. */
export const diffStat = (before: string, after: string): { added: number; removed: number } => {
  const ops = diffLines(splitKeepEnds(before), splitKeepEnds(after))
  return { added: ops.filter((o) => o.tag === "+").length, removed: ops.filter((o) => o.tag === "-").length }
}
