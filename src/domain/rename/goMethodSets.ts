/**
 * Go methods tied together by interfaces, from method sets compared by name and signature (no type
 * checker): renaming `ServeHTTP` of one handler without the interface that declares it and every
 * other type that satisfies that interface breaks the build. A type in the group ties every
 * interface it satisfies, and every type satisfying an interface of the group, that has the method;
 * the group's declarations of the method are renamed together (as gopls does), and a declaration
 * outside the workspace (the standard library's `io.Writer`) makes the rename impossible.
 */

/** A named type with its declared methods: an interface, or a struct or other defined type. */
export interface GoType {
  /** Unique: the package (the workspace directory, or the import path outside it) and the name. */
  readonly key: string
  readonly name: string
  readonly interface: boolean
  /** Declared outside the workspace (the standard library): it cannot be renamed. */
  readonly external: boolean
  readonly file: string
  readonly line: number
  /** Methods declared on the type itself (receiver, or the interface's own method elements): name → signature (goSignature). */
  readonly methods: ReadonlyMap<string, string>
  /** Interfaces only: the keys of the interfaces it embeds (those found). */
  readonly embeds: ReadonlyArray<string>
}

const KEYWORD_TYPES = new Set(["chan", "func", "map", "struct", "interface"])

/** Splits at commas outside brackets. */
const topLevel = (text: string): string[] => {
  const out: string[] = []
  let depth = 0, start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === "(" || c === "[" || c === "{") depth++
    else if (c === ")" || c === "]" || c === "}") depth--
    else if (c === "," && depth === 0) {
      out.push(text.slice(start, i))
      start = i + 1
    }
  }
  out.push(text.slice(start))
  return out.map((s) => s.trim()).filter((s) => s.length > 0)
}

/**
 * The types of a parameter or result list, without the names (`a, b int` is `int, int`) and without
 * package qualifiers (`net.Addr` declared in package net is `Addr` there), spaces collapsed.
 */
export const goTypeList = (list: string | null): string => {
  if (list === null) return ""
  let text = list.trim()
  if (text.startsWith("(") && text.endsWith(")")) text = text.slice(1, -1)
  const pieces = topLevel(text)
  const named = pieces.some((p) => {
    const m = /^([A-Za-z_]\w*)\s+\S/.exec(p)
    return m !== null && !KEYWORD_TYPES.has(m[1]!)
  })
  const types: string[] = []
  let pendingNames = 0
  for (const p of pieces) {
    if (!named) {
      types.push(p)
      continue
    }
    const m = /^[A-Za-z_]\w*\s+(.+)$/s.exec(p)
    if (m === null) {
      pendingNames++
      continue
    }
    for (let i = 0; i <= pendingNames; i++) types.push(m[1]!)
    pendingNames = 0
  }
  return types.map((t) => t.replace(/\b[A-Za-z_]\w*\s*\.\s*(?=[A-Za-z_])/g, "").replace(/\s+/g, " ").replace(/\s*([()[\]{},*])\s*/g, "$1")).join(",")
}

/** A method's signature as the method sets compare it: parameter types and result types. */
export const goSignature = (parameters: string | null, result: string | null): string =>
  `(${goTypeList(parameters)})(${goTypeList(result)})`

/** Every method of a type (an interface's through what it embeds): name → signature and the key of the type declaring it. */
export const methodSet = (type: GoType, byKey: ReadonlyMap<string, GoType>): ReadonlyMap<string, { readonly signature: string; readonly declaredBy: string }> => {
  const out = new Map<string, { signature: string; declaredBy: string }>()
  const seen = new Set<string>()
  const visit = (t: GoType) => {
    if (seen.has(t.key)) return
    seen.add(t.key)
    for (const [name, signature] of t.methods) if (!out.has(name)) out.set(name, { signature, declaredBy: t.key })
    for (const e of t.embeds) {
      const embedded = byKey.get(e)
      if (embedded !== undefined) visit(embedded)
    }
  }
  visit(type)
  return out
}

/** Whether every method of interface `y` is a method of `x` with the same signature. */
const satisfies = (x: ReadonlyMap<string, { readonly signature: string }>, y: ReadonlyMap<string, { readonly signature: string }>) => {
  for (const [name, m] of y) if (x.get(name)?.signature !== m.signature) return false
  return true
}

export interface MethodTies {
  /** Every type tied to the start one through the method (itself included), interfaces first. */
  readonly group: ReadonlyArray<GoType>
  /** The types whose own declaration of the method is renamed (the start type's among them). */
  readonly declarers: ReadonlyArray<GoType>
  /** Declarers outside the workspace: the rename cannot be done. */
  readonly external: ReadonlyArray<GoType>
}

/**
 * The types tied to `start` through its method `method`: closed over "satisfies, or is satisfied by,
 * a type of the group", among the types whose method set has `method` with the same signature.
 * `embeddedOnly`: interfaces known only for what others embed (`io.Closer` of `io.ReadCloser`), tied
 * through them but not by themselves.
 */
export const tiedMethods = (method: string, start: GoType, types: ReadonlyArray<GoType>, embeddedOnly: ReadonlyArray<GoType> = []): MethodTies => {
  const byKey = new Map([...embeddedOnly, ...types].map((t) => [t.key, t]))
  byKey.set(start.key, start)
  const sets = new Map([...byKey.values()].map((t) => [t.key, methodSet(t, byKey)]))
  const signature = sets.get(start.key)!.get(method)?.signature
  const candidates = [start, ...types].filter((t) => signature !== undefined && sets.get(t.key)!.get(method)?.signature === signature)
  const group = new Map([[start.key, start]])
  const queue = [start]
  while (queue.length > 0) {
    const x = queue.shift()!
    for (const y of candidates) {
      if (group.has(y.key) || (!x.interface && !y.interface)) continue
      const tied = (y.interface && satisfies(sets.get(x.key)!, sets.get(y.key)!)) || (x.interface && satisfies(sets.get(y.key)!, sets.get(x.key)!))
      if (tied) {
        group.set(y.key, y)
        queue.push(y)
      }
    }
  }
  const members = [...group.values()].sort((a, b) => Number(b.interface) - Number(a.interface) || a.key.localeCompare(b.key))
  const declarerKeys = new Set(members.map((t) => sets.get(t.key)!.get(method)?.declaredBy).filter((k): k is string => k !== undefined))
  const declarers = [...declarerKeys].map((k) => byKey.get(k)!).sort((a, b) => Number(b.interface) - Number(a.interface) || a.key.localeCompare(b.key))
  return { group: members, declarers, external: declarers.filter((t) => t.external) }
}
