/**
 * A key path against a document's plain value (what every format parses to): where it leads, how
 * far it gets when it does not, and what a set or delete must do. The format editors only carry out
 * the plan; the plan, the did-you-mean and the check of the result are the same for every format.
 */
import { similarityRatio } from "../similarity.js"
import { formatKeyPath, type KeyPath, type Segment } from "./keyPath.js"

/** What a document parses to; an integer a number cannot hold exactly is a bigint (exactNumbers.ts). */
export type Plain = null | boolean | number | bigint | string | ReadonlyArray<Plain> | { readonly [k: string]: Plain }

const isObject = (v: unknown): v is Record<string, Plain> => typeof v === "object" && v !== null && !Array.isArray(v)

/** A key segment of digits also picks an element of an array (`a.0` as `a[0]`). */
const childOf = (v: Plain, s: Segment): { readonly found: true; readonly value: Plain } | { readonly found: false } => {
  if (Array.isArray(v)) {
    const i = s.kind === "index" ? s.index : /^(0|[1-9][0-9]*)$/.test(s.key) ? Number(s.key) : -1
    return i >= 0 && i < v.length ? { found: true, value: v[i] as Plain } : { found: false }
  }
  if (isObject(v) && s.kind === "key" && Object.hasOwn(v, s.key)) return { found: true, value: v[s.key]! }
  return { found: false }
}

/** The path with each digits-only key that names an array's element written as an index (`a.0` → `a[0]`). */
export const canonicalPath = (root: Plain, path: KeyPath): KeyPath => {
  const out: Segment[] = []
  let v: Plain | undefined = root
  for (const s of path) {
    const seg: Segment = Array.isArray(v) && s.kind === "key" && /^(0|[1-9][0-9]*)$/.test(s.key) ? { kind: "index", index: Number(s.key) } : s
    out.push(seg)
    const c: ReturnType<typeof childOf> | undefined = v === undefined ? undefined : childOf(v, seg)
    v = c !== undefined && c.found ? c.value : undefined
  }
  return out
}

export type Missing = {
  /** How many segments exist (the deepest existing prefix is path.slice(0, depth)). */
  readonly depth: number
  /** Why the next segment is not there. */
  readonly reason: "missing_key" | "index_out_of_range" | "not_a_container"
  /** What the prefix holds: the keys of an object, the length of an array, or the type of a scalar. */
  readonly container: "object" | "array" | "scalar"
  readonly keys: ReadonlyArray<string>
  readonly length?: number
}

export type Lookup = { readonly found: true; readonly value: Plain } | ({ readonly found: false } & Missing)

export const lookup = (root: Plain, path: KeyPath): Lookup => {
  let v = root
  for (const [i, s] of path.entries()) {
    const c = childOf(v, s)
    if (!c.found) return { found: false, ...missingAt(v, s, i) }
    v = c.value
  }
  return { found: true, value: v }
}

const missingAt = (v: Plain, s: Segment, depth: number): Missing => {
  if (Array.isArray(v)) return { depth, reason: s.kind === "index" ? "index_out_of_range" : "missing_key", container: "array", keys: [], length: v.length }
  if (isObject(v)) return { depth, reason: "missing_key", container: "object", keys: Object.keys(v) }
  return { depth, reason: "not_a_container", container: "scalar", keys: [] }
}

/** The keys near a missing one, best first (the did-you-mean of a key-not-found error). */
export const didYouMean = (missing: Segment, keys: ReadonlyArray<string>): ReadonlyArray<string> => {
  if (missing.kind !== "key") return []
  const want = missing.key.toLowerCase()
  return keys
    .map((k) => ({ k, score: k.toLowerCase() === want ? 1 : similarityRatio(want, k.toLowerCase()) }))
    .filter((c) => c.score >= 0.5)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((c) => c.k)
}

/** Human text for the deepest existing prefix: `(the top level)` or the canonical path. */
export const prefixText = (path: KeyPath, depth: number): string => (depth === 0 ? "(the top level)" : formatKeyPath(path.slice(0, depth)))

