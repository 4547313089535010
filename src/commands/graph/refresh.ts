/**
 * Building and refreshing the code graph. Incremental by content: a file whose size and change stamp
 * (changeStamp: the later of mtime and ctime) are unchanged is trusted; otherwise it is hashed, and re-parsed only when its BLAKE3 changed. Facts of
 * deleted files go; imports are re-resolved, and references are re-resolved where something they
 * could point at changed.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { ImportFact, RefBinding, SymbolFact } from "../../domain/graph/facts.js"
import { ALWAYS_SKIPPED, BUILD_OUTPUT_NAMES, isBuildOutput } from "../../domain/graph/gitignore.js"
import { graphQueries } from "../../domain/graph/queries.js"
import { DEFERRABLE_INDEXES, FACTS_VERSION, JOURNAL_MODE, MIGRATED, refKindCode, refKindText, resolutionCode, resolutionText, SCOPE_BINDING } from "../../domain/graph/schema.js"
import { type PackageInfo, parsePackageJson, parseTsconfigChain, type ResolveContext, resolveModule, type TsConfigInfo } from "../../domain/graph/resolveModule.js"
import { fileFacts, SCRIPT_LANGUAGES } from "./fileFacts.js"
import { packedRows } from "./packedRows.js"
import { tsconfigChain, tsconfigPrecedence } from "./workspaceScripts.js"
import { pythonSurfaceKept } from "./pythonSurface.js"
import { makeMemberResolver } from "./resolveMembers.js"
import { grammarForPath } from "../../domain/languages.js"
import { WORKSPACE_ROOT } from "../../domain/workspacePath.js"
import type { SpliceError } from "../../domain/SpliceError.js"
import { decodeText, isDecodeFailure } from "../../domain/textContent.js"
import { detached } from "../../domain/detachedString.js"
import { childPath, type DirEntry, FileStore, type ResolvedPath, type WalkedFile, type WorkspacePath } from "../../../services/FileStore.js"
import { GraphDb, type SqlValue } from "../../../services/GraphDb.js"
import { Hasher } from "../../../services/Hasher.js"
import { Output } from "../../../services/Output.js"
import { TreeWatch, type WatchedPath } from "../../../services/TreeWatch.js"
import { ignoredPathChecker, walkTree } from "../tree/walk.js"

const MAX_FILE = 2 * 1024 * 1024
/** What a use of a name needs: a type (`x: T`) or a value (`T.of()`); kinds that provide each. */
type Meaning = "type" | "value" | "namespace"
const MEANING_KINDS: Record<Meaning, ReadonlySet<string>> = {
  namespace: new Set(["namespace", "enum", "class", "module"]),
  type: new Set(["interface", "type", "class", "enum", "namespace", "struct", "trait"]),
  value: new Set(["function", "constant", "variable", "class", "enum", "namespace", "method", "module"])
}

/** Languages whose facts come from TypeScript's parser rather than a tree-sitter query. */
/** Languages whose `Type.member` / `Type::member` qualifiers are types, not modules (see resolveAll). */
const NAMESPACED = new Set(["ruby", "csharp", "php", "kotlin"])
/** Languages whose files see their package's or namespace's other files without an import; the directory stands for it. */
const SAME_DIRECTORY_PACKAGE = new Set(["kotlin", "csharp", "php"])

/**
 * refs.binding_id names a bindings.text: NULL for the tree-sitter languages (resolved by imports and names); else `scope`
 * (bound in the file, symbol_id set at insert), `export:<module>` (`namespace:<module>` where it
 * qualifies a further name), `member:<module>#<export>` (`interface-member:<module>#<export>`: the
 * export must be an interface or object type; a typed object literal's property, `this.a` under `this: T`;
 * `type-member:<module>#<export>`: a member of a value of that type, `p.state` of `p: Props`),
 * `member` (a guess among members by name), `global` (a guess among top-level names).
 */
const bindingColumn = (b: RefBinding | undefined): string | null =>
  b === undefined ? null
    : b.kind === "symbol" ? "scope"
    : b.kind === "export" ? `${b.namespace === true ? "namespace" : "export"}:${b.module}`
    : b.kind === "member" ? `${b.ofInterface === true ? "interface-member" : b.ofType === true ? "type-member" : "member"}:${b.module}#${b.of}`
    : b.kind === "unknown-member" ? "member"
    : "global"
/** Files whose content decides how imports resolve. */
// tsconfig.base.json and the like count too: a tsconfig.json can extend them (baseUrl, paths).
const PROJECT_FILE = /(^|\/)(tsconfig(\.[\w-]+)*\.json|go\.mod|package\.json)$/

export interface RefreshStats {
  readonly files: number
  readonly parsed: number
  readonly removed: number
  /** The paths whose rows went (deleted, moved away, no longer indexable). */
  readonly removedFiles: ReadonlyArray<string>
  readonly unchanged: number
  readonly changed: ReadonlyArray<string>
  readonly ms: number
}

interface DbFile {
  id: number
  path: WorkspacePath
  language: string
  hash: string
  size: number
  mtime: number
}

interface DbSkipped {
  path: WorkspacePath
  size: number
  mtime: number
  reason: string
}

interface DbImport {
  id: number
  file_id: number
  module: string
  names: string
  namespace: string | null
  default_name: string | null
  reexports: string
  wildcard: number
  is_mod: number
  resolved_files: string
  line: number
}

const decoder = new TextDecoder()
const encoder = new TextEncoder()

/** Directories the graph never indexes, ignored or not: dependencies, tools' state, and hidden ones but .github. */
const notIndexed = (name: string) => ALWAYS_SKIPPED.has(name) || (name.startsWith(".") && name !== ".github")

/**
 * The workspace's indexable source files: the tree walk of search and ls (every .gitignore as git
 * reads them), from the root whatever the current directory, without dependencies and without
 * build output (a `dist`, `build` or `target` beside a project manifest: it repeats the sources).
 * A workspace whose only code is build output (a package as published: package.json and dist/)
 * indexes that output rather than nothing.
 */
export const indexableFiles = Effect.gen(function*() {
  const skippingOutput = yield* walkIndexable(true)
  if (skippingOutput.sources.length > 0 || skippingOutput.buildOutput === 0) return skippingOutput
  return yield* walkIndexable(false)
})

const walkIndexable = (skipBuildOutput: boolean) => Effect.gen(function*() {
  const store = yield* FileStore
  const all: WalkedFile[] = []
  const directories: ResolvedPath[] = []
  /** Files with other hard links: written through another name, their directory hears nothing. */
  const linked: ResolvedPath[] = []
  let buildOutput = 0
  const skipDirectory = (name: string, siblings: ReadonlyArray<DirEntry>) => {
    if (notIndexed(name)) return true
    if (!skipBuildOutput || !isBuildOutput(name, siblings.map((e) => e.name))) return false
    buildOutput++
    return true
  }
  yield* walkTree({ paths: [store.root], hidden: true, noIgnore: false, globs: [], skipDirectory, onDirectory: (d) => directories.push(d) }, (batch) =>
    Effect.gen(function*() {
      // Only the files the graph reads are stat'ed (what else a tree holds — docs, data, images —
      // cannot change it); a hard link matters only for them too.
      const relevant = batch.filter((f) => graphRelevant(f.path.relative))
      const stats = yield* store.lstatMany(relevant.map((f) => f.path))
      for (let i = 0; i < relevant.length; i++) {
        const st = stats[i]!
        if (st._tag === "Some" && st.value.kind === "file") {
          all.push({ relative: relevant[i]!.path.relative, size: st.value.size, mtimeMs: changeStamp(st.value) })
          if (st.value.nlink > 1) linked.push(relevant[i]!.path)
        }
      }
    }))
  const projectFiles = all.filter((f) => PROJECT_FILE.test(f.relative))
  const sources = all.filter((f) => {
    const g = grammarForPath(f.relative)
    return g !== undefined && graphQueries[g.language] !== undefined && f.size <= MAX_FILE
  })
  return { sources, projectFiles, directories, linked, buildOutput }
})

