/**
 * Where a text stops being valid JSON, without quoting it: JSON.parse's messages in newer V8 quote
 * the input, and an --edits file that is not JSON may be a secret (`--edits /etc/shadow`).
 */

export interface JsonSyntaxError {
  /** 0-based offset in the text (UTF-16 units) of the first character that cannot be JSON. */
  readonly offset: number
  readonly line: number
  readonly column: number
  readonly problem: "unexpected character" | "unexpected end" | "nested too deeply to check"
}

/** The first syntax error of `text` as strict JSON (RFC 8259), or undefined when it is valid. */
export const firstJsonError = (text: string): JsonSyntaxError | undefined => {
  let i = 0
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++
  }
  const fail = (problem: JsonSyntaxError["problem"]): never => {
    throw { problem }
  }
  const expect = (c: string) => {
    if (i >= text.length) fail("unexpected end")
    if (text[i] !== c) fail("unexpected character")
    i++
  }
  const digits = () => {
    const from = i
    while (i < text.length && text[i]! >= "0" && text[i]! <= "9") i++
    if (i === from) fail(i >= text.length ? "unexpected end" : "unexpected character")
  }
  const string = () => {
    expect('"')
    for (;;) {
      if (i >= text.length) fail("unexpected end")
      const c = text.charCodeAt(i)
      if (c === 0x22) return void i++
      if (c < 0x20) fail("unexpected character")
      if (c === 0x5c) {
        i++
        if (i >= text.length) fail("unexpected end")
        if (text[i] === "u") {
          for (let k = 1; k <= 4; k++) {
            if (i + k >= text.length) fail("unexpected end")
            if (!/[0-9a-fA-F]/.test(text[i + k]!)) {
              i += k
              fail("unexpected character")
            }
          }
          i += 5
        } else if ('"\\/bfnrt'.includes(text[i]!)) i++
        else fail("unexpected character")
      } else i++
    }
  }
  const value = (): void => {
    ws()
    if (i >= text.length) fail("unexpected end")
    const c = text[i]!
    if (c === "{" || c === "[") {
      // Nesting is walked with the call stack: a stack overflow is reported as such, at where it happened.
      const close = c === "{" ? "}" : "]"
      i++
      ws()
      if (text[i] === close) return void i++
      for (;;) {
        if (c === "{") {
          ws()
          string()
          ws()
          expect(":")
        }
        value()
        ws()
        if (text[i] === ",") {
          i++
          continue
        }
        return expect(close)
      }
    }
    if (c === '"') return string()
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) return void (i += word.length)
    }
    if (c === "-" || (c >= "0" && c <= "9")) {
      if (c === "-") i++
      if (text[i] === "0") i++
      else digits()
      if (text[i] === ".") {
        i++
        digits()
      }
      if (text[i] === "e" || text[i] === "E") {
        i++
        if (text[i] === "+" || text[i] === "-") i++
        digits()
      }
      return
    }
    fail("unexpected character")
  }
  try {
    value()
    ws()
    if (i < text.length) fail("unexpected character")
    return undefined
  } catch (e) {
    const overflow = e instanceof RangeError
    if (!overflow && (typeof e !== "object" || e === null || !("problem" in e))) throw e
    const before = text.slice(0, i)
    const line = (before.match(/\r\n|\r|\n/g)?.length ?? 0) + 1
    const column = i - Math.max(before.lastIndexOf("\n"), before.lastIndexOf("\r"))
    return { offset: i, line, column, problem: overflow ? "nested too deeply to check" : (e as { problem: JsonSyntaxError["problem"] }).problem }
  }
}
