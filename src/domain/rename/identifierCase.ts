/** An identifier in another case style: the words are found, then joined the new way. */

export const CASE_STYLES = ["camel", "pascal", "snake", "kebab", "screaming"] as const
export type CaseStyle = (typeof CASE_STYLES)[number]

/**
 * The words of an identifier: split at `_`, `-`, a lower-to-upper step (`parseJson` → parse, Json),
 * the end of an acronym (`HTTPServer` → HTTP, Server) and a letter-digit boundary that follows a
 * lowercase letter run (`utf8Decode` → utf8, Decode keeps digits with the word before them).
 * Leading and trailing underscores (`_private`, `__dunder__`) are kept apart, not words.
 */
export const identifierWords = (name: string): { readonly lead: string; readonly words: ReadonlyArray<string>; readonly trail: string } => {
  const lead = /^[_$]*/.exec(name)![0]
  const trail = /[_$]*$/.exec(name.slice(lead.length))![0]
  const core = name.slice(lead.length, name.length - trail.length)
  const words = core
    .split(/[_\-\s]+/)
    .flatMap((part) => part.match(/\p{Lu}+(?!\p{Ll})\d*|\p{Lu}?\p{Ll}+\d*|\d+|\p{Lu}+|[^\p{L}\d]+/gu) ?? [])
    .filter((w) => w.length > 0)
  return { lead, words, trail }
}

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()

export const toCase = (name: string, style: CaseStyle): string => {
  const { lead, words, trail } = identifierWords(name)
  if (words.length === 0) return name
  const body = style === "camel"
    ? words[0]!.toLowerCase() + words.slice(1).map(capital).join("")
    : style === "pascal"
    ? words.map(capital).join("")
    : style === "snake"
    ? words.map((w) => w.toLowerCase()).join("_")
    : style === "kebab"
    ? words.map((w) => w.toLowerCase()).join("-")
    : words.map((w) => w.toUpperCase()).join("_")
  return lead + body + trail
}
