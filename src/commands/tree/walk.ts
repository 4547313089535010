/**
 * The one walk of the tree behind `splice search`, `replace`, `ls`, `count` and the code graph: the
 * files under the paths given, in git's path order, honouring .gitignore files the way git does —
 * every directory's own .gitignore (its patterns relative to it), negation, the deepest file
 * deciding first, then .git/info/exclude (not read in a linked worktree, where it lies outside the
 * workspace; nor is git's global excludes file) — never entering an ignored directory, skipping
 * hidden names unless asked, and never following a symbolic link. A path named on the command line
 * is always taken, ignored or not (as ripgrep does); what is inside it is filtered.
 */
import * as Effect from "effect/Effect"
import { errorMessage } from "../../domain/render.js"
import { spliceError, type SpliceError } from "../../domain/SpliceError.js"
import { globFilter } from "../../domain/tree/globFilter.js"
import { compileIgnoreFile, type IgnoreFile } from "../../domain/tree/ignoreFile.js"
import { userPath, WORKSPACE_ROOT, type WorkspacePath } from "../../domain/workspacePath.js"
import { childPath, type DirEntry, FileStore, type ResolvedPath } from "../../../services/FileStore.js"
import { Output } from "../../../services/Output.js"

export interface WalkOptions {
  /** Paths as typed (files or directories); none = the current directory. */
  readonly paths: ReadonlyArray<string>
  /** Include names starting with a dot. */
  readonly hidden: boolean
  /** Do not read .gitignore files or .git/info/exclude. */
  readonly noIgnore: boolean
  readonly globs: ReadonlyArray<string>
  /** How deep to go below each path given: 1 = only what a directory holds directly; undefined = all the way. */
  readonly maxDepth?: number
  /** Another .gitignore matcher (bench/gitignore-truth.mjs measures one against git). */
  readonly ignoreMatcher?: (content: string) => IgnoreFile
  /**
   * Directories never entered besides .git and .splice, ignored or not (the code graph's build and
   * dependency directories), given the entries of the directory that holds them.
   */
  readonly skipDirectory?: (name: string, siblings: ReadonlyArray<DirEntry>, child: ResolvedPath) => boolean
  /** Told of every directory the walk listed (what a watcher must watch to know the walk is still true). */
  readonly onDirectory?: (dir: ResolvedPath) => void
}

/** A file the walk found. */
export interface TreeFile {
  readonly path: ResolvedPath
  /** Named on the command line (searched even when ignored or binary-looking by name). */
  readonly explicit: boolean
}

/** What the walk could not look into, reported rather than failing the whole walk (as ripgrep does). */
export interface WalkSkip {
  readonly path: WorkspacePath
  readonly reason: string
}

/** Never entered: git's own directory and splice's state (the journal holds copies of originals). */
const NEVER_ENTERED = new Set([".git", ".splice"])

interface Level {
  readonly base: WorkspacePath
  readonly file: IgnoreFile
}

const decoder = new TextDecoder()

/** Relative path of `p` from directory `base` (both workspace paths); undefined when `p` is not below it. */
const below = (base: string, p: string): string | undefined =>
  base === WORKSPACE_ROOT ? p : p.startsWith(base + "/") ? p.slice(base.length + 1) : undefined

/**
 * git's order of the names in a directory: a directory sorts as its name followed by a slash
 * (`a.txt` before `a/`, since `.` < `/`), compared without building that string.
 */
const gitOrder = (a: DirEntry, b: DirEntry): number => {
  const n = Math.min(a.name.length, b.name.length)
  for (let i = 0; i < n; i++) {
    const d = a.name.charCodeAt(i) - b.name.charCodeAt(i)
    if (d !== 0) return d
  }
  const x = a.name.length > n ? a.name.charCodeAt(n) : a.kind === "directory" ? 47 : -1
  const y = b.name.length > n ? b.name.charCodeAt(n) : b.kind === "directory" ? 47 : -1
  return x - y
}

/** git's answer for one path: the deepest ignore file with an opinion decides. */
const ignoredBy = (stack: ReadonlyArray<Level>, relative: WorkspacePath, isDir: boolean): boolean => {
  for (let i = stack.length - 1; i >= 0; i--) {
    const level = stack[i]!
    const rel = below(level.base, relative)
    if (rel === undefined) continue
    const v = level.file.verdict(rel, isDir)
    if (v !== undefined) return v
  }
  return false
}

