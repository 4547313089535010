/**
 * A directory moved as a whole: `splice mv dir new` is one rename(2) of the directory when nothing is
 * at the new name and both names are on one device, so that everything in it goes along (files
 * splice never listed — ignored, untracked, made meanwhile — included) and it stays the same
 * directory (inode, mode, timestamps). The files in it keep their own journal entries and move
 * pairings: what they held is checked, and a file whose imports mv rewrote gets its bytes after the
 * rename. Those writes are "carried": the rename moved them, nothing else does.
 *
 * Going back (rollback, recovery) renames that directory back first, one step at a time, each
 * decided from what the two names hold now, so a crash between steps leaves a state the next pass
 * decides from again; the files then find themselves home. A state no step explains (someone else's
 * directory at either name) is left to the per-file way back, which moves what is ours and leaves
 * the rest as conflicts.
 */
import { isWithin, mapUnder } from "./fileTransfer.js"
import type { WorkspacePath } from "./workspacePath.js"

/** The device part of an identity (`dev:ino`, or the memory disk's `mem:dir:N`). */
const deviceOf = (identity: string): string => identity.slice(0, identity.lastIndexOf(":"))

/**
 * mv gives the directory its new name as a whole when nothing is at that name and the nearest
 * directory that exists above it is on the directory's device (else rename(2) fails with EXDEV, and
 * the files are moved one by one, copied across).
 */
export const movesWhole = (source: { readonly kind: string; readonly identity: string }, targetTaken: boolean, targetParentIdentity: string | undefined): boolean =>
  source.kind === "directory" && !targetTaken && targetParentIdentity !== undefined && deviceOf(targetParentIdentity) === deviceOf(source.identity)

/** One directory moved as a whole (by workspace path). */
export interface DirMovePaths {
  readonly from: WorkspacePath
  readonly to: WorkspacePath
}

/** `inner` lies strictly below `outer`. */
const below = (outer: WorkspacePath, inner: WorkspacePath) => inner !== outer && isWithin(outer, inner)

/**
 * A file's move is carried by a directory's when the file lies inside the directory's old name and
 * goes to the same place inside its new one.
 */
export const carriesMove = (dir: DirMovePaths, from: WorkspacePath, to: WorkspacePath): boolean =>
  below(dir.from, from) && mapUnder(dir.from, dir.to, from) === to

/**
 * A name the move of the directory empties or fills by itself: inside its old or its new name (a
 * file's old name, a link removed or made, a directory of the tree).
 */
export const carriesName = (dir: DirMovePaths, path: WorkspacePath): boolean => isWithin(dir.from, path) || isWithin(dir.to, path)

/** What one of the two names holds now. */
export interface DirNow {
  readonly kind: "absent" | "directory" | "other"
  /** A directory's identity (device and inode). */
  readonly identity?: string
  /** A directory holds nothing. */
  readonly empty?: boolean
}

export type DirMoveBackStep =
  /** The moved directory is at its new name and nothing at its old one: it is renamed back. */
  | "rename_back"
  /**
   * An empty directory stands at the old name (made again by a way back that went file by file,
   * interrupted) while the moved one is at its new name: it is removed, to make room.
   */
  | "clear_from"
  /** The moved directory is at its old name: done (or it never moved). */
  | "home"
  /** Not a state the move explains: the files go back one by one. */
  | "per_file"

/** The next step putting back a directory moved as a whole (`identity`: the directory's, journaled). */
export const nextDirMoveBackStep = (identity: string, from: DirNow, to: DirNow): DirMoveBackStep => {
  const ours = (n: DirNow) => n.kind === "directory" && n.identity === identity
  if (ours(from)) return "home"
  if (!ours(to)) return "per_file"
  if (from.kind === "absent") return "rename_back"
  if (from.kind === "directory" && from.empty === true) return "clear_from"
  return "per_file"
}
