/**
 * Reference resolution for Python and Go, where a name's meaning depends on scope rules the generic
 * resolver does not know: Python's bare names are module-level or imported (never a class member),
 * `self.x` / `cls.x` / `super().x` / `Class.x` are members of a class and its bases, `a.b.name`
 * goes through `import a.b`; Go's bare names are the package's (every file of its directory),
 * `pkg.Name` an import's, and `x.Name` a method or field, never a package-level function.
 * Anything that cannot be pinned down is a by-name guess only when a single member has that name.
 * A reference resolved to nothing in the project (a local, a builtin, another package's member, a
 * member of an object of unknown type among several candidates) is stored as `exact` with no target,
 * so `refs` does not list it as a by-name candidate of every symbol of that name.
 */
import * as Effect from "effect/Effect"
import type { ImportFact } from "../../domain/graph/facts.js"
import type { SpliceError } from "../../domain/SpliceError.js"
import type { GraphDbService } from "../../../services/GraphDb.js"
import { packedRows } from "./packedRows.js"

export interface MemberSymbol {
  id: number
  file_id: number
  name: string
  kind: string
  container: string | null
  qualified_name: string
  signature: string
  return_type: string | null
}

export interface MemberRef {
  name: string
  qualifier: string | null
  enclosing_symbol_id: number | null
}

export interface Resolution {
  readonly target: number | null
  readonly how: "exact" | "name"
}

interface Env {
  readonly db: GraphDbService
  readonly importsOf: (fileId: number) => Effect.Effect<ReadonlyArray<{ fact: ImportFact; targets: number[] }>, SpliceError>
  readonly pathById: ReadonlyMap<number, string>
  readonly languageById: ReadonlyMap<number, string>
  /** Many files to resolve: read every symbol at once rather than name by name (and id by id). */
  readonly preload: boolean
}

type Eff<A> = Effect.Effect<A, SpliceError>

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")
const exact = (s: MemberSymbol | undefined): Resolution => ({ target: s?.id ?? null, how: "exact" })

/** The base classes named in a Python class header `class C(A, mod.B, Generic[T], metaclass=M)`. */
export const pythonBases = (signature: string): string[] => {
  const m = /^class\s+\w+\s*\(([\s\S]*)\)\s*$/.exec(signature)
  if (m === null) return []
  const out: string[] = []
  let depth = 0, part = ""
  for (const ch of m[1]! + ",") {
    if (ch === "(" || ch === "[") depth++
    else if (ch === ")" || ch === "]") depth--
    if (ch === "," && depth === 0) {
      const base = part.replace(/\[[\s\S]*\]$/, "").trim()
      if (/^[A-Za-z_][\w.]*$/.test(base)) out.push(base)
      part = ""
    } else part += ch
  }
  return out
}

