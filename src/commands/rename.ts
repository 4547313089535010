/**
 * `splice rename --symbol NAME --to NEW`: the definition and every reference the graph resolved to
 * it, across files, as one transaction. The locations come from the graph (refreshed first); each
 * file is parsed again to find its declaration names and shorthand properties, and, for TS/JS,
 * parsed once more after the rename to prove that no name changed meaning (SPL-E140 otherwise).
 * Uses known only by name are listed, and renamed only when asked.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Cause from "effect/Cause"
import { unifiedDiff } from "../domain/diff.js"
import type { Catalog } from "../domain/locale/index.js"
import type { FileFacts } from "../domain/graph/facts.js"
import { grammarForPath } from "../domain/languages.js"
import { bindingClashes, type Clash, exportedNames, topLevelNames } from "../domain/rename/bindingCheck.js"
import { type CaseStyle, toCase } from "../domain/rename/identifierCase.js"
import { identifierProblem } from "../domain/rename/identifiers.js"
import { importNameSites } from "../domain/rename/importSites.js"
import { commonJsExportKeys } from "../domain/rename/commonJsKeys.js"
import { declarationTwins } from "../domain/rename/declarationTwin.js"
import { nameCaptures } from "../domain/rename/nameCaptures.js"
import { allListSites } from "../domain/rename/pythonAll.js"
import { type RenamedText, type RenameSite, renameText } from "../domain/rename/renameText.js"
import { spliceError } from "../domain/SpliceError.js"
import { byteOffsets } from "../domain/graph/offsets.js"
import { NAME_ID, refKindText, resolutionCode, resolutionText } from "../domain/graph/schema.js"
import { encodeText } from "../domain/textContent.js"
import { FileStore, type WorkspacePath } from "../../services/FileStore.js"
import { GraphDb } from "../../services/GraphDb.js"
import { Hasher } from "../../services/Hasher.js"
import { identityLock } from "../../services/Lock.js"
import { Output } from "../../services/Output.js"
import { type ScriptRename, Syntax } from "../../services/Syntax.js"
import { type ValidateMode, Validator, type Verdict } from "../../services/Validator.js"
import type { ApplyValidation } from "../schema/results/apply.js"
import { COMPILER_OFF, type CompilerSettings, compilerGate, planFor, skippedVerdict } from "./compilerGate.js"
import { fileFacts, SCRIPT_LANGUAGES } from "./graph/fileFacts.js"
import { goMethodTies } from "./graph/goMethodTies.js"
import { inFamily } from "./graph/languageFamily.js"
import { memberTextUses, rustMacroTextUses } from "./graph/memberText.js"
import { refreshGraph, refreshPaths } from "./graph/refresh.js"
import type { SymbolRow } from "./graph/find.js"
import { pythonImporters } from "./graph/pythonImporters.js"
import { resolveSymbol } from "./graph/resolveSymbol.js"
import { dependencyTypes } from "./graph/dependencyTypes.js"
import { workspaceScripts } from "./graph/workspaceScripts.js"
import { autoRecover, refuseBlocked } from "./recover.js"
import { refuseGrowth } from "./resultLimits.js"
import { loadTextTarget, type TextTarget } from "./textTarget.js"
import { commitWrites, expectedFrom, type PlannedWrite } from "./transaction.js"
import { compilerLine, previewVerdict, syntaxErrorLines, syntaxFailure } from "./verdictText.js"
import { type LineEndingFields, lineEndingReport } from "../domain/lineEndings.js"
import { acquireRecovering } from "./lockRecovering.js"

export interface RenameConfig {
  readonly symbol: string
  /** The new name, or the old one in another case style (`splice case`). */
  readonly to: string | { readonly style: CaseStyle }
  /** --path: the definition's file, when the name is ambiguous. */
  readonly path?: string
  readonly kind?: string
  readonly includeUnresolved: boolean
  /** --keep-unresolved: leave the TS/JS uses on values of no known type (else refused, SPL-E159, unless includeUnresolved). */
  readonly keepUnresolved?: boolean
  /** Where TS/JS locations come from: TypeScript's LanguageService when it can (auto), or the graph alone. */
  readonly engine?: "auto" | "graph"
  readonly preview: boolean
  readonly showDiff: boolean
  readonly validate: ValidateMode
  readonly compiler?: CompilerSettings
  readonly maxBytes: number
  readonly lockTimeoutMs: number
  readonly holdMs?: number
}

interface RefRow {
  file: string
  start_byte: number
  end_byte: number
  line: number
  col: number
  kind: string
  name: string
  symbol_id: number | null
  resolution: "exact" | "name"
}

/**
 * The text uses of a Python class attribute (`self.name`, `cls.name`) inside the body of the class
 * that declares it: the graph leaves them unresolved when the class also assigns `self.name` in a
 * method (jedi reads that as the instance's attribute), but at run time they are the same name.
 */
const pythonOwnAttributeUses = (def: { readonly id: number; readonly language: string; readonly container: string | null; readonly file: string }, rows: ReadonlyArray<RefRow>) =>
  Effect.gen(function*() {
    const found = new Set<RefRow>()
    if (def.language !== "python" || def.container === null) return found
    const candidates = rows.filter((r) => r.kind === "text" && r.file === def.file)
    if (candidates.length === 0) return found
    const db = yield* GraphDb
    const classes = yield* db.all<{ start_byte: number; end_byte: number }>(
      "SELECT start_byte, end_byte FROM symbols WHERE file_id = (SELECT file_id FROM symbols WHERE id = ?) AND qualified_name = ? AND kind = 'class'", [def.id, def.container])
    if (classes.length === 0) return found
    const store = yield* FileStore
    const bytes = yield* store.read(yield* store.locate(def.file as WorkspacePath))
    const before = (r: RefRow, n: number) => new TextDecoder().decode(bytes.subarray(Math.max(0, r.start_byte - n), r.start_byte))
    for (const r of candidates) {
      if (!classes.some((c) => c.start_byte <= r.start_byte && r.end_byte <= c.end_byte)) continue
      if (before(r, 5) === "self." || before(r, 4) === "cls.") found.add(r)
    }
    return found
  })

