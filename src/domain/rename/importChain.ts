/**
 * Which imports by name reach a definition: those from its own file, then those from a file that
 * itself imports it by name (a Python package's `__init__.py` re-exporting it), to a fixed point.
 */
/** Of these imports (each naming the symbol, with the files its module resolves to), those that reach the file `home`. */
export const importsReaching = <I extends { readonly fileId: number; readonly resolved: ReadonlyArray<number> }>(home: number, imports: ReadonlyArray<I>): ReadonlyArray<I> => {
  const reached = new Set([home])
  const taken = new Set<I>()
  for (let grew = true; grew;) {
    grew = false
    for (const i of imports) {
      if (taken.has(i) || !i.resolved.some((f) => reached.has(f))) continue
      taken.add(i)
      reached.add(i.fileId)
      grew = true
    }
  }
  return imports.filter((i) => taken.has(i))
}

