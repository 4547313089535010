/**
 * From query captures to a file's facts: definitions with kinds, containers, signatures, parameters,
 * return types and export status; references with their enclosing function; imports. Pure.
 */
import type { Capture } from "../../../services/Syntax.js"
import type { FileFacts, ImportedName, ImportFact, RefFact, RefKind, Span, SymbolFact, SymbolKind } from "./facts.js"

const CONTAINERS = new Set(["class", "interface", "struct", "enum", "trait", "impl", "module", "namespace"])
const CALLABLE = new Set(["function", "method"])
const separatorOf = (language: string) => (language === "rust" || language === "cpp" || language === "c" || language === "ruby" || language === "php" ? "::" : ".")

/** UTF-16 index → UTF-8 byte offset (identity for ASCII text). */
const byteOffsets = (text: string): ((i: number) => number) => {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return (i) => i
  const map = new Int32Array(text.length + 1)
  let b = 0
  for (let i = 0; i < text.length; i++) {
    map[i] = b
    const c = text.charCodeAt(i)
    if (c < 0x80) b += 1
    else if (c < 0x800) b += 2
    else if (c >= 0xd800 && c <= 0xdbff) {
      b += 4
      map[++i] = b
    } else b += 3
  }
  map[text.length] = b
  return (i) => map[i]!
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim()

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
    let quote: string | undefined
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!
      if (quote !== undefined) {
        if (c === "\\") i++
        else if (c === quote) quote = undefined
      } else if (c === "'" || c === "\"") quote = c
      else if (c === "#") return line.slice(0, i).trimEnd()
    }
    return line
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

  for (const m of matches) {
    const by = (n: string) => m.find((c) => c.name === n)
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
      const name = by("name")
      if (name === undefined) continue
      const q = by("qualifier")
      rawRefs.push({ kind: head.name.slice(4) as RefKind, name, node: head, ...(q ? { qualifier: q } : {}) })
    }
  }

  // One definition per node: the first pattern that matched it wins.
  defs.sort((a, b) => a.node.start - b.node.start || b.node.end - a.node.end)
  const unique: RawDef[] = []
  const seen = new Set<string>()
  for (const d of defs) {
    const k = `${d.name.start}:${d.name.end}`
    if (seen.has(k)) continue
    seen.add(k)
    unique.push(d)
  }

  const sep = separatorOf(language)
  const symbols: SymbolFact[] = []
  const kept: RawDef[] = []
  for (const d of unique) {
    // Innermost container whose span holds this definition.
    const chain: string[] = []
    let inClass = false
    for (const c of unique) {
      if (c === d || !CONTAINERS.has(c.kind)) continue
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
    const headerEnd = d.body ? d.body.start : d.node.end
    const header = text.slice(d.node.start, headerEnd)
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
      ...span(d.node)
    })
  }

  // References: not the names of definitions themselves; reads only of names the file imports or defines at top level.
  const defNames = new Set(unique.map((d) => `${d.name.start}:${d.name.end}`))
  const imports = buildImports(language, text, importMatches)
  const known = new Set<string>(symbols.filter((s) => s.container === null).map((s) => s.name))
  for (const i of imports) {
    for (const n of i.names) known.add(n.alias ?? n.name)
    if (i.namespace) known.add(i.namespace)
    if (i.defaultName) known.add(i.defaultName)
  }
  const callables = symbols.map((s, i) => ({ s, i })).filter((x) => CALLABLE.has(x.s.kind))
  const refs: RefFact[] = []
  const refSeen = new Set<string>()
  for (const r of rawRefs) {
    const key = `${r.name.start}:${r.name.end}`
    if (defNames.has(key)) continue
    const name = slice(r.name)
    const qualifier = r.qualifier ? slice(r.qualifier) : null
    // Reads are kept when they can point at something: a name the file imports or defines, or a member of an imported module.
    if (r.kind === "read" && !known.has(name) && !(qualifier !== null && known.has(qualifier)) && !globalConstant(language, qualifier ?? name)) continue
    if (refSeen.has(key)) continue
    refSeen.add(key)
    const at = toByte(r.name.start)
    let enclosing: number | null = null
    for (const c of callables) {
      if (c.s.startByte <= at && at < c.s.endByte && (enclosing === null || c.s.startByte >= symbols[enclosing]!.startByte)) enclosing = c.i
    }
    refs.push({ name, kind: r.kind, qualifier, enclosing, ...span(r.name) })
  }
  return { symbols, refs, imports }
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
