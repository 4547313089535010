import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type { SpliceError } from "../src/domain/SpliceError.js"
import { joinWorkspacePath, type UserPath, type WorkspacePath } from "../src/domain/workspacePath.js"

export type { UserPath, WorkspacePath }

/**
 * The workspace and its files. Every path goes through `resolve`, which keeps it inside the
 * workspace jail; every write is atomic (a reader sees the old bytes or the new, never a mix).
 *
 * Errors are SpliceErrors with the code of what went wrong: SPL-E020 missing, SPL-E021 unreadable,
 * SPL-E061/E062 outside the workspace, SPL-E065 not a regular file, SPL-E066 bad path,
 * SPL-E081 disk full, SPL-E082 permission denied, SPL-E083 other I/O.
 */

export interface ResolvedPath {
  /** Absolute path of the file itself (symlinks inside the workspace resolved). */
  readonly absolute: string
  /** Path relative to the workspace root: the name used in output, the journal, locks and the graph. */
  readonly relative: WorkspacePath
}

export type FileKind = "file" | "directory" | "symlink" | "fifo" | "socket" | "device" | "other"

export interface FileInfo {
  readonly kind: FileKind
  readonly size: number
  /** Permission bits (e.g. 0o644). */
  readonly mode: number
  readonly nlink: number
  readonly mtimeMs: number
  /**
   * When the file last changed in any way (its inode: content, mode, names). Unlike the mtime, nobody
   * can set it: a copy that keeps size and mtime (`cp -p`, `rsync -a`, `touch -r`) still moves it.
   */
  readonly ctimeMs: number
  /** The file's identity (device and inode): two names of one hard-linked file share it. */
  readonly identity: string
  readonly uid: number
  readonly gid: number
}

/** What a file held when it was read: the guard against a writer that ignores splice's locks. */
export interface ExpectedFile {
  readonly size: number
  readonly mtimeMs: number
  readonly identity: string
  /** Compared when size, mtime or identity moved (a touch that kept the content is no change). */
  readonly bytes: Uint8Array
}

export interface WalkedFile {
  readonly relative: WorkspacePath
  readonly size: number
  readonly mtimeMs: number
  /** Given by `walk` (see FileInfo.ctimeMs): a copy that kept size and mtime still moved it. */
  readonly ctimeMs?: number
}

/**
 * A file's next content written beside it (a temp file, its mode and owner set) and being flushed
 * to disk on a worker thread: `publish` renames it over the file, `discard` removes it. What a
 * FileStore keeps in it is its own business.
 */
export interface StagedWrite {
  readonly target: ResolvedPath
}

/** One name in a directory, with what it is (symbolic links are reported as such, not followed). */
export interface DirEntry {
  readonly name: string
  readonly kind: FileKind
}

/**
 * A regular file read for a search: its bytes, `binary` when a NUL byte came up in its first bytes
 * (the rest unread), or the error that kept it from being read.
 */
export type ScannedFile =
  | { readonly kind: "text"; readonly bytes: Uint8Array }
  | { readonly kind: "binary"; readonly size: number }
  | { readonly kind: "error"; readonly error: SpliceError }

