/**
 * JSON text of values that may hold integers beyond 2^53 as bigints (what `splice set --json`
 * and `splice get` read from the files exactly): each is written as the digits it holds, which
 * JSON.stringify cannot do (it throws on a bigint, and a number would round it).
 */

/** A marker no real string holds: random per process, so no data can imitate it. */
const MARK = `@@splice-int-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}@@`
const MARKED = new RegExp(`"${MARK}(-?\\d+)"`, "g")

const marking = (_key: string, value: unknown) => (typeof value === "bigint" ? `${MARK}${value}` : value)

/** JSON.stringify, with bigints as their digits. Costs nothing more unless the value holds a bigint. */
export const jsonText = (value: unknown, indent?: string | number): string => {
  try {
    return JSON.stringify(value, null, indent)
  } catch (e) {
    if (!(e instanceof TypeError)) throw e
    return JSON.stringify(value, marking, indent).replace(MARKED, "$1")
  }
}

/** The value with each bigint as the nearest number, for a channel that cannot carry digits (the MCP SDK's JSON). */
export const bigIntsAsNumbers = (value: unknown): unknown => {
  if (typeof value === "bigint") return Number(value)
  if (Array.isArray(value)) return value.map(bigIntsAsNumbers)
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: bigIntsAsNumbers(v), enumerable: true, writable: true, configurable: true })
    return out
  }
  return value
}
