/**
 * What a Go `for k, v := range x` binds, from x's declared type: a slice's, an array's (or a pointer
 * to one) and a variadic parameter's elements, a map's keys and values, a channel's elements (its only
 * variable). The graph types range variables with it, so `for _, s := range shapes { s.Area() }`
 * resolves like a call on a parameter of the element type.
 */
export type RangeRole = "key" | "value"

/** The type text a range variable gets, or undefined when the type says nothing (an int index, a string's rune). */
export const goRangeType = (typeText: string, role: RangeRole): string | undefined => {
  const t = typeText.trim().replace(/^\*\s*(?=\[)/, "")
  const elements = /^(?:\[[^\]]*\]|\.\.\.)\s*([\s\S]+)$/.exec(t)
  if (elements !== null) return role === "value" ? elements[1]!.trim() : undefined
  if (t.startsWith("map[")) {
    let depth = 0
    for (let i = 3; i < t.length; i++) {
      if (t[i] === "[") depth++
      else if (t[i] === "]" && --depth === 0) return role === "key" ? t.slice(4, i).trim() : t.slice(i + 1).trim()
    }
    return undefined
  }
  const channel = /^(?:<-\s*)?chan\b(?:\s*<-)?\s*([\s\S]+)$/.exec(t)
  if (channel !== null) return role === "key" ? channel[1]!.trim() : undefined
  return undefined
}
