/**
 * The Go method declarations a rename of one method must rename with it (domain/rename/goMethodSets.ts),
 * from the graph's Go facts: each type's methods with their signatures, each interface's embedded
 * interfaces (the type references in its body outside its methods), the embedded fields of the structs
 * that matter (read from their text). The standard library's interfaces the tied types' packages and
 * their importers name (`net.Listener`, `io.ReadCloser`) are read from the Go installation: a type
 * of the workspace that satisfies one cannot have that method renamed.
 */
import * as Effect from "effect/Effect"
import { NAME_ID, refKindCode, refKindText, resolutionText } from "../../domain/graph/schema.js"
import { grammarForPath } from "../../domain/languages.js"
import { type GoType, goSignature, tiedMethods } from "../../domain/rename/goMethodSets.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { Syntax } from "../../../services/Syntax.js"
import type { SymbolRow } from "./find.js"
import { readText } from "./workspaceScripts.js"
import { fileFacts } from "./fileFacts.js"

/** A method declaration the rename takes along. */
export interface TiedMethod {
  readonly id: number
  readonly file: string
  readonly qualified_name: string
  readonly kind: string
  readonly container: string
  readonly start_byte: number
  readonly start_line: number
}

export interface GoTies {
  /** The other declarations of the method to rename with it (interfaces first). */
  readonly tied: ReadonlyArray<TiedMethod>
  /** Interfaces outside the workspace the method belongs to: it cannot be renamed. */
  readonly external: ReadonlyArray<{ readonly name: string; readonly file: string; readonly line: number }>
  /** The workspace's types whose method is renamed, and the external interfaces, for a refusal's message. */
  readonly implementers: ReadonlyArray<string>
  /** Calls and reads of `x.Name` on a receiver whose type the graph does not know (a field, a call's
   * result): not resolved to any declaration, so a rename lists them rather than skip them in silence. */
  readonly unknownReceivers: ReadonlyArray<UnknownReceiverRow>
}

export interface UnknownReceiverRow { file: string; start_byte: number; end_byte: number; line: number; col: number; kind: string; name: string; symbol_id: null; resolution: "exact" | "name" }

const dirOf = (file: string) => (file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".")
const lastSegment = (importPath: string) => importPath.replace(/\/v\d+$/, "").split("/").pop()!.replace(/^go-/, "")

interface TypeRow { file_id: number; file: string; name: string; kind: string; start_byte: number; end_byte: number; start_line: number }
interface MethodRow { id: number; file_id: number; file: string; name: string; container: string; parameters: string | null; return_type: string | null; start_byte: number; end_byte: number; start_line: number; qualified_name: string; kind: string }
interface TypeRefRow { file_id: number; name: string; qualifier: string | null; start_byte: number; end_byte: number }
interface ImportRow { file_id: number; module: string; namespace: string | null; resolved_files: string }

