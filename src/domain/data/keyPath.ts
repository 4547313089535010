/**
 * Key paths of `splice get/set/del`: `a.b[0].c`, with quoting for keys that hold dots or brackets
 * (`servers."api.example.com".port`, `a["x.y"]`, `a['x.y']`). Double-quoted keys take JSON escapes
 * (`\"`, `\\`, `\n`, `\u00e9`); single-quoted keys are literal. Pure: no format is assumed here.
 */

export type Segment =
  | { readonly kind: "key"; readonly key: string }
  | { readonly kind: "index"; readonly index: number }

export type KeyPath = ReadonlyArray<Segment>

export type KeyPathResult =
  | { readonly ok: true; readonly path: KeyPath }
  | { readonly ok: false; readonly offset: number; readonly expected: string }

export const key = (k: string): Segment => ({ kind: "key", key: k })
export const index = (i: number): Segment => ({ kind: "index", index: i })

/** Characters a bare key may hold: anything but separators, brackets, quotes and white space. */
const BARE = /[^.[\]"'\s]/

const fail = (offset: number, expected: string): KeyPathResult => ({ ok: false, offset, expected })

/** A quoted key starting at `at` (the quote): its text and the offset after the closing quote. */
const readQuoted = (src: string, at: number): { readonly key: string; readonly end: number } | { readonly offset: number; readonly expected: string } => {
  const quote = src[at]!
  let i = at + 1
  if (quote === "'") {
    const close = src.indexOf("'", i)
    if (close === -1) return { offset: src.length, expected: "a closing '" }
    return { key: src.slice(i, close), end: close + 1 }
  }
  let out = ""
  while (i < src.length) {
    const c = src[i]!
    if (c === "\"") return { key: out, end: i + 1 }
    if (c === "\\") {
      // JSON's escapes, read by JSON itself so the rules are exactly JSON's.
      const m = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/.exec(src.slice(i))
      if (m === null) return { offset: i, expected: "an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX" }
      out += JSON.parse(`"${m[0]}"`) as string
      i += m[0].length
      continue
    }
    out += c
    i++
  }
  return { offset: src.length, expected: "a closing \"" }
}

export const parseKeyPath = (src: string): KeyPathResult => {
  const path: Segment[] = []
  let i = 0
  if (src.length === 0) return fail(0, "a key")
  // After a segment: `.`, `[` or the end; at the start or after `.`: a key.
  let wantKey = true
  while (i < src.length) {
    const c = src[i]!
    if (wantKey) {
      if (c === "\"" || c === "'") {
        const q = readQuoted(src, i)
        if ("offset" in q) return fail(q.offset, q.expected)
        path.push(key(q.key))
        i = q.end
      } else if (c === "[" && path.length === 0) {
        // A path may start with an index: `[0].name` on a top-level array.
        wantKey = false
        continue
      } else {
        const start = i
        while (i < src.length && BARE.test(src[i]!)) i++
        if (i === start) return fail(i, "a key (quote it if it holds . [ ] quotes or spaces)")
        path.push(key(src.slice(start, i)))
      }
      wantKey = false
      continue
    }
    if (c === ".") {
      i++
      wantKey = true
      if (i === src.length) return fail(i, "a key after '.'")
      continue
    }
    if (c === "[") {
      const d = src[i + 1]
      if (d === "\"" || d === "'") {
        const q = readQuoted(src, i + 1)
        if ("offset" in q) return fail(q.offset, q.expected)
        if (src[q.end] !== "]") return fail(q.end, "']'")
        path.push(key(q.key))
        i = q.end + 1
        continue
      }
      const m = /^\[(0|[1-9][0-9]*)\]/.exec(src.slice(i))
      if (m === null) return fail(i + 1, "an index (0, 1, ...) or a quoted key inside [ ]")
      const n = Number(m[1])
      if (!Number.isSafeInteger(n)) return fail(i + 1, "an index below 2^53")
      path.push(index(n))
      i += m[0].length
      continue
    }
    return fail(i, "'.', '[' or the end of the path")
  }
  return { ok: true, path }
}

const needsQuotes = (k: string) => k.length === 0 || ![...k].every((c) => BARE.test(c))

/** The canonical text of a path: bare keys where they can be, double quotes (JSON escapes) where not. */
export const formatKeyPath = (path: KeyPath): string =>
  path.map((s, i) =>
    s.kind === "index"
      ? `[${s.index}]`
      : `${i === 0 ? "" : "."}${needsQuotes(s.key) ? JSON.stringify(s.key) : s.key}`
  ).join("")

/** As plain values, the way the format libraries take a path (`["a", 0, "c"]`). */
export const pathValues = (path: KeyPath): Array<string | number> => path.map((s) => (s.kind === "key" ? s.key : s.index))