/** One file of the rename: its text, facts, and the names to rewrite. */
interface FilePlan {
  readonly target: TextTarget
  readonly language: string
  readonly facts: FileFacts
  readonly sites: RenameSite[]
  /** Start bytes of every reference to the symbol in this file, rewritten or not (`x` of `import { old as x }`). */
  readonly refs: Set<number>
}

const byteLength = (s: string) => new TextEncoder().encode(s).length

/**
 * Where TypeScript would rename the definition, over every TS/JS file of the graph (and the
 * package.json files, for imports by package name) as they are now, and the declaration files of
 * the packages they import: byte offsets, with the texts it read (checked again once the files are
 * locked). Undefined when TypeScript cannot rename it; fails (SPL-E140) for a member tied to one of
 * the standard library's or a dependency's, which TypeScript would rename with it.
 */
const typescriptLocations = (def: SymbolRow, newName: string, uses: ReadonlyArray<{ readonly file: string; readonly startByte: number; readonly spelled: (text: string) => boolean }>) =>
  Effect.gen(function*() {
    const syntax = yield* Syntax
    const { texts, tsconfig, conditions } = yield* workspaceScripts
    const home = texts.get(def.file)
    if (home === undefined) return undefined
    const facts = yield* fileFacts(def.file, grammarForPath(def.file)!, home)
    const declared = facts.symbols.find((x) => x.qualifiedName === def.qualified_name && x.kind === def.kind)
    const at = declared?.nameBytes?.[0]
    if (at === undefined) return undefined
    // With the declaration files of the packages the scripts import (as `complete` has them): a
    // value typed through a dependency (`useQuery(…).data`) has the workspace's types it carries.
    const dependencies = yield* dependencyTypes(texts)
    for (const f of texts.keys()) dependencies.delete(f)
    const files = new Map([...texts, ...dependencies])
    // A member of a class, interface, object type or enum: TypeScript says the text around each name
    // (`{ state }` → `{ st: state }`), so a destructured or shorthand property keeps its local's name.
    const ownerKind = facts.symbols.find((x) => x.qualifiedName === def.container)?.kind
    const prefixAndSuffix = ownerKind === "class" || ownerKind === "interface" || ownerKind === "type" || ownerKind === "enum" || (ownerKind === "function" && def.kind === "property")
    const found = yield* syntax.scriptRename({ files, tsconfig, conditions, file: def.file, offset: charOffset(home, at), prefixAndSuffix })
    if (found === undefined) return undefined
    // A member tied to a dependency's (it overrides a library class's method, it is a key of an
    // interface merged into the library's) or to the standard library's: the rename would follow it
    // into the package, which keeps its name (SPL-E140).
    const refuseTied = (found: ScriptRename) => Effect.gen(function*() {
      const library = "locations" in found ? found.locations.find((l) => dependencies.has(l.file)) : undefined
      if (library !== undefined) {
        const line = dependencies.get(library.file)!.slice(0, library.start).split("\n").length
        const reason = `${def.qualified_name} is tied to a declaration of ${def.name} in a dependency (${library.file}:${line}), which keeps its name: the uses through it would break`
        return yield* Effect.fail(spliceError("SPL-E140", `renaming ${def.qualified_name} would change what names mean: ${def.file}:${def.start_line}: ${reason}; nothing written`, {
          context: { name: def.qualified_name, new_name: newName, clashes: [{ file: def.file, line: def.start_line, name: def.name, reason }] }
        }))
      }
      if ("standardLibrary" in found) {
        const { container, file } = found.standardLibrary
        const reason = `${def.qualified_name} is tied to ${container}.${def.name} of TypeScript's standard library (${file}), which keeps its name: the uses through it would break`
        return yield* Effect.fail(spliceError("SPL-E140", `renaming ${def.qualified_name} would change what names mean: ${def.file}:${def.start_line}: ${reason}; nothing written`, {
          context: { name: def.qualified_name, new_name: newName, clashes: [{ file: def.file, line: def.start_line, name: def.name, reason }] }
        }))
      }
      return found.locations
    })
    const ownLocations = yield* refuseTied(found)
    // A use the graph resolved to the definition that TypeScript did not offer (`const { f } =
    // require('./m')` of `exports.f = f`: TypeScript does not follow the export into its importers
    // from the exporting side): renamed with TypeScript's locations from the use's side, when those
    // reach another declaration of the name in the definition's file (`exports.f`), not one the
    // definition's own rename has (the shorthand of `module.exports = { f }`, which keeps its name).
    const own = new Set(ownLocations.filter((l) => l.file === def.file).map((l) => l.start))
    const names = new Set(facts.symbols.filter((s) => s.qualifiedName === def.qualified_name).flatMap((s) => s.nameBytes ?? []).map((b) => charOffset(home, b)).filter((c) => !own.has(c)))
    const toByte = new Map<string, (char: number) => number>()
    const byteIn = (file: string) => toByte.get(file) ?? toByte.set(file, byteOffsets(texts.get(file)!)).get(file)!
    const located = (l: ScriptLocation): Location => ({ file: l.file, startByte: byteIn(l.file)(l.start), ...(l.prefix !== undefined ? { prefix: l.prefix } : {}), ...(l.suffix !== undefined ? { suffix: l.suffix } : {}) })
    const offered = new Map(ownLocations.map((l) => [`${l.file}:${byteIn(l.file)(l.start)}`, located(l)]))
    // A JS module's hand-written declaration file (`index.js` and `index.d.ts`), or a declaration
    // file's module: TypeScript reads the importers through the .d.ts and never links it to the .js,
    // so the same declaration there is renamed from its own side too, or the types no longer match.
    for (const twin of declarationTwins(def.file, texts)) {
      const text = texts.get(twin)!
      const grammar = grammarForPath(twin)
      if (grammar === undefined) continue
      const same = (yield* fileFacts(twin, grammar, text)).symbols.find((s) => s.qualifiedName === def.qualified_name && s.nameBytes !== undefined && s.nameBytes.length > 0)
      if (same === undefined) continue
      const more = yield* syntax.scriptRename({ files, tsconfig, conditions, file: twin, offset: charOffset(text, same.nameBytes![0]!), prefixAndSuffix })
      if (more === undefined) continue
      for (const l of yield* refuseTied(more)) offered.set(`${l.file}:${byteIn(l.file)(l.start)}`, located(l))
    }
    for (const use of uses) {
      const text = texts.get(use.file)
      // Only a use spelled as the definition (not `x` of `import { f as x }`): each question costs a search.
      if (text === undefined || offered.has(`${use.file}:${use.startByte}`) || !use.spelled(text)) continue
      const more = yield* syntax.scriptRename({ files, tsconfig, conditions, file: use.file, offset: charOffset(text, use.startByte), prefixAndSuffix })
      if (more === undefined || !("locations" in more) || !more.locations.some((l) => l.file === def.file && names.has(l.start)) || more.locations.some((l) => dependencies.has(l.file))) continue
      for (const l of more.locations) offered.set(`${l.file}:${byteIn(l.file)(l.start)}`, located(l))
    }
    if (offered.size === 0) return undefined
    return { texts, scripts: { files, tsconfig, conditions }, locations: [...offered.values()], prefixAndSuffix }
  })