/** The ties of a Go method (kind "method" with a container); undefined for anything else. */
export const goMethodTies = (def: SymbolRow) =>
  Effect.gen(function*() {
    if (def.language !== "go" || def.kind !== "method" || def.container === null) return undefined
    const db = yield* GraphDb
    const syntax = yield* Syntax
    const types = yield* db.all<TypeRow>(
      "SELECT s.file_id, f.path AS file, s.name, s.kind, s.start_byte, s.end_byte, s.start_line FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.language = 'go' AND s.container IS NULL AND s.kind IN ('interface', 'struct', 'type')")
    const methods = yield* db.all<MethodRow>(
      "SELECT s.id, s.file_id, f.path AS file, s.name, s.container, s.parameters, s.return_type, s.start_byte, s.end_byte, s.start_line, s.qualified_name, s.kind FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.language = 'go' AND s.kind = 'method' AND s.container IS NOT NULL")
    const typeRefs = yield* db.all<TypeRefRow>(
      `SELECT r.file_id, n.text AS name, q.text AS qualifier, r.start_byte, r.end_byte FROM refs r JOIN files f ON f.id = r.file_id JOIN names n ON n.id = r.name_id LEFT JOIN names q ON q.id = r.qualifier_id
       WHERE f.language = 'go' AND r.kind = ${refKindCode("type")}`)
    const paths = new Map((yield* db.all<{ id: number; path: string }>("SELECT id, path FROM files WHERE language = 'go'")).map((f) => [f.id, f.path]))
    const imports = yield* db.all<ImportRow>(
      "SELECT i.file_id, i.module, i.namespace, i.resolved_files FROM imports i JOIN files f ON f.id = i.file_id WHERE f.language = 'go'")

    // What a qualifier means in a file: a workspace package (its directory) or an import path outside.
    const importsOf = new Map<number, ImportRow[]>()
    for (const i of imports) (importsOf.get(i.file_id) ?? importsOf.set(i.file_id, []).get(i.file_id)!).push(i)
    const qualified = (fileId: number, qualifier: string): { dir: string } | { external: string } | undefined => {
      const i = importsOf.get(fileId)?.find((x) => (x.namespace ?? lastSegment(x.module)) === qualifier)
      if (i === undefined) return undefined
      const resolved = (JSON.parse(i.resolved_files) as number[]).map((id) => paths.get(id)).filter((p) => p !== undefined)
      return resolved.length > 0 ? { dir: dirOf(resolved[0]!) } : { external: i.module }
    }

    // The workspace's types: methods by (directory, receiver), what interfaces and structs embed.
    const methodsOf = new Map<string, MethodRow[]>()
    for (const m of methods) (methodsOf.get(`${dirOf(m.file)}\0${m.container}`) ?? methodsOf.set(`${dirOf(m.file)}\0${m.container}`, []).get(`${dirOf(m.file)}\0${m.container}`)!).push(m)
    const refsOf = new Map<number, TypeRefRow[]>()
    for (const r of typeRefs) (refsOf.get(r.file_id) ?? refsOf.set(r.file_id, []).get(r.file_id)!).push(r)
    // The standard library's types the workspace names, with the packages (directories) naming them.
    const externalNamed = new Map<string, Map<string, Set<string>>>()
    for (const r of typeRefs) {
      if (r.qualifier === null) continue
      const q = qualified(r.file_id, r.qualifier)
      if (q === undefined || !("external" in q)) continue
      const names = externalNamed.get(q.external) ?? externalNamed.set(q.external, new Map()).get(q.external)!
      ;(names.get(r.name) ?? names.set(r.name, new Set()).get(r.name)!).add(dirOf(paths.get(r.file_id) ?? ""))
    }
    // Structs whose embedded fields can give them the method or complete a method set with it: those
    // declaring it, and those naming a type that does. Their embedded fields are read from the text.
    const declaring = new Set(methods.filter((m) => m.name === def.name).map((m) => m.container))
    const texts = new Map<number, Uint8Array | undefined>()
    const textOf = (fileId: number, file: string) =>
      Effect.gen(function*() {
        if (!texts.has(fileId)) {
          const text = yield* readText(file)
          texts.set(fileId, text === undefined ? undefined : new TextEncoder().encode(text))
        }
        return texts.get(fileId)
      })
    const forced = new Map<string, Set<string>>()
    const workspace: GoType[] = []
    const seen = new Set<string>()
    for (const t of types) {
      const key = `${dirOf(t.file)}\0${t.name}`
      if (seen.has(key)) continue
      seen.add(key)
      const own = methodsOf.get(key) ?? []
      const embeds: string[] = []
      const embed = (r: TypeRefRow) => {
        if (r.qualifier === null) embeds.push(`${dirOf(t.file)}\0${r.name}`)
        else {
          const q = qualified(t.file_id, r.qualifier)
          if (q === undefined) return
          if ("dir" in q) embeds.push(`${q.dir}\0${r.name}`)
          else {
            embeds.push(`go:${q.external}\0${r.name}`)
            ;(forced.get(q.external) ?? forced.set(q.external, new Set()).get(q.external)!).add(r.name)
          }
        }
      }
      const inside = (refsOf.get(t.file_id) ?? []).filter((r) => r.start_byte > t.start_byte && r.end_byte <= t.end_byte && r.name !== t.name)
      if (t.kind === "interface") {
        for (const r of inside) {
          if (!own.some((m) => m.file_id === t.file_id && m.start_byte <= r.start_byte && r.end_byte <= m.end_byte)) embed(r)
        }
      } else if (t.kind === "struct" && (declaring.has(t.name) || inside.some((r) => declaring.has(r.name)))) {
        const bytes = yield* textOf(t.file_id, t.file)
        if (bytes !== undefined) for (const r of inside) if (embeddedField(bytes, t.start_byte, r)) embed(r)
      }
      workspace.push({
        key, name: t.name, interface: t.kind === "interface", external: false, file: t.file, line: t.start_line,
        methods: new Map(own.map((m) => [m.name, goSignature(m.parameters, m.return_type)])), embeds
      })
    }
    const start = workspace.find((t) => t.key === `${dirOf(def.file)}\0${def.container}`)
    if (start === undefined) return undefined

    // The standard library's interfaces named where a value of a tied type can be converted to one: in
    // the packages of the types tied within the workspace, and in the packages importing those.
    const inWorkspace = tiedMethods(def.name, start, workspace)
    const groupDirs = new Set(inWorkspace.group.map((t) => t.key.split("\0")[0]!))
    for (const i of imports) {
      const resolved = (JSON.parse(i.resolved_files) as number[]).map((id) => paths.get(id)).filter((p) => p !== undefined)
      if (resolved.some((p) => groupDirs.has(dirOf(p)))) groupDirs.add(dirOf(paths.get(i.file_id) ?? ""))
    }
    const named = new Map<string, Set<string>>()
    for (const [importPath, names] of externalNamed) {
      for (const [n, dirs] of names) if ([...dirs].some((d) => groupDirs.has(d))) (named.get(importPath) ?? named.set(importPath, new Set()).get(importPath)!).add(n)
    }
    const { named: external, embeddedOnly } = yield* standardInterfaces(syntax, named, forced, def.name)
    const ties = tiedMethods(def.name, start, [...workspace, ...external, PREDECLARED_ERROR], embeddedOnly)
    const tied: TiedMethod[] = []
    for (const t of ties.declarers) {
      if (t.external || t.key === start.key) continue
      const m = (methodsOf.get(t.key) ?? []).find((x) => x.name === def.name)
      if (m !== undefined) tied.push({ id: m.id, file: m.file, qualified_name: m.qualified_name, kind: m.kind, container: m.container, start_byte: m.start_byte, start_line: m.start_line })
    }
    const unresolvedUses = yield* db.all<UnknownReceiverRow & { file_id: number; qualifier: string }>(
      `SELECT r.file_id, f.path AS file, r.start_byte, r.end_byte, r.line, r.col, ${refKindText("r.kind")} AS kind, n.text AS name, r.symbol_id, ${resolutionText("r.resolution")} AS resolution, q.text AS qualifier
       FROM refs r JOIN files f ON f.id = r.file_id JOIN names n ON n.id = r.name_id JOIN names q ON q.id = r.qualifier_id
       WHERE f.language = 'go' AND r.name_id = ${NAME_ID} AND r.symbol_id IS NULL AND r.kind IN (${refKindCode("call")}, ${refKindCode("read")}) ORDER BY f.path, r.start_byte`, [def.name])
    const unknownReceivers = unresolvedUses.filter((r) => qualified(r.file_id, r.qualifier) === undefined)
      .map(({ file_id: _, qualifier: __, ...r }) => r)
    const label = (t: GoType) => (t === PREDECLARED_ERROR || !t.external ? t.name : `${t.key.slice(3).split("\0")[0]!.split("/").pop()}.${t.name}`)
    return {
      tied,
      external: ties.external.map((t) => ({ name: label(t), file: t.file, line: t.line })),
      implementers: ties.group.filter((t) => !t.interface).map(label),
      unknownReceivers
    } satisfies GoTies
  })

