/**
 * From the symbols a name matches to the definition it means, as `refs` and `extract --symbol` pick
 * it: a C/C++ declaration (a signature ending in `;`) and its definition are one symbol, the body;
 * `outer.inner` or `Class.method` typed in full names that one symbol even where a plain `inner`
 * exists too. What is left with more than one entry is ambiguous. Pure.
 */

export interface DefinitionView {
  readonly qualifiedName: string
  readonly kind: string
  readonly signature: string
}

export const narrowDefinitions = <D>(defs: ReadonlyArray<D>, typed: string, view: (d: D) => DefinitionView): D[] => {
  let left = [...defs]
  if (left.length > 1) {
    const first = view(left[0]!)
    if (left.every((d) => view(d).qualifiedName === first.qualifiedName && view(d).kind === first.kind)) {
      const bodies = left.filter((d) => !view(d).signature.trimEnd().endsWith(";"))
      if (bodies.length === 1) left = bodies
    }
  }
  const qualified = left.filter((d) => view(d).qualifiedName === typed)
  if (left.length > 1 && qualified.length === 1) left = qualified
  return left
}
