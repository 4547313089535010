import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import * as vm from "node:vm"
import type * as TS from "typescript-parser"
import type { FileFacts } from "../../src/domain/graph/facts.js"
import { changedRegion } from "../../src/domain/changedRegion.js"
import { scriptFacts } from "../../src/domain/graph/scriptFacts.js"
import type { TsconfigFiles, TsSyntaxError } from "../../services/Syntax.js"
import type { ParserApi, TreeApi } from "../../src/domain/typescriptParserApi.js"
import { cacheDir, cachesOn } from "./cacheDir.js"
import { findAsset } from "./grammarFiles.js"
import { keyLiterals } from "./typescriptKeyLiterals.js"
import { defaultTarget, LIB_DIR, libFiles, libText } from "./typescriptLibs.js"

export type { TsSyntaxError }

/**
 * TypeScript's own parser (typescript 5.9, installed as the `typescript-parser` alias). tree-sitter-
 * typescript 0.23.2 rejects valid code (variance annotations, call signatures that start a line), so
 * the syntax gate asks this parser whenever tree-sitter blames an edit on a TS/JS file; the code
 * graph takes TS/JS facts from it.
 *
 * Two builds of it ship beside the grammars (scripts/build.mjs): `grammars/typescript-parser.cjs`,
 * the parser alone (0.4 MB, derived from lib/typescript.js by scripts/typescriptParserBundle.mjs,
 * exporting the names of src/domain/typescriptParserApi.ts), which facts and the syntax check load; and
 * `grammars/typescript.cjs`, the whole of lib/typescript.js (9 MB), which only the LanguageService
 * (rename --engine ts, complete) loads. Each is read and evaluated at its first use, never at start-up.
 *
 * Each is compiled through vm.Script with a V8 code cache next to the launcher's (SPLICE_CACHE_DIR,
 * SPLICE_NO_CACHE=1 as there), which cuts the whole one's load from ~250-800 ms to ~100-300 ms.
 * Under Deno too: Deno's own cache of what `require` loads holds only the code compiled before the
 * file runs.
 */

/** The version shipped (package.json pins `typescript-parser` to it). */
export const TYPESCRIPT_VERSION = "5.9.3"

export type ScriptKind = "ts" | "tsx" | "js" | "jsx"

/** What a parse holds that TypeScript's declarations leave out: its syntax errors. */
type Parsed = TS.SourceFile & { readonly parseDiagnostics: ReadonlyArray<TS.DiagnosticWithLocation> }

/** A parser: its tree API, and a JavaScript file's syntax errors as a program gives them. */
interface Parser {
  /** The file it was loaded from. */
  readonly file: string
  readonly ts: TreeApi
  readonly javascriptErrors: (sf: Parsed) => ReadonlyArray<TS.DiagnosticWithLocation>
}

/**
 * A JavaScript file's syntax errors include TypeScript-only syntax (`let x: number`, `interface`),
 * which the parser accepts and a one-file program reports; no library, nothing resolved or read.
 * With the whole TypeScript only (from source): the parser bundle has the program's function for it.
 */
const programErrors = (ts: typeof TS, sf: Parsed): ReadonlyArray<TS.DiagnosticWithLocation> => {
  const host = {
    getSourceFile: (f: string) => (f === sf.fileName ? sf : undefined),
    fileExists: (f: string) => f === sf.fileName,
    readFile: () => undefined,
    getDefaultLibFileName: () => "lib.d.ts",
    writeFile: () => undefined,
    getCurrentDirectory: () => "/",
    getCanonicalFileName: (f: string) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n"
  }
  const program = ts.createProgram({ rootNames: [sf.fileName], options: { allowJs: true, noResolve: true, noLib: true, types: [] }, host })
  return program.getSyntacticDiagnostics(sf)
}

