/** `splice undo`'s result: the undo transaction and what it did to each file. */
import * as Schema from "effect/Schema"
import { Checksum, GraphReport, TxId } from "../common.js"
import { resultLine } from "../line.js"

export const UndoResult = resultLine("undo", {
  tx: TxId,
  undid: TxId,
  undid_command: Schema.String,
  /** The transaction whose effect this undo takes away or brings back (undid itself, unless undid is an undo or a redo). */
  origin: TxId,
  /** Its command, while the history still holds it. */
  origin_command: Schema.optional(Schema.String),
  /** undo: origin's changes are gone from disk now; redo: they are back (undid was an undo). */
  effect: Schema.Literal("undo", "redo"),
  files: Schema.Array(Schema.Struct({
    file: Schema.String,
    action: Schema.Literal("removed", "recreated", "restored"),
    /** The file was renamed back from this name (a move undone): the same file, not a copy. */
    moved_from: Schema.optional(Schema.String),
    checksum_before: Schema.NullOr(Checksum),
    checksum_after: Schema.NullOr(Checksum)
  })),
  /** Symbolic links made again or removed (an undone mv or rm of links). */
  links: Schema.optional(Schema.Array(Schema.Struct({ file: Schema.String, target: Schema.String, action: Schema.Literal("removed", "recreated") }))),
  removed_directories: Schema.Array(Schema.String),
  created_directories: Schema.Array(Schema.String),
  graph: Schema.optional(GraphReport)
})