/** One of TypeScript's rename locations (UTF-16 offsets). */
type ScriptLocation = Extract<ScriptRename, { readonly locations: unknown }>["locations"][number]

/** Where TypeScript renames: a name's first byte, and the text it writes around the new name there (a member's rename). */
interface Location {
  readonly file: string
  readonly startByte: number
  readonly prefix?: string
  readonly suffix?: string
}

/** The declarations of a file the rename renames (by where their names are), old qualified name → new. */
const renamedDeclarations = (plan: FilePlan, home: boolean, oldQualified: string, newQualified: string, newName: string): ReadonlyMap<string, string> => {
  const sites = new Set(plan.sites.map((x) => x.startByte))
  // Another file's declaration of that qualified name (effect's Schema.ts `Option` beside `option_.Option`) is not the renamed one.
  const out = new Map<string, string>(home ? [[oldQualified, newQualified]] : [])
  for (const s of plan.facts.symbols) {
    if (s.nameBytes?.some((b) => sites.has(b)) === true && !out.has(s.qualifiedName)) out.set(s.qualifiedName, s.container === null ? newName : `${s.container}.${newName}`)
  }
  return out
}

const directoryOf = (file: string) => (file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".")

/** SPL-E140: a Go method tied through an interface to a declaration outside the workspace, which keeps its name. */
const tiedOutside = (def: SymbolRow, newName: string, external: ReadonlyArray<{ name: string; file: string; line: number }>, implementers: ReadonlyArray<string>) => {
  const reason = (e: { name: string; file: string; line: number }) =>
    `${def.qualified_name} is tied to ${e.name}.${def.name} outside the workspace (${e.line > 0 ? `${e.file}:${e.line}` : e.file}), which keeps its name: ${implementers.length === 0 ? def.container : implementers.length <= 6 ? implementers.join(", ") : `${implementers.slice(0, 6).join(", ")} and ${implementers.length - 6} more`} would no longer satisfy ${e.name}`
  return spliceError("SPL-E140", `renaming ${def.qualified_name} would change what names mean: ${def.file}:${def.start_line}: ${reason(external[0]!)}${external.length > 1 ? ` (and ${external.length - 1} more)` : ""}; nothing written`, {
    context: { name: def.qualified_name, new_name: newName, clashes: external.map((e) => ({ file: def.file, line: def.start_line, name: e.name, reason: reason(e) })) }
  })
}

/** Go methods already named `name` on the types of these methods (their receivers, in their packages). */
const goMembersNamed = (name: string, methods: ReadonlyArray<{ readonly file: string; readonly container: string | null }>) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const dirOf = (file: string) => (file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".")
    const rows = yield* db.all<{ file: string; container: string; start_line: number }>(
      "SELECT f.path AS file, s.container, s.start_line FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.language = 'go' AND s.name = ? AND s.container IS NOT NULL", [name])
    const owners = new Set(methods.map((m) => `${dirOf(m.file)}\0${m.container}`))
    return rows.filter((r) => owners.has(`${dirOf(r.file)}\0${r.container}`))
  })

