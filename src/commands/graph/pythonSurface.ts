/**
 * What a Python module shows the files that import it, beyond the names of its symbols: how the
 * member resolver (resolveMembers.ts) reads a symbol it kept — a class's bases, a function's
 * annotated result, whether an attribute is an instance's (`self.x = …`) — and the module's imports,
 * which it follows for names it does not define. When a changed file kept every symbol it had with
 * the same surface, its importers' references can resolve differently only through the names it
 * gained, and those are found by name (refresh.ts): a reference whose qualifier a new name could
 * resolve (`x = mod.new()`, `x: New`, `New.attr`) comes with a reference of that name in its file,
 * the call, the annotation or the object itself. Not so for a new class: it can make members of
 * other, older classes reachable through its bases (`class Old(New)`, `New(Base)`) under names
 * nothing new is called, so a file that gained a class sends its importers to resolve again.
 */
import type { ImportFact } from "../../domain/graph/facts.js"
import { pythonBases } from "./resolveMembers.js"

export interface SurfaceSymbol {
  readonly qualifiedName: string
  readonly kind: string
  readonly exported: boolean
  readonly signature: string
  readonly returnType: string | null
}

/** One line per symbol: its identity (qualified name, kind, export) and what resolution reads of it. */
const entry = (s: SurfaceSymbol): string => {
  const read = s.kind === "class" ? pythonBases(s.signature).join(",")
    : s.kind === "function" || s.kind === "method" ? s.returnType ?? ""
    : s.signature.startsWith("self.") ? "self"
    : ""
  return `${s.qualifiedName}\0${s.kind}\0${s.exported ? 1 : 0}\0${read}`
}

/** The imports as resolution follows them (not their lines). */
const importsKey = (imports: ReadonlyArray<ImportFact>): string =>
  JSON.stringify(imports.map((i) => [i.module, i.names, i.namespace, i.wildcard]))

/** Whether the module kept every symbol it had, each read the same way, and the same imports: it may have gained symbols, but no class. */
export const pythonSurfaceKept = (
  before: { readonly symbols: ReadonlyArray<SurfaceSymbol>; readonly imports: ReadonlyArray<ImportFact> },
  after: { readonly symbols: ReadonlyArray<SurfaceSymbol>; readonly imports: ReadonlyArray<ImportFact> }
): boolean => {
  if (importsKey(before.imports) !== importsKey(after.imports)) return false
  const now = new Map<string, number>()
  for (const s of after.symbols) now.set(entry(s), (now.get(entry(s)) ?? 0) + 1)
  for (const s of before.symbols) {
    const k = entry(s)
    const n = now.get(k) ?? 0
    if (n === 0) return false
    now.set(k, n - 1)
  }
  for (const [k, n] of now) if (n > 0 && k.split("\0")[1] === "class") return false
  return true
}
