/**
 * Replacements of spans of one text (offsets into the text as it was), applied together; and the
 * 1-based line of an offset, for reports. Pure.
 */

export interface SpanEdit {
  readonly start: number
  readonly end: number
  readonly text: string
}

/**
 * The text with every edit made. Equal edits count once; an edit overlapping one before it (in
 * start order) is left out and returned, so the caller can say so.
 */
export const applySpanEdits = (text: string, edits: ReadonlyArray<SpanEdit>): { readonly text: string; readonly skipped: ReadonlyArray<SpanEdit> } => {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end)
  const kept: SpanEdit[] = []
  const skipped: SpanEdit[] = []
  for (const e of sorted) {
    const last = kept[kept.length - 1]
    if (last !== undefined && last.start === e.start && last.end === e.end && last.text === e.text) continue
    if (last !== undefined && e.start < last.end) skipped.push(e)
    else kept.push(e)
  }
  let out = ""
  let at = 0
  for (const e of kept) {
    out += text.slice(at, e.start) + e.text
    at = e.end
  }
  return { text: out + text.slice(at), skipped }
}

/** The 1-based line holding a UTF-16 offset. */
export const lineAt = (text: string, offset: number): number => {
  let line = 1
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++
  return line
}