/** Uses listed in human output (a common method name in a big Python tree has thousands: `.get`). */
const UNRESOLVED_SHOWN = 40

/** The UTF-16 offset of a UTF-8 byte offset in a text. */
const charOffset = (text: string, byte: number) => new TextDecoder().decode(new TextEncoder().encode(text).subarray(0, byte)).length

export const rename = (config: RenameConfig, command: "rename" | "case" = "rename") =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const store = yield* FileStore
    const hasher = yield* Hasher
    const validator = yield* Validator
    const output = yield* Output

    yield* refreshGraph({ full: false, progress: true })
    const def = yield* resolveSymbol({ name: config.symbol, ...(config.path !== undefined ? { file: config.path } : {}), ...(config.kind !== undefined ? { kind: config.kind } : {}) })
    const newName = typeof config.to === "string" ? config.to : toCase(def.name, config.to.style)
    if (newName === def.name) {
      const already = typeof config.to === "string" ? `already named ${newName}` : `already in ${config.to.style} case`
      return yield* Effect.fail(spliceError("SPL-E010", `${def.qualified_name} is ${already}`, { context: { flag: "to" } }))
    }
    const problem = identifierProblem(def.language, newName)
    if (problem !== undefined) {
      return yield* Effect.fail(spliceError("SPL-E141", `cannot rename ${def.qualified_name} to ${newName}: ${problem}`, {
        context: { name: def.name, new_name: newName, language: def.language, reason: problem }
      }))
    }
    const newQualified = def.container === null ? newName : `${def.container}.${newName}`
    /** Whether a reference's bytes in a text are the definition's name. */
    const spelledIn = (text: string, r: RefRow) => new TextDecoder().decode(new TextEncoder().encode(text).subarray(r.start_byte, r.end_byte)) === def.name

    // Go: the interface that declares the method and every type satisfying it rename together (or not at all).
    const go = yield* goMethodTies(def)
    if (go !== undefined && go.external.length > 0) return yield* Effect.fail(tiedOutside(def, newName, go.external, go.implementers))
    const tied = go?.tied ?? []

    // Merged declarations (`interface X` and `const X`, a class and its namespace) are one name: all go.
    const merged = yield* db.all<{ id: number; kind: string; start_byte: number }>(
      "SELECT s.id, s.kind, s.start_byte FROM symbols s WHERE s.file_id = (SELECT file_id FROM symbols WHERE id = ?) AND s.qualified_name = ? ORDER BY s.start_byte", [def.id, def.qualified_name])
    const ids = new Set([...merged.map((m) => m.id), ...tied.map((t) => t.id)])
    const family = inFamily("f.language", def.language)
    const rows = yield* db.all<RefRow>(
      `SELECT f.path AS file, r.start_byte, r.end_byte, r.line, r.col, ${refKindText("r.kind")} AS kind, n.text AS name, r.symbol_id, ${resolutionText("r.resolution")} AS resolution
       FROM refs r JOIN files f ON f.id = r.file_id JOIN names n ON n.id = r.name_id
       WHERE r.symbol_id IN (${[...ids].map(() => "?").join(", ")}) OR (r.symbol_id IS NULL AND r.name_id = ${NAME_ID} AND r.resolution = ${resolutionCode("name")} AND ${family.sql}) ORDER BY f.path, r.start_byte`, [...ids, def.name, ...family.params])
    // Go: `x.Method()` on a receiver of unknown type may be this method: listed, never skipped in silence.
    rows.push(...(go?.unknownReceivers ?? []).filter((u) => !rows.some((r) => r.file === u.file && r.start_byte === u.start_byte)))
    // A member's uses the graph has no record of (`A().size()`, `box.size()` on a value of unknown
    // type, a getter's read `x.size`) are found as text: listed, never skipped in silence (TS/JS: those
    // TypeScript renames or ties to another declaration are left out below).
    if (def.container !== null) {
      const known = new Set(rows.map((r) => `${r.file}:${r.line}:${r.col}`))
      const text = yield* memberTextUses(def.language, def.name, { known, skipLine: { file: def.file, line: def.start_line }, of: ids })
      rows.push(...text.map((u): RefRow => ({ ...u, kind: "text", name: def.name, symbol_id: null, resolution: "name" })))
    }
    // Rust: the bodies of macro_rules! are tokens the graph never reads as calls: the name there is listed too.
    if (def.language === "rust") {
      const known = new Set(rows.map((r) => `${r.file}:${r.line}:${r.col}`))
      const text = yield* rustMacroTextUses(def.name, { known })
      rows.push(...text.map((u): RefRow => ({ ...u, kind: "text", name: def.name, symbol_id: null, resolution: "name" })))
    }
    rows.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.start_byte - b.start_byte))
    // Python: a class attribute its own methods also assign (`level = 0` and `self.level = v`) is one
    // attribute of the instances: `self.level` / `cls.level` in that class are renamed with it (left,
    // every read of it in the class would fail once the class-level name changed).
    const sameAttribute = yield* pythonOwnAttributeUses(def, rows)
    const isExact = (r: RefRow) => (r.symbol_id !== null && ids.has(r.symbol_id) && r.resolution === "exact") || sameAttribute.has(r)
    const exact = rows.filter(isExact)
    const byName = rows.filter((r) => !isExact(r))
    // TS/JS: TypeScript's own LanguageService over the workspace's scripts, which knows the types of
    // receivers (`box.get()` on a typed value) the graph can only match by name; the graph otherwise.
    const typescript = SCRIPT_LANGUAGES.has(def.language) && config.engine !== "graph" ? yield* typescriptLocations(def, newName, exact.map((r) => ({ file: r.file, startByte: r.start_byte, spelled: (text: string) => spelledIn(text, r) }))) : undefined
    // Uses the graph knows (by name, or resolved to the definition) that TypeScript did not offer: listed
    // as unresolved, never skipped in silence (`module.exports = { f }` keeps its export name, and
    // TypeScript is right not to rename `require('./m').f`; a use it cannot see would break).
    const notOffered = (r: RefRow) => typescript !== undefined && !typescript.locations.some((l) => l.file === r.file && l.startByte === r.start_byte)
    const spelled = (r: RefRow) => spelledIn(typescript?.texts.get(r.file) ?? "", r)
    const notOfferedRows = typescript === undefined ? byName : rows.filter((r) => notOffered(r) && (!isExact(r) || spelled(r)))
    // Of those, a use TypeScript ties to declarations all outside the definition's file (`m.get()` on a
    // Map, another class's method) is another member's, not a use it could not see: not listed.
    const elsewhere = typescript === undefined || notOfferedRows.length === 0 ? undefined : yield* (yield* Syntax).scriptDefinitionFiles({
      ...typescript.scripts,
      uses: notOfferedRows.map((r) => ({ file: r.file, offset: charOffset(typescript.texts.get(r.file) ?? "", r.start_byte) }))
    })
    const unresolved = notOfferedRows.filter((r, i) => {
      const files = elsewhere?.[i]
      // A `.name` found as text (no use in the graph) that TypeScript ties to any declaration is that one's.
      return files === undefined || (files.includes(def.file) && r.kind !== "text")
    })
    // Of those, the uses on values TypeScript knows no type of (`function f(x) { x.old() }` in
    // JavaScript, an `any`): each may be a use of the renamed symbol, broken at run time if left.
    // Not left in silence: refused (SPL-E159) until the caller decides to rename them too
    // (--include-unresolved) or to leave them (--keep-unresolved).
    const untyped = elsewhere === undefined ? [] : notOfferedRows.filter((_, i) => elsewhere[i] === undefined)
    const refuseUntyped = untyped.length > 0 && !config.includeUnresolved && config.keepUnresolved !== true
    if (refuseUntyped && !config.preview) {
      const first = untyped[0]!
      return yield* Effect.fail(spliceError("SPL-E159", `renaming ${def.qualified_name} to ${newName} would leave ${untyped.length} use(s) of ${def.name} on values of no known type (${first.file}:${first.line}${untyped.length > 1 ? " and more" : ""}), which may be its own; nothing written`, {
        context: { name: def.qualified_name, new_name: newName, uses: untyped.slice(0, 100).map((r) => ({ file: r.file, line: r.line, col: r.col, kind: r.kind })), total: untyped.length }
      }))
    }
    const renamedRows = typescript !== undefined
      ? (config.includeUnresolved ? unresolved : [])
      : config.includeUnresolved ? rows : exact
    // Python: every `from m import name` that reaches the definition, also where the name has no other
    // use (a re-export); none for a class member (an imported name of the same spelling is another symbol).
    const importers = def.language !== "python" ? undefined : def.container === null ? yield* pythonImporters(def) : []
    const files = [...new Set([def.file, ...tied.map((t) => t.file), ...renamedRows.map((r) => r.file), ...(typescript?.locations.map((l) => l.file) ?? []), ...(importers?.map((i) => i.file) ?? [])])].sort()
    const paths = yield* Effect.forEach(files, (f) => store.locate(f as WorkspacePath))

    const blocked = config.preview ? new Map() : yield* autoRecover
    yield* refuseBlocked(blocked, paths.map((p) => p.relative))

    return yield* Effect.scoped(Effect.gen(function*() {
      if (!config.preview) yield* acquireRecovering(paths.map((p) => p.relative), Duration.millis(config.lockTimeoutMs))
      const plans = new Map<string, FilePlan>()
      for (const p of paths) {
        const target = yield* loadTextTarget(p, config.maxBytes)
        if (!config.preview && target.info.nlink > 1) yield* acquireRecovering(identityLock(target.info), Duration.millis(config.lockTimeoutMs))
        const grammar = grammarForPath(p.relative)!
        plans.set(p.relative, { target, language: grammar.language, facts: yield* fileFacts(p.relative, grammar, target.content.text), sites: [], refs: new Set() })
      }
      const stale = (file: string, line: number, found: string) =>
        spliceError("SPL-E142", `${file}:${line} does not hold ${def.name} as the code graph says (found ${JSON.stringify(found)}); nothing written`, {
          context: { file, line, expected: def.name, found }
        })

      // The definition: the name in each of its declarations (overloads, merged declarations), from the file as it is now.
      const home = plans.get(def.file)!
      const nameBytes: number[] = []
      for (const m of merged) {
        const declared = home.facts.symbols
          .filter((s) => s.qualifiedName === def.qualified_name && s.kind === m.kind)
          .sort((a, b) => Math.abs(a.startByte - m.start_byte) - Math.abs(b.startByte - m.start_byte))[0]
        if (declared === undefined || declared.nameBytes === undefined || declared.nameBytes.length === 0) {
          return yield* Effect.fail(stale(def.file, def.start_line, declared === undefined ? "no such declaration" : "no name"))
        }
        nameBytes.push(...declared.nameBytes)
      }
      for (const b of nameBytes) home.sites.push({ startByte: b, endByte: b + byteLength(def.name) })
      // Go: the same method of the interfaces and types tied to it.
      for (const t of tied) {
        const plan = plans.get(t.file)!
        const declared = plan.facts.symbols
          .filter((s) => s.qualifiedName === t.qualified_name && s.kind === t.kind)
          .sort((a, b) => Math.abs(a.startByte - t.start_byte) - Math.abs(b.startByte - t.start_byte))[0]
        const at = declared?.nameBytes?.[0]
        if (at === undefined) return yield* Effect.fail(stale(t.file, t.start_line, declared === undefined ? "no such declaration" : "no name"))
        plan.sites.push({ startByte: at, endByte: at + byteLength(def.name) })
        plan.refs.add(at)
      }

      // References: rewritten where the text is the name itself (not an alias or a default import's local name).
      const bytes = new Map<string, Uint8Array>()
      const bytesOf = (file: string) => {
        let b = bytes.get(file)
        if (b === undefined) bytes.set(file, (b = new TextEncoder().encode(plans.get(file)!.target.content.text)))
        return b
      }
      const textAt = (file: string, start: number, end: number) => new TextDecoder().decode(bytesOf(file).subarray(start, end))
      const lineAt = (file: string, byte: number) => bytesOf(file).subarray(0, byte).reduce((n, c) => (c === 10 ? n + 1 : n), 1)
      if (typescript !== undefined) {
        for (const [file, plan] of plans) {
          if (typescript.texts.has(file) && typescript.texts.get(file) !== plan.target.content.text) {
            return yield* Effect.fail(stale(file, 1, "a file changed while TypeScript read it"))
          }
        }
        const declared = new Set(home.sites.map((x) => `${def.file}:${x.startByte}`))
        for (const l of typescript.locations) {
          const plan = plans.get(l.file)!
          plan.refs.add(l.startByte)
          if (declared.has(`${l.file}:${l.startByte}`)) continue
          // TypeScript also offers an alias's own name (`export { Old as Alias }`): an alias keeps its name.
          if (textAt(l.file, l.startByte, l.startByte + byteLength(def.name)) !== def.name) continue
          // A member's rename: TypeScript's own text around the name; else the graph's shorthand properties keep their names.
          const shorthand = !typescript.prefixAndSuffix && plan.facts.refs.some((f) => f.startByte === l.startByte && f.shorthand === true)
          plan.sites.push({
            startByte: l.startByte,
            endByte: l.startByte + byteLength(def.name),
            ...(shorthand ? { shorthand: true } : {}),
            ...(l.prefix !== undefined ? { prefix: l.prefix } : {}),
            ...(l.suffix !== undefined ? { suffix: l.suffix } : {})
          })
        }
        // The graph's exact references too (not rewritten unless TypeScript says so: `x()` of `import { old as x }`
        // is one), so the check below expects them to follow the rename.
        for (const r of exact) plans.get(r.file)?.refs.add(r.start_byte)
      }
      for (const r of renamedRows) {
        const plan = plans.get(r.file)!
        if (r.kind === "text") {
          // Found as text, not in the graph: the name must still be there.
          const now = textAt(r.file, r.start_byte, r.end_byte)
          if (now !== def.name) return yield* Effect.fail(stale(r.file, r.line, now))
          plan.refs.add(r.start_byte)
          plan.sites.push({ startByte: r.start_byte, endByte: r.end_byte })
          continue
        }
        const fresh = plan.facts.refs.find((f) => f.startByte === r.start_byte)
        if (fresh === undefined || fresh.name !== r.name) return yield* Effect.fail(stale(r.file, r.line, textAt(r.file, r.start_byte, r.end_byte)))
        plan.refs.add(r.start_byte)
        if (r.name === def.name && textAt(r.file, r.start_byte, r.end_byte) === def.name) {
          // `{ name }` in an object literal keeps its property's name; a destructured property's `{ name }` keeps its local's.
          const around = fresh.shorthand === true ? { shorthand: true } : fresh.bindingShorthand === true ? { suffix: `: ${def.name}` } : {}
          plan.sites.push({ startByte: r.start_byte, endByte: r.end_byte, ...around })
        }
      }
      // Languages whose imports have no spans in the graph: the imported name in the import statement
      // itself (Python: the statements that reach the definition, not another module's name).
      for (const [file, plan] of plans) {
        if (SCRIPT_LANGUAGES.has(plan.language) || (file === def.file && plan.refs.size === 0)) continue
        for (const i of plan.facts.imports) {
          if (!i.names.some((n) => n.name === def.name)) continue
          if (importers !== undefined && !importers.some((x) => x.file === file && x.line === i.line)) continue
          for (const s of importNameSites(plan.target.content.text, i.line, def.name, plan.language)) plan.sites.push(s)
        }
      }

      // CommonJS: `module.exports = { f: f }` and `{ f }` keep their export name, unless the importers'
      // uses of it are renamed too (--include-unresolved): then the key follows, or `m.g()` finds nothing.
      if (SCRIPT_LANGUAGES.has(def.language) && def.container === null && renamedRows.some((r) => r.file !== def.file)) {
        for (const key of commonJsExportKeys(home.target.content.text, def.name)) {
          const at = home.sites.findIndex((x) => x.startByte === key.startByte)
          if (at !== -1) home.sites[at] = { startByte: key.startByte, endByte: key.endByte }
          else home.sites.push({ startByte: key.startByte, endByte: key.endByte })
        }
      }

      // Python: a module-level name listed in `__all__` (of its module, or of a package that imports it
      // by name to re-export it) is renamed there too, or pyflakes and `from m import *` lose it.
      if (def.container === null) {
        for (const [file, plan] of plans) {
          if (plan.language !== "python" || (file !== def.file && plan.sites.length === 0)) continue
          for (const site of allListSites(plan.target.content.text, def.name)) plan.sites.push(site)
        }
      }

      // Clashes: the new name already declared where the renamed one lands, or a name changing meaning.
      // Every file is checked, so that one refusal lists every clash; one spot is named once (a name
      // already declared is also seen by the binding check as a capture).
      const clashes: Array<Clash & { file: string }> = []
      const note = (file: string, list: ReadonlyArray<Clash>) => {
        for (const c of list) if (!clashes.some((k) => k.file === file && k.line === c.line && k.name === c.name)) clashes.push({ file, ...c })
      }
      if (def.container === null) {
        const taken = topLevelNames(home.facts).get(newName)
        if (taken !== undefined) note(def.file, [{ line: def.start_line, name: newName, reason: `${newName} is already ${taken} in ${def.file}` }])
        else if (def.exported === 1 && exportedNames(home.facts).has(newName)) note(def.file, [{ line: def.start_line, name: newName, reason: `${def.file} already exports ${newName}` }])
      } else if (go !== undefined) {
        // A Go type's methods can be declared in any file of its package: the graph knows them all.
        for (const m of yield* goMembersNamed(newName, [def, ...tied])) {
          note(m.file, [{ line: m.start_line, name: newName, reason: `${m.container} already has a method ${newName} (${m.file}:${m.start_line})` }])
        }
      } else {
        const member = home.facts.symbols.find((s) => s.qualifiedName === newQualified)
        if (member !== undefined) note(def.file, [{ line: member.startLine, name: newName, reason: `${def.container} already has a member ${newName} (line ${member.startLine})` }])
      }
      for (const [file, plan] of plans) {
        if (file === def.file) continue
        const byName = plan.facts.imports.find((i) => i.names.some((n) => n.name === def.name && n.alias === null))
        const taken = topLevelNames(plan.facts).get(newName)
        if (byName !== undefined && taken !== undefined) note(file, [{ line: byName.line, name: newName, reason: `${file} imports ${def.name} by name, and ${newName} is already ${taken} there` }])
      }

      const results = new Map<string, RenamedText>()
      for (const [file, plan] of plans) {
        if (plan.sites.length === 0) continue
        const renamed = renameText(plan.target.content.text, plan.sites, def.name, newName)
        if ("kind" in renamed) return yield* Effect.fail(stale(file, lineAt(file, renamed.startByte), renamed.found))
        results.set(file, renamed)
        if (SCRIPT_LANGUAGES.has(plan.language)) {
          const after = yield* fileFacts(file, grammarForPath(file)!, renamed.text)
          note(file, bindingClashes(plan.facts, after, {
            oldName: def.name,
            newName,
            renamedDeclarations: renamedDeclarations(plan, file === def.file, def.qualified_name, newQualified, newName),
            renamedRefs: file === def.file ? new Set([...plan.refs, ...nameBytes]) : plan.refs,
            mapOffset: renamed.mapOffset,
            keptAt: renamed.keptAt
          }))
        }
      }
      // Python and Go facts have no bindings: a local of the new name would capture a renamed use, and
      // a builtin (or another binding) of the new name would now mean the renamed symbol.
      for (const [file, plan] of plans) {
        const renamed = results.get(file)
        if (renamed === undefined || (plan.language !== "python" && plan.language !== "go")) continue
        const after = yield* fileFacts(file, grammarForPath(file)!, renamed.text)
        const newBytes = new TextEncoder().encode(renamed.text)
        // Only a package-level name becomes a bare name (a method or member is always qualified).
        const binds = plan.language === "go"
          ? def.container === null && directoryOf(file) === directoryOf(def.file)
          : file === def.file ? def.container === null : after.imports.some((i) => i.names.some((n) => (n.alias ?? n.name) === newName))
        note(file, nameCaptures(plan.facts, after, {
          oldName: def.name,
          newName,
          renamedUses: plan.refs,
          renamedDefinitions: new Set(file === def.file ? nameBytes : []),
          bindsNewName: binds,
          mapOffset: renamed.mapOffset,
          lineOf: (b) => lineAt(file, b),
          newLineOf: (b) => newBytes.subarray(0, b).reduce((n, c) => (c === 10 ? n + 1 : n), 1)
        }))
      }
      if (clashes.length > 0) {
        const first = clashes[0]!
        return yield* Effect.fail(spliceError("SPL-E140", `renaming ${def.qualified_name} to ${newName} would change what names mean: ${first.file}:${first.line}: ${first.reason}${clashes.length > 1 ? ` (and ${clashes.length - 1} more)` : ""}; nothing written`, {
          context: { name: def.qualified_name, new_name: newName, clashes: clashes.map((c) => ({ file: c.file, line: c.line, name: c.name, reason: c.reason })) }
        }))
      }

      // Bytes, checksums and the syntax verdict of every file, before anything is written.
      const writes: PlannedWrite[] = []
      const verdicts: Array<{ file: string; verdict: Verdict }> = []
      const reports: Array<{ file: string; lines: ReadonlyArray<number>; renamed: number; sites: ReadonlyArray<{ line: number; col: number }>; checksum_before: string; checksum_after: string } & LineEndingFields> = []
      const diffs: string[] = []
      for (const [file, r] of results) {
        const plan = plans.get(file)!
        const t = plan.target
        const next = encodeText(r.text, t.content.bom)
        yield* refuseGrowth(file, next.length, config.maxBytes)
        const checksumAfter = yield* hasher.blake3(next)
        verdicts.push({ file, verdict: yield* validator.validate({ path: file, before: t.content.text, after: r.text, mode: config.validate }) })
        diffs.push(unifiedDiff(t.content.text, r.text, file))
        writes.push({ target: t.path, original: t.bytes, mode: t.info.mode, next, checksumBefore: t.checksum, checksumAfter, ...expectedFrom(t.info, t.bytes) })
        const starts = [...new Set(plan.sites.map((s) => s.startByte))].sort((a, b) => a - b)
        const b = bytesOf(file)
        const sites = starts.map((start) => ({ line: lineAt(file, start), col: start - b.lastIndexOf(10, start - 1) }))
        reports.push({ file, lines: r.lines, renamed: starts.length, sites, checksum_before: t.checksum, checksum_after: checksumAfter, ...lineEndingReport(r.text) })
      }
      const failedSyntax = verdicts.filter((v) => v.verdict.status === "failed")
      const validation: ApplyValidation = {
        gate: "syntax",
        status: failedSyntax.length > 0 ? "failed" : verdicts.every((v) => v.verdict.status === "skipped") ? "skipped" : "passed",
        files: verdicts.map((v) => ({ file: v.file, ...v.verdict }))
      }
      const renamedSites = new Set([...plans].flatMap(([file, plan]) => plan.sites.map((x) => `${file}:${x.startByte}`)))
      const base = {
        symbol: { name: def.name, qualified_name: def.qualified_name, kind: def.kind, file: def.file, line: def.start_line, language: def.language },
        new_name: newName,
        ...(tied.length > 0 ? { tied: tied.map((t) => ({ qualified_name: t.qualified_name, file: t.file, line: t.start_line })) } : {}),
        renamed: reports.reduce((n, r) => n + r.renamed, 0),
        engine: typescript !== undefined ? "typescript" as const : "graph" as const,
        unresolved: unresolved.map((r) => ({ file: r.file, line: r.line, col: r.col, kind: r.kind, renamed: renamedSites.has(`${r.file}:${r.start_byte}`) })),
        files: reports,
        validation
      }
      const diff = diffs.join("")
      const unresolvedLine = (t: Catalog) => unresolved.length === 0 ? "" : config.includeUnresolved
        ? t.rename.unresolvedRenamed(unresolved.length)
        : t.rename.unresolvedLeft(unresolved.length) + unresolved.slice(0, UNRESOLVED_SHOWN).map((r) => t.rename.unresolved(r.file, r.line, r.col, r.kind)).join("") +
          (unresolved.length > UNRESOLVED_SHOWN ? t.rename.unresolvedMore(unresolved.length - UNRESOLVED_SHOWN) : "")
      const summary = (t: Catalog) =>
        t.rename.summary(def.kind, def.qualified_name, newName, base.renamed, reports.length) + (tied.length > 0 ? t.rename.tied(tied.map((x) => x.qualified_name)) : "")
      if (config.preview) {
        const lines = verdicts.map((v) => previewVerdict(v.file, v.verdict))
        return yield* output.result(command, {
          ...base,
          preview: true,
          changed: false,
          would_change: true,
          would_succeed: lines.every((l) => l.wouldSucceed) && !refuseUntyped,
          tx: null,
          compiler: skippedVerdict(config.compiler === undefined || config.compiler.mode === "off" ? "disabled by --validate" : "not run by --preview: the checker reads the files on disk"),
          diff
        }, (t) => `${diff}${lines.map((l) => l.human(t)).join("")}${t.rename.preview(summary(t))}${unresolvedLine(t)}`)
      }
      if (failedSyntax.length > 0) {
        return yield* Effect.fail(spliceError("SPL-E042", `the rename would introduce syntax errors in ${failedSyntax.map((v) => v.file).join(", ")}; nothing written`, {
          context: { files: failedSyntax.map((v) => syntaxFailure(v.file, v.verdict).context), summary: failedSyntax.map((v) => syntaxErrorLines(v.file, v.verdict)).join("") }
        }))
      }
      const gate = config.compiler ?? COMPILER_OFF
      const compilerPlans = yield* planFor(writes.map((w) => w.target.relative), gate)
      const { tx, verified: compiler } = yield* commitWrites(
        writes,
        { command, ...(config.holdMs !== undefined ? { holdMs: config.holdMs } : {}) },
        compilerGate(writes, gate, compilerPlans)
      )
      // The files are committed: a graph failure is reported, not raised (the next query refreshes).
      const started = Date.now()
      const graph = yield* refreshPaths(writes.map((w) => w.target.relative)).pipe(
        Effect.map((s) => ({ db: db.location.path, refreshed: s.changed, removed: s.removedFiles, ms: Date.now() - started })),
        Effect.catchAllCause((cause) => {
          if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
          const e = Cause.failureOption(cause)
          return Effect.succeed({ db: db.location.path, error: e._tag === "Some" ? { code: e.value.code, message: e.value.message } : { code: "SPL-E099", message: "internal error" } })
        })
      )
      return yield* output.result(command, {
        ...base,
        changed: true,
        tx: tx.id,
        compiler,
        graph,
        ...(config.showDiff ? { diff } : {})
      }, (t) => `${config.showDiff ? diff : ""}${t.rename.done(summary(t), t.verdict.syntaxOk(validation.status), compilerLine(compiler, t), tx.id)}${unresolvedLine(t)}`)
    }))
  })
