/**
 * From query captures to a file's facts: definitions with kinds, containers, signatures, parameters,
 * return types and export status; references with their enclosing function; imports. Pure.
 */
import { commentStart } from "../commentStart.js"
import { AnonymousStructs } from "./goAnonymousStructs.js"
import { goRangeType, type RangeRole } from "./goRangeTypes.js"
import type { Capture } from "../../../services/Syntax.js"
import type { FileFacts, ImportedName, ImportFact, RefFact, RefKind, Span, SymbolFact, SymbolKind } from "./facts.js"
import { byteOffsets } from "./offsets.js"

const CONTAINERS = new Set(["class", "interface", "struct", "enum", "trait", "impl", "module", "namespace"])
const CALLABLE = new Set(["function", "method"])
const separatorOf = (language: string) => (language === "rust" || language === "cpp" || language === "c" || language === "ruby" || language === "php" ? "::" : ".")


const collapse = (s: string) => s.replace(/\s+/g, " ").trim()
/** A node's span as one number (a file has under 2^22 UTF-16 units): a cheaper set key than a string, for every identifier. */
const spanKey = (c: Capture) => c.start * 4194304 + c.end

interface RawDef {
  kind: string
  node: Capture
  name: Capture
  params?: Capture
  ret?: Capture
  body?: Capture
  receiver?: Capture
}

/** Text without `#` comments (outside string literals), line by line. */
const withoutHashComments = (s: string): string =>
  s.split("\n").map((line) => {
    const at = commentStart(line, (l, i) => l[i] === "#", "'\"")
    return at === undefined ? line : line.slice(0, at).trimEnd()
  }).join("\n")

