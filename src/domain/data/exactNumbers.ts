/**
 * Integers beyond 2^53 in structured data, kept exact: JSON and YAML read them as bigints (a
 * number would round 12345678901234567890 to 12345678901234567000), and the editors write them as
 * the digits they hold. Integers that fit a number stay numbers, so every other value is as before.
 */
import { type Node, type ParseError, parseTree } from "jsonc-parser"
import type { Plain } from "./tree.js"

/** An integer literal a number cannot hold exactly, as a bigint; anything else as the number. */
const exactInteger = (raw: string, value: number): number | bigint =>
  /^-?\d+$/.test(raw) && !Number.isSafeInteger(value) ? BigInt(raw) : value

/** Sets a key as data, never as a prototype (`"__proto__"` is an ordinary key in JSON). */
const put = (o: Record<string, Plain>, k: string, v: Plain) =>
  void Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })

const fromNode = (text: string, n: Node): Plain => {
  switch (n.type) {
    case "object": {
      const o: Record<string, Plain> = {}
      for (const p of n.children ?? []) {
        const [k, v] = p.children ?? []
        if (k !== undefined) put(o, String(k.value), v === undefined ? null : fromNode(text, v))
      }
      return o
    }
    case "array":
      return (n.children ?? []).map((c) => fromNode(text, c))
    case "number":
      return exactInteger(text.slice(n.offset, n.offset + n.length), n.value as number)
    default:
      return n.value as Plain
  }
}

/** Only a run of 16 or more digits can be an integer a number cannot hold. */
export const mayHoldBigInts = (text: string) => /\d{16}/.test(text)

/**
 * The value of JSON (or JSONC) text that parsed without errors, its long integers exact. The
 * caller parses first with jsonc-parser's `parse` for the errors; this reads the same tree again.
 */
export const exactJsonValue = (text: string, options: { readonly allowTrailingComma: boolean }): Plain => {
  const errors: ParseError[] = []
  const tree = parseTree(text, errors, { allowTrailingComma: options.allowTrailingComma, disallowComments: false })
  return tree === undefined ? null : fromNode(text, tree)
}

/** A parsed value with each bigint that fits a number as that number (YAML's intAsBigInt makes every integer one). */
export const narrowBigInts = (v: unknown): Plain => {
  if (typeof v === "bigint") return Number.isSafeInteger(Number(v)) ? Number(v) : v
  if (Array.isArray(v)) return v.map(narrowBigInts)
  if (typeof v === "object" && v !== null && !(v instanceof Date)) {
    const o: Record<string, Plain> = {}
    for (const [k, x] of Object.entries(v)) put(o, k, narrowBigInts(x))
    return o
  }
  return v as Plain
}

/**
 * For a library that cannot take a bigint (jsonc-parser's modify, toml_edit): the value with each
 * bigint as a placeholder string, and `restore`, which turns the placeholder as the library wrote it
 * (a quoted string) back into the digits.
 */
export const withPlaceholders = (value: Plain): { readonly value: Plain; readonly restore: (text: string) => string } => {
  const digits = new Map<string, string>()
  const stamp = `splice${Math.random().toString(36).slice(2)}x`
  const swap = (v: Plain): Plain => {
    if (typeof v === "bigint") {
      const p = `${stamp}${digits.size}`
      digits.set(p, String(v))
      return p
    }
    if (Array.isArray(v)) return v.map(swap)
    if (typeof v === "object" && v !== null) {
      const o: Record<string, Plain> = {}
      for (const [k, x] of Object.entries(v)) put(o, k, swap(x))
      return o
    }
    return v
  }
  const swapped = swap(value)
  if (digits.size === 0) return { value, restore: (t) => t }
  const quoted = new RegExp(`["']${stamp}(\\d+)["']`, "g")
  return { value: swapped, restore: (t) => t.replace(quoted, (_, i: string) => digits.get(`${stamp}${i}`)!) }
}