/** Evaluates a build of TypeScript as CommonJS through vm.Script, reusing (or writing, at exit) a V8 code cache named after `name`. */
const loadWithCodeCache = (file: string, name: "typescript" | "typescript-parser"): unknown => {
  const source = fs.readFileSync(file, "utf8")
  const useCache = cachesOn()
  // One cache per runtime (a cache is valid only for the V8 that wrote it), so Node and Deno used
  // side by side do not overwrite each other's.
  const deno = (globalThis as { Deno?: { version: { deno: string } } }).Deno
  const runtime = deno !== undefined ? `deno-${deno.version.deno}` : `node-${process.version}`
  // `typescript-parser-node-…` and `typescript-node-…`: neither prefix starts the other's names.
  const prefix = `${name}-${runtime.split("-")[0]}-`
  const cacheFile = path.join(cacheDir(), `${prefix}${TYPESCRIPT_VERSION}-${source.length}-${runtime}-${process.arch}.v8cache`)
  let cachedData: Buffer | undefined
  if (useCache) {
    try {
      cachedData = fs.readFileSync(cacheFile)
    } catch {
      // first use: no cache yet
    }
  }
  const script = new vm.Script("(function (exports, require, module, __filename, __dirname) {" + source + "\n})", {
    filename: file,
    ...(cachedData !== undefined ? { cachedData } : {})
  })
  if (useCache && (cachedData === undefined || script.cachedDataRejected === true)) {
    // At exit, so the cache holds the parser functions this run compiled too. Atomic: temp + rename.
    process.once("exit", () => {
      try {
        fs.mkdirSync(path.dirname(cacheFile), { recursive: true })
        const tmp = `${cacheFile}.${process.pid}.tmp`
        fs.writeFileSync(tmp, script.createCachedData())
        fs.renameSync(tmp, cacheFile)
        // Caches for another TypeScript or runtime version are dead weight (the launcher does the
        // same); so are those named the way earlier versions named them.
        for (const name of fs.readdirSync(path.dirname(cacheFile))) {
          const old = name.startsWith(prefix) || /^typescript-\d/.test(name)
          if (old && name.endsWith(".v8cache") && path.join(path.dirname(cacheFile), name) !== cacheFile) {
            fs.rmSync(path.join(path.dirname(cacheFile), name), { force: true })
          }
        }
      } catch {
        // a cache is an optimisation
      }
    })
  }
  const module = { exports: {} as unknown }
  const fn = script.runInThisContext() as (e: unknown, r: NodeJS.Require, m: unknown, f: string, d: string) => void
  fn(module.exports, createRequire(file), module, file, path.dirname(file))
  return module.exports
}

/** The whole TypeScript: `grammars/typescript.cjs` beside the bundle (see scripts/build.mjs), else the package, from source. */
const loadWhole = (): typeof TS => {
  let file: string
  try {
    file = findAsset("typescript.cjs", "typescript-parser/lib")
  } catch {
    file = findAsset("typescript.js", "typescript-parser/lib")
  }
  const ts = loadWithCodeCache(file, "typescript") as typeof TS
  if (typeof ts.createLanguageService !== "function") throw new Error(`${file} is not TypeScript's compiler API`)
  return ts
}

/**
 * The parser bundle beside the bundle. From source (the tests run on it) there is none: the whole
 * TypeScript serves, with a one-file program for JavaScript; test/integration/typescript-parser-bundle.test.ts
 * checks that the bundle gives the same facts and errors.
 */
const loadParser = (): Parser => {
  let file: string | undefined
  try {
    file = findAsset("typescript-parser.cjs", "typescript-parser/lib")
  } catch {
    file = undefined
  }
  if (file === undefined) {
    const ts = (whole ??= loadWhole())
    return { file: "typescript.js", ts, javascriptErrors: (sf) => programErrors(ts, sf) }
  }
  const ts = loadWithCodeCache(file, "typescript-parser") as ParserApi
  if (typeof ts.createSourceFile !== "function" || typeof ts.getJSSyntacticDiagnosticsForFile !== "function") throw new Error(`${file} is not TypeScript's parser`)
  return { file, ts, javascriptErrors: (sf) => ts.sortAndDeduplicateDiagnostics([...ts.getJSSyntacticDiagnosticsForFile(sf), ...sf.parseDiagnostics]) }
}

/** The parser (facts, syntax errors, kept parses) and the whole TypeScript (the LanguageService): each loaded at first use. */
let parser: Parser | undefined
let whole: typeof TS | undefined

/** The file the parser was loaded from (loading it now): the bundle's, or from source the whole TypeScript. */
export const typescriptParserFile = (): string => (parser ??= loadParser()).file

const kindOf = (ts: TreeApi, kind: ScriptKind) =>
  kind === "ts" ? ts.ScriptKind.TS : kind === "tsx" ? ts.ScriptKind.TSX : kind === "js" ? ts.ScriptKind.JS : ts.ScriptKind.JSX

/** The script kind of a file by extension, or undefined when TypeScript's parser does not read it. */
export const scriptKindOf = (file: string): ScriptKind | undefined => {
  const m = /\.([cm]?[jt]sx?)$/i.exec(file)
  if (m === null) return undefined
  const ext = m[1]!.toLowerCase()
  return ext.endsWith("tsx") ? "tsx" : ext.endsWith("jsx") ? "jsx" : ext.endsWith("ts") ? "ts" : "js"
}

