/**
 * What `splice mv`, `cp` and `rm` act on: a file, or a directory with everything under it, listed
 * without following symlinks; and the refusals that keep every one of them undoable.
 */
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"
import type { WorkspacePath } from "../domain/workspacePath.js"
import { childPath, type FileInfo, FileStore, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { refuseReserved } from "./textTarget.js"

export interface ListedFile {
  readonly path: ResolvedPath
  readonly info: FileInfo
}

export interface ListedDir {
  readonly path: WorkspacePath
  readonly mode: number
}

export interface ListedLink {
  readonly path: ResolvedPath
  /** What it points to, as written (never followed). */
  readonly target: string
}

export interface Listing {
  /** Regular files, by path. */
  readonly files: ReadonlyArray<ListedFile>
  /** Directories, the root first, each before what it holds. */
  readonly dirs: ReadonlyArray<ListedDir>
  /** Symbolic links, by path: acted on as links (moved, copied, removed), never followed. */
  readonly links: ReadonlyArray<ListedLink>
  /** Anything else: FIFOs, sockets, devices. */
  readonly others: ReadonlyArray<{ readonly path: WorkspacePath; readonly kind: string }>
}

const byPath = <A extends { readonly path: ResolvedPath }>(a: A, b: A) => (a.path.relative < b.path.relative ? -1 : a.path.relative > b.path.relative ? 1 : 0)

/** The entry at `root` (lstat'ed as `info`) and, for a directory, everything below it. */
export const listTree = (root: ResolvedPath, info: FileInfo) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const files: ListedFile[] = []
    const dirs: ListedDir[] = []
    const links: ListedLink[] = []
    const others: Array<{ path: WorkspacePath; kind: string }> = []
    /** Whether to look inside. */
    const visit = (p: ResolvedPath, st: FileInfo) =>
      Effect.gen(function*() {
        if (st.kind === "file") files.push({ path: p, info: st })
        else if (st.kind === "directory") {
          dirs.push({ path: p.relative, mode: st.mode })
          return true
        } else if (st.kind === "symlink") {
          // Option: none when it stopped being a link since the look (then it is not acted on).
          const target = yield* store.readLink(p)
          if (target._tag === "Some") links.push({ path: p, target: target.value })
        }
        else others.push({ path: p.relative, kind: st.kind })
        return false
      })
    const queue = (yield* visit(root, info)) ? [root] : []
    while (queue.length > 0) {
      const dir = queue.shift()!
      for (const name of yield* store.list(dir)) {
        const child = childPath(dir, name)
        const st = yield* store.lstat(child)
        // Gone between the listing and the look: nothing to act on.
        if (st._tag === "Some" && (yield* visit(child, st.value))) queue.push(child)
      }
    }
    return { files: files.sort(byPath), dirs, links: links.sort(byPath), others } satisfies Listing
  })

/**
 * What the journal cannot keep is refused before anything is touched: a FIFO, socket or device
 * (no bytes to keep, and opening one can block); and splice's own state or a .git directory
 * anywhere in the tree.
 */
export const refuseUnjournaled = (tree: Listing, verb: string, allowGitDir: boolean) =>
  Effect.gen(function*() {
    const bad = tree.others[0]
    if (bad !== undefined) {
      const more = tree.others.length > 1 ? ` (and ${tree.others.length - 1} more)` : ""
      return yield* Effect.fail(spliceError("SPL-E065", `cannot ${verb} ${bad.path}: it is a ${bad.kind}${more}; splice ${verb}s regular files, symbolic links and directories only`, {
        context: { file: bad.path, kind: bad.kind }
      }))
    }
    for (const d of tree.dirs) yield* refuseReserved({ relative: d.path }, allowGitDir)
    for (const f of [...tree.files, ...tree.links]) yield* refuseReserved(f.path, allowGitDir)
  })

export interface SourceFile extends ListedFile {
  readonly bytes: Uint8Array
  readonly checksum: string
}

/** A file's bytes (never through a symlink) and BLAKE3, within --max-bytes: the journal keeps a copy. */
export const readSource = (f: ListedFile, maxBytes: number) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    if (f.info.size > maxBytes) {
      return yield* Effect.fail(spliceError("SPL-E064", `${f.path.relative} is ${f.info.size} bytes, over the limit of ${maxBytes}`, {
        hint: "The journal keeps a copy of every file moved, copied over or removed; raise --max-bytes to allow larger ones.",
        context: { file: f.path.relative, size: f.info.size, max_bytes: maxBytes }
      }))
    }
    const bytes = yield* store.read(f.path, { noFollow: true })
    return { ...f, bytes, checksum: yield* hasher.blake3(bytes) } satisfies SourceFile
  })
