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

const MEMBER_COLUMNS = ["id", "file_id", "name", "kind", "container", "qualified_name", "signature", "return_type"]

export const makeMemberResolver = (env: Env) => {
  const { db, importsOf, pathById, languageById } = env
  const byName = new Map<string, MemberSymbol[]>()
  const ids = new Map<number, MemberSymbol | undefined>()
  /** Every symbol is in the maps: a name or id missing from them is not in the graph. */
  let complete = false
  const preloaded = env.preload
    ? Effect.map(packedRows<MemberSymbol>(db, MEMBER_COLUMNS, `(SELECT ${MEMBER_COLUMNS.join(", ")} FROM symbols ORDER BY id)`), (rows) => {
      for (const s of rows) {
        ids.set(s.id, s)
        const list = byName.get(s.name)
        if (list === undefined) byName.set(s.name, [s])
        else list.push(s)
      }
      complete = true
    })
    : Effect.void
  const named = (name: string): Eff<MemberSymbol[]> =>
    byName.has(name) || complete
      ? Effect.succeed(byName.get(name) ?? [])
      : Effect.tap(
        db.all<MemberSymbol>("SELECT id, file_id, name, kind, container, qualified_name, signature, return_type FROM symbols WHERE name = ? ORDER BY id", [name]),
        (rows) => Effect.sync(() => byName.set(name, rows))
      )
  const byId = (id: number): Eff<MemberSymbol | undefined> =>
    ids.has(id) || complete
      ? Effect.succeed(ids.get(id))
      : Effect.map(db.all<MemberSymbol>("SELECT id, file_id, name, kind, container, qualified_name, signature, return_type FROM symbols WHERE id = ?", [id]), (r) => {
        ids.set(id, r[0])
        return r[0]
      })

  /** The symbols of a name in one file: a name's list split by file once (common names have thousands). */
  const byFile = new Map<string, Map<number, MemberSymbol[]>>()
  const inFile = (name: string, fileId: number): Eff<ReadonlyArray<MemberSymbol>> => {
    const split = byFile.get(name)
    if (split !== undefined) return Effect.succeed(split.get(fileId) ?? [])
    return Effect.map(named(name), (all) => {
      const m = new Map<number, MemberSymbol[]>()
      for (const s of all) {
        const list = m.get(s.file_id)
        if (list === undefined) m.set(s.file_id, [s])
        else list.push(s)
      }
      byFile.set(name, m)
      return m.get(fileId) ?? []
    })
  }
  /** Answers that depend only on the graph, the same for every reference that asks: computed once. */
  const memo = <A>(cache: Map<string, A>, key: string, compute: () => Eff<A>): Eff<A> =>
    cache.has(key) ? Effect.succeed(cache.get(key)!) : Effect.tap(compute(), (a) => Effect.sync(() => cache.set(key, a)))

  /** The one member (a symbol inside a class, struct or interface) of that name in the language, if only one. */
  const uniqueMember = (name: string, language: string): Eff<Resolution> =>
    Effect.map(named(name), (all) => {
      const members = all.filter((s) => s.container !== null && languageById.get(s.file_id) === language)
      return members.length === 1 ? { target: members[0]!.id, how: "name" as const } : exact(undefined)
    })

  // ---- Python ----

  /** A module-level name of a file: defined there, or imported into it (followed through its imports). */
  const topLevels = new Map<string, MemberSymbol | undefined>()
  const pyTopLevel = (fileId: number, name: string): Eff<MemberSymbol | undefined> => memo(topLevels, `${fileId}\0${name}`, () => pyTopLevelAt(fileId, name, 0))
  const pyTopLevelAt = (fileId: number, name: string, depth: number): Eff<MemberSymbol | undefined> =>
    Effect.gen(function*() {
      if (depth > 6) return undefined
      const here = (yield* inFile(name, fileId)).find((s) => s.container === null)
      if (here !== undefined) return here
      for (const i of yield* importsOf(fileId)) {
        const n = i.fact.names.find((x) => (x.alias ?? x.name) === name)
        const original = n?.name ?? (i.fact.wildcard ? name : undefined)
        if (original === undefined) continue
        for (const t of i.targets) {
          if (t === fileId) continue
          const found = yield* pyTopLevelAt(t, original, depth + 1)
          if (found !== undefined) return found
        }
      }
      return undefined
    })

  /** The files a qualifier names as a module (`import a.b` → `a.b`, `import x as q` → `q`, `from p import m` → `m`); undefined when it names none. */
  const moduleFiles = new Map<string, number[] | undefined>()
  const pyModuleFiles = (fileId: number, qualifier: string): Eff<number[] | undefined> =>
    memo(moduleFiles, `${fileId}\0${qualifier}`, () => pyModuleFilesOf(fileId, qualifier))
  const pyModuleFilesOf = (fileId: number, qualifier: string): Eff<number[] | undefined> =>
    Effect.map(importsOf(fileId), (imports) => {
      let out: number[] | undefined
      const add = (ts: number[]) => (out = [...(out ?? []), ...ts])
      for (const i of imports) {
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
  const pyClass = (fileId: number, expr: string): Eff<MemberSymbol | undefined> => memo(classes, `${fileId}\0${expr}`, () => pyClassOf(fileId, expr))
  const pyClassOf = (fileId: number, expr: string): Eff<MemberSymbol | undefined> =>
    Effect.gen(function*() {
      const cut = expr.lastIndexOf(".")
      if (cut === -1) {
        const s = yield* pyTopLevel(fileId, expr)
        return s?.kind === "class" ? s : undefined
      }
      for (const f of (yield* pyModuleFiles(fileId, expr.slice(0, cut))) ?? []) {
        const s = yield* pyTopLevel(f, expr.slice(cut + 1))
        if (s?.kind === "class") return s
      }
      return undefined
    })

  /** The class of what calling `callee` returns: the class itself, or a function's annotated result. */
  const pyResultClass = (fileId: number, callee: string): Eff<MemberSymbol | undefined> =>
    Effect.gen(function*() {
      const cut = callee.lastIndexOf(".")
      let fn: MemberSymbol | undefined
      if (cut === -1) fn = yield* pyTopLevel(fileId, callee)
      else {
        for (const f of (yield* pyModuleFiles(fileId, callee.slice(0, cut))) ?? []) fn = fn ?? (yield* pyTopLevel(f, callee.slice(cut + 1)))
      }
      if (fn === undefined) return undefined
      if (fn.kind === "class") return fn
      const returned = fn.kind === "function" ? fn.return_type?.replace(/^["']|["']$/g, "") : undefined
      return returned !== undefined && /^[A-Za-z_][\w.]*$/.test(returned) ? yield* pyClass(fn.file_id, returned) : undefined
    })

  /** A member of a class or, in order, of its bases (only instance attributes, `self.x = …`, when asked). */
  const classMember = (cls: MemberSymbol, name: string, seen: Set<number> = new Set(), instanceOnly = false): Eff<MemberSymbol | undefined> =>
    Effect.gen(function*() {
      if (seen.has(cls.id) || seen.size > 12) return undefined
      seen.add(cls.id)
      const own = (yield* inFile(name, cls.file_id)).find((s) =>
        s.container === cls.qualified_name && (!instanceOnly || s.signature.startsWith("self."))
      )
      if (own !== undefined) return own
      return yield* baseMember(cls, name, seen, instanceOnly)
    })
  const baseMember = (cls: MemberSymbol, name: string, seen: Set<number> = new Set([cls.id]), instanceOnly = false): Eff<MemberSymbol | undefined> =>
    Effect.gen(function*() {
      for (const b of pythonBases(cls.signature)) {
        const base = yield* pyClass(cls.file_id, b)
        if (base === undefined) continue
        const found = yield* classMember(base, name, seen, instanceOnly)
        if (found !== undefined) return found
      }
      return undefined
    })
  /** `self.x`: an instance attribute anywhere in the class's bases comes before a class attribute. */
  const selfMember = (cls: MemberSymbol, name: string): Eff<MemberSymbol | undefined> =>
    Effect.flatMap(classMember(cls, name, new Set(), true), (found) => (found !== undefined ? Effect.succeed(found) : classMember(cls, name)))

  /** A class's member as `self.x`, `cls.x` / `C.x` or `super().x` reads it: the same for every reference. */
  const members = new Map<string, MemberSymbol | undefined>()
  const memberOf = (cls: MemberSymbol, name: string, via: "self" | "class" | "super"): Eff<MemberSymbol | undefined> =>
    memo(members, `${via}\0${cls.id}\0${name}`, () => via === "self" ? selfMember(cls, name) : via === "super" ? baseMember(cls, name) : classMember(cls, name))

  /** The class around a reference: the container of its enclosing method. */
  const enclosingClass = (ref: MemberRef): Eff<MemberSymbol | undefined> =>
    Effect.gen(function*() {
      if (ref.enclosing_symbol_id === null) return undefined
      const fn = yield* byId(ref.enclosing_symbol_id)
      if (fn?.container == null) return undefined
      return (yield* inFile(fn.container.slice(fn.container.lastIndexOf(".") + 1), fn.file_id))
        .find((s) => s.kind === "class" && s.qualified_name === fn.container)
    })

  const python = (fileId: number, ref: MemberRef): Eff<Resolution> =>
    Effect.gen(function*() {
      const q = ref.qualifier
      // Bare names are module-level or imported; builtins and unresolved imports point at nothing here.
      if (q === null) return exact(yield* pyTopLevel(fileId, ref.name))
      if (q === "self" || q === "cls" || q === "super()") {
        const cls = yield* enclosingClass(ref)
        const found = cls === undefined ? undefined : yield* memberOf(cls, ref.name, q === "super()" ? "super" : q === "self" ? "self" : "class")
        return exact(found)
      }
      // A local of known type (extract wrote it `r: Rect` or `r = scale()`): a member of that class.
      const typed = /^\w+(: | = )([\w.]+)(\(\))?$/.exec(q)
      if (typed !== null) {
        const cls = typed[3] === undefined ? yield* pyClass(fileId, typed[2]!) : yield* pyResultClass(fileId, typed[2]!)
        return exact(cls === undefined ? undefined : yield* memberOf(cls, ref.name, "class"))
      }
      const files = yield* pyModuleFiles(fileId, q)
      if (files !== undefined) {
        for (const f of files) {
          const s = yield* pyTopLevel(f, ref.name)
          if (s !== undefined) return exact(s)
        }
        return exact(undefined) // a module outside the project, or not a name it defines
      }
      const cls = yield* pyClass(fileId, q)
      if (cls !== undefined) {
        const found = yield* memberOf(cls, ref.name, "class")
        if (found !== undefined) return exact(found)
      }
      // `x.name` on an object of unknown type: a guess by name was wrong 11 times in 12 against jedi
      // (most often a method of another library's object), so none is made.
      return exact(undefined)
    })

  // ---- Go ----

  /** A package-level name of a directory's package (the referring file's own first). */
  const goPackage = (fileId: number, name: string): Eff<MemberSymbol | undefined> =>
    Effect.map(named(name), (all) => {
      const dir = dirOf(pathById.get(fileId) ?? "")
      const pkg = all.filter((s) => s.container === null && languageById.get(s.file_id) === "go" && dirOf(pathById.get(s.file_id) ?? "") === dir)
      return pkg.find((s) => s.file_id === fileId) ?? pkg[0]
    })

  /** A method (or interface method) of a named type of a package directory. */
  const goMethod = (dir: string, type: string, name: string): Eff<MemberSymbol | undefined> =>
    Effect.map(named(name), (all) => all.find((s) => s.kind === "method" && s.container === type && dirOf(pathById.get(s.file_id) ?? "") === dir))

  const go = (fileId: number, ref: MemberRef): Eff<Resolution> =>
    Effect.gen(function*() {
      const q = ref.qualifier
      const imports = yield* importsOf(fileId)
      if (q === null) {
        const own = yield* goPackage(fileId, ref.name)
        if (own !== undefined) return exact(own)
        // `import . "pkg"`
        for (const i of imports.filter((i) => i.fact.namespace === ".")) {
          for (const t of i.targets) {
            const s = yield* goPackage(t, ref.name)
            if (s !== undefined) return exact(s)
          }
        }
        return exact(undefined) // a local, a builtin or another package's
      }
      const pkg = imports.find((i) => (i.fact.namespace ?? i.fact.module.split("/").pop()) === q)
      if (pkg !== undefined) {
        for (const t of pkg.targets) {
          const s = yield* goPackage(t, ref.name)
          if (s !== undefined) return exact(s)
        }
        return exact(undefined)
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
        const fn = yield* byId(ref.enclosing_symbol_id)
        if (fn?.kind === "method" && fn.container !== null && receiverName(fn.signature) === q) type = fn.container
      }
      if (type !== undefined) {
        for (const dir of dirs) {
          const m = yield* goMethod(dir, type, ref.name)
          if (m !== undefined) return exact(m)
        }
      }
      return yield* uniqueMember(ref.name, "go")
    })

  /** The preload, once, before the first resolution. */
  const ready = Effect.suspend(() => (complete || !env.preload ? Effect.void : preloaded))
  return {
    python: (fileId: number, ref: MemberRef) => Effect.zipRight(ready, python(fileId, ref)),
    go: (fileId: number, ref: MemberRef) => Effect.zipRight(ready, go(fileId, ref))
  }
}