/** The code graph's facts of a TS/JS file, from TypeScript's parser with scopes resolved (throws if it cannot be loaded). */
export const typescriptFacts = (file: string, text: string, kind: ScriptKind): FileFacts => {
  const { ts } = (parser ??= loadParser())
  // JSDoc is not needed for facts, and parsing it doubles the time on a documented library (effect).
  // No parent pointers either: scriptFacts needs none, and setting them is a whole extra walk (~20% of the parse).
  const sf = ts.createSourceFile(file, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, kindOf(ts, kind))
  return scriptFacts(ts, sf)
}

const isJs = (kind: ScriptKind) => kind === "js" || kind === "jsx"
/** The name a file is parsed under: JavaScript's one-file program knows it by its base name. */
const parsedName = (file: string, kind: ScriptKind) => isJs(kind) ? "/" + path.basename(file) : file

const messageText = (m: string | TS.DiagnosticMessageChain) => typeof m === "string" ? m : m.messageText

/**
 * A parse for its syntax errors. Without JSDoc: TypeScript takes the errors of a JSDoc comment out of
 * the syntax errors (its parser keeps them apart, for the checker), so they are the same either way
 * (checked on effect's 176 sources and 2,000 edits of them, biased into comments, as TS and as JS),
 * and a documented file parses several times faster (effect's Effect.ts: ~80 ms instead of ~320 ms).
 */
const parseForErrors = ({ ts }: Parser, file: string, kind: ScriptKind, text: string): Parsed =>
  <Parsed> ts.createSourceFile(parsedName(file, kind), text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, kindOf(ts, kind))

/** A parsed file's syntax errors, as the gate reports them. */
const syntaxErrorsOf = (p: Parser, kind: ScriptKind, sf: Parsed): ReadonlyArray<TsSyntaxError> => {
  const diagnostics = isJs(kind) ? p.javascriptErrors(sf) : sf.parseDiagnostics
  return diagnostics.map((d) => {
    const rel = d.relatedInformation?.find((r) => r.start !== undefined)
    return {
      start: d.start,
      length: d.length,
      code: d.code,
      message: messageText(d.messageText),
      ...(rel !== undefined ? { related: { start: rel.start!, message: messageText(rel.messageText) } } : {})
    }
  })
}

/** TypeScript's syntax errors for a file (throws if the parser cannot be loaded). */
export const typescriptSyntaxErrors = (file: string, text: string, kind: ScriptKind): ReadonlyArray<TsSyntaxError> => {
  const p = (parser ??= loadParser())
  return syntaxErrorsOf(p, kind, parseForErrors(p, file, kind, text))
}

/**
 * The parses of texts a long-running process (`splice mcp`) checked lately, so the next edit of such
 * a text is parsed incrementally (`updateSourceFile`, CPU for a one-line edit: ~1 ms on effect's
 * Queue.ts, 20 KB, ~30–50 ms on its Effect.ts, 0.9 MB; from scratch ~20 ms and ~80 ms warm). An update reuses the old parse's nodes and leaves
 * that parse unusable, so a parse is taken out when it is updated and only the result is kept:
 * TypeScript's incremental parser gives the tree (and errors) a fresh parse gives, edit after edit
 * (tsserver chains it on every keystroke; test/integration/syntax-incremental.test.ts checks it here).
 * Bounded like the tree-sitter trees (recentTrees.ts).
 */
interface KeptParse {
  readonly key: string
  readonly text: string
  readonly sf: Parsed
  /** Its syntax errors (for JavaScript a walk of the whole tree: collected once). */
  readonly errors: ReadonlyArray<TsSyntaxError>
}
const KEPT_PARSES = 8
const KEPT_CHARS = 4 * 1024 * 1024
const keptParses: KeptParse[] = [] // most recent first

const takeParse = (key: string, text: string): KeptParse | undefined => {
  const i = keptParses.findIndex((k) => k.key === key && k.text.length === text.length && k.text === text)
  return i === -1 ? undefined : keptParses.splice(i, 1)[0]
}

const keepParse = (kept: KeptParse): void => {
  if (kept.text.length > KEPT_CHARS) return
  takeParse(kept.key, kept.text)
  keptParses.unshift(kept)
  let chars = 0
  for (let i = 0; i < keptParses.length; i++) {
    chars += keptParses[i]!.text.length
    if (i >= KEPT_PARSES || chars > KEPT_CHARS) {
      keptParses.length = i
      break
    }
  }
}