/** A directory's ignore file compiled, or undefined when it has none. */
const readIgnoreFile = (compile: (content: string) => IgnoreFile, dir: ResolvedPath, name: string, entries?: ReadonlyArray<DirEntry>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    if (entries !== undefined && !entries.some((e) => e.name === name && e.kind === "file")) return undefined
    const p = childPath(dir, name)
    if (entries === undefined) {
      // ENOTDIR and the like (`.git` a file, in a linked worktree) are no ignore file either.
      const st = yield* Effect.option(store.lstat(p))
      if (st._tag === "None" || st.value._tag === "None" || st.value.value.kind !== "file") return undefined
    }
    const bytes = yield* Effect.option(store.read(p, { noFollow: true }))
    return bytes._tag === "None" ? undefined : compile(decoder.decode(bytes.value))
  })

/** The ignore files that apply above and at a starting directory: .git/info/exclude, then each directory's .gitignore from the root down. */
const stackFor = (compile: (content: string) => IgnoreFile, start: WorkspacePath) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const root = yield* store.locate(WORKSPACE_ROOT)
    const stack: Level[] = []
    const exclude = yield* readIgnoreFile(compile, childPath(childPath(root, ".git"), "info"), "exclude")
    if (exclude !== undefined) stack.push({ base: WORKSPACE_ROOT, file: exclude })
    const parts = start === WORKSPACE_ROOT ? [] : start.split("/")
    // The start directory's own .gitignore is read when it is entered.
    for (let i = 0; i < parts.length; i++) {
      const dir = (i === 0 ? WORKSPACE_ROOT : parts.slice(0, i).join("/")) as WorkspacePath
      const located = yield* Effect.option(store.locate(dir))
      if (located._tag === "None") continue
      const file = yield* readIgnoreFile(compile, located.value, ".gitignore")
      if (file !== undefined) stack.push({ base: dir, file })
    }
    return stack
  })

/**
 * Walk the paths, calling `visit` with the files as they are found, in name order, a run of a
 * directory's files at a time (a search streams its matches while the walk goes on, and pays for
 * one call per run rather than per file). Returns what could not be read.
 */
