/**
 * A rename must not change what any name means. With scopes resolved (TS/JS facts), every reference
 * of the file before the rename is looked up after it, at its new offset: it must still be there
 * (a local of the new name would capture it and it would vanish from the facts), with the expected
 * name, bound to the same declaration. The declarations the rename introduces must not collide
 * with names already declared where they land.
 */
import type { FileFacts, RefFact } from "../graph/facts.js"

export interface Clash {
  /** 1-based line of the old text. */
  readonly line: number
  readonly name: string
  readonly reason: string
}

export interface RenameMapping {
  readonly oldName: string
  readonly newName: string
  /**
   * Each renamed declaration's qualified name before and after (`Box.get` → `Box.fetch`): the symbol,
   * and what TypeScript renames with it (the overridden and overriding methods of a class hierarchy).
   */
  readonly renamedDeclarations: ReadonlyMap<string, string>
  /** Start bytes (old text) of this file's references to the renamed symbol, edited or not (`x()` on `import { old as x }`). */
  readonly renamedRefs: ReadonlySet<number>
  readonly mapOffset: (oldByte: number) => number
  /** Where a site kept the old name beside the new one (`{ count: state }`), by the site's old start byte. */
  readonly keptAt?: ReadonlyMap<number, number>
}

const mapQualified = (q: string, m: RenameMapping) => {
  for (const [from, to] of m.renamedDeclarations) {
    if (q === from) return to
    if (q.startsWith(from + ".")) return to + q.slice(from.length)
  }
  return q
}

/** A member's owner path with the new name spelled as the old one, segment by segment. */
const memberPath = (of: string, ctx: RenameMapping) =>
  of.split(".").map((segment) => (segment === ctx.newName ? ctx.oldName : segment)).join(".")

const describe = (facts: FileFacts, r: RefFact, m: RenameMapping | undefined, ctx: RenameMapping): string => {
  const b = r.binding
  if (b === undefined) return "unbound"
  switch (b.kind) {
    case "symbol": {
      const q = facts.symbols[b.index]?.qualifiedName ?? "?"
      return `the declaration ${m === undefined ? q : mapQualified(q, m)}`
    }
    case "export":
      return `an import from ${b.module}${b.namespace === true ? " (namespace)" : ""}`
    case "member":
      // `Ns.X.member`, `p.async` of `p: util.InexactPartial<P>`: `of` is the path of names the text
      // spells (`util.InexactPartial`), each renamed or not with the rest, so the old and the new name
      // are one segment there; what those names mean is checked at their own references.
      return `a member of ${memberPath(b.of, ctx)} from ${b.module}`
    default:
      return b.kind === "global" ? "a global" : "a member of an unknown type"
  }
}

/** Every reference keeps its meaning; the clashes where one does not. */
export const bindingClashes = (before: FileFacts, after: FileFacts, m: RenameMapping): ReadonlyArray<Clash> => {
  const afterAt = new Map(after.refs.map((r) => [r.startByte, r]))
  const clashes: Clash[] = []
  for (const r of before.refs) {
    // A shorthand `{ state }` whose property was renamed (`{ count: state }`): its local keeps its name, where the site kept it.
    const kept = r.shorthand === true ? m.keptAt?.get(r.startByte) : undefined
    // A reference named otherwise (`default` where `import main from './m'` imports it) keeps its name.
    const expectedName = kept === undefined && m.renamedRefs.has(r.startByte) && r.name === m.oldName ? m.newName : r.name
    const expected = describe(before, r, m, m)
    const a = afterAt.get(kept ?? m.mapOffset(r.startByte))
    if (a === undefined) {
      clashes.push({ line: r.startLine, name: r.name, reason: `${r.name} here (${expected}) would no longer refer to it: a declaration of ${m.newName} in an inner scope would capture it` })
      continue
    }
    const got = describe(after, a, undefined, m)
    if (a.name !== expectedName || got !== expected) {
      clashes.push({ line: r.startLine, name: r.name, reason: `${r.name} here refers to ${expected}; after the rename ${a.name} would refer to ${got}` })
    }
  }
  return clashes
}

/** The names a file binds at its top level: declarations and imports. */
export const topLevelNames = (facts: FileFacts): ReadonlyMap<string, string> => {
  const names = new Map<string, string>()
  for (const s of facts.symbols) if (s.container === null && !names.has(s.name)) names.set(s.name, `the ${s.kind} ${s.name} (line ${s.startLine})`)
  for (const i of facts.imports) {
    const what = `an import from ${i.module} (line ${i.line})`
    for (const n of i.names) if (!names.has(n.alias ?? n.name)) names.set(n.alias ?? n.name, what)
    if (i.namespace !== null && !names.has(i.namespace)) names.set(i.namespace, what)
    if (i.defaultName !== null && !names.has(i.defaultName)) names.set(i.defaultName, what)
  }
  return names
}

/** The names a file exports (declarations and `export { … }` re-exports). */
export const exportedNames = (facts: FileFacts): ReadonlySet<string> => {
  const out = new Set<string>()
  for (const s of facts.symbols) if (s.container === null && s.exported) out.add(s.name)
  for (const i of facts.imports) for (const r of i.reexports) out.add(r.alias ?? r.name)
  return out
}