/** Whether a parse of this exact text is kept. */
export const keepsParseOf = (file: string, kind: ScriptKind, text: string): boolean =>
  keptParses.some((k) => k.key === `${kind}\u0000${file}` && k.text === text)

/** Parses a text afresh and keeps the parse (unless one is kept): a server does so when idle. */
export const keepFreshParse = (file: string, kind: ScriptKind, text: string): void => {
  if (keepsParseOf(file, kind, text)) return
  const p = (parser ??= loadParser())
  const sf = parseForErrors(p, file, kind, text)
  keepParse({ key: `${kind}\u0000${file}`, text, sf, errors: syntaxErrorsOf(p, kind, sf) })
}

/**
 * TypeScript's syntax errors before and after an edit, the after-text parsed incrementally from the
 * before-text's parse (kept from the previous edit of it, else parsed now); the after-text's parse
 * is kept for the next edit. Throws if the parser cannot be loaded.
 */
export const typescriptEditErrors = (
  file: string,
  kind: ScriptKind,
  before: string,
  after: string
): { readonly before: ReadonlyArray<TsSyntaxError>; readonly after: ReadonlyArray<TsSyntaxError> } => {
  const p = (parser ??= loadParser())
  const { ts } = p
  const key = `${kind}\u0000${file}`
  let old = takeParse(key, before)
  if (old === undefined) {
    const sf = parseForErrors(p, file, kind, before)
    // Collected before the update, which moves the old parse's nodes into the new one.
    old = { key, text: before, sf, errors: syntaxErrorsOf(p, kind, sf) }
  }
  const r = changedRegion(before, after)
  const sf = <Parsed> ts.updateSourceFile(old.sf, after, ts.createTextChangeRange(ts.createTextSpan(r.start, r.oldEnd - r.start), r.newEnd - r.start))
  const errors = syntaxErrorsOf(p, kind, sf)
  keepParse({ key, text: after, sf, errors })
  return { before: old.errors, after: errors }
}

/** A place TypeScript's rename would edit: a file (as given), a UTF-16 offset and length. */
export interface RenameLocation {
  readonly file: string
  readonly start: number
  readonly length: number
  /** Text written before and after the new name (asked for: `st: ` of `{ st: state }`). */
  readonly prefix?: string
  readonly suffix?: string
}

/** What a LanguageService over the workspace is given: its scripts and manifests, its tsconfig, the export conditions. */
export interface WorkspaceScripts {
  readonly files: ReadonlyMap<string, string>
  readonly tsconfig: TsconfigFiles | undefined
  readonly conditions: ReadonlyArray<string>
}

/** Options of a tsconfig that are about writing files or about other projects: not the LanguageService's business. */
const IGNORED_OPTIONS = ["outDir", "outFile", "declarationDir", "composite", "incremental", "tsBuildInfoFile", "typeRoots", "plugins", "sourceRoot", "mapRoot"]

/**
 * The compiler options for a workspace: its tsconfig.json's with those it extends (`strict` and the
 * other checking options decide what a name refers to, so they count; TypeScript itself follows the
 * `extends` chain among the files given, merges it and makes `baseUrl` and `paths` absolute), with
 * the module options defaulted, its libraries (typescriptLibs.ts), and no emit, every script allowed,
 * no automatic `@types` (of node_modules, only the files a caller gives are read).
 */