export const extractFacts = (language: string, text: string, matches: ReadonlyArray<ReadonlyArray<Capture>>): FileFacts => {
  const toByte = byteOffsets(text)
  const span = (c: { start: number; end: number; startRow: number; startColumn: number; endRow: number; endColumn: number }): Span => ({
    startByte: toByte(c.start),
    endByte: toByte(c.end),
    startLine: c.startRow + 1,
    startColumn: c.startColumn + 1,
    endLine: c.endRow + 1,
    endColumn: c.endColumn + 1
  })
  const slice = (c: Capture) => text.slice(c.start, c.end)

  const defs: RawDef[] = []
  const exportStarts = new Set<number>()
  const exportedNames = new Set<string>()
  const rawRefs: Array<{ kind: RefKind; name: Capture; node: Capture; qualifier?: Capture }> = []
  const importMatches = new Map<number, Capture[]>()
  const scoping = new Scoping(language === "go")
  const ranges: Array<{ name: string; at: number; role: RangeRole; over: string; overAt: number }> = []
  // Go's anonymous struct types, and what names them (typed bindings, ranges over a literal) or uses their fields (literal keys).
  const anon = language === "go" ? new AnonymousStructs(text) : undefined
  const typedBinds: Array<{ name: Capture; type: Capture; how: "type" | "variadic" | "call" }> = []
  const rangeLiterals: Array<{ name: Capture; literal: Capture }> = []
  const anonKeys: Array<{ key: Capture; struct?: Capture; outer?: Capture }> = []

  for (const m of matches) {
    const by = (n: string) => m.find((c) => c.name === n)
    if (m.length === 1 && scoping.take(m[0]!, slice)) continue
    const rangeVar = by("range.key") ?? by("range.value"), over = by("range.over")
    if (anon !== undefined) {
      const field = by("anon.field"), key = by("anon.key"), literal = by("range.literal")
      if (field !== undefined) anon.field(by("anon.struct")!, field, by("anon.decl")!)
      else if (key !== undefined) anonKeys.push({ key, ...(by("anon.type") ? { struct: by("anon.type")! } : {}), ...(by("anon.outer") ? { outer: by("anon.outer")! } : {}) })
      else if (rangeVar !== undefined && literal !== undefined) rangeLiterals.push({ name: rangeVar, literal })
      if (field !== undefined || key !== undefined || literal !== undefined) continue
    }
    if (rangeVar !== undefined && over !== undefined) {
      ranges.push({ name: slice(rangeVar), at: rangeVar.start, role: rangeVar.name === "range.key" ? "key" : "value", over: slice(over), overAt: over.start })
      continue
    }
    const typedName = by("typed.name"), typedType = by("typed.type"), typedCall = by("typed.call"), variadic = by("typed.variadic")
    if (typedName !== undefined) {
      // Bound once the match loop is over (a type's text names the anonymous structs in it, all known then).
      if (typedType !== undefined) typedBinds.push({ name: typedName, type: typedType, how: "type" })
      else if (variadic !== undefined) typedBinds.push({ name: typedName, type: variadic, how: "variadic" })
      // Python `x = f(…)`: typed by what f returns (a class's instance, a function's annotated result).
      else if (typedCall !== undefined) typedBinds.push({ name: typedName, type: typedCall, how: "call" })
      continue
    }
    const head = m.find((c) => c.name.startsWith("def.") || c.name.startsWith("ref.") || c.name === "import" || c.name === "export" || c.name === "export.name")
    if (head === undefined) continue
    if (head.name === "export") exportStarts.add(head.start)
    else if (head.name === "export.name") {
      const n = by("name")
      if (n) exportedNames.add(slice(n))
    } else if (head.name === "import") {
      const list = importMatches.get(head.start) ?? []
      list.push(...m)
      importMatches.set(head.start, list)
    } else if (head.name.startsWith("def.")) {
      const name = by("name")
      if (name === undefined) continue
      const d: RawDef = { kind: head.name.slice(4), node: head, name }
      const params = by("params")
      const ret = by("ret")
      const body = by("body")
      const receiver = by("receiver")
      if (params) d.params = params
      if (ret) d.ret = ret
      if (body) d.body = body
      if (receiver) d.receiver = receiver
      defs.push(d)
    } else {
      // `(identifier) @ref.read`: the reference is the captured node itself.
      const name = by("name") ?? (m.length === 1 ? head : undefined)
      if (name === undefined) continue
      const q = by("qualifier")
      rawRefs.push({ kind: head.name.slice(4) as RefKind, name, node: head, ...(q ? { qualifier: q } : {}) })
    }
  }

  // A named type's struct is not anonymous.
  if (anon !== undefined) for (const d of defs) if (d.kind === "struct" && d.body !== undefined) anon.forget(d.body.start)
  const typeText = (c: Capture) => (anon !== undefined && anon.size > 0 ? anon.typeText(c) : slice(c))
  for (const b of typedBinds) {
    const t = b.how === "variadic" ? `...${typeText(b.type)}` : b.how === "call" ? slice(b.type) : typeText(b.type)
    scoping.typed(slice(b.name), b.name.start, t, b.how === "call")
  }
  for (const r of rangeLiterals) {
    const t = goRangeType(typeText(r.literal), "value")
    if (t !== undefined) scoping.typed(slice(r.name), r.name.start, t)
  }
  // Names a definition declares are never references, also where a later assignment is not kept.
  const defNames = new Set(defs.map((d) => spanKey(d.name)))
  // A function's assignment to a name it declares `global` assigns the module's variable: one of its names.
  const globalWrites = language === "python" ? dropLocalAssignments(defs).filter((d) => scoping.declaredGlobal(slice(d.name), d.name.start)) : []
  // One definition per node: the first pattern that matched it wins.
  defs.sort((a, b) => a.node.start - b.node.start || b.node.end - a.node.end)
  const unique: RawDef[] = []
  const seen = new Set<number>()
  for (const d of defs) {
    const k = spanKey(d.name)
    if (seen.has(k)) continue
    seen.add(k)
    unique.push(d)
  }

  const sep = separatorOf(language)
  const symbols: SymbolFact[] = []
  const kept: RawDef[] = []
  // Python: the names of each assigned symbol, its first assignment's and every later one's in the same scope.
  const assigned = new Map<string, { names: number[]; instance: boolean }>()
  const containers = unique.filter((c) => CONTAINERS.has(c.kind))
  for (const d of unique) {
    // Innermost container whose span holds this definition.
    const chain: string[] = []
    let inClass = false
    for (const c of containers) {
      if (c === d) continue
      if (c.node.start <= d.node.start && c.node.end >= d.node.end && (c.node.start !== d.node.start || c.node.end !== d.node.end)) {
        chain.push(slice(c.name))
        if (c.kind === "class" || c.kind === "impl" || c.kind === "struct" || c.kind === "interface" || c.kind === "trait") inClass = true
      }
    }
    if (d.receiver) {
      chain.push(slice(d.receiver))
      inClass = true
    }
    if (d.kind === "impl") {
      kept.push(d)
      continue
    }
    let kind = d.kind as SymbolKind
    if (kind === "function" && inClass) kind = "method"
    // Ruby's `attr_reader :name` defines the method `name`.
    const name = language === "ruby" ? slice(d.name).replace(/^:/, "") : slice(d.name)
    const container = chain.length === 0 ? null : chain.join(sep)
    if (language === "python" && kind === "variable" && !inClass) continue // `self.x = …` outside a class
    if (language === "python" && (kind === "constant" || kind === "variable")) {
      // Assignments declare module variables and class attributes (also `self.x = …` in a method),
      // not a function's locals; the first assignment of a name in its scope is its declaration.
      const k = `${container ?? ""}\0${name}`
      const first = assigned.get(k)
      if (first !== undefined) {
        // Assigned again (`x = …` in both branches of an `if`): the same symbol, renamed together; not
        // `self.x = …` after a class-level `x = …` (the instance's attribute, as jedi reads it).
        if (first.instance === (d.kind === "variable")) first.names.push(toByte(d.name.start))
        continue
      }
      assigned.set(k, { names: [toByte(d.name.start)], instance: d.kind === "variable" })
      if (inClass) kind = "variable"
    }
    const headerEnd = d.body ? d.body.start : d.node.end
    // A signature keeps 240 characters: a long header (a Go const block of hundreds of specs) is cut
    // before collapsing, or every spec of the block would collapse the whole block again.
    const header = text.slice(d.node.start, Math.min(headerEnd, d.node.start + 4000))
    // Python's block starts after any comment on the header line: that comment is not the signature.
    let signature = collapse(language === "python" || language === "ruby" ? withoutHashComments(header) : header).replace(/\s*[{:=]\s*$/, "")
    if (signature.length > 240) signature = signature.slice(0, 240) + "…"
    let returnType: string | null = d.ret ? collapse(slice(d.ret)) : null
    if (returnType === null && d.params && (language === "typescript" || language === "tsx")) {
      const between = text.slice(d.params.end, d.body ? d.body.start : d.node.end)
      const m = /^\s*:\s*([\s\S]*?)\s*(=>)?\s*$/.exec(between)
      if (m && m[1]!.length > 0) returnType = collapse(m[1]!).replace(/[;,]$/, "")
    }
    if (returnType !== null) returnType = returnType.replace(/^->\s*/, "")
    const head = text.slice(d.node.start, d.name.start)
    const exported =
      language === "typescript" || language === "tsx" || language === "javascript"
        ? exportStarts.has(d.node.start) || (container === null && exportedNames.has(name))
        : language === "python"
        ? container === null && !name.startsWith("_")
        : language === "rust"
        ? /^\s*pub\b/.test(head) || /^\s*(#\[[^\]]*\]\s*)*pub\b/.test(head)
        : language === "go"
        ? /^[A-Z]/.test(name)
        : language === "java"
        ? /\bpublic\b/.test(head)
        : language === "csharp"
        ? /\bpublic\b/.test(head) || d.kind === "namespace"
        : language === "kotlin" || language === "php"
        ? !/\b(private|protected|internal)\b/.test(head) // public unless said otherwise
        : language === "ruby"
        ? true
        : !/^\s*static\b/.test(head)
    kept.push(d)
    symbols.push({
      name,
      kind,
      container,
      qualifiedName: container === null ? name : `${container}${sep}${name}`,
      signature,
      parameters: d.params ? collapse(slice(d.params)) : null,
      returnType,
      exported,
      ...span(d.node),
      nameBytes: assigned.get(`${container ?? ""}\0${name}`)?.names ?? [toByte(d.name.start)]
    })
  }
  for (const w of globalWrites) assigned.get(`\0${slice(w.name)}`)?.names.push(toByte(w.name.start))

  // References: not the names of definitions themselves; reads only of names the file imports or defines at top level.
  const imports = buildImports(language, text, importMatches)
  const known = new Set<string>(symbols.filter((s) => s.container === null).map((s) => s.name))
  const importNames = new Set<string>()
  for (const i of imports) {
    for (const n of i.names) known.add(n.alias ?? n.name)
    if (i.namespace) known.add(i.namespace)
    if (i.defaultName) known.add(i.defaultName)
    // `import a.b` binds `a`; a Go import binds its last path element.
    if (language === "python" && i.namespace === null && i.names.length === 0 && !i.wildcard) known.add(i.module.split(".")[0]!)
    if (language === "go") importNames.add(i.namespace ?? i.module.split("/").pop()!)
  }
  for (const n of importNames) known.add(n)
  // Go range variables, in rounds: a range over an outer range's variable is typed once that one is
  // (the scopes are indexed again per round, not per variable: a file has hundreds of ranges).
  for (let pending = ranges; pending.length > 0;) {
    const left = pending.filter((r) => {
      const over = scoping.declaredType(r.over, r.overAt)
      const type = over === undefined ? undefined : goRangeType(over, r.role)
      if (type !== undefined) scoping.typed(r.name, r.at, type)
      return type === undefined
    })
    if (left.length === pending.length) break
    scoping.reindex()
    pending = left
  }
  const memberReads = language === "python" || language === "go"
  if (memberReads) {
    // Calls and type uses before reads of the same name, qualified reads before bare ones.
    // (A stable sort by rank, in one pass.)
    const ranked: Array<typeof rawRefs> = [[], [], []]
    for (const r of rawRefs) ranked[r.kind !== "read" ? 0 : r.qualifier !== undefined ? 1 : 2]!.push(r)
    let k = 0
    for (const bucket of ranked) for (const r of bucket) rawRefs[k++] = r
  }
  const callables = symbols.map((s, i) => ({ s, i })).filter((x) => CALLABLE.has(x.s.kind))
  const enclosingOf = innermostCallable(callables)
  const instanceShadows = language === "python" ? pythonInstanceShadows(defs, slice) : () => false
  const classBodyMember = language === "python" ? pythonClassBodyMember(symbols, enclosingOf) : () => undefined
  const refs: RefFact[] = []
  const refSeen = new Set<number>()
  // Go: anonymous structs' fields as symbols, their literals' keys as exact references.
  const anonFields = anon === undefined || anon.size === 0 ? undefined
    : anonymousFields(anon, symbols, enclosingOf, [
      ...typedBinds.filter((b) => b.how === "type").map((b) => ({ name: slice(b.name), at: b.name.start, type: typeText(b.type) })),
      ...rangeLiterals.flatMap((r) => {
        const t = goRangeType(typeText(r.literal), "value")
        return t === undefined ? [] : [{ name: slice(r.name), at: r.name.start, type: t }]
      })
    ], toByte, span, text)
  const anonRef = (id: Capture, index: number | undefined, qualifier: string | null, kind: RefKind) => {
    refSeen.add(spanKey(id))
    if (index === undefined) return
    const at = toByte(id.start)
    refs.push({ name: slice(id), kind, qualifier, enclosing: enclosingOf(at), binding: { kind: "symbol", index }, ...span(id) })
  }
  for (const k of anonKeys) {
    const struct = anon === undefined ? undefined : k.struct !== undefined ? anon.at(k.struct.start) : k.outer !== undefined ? anon.elementOrSelf(typeText(k.outer)) : undefined
    if (struct !== undefined && anonFields !== undefined) anonRef(k.key, anonFields.get(struct.start)?.get(slice(k.key)), null, "read")
    else if (struct === undefined && k.outer !== undefined) {
      // A key of an elided element of a named type (`[]Box{{Size: 2}}`, `map[string]*Box{"a": {Size: 2}}`):
      // resolved like `Box{Size: 2}`'s, its type the qualifier (a named map type's keys are values: no field).
      const element = /^\*?\s*((?:\w+\.)?\w+)$/.exec(goRangeType(typeText(k.outer), "value") ?? "")?.[1]
      if (element === undefined) continue
      refSeen.add(spanKey(k.key))
      // Another package's type (`[]box.Box{{Size: 4}}`): said as a value of it, as a typed local's reads are.
      refs.push({ name: slice(k.key), kind: "read", qualifier: element.includes(".") ? `_.(${element})` : element, enclosing: enclosingOf(toByte(k.key.start)), ...span(k.key) })
    }
  }
  for (const r of rawRefs) {
    const key = spanKey(r.name)
    if (defNames.has(key)) continue
    const name = slice(r.name)
    // Python: a bare name in a class's own body that the class defines is that member, as `C.name` is
    // (`__add__ = _fallbacks(_add)`, `pattern = '%s' % word`): a class body is a namespace of its own.
    const ofClass = r.qualifier === undefined && language === "python" && !scoping.skipped(r.name.start) ? classBodyMember(name, toByte(r.name.start)) : undefined
    // Most captures are bare reads of names that cannot point anywhere (locals, builtins): dropped first.
    if (memberReads && r.kind === "read" && r.qualifier === undefined && ofClass === undefined && !keepRead(language, name, null, known, importNames)) continue
    let qualifier = r.qualifier ? qualifierText(language, slice(r.qualifier), r.qualifier.type) : ofClass ?? null
    // Go: a key of another package's struct literal (`box.Box{Size: 2}`): a field of a value of that type.
    if (language === "go" && r.qualifier?.type === "qualified_type") qualifier = `_.(${slice(r.qualifier).replace(/\s+/g, "")})`
    // A local or parameter of a known type carries it in its qualifier: Go `w.(Flusher)` (as if
    // asserted), Python `r: Rect` (annotated) or `r = scale()` (the result of a call).
    if ((language === "go" || language === "python") && qualifier !== null && r.qualifier?.type === "identifier") {
      const type = scoping.typeOf(qualifier, r.name.start)
      // `tt.name` of `for _, tt := range tests` over an anonymous struct: its field, or nothing the graph holds.
      const struct = anonFields !== undefined && type?.startsWith("struct#") === true ? anon!.named(type) : undefined
      if (struct !== undefined || type?.startsWith("struct#") === true) {
        if (!refSeen.has(key)) anonRef(r.name, struct === undefined ? undefined : anonFields?.get(struct.start)?.get(name), qualifier, r.kind)
        continue
      }
      if (type !== undefined) qualifier = language === "go" ? `${qualifier}.(${type})` : type.endsWith("()") ? `${qualifier} = ${type}` : `${qualifier}: ${type}`
    }
    if (refSeen.has(key)) continue
    if (memberReads) {
      // A bare name that is not a reference (a keyword argument, an attribute) or is bound locally.
      // (Go: a type name is never a local's — `func f(recType recType)` names the package's type.)
      if (qualifier === null && (scoping.skipped(r.name.start) || (scoping.isLocal(name, r.name.start) && !(language === "go" && r.kind === "type")))) continue
      // An attribute assigned to declares it (`self.x = v`), unless it is a module's or class's the file
      // knows (`settings.debug = True`): that assigns the variable declared there.
      if (scoping.written(r.name.start) && !(language === "python" && qualifier !== null && known.has(qualifier))) continue
      if (qualifier === "self" && instanceShadows(r.name.start, name)) continue
      if (r.kind === "read" && !keepRead(language, name, qualifier, known, importNames)) continue
    } else if (r.kind === "read" && !known.has(name) && !(qualifier !== null && known.has(qualifier)) && !globalConstant(language, qualifier ?? name)) continue
    refSeen.add(key)
    const at = toByte(r.name.start)
    const enclosing = enclosingOf(at)
    refs.push({ name, kind: r.kind, qualifier, enclosing, ...span(r.name) })
  }
  return { symbols, refs, imports }
}

/**
 * Go: the fields of each anonymous struct a variable declares (`tests := []struct{…}{…}`, `var tests
 * = …`, `for _, tt := range []struct{…}{…}`) become symbols (kind property) named after the function
 * around and the first such variable (`TestX.tests.name`); returns each struct's fields' indexes.
 */
const anonymousFields = (
  anon: AnonymousStructs,
  symbols: SymbolFact[],
  enclosingOf: (at: number) => number | null,
  binds: ReadonlyArray<{ name: string; at: number; type: string }>,
  toByte: (offset: number) => number,
  span: (c: { start: number; end: number; startRow: number; startColumn: number; endRow: number; endColumn: number }) => Span,
  text: string
): Map<number, Map<string, number>> => {
  const out = new Map<number, Map<string, number>>()
  for (const b of [...binds].sort((x, y) => x.at - y.at)) {
    const struct = anon.elementOrSelf(b.type)
    if (struct === undefined || out.has(struct.start)) continue
    const fn = enclosingOf(toByte(b.at))
    const container = fn === null ? b.name : `${symbols[fn]!.qualifiedName}.${b.name}`
    const fields = new Map<string, number>()
    for (const f of struct.fields) {
      if (fields.has(f.name)) continue
      fields.set(f.name, symbols.length)
      symbols.push({
        name: f.name, kind: "property", container, qualifiedName: `${container}.${f.name}`,
        signature: collapse(text.slice(f.decl.start, f.decl.end)), parameters: null, returnType: null, exported: false,
        ...span(f.decl), nameBytes: [toByte(f.nameAt.start)]
      })
    }
    out.set(struct.start, fields)
  }
  return out
}

/**
 * The class whose own body (not a function inside it) holds a byte offset, when that class defines
 * `name` as a member: its qualified name.
 */
const pythonClassBodyMember = (symbols: ReadonlyArray<SymbolFact>, enclosingOf: (at: number) => number | null) => {
  const classes = symbols.filter((s) => s.kind === "class")
  const members = new Set(symbols.filter((s) => s.container !== null).map((s) => `${s.container}\0${s.name}`))
  const memberNames = new Set(symbols.filter((s) => s.container !== null).map((s) => s.name))
  return (name: string, at: number): string | undefined => {
    if (!memberNames.has(name)) return undefined
    let inner: SymbolFact | undefined
    for (const c of classes) if (c.startByte <= at && at < c.endByte && (inner === undefined || c.startByte >= inner.startByte)) inner = c
    if (inner === undefined) return undefined
    const fn = enclosingOf(at)
    // In a method (any function inside the class), a bare name is never the class's.
    if (fn !== null && symbols[fn]!.startByte > inner.startByte) return undefined
    return members.has(`${inner.qualifiedName}\0${name}`) ? inner.qualifiedName : undefined
  }
}

/**
 * The innermost function or method around a byte offset. Their spans nest or are disjoint, so an
 * interval table (start-sorted, each with its parent) answers by binary search then a walk up.
 */
const innermostCallable = (callables: ReadonlyArray<{ s: SymbolFact; i: number }>): ((at: number) => number | null) => {
  const sorted = [...callables].sort((a, b) => a.s.startByte - b.s.startByte || b.s.endByte - a.s.endByte)
  const parent: number[] = []
  const stack: number[] = []
  sorted.forEach((c, k) => {
    while (stack.length > 0 && sorted[stack[stack.length - 1]!]!.s.endByte <= c.s.startByte) stack.pop()
    parent.push(stack.length > 0 ? stack[stack.length - 1]! : -1)
    stack.push(k)
  })
  return (at) => {
    let lo = 0, hi = sorted.length - 1, k = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (sorted[mid]!.s.startByte <= at) {
        k = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    while (k !== -1 && !(at < sorted[k]!.s.endByte)) k = parent[k]!
    return k === -1 ? null : sorted[k]!.i
  }
}

/**
 * Python: where a class both declares `x = …` and assigns `self.x = …` in its methods, `self.x` in
 * that class is the instance's attribute (the one symbol kept is the class-level one): not a use of
 * the class attribute (jedi's reading too).
 */
const pythonInstanceShadows = (defs: ReadonlyArray<RawDef>, slice: (c: Capture) => string) => {
  const classes = defs.filter((d) => d.kind === "class").map((d) => d.node)
  const classAt = (at: number) => {
    let best: Capture | undefined
    for (const c of classes) if (c.start <= at && at < c.end && (best === undefined || c.start >= best.start)) best = c
    return best
  }
  const key = (at: number, name: string) => {
    const c = classAt(at)
    return c === undefined ? undefined : `${c.start}:${name}`
  }
  const instance = new Set(defs.filter((d) => d.kind === "variable").map((d) => key(d.node.start, slice(d.name))))
  const shadowed = new Set(defs.filter((d) => d.kind === "constant").map((d) => key(d.node.start, slice(d.name))).filter((k) => instance.has(k)))
  return (at: number, name: string) => shadowed.size > 0 && shadowed.has(key(at, name))
}

/** Python assignments inside functions bind locals: only module- and class-level ones declare symbols. Returns those dropped. */
const dropLocalAssignments = (defs: RawDef[]): RawDef[] => {
  const fns = defs.filter((d) => d.kind === "function").map((d) => d.node).sort((a, b) => a.start - b.start || b.end - a.end)
  // The outermost functions are disjoint: a binary search finds the one that may hold a position.
  const outer: Capture[] = []
  for (const f of fns) if (outer.length === 0 || f.start >= outer[outer.length - 1]!.end) outer.push(f)
  const inFunction = (at: number) => {
    let lo = 0, hi = outer.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (outer[mid]!.end <= at) lo = mid + 1
      else if (outer[mid]!.start > at) hi = mid - 1
      else return true
    }
    return false
  }
  const dropped: RawDef[] = []
  for (let i = defs.length - 1; i >= 0; i--) if (defs[i]!.kind === "constant" && inFunction(defs[i]!.node.start)) dropped.push(...defs.splice(i, 1))
  return dropped
}

/** Reads are kept when they can point at something: a name the file imports or defines, or a member of an imported module. */
const keepRead = (language: string, name: string, qualifier: string | null, known: ReadonlySet<string>, importNames: ReadonlySet<string>): boolean => {
  // Go: a package's names live in all its files; a package name alone (`http` of `http.Get`) is no reference.
  if (qualifier === null) return language === "go" ? !importNames.has(name) : known.has(name)
  if (known.has(name) || known.has(qualifier)) return true
  // Go: a field of a value of a known type (`b.Size` of `b Box` or `b := NewBox()`, written `b.(Box)`,
  // `b.(NewBox())`): the resolver finds it among the type's fields, wherever in the package it is declared.
  if (language === "go") return /\.\((?:\*?[\w.]+|[\w.]+\(\))\)$/.test(qualifier)
  // Python: members of self, cls, super() and of dotted module paths (`a.b.name`); of a local typed by
  // a name the file knows (`r: Rect`, `r = Rect()`, `r = make()`) and of such a call's result
  // (`Rect().width`). A builtin's (`s: str`, `len(s)`) can point at nothing here.
  if (language !== "python") return false
  if (qualifier === "self" || qualifier === "cls" || qualifier === "super()") return true
  const typed = /^\w+(?:: | = )([\w.]+)/.exec(qualifier) ?? /^([\w.]+)\(\)$/.exec(qualifier)
  return known.has((typed?.[1] ?? qualifier).split(".")[0]!)
}

/**
 * The stored qualifier: `super()` whatever its arguments; a Python call's result as its callee and
 * `()` (`A(x, y).size()` → `A()`, typed by the resolver like `a = A()`); long expressions collapsed and cut.
 */
const qualifierText = (language: string, q: string, type: string): string => {
  if (language === "python" && /^super\s*\(/.test(q)) return "super()"
  if (language === "python" && type === "call") return `${collapse(q.slice(0, q.indexOf("(")))}()`
  const c = collapse(q)
  return c.length > 80 ? c.slice(0, 79) + "…" : c
}

/**
 * Which bare names are local: binding sites (`@local`: parameters, assignments, loop variables)
 * belong to the innermost `@scope` (function, lambda, comprehension) around them, and a name read
 * in that scope or a nested one is that local, unless the scope declares it `@global`. `@skip`
 * marks identifiers that are not references at all (keyword-argument names, struct literal keys),
 * `@write` attributes assigned to.
 */
class Scoping {
  /** `topLevel`: a binding outside every scope (a Go package-level `var tests = […]struct{…}{…}`) types the name where no local does. */
  constructor(private readonly topLevel = false) {}
  private readonly scopes: Array<{ start: number; end: number }> = []
  private readonly binds: Array<{ name: string; at: number; global: boolean; typed?: boolean; type?: string; declared?: string }> = []
  private readonly skips = new Set<number>()
  private readonly writes = new Set<number>()
  private byName: Map<string, Array<{ start: number; end: number; types: Set<string | undefined>; declared: Set<string | undefined> }>> | undefined
  private globalNames: Set<string> | undefined

  take(c: Capture, slice: (c: Capture) => string): boolean {
    if (c.name === "scope") this.scopes.push({ start: c.start, end: c.end })
    else if (c.name === "local" || c.name === "global") this.binds.push({ name: slice(c), at: c.start, global: c.name === "global" })
    else if (c.name === "skip") this.skips.add(c.start)
    else if (c.name === "write") this.writes.add(c.start)
    else return false
    return true
  }

  /** A binding with a declared named type (`w http.ResponseWriter`, `x := &T{}`, `f, ok := w.(Flusher)`). */
  typed(name: string, at: number, typeText: string, call = false): void {
    const named = /^\*?\s*(struct#\d+|[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)?)\s*(\[[\s\S]*\])?$/.exec(typeText)?.[1]
    const type = named === undefined ? undefined : call ? `${named}()` : named
    this.binds.push({ name, at, global: false, typed: true, declared: typeText, ...(type !== undefined ? { type } : {}) })
  }

  /** Bindings were added after a question: the next one indexes them. */
  reindex(): void {
    this.byName = undefined
  }

  /** The type text a local was declared with (`[]Shape`, `map[string]*T`), when its innermost binding scope gives it exactly one. */
  declaredType(name: string, at: number): string | undefined {
    const best = this.scopeOf(name, at)
    return best !== undefined && best.declared.size === 1 ? [...best.declared][0] : undefined
  }

  /** The named type of the local `name` seen at a position, when its innermost binding scope gives it exactly one. */
  typeOf(name: string, at: number): string | undefined {
    const best = this.scopeOf(name, at)
    return best !== undefined && best.types.size === 1 ? [...best.types][0] : undefined
  }

  private scopeOf(name: string, at: number) {
    if (this.byName === undefined) this.byName = this.index()
    let best: { start: number; end: number; types: Set<string | undefined>; declared: Set<string | undefined> } | undefined
    for (const s of this.byName.get(name) ?? []) if (s.start <= at && at < s.end && (best === undefined || s.start >= best.start)) best = s
    return best ?? this.topTypes?.get(name)
  }
  /** Typed bindings outside every scope, by name (see `topLevel`). */
  private topTypes: Map<string, { start: number; end: number; types: Set<string | undefined>; declared: Set<string | undefined> }> | undefined

  skipped(at: number): boolean {
    return this.skips.has(at)
  }

  /** An attribute assigned to (`self.x = v`): it declares an instance attribute, it does not use one. */
  written(at: number): boolean {
    return this.writes.has(at)
  }

  /** Whether the innermost scope around a position declares the name `global` (Python). */
  declaredGlobal(name: string, at: number): boolean {
    this.globalNames ??= new Set(this.binds.filter((b) => b.global).map((b) => b.name))
    if (!this.globalNames.has(name)) return false
    const scopes = this.binds.filter((b) => b.global && b.name === name).map((b) => this.innermost(b.at))
    const here = this.innermost(at)
    return here !== undefined && scopes.some((s) => s !== undefined && s.start === here.start && s.end === here.end)
  }

  private innermost(at: number): { start: number; end: number } | undefined {
    let best: { start: number; end: number } | undefined
    for (const s of this.scopes) if (s.start <= at && at < s.end && (best === undefined || s.start >= best.start)) best = s
    return best
  }

  isLocal(name: string, at: number): boolean {
    if (this.byName === undefined) this.byName = this.index()
    return (this.byName.get(name) ?? []).some((s) => s.start <= at && at < s.end)
  }

  /** Each name's scopes: the innermost scope of each of its bindings, less those declaring it global. */
  private index() {
    this.topTypes = undefined
    // Scopes nest (they are syntax nodes): one sweep in position order finds each binding's innermost.
    const scopes = [...this.scopes].sort((a, b) => a.start - b.start || b.end - a.end)
    const binds = [...this.binds].sort((a, b) => a.at - b.at)
    const stack: Array<{ start: number; end: number }> = []
    const inner: Array<{ start: number; end: number } | undefined> = []
    let next = 0
    for (const b of binds) {
      while (next < scopes.length && scopes[next]!.start <= b.at) {
        const s = scopes[next++]!
        while (stack.length > 0 && stack[stack.length - 1]!.end <= s.start) stack.pop()
        stack.push(s)
      }
      while (stack.length > 0 && stack[stack.length - 1]!.end <= b.at) stack.pop()
      inner.push(stack[stack.length - 1])
    }
    const typedAt = new Set(binds.filter((b) => b.typed === true).map((b) => b.at))
    const out = new Map<string, Array<{ start: number; end: number; types: Set<string | undefined>; declared: Set<string | undefined> }>>()
    const globals = new Set<string>()
    binds.forEach((b, i) => {
      if (b.global && inner[i] !== undefined) globals.add(`${inner[i]!.start}:${b.name}`)
    })
    for (let i = 0; i < binds.length; i++) {
      const b = binds[i]!
      const s = inner[i]
      if (b.global) continue
      if (s === undefined && this.topLevel && b.typed === true) {
        this.topTypes ??= new Map()
        let top = this.topTypes.get(b.name)
        if (top === undefined) this.topTypes.set(b.name, top = { start: 0, end: Infinity, types: new Set(), declared: new Set() })
        top.types.add(b.type)
        top.declared.add(b.declared)
      }
      if (s === undefined || globals.has(`${s.start}:${b.name}`)) continue
      const list = out.get(b.name) ?? []
      let entry = list.find((e) => e.start === s.start && e.end === s.end)
      if (entry === undefined) list.push(entry = { ...s, types: new Set(), declared: new Set() })
      // A typed binding and the plain @local capture of the same identifier are one binding.
      if (b.typed === true || !typedAt.has(b.at)) {
        entry.types.add(b.type)
        entry.declared.add(b.declared)
      }
      out.set(b.name, list)
    }
    return out
  }
}

/**
 * Ruby's constants (`Money`, `Money::ZERO`) are global, and C#'s `using` imports whole namespaces: a
 * read of a capitalised name (or qualified by one) can point at another file without an import naming it.
 */
const globalConstant = (language: string, name: string) => (language === "ruby" || language === "csharp") && /^[A-Z]/.test(name)

const unquote = (s: string) => s.replace(/^["'`]|["'`]$/g, "")

const buildImports = (language: string, text: string, groups: Map<number, Capture[]>): ImportFact[] => {
  const out: ImportFact[] = []
  for (const caps of groups.values()) {
    const get = (n: string) => caps.filter((c) => c.name === n).map((c) => text.slice(c.start, c.end))
    const moduleCap = caps.find((c) => c.name === "module")
    if (moduleCap === undefined) continue
    const stmt = caps.find((c) => c.name === "import")!
    const line = stmt.startRow + 1
    const aliasFor = (nameCap: Capture) => {
      // The alias capture that follows this name in the same statement, if any.
      const after = caps.filter((c) => c.name === "import.alias" && c.start > nameCap.end).sort((a, b) => a.start - b.start)[0]
      const next = caps.filter((c) => (c.name === "import.name" || c.name === "import.reexport") && c.start > nameCap.end).sort((a, b) => a.start - b.start)[0]
      return after !== undefined && (next === undefined || after.start < next.start) ? text.slice(after.start, after.end) : null
    }
    const pairs = (n: string): ImportedName[] => {
      const seen = new Set<string>()
      return caps.filter((c) => c.name === n).flatMap((c) => {
        const k = `${c.start}`
        if (seen.has(k)) return []
        seen.add(k)
        return [{ name: text.slice(c.start, c.end), alias: aliasFor(c) }]
      })
    }
    let module = unquote(text.slice(moduleCap.start, moduleCap.end))
    let names = pairs("import.name")
    let wildcard = get("import.wildcard").length > 0
    const isMod = language === "rust" && /^\s*(pub\s+)?mod\b/.test(text.slice(stmt.start, stmt.end))
    if (language === "rust" && !isMod) {
      // use a::b::C; use a::b::{C, D as E}; use a::b::*; use a::b as c;
      const path = module.replace(/\s+/g, "")
      const brace = /^(.*?)::\{(.*)\}$/.exec(path)
      if (brace) {
        module = brace[1]!
        names = brace[2]!.split(",").filter((x) => x.length > 0 && x !== "self").map((x) => {
          const [n, a] = x.split(/as/)
          return { name: n!, alias: a ?? null }
        })
      } else if (path.endsWith("::*")) {
        module = path.slice(0, -3)
        wildcard = true
      } else {
        const as = /^(.*)as(\w+)$/.exec(path)
        const full = as ? as[1]! : path
        const cut = full.lastIndexOf("::")
        module = cut === -1 ? full : full.slice(0, cut)
        names = [{ name: cut === -1 ? full : full.slice(cut + 2), alias: as ? as[2]! : null }]
      }
    }
    if (language === "ruby") {
      // require_relative "money" is relative to the file (marked "./"); require "shop/cart" searches the load path.
      if (/^\s*require_relative\b/.test(text.slice(stmt.start, stmt.end)) && !module.startsWith(".")) module = `./${module}`
      // Everything the required file defines becomes visible.
      wildcard = true
    }
    // `using A.B;` brings in every type of the namespace; `using G = A.B;` only the alias.
    if (language === "csharp" && get("import.namespace").length === 0) wildcard = true
    if (language === "php" && !module.endsWith(".php")) {
      // use App\Geometry\Circle [as C]: the namespace, and the name it imports.
      const path = module.replace(/^\\/, "")
      const cut = path.lastIndexOf("\\")
      names = [{ name: path.slice(cut + 1), alias: get("import.alias")[0] ?? null }]
      module = cut === -1 ? "" : path.slice(0, cut)
    }
    if (language === "kotlin" && !wildcard) {
      const cut = module.lastIndexOf(".")
      names = [{ name: module.slice(cut + 1), alias: get("import.alias")[0] ?? null }]
      module = module.slice(0, cut)
    }
    if (language === "java" && !wildcard) {
      const cut = module.lastIndexOf(".")
      names = [{ name: module.slice(cut + 1), alias: null }]
      module = module.slice(0, cut)
    }
    const existing = out.find((o) => o.line === line && o.module === module)
    const fact: ImportFact = {
      module,
      line,
      names,
      namespace: get("import.namespace")[0] ?? null,
      defaultName: get("import.default")[0] ?? null,
      reexports: pairs("import.reexport"),
      wildcard,
      isModDeclaration: isMod
    }
    if (existing === undefined) out.push(fact)
    else {
      // Several matches of one statement (one per specifier): merge them.
      const merged: ImportFact = {
        ...existing,
        names: [...existing.names, ...fact.names.filter((n) => !existing.names.some((e) => e.name === n.name))],
        reexports: [...existing.reexports, ...fact.reexports.filter((n) => !existing.reexports.some((e) => e.name === n.name))],
        namespace: existing.namespace ?? fact.namespace,
        defaultName: existing.defaultName ?? fact.defaultName,
        wildcard: existing.wildcard || fact.wildcard
      }
      out[out.indexOf(existing)] = merged
    }
  }
  return out
}