/**
 * Whether a type reference in a struct's body is an embedded field (`*Pool`, `io.Writer`): nothing but
 * a `*` between it and the start of its field (a new line, a `;` or the struct's `{`).
 */
const embeddedField = (bytes: Uint8Array, structStart: number, r: { readonly start_byte: number; readonly qualifier: string | null }) => {
  let i = r.start_byte - 1
  // A qualified reference's span may start at its name: step back over `pkg.`.
  if (r.qualifier !== null && bytes[i] === 0x2e) i -= r.qualifier.length + 1
  while (i > structStart && (bytes[i] === 0x20 || bytes[i] === 0x09)) i--
  if (bytes[i] === 0x2a) i--
  while (i > structStart && (bytes[i] === 0x20 || bytes[i] === 0x09)) i--
  return i >= structStart && (bytes[i] === 0x0a || bytes[i] === 0x3b || bytes[i] === 0x7b)
}

/** Go's predeclared `error`: a type with `Error() string` satisfies it, and its method keeps its name. */
const PREDECLARED_ERROR: GoType = {
  key: "go:\0error", name: "error", interface: true, external: true, file: "predeclared", line: 0,
  methods: new Map([["Error", goSignature("()", "string")]]), embeds: []
}

/** The interfaces of the standard library's packages named by the workspace (and those they embed, in the same package). */
const standardInterfaces = (syntax: Syntax["Type"], named: ReadonlyMap<string, ReadonlySet<string>>, embedded: ReadonlyMap<string, ReadonlySet<string>>, method: string) =>
  Effect.gen(function*() {
    const out: GoType[] = []
    const support: GoType[] = []
    const declares = new RegExp(`^\\s+${method}\\(`, "m")
    for (const importPath of new Set([...named.keys(), ...embedded.keys()])) {
      const names = named.get(importPath) ?? new Set<string>()
      const sources = yield* syntax.goStandardPackage(importPath)
      // A package where no interface declares the method matters only for what a struct embeds from it.
      if (!embedded.has(importPath) && !sources.some((s) => declares.test(s.text))) continue
      for (const source of sources) {
        if (!/\binterface\s*\{/.test(source.text)) continue
        const facts = yield* fileFacts(source.file, grammarForPath("x.go")!, source.text).pipe(Effect.orElseSucceed(() => undefined))
        if (facts === undefined) continue
        for (const s of facts.symbols) {
          if (s.kind !== "interface" || s.container !== null) continue
          const own = facts.symbols.filter((m) => m.kind === "method" && m.container === s.name)
          const embeds = facts.refs
            .filter((r) => r.kind === "type" && r.qualifier === null && r.startByte > s.startByte && r.endByte <= s.endByte && r.name !== s.name &&
              !own.some((m) => m.startByte <= r.startByte && r.endByte <= m.endByte))
            .map((r) => `go:${importPath}\0${r.name}`)
          const type: GoType = {
            key: `go:${importPath}\0${s.name}`, name: s.name, interface: true, external: true, file: source.file, line: s.startLine,
            methods: new Map(own.map((m) => [m.name, goSignature(m.parameters, m.returnType)])), embeds
          }
          ;(names.has(s.name) ? out : support).push(type)
        }
      }
    }
    return { named: out, embeddedOnly: support }
  })