const compilerOptions = (ts: typeof TS, tsconfig: TsconfigFiles | undefined, conditions: ReadonlyArray<string>): TS.CompilerOptions => {
  let fromConfig: TS.CompilerOptions = {}
  const root = tsconfig === undefined ? undefined : [...tsconfig.keys()][0]
  if (tsconfig !== undefined && root !== undefined) {
    const inWorkspace = (f: string) => f.replace(/^\//, "")
    const host: TS.ParseConfigHost = {
      useCaseSensitiveFileNames: true,
      // The options are what is asked: the files a config includes are the graph's business.
      readDirectory: () => [],
      fileExists: (f) => tsconfig.has(inWorkspace(f)),
      readFile: (f) => tsconfig.get(inWorkspace(f))
    }
    const json = ts.parseConfigFileTextToJson(`/${root}`, tsconfig.get(root)!)
    if (json.config !== undefined) {
      const dir = root.includes("/") ? `/${root.slice(0, root.lastIndexOf("/"))}` : "/"
      fromConfig = { ...ts.parseJsonConfigFileContent(json.config, host, dir, undefined, `/${root}`).options }
      delete fromConfig["configFilePath"]
    }
  }
  for (const k of IGNORED_OPTIONS) delete fromConfig[k]
  return {
    ...fromConfig,
    customConditions: [...new Set([...(fromConfig.customConditions ?? []), ...conditions])],
    moduleResolution: fromConfig.moduleResolution ?? ts.ModuleResolutionKind.Bundler,
    module: fromConfig.module ?? ts.ModuleKind.ESNext,
    target: fromConfig.target ?? defaultTarget(ts),
    ...(fromConfig.noLib === true ? { noLib: true } : { lib: [...libFiles(ts, fromConfig)] }),
    allowJs: true,
    noEmit: true,
    types: []
  }
}

/**
 * One LanguageService, kept for the process (a `splice mcp` server answers many calls): each call
 * gives it the workspace's files as they are now, and a file whose text changed gets a new version,
 * so TypeScript parses again only what changed and the standard library is parsed once.
 */
interface KeptService {
  readonly key: string
  readonly service: TS.LanguageService
  /** "/" + workspace path → the text it has now and its version (kept for files gone, so one coming back is a new version). */
  readonly versions: Map<string, { text: string; version: number; gone?: true }>
  known: ReadonlyMap<string, string>
  dirs: ReadonlySet<string>
  /** The files given are not the names given last time (until the program is made again). */
  namesChanged: boolean
}

let kept: KeptService | undefined

/** Forgets the kept LanguageService (after it threw: its state is not trusted any more). */
const forget = () => {
  try {
    kept?.service.dispose()
  } catch {
    // it is dropped either way
  }
  kept = undefined
}

/**
 * The LanguageService over exactly these files and the standard library (nothing else is read; the
 * node_modules files a caller gives — `complete` gives its dependencies' declarations — are found
 * by module resolution only).
 */
const workspaceService = ({ files, tsconfig, conditions }: WorkspaceScripts) => {
  // The whole TypeScript, parsing the workspace's texts itself: none of the parser bundle's trees
  // (the kept parses, facts) ever reaches it, nor one of its trees the bundle's functions (each has
  // its own node classes and SyntaxKind-keyed tables; mixing would be undefined).
  const ts = (whole ??= loadWhole())
  const key = JSON.stringify([tsconfig === undefined ? null : [...tsconfig], conditions])
  if (kept?.key !== key) {
    forget()
    const options = compilerOptions(ts, tsconfig, conditions)
    const state: KeptService = { key, service: undefined as unknown as TS.LanguageService, versions: new Map(), known: new Map(), dirs: new Set(), namesChanged: false }
    const libPath = (f: string) => (f.startsWith(LIB_DIR + "/") ? f.slice(LIB_DIR.length + 1) : undefined)
    const textOf = (f: string) => {
      const lib = libPath(f)
      return lib !== undefined ? libText(lib) : state.known.get(f)
    }
    // hasInvalidatedResolutions is read by TypeScript (5.9) though its declarations leave it out of the host.
    const host: TS.LanguageServiceHost & { hasInvalidatedResolutions: (path: string) => boolean } = {
      // Dependencies' declaration files are there to be found by module resolution, not roots of the program.
      getScriptFileNames: () => [...state.known.keys()].filter((f) => scriptKindOf(f) !== undefined && !f.includes("/node_modules/")),
      getScriptVersion: (f) => (libPath(f) !== undefined ? "lib" : String(state.versions.get(f)?.version ?? 0)),
      getScriptSnapshot: (f) => {
        const text = textOf(f)
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text)
      },
      getCurrentDirectory: () => "/",
      getCompilationSettings: () => options,
      getDefaultLibFileName: (o) => `${LIB_DIR}/${ts.getDefaultLibFileName(o)}`,
      fileExists: (f) => textOf(f) !== undefined,
      readFile: textOf,
      directoryExists: (d) => {
        const dir = d.length > 1 ? d.replace(/\/$/, "") : d
        return state.dirs.has(dir) || dir === LIB_DIR
      },
      useCaseSensitiveFileNames: () => true,
      // TypeScript keeps an unchanged file's module resolutions, failed ones too: a package installed
      // or removed since (its files given or not) must resolve again.
      hasInvalidatedResolutions: () => state.namesChanged
    }
    kept = Object.assign(state, { service: ts.createLanguageService(host, ts.createDocumentRegistry(true, "/")) })
  }
  const state = kept
  const known = new Map([...files].map(([p, t]) => ["/" + p, t]))
  for (const [f, text] of known) {
    const was = state.versions.get(f)
    if (was === undefined || was.text !== text || was.gone === true) state.versions.set(f, { text, version: (was?.version ?? 0) + 1 })
  }
  // A file gone since the last call gets a new version too: a dependency's declaration file is no
  // root of the program, and TypeScript would keep a program whose files all kept their versions.
  for (const [f, was] of state.versions) if (!known.has(f) && was.gone !== true) state.versions.set(f, { text: "", version: was.version + 1, gone: true })
  const dirs = new Set<string>(["/"])
  for (const f of known.keys()) for (let i = f.lastIndexOf("/"); i > 0; i = f.lastIndexOf("/", i - 1)) dirs.add(f.slice(0, i))
  const before = state.known
  state.known = known
  state.dirs = dirs
  if (before.size !== known.size || [...known.keys()].some((f) => !before.has(f))) {
    // One new program resolves every import again; the questions that follow reuse it.
    state.namesChanged = true
    state.service.getProgram()
    state.namesChanged = false
  }
  return { ts, known, service: state.service }
}

