import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { bigIntsAsNumbers, jsonText } from "../../src/domain/jsonText.js"
import { exactJsonValue, withPlaceholders } from "../../src/domain/data/exactNumbers.js"

describe("jsonText", () => {
  it("is JSON.stringify for values without a bigint", () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => void expect(jsonText(v)).toBe(JSON.stringify(v))))
  })
  it("writes a bigint as its digits, anywhere, and leaves strings that look like digits alone", () => {
    const v = { a: 12345678901234567890n, b: [-(2n ** 70n), "12345678901234567890"], c: { d: 1 } }
    expect(jsonText(v)).toBe(`{"a":12345678901234567890,"b":[-${2n ** 70n},"12345678901234567890"],"c":{"d":1}}`)
    expect(jsonText(v, 2)).toContain('\n  "a": 12345678901234567890,')
    expect(bigIntsAsNumbers(v)).toEqual({ a: 12345678901234567000, b: [-(2 ** 70), "12345678901234567890"], c: { d: 1 } })
  })
  it("exact JSON values round-trip through jsonText for any integer", () => {
    fc.assert(fc.property(fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }), (n) => {
      const text = `{"n":[${n}]}`
      const value = exactJsonValue(text, { allowTrailingComma: false })
      expect(jsonText(value)).toBe(text)
    }))
  })
  it("placeholders become the digits again, and only they", () => {
    const held = withPlaceholders({ x: 12345678901234567890n, y: "keep" })
    expect(held.restore(JSON.stringify(held.value))).toBe('{"x":12345678901234567890,"y":"keep"}')
    expect(exactJsonValue('{"__proto__": {"polluted": 1}}', { allowTrailingComma: false })).toEqual(JSON.parse('{"__proto__": {"polluted": 1}}'))
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined()
  })
})