/** A Go method's receiver name: `r` in `func (r *Request) Write(…)`. */
const receiverName = (signature: string) => /^func\s*\(\s*([A-Za-z_]\w*)\s/.exec(signature)?.[1]

/** The callee of a Go qualifier that is one whole call (`NewT(1)`, `app.New(f(x))`), else undefined. */
export const goCall = (qualifier: string): string | undefined => {
  const m = /^((?:\w+\.)?\w+)\((.*)\)$/s.exec(qualifier)
  if (m === null) return undefined
  let depth = 0
  for (const c of m[2]!) {
    if (c === "(") depth++
    else if (c === ")" && --depth < 0) return undefined // `f(a).g(b)`: the outer parentheses are two calls'
  }
  return depth === 0 ? m[1] : undefined
}

const MEMBER_COLUMNS = ["id", "file_id", "name", "kind", "container", "qualified_name", "signature", "return_type"]

type Imports = ReadonlyArray<{ fact: ImportFact; targets: number[] }>

/**
 * What a resolution needs that is not loaded yet: thrown by the synchronous resolver, loaded by its
 * effectful wrapper, which then resolves the reference again (everything computed meanwhile is kept).
 * With every symbol preloaded (a full index) only imports are ever missing, once per file.
 */
type Need = { readonly name: string } | { readonly id: number } | { readonly imports: number }
class Missing {
  constructor(readonly need: Need) {}
}

export const makeMemberResolver = (env: Env) => {
  const { db, pathById, languageById } = env
  const byName = new Map<string, MemberSymbol[]>()
  const ids = new Map<number, MemberSymbol | undefined>()
  const importsByFile = new Map<number, Imports>()
  /** Every symbol is in the maps: a name or id missing from them is not in the graph. */
  let complete = false
  const preload = packedRows<MemberSymbol>(db, MEMBER_COLUMNS, `(SELECT ${MEMBER_COLUMNS.join(", ")} FROM symbols ORDER BY id)`).pipe(
    Effect.map((rows) => {
      for (const s of rows) {
        ids.set(s.id, s)
        const list = byName.get(s.name)
        if (list === undefined) byName.set(s.name, [s])
        else list.push(s)
      }
      complete = true
    })
  )
  const load = (need: Need): Eff<void> =>
    "name" in need
      ? Effect.map(db.all<MemberSymbol>(`SELECT ${MEMBER_COLUMNS.join(", ")} FROM symbols WHERE name = ? ORDER BY id`, [need.name]), (rows) => void byName.set(need.name, rows))
      : "id" in need
      ? Effect.map(db.all<MemberSymbol>(`SELECT ${MEMBER_COLUMNS.join(", ")} FROM symbols WHERE id = ?`, [need.id]), (rows) => void ids.set(need.id, rows[0]))
      : Effect.map(env.importsOf(need.imports), (list) => void importsByFile.set(need.imports, list))

  const named = (name: string): ReadonlyArray<MemberSymbol> => {
    const list = byName.get(name)
    if (list !== undefined) return list
    if (complete) return []
    throw new Missing({ name })
  }
  const byId = (id: number): MemberSymbol | undefined => {
    if (ids.has(id) || complete) return ids.get(id)
    throw new Missing({ id })
  }
  const importsOf = (fileId: number): Imports => {
    const list = importsByFile.get(fileId)
    if (list === undefined) throw new Missing({ imports: fileId })
    return list
  }

  /** The symbols of a name in one file: a name's list split by file once (common names have thousands). */
  const byFile = new Map<string, Map<number, MemberSymbol[]>>()
  const inFile = (name: string, fileId: number): ReadonlyArray<MemberSymbol> => {
    let split = byFile.get(name)
    if (split === undefined) {
      split = new Map()
      for (const s of named(name)) {
        const list = split.get(s.file_id)
        if (list === undefined) split.set(s.file_id, [s])
        else list.push(s)
      }
      byFile.set(name, split)
    }
    return split.get(fileId) ?? []
  }
  /** Answers that depend only on the graph, the same for every reference that asks: computed once. */
  const memo = <A>(cache: Map<string, A>, key: string, compute: () => A): A => {
    if (cache.has(key)) return cache.get(key)!
    const a = compute()
    cache.set(key, a)
    return a
  }

  /** The one member (a symbol inside a class, struct or interface) of that name in the language, if only one. */
  const uniqueMember = (name: string, language: string): Resolution => {
    const members = named(name).filter((s) => s.container !== null && languageById.get(s.file_id) === language)
    return members.length === 1 ? { target: members[0]!.id, how: "name" as const } : exact(undefined)
  }

  // ---- Python ----

  /** A module-level name of a file: defined there, or imported into it (followed through its imports). */
  const topLevels = new Map<string, MemberSymbol | undefined>()
  const pyTopLevel = (fileId: number, name: string): MemberSymbol | undefined => memo(topLevels, `${fileId}\0${name}`, () => pyTopLevelAt(fileId, name, 0))
  const pyTopLevelAt = (fileId: number, name: string, depth: number): MemberSymbol | undefined => {
    if (depth > 6) return undefined
    const here = inFile(name, fileId).find((s) => s.container === null)
    if (here !== undefined) return here
    for (const i of importsOf(fileId)) {
      const n = i.fact.names.find((x) => (x.alias ?? x.name) === name)
      const original = n?.name ?? (i.fact.wildcard ? name : undefined)
      if (original === undefined) continue
      for (const t of i.targets) {
        if (t === fileId) continue
        const found = pyTopLevelAt(t, original, depth + 1)
        if (found !== undefined) return found
      }
    }
    return undefined
  }

  /** The files a qualifier names as a module (`import a.b` → `a.b`, `import x as q` → `q`, `from p import m` → `m`); undefined when it names none. */
  const moduleFiles = new Map<string, number[] | undefined>()
  const pyModuleFiles = (fileId: number, qualifier: string): number[] | undefined =>
    memo(moduleFiles, `${fileId}\0${qualifier}`, () => {
      let out: number[] | undefined
      const add = (ts: number[]) => (out = [...(out ?? []), ...ts])
      for (const i of importsOf(fileId)) {
        if (i.fact.names.length === 0 && !i.fact.wildcard) {
          if ((i.fact.namespace ?? i.fact.module) === qualifier) add(i.targets)
        } else if (i.fact.names.some((n) => (n.alias ?? n.name) === qualifier)) {
          const original = i.fact.names.find((n) => (n.alias ?? n.name) === qualifier)!.name
          const sub = i.targets.filter((t) => {
            const p = pathById.get(t) ?? ""
            return p.endsWith(`/${original}.py`) || p.endsWith(`/${original}/__init__.py`) || p === `${original}.py`
          })
          if (sub.length > 0) add(sub)
        }
      }
      return out
    })

  /** The class an expression names in a file (`Base`, `mod.Base`). */
  const classes = new Map<string, MemberSymbol | undefined>()
  const pyClass = (fileId: number, expr: string): MemberSymbol | undefined =>
    memo(classes, `${fileId}\0${expr}`, () => {
      const cut = expr.lastIndexOf(".")
      if (cut === -1) {
        const s = pyTopLevel(fileId, expr)
        return s?.kind === "class" ? s : undefined
      }
      for (const f of pyModuleFiles(fileId, expr.slice(0, cut)) ?? []) {
        const s = pyTopLevel(f, expr.slice(cut + 1))
        if (s?.kind === "class") return s
      }
      return undefined
    })

  /** The class of what calling `callee` returns: the class itself, or a function's annotated result. */
  const pyResultClass = (fileId: number, callee: string): MemberSymbol | undefined => {
    const cut = callee.lastIndexOf(".")
    let fn: MemberSymbol | undefined
    if (cut === -1) fn = pyTopLevel(fileId, callee)
    else {
      for (const f of pyModuleFiles(fileId, callee.slice(0, cut)) ?? []) fn = fn ?? pyTopLevel(f, callee.slice(cut + 1))
    }
    if (fn === undefined) return undefined
    if (fn.kind === "class") return fn
    const returned = fn.kind === "function" ? fn.return_type?.replace(/^["']|["']$/g, "") : undefined
    return returned !== undefined && /^[A-Za-z_][\w.]*$/.test(returned) ? pyClass(fn.file_id, returned) : undefined
  }

  /** A member of a class or, in order, of its bases (only instance attributes, `self.x = …`, when asked). */
  const classMember = (cls: MemberSymbol, name: string, seen: Set<number> = new Set(), instanceOnly = false): MemberSymbol | undefined => {
    if (seen.has(cls.id) || seen.size > 12) return undefined
    seen.add(cls.id)
    const own = inFile(name, cls.file_id).find((s) => s.container === cls.qualified_name && (!instanceOnly || s.signature.startsWith("self.")))
    if (own !== undefined) return own
    return baseMember(cls, name, seen, instanceOnly)
  }
  const baseMember = (cls: MemberSymbol, name: string, seen: Set<number> = new Set([cls.id]), instanceOnly = false): MemberSymbol | undefined => {
    for (const b of pythonBases(cls.signature)) {
      const base = pyClass(cls.file_id, b)
      if (base === undefined) continue
      const found = classMember(base, name, seen, instanceOnly)
      if (found !== undefined) return found
    }
    return undefined
  }
  /** `self.x`: an instance attribute anywhere in the class's bases comes before a class attribute. */
  const selfMember = (cls: MemberSymbol, name: string): MemberSymbol | undefined => classMember(cls, name, new Set(), true) ?? classMember(cls, name)

  /** A class's member as `self.x`, `cls.x` / `C.x` or `super().x` reads it: the same for every reference. */
  const members = new Map<string, MemberSymbol | undefined>()
  const memberOf = (cls: MemberSymbol, name: string, via: "self" | "class" | "super"): MemberSymbol | undefined =>
    memo(members, `${via}\0${cls.id}\0${name}`, () => via === "self" ? selfMember(cls, name) : via === "super" ? baseMember(cls, name) : classMember(cls, name))

  /** The class around a reference: the container of its enclosing method. */
  const enclosingClass = (ref: MemberRef): MemberSymbol | undefined => {
    if (ref.enclosing_symbol_id === null) return undefined
    const fn = byId(ref.enclosing_symbol_id)
    if (fn?.container == null) return undefined
    return inFile(fn.container.slice(fn.container.lastIndexOf(".") + 1), fn.file_id).find((s) => s.kind === "class" && s.qualified_name === fn.container)
  }

  const python = (fileId: number, ref: MemberRef): Resolution => {
    const q = ref.qualifier
    // Bare names are module-level or imported; builtins and unresolved imports point at nothing here.
    if (q === null) return exact(pyTopLevel(fileId, ref.name))
    if (q === "self" || q === "cls" || q === "super()") {
      const cls = enclosingClass(ref)
      return exact(cls === undefined ? undefined : memberOf(cls, ref.name, q === "super()" ? "super" : q === "self" ? "self" : "class"))
    }
    // A local of known type (extract wrote it `r: Rect` or `r = scale()`): a member of that class.
    const typed = /^\w+(: | = )([\w.]+)(\(\))?$/.exec(q)
    if (typed !== null) {
      const cls = typed[3] === undefined ? pyClass(fileId, typed[2]!) : pyResultClass(fileId, typed[2]!)
      return exact(cls === undefined ? undefined : memberOf(cls, ref.name, "class"))
    }
    // A call's result (`A().size()`, `make_shape().area()`): the class it constructs or is annotated to return.
    const called = /^([\w.]+)\(\)$/.exec(q)
    if (called !== null) {
      const cls = pyResultClass(fileId, called[1]!)
      return exact(cls === undefined ? undefined : memberOf(cls, ref.name, "class"))
    }
    const files = pyModuleFiles(fileId, q)
    if (files !== undefined) {
      for (const f of files) {
        const s = pyTopLevel(f, ref.name)
        if (s !== undefined) return exact(s)
      }
      return exact(undefined) // a module outside the project, or not a name it defines
    }
    const cls = pyClass(fileId, q)
    if (cls !== undefined) {
      const found = memberOf(cls, ref.name, "class")
      if (found !== undefined) return exact(found)
    }
    // `x.name` on an object of unknown type: a guess by name was wrong 11 times in 12 against jedi
    // (most often a method of another library's object), so none is made.
    return exact(undefined)
  }

  // ---- Go ----

  /** A package-level name of a directory's package (the referring file's own first). */
  const goPackage = (fileId: number, name: string): MemberSymbol | undefined => {
    const dir = dirOf(pathById.get(fileId) ?? "")
    const pkg = named(name).filter((s) => s.container === null && languageById.get(s.file_id) === "go" && dirOf(pathById.get(s.file_id) ?? "") === dir)
    return pkg.find((s) => s.file_id === fileId) ?? pkg[0]
  }

  /** A method (or interface method) or a struct field of a named type of a package directory. */
  const goMethod = (dir: string, type: string, name: string): MemberSymbol | undefined =>
    named(name).find((s) => (s.kind === "method" || s.kind === "property") && s.container === type && dirOf(pathById.get(s.file_id) ?? "") === dir)

  /** The package a file imports under `name`: its files. */
  const goImported = (fileId: number, name: string): ReadonlyArray<number> | undefined =>
    importsOf(fileId).find((i) => (i.fact.namespace ?? i.fact.module.split("/").pop()) === name)?.targets

  /**
   * The method `name` of what a call returns (`NewT(1).Size()`, `app.NewT(2).Size()`): the type the
   * function is declared to return (`T`, `*T`, `pkg.T`), in the package that names it.
   */
  const goResultMethod = (fileId: number, callee: string, name: string): MemberSymbol | undefined => {
    const cut = callee.indexOf(".")
    const homes = cut === -1 ? [fileId] : goImported(fileId, callee.slice(0, cut)) ?? []
    const fn = homes.map((f) => goPackage(f, callee.slice(cut + 1))).find((s) => s?.kind === "function")
    // Of several results, the first (`(*Reader, error)`, `(r *Reader, err error)`).
    const first = fn?.return_type == null ? undefined : /^\(\s*(?:\w+\s+)?([^,()]+?)\s*(?:,.*)?\)$/s.exec(fn.return_type.trim())?.[1] ?? fn.return_type.trim()
    const returned = first === undefined ? null : /^\*?(?:(\w+)\.)?(\w+)(?:\[.*\])?$/.exec(first)
    if (fn === undefined || returned == null) return undefined
    const dirs = returned[1] === undefined ? [dirOf(pathById.get(fn.file_id) ?? "")] : (goImported(fn.file_id, returned[1]) ?? []).map((t) => dirOf(pathById.get(t) ?? ""))
    for (const dir of new Set(dirs)) {
      const m = goMethod(dir, returned[2]!, name)
      if (m !== undefined) return m
    }
    return undefined
  }

  const go = (fileId: number, ref: MemberRef): Resolution => {
    const q = ref.qualifier
    const imports = importsOf(fileId)
    if (q === null) {
      const own = goPackage(fileId, ref.name)
      if (own !== undefined) return exact(own)
      // `import . "pkg"`
      for (const i of imports.filter((i) => i.fact.namespace === ".")) {
        for (const t of i.targets) {
          const s = goPackage(t, ref.name)
          if (s !== undefined) return exact(s)
        }
      }
      return exact(undefined) // a local, a builtin or another package's
    }
    const pkg = imports.find((i) => (i.fact.namespace ?? i.fact.module.split("/").pop()) === q)
    if (pkg !== undefined) {
      for (const t of pkg.targets) {
        const s = goPackage(t, ref.name)
        if (s !== undefined) return exact(s)
      }
      return exact(undefined)
    }
    // A key of a struct literal (`Box{Size: 2}`, its type the qualifier): that struct's field; a named
    // map type's keys are values, not fields (never qualified by extract's own patterns otherwise).
    if (/^\w+$/.test(q)) {
      const t = goPackage(fileId, q)
      if (t?.kind === "struct") return exact(goMethod(dirOf(pathById.get(t.file_id) ?? ""), q, ref.name))
      if (t !== undefined && t.kind !== "variable" && t.kind !== "constant" && t.kind !== "function") return exact(undefined)
    }
    // A call's result, or a local assigned one (`r := NewReader(x)`, written `r.(NewReader())`).
    const called = goCall(q) ?? /^\w+\.\(((?:\w+\.)?\w+)\(\)\)$/.exec(q)?.[1]
    if (called !== undefined) {
      const m = goResultMethod(fileId, called, ref.name)
      if (m !== undefined) return exact(m)
    }
    // A value of a known type: asserted (`w.(Hijacker).Hijack()`), or a local or parameter whose
    // declared type extract wrote the same way (`w.(http.ResponseWriter)`), or the method's receiver.
    const asserted = /\.\(\*?(?:(\w+)\.)?(\w+)\)$/.exec(q)
    let type = asserted?.[2]
    let dirs = [dirOf(pathById.get(fileId) ?? "")]
    if (asserted?.[1] !== undefined) {
      const from = imports.find((i) => (i.fact.namespace ?? i.fact.module.split("/").pop()) === asserted[1])
      // Another package's type: its methods are in the project only if the package is.
      dirs = [...new Set((from?.targets ?? []).map((t) => dirOf(pathById.get(t) ?? "")))]
      if (dirs.length === 0) return exact(undefined)
    }
    if (type === undefined && ref.enclosing_symbol_id !== null) {
      const fn = byId(ref.enclosing_symbol_id)
      if (fn?.kind === "method" && fn.container !== null && receiverName(fn.signature) === q) type = fn.container
    }
    if (type !== undefined) {
      for (const dir of dirs) {
        const m = goMethod(dir, type, ref.name)
        if (m !== undefined) return exact(m)
      }
    }
    return uniqueMember(ref.name, "go")
  }

  /** Resolve synchronously; whatever is missing is loaded and the reference resolved again. */
  const resolving = (resolve: (fileId: number, ref: MemberRef) => Resolution) => (fileId: number, ref: MemberRef): Eff<Resolution> => {
    const attempt: Eff<Resolution> = Effect.suspend(() => {
      try {
        return Effect.succeed(resolve(fileId, ref))
      } catch (e) {
        if (e instanceof Missing) return Effect.zipRight(load(e.need), attempt)
        throw e
      }
    })
    return env.preload && !complete ? Effect.zipRight(preload, attempt) : attempt
  }
  return { python: resolving(python), go: resolving(go) }
}