/** Runs a question on the kept LanguageService, forgetting it if TypeScript throws. */
const asking = <A>(workspace: WorkspaceScripts, question: (s: ReturnType<typeof workspaceService>) => A): A => {
  try {
    return question(workspaceService(workspace))
  } catch (e) {
    forget()
    throw e
  }
}

/** `Generator` of `(method) Generator<T, …>.return(…)`: the part before the member's name, past its type arguments. */
const containerOf = (parts: ReadonlyArray<{ readonly text: string; readonly kind: string }>): string | undefined => {
  let i = parts.findIndex((p) => p.kind === "methodName" || p.kind === "propertyName") - 1
  if (i < 1 || parts[i]!.text !== ".") return undefined
  i--
  for (let depth = 0; i >= 0 && (depth > 0 || parts[i]!.text === ">"); i--) {
    if (parts[i]!.text === ">") depth++
    else if (parts[i]!.text === "<") depth--
    if (depth === 0) {
      i--
      break
    }
  }
  return i >= 0 && /^[\p{L}_$][\p{L}\p{Nd}_$]*$/u.test(parts[i]!.text) ? parts[i]!.text : undefined
}

/**
 * Where TypeScript's LanguageService would edit to rename the declaration at `offset` of `file`, over
 * exactly these files (workspace path → text) and the standard library, with the tsconfig's module
 * options and libraries. Renames follow export specifiers into importers (no prefix/suffix text: the
 * caller writes shorthand properties itself), unless `prefixAndSuffix` (a member's rename, which no
 * export specifier names: a shorthand or destructured `{ state }` keeps its local's name, and each
 * location says its text around the new name). Undefined when TypeScript cannot rename there;
 * for a member tied to one of the standard library's members, that member's interface or class.
 */
export const typescriptRenameLocations = (
  workspace: WorkspaceScripts,
  file: string,
  offset: number,
  prefixAndSuffix = false
): { readonly locations: ReadonlyArray<RenameLocation> } | { readonly standardLibrary: { readonly container: string; readonly file: string } } | undefined =>
  asking(workspace, ({ ts, known, service }) => {
    const info = service.getRenameInfo("/" + file, offset, { allowRenameOfImportPath: false })
    if (!info.canRename) return undefined
    // A member can be tied to one of the standard library's (it implements Iterator's `return`): the
    // rename would follow it into the library's uses, and the library keeps its name.
    const E = ts.ScriptElementKind
    if ([E.memberFunctionElement, E.memberVariableElement, E.memberGetAccessorElement, E.memberSetAccessorElement].includes(info.kind)) {
      const lib = service.findReferences("/" + file, offset)?.find((r) => r.definition.fileName.startsWith(LIB_DIR + "/"))
      if (lib !== undefined) return { standardLibrary: { container: containerOf(lib.definition.displayParts) ?? lib.definition.containerName, file: lib.definition.fileName.slice(LIB_DIR.length + 1) } }
    }
    const found = service.findRenameLocations("/" + file, offset, false, false, { providePrefixAndSuffixTextForRename: prefixAndSuffix })
    if (found === undefined) return undefined
    // A member's name as a key in string literals (`Pick<Item, 'lane'>`, `keyof Item`), which TypeScript leaves.
    const keys = [E.memberFunctionElement, E.memberVariableElement, E.memberGetAccessorElement, E.memberSetAccessorElement].includes(info.kind)
      ? keyLiterals(ts, service.getProgram()!, [...known.keys()].filter((f) => scriptKindOf(f) !== undefined && !f.includes("/node_modules/")), info.displayName, new Set(found.map((l) => `${l.fileName}:${l.textSpan.start}`)))
      : []
    const offered = new Set(found.map((l) => `${l.fileName}:${l.textSpan.start}`))
    return {
      locations: [
        ...found.filter((l) => known.has(l.fileName)).map((l) => ({
          file: l.fileName.slice(1),
          start: l.textSpan.start,
          length: l.textSpan.length,
          ...(l.prefixText ? { prefix: l.prefixText } : {}),
          ...(l.suffixText ? { suffix: l.suffixText } : {})
        })),
        ...keys.filter((k) => !offered.has(`${k.fileName}:${k.start}`)).map((k) => ({ file: k.fileName.slice(1), start: k.start, length: info.displayName.length }))
      ]
    }
  })

