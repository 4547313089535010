/**
 * Writing a rename into one file's text: each site is the old name at a UTF-8 byte span. A site
 * that is a shorthand property (`{ name }`) keeps the property's name: `{ name: renamed }`; a site
 * with a prefix or suffix (TypeScript's, for a member: `{ state }` → `{ st: state }`) writes them
 * around the new name.
 */

export interface RenameSite {
  readonly startByte: number
  readonly endByte: number
  readonly shorthand?: boolean
  readonly prefix?: string
  readonly suffix?: string
}

export interface RenamedText {
  readonly text: string
  /** 1-based lines (of the old text) that changed. */
  readonly lines: ReadonlyArray<number>
  /** Where each old byte offset is in the new text (for offsets outside the edits, and each site's name). */
  readonly mapOffset: (oldByte: number) => number
  /** New byte offset of the renamed name at each site, in the sites' order. */
  readonly siteStarts: ReadonlyArray<number>
  /**
   * Where a site's suffix keeps the old name (`{ state }` → `{ count: state }`: the local `state`,
   * which the rename of the property leaves alone), by the site's old start byte.
   */
  readonly keptAt: ReadonlyMap<number, number>
}

export type RenameTextFailure = { readonly kind: "mismatch"; readonly startByte: number; readonly found: string }

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export const renameText = (
  text: string,
  sites: ReadonlyArray<RenameSite>,
  oldName: string,
  newName: string
): RenamedText | RenameTextFailure => {
  const bytes = encoder.encode(text)
  const sorted = [...new Map(sites.map((s) => [s.startByte, s])).values()].sort((a, b) => a.startByte - b.startByte)
  const oldLength = encoder.encode(oldName).length
  const parts: Uint8Array[] = []
  /** Per edit: old start, old end, growth, where the name sits in the replacement and its length. */
  const shifts: Array<{ start: number; end: number; delta: number; nameAt: number; length: number }> = []
  const lines = new Set<number>()
  let at = 0
  let delta = 0
  let line = 1
  let counted = 0
  const keptAt = new Map<number, number>()
  for (const s of sorted) {
    const found = decoder.decode(bytes.subarray(s.startByte, s.endByte))
    if (s.endByte - s.startByte !== oldLength || found !== oldName || s.startByte < at) return { kind: "mismatch", startByte: s.startByte, found }
    for (; counted < s.startByte; counted++) if (bytes[counted] === 10) line++
    lines.add(line)
    parts.push(bytes.subarray(at, s.startByte))
    const prefix = s.shorthand === true ? `${oldName}: ` : s.prefix ?? ""
    const replacement = encoder.encode(`${prefix}${newName}${s.suffix ?? ""}`)
    const nameAt = encoder.encode(prefix).length
    parts.push(replacement)
    const kept = s.suffix === undefined ? -1 : s.suffix.search(new RegExp(`(?<![\\w$])${oldName.replace(/\$/g, "\\$")}(?![\\w$])`))
    if (kept >= 0) keptAt.set(s.startByte, s.startByte + delta + nameAt + encoder.encode(newName + s.suffix!.slice(0, kept)).length)
    shifts.push({ start: s.startByte, end: s.endByte, delta, nameAt, length: replacement.length })
    delta += replacement.length - (s.endByte - s.startByte)
    at = s.endByte
  }
  parts.push(bytes.subarray(at))
  const total = parts.reduce((n, p) => n + p.length, 0)
  const out = new Uint8Array(total)
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  const mapOffset = (oldByte: number): number => {
    // The last edit starting at or before the offset decides the shift.
    let lo = 0
    let hi = shifts.length - 1
    let found = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (shifts[mid]!.start <= oldByte) (found = mid), (lo = mid + 1)
      else hi = mid - 1
    }
    if (found === -1) return oldByte
    const e = shifts[found]!
    if (oldByte < e.end) return e.start + e.delta + e.nameAt // inside a renamed name: the new name
    const grown = e.delta + e.length - (e.end - e.start)
    return oldByte + grown
  }
  const siteStarts = sites.map((s) => mapOffset(s.startByte))
  return { text: decoder.decode(out), lines: [...lines].sort((a, b) => a - b), mapOffset, siteStarts, keptAt }
}
