/**
 * Replacing every match of a pattern in one file's text. A literal pattern's replacement is literal
 * too; a regex's replacement is a template as JavaScript's String.prototype.replace reads it (`$1`,
 * `$<name>`, `$&`, `` $` ``, `$'`, `$$`), checked first so that a reference to a group the pattern
 * does not have is an error instead of a literal `$3` left in the code. Newlines in the pattern
 * (literal) and in the replacement are written in the file's own line-ending style.
 */
import { type LineEnding, toStyle } from "../lineEndings.js"
import { type CompiledPattern, regexSource } from "./pattern.js"

export type TemplatePart =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "group"; readonly group: number }
  | { readonly kind: "named"; readonly name: string }
  | { readonly kind: "match" | "before" | "after" }

export type TemplateResult =
  | { readonly ok: true; readonly parts: ReadonlyArray<TemplatePart> }
  | { readonly ok: false; readonly reference: string; readonly message: string }

/**
 * A replacement template read the way JavaScript reads one, against the pattern's groups: `$n` and
 * `$nn` (the longest group number that exists), `$<name>`, `$&`, `` $` ``, `$'`, `$$`; any other `$` is
 * itself.
 */
export const parseTemplate = (template: string, groups: number, names: ReadonlyArray<string>): TemplateResult => {
  const parts: TemplatePart[] = []
  let text = ""
  const flush = () => {
    if (text !== "") parts.push({ kind: "text", text })
    text = ""
  }
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!
    const n = template[i + 1]
    if (c !== "$" || n === undefined) {
      text += c
      continue
    }
    if (n === "$") {
      text += "$"
      i++
    } else if (n === "&" || n === "`" || n === "'") {
      flush()
      parts.push({ kind: n === "&" ? "match" : n === "`" ? "before" : "after" })
      i++
    } else if (n >= "0" && n <= "9") {
      // JavaScript's reading: two digits when that group exists, else one.
      const two = template.slice(i + 1, i + 3)
      const num = /^\d\d$/.test(two) && Number(two) >= 1 && Number(two) <= groups ? Number(two) : Number(n)
      if (num < 1 || num > groups) {
        const has = groups === 0 ? "no groups" : `${groups} group${groups === 1 ? "" : "s"}`
        return { ok: false, reference: `$${num}`, message: num === 0 ? "$0 is no group (the whole match is $&)" : `$${num} refers to group ${num}, but the pattern has ${has}` }
      }
      flush()
      parts.push({ kind: "group", group: num })
      i += num >= 10 ? 2 : 1
    } else if (n === "<") {
      const close = template.indexOf(">", i + 2)
      if (close === -1) {
        text += "$<"
        i++
        continue
      }
      const name = template.slice(i + 2, close)
      if (!names.includes(name)) {
        const has = names.length === 0 ? "no named groups" : names.map((x) => `<${x}>`).join(", ")
        return { ok: false, reference: `$<${name}>`, message: `$<${name}> names no group of the pattern (it has ${has})` }
      }
      flush()
      parts.push({ kind: "named", name })
      i = close
    } else text += c
  }
  flush()
  return { ok: true, parts }
}

export interface Replaced {
  readonly text: string
  readonly count: number
}

/**
 * Every match in `text` replaced. `replacement` is the template (regex) or the literal text; its
 * newlines, and a literal pattern's, are taken in the file's line-ending style.
 */
export const replaceAll = (text: string, pattern: CompiledPattern, replacement: string | ReadonlyArray<TemplatePart>, lineEnding: LineEnding): Replaced => {
  let count = 0
  const styled = (s: string) => (s.includes("\n") || s.includes("\r") ? toStyle(s, lineEnding) : s)
  if (typeof replacement === "string") {
    const literal = styled(replacement)
    if (!pattern.options.regex && !pattern.options.ignoreCase && !pattern.options.word) {
      const needle = styled(pattern.source)
      const pieces = text.split(needle)
      return { text: pieces.join(literal), count: pieces.length - 1 }
    }
    const source = pattern.options.regex ? pattern.regex.source : regexSource(styled(pattern.source), pattern.options)
    const re = new RegExp(source, pattern.regex.flags)
    return { text: text.replace(re, () => (count++, literal)), count }
  }
  const parts = replacement.map((p) => (p.kind === "text" ? { kind: "text" as const, text: styled(p.text) } : p))
  const re = new RegExp(pattern.regex.source, pattern.regex.flags)
  const out = text.replace(re, (...args: unknown[]) => {
    count++
    const named = typeof args[args.length - 1] === "object" ? args[args.length - 1] as Record<string, string | undefined> : undefined
    const offsetAt = named === undefined ? args.length - 2 : args.length - 3
    const offset = args[offsetAt] as number
    const match = args[0] as string
    let s = ""
    for (const p of parts) {
      if (p.kind === "text") s += p.text
      else if (p.kind === "group") s += (args[p.group] as string | undefined) ?? ""
      else if (p.kind === "named") s += named?.[p.name] ?? ""
      else if (p.kind === "match") s += match
      else if (p.kind === "before") s += text.slice(0, offset)
      else s += text.slice(offset + match.length)
    }
    return s
  })
  return { text: out, count }
}