/** Whether a name (an identifier) starts at `offset` of a file: not a comment's or a string's text. */
const nameAt = (ts: typeof TS, source: TS.SourceFile | undefined, offset: number): boolean => {
  let node: TS.Node | undefined = source
  while (node !== undefined) {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.getStart(source) === offset) return true
    node = ts.forEachChild(node, (c) => (c.pos <= offset && offset < c.end ? c : undefined))
  }
  return false
}

/**
 * For each use (a workspace file and a UTF-16 offset), the files of the declarations TypeScript says
 * the name there is ("" for the standard library's); undefined where it knows none (a member of an
 * `any` value); none where no name is there (`.name` found as text in a comment or a string).
 */
export const typescriptDefinitionFiles = (
  workspace: WorkspaceScripts,
  uses: ReadonlyArray<{ readonly file: string; readonly offset: number }>
): ReadonlyArray<ReadonlyArray<string> | undefined> =>
  asking(workspace, ({ ts, service }) =>
    uses.map((u) => {
      if (!nameAt(ts, service.getProgram()?.getSourceFile("/" + u.file), u.offset)) return []
      const found = service.getDefinitionAtPosition("/" + u.file, u.offset)
      return found === undefined || found.length === 0 ? undefined : found.map((d) => (d.fileName.startsWith(LIB_DIR + "/") ? "" : d.fileName.slice(1)))
    }))

/** One completion TypeScript offers, with its signature for the first ones. */
export interface Completion {
  readonly name: string
  readonly kind: string
  readonly signature: string | null
  /** The module an auto-import would bring it from, if it is not in scope. */
  readonly source: string | null
}

/** TypeScript's completions at a UTF-16 offset, in its order; signatures for those in `describe` (by name and source). */
export const typescriptCompletions = (
  workspace: WorkspaceScripts,
  file: string,
  offset: number,
  describe: ReadonlyArray<{ readonly name: string; readonly source: string | null }>
): ReadonlyArray<Completion> | undefined =>
  asking(workspace, ({ ts, service }) => {
    const found = service.getCompletionsAtPosition("/" + file, offset, { includeCompletionsForModuleExports: false, includeCompletionsWithInsertText: true })
    if (found === undefined) return undefined
    const entries = [...found.entries].sort((a, b) => a.sortText.localeCompare(b.sortText) || a.name.localeCompare(b.name))
    const wanted = new Set(describe.map((d) => `${d.name}\0${d.source}`))
    return entries.map((e) => {
      const details = wanted.has(`${e.name}\0${e.source ?? null}`) ? service.getCompletionEntryDetails("/" + file, offset, e.name, undefined, e.source, undefined, e.data) : undefined
      return {
        name: e.name,
        kind: e.kind,
        signature: details === undefined ? null : ts.displayPartsToString(details.displayParts),
        source: e.source ?? null
      }
    })
  })

/** One replacement TypeScript would make: a file (as given), a UTF-16 span and the text for it. */
export interface ScriptTextEdit {
  readonly file: string
  readonly start: number
  readonly length: number
  readonly newText: string
}

/** A module specifier as written (its text between the quotes, UTF-16 offsets of that text). */
export interface ScriptSpecifier {
  readonly file: string
  readonly specifier: string
  readonly start: number
  readonly end: number
  /** `/// <reference path>` rather than an import, export, require or import(). */
  readonly reference?: true
}

