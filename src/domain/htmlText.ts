/**
 * tree-sitter-html 0.23.2 calls three kinds of valid HTML broken: a bare `>` in text (`a -> b`, common
 * in generated API docs: its `text` token excludes `>`), a bare `&` (`5 & 6`) and an XML prolog
 * `<?xml …?>`. HTML allows them all.
 * The syntax gate parses the text with those characters blanked out: same length (offsets, lines and
 * the edit's position are unchanged), and nothing else altered, so every other error still shows.
 */

const isTagStart = (c: string | undefined) => c !== undefined && /[A-Za-z/!?]/.test(c)

/** `text` with every `>` that closes no tag, every `&` that starts no character reference, and a leading `<?xml …?>`, replaced by spaces. */
export const maskHtmlText = (text: string): string => {
  if (!text.includes(">") && !text.includes("&")) return text
  const out = text.split("")
  let i = 0
  const prolog = /^\s*<\?xml[^]*?\?>/.exec(text)
  if (prolog !== null) {
    for (let j = prolog.index; j < prolog[0].length; j++) if (out[j] !== "\n" && out[j] !== "\r") out[j] = " "
    i = prolog[0].length
  }
  while (i < text.length) {
    const c = text[i]!
    if (c === ">" || (c === "&" && !/[#A-Za-z0-9]/.test(text[i + 1] ?? ""))) {
      out[i] = " " // outside any tag: text (`a > b`, `5 & 6`)
      i++
      continue
    }
    if (c !== "<" || !isTagStart(text[i + 1])) {
      i++
      continue
    }
    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4)
      i = end === -1 ? text.length : end + 3
      continue
    }
    // Inside a tag: up to the `>` that is not in a quoted attribute value.
    let quote: string | undefined
    let j = i + 1
    for (; j < text.length; j++) {
      const d = text[j]!
      if (quote !== undefined) {
        if (d === quote) quote = undefined
      } else if (d === "\"" || d === "'") quote = d
      else if (d === ">") break
    }
    const name = /^<([A-Za-z][\w-]*)/.exec(text.slice(i, i + 40))?.[1]?.toLowerCase()
    i = j + 1
    // Raw text: what a script or style holds is not HTML.
    if (name === "script" || name === "style") {
      const close = text.toLowerCase().indexOf(`</${name}`, i)
      i = close === -1 ? text.length : close
    }
  }
  return out.join("")
}
