/**
 * A rename must not change what a bare name means, in languages whose facts have no bindings (Python,
 * Go): their extraction leaves out the names a local binds (a parameter, a loop variable) and names
 * that point at nothing the file knows (a builtin). So, after the rename:
 *  - each renamed use must still be a reference (`_check(value)` renamed to `value(value)` inside
 *    `def f(value)` is the parameter now: gone from the facts);
 *  - no bare use of the new name may appear that was not one of the renamed ones (renaming a function
 *    to `len` makes the file's `len(x)` calls its own).
 * Pure.
 */
import type { FileFacts } from "../graph/facts.js"
import type { Clash } from "./bindingCheck.js"

export interface CaptureMapping {
  readonly oldName: string
  readonly newName: string
  /** Start bytes (old text) of the renamed bare uses of this file. */
  readonly renamedUses: ReadonlySet<number>
  /** Start bytes (old text) of the renamed definitions of this file (their names are no uses). */
  readonly renamedDefinitions: ReadonlySet<number>
  /** Whether the new name is bound in the file after the rename (defined, imported by name, a Go package's). */
  readonly bindsNewName: boolean
  readonly mapOffset: (oldByte: number) => number
  /** 1-based line of an old byte offset. */
  readonly lineOf: (oldByte: number) => number
  /** 1-based line of a new byte offset. */
  readonly newLineOf: (newByte: number) => number
}

export const nameCaptures = (before: FileFacts, after: FileFacts, m: CaptureMapping): ReadonlyArray<Clash> => {
  const afterAt = new Map(after.refs.filter((r) => r.qualifier === null).map((r) => [r.startByte, r]))
  const clashes: Clash[] = []
  const expected = new Set<number>()
  for (const r of before.refs) {
    if (r.qualifier !== null || !m.renamedUses.has(r.startByte)) continue
    const at = m.mapOffset(r.startByte)
    expected.add(at)
    if (afterAt.get(at)?.name !== m.newName) {
      clashes.push({ line: m.lineOf(r.startByte), name: m.newName, reason: `${m.newName} is a local there (a parameter or variable of that name), which would capture this use of ${m.oldName}` })
    }
  }
  for (const d of m.renamedDefinitions) expected.add(m.mapOffset(d))
  if (!m.bindsNewName) return clashes
  for (const r of after.refs) {
    if (r.qualifier !== null || r.name !== m.newName || expected.has(r.startByte)) continue
    clashes.push({ line: m.newLineOf(r.startByte), name: m.newName, reason: `${m.newName} is already used there (a builtin, or a name another module provides), and would mean the renamed ${m.oldName}` })
  }
  return clashes
}