/** Everything a watcher must watch for a walk to stay true, .git/info (its exclude file) included. */
const watchedPaths = (directories: ReadonlyArray<ResolvedPath>, linked: ReadonlyArray<ResolvedPath>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const root = yield* store.locate(WORKSPACE_ROOT)
    const git = childPath(root, ".git")
    const info = childPath(git, "info")
    const isDirectory = (p: ResolvedPath) => Effect.map(Effect.option(store.lstat(p)), (st) => st._tag === "Some" && st.value._tag === "Some" && st.value.value.kind === "directory")
    const exclude: WatchedPath[] = (yield* isDirectory(info)) ? [{ absolute: info.absolute }] : (yield* isDirectory(git)) ? [{ absolute: git.absolute, only: "info" }] : []
    return [...directories, ...linked].map((p): WatchedPath => ({ absolute: p.absolute })).concat(exclude)
  })

/**
 * The memo key (GraphDb.memo) of the walk the database was last brought up to date with; the
 * database keeps the same digest in meta `walk` for the next process.
 */
const IN_SYNC_WITH = "refresh:in-sync-with"
/** The memo key set once this database's facts are known to be this build's (FACTS_VERSION). */
const FACTS_CURRENT = "refresh:facts-current"
/** The memo key of the watcher's change count when the walk this database is true to began. */
const WATCHED = "refresh:watched-at"

/** Every indexable and project file as the walk saw it: equal stamps, equal files (by size and mtime). */
const walkStamp = (sources: ReadonlyArray<WalkedFile>, projectFiles: ReadonlyArray<WalkedFile>) =>
  [...sources, ...projectFiles].map((f) => `${f.relative}\u0000${f.size}\u0000${f.mtimeMs}`).join("\n")

/** Rebuild or bring up to date the whole graph: every indexable file of the workspace is looked at. */
export const refreshGraph = (options: { readonly full: boolean; readonly progress: boolean }) =>
  Effect.gen(function*() {
    const started = Date.now()
    const db = yield* GraphDb
    const unchanged = (files: number) => ({ files, parsed: 0, removed: 0, removedFiles: [], unchanged: files, changed: [], ms: Date.now() - started }) satisfies RefreshStats
    // A long-running process (splice mcp) refreshes before every query of a database it keeps open.
    // With a watcher that heard nothing since the walk this database is true to, there is nothing to
    // look at; else the walk decides.
    const watch = yield* Effect.serviceOption(TreeWatch)
    const count = Option.isSome(watch) ? yield* watch.value.changes : undefined
    const watched = db.memo.get(WATCHED) as { readonly count: number; readonly files: number } | undefined
    // Facts an older build extracted (or none yet): every file is indexed again, once.
    const factsCurrent = db.memo.get(FACTS_CURRENT) === true || (yield* db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'facts'"))[0]?.value === FACTS_VERSION
    if (factsCurrent) db.memo.set(FACTS_CURRENT, true)
    const full = options.full || !factsCurrent
    if (!full && count !== undefined && watched?.count === count) return unchanged(watched.files)
    const { sources, projectFiles, directories, linked } = yield* indexableFiles
    // When the walk finds every file as this database's last refresh left them, there is nothing
    // to read (the same test a refresh applies file by file, without loading the files table).
    // A new process finds the digest the last sync recorded in the database.
    const walk = yield* (yield* Hasher).blake3(encoder.encode(walkStamp(sources, projectFiles)))
    const recorded = db.memo.get(IN_SYNC_WITH) ?? (yield* db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'walk'"))[0]?.value
    const stats = !full && recorded === walk ? unchanged(sources.length) : yield* Effect.gen(function*() {
      const onDisk = new Set<string>(sources.map((s) => s.relative))
      return yield* syncGraph({ sources, gone: (p) => !onDisk.has(p), projectFiles, full, trustStat: !full, progress: options.progress, started, walk })
    })
    db.memo.set(IN_SYNC_WITH, walk)
    if (full) db.memo.set(FACTS_CURRENT, true)
    if (db.memo.get(MIGRATED) === true) {
      // Migrated on open and not saved by the sync (nothing changed): saved now, once.
      yield* db.save
      db.memo.delete(MIGRATED)
    }
    // Its garbage, once the sync's own rows and maps are gone: a long-running process gives it back.
    if (stats.parsed >= BULK_FROM) yield* db.settle
    if (Option.isSome(watch) && count !== undefined) {
      // Trusted next time only when everything the walk listed was watched before it began.
      if (yield* watch.value.cover(yield* watchedPaths(directories, linked))) db.memo.set(WATCHED, { count, files: sources.length })
      else db.memo.delete(WATCHED)
    }
    return stats
  })

/** Whether a path can concern the graph at all: a source file of an indexed language, or a project file. */
export const graphRelevant = (path: string): boolean => {
  const g = grammarForPath(path)
  return (g !== undefined && graphQueries[g.language] !== undefined) || PROJECT_FILE.test(path)
}

/**
 * Bring only these paths up to date, without walking the tree (after splice wrote them): each one
 * that is an indexable file now is re-indexed when its content changed; the rows of each one that is
 * gone (deleted, moved away, now ignored) go. The same gitignore rules as the walk decide.
 */
export const refreshPaths = (paths: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const started = Date.now()
    const db = yield* GraphDb
    const relevant = [...new Set(paths)].filter(graphRelevant) as WorkspacePath[]
    const given = new Set<string>(relevant)
    const sources: WalkedFile[] = []
    const current = new Map<string, WalkedFile>()
    const ignored = ignoredPathChecker()
    for (const p of relevant) {
      const file = yield* indexableNow(p, ignored)
      if (file !== undefined) current.set(p, file)
      if (file !== undefined && !PROJECT_FILE.test(p)) sources.push(file)
    }
    // The project files stay as the last refresh recorded them, but for the ones among these paths.
    const stamp = (yield* db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'project_files'"))[0]?.value
    const recorded = stamp === undefined ? [] : (JSON.parse(stamp) as Array<[WorkspacePath, number, number]>).map(([relative, size, mtimeMs]) => ({ relative, size, mtimeMs }))
    const projectFiles = recorded.flatMap((p) => given.has(p.relative) ? (current.has(p.relative) ? [current.get(p.relative)!] : []) : [p])
    for (const p of relevant) if (PROJECT_FILE.test(p) && current.has(p) && !recorded.some((r) => r.relative === p)) projectFiles.push(current.get(p)!)
    const gone = new Set<string>(relevant.filter((p) => !current.has(p)))
    // Rows are read for these paths only; for a very large change set, all of them (SQLite caps a
    // statement's parameters). The database no longer matches any walk's record.
    db.memo.delete(IN_SYNC_WITH)
    return yield* syncGraph({ sources, gone: (p) => gone.has(p), projectFiles, full: false, trustStat: false, progress: false, started, walk: null, ...(relevant.length <= 500 ? { only: relevant } : {}) })
  })

/** Whether one of these directories (a path's, from the root down) is a project's build output. */
const underBuildOutput = (dirs: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    for (let i = 0; i < dirs.length; i++) {
      if (!BUILD_OUTPUT_NAMES.has(dirs[i]!)) continue
      const parent = yield* Effect.option(store.locate((i === 0 ? WORKSPACE_ROOT : dirs.slice(0, i).join("/")) as WorkspacePath))
      if (parent._tag === "None") continue
      const siblings = yield* Effect.orElseSucceed(store.entries(parent.value), () => [])
      if (isBuildOutput(dirs[i]!, siblings.map((e) => e.name))) return true
    }
    return false
  })

/** Whether the graph indexes build output: it holds nothing else (the walk found no other code). */
const buildOutputIndexed = Effect.gen(function*() {
  const db = yield* GraphDb
  const names = [...BUILD_OUTPUT_NAMES]
  const under = names.map((n) => `path GLOB '${n}/*' OR path GLOB '*/${n}/*'`).join(" OR ")
  return (yield* db.all<{ n: number }>(`SELECT 1 AS n FROM files WHERE NOT (${under}) LIMIT 1`)).length === 0
})

/**
 * The "mtime" the graph records and compares: the later of a file's mtime and ctime. A change that
 * keeps size and mtime (`cp -p`, `rsync -a`, `touch -r` after an edit) still moves the ctime, which
 * nobody can set; with the mtime alone such a file was trusted unchanged forever (refs listed calls
 * that were gone, rename failed with SPL-E142 on every try). A chmod moves it too: the file is hashed
 * again, and parsed only if its content changed.
 */
export const changeStamp = (st: { readonly mtimeMs: number; readonly ctimeMs: number }): number => Math.max(st.mtimeMs, st.ctimeMs)

/** A path as the walk would list it (a regular file, not under a skipped or ignored directory, not too large), or undefined. */
const indexableNow = (p: WorkspacePath, ignored: ReturnType<typeof ignoredPathChecker>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const dirs = p.split("/").slice(0, -1)
    if (dirs.some(notIndexed)) return undefined
    if ((yield* underBuildOutput(dirs)) && !(yield* buildOutputIndexed)) return undefined
    if (yield* ignored(p)) return undefined
    const located = yield* Effect.option(store.locate(p))
    if (located._tag === "None") return undefined
    const st = yield* store.lstat(located.value)
    if (st._tag === "None" || st.value.kind !== "file") return undefined
    if (!PROJECT_FILE.test(p) && st.value.size > MAX_FILE) return undefined
    return { relative: p, size: st.value.size, mtimeMs: changeStamp(st.value) } satisfies WalkedFile
  })