/**
 * What TypeScript's "update imports on file rename" (the LanguageService's getEditsForFileRename,
 * what an editor runs when a file is moved) would change for each move of a file or directory,
 * over exactly these files as they are before the move; edits to the moved files are on their old
 * names. With them, every specifier of the `scan` files (TypeScript's own pre-processing scanner),
 * so the caller can tell what TypeScript left alone.
 */
export const typescriptFileRenameEdits = (
  workspace: WorkspaceScripts,
  moves: ReadonlyArray<{ readonly from: string; readonly to: string }>,
  scan: ReadonlyArray<string>
): { readonly edits: ReadonlyArray<ScriptTextEdit>; readonly specifiers: ReadonlyArray<ScriptSpecifier>; readonly config: ReadonlyArray<ScriptTextEdit> } => {
  const { ts, known, service, configFile } = moduleGraphService(workspace, true)
  try {
    const edits: ScriptTextEdit[] = []
    const config: ScriptTextEdit[] = []
    for (const m of moves) {
      const changes = service.getEditsForFileRename("/" + m.from, "/" + m.to, ts.getDefaultFormatCodeSettings("\n"), {})
      for (const c of changes) {
        // The project's own tsconfig: its `paths`, `files`, `include`, `exclude` naming a moved path.
        const into = configFile !== undefined && c.fileName === configFile ? config : known.has(c.fileName) ? edits : undefined
        if (into === undefined) continue
        for (const t of c.textChanges) into.push({ file: c.fileName.slice(1), start: t.span.start, length: t.span.length, newText: t.newText })
      }
    }
    const specifiers: ScriptSpecifier[] = []
    for (const file of scan) {
      const text = known.get("/" + file)
      if (text === undefined) continue
      const info = ts.preProcessFile(text, true, true)
      // An import's pos is its literal's opening quote; a reference's pos..end is the path itself.
      // A literal spelled with escapes is not its text: left out (nothing to rewrite in place).
      for (const r of info.importedFiles) {
        if (text.slice(r.pos + 1, r.pos + 1 + r.fileName.length) === r.fileName) specifiers.push({ file, specifier: r.fileName, start: r.pos + 1, end: r.pos + 1 + r.fileName.length })
      }
      for (const r of info.referencedFiles) if (text.slice(r.pos, r.end) === r.fileName) specifiers.push({ file, specifier: r.fileName, start: r.pos, end: r.end, reference: true })
    }
    return { edits, specifiers, config }
  } finally {
    service.dispose()
  }
}

/**
 * A LanguageService for questions about modules only (which file an import names): the workspace's
 * module options without the standard library, whose binding (lib.dom.d.ts alone is 1.5 MB) would
 * cost seconds for nothing. One-shot: the kept service has the libraries, and a move is rare.
 */
const moduleGraphService = ({ files, tsconfig, conditions }: WorkspaceScripts, withConfigFile = false) => {
  const ts = (whole ??= loadWhole())
  const { lib: _lib, ...rest } = compilerOptions(ts, tsconfig, conditions)
  const options: TS.CompilerOptions = { ...rest, noLib: true }
  // The config as a parsed file of the program: what getEditsForFileRename edits when a path it names moves.
  const root = tsconfig === undefined ? undefined : [...tsconfig.keys()][0]
  const configFile = withConfigFile && root !== undefined ? `/${root}` : undefined
  if (configFile !== undefined) options.configFile = ts.parseJsonText(configFile, tsconfig!.get(root!)!)
  const known = new Map([...files].map(([p, t]) => ["/" + p, t]))
  const dirs = new Set<string>(["/"])
  for (const f of known.keys()) for (let i = f.lastIndexOf("/"); i > 0; i = f.lastIndexOf("/", i - 1)) dirs.add(f.slice(0, i))
  const host: TS.LanguageServiceHost = {
    getScriptFileNames: () => [...known.keys()].filter((f) => scriptKindOf(f) !== undefined),
    getScriptVersion: () => "1",
    getScriptSnapshot: (f) => {
      const text = known.get(f)
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text)
    },
    getCurrentDirectory: () => "/",
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => `${LIB_DIR}/${ts.getDefaultLibFileName(o)}`,
    fileExists: (f) => known.has(f),
    readFile: (f) => known.get(f),
    directoryExists: (d) => dirs.has(d.length > 1 ? d.replace(/\/$/, "") : d),
    useCaseSensitiveFileNames: () => true
  }
  return { ts, known, configFile, service: ts.createLanguageService(host, ts.createDocumentRegistry(true, "/")) }
}
