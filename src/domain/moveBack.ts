/**
 * How a moved file goes back (rollback, recovery): one step at a time, each decided from what the
 * two names hold now, so that a crash between any two steps (or between the last one and the
 * journal's mark) leaves a state the next pass decides from again and finishes. A state no step of
 * a move (forward or back) can leave is not explained by the move: the caller puts the two files
 * back one by one, as for any write (someone else's content stays a conflict).
 *
 * The forward move is: rename the file from `from` to `to` (a link then an unlink when nothing was
 * at `to`: both names for a moment), then, when the transaction rewrote it, write its new bytes
 * (in place when it was hard-linked). Going back is the same in reverse.
 */

/** What the journal says of the two ends of one move (checksums; "absent" for no file). */
export interface MoveEnds {
  /** The old name: what the moved file held there, and what the transaction left at that name (usually absent). */
  readonly from: { readonly checksumBefore: string; readonly checksumAfter: string }
  /** The new name: what was there before (absent, or the file `--force` replaced) and the moved file's bytes after. */
  readonly to: { readonly checksumBefore: string; readonly checksumAfter: string; readonly inPlace: boolean }
}

/** What a name holds now: its checksum ("absent") and, for a file, its identity (device and inode). */
export interface NameNow {
  readonly checksum: string
  readonly identity?: string
}

export type MoveBackStep =
  /** One file under both names (a link made, its unlink not yet): the new name goes. */
  | "unlink_to"
  /** What the transaction put at the old name after moving the file away is removed, to make room. */
  | "clear_from"
  /** The moved file is renamed back to its old name (nothing there). */
  | "rename_back"
  /** The file is back at its old name with the bytes the transaction wrote: its old bytes restored. */
  | "restore_bytes"
  /** The moved file is at its old name with its old bytes: what is left is the new name's, file by file. */
  | "home"
  /**
   * Someone else's file took the old name while the moved file is at the new one: both are left as
   * they are (conflicts), so neither is lost.
   */
  | "left_alone"
  /** Not a state the move explains: both names are put back file by file. */
  | "per_file"

export const ABSENT_FILE = "absent"

export const nextMoveBackStep = (move: MoveEnds, from: NameNow, to: NameNow): MoveBackStep => {
  const absent = (n: NameNow) => n.checksum === ABSENT_FILE
  // The moved file's bytes before or after its rewrite; torn, when the rewrite was in place.
  const holdsMoved = (n: NameNow) =>
    !absent(n) && (n.checksum === move.to.checksumAfter || n.checksum === move.from.checksumBefore || move.to.inPlace)
  if (!absent(from) && !absent(to) && from.identity !== undefined && from.identity === to.identity) return "unlink_to"
  if (from.checksum === move.from.checksumBefore) return "home"
  if (absent(from)) return holdsMoved(to) ? "rename_back" : "per_file"
  if (move.from.checksumAfter !== ABSENT_FILE && from.checksum === move.from.checksumAfter && holdsMoved(to)) return "clear_from"
  // Back at its old name, rewritten (or torn by an in-place restore): its old bytes go back in.
  const newNameLeft = absent(to) || to.checksum === move.to.checksumBefore
  if (newNameLeft && (from.checksum === move.to.checksumAfter || move.to.inPlace)) return "restore_bytes"
  return holdsMoved(to) ? "left_alone" : "per_file"
}

/**
 * What the new name may hold, once the moved file is home, that is the transaction's own: what it
 * left there, nothing (the file moved away), or a copy of the moved file's old bytes (a move across
 * devices copies, then unlinks the old name).
 */
export const ownAtNewName = (move: MoveEnds): ReadonlyArray<string> => [move.to.checksumAfter, ABSENT_FILE, move.from.checksumBefore]