export interface FileStoreService {
  /** Absolute path of the workspace root. */
  readonly root: string
  /**
   * Resolve a path the user typed: a relative one is taken from the current directory when that is
   * inside the workspace, else from the workspace root. Fails when the result escapes the workspace.
   */
  readonly resolve: (path: UserPath) => Effect.Effect<ResolvedPath, SpliceError>
  /**
   * Locate a workspace path (one splice stored or derived: journal entries, lock keys, graph rows,
   * its own state), always from the workspace root, whatever the current directory. Fails when
   * symlinks lead it outside the workspace.
   */
  readonly locate: (path: WorkspacePath) => Effect.Effect<ResolvedPath, SpliceError>
  /**
   * Resolve a path the user typed to the name itself: as `resolve`, except that a symlink in the
   * last component is not followed (the link is what is named: what mv, cp and rm act on). The
   * directories leading to it are resolved and jailed as `resolve` does.
   */
  readonly resolveName: (path: UserPath) => Effect.Effect<ResolvedPath, SpliceError>
  /** `locate` for the name itself: a symlink in the last component is not followed (as `resolveName`). */
  readonly locateName: (path: WorkspacePath) => Effect.Effect<ResolvedPath, SpliceError>
  /** Metadata, or None when nothing is there. */
  readonly stat: (p: ResolvedPath) => Effect.Effect<Option.Option<FileInfo>, SpliceError>
  /** Metadata of the name itself: a symlink is reported as one, not followed. */
  readonly lstat: (p: ResolvedPath) => Effect.Effect<Option.Option<FileInfo>, SpliceError>
  /**
   * lstat of many names in one call, in order: a tree walk looks at thousands of files before every
   * graph query of `splice mcp`, and one effect per file was most of that query's time.
   */
  readonly lstatMany: (ps: ReadonlyArray<ResolvedPath>) => Effect.Effect<ReadonlyArray<Option.Option<FileInfo>>, SpliceError>
  /** The target a symbolic link holds, as written in the link (relative or absolute); None when the name is not a link. */
  readonly readLink: (p: ResolvedPath) => Effect.Effect<Option.Option<string>, SpliceError>
  /**
   * The bytes of a regular file. Never blocks on a FIFO or device (SPL-E065 instead); with
   * `noFollow`, a symlink is refused (SPL-E065) rather than followed.
   */
  readonly read: (p: ResolvedPath, options?: {
    readonly noFollow?: boolean
    /** At most this many bytes, from the start: a file's head (a journal entry's records before its originals). */
    readonly limit?: number
  }) => Effect.Effect<Uint8Array, SpliceError>
  /**
   * writeAtomic in two steps, so that the flushes of many files (and the journal's) overlap instead
   * of following one another: `stage` writes the temp file beside an existing file and starts its
   * fsync on a worker thread; `publish` waits for that flush, checks `expect` and that the
   * directory is the one staged in (SPL-E034, SPL-E062 as writeAtomic), and renames; the directory
   * is NOT fsynced: `syncDirectories` does that for all the files published, at once, before
   * anything may call them durable. Always a rename (a hard-linked file's other names keep the
   * old content, as with writeAtomic's `splitLinks`). `discard` removes a temp file not published
   * (after its flush settled); publishing or discarding twice is a no-op.
   */
  readonly stage: (p: ResolvedPath, data: Uint8Array, options?: { readonly mode?: number }) => Effect.Effect<StagedWrite, SpliceError>
  readonly publish: (staged: StagedWrite, options?: { readonly expect?: ExpectedFile }) => Effect.Effect<void, SpliceError>
  readonly discard: (staged: StagedWrite) => Effect.Effect<void>
  /** fsync these files' directories (each once, all at the same time): the renames in them made durable. */
  readonly syncDirectories: (files: ReadonlyArray<ResolvedPath>) => Effect.Effect<void, SpliceError>
  /**
   * Replace (or create) the file atomically and durably: temp file in the same directory, write,
   * fsync, rename, fsync the directory. A hard-linked file is rewritten in place (inode kept).
   * The owner and group of a replaced file are kept where the process may set them.
   * With `expect`, the target is checked again right before the rename (or the in-place rewrite):
   * if another program changed it since it was read, SPL-E034 and nothing is replaced. The
   * directory is checked to be the one resolved (not swapped for a symlink meanwhile): SPL-E062.
   */
  readonly writeAtomic: (
    p: ResolvedPath,
    data: Uint8Array,
    options?: {
      readonly mode?: number
      readonly expect?: ExpectedFile
      /**
       * Replace the name even when the file is hard-linked (its other names keep the old file): for
       * a file that was not linked when splice planned the write, as a file moved in by `mv` is not.
       */
      readonly splitLinks?: boolean
      /**
       * Rewrite the file in place even when it has one name (its inode kept: a moved file whose
       * bytes the transaction changes stays the same file). Not atomic for readers; a crash can tear
       * it, which the journal's copy covers. Ignored when nothing is there.
       */
      readonly inPlace?: boolean
      /** false: atomic but not fsynced (a cache that is rebuilt when lost). Default true. */
      readonly durable?: boolean
    }
  ) => Effect.Effect<void, SpliceError>
  /**
   * Create a file that must not exist yet (never replaces). SPL-E033 when it exists. `sync`:
   * `full` (the default) — atomic and durable, name included (temp, fsync, link, directory fsync);
   * `data` — written in place and fsynced, its name made durable by the caller's next directory
   * fsync (a crash can leave it partial: for files read only once a later atomic write vouches for
   * them, as a journal entry's originals before its intent); `named` — written in place, fdatasynced,
   * then its directory fsynced (durable, name included, with one file created: a crash before it
   * returns can leave it partial, for files whose reader tells a torn write, as a journal entry);
   * `none` — not synced (advisory files).
   */
  readonly createExclusive: (
    p: ResolvedPath,
    data: Uint8Array,
    options?: { readonly mode?: number; readonly sync?: "full" | "data" | "named" | "none" }
  ) => Effect.Effect<void, SpliceError>
  /**
   * Write `data` over an existing regular file from its start, so that it holds exactly `data`
   * (never followed through a symlink, never created: ENOENT when it is gone), and fdatasync it
   * (unless `sync` is false: flushData later). No directory fsync: the file's name was
   * made durable before (a journal's spare: created, then its directory fsynced). A crash before it
   * returns can leave the old bytes with any prefix of the new ones written over them.
   */
  readonly fill: (p: ResolvedPath, data: Uint8Array, options?: { readonly sync?: boolean }) => Effect.Effect<void, SpliceError>
  /**
   * fdatasync a regular file written without a flush (never followed through a symlink); `withName`:
   * fsync its directory too, so that its name is durable as well (a file just created).
   */
  readonly flushData: (p: ResolvedPath, options?: { readonly withName?: boolean }) => Effect.Effect<void, SpliceError>
  /** Cut a regular file (never followed through a symlink) to `size` bytes; not synced. */
  readonly truncate: (p: ResolvedPath, size: number) => Effect.Effect<void, SpliceError>
  /** Remove a file; removing a missing file succeeds. */
  readonly remove: (p: ResolvedPath) => Effect.Effect<void, SpliceError>
  /** Names in a directory (empty when it does not exist). */
  readonly list: (dir: ResolvedPath) => Effect.Effect<ReadonlyArray<string>, SpliceError>
  /** The names in a directory with their kinds, in no set order (one readdir: no stat per name; the walk orders them as git does). */
  readonly entries: (dir: ResolvedPath) => Effect.Effect<ReadonlyArray<DirEntry>, SpliceError>
  /**
   * Regular files read one after the other for a search, each handed to `each` as soon as it is
   * read: when a file's first `probe` bytes hold a NUL byte it is binary and the rest is not read
   * (a search skips it, as ripgrep and git grep do); a symbolic link is refused (SPL-E065), as with
   * `read`'s `noFollow`; a file that cannot be read is handed over as its error. The bytes are only
   * valid during the call to `each` (one buffer serves every file: no garbage per file).
   */
  readonly scanEach: (paths: ReadonlyArray<ResolvedPath>, probe: number, each: (path: ResolvedPath, file: ScannedFile) => void) => Effect.Effect<void>
  /** Create a directory and its parents; with `mode`, the directory itself gets exactly that mode. */
  readonly makeDirectory: (dir: ResolvedPath, options?: { readonly mode?: number }) => Effect.Effect<void, SpliceError>
  /**
   * Every regular file under a directory (symbolic links are not followed), as workspace-relative
   * paths with size and mtime; directories for which `prune` says true are not entered.
   */
  readonly walk: (
    dir: ResolvedPath,
    prune: (relativeDir: string, name: string) => boolean
  ) => Effect.Effect<ReadonlyArray<WalkedFile>, SpliceError>
  /**
   * fsync a directory (the names in it made durable), on a worker thread where the platform has one:
   * a long-running process (splice mcp) keeps serving while the flush runs.
   */
  readonly syncDirectory: (dir: ResolvedPath) => Effect.Effect<void, SpliceError>
  /**
   * Rename a file or directory within the workspace (not across devices); the target must not exist.
   * Durable (the directory fsynced) unless `durable` is false: then a crash can leave either name,
   * for a caller whose reader takes both to mean the same (a journal file renamed at its begin).
   */
  readonly rename: (from: ResolvedPath, to: ResolvedPath, options?: { readonly durable?: boolean }) => Effect.Effect<void, SpliceError>
  /**
   * Give a file (or a symlink, never followed) another name, keeping the file itself: content, mode,
   * owner, timestamps and its other hard links. Durable (both directories fsynced). Without
   * `replace`, fails with SPL-E033 when `to` exists, atomically (link, then unlink the old name);
   * with it, `to` is replaced atomically (rename). Across devices the file is copied (temp, fsync)
   * and the old name removed. `expect` guards `from`, `expectTarget` the file `to` replaces, as
   * writeAtomic's `expect` does (SPL-E034 when another program changed it).
   */
  readonly moveFile: (
    from: ResolvedPath,
    to: ResolvedPath,
    options: { readonly replace: boolean; readonly expect?: ExpectedFile; readonly expectTarget?: ExpectedFile }
  ) => Effect.Effect<void, SpliceError>
  /**
   * Give a directory another name as a whole (one rename(2)): everything in it goes along and it
   * stays the same directory (inode, mode, timestamps). `from` must still be the directory with
   * `identity` (SPL-E034 when it is not), and nothing may be at `to` (SPL-E033). Durable (both
   * parent directories fsynced). Across devices nothing is moved: SPL-E083 with errno EXDEV.
   */
  readonly moveDirectory: (from: ResolvedPath, to: ResolvedPath, options: { readonly identity: string }) => Effect.Effect<void, SpliceError>
  /** Create a symbolic link holding `target` (durably); SPL-E033 when the name exists. */
  readonly symlink: (target: string, p: ResolvedPath) => Effect.Effect<void, SpliceError>
  /** Remove a directory tree (used to prune the journal). */
  readonly removeDirectory: (dir: ResolvedPath) => Effect.Effect<void, SpliceError>
  /**
   * Remove a directory only when it is empty (rmdir): true when removed, false when it is missing
   * or holds something (what a rollback must never delete).
   */
  readonly removeEmptyDirectory: (dir: ResolvedPath) => Effect.Effect<boolean, SpliceError>
}

export class FileStore extends Context.Tag("splice/FileStore")<FileStore, FileStoreService>() {}

/**
 * What a file is now, as far as a stat tells (kind, identity, mode, size, modification time;
 * "absent"): a cache of something read from it is good while its stamp stays the same. An atomic
 * replace gives a new identity; an in-place rewrite a new mtime (nanoseconds on the usual file
 * systems); a chmod (a file made readable again) a new mode.
 */
export const fileStamp = (st: Option.Option<FileInfo>): string =>
  st._tag === "None" ? "absent" : `${st.value.kind}:${st.value.identity}:${st.value.mode}:${st.value.size}:${st.value.mtimeMs}`

/** Join a workspace-relative directory and a name. */
export const childPath = (dir: ResolvedPath, name: string): ResolvedPath => ({
  absolute: `${dir.absolute}/${name}`,
  relative: joinWorkspacePath(dir.relative, name)
})