export const walkTree = <E, R>(options: WalkOptions, visit: (files: ReadonlyArray<TreeFile>) => Effect.Effect<void, E, R>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const output = yield* Output
    const here = yield* store.resolve(userPath("."))
    const globs = globFilter(options.globs)
    const compile = options.ignoreMatcher ?? compileIgnoreFile
    /** The path from the current directory, which globs with a `/` are matched against. */
    const fromHere = (p: WorkspacePath) => below(here.relative, p) ?? p
    const seen = new Set<string>()
    const skipped: WalkSkip[] = []
    /** Directories not entered because of maxDepth (what ls shows as the tree's edge). */
    const cutoff: WorkspacePath[] = []

    const skip = (path: WorkspacePath, e: SpliceError) =>
      Effect.gen(function*() {
        skipped.push({ path, reason: `${e.code}: ${e.message}` })
        yield* output.log((t) => t.notes.skipped(path, errorMessage(e, t)))
      })

    const enter = (dir: ResolvedPath, stack: ReadonlyArray<Level>, depth: number): Effect.Effect<void, E | SpliceError, R | FileStore | Output> =>
      Effect.gen(function*() {
        const listed = yield* Effect.either(store.entries(dir))
        if (listed._tag === "Left") return yield* skip(dir.relative, listed.left)
        options.onDirectory?.(dir)
        const entries = [...listed.right].sort(gitOrder)
        let levels = stack
        if (!options.noIgnore && entries.some((e) => e.name === ".gitignore")) {
          const own = yield* readIgnoreFile(compile, dir, ".gitignore", entries)
          if (own !== undefined) levels = [...stack, { base: dir.relative, file: own }]
        }
        for (const part of sortOut(dir, entries, levels, depth)) {
          if (Array.isArray(part)) yield* visit(part)
          else yield* enter(part as ResolvedPath, levels, depth + 1)
        }
      })

    /**
     * A directory's entries split, in order, into runs of files to visit and subdirectories to
     * enter (plain code: a walk's per-name work stays out of the effect machinery).
     */
    const sortOut = (dir: ResolvedPath, entries: ReadonlyArray<DirEntry>, levels: ReadonlyArray<Level>, depth: number) => {
      const parts: Array<TreeFile[] | ResolvedPath> = []
      let run: TreeFile[] = []
      for (const e of entries) {
        if (e.kind !== "file" && e.kind !== "directory") continue
        if (NEVER_ENTERED.has(e.name)) continue
        if (!options.hidden && e.name.charCodeAt(0) === 46) continue
        const child = childPath(dir, e.name)
        const isDir = e.kind === "directory"
        if (!options.noIgnore && levels.length > 0 && ignoredBy(levels, child.relative, isDir)) continue
        if (isDir) {
          if (options.skipDirectory?.(e.name, entries, child) === true) continue
          if (globs !== undefined && !globs.directory(fromHere(child.relative))) continue
          // A directory at the last level counted is not entered: what it holds is a level deeper.
          if (options.maxDepth !== undefined && depth + 1 >= options.maxDepth) {
            cutoff.push(child.relative)
            continue
          }
          if (run.length > 0) parts.push(run)
          run = []
          parts.push(child)
        } else {
          if (globs !== undefined && !globs.file(fromHere(child.relative))) continue
          if (seen.has(child.relative)) continue
          seen.add(child.relative)
          run.push({ path: child, explicit: false })
        }
      }
      if (run.length > 0) parts.push(run)
      return parts
    }

    const starts = options.paths.length === 0 ? ["."] : options.paths
    for (const typed of starts) {
      const path = yield* store.resolve(userPath(typed))
      const st = yield* store.stat(path)
      if (st._tag === "None") {
        return yield* Effect.fail(spliceError("SPL-E020", `no such file or directory: ${typed}`, { context: { file: typed, path: path.relative } }))
      }
      if (st.value.kind === "directory") {
        if (options.maxDepth === 0) continue
        const stack = options.noIgnore ? [] : yield* stackFor(compile, path.relative)
        yield* enter(path, stack, 0)
      } else if (st.value.kind === "file") {
        if (seen.has(path.relative)) continue
        seen.add(path.relative)
        yield* visit([{ path, explicit: true }])
      } else {
        return yield* Effect.fail(spliceError("SPL-E065", `not a regular file or directory (${st.value.kind}): ${typed}`, { context: { file: path.relative, kind: st.value.kind } }))
      }
    }
    return { skipped, cutoff }
  })

/**
 * Whether git ignores a workspace path (a file, or a directory with `isDir`): a directory above it
 * is ignored, or the path itself is, by the .gitignore files from the root down and
 * .git/info/exclude — the walk's answer for one path, without walking (after a write). Each
 * checker reads every ignore file once, however many paths it is asked about.
 */
export const ignoredPathChecker = () => {
  /** Each directory's compiled .gitignore (undefined: it has none), and .git/info/exclude under "". */
  const files = new Map<string, IgnoreFile | undefined>()
  const fileOf = (key: string, dir: WorkspacePath | undefined) =>
    Effect.gen(function*() {
      if (files.has(key)) return files.get(key)
      const store = yield* FileStore
      let file: IgnoreFile | undefined
      if (dir === undefined) {
        const root = yield* store.locate(WORKSPACE_ROOT)
        file = yield* readIgnoreFile(compileIgnoreFile, childPath(childPath(root, ".git"), "info"), "exclude")
      } else {
        const located = yield* Effect.option(store.locate(dir))
        file = located._tag === "None" ? undefined : yield* readIgnoreFile(compileIgnoreFile, located.value, ".gitignore")
      }
      files.set(key, file)
      return file
    })
  return (path: WorkspacePath, isDir = false) =>
    Effect.gen(function*() {
      const parts = path.split("/")
      const stack: Level[] = []
      const exclude = yield* fileOf("", undefined)
      if (exclude !== undefined) stack.push({ base: WORKSPACE_ROOT, file: exclude })
      // Every directory from the root to the path's own, each one's .gitignore (patterns relative to it).
      for (let i = 0; i < parts.length; i++) {
        const dir = (i === 0 ? WORKSPACE_ROOT : parts.slice(0, i).join("/")) as WorkspacePath
        const file = yield* fileOf(`/${dir}`, dir)
        if (file !== undefined) stack.push({ base: dir, file })
        // A directory is judged by the files above it (and its own parent's), before its contents.
        if (i > 0 && ignoredBy(stack.slice(0, file === undefined ? stack.length : -1), dir, true)) return true
      }
      return ignoredBy(stack, path, isDir)
    })
}
