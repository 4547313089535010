/**
 * Where `splice mv` and `splice cp` put things, decided as mv(1) and cp(1) decide it, and how a
 * directory's entries map onto their new place. Pure: the command looks at the disk and asks here.
 */
import { joinWorkspacePath, WORKSPACE_ROOT, type WorkspacePath } from "./workspacePath.js"

/** The last component of a workspace path (the root has none). */
export const baseName = (p: WorkspacePath): string => p.slice(p.lastIndexOf("/") + 1)

/** `inner` is `outer` or lies below it (`a/b` is below `a`; `ab` is not). */
export const isWithin = (outer: WorkspacePath, inner: WorkspacePath): boolean =>
  outer === WORKSPACE_ROOT || inner === outer || inner.startsWith(`${outer}/`)

/** What TO names on disk, as far as the decision needs it. */
export interface ToState {
  readonly path: WorkspacePath
  /** What is there (a symlink to a directory counts as the directory); undefined when nothing is. */
  readonly kind: "directory" | "file" | "other" | undefined
  /** TO was typed with a trailing `/`: it must be a directory. */
  readonly trailingSlash: boolean
}

export type Target =
  /** `into`: TO is a directory, so the source keeps its name inside it (`mv a.ts dir/` → dir/a.ts). */
  | { readonly ok: true; readonly target: WorkspacePath; readonly into: boolean }
  /** `TO/` names nothing, and a file cannot be renamed to a directory name (mv(1): Not a directory). */
  | { readonly ok: false; readonly reason: "missing_directory" }
  /** `TO/` names a file. */
  | { readonly ok: false; readonly reason: "not_a_directory" }

/** The final name of FROM (a file or a directory) given what TO names. */
export const targetOf = (from: WorkspacePath, fromKind: "file" | "directory", to: ToState): Target => {
  if (to.kind === "directory") return { ok: true, target: joinWorkspacePath(to.path, baseName(from)), into: true }
  if (to.trailingSlash) {
    if (to.kind !== undefined) return { ok: false, reason: "not_a_directory" }
    // A directory may be renamed to `new/`; a file needs the directory to exist.
    if (fromKind === "file") return { ok: false, reason: "missing_directory" }
  }
  return { ok: true, target: to.path, into: false }
}

export type TransferProblem = "same_path" | "into_itself"

/** Refusals that need no disk: the same name, or a directory put inside itself. */
export const transferProblem = (from: WorkspacePath, fromKind: "file" | "directory", target: WorkspacePath): TransferProblem | undefined => {
  if (target === from) return "same_path"
  if (fromKind === "directory" && isWithin(from, target)) return "into_itself"
  return undefined
}

/** Two names that differ only in letter case (a rename that case-insensitive file systems see as one name). */
export const caseOnlyDifference = (a: string, b: string): boolean => a !== b && a.toLowerCase() === b.toLowerCase()

/** Where an entry under `fromRoot` goes under `toRoot` (the entry's path relative to the root kept). */
export const mapUnder = (fromRoot: WorkspacePath, toRoot: WorkspacePath, entry: WorkspacePath): WorkspacePath =>
  entry === fromRoot ? toRoot : joinWorkspacePath(toRoot, entry.slice(fromRoot.length + 1))

/** Directories deepest first (a child before its parent): the order to remove them in. */
export const deepestFirst = <A extends { readonly path: WorkspacePath }>(dirs: ReadonlyArray<A>): A[] =>
  [...dirs].sort((a, b) => b.path.split("/").length - a.path.split("/").length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))

/** Permission bits as ls and chmod write them: "0644", "0755", "4755". */
export const octalMode = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, "0")