interface SyncScope {
  /** Files to index when new or changed. */
  readonly sources: ReadonlyArray<WalkedFile>
  /** Whether an indexed (or skipped) path no longer belongs in the graph. */
  readonly gone: (path: string) => boolean
  readonly projectFiles: ReadonlyArray<WalkedFile>
  /** Re-parse even when the content hash is the same. */
  readonly full: boolean
  /** Trust a file whose size and change stamp match the graph's, without hashing it. */
  readonly trustStat: boolean
  readonly progress: boolean
  readonly started: number
  /** Only these paths' rows are looked at (all when absent). */
  readonly only?: ReadonlyArray<string>
  /**
   * The digest of the whole walk this sync brings the database up to (recorded, so the next process
   * finding the same walk reads nothing), or null: rows changed without a walk, forget the record.
   */
  readonly walk: string | null
}

const rowsFor = (sql: string, only: ReadonlyArray<string> | undefined) =>
  only === undefined ? { sql, params: [] } : { sql: `${sql} WHERE path IN (${only.map(() => "?").join(",")})`, params: only }

/** Apply what the scope found to the database: index new and changed files, drop gone ones, resolve again, save. */
const syncGraph = (scope: SyncScope) =>
  Effect.gen(function*() {
    const started = scope.started
    const store = yield* FileStore
    const hasher = yield* Hasher
    const db = yield* GraphDb
    const output = yield* Output
    const { sources, projectFiles } = scope
    db.memo.delete(IN_SYNC_WITH) // whatever this changes, the last walk no longer describes it

    // Packed (one JSON value): 5,000 files read row by row through sql.js cost ~100 ms.
    const knownQuery = rowsFor("files", scope.only)
    const known = new Map((yield* packedRows<DbFile>(db, ["id", "path", "language", "hash", "size", "mtime"], knownQuery.sql, knownQuery.params)).map((f) => [f.path, f]))
    const skippedQuery = rowsFor("skipped", scope.only)
    const skipped = new Map((yield* packedRows<DbSkipped>(db, ["path", "size", "mtime", "reason"], skippedQuery.sql, skippedQuery.params)).map((s) => [s.path, s]))
    let skipsChanged = false

    const changed: string[] = []
    let added = 0
    const touchedIds = new Set<number>()
    /** Files whose exports changed (a symbol came or went, or what they re-export): their importers resolve again. */
    const exportsChanged = new Set<number>()
    /** Names of symbols that did not exist before: unresolved references to them may now resolve. */
    const addedNames = new Set<string>()
    let parsed = 0
    let unchanged = 0
    let lastReport = Date.now()
    // A full index or a first one loads every row: the indexes it does not read are built after (see DEFERRABLE_INDEXES).
    const bulk = (scope.full || known.size === 0) && sources.length >= BULK_FROM
    // And without a rollback journal: indexed again, every page changes, and the journal kept the old
    // content of each in sql.js's wasm memory, which never shrinks (CPython's graph: 96 MB of it, 33
    // without). Nothing needs one: a refresh that fails is neither committed nor saved, and the
    // database it changed is dropped (GraphDbLive, graphDbCache.ts).
    if (bulk) yield* db.run("PRAGMA journal_mode = OFF")
    yield* db.run("BEGIN")
    if (bulk) for (const i of DEFERRABLE_INDEXES) yield* db.run(`DROP INDEX IF EXISTS ${i.name}`)
    const bindingIds = yield* bindingDictionary
    const nameIds = yield* nameDictionary
    // The ids of the symbols this refresh deletes: references that pointed at them must find a new target.
    yield* db.run("CREATE TEMP TABLE IF NOT EXISTS gone_symbols (id INTEGER PRIMARY KEY)")
    yield* db.run("DELETE FROM temp.gone_symbols")
    for (let i = 0; i < sources.length; i++) {
      yield* db.breathe // a server serves its other calls meanwhile; a cancellation stops the index here (the transaction goes)
      const f = sources[i]!
      const old = known.get(f.relative)
      const skip = skipped.get(f.relative)
      if (scope.trustStat && ((old !== undefined && old.size === f.size && old.mtime === f.mtimeMs) || (skip !== undefined && skip.size === f.size && skip.mtime === f.mtimeMs))) {
        unchanged++
        continue
      }
      const path = yield* store.locate(f.relative)
      const bytes = yield* store.read(path)
      const hash = yield* hasher.blake3(bytes)
      if (!scope.full && old !== undefined && old.hash === hash) {
        yield* db.run("UPDATE files SET size = ?, mtime = ? WHERE id = ?", [f.size, f.mtimeMs, old.id])
        unchanged++
        continue
      }
      const decoded = decodeText(bytes)
      if (isDecodeFailure(decoded)) {
        yield* db.run("INSERT OR REPLACE INTO skipped (path, size, mtime, reason) VALUES (?, ?, ?, ?)", [f.relative, f.size, f.mtimeMs, decoded.reason === "binary" ? "binary" : "not valid UTF-8"])
        skipsChanged = true
        if (old !== undefined) {
          // It was text when indexed: its facts are gone with it.
          yield* deleteFacts(old.id)
          yield* db.run("DELETE FROM files WHERE id = ?", [old.id])
          touchedIds.add(old.id)
          known.delete(f.relative)
          changed.push(f.relative)
        }
        continue
      }
      if (skip !== undefined) {
        yield* db.run("DELETE FROM skipped WHERE path = ?", [f.relative])
        skipsChanged = true
      }
      const grammar = grammarForPath(f.relative)!
      const facts = yield* fileFacts(f.relative, grammar, decoded.text)
      let fileId: number
      // The symbols a file had before, by qualified name, kind and export: one that is still there
      // keeps its id, so references elsewhere that point at it stay right without resolving again.
      const reusable = new Map<string, number[]>()
      let previousReexports = ""
      let surfaceKept = false
      if (old !== undefined) {
        fileId = old.id
        const before = yield* db.all<{ id: number; qualified_name: string; kind: string; exported: number; signature: string; return_type: string | null }>("SELECT id, qualified_name, kind, exported, signature, return_type FROM symbols WHERE file_id = ? ORDER BY id", [fileId])
        for (const p of before) {
          const key = `${p.qualified_name}\0${p.kind}\0${p.exported}`
          reusable.set(key, [...(reusable.get(key) ?? []), p.id])
        }
        const previousImports = (yield* db.all<DbImport>("SELECT * FROM imports WHERE file_id = ? ORDER BY id", [fileId])).map(parseImport)
        previousReexports = reexportsOf(previousImports)
        surfaceKept = grammar.language === "python" && old.language === "python" && pythonSurfaceKept(
          { symbols: before.map((p) => ({ qualifiedName: p.qualified_name, kind: p.kind, exported: p.exported === 1, signature: p.signature, returnType: p.return_type })), imports: previousImports },
          facts
        )
        yield* deleteFacts(fileId)
        yield* db.run("UPDATE files SET language = ?, hash = ?, size = ?, mtime = ?, indexed_at = ? WHERE id = ?", [grammar.language, hash, f.size, f.mtimeMs, new Date().toISOString(), fileId])
      } else {
        yield* db.run("INSERT INTO files (path, language, hash, size, mtime, indexed_at) VALUES (?, ?, ?, ?, ?, ?)", [f.relative, grammar.language, hash, f.size, f.mtimeMs, new Date().toISOString()])
        fileId = yield* db.lastId
        added++
      }
      // Kept ids first (a new row's id is the largest plus one, which may be one of them), then new rows.
      const ids: Array<number | undefined> = facts.symbols.map((s) => reusable.get(`${s.qualifiedName}\0${s.kind}\0${s.exported ? 1 : 0}`)?.shift())
      const row = (s: SymbolFact, id: number | undefined) => [...(id === undefined ? [] : [id]), fileId, s.name, s.kind, s.container, s.qualifiedName, s.signature, s.parameters, s.returnType, s.exported ? 1 : 0,
        s.startByte, s.endByte, s.startLine, s.startColumn, s.endLine, s.endColumn, s.overloads === undefined ? null : JSON.stringify(s.overloads)]
      const SYMBOL_INSERT = "INTO symbols (file_id, name, kind, container, qualified_name, signature, parameters, return_type, exported, start_byte, end_byte, start_line, start_col, end_line, end_col, overloads) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
      const reused = ids.map((id) => id !== undefined)
      const kept = facts.symbols.flatMap((s, i) => (ids[i] === undefined ? [] : [row(s, ids[i])]))
      yield* db.many(`INSERT ${SYMBOL_INSERT.replace("(file_id", "(id, file_id").replace("VALUES (?", "VALUES (?, ?")}`, kept)
      // New rows take ids above every id this refresh removed: SQLite would hand out a removed id
      // again (max + 1), and the references still pointing at the removed symbol would then point
      // at the new one — and be taken for dangling, losing an exact target (a rename undone did that).
      if (ids.some((id) => id === undefined)) {
        const top = (yield* db.all<{ top: number | null }>("SELECT max(coalesce((SELECT max(id) FROM symbols), 0), coalesce((SELECT max(id) FROM temp.gone_symbols), 0)) AS top"))[0]?.top ?? 0
        let next = top + 1
        for (let i = 0; i < ids.length; i++) {
          if (ids[i] !== undefined) continue
          ids[i] = next++
          addedNames.add(detached(facts.symbols[i]!.name))
        }
        const fresh = facts.symbols.flatMap((s, i) => (reused[i] ? [] : [row(s, ids[i])]))
        yield* db.many(`INSERT ${SYMBOL_INSERT.replace("(file_id", "(id, file_id").replace("VALUES (?", "VALUES (?, ?")}`, fresh)
      }
      if (kept.length > 0) yield* db.run(`DELETE FROM temp.gone_symbols WHERE id IN (${kept.map((k) => k[0]).join(",")})`)
      // Python's and Go's members resolve through class bases and types declared elsewhere: their
      // importers always look again. A TS/JS file that only gained symbols does not send them: the
      // references that can bind to a new name are found by that name (addedNames, below).
      // A Python file that kept its surface (pythonSurface.ts) does not send them either.
      if (old === undefined || (!SCRIPT_LANGUAGES.has(grammar.language) && !surfaceKept) || [...reusable.values()].some((l) => l.length > 0) || reexportsOf(facts.imports) !== previousReexports) exportsChanged.add(fileId)
      const nameId = yield* nameIds.idsOf(facts.refs.flatMap((r) => (r.qualifier === null ? [r.name] : [r.name, r.qualifier])))
      const refRows = facts.refs.map((r) => {
        // Bound to a declaration of this file by the parser: exact now, and never resolved again.
        const local = r.binding?.kind === "symbol" ? ids[r.binding.index] ?? null : null
        const binding = bindingColumn(r.binding)
        return [fileId, nameId.get(r.name)!, refKindCode(r.kind), r.qualifier === null ? null : nameId.get(r.qualifier)!, r.startByte, r.endByte, r.startLine, r.startColumn,
          r.enclosing === null ? null : ids[r.enclosing] ?? null, local, resolutionCode(local !== null ? "exact" : "name"), binding === null ? null : bindingIds.idOf(binding)]
      })
      yield* bindingIds.flush
      yield* db.many("INSERT INTO refs (file_id, name_id, kind, qualifier_id, start_byte, end_byte, line, col, enclosing_symbol_id, symbol_id, resolution, binding_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", refRows)
      yield* db.many(
        "INSERT INTO imports (file_id, module, line, names, namespace, default_name, reexports, wildcard, is_mod, resolved_files) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]')",
        facts.imports.map((m) => [fileId, m.module, m.line, JSON.stringify(m.names), m.namespace, m.defaultName, JSON.stringify(m.reexports), m.wildcard ? 1 : 0, m.isModDeclaration ? 1 : 0])
      )
      changed.push(f.relative)
      touchedIds.add(fileId)
      parsed++
      if (scope.progress && Date.now() - lastReport > 500) {
        lastReport = Date.now()
        const rate = Math.round(((i + 1) / (Date.now() - started)) * 1000)
        const done = i + 1
        yield* output.log((t) => t.notes.indexing(done, sources.length, rate))
      }
    }
    for (const s of skipped.values()) {
      if (!scope.gone(s.path)) continue
      yield* db.run("DELETE FROM skipped WHERE path = ?", [s.path])
      skipsChanged = true
    }
    const removed = [...known.values()].filter((f) => scope.gone(f.path))
    for (const f of removed) {
      yield* db.breathe
      yield* deleteFacts(f.id)
      yield* db.run("DELETE FROM files WHERE id = ?", [f.id])
      touchedIds.add(f.id)
      exportsChanged.add(f.id)
    }
    // Import targets depend on which files exist and on tsconfig.json / go.mod: when those are as
    // they were, only the changed files' own imports need resolving again.
    const projectStamp = JSON.stringify(projectFiles.map((p) => [p.relative, p.size, p.mtimeMs]))
    const previousStamp = (yield* db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'project_files'"))[0]?.value
    const layoutChanged = added > 0 || removed.length > 0 || projectStamp !== previousStamp
    if (projectStamp !== previousStamp) yield* db.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('project_files', ?)", [projectStamp])
    if (changed.length > 0 || removed.length > 0 || layoutChanged) {
      // References to symbols that no longer exist lose their target and are resolved again, and so
      // are the references to names the changed files now define.
      const also = new Set<number>()
      // By the deleted ids (an index lookup), not by scanning every reference for a missing target:
      // that scan took ~100 ms on a 75,000-reference graph, and missed ids SQLite had already reused.
      for (const r of yield* db.all<{ file_id: number }>("SELECT DISTINCT file_id FROM refs WHERE symbol_id IN (SELECT id FROM temp.gone_symbols)")) also.add(r.file_id)
      yield* db.run(`UPDATE refs SET symbol_id = NULL, resolution = ${resolutionCode("name")} WHERE symbol_id IN (SELECT id FROM temp.gone_symbols)`)
      if (addedNames.size > 0) {
        // Whatever they are bound to now: a by-name guess may become exact, and an export through
        // one wildcard re-export may now meet the same name through another.
        for (const r of yield* db.all<{ file_id: number }>("SELECT DISTINCT file_id FROM refs WHERE name_id IN (SELECT n.id FROM json_each(?) j JOIN names n ON n.text = j.value) AND (binding_id IS NULL OR binding_id != ?)", [JSON.stringify([...addedNames]), SCOPE_BINDING])) also.add(r.file_id)
      }
      yield* db.breathe
      yield* resolveAll(projectFiles.map((p) => p.relative), touchedIds, exportsChanged, also, layoutChanged)
    }
    // Each of the steps to the end takes up to ~1 s on CPython's standard library: a turn after each.
    if (bulk) {
      for (const i of DEFERRABLE_INDEXES) {
        yield* db.breathe
        yield* db.run(i.create.replace("CREATE INDEX", "CREATE INDEX IF NOT EXISTS"))
      }
    }
    yield* db.breathe
    if (bulk || scope.full) {
      // Texts no reference names any more (their module renamed or gone, the name used nowhere now) go with a full index.
      yield* db.run(`DELETE FROM bindings WHERE id != ${SCOPE_BINDING} AND id NOT IN (SELECT DISTINCT binding_id FROM refs WHERE binding_id IS NOT NULL)`)
      yield* db.run("DELETE FROM names WHERE id NOT IN (SELECT name_id FROM refs UNION SELECT qualifier_id FROM refs WHERE qualifier_id IS NOT NULL)")
    }
    // Only a sync that extracted every file can say the facts are this build's.
    const previousFacts = (yield* db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'facts'"))[0]?.value
    if (scope.full) yield* db.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('facts', ?)", [FACTS_VERSION])
    const factsChanged = scope.full && previousFacts !== FACTS_VERSION
    const previousWalk = (yield* db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'walk'"))[0]?.value
    if (scope.walk === null) yield* db.run("DELETE FROM meta WHERE key = 'walk'")
    else yield* db.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('walk', ?)", [scope.walk])
    yield* db.breathe
    yield* db.run("COMMIT")
    if (bulk) yield* db.run(`PRAGMA journal_mode = ${JOURNAL_MODE}`)
    yield* db.breathe
    // A new walk is saved even when no row changed (files touched, not changed): else every later
    // process would compare every file again.
    const walkChanged = scope.walk !== null && scope.walk !== previousWalk
    if (changed.length > 0 || removed.length > 0 || layoutChanged || skipsChanged || walkChanged || factsChanged || !db.location.existed || db.memo.get(MIGRATED) === true) {
      yield* db.save
      db.memo.delete(MIGRATED)
    }
    return { files: sources.length, parsed, removed: removed.length, removedFiles: removed.map((f) => f.path), unchanged, changed, ms: Date.now() - started } satisfies RefreshStats
  })

/** Update rows `[symbol_id, resolution text, id]` with the resolution as its code. */
const encodeResolutions = (rows: ReadonlyArray<ReadonlyArray<SqlValue>>) => rows.map(([id, how, ref]) => [id!, resolutionCode(String(how)), ref!])

/** A file's references as resolveAll reads them (names and codes as text), but those bound in the file. */
const FILE_REFS = `(SELECT r.id, n.text AS name, ${refKindText("r.kind")} AS kind, q.text AS qualifier, r.enclosing_symbol_id, r.symbol_id, ${resolutionText("r.resolution")} AS resolution, r.binding_id
  FROM refs r JOIN names n ON n.id = r.name_id LEFT JOIN names q ON q.id = r.qualifier_id WHERE r.file_id = ? AND (r.binding_id IS NULL OR r.binding_id != ?) ORDER BY r.id)`

/** Above this many files, a full or first index is a bulk load (see DEFERRABLE_INDEXES). */
const BULK_FROM = 100

/**
 * The bindings table as a dictionary: the id of a binding's text, a new one taking the next id;
 * `flush` writes the new ones (before the references that name them).
 */
const bindingDictionary = Effect.gen(function*() {
  const db = yield* GraphDb
  const ids = new Map((yield* packedRows<{ id: number; text: string }>(db, ["id", "text"], "bindings")).map((b) => [b.text, b.id]))
  let next = SCOPE_BINDING + 1
  for (const id of ids.values()) if (id >= next) next = id + 1
  let fresh: Array<[number, string]> = []
  return {
    idOf: (text: string): number => {
      const known = ids.get(text)
      if (known !== undefined) return known
      const id = next++
      ids.set(detached(text), id)
      fresh.push([id, text])
      return id
    },
    flush: Effect.suspend(() => {
      const rows = fresh
      fresh = []
      return rows.length === 0 ? Effect.void : db.many("INSERT INTO bindings (id, text) VALUES (?, ?)", rows)
    })
  }
})

/**
 * The names table as a dictionary: the ids of a file's reference names and qualifiers, looked up
 * (names.text is unique) and remembered for the rest of the refresh; new texts are inserted with the
 * next ids before the references that use them.
 */
const nameDictionary = Effect.gen(function*() {
  const db = yield* GraphDb
  const ids = new Map<string, number>()
  let next = ((yield* db.all<{ top: number | null }>("SELECT max(id) AS top FROM names"))[0]?.top ?? 0) + 1
  return {
    idsOf: (texts: ReadonlyArray<string>) =>
      Effect.gen(function*() {
        const missing = [...new Set(texts.filter((t) => !ids.has(t)))]
        if (missing.length > 0) {
          for (const n of yield* packedRows<{ id: number; text: string }>(db, ["id", "text"], "names WHERE text IN (SELECT value FROM json_each(?))", [JSON.stringify(missing)])) ids.set(n.text, n.id)
          const fresh: Array<[number, string]> = []
          for (const t of missing) if (!ids.has(t)) {
            ids.set(detached(t), next)
            fresh.push([next++, t])
          }
          yield* db.many("INSERT INTO names (id, text) VALUES (?, ?)", fresh)
        }
        return ids
      })
  }
})

const deleteFacts = (fileId: number) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    yield* db.run("INSERT OR IGNORE INTO temp.gone_symbols (id) SELECT id FROM symbols WHERE file_id = ?", [fileId])
    yield* db.run("DELETE FROM symbols WHERE file_id = ?", [fileId])
    yield* db.run("DELETE FROM refs WHERE file_id = ?", [fileId])
    yield* db.run("DELETE FROM imports WHERE file_id = ?", [fileId])
  })

/** What a file re-exports, as a comparable string: a change there changes what its importers see. */
const reexportsOf = (imports: ReadonlyArray<ImportFact>) =>
  JSON.stringify(imports.filter((i) => i.reexports.length > 0 || i.wildcard || i.namespace !== null).map((i) => [i.module, i.reexports, i.wildcard, i.namespace]))

const parseImport = (r: DbImport): ImportFact => ({
  module: r.module,
  line: r.line,
  names: JSON.parse(r.names),
  namespace: r.namespace,
  defaultName: r.default_name,
  reexports: JSON.parse(r.reexports),
  wildcard: r.wildcard === 1,
  isModDeclaration: r.is_mod === 1
})

interface SymbolRow {
  id: number
  file_id: number
  name: string
  kind: string
  exported: number
  container: string | null
}

/** Re-resolve every import; then the references of files that changed or whose imports point at changed files. */
/** Above this many files to resolve again, every symbol is read at once rather than name by name. */
const PRELOAD_FROM = 8

const resolveAll = (projectFiles: ReadonlyArray<WorkspacePath>, touched: ReadonlySet<number>, exportsChanged: ReadonlySet<number>, also: ReadonlySet<number>, allImports: boolean) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const store = yield* FileStore
    // One JSON row built by SQLite: reading 5,000 rows one by one through sql.js cost ~100 ms.
    const packed = (yield* db.all<{ rows: string }>("SELECT json_group_array(json_array(id, path, language)) AS rows FROM files"))[0]?.rows ?? "[]"
    const files = (JSON.parse(packed) as Array<[number, string, string]>).map(([id, path, language]) => ({ id, path, language }))
    const pathById = new Map(files.map((f) => [f.id, f.path]))
    const idByPath = new Map(files.map((f) => [f.path, f.id]))
    const languageById = new Map(files.map((f) => [f.id, f.language]))
    const tsconfigs: TsConfigInfo[] = []
    const goModules: Array<{ dir: string; module: string }> = []
    const packages: PackageInfo[] = []
    for (const p of projectFiles) {
      const text = decoder.decode(yield* store.read(yield* store.locate(p)))
      const dir = p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : ""
      if (p === "tsconfig.json" || p.endsWith("/tsconfig.json")) {
        // With the configs it extends (tsconfig.base.json, @tsconfig/… in node_modules), nearest first.
        const chain = yield* tsconfigChain(p)
        const order = chain === undefined ? [p] : tsconfigPrecedence(p, chain)
        tsconfigs.push(parseTsconfigChain(order.map((f) => ({ text: f === p ? text : chain!.get(f)!, dir: f.includes("/") ? f.slice(0, f.lastIndexOf("/")) : "" }))))
      } else if (p.endsWith("package.json")) {
        const pkg = parsePackageJson(text, dir)
        if (pkg !== undefined) packages.push(pkg)
      } else if (p.endsWith("go.mod")) {
        const m = /^module\s+(\S+)/m.exec(text)
        if (m) goModules.push({ dir, module: m[1]! })
      }
    }
    const ctx: ResolveContext = { files: new Set(files.map((f) => f.path)), tsconfigs, goModules, packages }

    // Imports per file, loaded when needed; every file's when the layout changed (targets may move),
    // else only the changed files' are resolved again and the rest keep their stored targets.
    const importsByFile = new Map<number, Array<{ fact: ImportFact; targets: number[] }>>()
    const updates: SqlValue[][] = []
    /** Files an import of which now points elsewhere (a tsconfig's paths changed, a target appeared): their references resolve again. */
    const retargeted = new Set<number>()
    const resolveRows = (rows: ReadonlyArray<DbImport>) => {
      for (const r of rows) {
        const fact = parseImport(r)
        const targets = allImports || touched.has(r.file_id)
          ? resolveModule(languageById.get(r.file_id) ?? "", pathById.get(r.file_id) ?? "", fact, ctx)
            .map((p) => idByPath.get(p)).filter((x): x is number => x !== undefined)
          : JSON.parse(r.resolved_files) as number[]
        const json = JSON.stringify(targets)
        if (json !== r.resolved_files) {
          updates.push([json, r.id])
          retargeted.add(r.file_id)
        }
        const list = importsByFile.get(r.file_id) ?? []
        list.push({ fact, targets })
        importsByFile.set(r.file_id, list)
      }
    }
    if (allImports) resolveRows(yield* db.all<DbImport>("SELECT * FROM imports"))
    const importsOf = (fileId: number) =>
      importsByFile.has(fileId) || allImports
        ? Effect.succeed(importsByFile.get(fileId) ?? [])
        : Effect.map(db.all<DbImport>("SELECT * FROM imports WHERE file_id = ?", [fileId]), (rows) => {
          resolveRows(rows)
          if (!importsByFile.has(fileId)) importsByFile.set(fileId, [])
          return importsByFile.get(fileId)!
        })
    for (const id of touched) yield* importsOf(id)

    // Files whose references may resolve differently now: the changed ones, those that import a file
    // whose exports changed (references to symbols that kept their ids stay right).
    const affected = new Set<number>([...touched, ...also, ...retargeted])
    if (allImports) {
      for (const [fileId, list] of importsByFile) {
        if (list.some((i) => i.targets.some((t) => exportsChanged.has(t)))) affected.add(fileId)
      }
    } else if (exportsChanged.size > 0) {
      const ids = [...exportsChanged].join(",")
      for (const r of yield* db.all<{ file_id: number }>(`SELECT DISTINCT i.file_id FROM imports i, json_each(i.resolved_files) j WHERE j.value IN (${ids})`)) affected.add(r.file_id)
    }

    const byName = new Map<string, SymbolRow[]>()
    // Many files to resolve ask for thousands of names: one packed read of every symbol instead, at
    // the first name asked (Python's and Go's references ask the member resolver, which reads its own).
    let preload = affected.size > PRELOAD_FROM
    const preloadAll = Effect.map(packedRows<SymbolRow>(db, ["id", "file_id", "name", "kind", "exported", "container"], "symbols"), (rows) => {
      for (const s of rows) {
        const list = byName.get(s.name)
        if (list === undefined) byName.set(s.name, [s])
        else list.push(s)
      }
    })
    const lookup = (name: string): Effect.Effect<SymbolRow[], SpliceError> =>
      byName.has(name) ? Effect.succeed(byName.get(name)!)
        : preload ? Effect.suspend(() => {
          preload = false
          return Effect.zipRight(preloadAll, lookup(name))
        })
        // Packed: a common name (`map`, `pipe`) has a hundred symbols and more, read row by row at ~15 µs each.
        : Effect.tap(packedRows<SymbolRow>(db, ["id", "file_id", "name", "kind", "exported", "container"], "symbols WHERE name = ?", [name]), (rows) => Effect.sync(() => byName.set(name, rows)))

    /** An exported symbol `name` of file `target`, following its re-exports. */
    /**
     * What a module exports is declared at its top level, in it or in a module it re-exports; a member
     * of the same name is a fallback, looked for only once no module of the chain declares the name at
     * its top level (a member met first on the way, `output` of an interface in a file `export *`
     * passes through, is not the `output` type another file of the chain exports).
     */
    const fromModule = (target: number, name: string, depth: number, meaning?: Meaning): Effect.Effect<number | undefined, SpliceError> =>
      Effect.flatMap(fromModuleAt(target, name, depth, meaning, false), (top) => top !== undefined ? Effect.succeed(top) : fromModuleAt(target, name, depth, meaning, true))
    const fromModuleAt = (target: number, name: string, depth: number, meaning: Meaning | undefined, members: boolean): Effect.Effect<number | undefined, SpliceError> =>
      Effect.gen(function*() {
        if (depth > 6) return undefined
        // TS can export a value and a type under one name (`const X` and `interface X`): the use decides.
        const here = (yield* lookup(name)).filter((s) => s.file_id === target)
        const fits = (s: SymbolRow) => meaning === undefined || MEANING_KINDS[meaning].has(s.kind)
        const pick = (list: ReadonlyArray<SymbolRow>) =>
          list.find((s) => s.exported === 1 && fits(s)) ?? list.find(fits) ?? list.find((s) => s.exported === 1) ?? list[0]
        const best = pick(here.filter((s) => s.container === null)) ?? (members ? pick(here) : undefined)
        if (best !== undefined) return best.id
        for (const i of yield* importsOf(target)) {
          const re = i.fact.reexports.find((n) => (n.alias ?? n.name) === name)
          const original = re?.name ?? (i.fact.wildcard ? name : undefined)
          if (original === undefined) continue
          for (const t of i.targets) {
            const found = yield* fromModuleAt(t, original, depth + 1, meaning, members)
            if (found !== undefined) return found
          }
        }
        return undefined
      })

    /** What a module exports under a name: the same answer for every file that imports it, so asked once per refresh. */
    const exportsCache = new Map<string, number | undefined>()
    const exportedBy = (target: number, name: string, meaning: Meaning | undefined) => {
      const key = `${target}\0${name}\0${meaning ?? ""}`
      return exportsCache.has(key) ? Effect.succeed(exportsCache.get(key)) : Effect.tap(fromModule(target, name, 0, meaning), (id) => Effect.sync(() => exportsCache.set(key, id)))
    }

    /** `name` inside what module file `target` exports as the namespace `of` (`import * as z …; export { z }`, `export * as z from …`). */
    const inNamespaceOf = (target: number, of: string, name: string, meaning: Meaning) =>
      Effect.gen(function*() {
        for (const j of yield* importsOf(target)) {
          if (j.fact.namespace !== of) continue
          for (const u of j.targets) {
            const found = yield* fromModule(u, name, 1, meaning)
            if (found !== undefined) return found
          }
        }
        return undefined
      })

    /** The export `name` of the module a file imports as `module`. */
    const exportOf = (fileImports: ReadonlyArray<{ fact: ImportFact; targets: number[] }>, module: string, name: string, meaning?: Meaning) =>
      Effect.gen(function*() {
        for (const i of fileImports) {
          if (i.fact.module !== module) continue
          for (const t of i.targets) {
            const found = yield* exportedBy(t, name, meaning)
            if (found !== undefined) return found
          }
        }
        return undefined
      })
    const containerOf = (id: number) => Effect.map(db.all<{ file_id: number; qualified_name: string; kind: string }>("SELECT file_id, qualified_name, kind FROM symbols WHERE id = ?", [id]), (rows) => rows[0])

    /**
     * A reference the parser bound (TS/JS): an export of a module or a member of one is exact when
     * the graph has it and unresolved ('none') otherwise (a package outside the workspace); a member
     * of an unknown receiver or a script's global is a guess by name, marked as such.
     */
    const resolveBinding = (binding: string, name: string, refKind: string, fileImports: ReadonlyArray<{ fact: ImportFact; targets: number[] }>, language: string) =>
      Effect.gen(function*(): Effect.fn.Return<readonly [number | null, "exact" | "name" | "none"], SpliceError> {
        const meaning: Meaning | undefined = binding.startsWith("namespace:") ? "namespace" : refKind === "type" ? "type" : refKind === "import" ? undefined : "value"
        if (binding.startsWith("export:") || binding.startsWith("namespace:")) {
          const id = yield* exportOf(fileImports, binding.slice(binding.indexOf(":") + 1), name, meaning)
          return id === undefined ? [null, "none"] : [id, "exact"]
        }
        const ofInterface = binding.startsWith("interface-member:")
        const ofType = binding.startsWith("type-member:")
        const typedCall = ofType && refKind === "call"
        if (binding.startsWith("member:") || ofInterface || ofType) {
          const hash = binding.lastIndexOf("#")
          const module = binding.slice(binding.indexOf(":") + 1, hash)
          const of = binding.slice(hash + 1)
          // `of` may be a path (`Retry.Options` of `Effect.Retry.Options`): an exported namespace, then its members.
          const path = of.split(".")
          let owner = yield* exportOf(fileImports, module, path[0]!, path.length > 1 ? "namespace" : ofInterface || ofType ? "type" : "namespace")
          let found = owner === undefined ? undefined : yield* containerOf(owner)
          for (const [k, segment] of path.slice(1).entries()) {
            const within: { file_id: number; qualified_name: string } | undefined = found
            const inner = within === undefined ? [] : (yield* lookup(segment)).filter((s) => s.file_id === within.file_id && s.container === within.qualified_name)
            // A namespace on the way, a type at the end (a namespace and an interface may share the name).
            const wanted = k < path.length - 2 ? MEANING_KINDS.namespace : MEANING_KINDS.type
            const next = inner.find((s) => wanted.has(s.kind)) ?? inner[0]
            owner = next?.id
            found = next === undefined ? undefined : yield* containerOf(next.id)
          }
          // A literal's property, `this.a` under `this: T`: a member of an interface or object type (a
          // class's static method is not one of its instance's); a typed value's: of a class too.
          const container = found === undefined ? undefined
            : ofInterface ? (found.kind === "interface" || found.kind === "type" ? found : undefined)
            : ofType ? (found.kind === "interface" || found.kind === "type" || found.kind === "class" ? found : undefined)
            : found
          const member = container === undefined ? undefined
            : (yield* lookup(name)).find((s) => s.file_id === container.file_id && s.container === container.qualified_name)
          if (member !== undefined) return [member.id, "exact"]
          if (owner === undefined && !ofInterface && !ofType) {
            for (const i of fileImports) {
              if (i.fact.module !== module) continue
              for (const t of i.targets) {
                const found = yield* inNamespaceOf(t, of, name, meaning ?? "value")
                if (found !== undefined) return [found, "exact"]
              }
            }
          }
          // A call of a member a typed value's type does not declare (an inherited one): a guess by name, as on an unknown receiver.
          if (!typedCall) return [null, "none"]
        }
        const family = SCRIPT_LANGUAGES.has(language) ? SCRIPT_LANGUAGES : new Set([language])
        // A member called on an unknown receiver is a method; one read there is a JSX attribute (the only such read recorded): a property.
        const memberKind = refKind === "call" ? "method" : "property"
        const candidates = (yield* lookup(name)).filter((s) => family.has(languageById.get(s.file_id) ?? "") &&
          (binding === "member" || typedCall ? s.kind === memberKind : s.container === null && s.exported === 0))
        // Several candidates (a class's method and the same class in a .d.ts, two classes' `describe`):
        // no one of them is the guess, so the use counts by name for each (refs, dead-code, rename, delete).
        if (candidates.length > 1) return [null, "name"]
        return candidates.length === 0 ? [null, "none"] : [candidates[0]!.id, "name"]
      })

    // Python and Go have their own scope rules (resolveMembers.ts).
    const members = makeMemberResolver({ db, importsOf, pathById, languageById, preload: affected.size > PRELOAD_FROM })
    const refUpdates: SqlValue[][] = []
    const bindingText = new Map((yield* packedRows<{ id: number; text: string }>(db, ["id", "text"], "bindings")).map((b) => [b.id, b.text]))
    for (const fileId of affected) {
      yield* db.breathe
      const refs = yield* packedRows<{ id: number; name: string; kind: string; qualifier: string | null; enclosing_symbol_id: number | null; symbol_id: number | null; resolution: string; binding_id: number | null }>(
        db, ["id", "name", "kind", "qualifier", "enclosing_symbol_id", "symbol_id", "resolution", "binding_id"], FILE_REFS, [fileId, SCOPE_BINDING])
      const fileImports = yield* importsOf(fileId)
      const language = languageById.get(fileId) ?? ""
      const path = pathById.get(fileId) ?? ""
      const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ""
      // Written as they come (a whole stdlib's would hold half a million rows in memory).
      if (refUpdates.length >= 20_000) yield* db.many("UPDATE refs SET symbol_id = ?, resolution = ? WHERE id = ?", encodeResolutions(refUpdates.splice(0)))
      // A file names the same export many times (`Effect.map` everywhere): each binding, name and kind is resolved once.
      const resolvedHere = new Map<string, readonly [number | null, "exact" | "name" | "none"]>()
      for (const ref of refs) {
        const binding = ref.binding_id === null ? undefined : bindingText.get(ref.binding_id)
        if (binding !== undefined) {
          const key = `${binding}\0${ref.name}\0${ref.kind}`
          let resolved = resolvedHere.get(key)
          if (resolved === undefined) resolvedHere.set(key, resolved = yield* resolveBinding(binding, ref.name, ref.kind, fileImports, language))
          const [id, how] = resolved
          if (id !== ref.symbol_id || how !== ref.resolution) refUpdates.push([id, how, ref.id])
          continue
        }
        if (language === "python" || language === "go") {
          const r = yield* members[language](fileId, ref)
          if (r.target !== ref.symbol_id || r.how !== ref.resolution) refUpdates.push([r.target, r.how, ref.id])
          continue
        }
        let target: number | undefined
        let how: "exact" | "name" = "exact"
        if (ref.qualifier !== null) {
          // pkg.Name(), ns.name(), module.attr, Type::method()
          for (const i of fileImports) {
            const alias = i.fact.namespace ?? i.fact.defaultName ?? i.fact.names.find((n) => (n.alias ?? n.name) === ref.qualifier)?.name ??
              i.fact.module.split(/[/.:]+/).filter((s) => s.length > 0).pop()
            const local = i.fact.namespace ?? i.fact.defaultName ?? i.fact.names.find((n) => (n.alias ?? n.name) === ref.qualifier)?.alias ?? alias
            if (local !== ref.qualifier && alias !== ref.qualifier) continue
            for (const t of i.targets) {
              target = yield* fromModule(t, ref.name, 0)
              if (target !== undefined) break
            }
            if (target !== undefined) break
          }
          if (target === undefined && (language === "rust" || language === "cpp" || language === "java" || NAMESPACED.has(language))) {
            // Type::method(): a method of a type the graph knows (Ruby, C#, PHP, Kotlin: any member,
            // `Money::ZERO`, `Shop::Cart`, of a container whose last segment is the qualifier)
            const candidates = (yield* lookup(ref.name)).filter((s) => s.kind === "method")
            const typed = NAMESPACED.has(language)
              ? yield* db.all<{ id: number }>(`SELECT id FROM symbols WHERE name = ? AND (container = ? OR container LIKE ? OR container LIKE ?)`, [ref.name, ref.qualifier, `%.${ref.qualifier}`, `%::${ref.qualifier}`])
              : yield* db.all<{ id: number }>(`SELECT id FROM symbols WHERE name = ? AND kind = 'method' AND (container = ? OR container LIKE ?)`, [ref.name, ref.qualifier, `%${ref.qualifier}`])
            target = typed[0]?.id ?? (candidates.length === 1 ? candidates[0]!.id : undefined)
          }
        }
        if (target === undefined) {
          const same = (yield* lookup(ref.name)).filter((s) => s.file_id === fileId)
          // A bare call to a method is a call on `this` where the language allows it (Java, C++, Rust's Self).
          const implicitThis = language === "java" || language === "cpp" || language === "csharp" || language === "kotlin" || language === "ruby"
          target = (same.find((s) => s.kind !== "method") ?? (ref.qualifier !== null || implicitThis ? same[0] : undefined))?.id
        }
        if (target === undefined && ref.qualifier === null) {
          for (const i of fileImports) {
            const named = i.fact.names.find((n) => (n.alias ?? n.name) === ref.name)
            const original = named?.name ?? (i.fact.defaultName === ref.name ? "default" : i.fact.wildcard ? ref.name : undefined)
            if (original === undefined) continue
            for (const t of i.targets) {
              target = yield* fromModule(t, original, 0)
              if (target !== undefined) break
            }
            if (target !== undefined) break
          }
        }
        if (target === undefined && (language === "go" || SAME_DIRECTORY_PACKAGE.has(language)) && ref.qualifier === null) {
          // The same package: every .go file of the directory (and, for Kotlin packages, C# and PHP
          // namespaces, which need no import either, the directory's files of that language: no methods).
          const pkg = (yield* lookup(ref.name)).filter((s) => {
            const p = pathById.get(s.file_id) ?? ""
            return (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "") === dir &&
              (language === "go" || (languageById.get(s.file_id) === language && s.kind !== "method"))
          })
          target = pkg[0]?.id
        }
        if (target === undefined) {
          // By name only: the best guess, marked as such.
          how = "name"
          const all = yield* lookup(ref.name)
          const sameLanguage = all.filter((s) => languageById.get(s.file_id) === language)
          target = (sameLanguage.find((s) => s.exported === 1) ?? sameLanguage[0])?.id
        }
        const id = target ?? null
        if (id !== ref.symbol_id || how !== ref.resolution) refUpdates.push([id, how, ref.id])
      }
    }
    yield* db.many("UPDATE refs SET symbol_id = ?, resolution = ? WHERE id = ?", encodeResolutions(refUpdates))
    yield* db.many("UPDATE imports SET resolved_files = ? WHERE id = ?", updates)
  })
