/**
 * A project's tsconfig after a move: TypeScript's own edits of it (getEditsForFileRename updates
 * `compilerOptions.paths`, `files`, `include` and `exclude` entries naming a moved path), applied
 * together, each reported as a specifier rewritten at its line. Pure.
 */
import type { FileRewrite, RewrittenSpecifier } from "./scriptSpecifiers.js"
import { applySpanEdits, lineAt } from "./spanEdits.js"

export interface ConfigEdit {
  readonly start: number
  readonly length: number
  readonly newText: string
}

/** The config's new text, or undefined when the edits change nothing. */
export const configRewrite = (file: string, text: string, edits: ReadonlyArray<ConfigEdit>): FileRewrite | undefined => {
  // TypeScript writes a path relative to the config without its `./` (`lib/src/x.ts`), which `paths`
  // without a baseUrl refuses (TS5090): the entry keeps the `./` it had.
  const spans = edits.map((e) => {
    const old = text.slice(e.start, e.start + e.length)
    const keepDot = old.startsWith("./") && !e.newText.startsWith(".") && !e.newText.startsWith("/") && !e.newText.startsWith("*")
    return { start: e.start, end: e.start + e.length, text: keepDot ? `./${e.newText}` : e.newText }
  })
  const { text: after } = applySpanEdits(text, spans)
  if (after === text) return undefined
  const seen = new Set<string>()
  const specifiers: RewrittenSpecifier[] = []
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const key = `${s.start}:${s.end}:${s.text}`
    if (seen.has(key) || text.slice(s.start, s.end) === s.text) continue
    seen.add(key)
    specifiers.push({ line: lineAt(text, s.start), from: text.slice(s.start, s.end), to: s.text })
  }
  return { file, text: after, specifiers }
}
