/**
 * The one internal form of a multi-file change (`splice apply`). Every input format — a JSON plan,
 * a Codex patch, search/replace blocks, a unified diff — is parsed into a ChangeSet by its own
 * front end (src/domain/formats/), and one engine applies it. Paths are as written in the input
 * (the command resolves them); texts use `\n` between lines whatever the input used.
 */

export type ChangeFormat = "plan" | "codex" | "search-replace" | "udiff"

/** Where something came from in the input: a 1-based line number, for error messages. */
export interface Origin {
  readonly line: number
}

/**
 * A change located by content: the lines the file must hold (context and removed lines, in order)
 * and what they become (context and added lines). Lines carry no line terminators.
 */
export interface Hunk {
  readonly old: ReadonlyArray<string>
  readonly new: ReadonlyArray<string>
  /**
   * Lines that must be found, in this order, before the hunk (Codex `@@ def f():` anchors): the
   * hunk is searched only after the last of them. Empty when the format has none.
   */
  readonly anchors: ReadonlyArray<string>
  /** The 1-based line where the old side starts, when the format gives one (udiff): a hint only. */
  readonly lineHint?: number
  /** The old side must end at the end of the file (Codex `*** End of File`). */
  readonly atEnd?: boolean
  /**
   * udiff's `\ No newline at end of file`: the last line of that side has no line terminator.
   * Absent means the format does not say (the file's own ending is kept).
   */
  readonly oldNoNewlineAtEnd?: boolean
  readonly newNoNewlineAtEnd?: boolean
  readonly origin: Origin
}

/** Where `insert` puts its content: next to a 1-based line, or next to a unique anchor text. */
export type InsertPosition =
  | { readonly afterLine: number }
  | { readonly beforeLine: number }
  | { readonly after: string }
  | { readonly before: string }

interface OpBase {
  readonly origin: Origin
  /** The file's BLAKE3 checksum before this change set (64 hex digits or a prefix of ≥ 12). */
  readonly expectChecksum?: string
}

export type ChangeOp =
  /** Exact-text replacement (the plan's `edit`; `splice edit` semantics). */
  | OpBase & { readonly kind: "edit"; readonly file: string; readonly old: string; readonly new: string; readonly replaceAll: boolean }
  /** Hunks applied in order to an existing file, optionally renaming it (Codex Update/Move, udiff, search/replace). */
  | OpBase & { readonly kind: "patch"; readonly file: string; readonly hunks: ReadonlyArray<Hunk>; readonly moveTo?: string }
  /** Replace a whole file, creating it when missing. */
  | OpBase & { readonly kind: "write"; readonly file: string; readonly content: string }
  /**
   * A new file; refused when it exists, unless `appendIfExists` (search/replace: an empty SEARCH on an
   * existing file appends, as Aider does).
   */
  | OpBase & { readonly kind: "create"; readonly file: string; readonly content: string; readonly appendIfExists?: boolean }
  /** Remove a file. `expectLines`: its whole content as the input shows it (udiff), checked before removing. */
  | OpBase & { readonly kind: "delete"; readonly file: string; readonly expectLines?: ReadonlyArray<string> }
  | OpBase & { readonly kind: "move"; readonly from: string; readonly to: string }
  | OpBase & { readonly kind: "insert"; readonly file: string; readonly content: string; readonly at: InsertPosition }
  /** Remove lines from..to (1-based, inclusive). */
  | OpBase & { readonly kind: "delete_lines"; readonly file: string; readonly from: number; readonly to: number }

export interface ChangeSet {
  readonly format: ChangeFormat
  readonly ops: ReadonlyArray<ChangeOp>
  /**
   * Where its paths start: "root" when the input says they name files from the repository root
   * (`diff --git` output always does), else from the current directory like every splice path.
   */
  readonly pathsFrom?: "root"
}

/** Why an input is not a valid change set: the 1-based input line, what was expected there, and what was found. */
export interface ParseFailure {
  readonly line: number
  readonly expected: string
  readonly found: string
}

export type ParseResult = { readonly ok: true; readonly changeSet: ChangeSet } | { readonly ok: false; readonly failure: ParseFailure }

export const parsed = (changeSet: ChangeSet): ParseResult => ({ ok: true, changeSet })
export const invalid = (line: number, expected: string, found: string): ParseResult => ({ ok: false, failure: { line, expected, found } })

/** The paths a change set reads or writes, in order of first mention. */
export const pathsOf = (set: ChangeSet): string[] => {
  const seen = new Set<string>()
  for (const op of set.ops) {
    if (op.kind === "move") {
      seen.add(op.from)
      seen.add(op.to)
    } else {
      seen.add(op.file)
      if (op.kind === "patch" && op.moveTo !== undefined) seen.add(op.moveTo)
    }
  }
  return [...seen]
}