export type SetPlan =
  | {
    readonly ok: true
    /** The path of what the editor sets: an existing container's child (new or replaced). */
    readonly at: KeyPath
    /** The value to put there: VALUE itself, or VALUE inside the missing intermediate objects. */
    readonly value: Plain
    /** The new value replaces one that exists (the result's old_value). */
    readonly old?: { readonly value: Plain }
    /** The array index equals its length: the value is appended. */
    readonly append: boolean
  }
  | ({ readonly ok: false } & Missing)

/**
 * `set`: missing intermediate objects are created (`a.b.c` on `{a: {}}` sets `a.b` to `{c: VALUE}`);
 * an array index may equal the array's length (append), not exceed it; a scalar is never turned
 * into a container (that would drop data without being asked).
 */
export const planSet = (root: Plain, path: KeyPath, value: Plain): SetPlan => {
  let v = root
  for (const [i, s] of path.entries()) {
    const c = childOf(v, s)
    if (c.found) {
      v = c.value
      continue
    }
    const missing = missingAt(v, s, i)
    if (missing.reason === "not_a_container") return { ok: false, ...missing }
    if (Array.isArray(v)) {
      const idx = s.kind === "index" ? s.index : /^(0|[1-9][0-9]*)$/.test(s.key) ? Number(s.key) : -1
      if (idx !== v.length) return { ok: false, ...missing }
    }
    const rest = path.slice(i + 1)
    // The objects below are all new; an index under a new container can only be its first element.
    const bad = rest.findIndex((r) => r.kind === "index" && r.index !== 0)
    if (bad !== -1) return { ok: false, depth: i + 1 + bad, reason: "index_out_of_range", container: "array", keys: [], length: 0 }
    const wrapped = rest.reduceRight<Plain>((inner, r) => (r.kind === "index" ? [inner] : { [r.key]: inner }), value)
    return { ok: true, at: path.slice(0, i + 1), value: wrapped, append: Array.isArray(v) }
  }
  return { ok: true, at: path, value, old: { value: v }, append: false }
}

/** The plain value with VALUE set at the (planned) path: what the edited file must parse to. */
export const withSet = (root: Plain, at: KeyPath, value: Plain): Plain => {
  if (at.length === 0) return value
  const [s, ...rest] = at
  const child = childOf(root, s!)
  const next = withSet(child.found ? child.value : null, rest, value)
  if (Array.isArray(root)) {
    const i = s!.kind === "index" ? s!.index : Number(s!.key)
    const copy = [...root]
    copy[i] = next
    return copy
  }
  return { ...(isObject(root) ? root : {}), [(s as { key: string }).key]: next }
}

/** The plain value without the element at the path (which exists). */
export const withDeleted = (root: Plain, path: KeyPath): Plain => {
  const [s, ...rest] = path
  if (s === undefined) return root
  if (Array.isArray(root)) {
    const i = s.kind === "index" ? s.index : Number(s.key)
    return rest.length === 0 ? root.filter((_, j) => j !== i) : root.map((x, j) => (j === i ? withDeleted(x, rest) : x))
  }
  if (!isObject(root) || s.kind !== "key") return root
  if (rest.length === 0) {
    const { [s.key]: _, ...others } = root
    return others
  }
  return { ...root, [s.key]: withDeleted(root[s.key]!, rest) }
}

/** Structural equality; the order of an object's keys does not count (it is formatting). */
export const sameData = (a: Plain, b: Plain): boolean => {
  if (a === b) return true
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b)
  // TOML's parser reads a long integer as the nearest number: that number is all it can confirm.
  if (typeof a === "bigint" && typeof b === "number") return Number(a) === b
  if (typeof a === "number" && typeof b === "bigint") return a === Number(b)
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i] as Plain))
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a)
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && sameData(a[k]!, b[k]!))
  }
  return false
}

/** The path of the first place two values differ (for the message of a refused change). */
export const firstDifference = (a: Plain, b: Plain, at: Segment[] = []): KeyPath | undefined => {
  if (sameData(a, b)) return undefined
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i] as Plain, b[i] as Plain, [...at, { kind: "index", index: i }])
      if (d !== undefined) return d
    }
  }
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!Object.hasOwn(a, k) || !Object.hasOwn(b, k)) return [...at, { kind: "key", key: k }]
      const d = firstDifference(a[k]!, b[k]!, [...at, { kind: "key", key: k }])
      if (d !== undefined) return d
    }
  }
  return at
}
