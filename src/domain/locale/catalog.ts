/**
 * The shape of a message catalog: every text human-mode output prints, one module per locale
 * (en.ts, ptBR.ts). Each catalog is typed as `Catalog`, so a key missing in one is a compile error.
 */
import type { ErrorContext } from "../../schema/errorContexts.js"
import type { ErrorCode } from "../errors.js"
import type { Locale } from "./locale.js"

/**
 * One error code in human mode. `english` is the message (or hint) the error carries, written at the
 * place that failed (the NDJSON `message`/`hint`); a translation builds its own from the context.
 */
export interface ErrorText<C extends ErrorCode> {
  readonly message: (context: Partial<ErrorContext<C>>, english: string) => string
  readonly hint: (context: Partial<ErrorContext<C>>, english: string) => string
}

export type ErrorTexts = { readonly [C in ErrorCode]: ErrorText<C> }

/** A syntax or compiler verdict as the human line shows it. */
export interface VerdictView {
  readonly status: string
  readonly reason?: string | undefined
  readonly language?: string | undefined
  readonly parser?: string | undefined
  readonly tool?: string | undefined
  readonly preexisting: number
}

/** What mv/cp/rm found to move, copy or remove. */
export interface FileCounts {
  readonly files: number
  readonly links: number
  readonly bytes: number
  /** mv/cp: files that replace one at the target; rm: directories removed. */
  readonly replaced?: number
  readonly directories?: number
}

/** One file as `splice stat` reports it (src/commands/stat.ts). */
export interface StatView {
  readonly file: string
  readonly kind: string
  readonly size: number
  readonly mode: string
  readonly lines: number | null
  readonly line_ending: string | null
  readonly encoding: string | null
  readonly bom: boolean | null
  readonly language: string | null
  readonly nlink: number
  readonly mtime: string
  readonly symlink: { readonly target: string } | null
  readonly checksum: string | null
}

/** The sections of a catalog that only some commands print (src/domain/locale/*Commands.ts). */
export interface CommandTexts {
  /** Notes on stderr: progress, files skipped, rollbacks. */
  readonly notes: {
    /** `message`: the error's, already in this language. */
    readonly skipped: (path: string, message: string) => string
    readonly binary: (file: string) => string
    readonly indexing: (done: number, total: number, rate: number) => string
    readonly graphNotRefreshed: (code: string, message: string) => string
    readonly testHold: (tx: string, ms: number) => string
    readonly rolledBack: (tx: string) => string
    /** `message`: the SPL-E035 error's, already in this language; `retry`: a restore failed, recover can try again. */
    readonly rollbackIncomplete: (message: string, retry: boolean) => string
    readonly rollbackFailed: (tx: string, message: string) => string
    readonly applying: (count: number, file: string) => string
    readonly applyingProgress: (file: string, done: number, total: number) => string
    readonly notRolledBack: (tx: string, command: string, failures: ReadonlyArray<{ readonly file: string; readonly error: string | undefined }>) => string
    readonly rolledBackInterrupted: (tx: string, command: string, conflicts: ReadonlyArray<string>) => string
  }
  /** Words that human lines share. */
  readonly words: {
    /** A byte count for people: `512 B`, `1.2 KiB` (pt-BR: `1,2 KiB`). */
    readonly size: (bytes: number) => string
    /** A symbol's or a reference's kind (function, call…); NDJSON keeps the English names. */
    readonly kind: (kind: string) => string
    /** A file's language in ls and count (typescript…, text, binary). */
    readonly language: (language: string) => string
  }
  /** `splice mv` / `splice cp`. */
  readonly transfer: {
    readonly preview: (command: "mv" | "cp", from: string, to: string, counts: FileCounts) => string
    readonly previewFile: (from: string, to: string, replaces: boolean) => string
    readonly previewLink: (from: string, to: string, target: string) => string
    readonly nothing: (command: "mv" | "cp", from: string, to: string) => string
    readonly done: (command: "mv" | "cp", from: string, to: string, counts: FileCounts, compiler: string, tx: string) => string
    /** mv: the imports rewritten (or that would be), one line, then a line per place not rewritten. */
    readonly imports: (
      preview: boolean,
      counts: { readonly importers: number; readonly moved: number; readonly specifiers: number },
      notRewritten: ReadonlyArray<{ readonly file: string; readonly line: number; readonly specifier: string; readonly reason: string }>
    ) => string
  }
  /** `splice rm`. */
  readonly remove: {
    readonly preview: (paths: ReadonlyArray<string>, counts: FileCounts) => string
    readonly link: (file: string, target: string) => string
    readonly done: (paths: ReadonlyArray<string>, counts: FileCounts, tx: string) => string
  }
  /** `splice hash --verify`: b3sum --check's line. */
  readonly hash: { readonly verified: (file: string) => string }
  /** `splice trust`. */
  readonly trust: {
    readonly status: (workspace: string, trusted: boolean, via: string | undefined, why: string | undefined) => string
    readonly revoked: (workspace: string, revoked: boolean) => string
    readonly trusted: (workspace: string, spliceJson: string | null, store: string) => string
    readonly gate: (extension: string, argv: string) => string
  }
  /** `splice recover` (and the quiet pass before a mutating command, on stderr). */
  readonly recover: {
    readonly discarded: (tx: string, files: ReadonlyArray<string>) => string
    readonly quarantined: (id: string, kind: "foreign" | "damaged", reason: string, movedTo: string) => string
    readonly transaction: (status: string, tx: string, command: string) => string
    readonly file: (action: string, file: string, error: string | undefined) => string
    readonly nothing: string
    readonly recovered: (count: number) => string
  }
  /** `splice diff`. */
  readonly diff: { readonly binary: (a: string, b: string) => string }
  /** `splice history`. */
  readonly history: {
    readonly transaction: (tx: string, state: string, command: string, files: ReadonlyArray<string>, links: TxLinks) => string
    readonly quarantined: (entry: string) => string
    readonly none: (file: string | undefined) => string
    readonly stats: (total: number, bytes: number, states: ReadonlyArray<readonly [string, number]>, oldest: { readonly tx: string; readonly created: string } | undefined, quarantined: number) => string
  }
  /** `splice stat`. */
  readonly stat: { readonly file: (s: StatView) => string }
  /** `splice ls --long` and `splice count`. */
  readonly tree: {
    readonly lsTotal: (files: number, bytes: number) => string
    readonly countTotal: (files: number, lines: number, bytes: number, binary: number) => string
    readonly largest: string
    readonly byLanguage: string
    readonly languageRow: (language: string, files: number, lines: number, bytes: number) => string
  }
  /** `splice query`. */
  readonly query: {
    readonly kinds: (named: ReadonlyArray<string>, anonymous: ReadonlyArray<string>, supertypes: ReadonlyArray<string>) => string
    readonly truncated: (shown: number, total: number, flag: "--max" | "--limit") => string
  }
  /** `splice check`. */
  readonly check: {
    readonly diagnostic: (file: string, line: number, column: number, severity: string, code: string | undefined, message: string) => string
    readonly ok: (files: number, syntax: ReadonlyArray<string>, compiler: string, reason: string | undefined, warnings: number) => string
  }
  /** The code graph's commands. */
  readonly graph: {
    readonly indexed: (s: { readonly files: number; readonly parsed: number; readonly unchanged: number; readonly removed: number; readonly ms: number; readonly symbols: number; readonly references: number; readonly db: string | null }) => string
    readonly status: (s: { readonly db: string | null; readonly foundBy: string; readonly files: number; readonly symbols: number; readonly references: number; readonly exact: number; readonly stale: number; readonly unindexed: number }) => string
    readonly skipped: (file: string, reason: string) => string
    /** A line of `splice files`; state: fresh, stale or missing. */
    readonly file: (state: string, language: string, symbols: number, file: string) => string
    readonly files: (files: number, stale: number, unindexed: number) => string
    readonly refs: (kind: string, name: string, file: string, line: number, signature: string) => string
    readonly refsCalls: (callers: ReadonlyArray<string>, callees: ReadonlyArray<string>) => string
    readonly refsByName: (count: number) => string
    readonly refsReferences: (count: number) => string
    readonly reference: (file: string, line: number, column: number, kind: string, enclosing: string | null) => string
    readonly impacted: (file: string, line: number, kind: string, name: string, via: string, byName: boolean) => string
    readonly impact: (kind: string, name: string, symbols: number, files: number, depth: number, tests: ReadonlyArray<string>) => string
    readonly dead: (file: string, line: number, kind: string, name: string, exported: boolean) => string
    readonly deadSummary: (count: number, lines: number, skipped: { readonly tests: number; readonly entry_points: number; readonly protocol: number; readonly exported: number }, includeExported: boolean) => string
    readonly candidate: (name: string, kind: string, signature: string, source: string | null) => string
    readonly candidates: (count: number, prefix: string, receiver: string | null, engine: string) => string
    /** The comment lines heading `splice suggest`'s scaffold. */
    readonly scaffold: (comment: string, name: string, inferredFrom: ReadonlyArray<string>) => string
  }
  /** `splice rename` / `splice case`. */
  readonly rename: {
    readonly summary: (kind: string, name: string, newName: string, renamed: number, files: number) => string
    /** Go: the methods renamed with it, tied through an interface. */
    readonly tied: (names: ReadonlyArray<string>) => string
    readonly preview: (summary: string) => string
    readonly done: (summary: string, syntax: string, compiler: string, tx: string) => string
    readonly unresolvedRenamed: (count: number) => string
    readonly unresolvedLeft: (count: number) => string
    readonly unresolved: (file: string, line: number, column: number, kind: string) => string
    /** After the first uses listed: how many more the JSON result holds. */
    readonly unresolvedMore: (count: number) => string
  }
  /** `splice explain`. */
  readonly explain: {
    readonly line: (code: string, exit: number, retryable: boolean, name: string) => string
    readonly entry: (code: string, name: string, exit: number, retryable: boolean, explanation: string, hint: string) => string
    /** The long text of a code; `english` is the registry's (src/domain/errors.ts). */
    readonly explanation: (code: ErrorCode, english: string) => string
  }
}

/**
 * A symbol as the symbol commands name it: its kind (English, as NDJSON has it; null for a Rust impl
 * block, which its header names) and its qualified name. The kind is given apart so a language whose
 * words agree with it (pt-BR: "constante removida", "método removido") can make them agree.
 */
export interface SymbolName {
  readonly kind: string | null
  readonly name: string
}

/** `splice patch` / `splice delete` / `splice insert`. */
export interface SymbolTexts {
  readonly replaced: (what: SymbolName) => string
  readonly replacedBody: (what: SymbolName) => string
  readonly deleted: (what: SymbolName) => string
  readonly insertedIn: (what: SymbolName) => string
  readonly inserted: (position: "before" | "after", what: SymbolName) => string
  readonly usesLeft: (count: number) => string
  /** Python: `pass` left where the block's only statement was. */
  readonly passLeft: string
  readonly docstringKept: string
  /** The comments and decorators above the symbol kept. */
  readonly leadingKept: (what: SymbolName) => string
  /** `(line 3)` / `(lines 3-5; note)` */
  readonly lines: (from: number, to: number, note: string | undefined) => string
  readonly unchanged: (file: string, summary: string) => string
  readonly preview: (file: string, summary: string, lines: string) => string
  readonly done: (file: string, summary: string, lines: string, syntax: string, compiler: string, tx: string) => string
}

export interface Catalog extends CommandTexts {
  readonly symbol: SymbolTexts
  readonly locale: Locale
  readonly errors: ErrorTexts
  /** The frame of a human error (src/domain/render.ts humanError). */
  readonly error: {
    readonly heading: (code: string, message: string) => string
    readonly hint: string
    readonly candidates: string
    readonly nearLine: (line: number, percent: number, difference: string | undefined) => string
    /** A near miss's difference (src/domain/textMatch.ts describeDifference), by its English text. */
    readonly difference: (english: string) => string
    readonly didYouMean: string
    readonly tried: string
    readonly atLines: string
    readonly files: string
    readonly help: string
    readonly project: string
    readonly exit: (code: number) => string
  }
  /** Gate verdicts (src/commands/verdictText.ts). */
  readonly verdict: {
    readonly syntax: (v: VerdictView) => string
    readonly compiler: (v: VerdictView) => string
    readonly syntaxOk: (status: string) => string
    /** A verdict's `reason` (skipped, failed to run), by its English text. */
    readonly reason: (english: string) => string
    readonly moreErrors: (count: number) => string
    readonly previewUnchanged: (file: string) => string
    readonly previewRefused: (file: string) => string
    readonly graphRefreshed: (refreshed: number, removed: number, ms: number) => string
  }
  /** The summary line each command prints last in human mode. */
  readonly summary: {
    /** What happened to a file: apply's `action` (update, add, delete, move) and undo's (removed, recreated, restored). */
    readonly action: (action: string) => string
    readonly edited: (file: string, what: string, syntax: string, compiler: string, tx: string) => string
    readonly replacements: (count: number, tiers?: string) => string
    readonly inserted: (from: number, to: number, where: "after_line" | "before_line" | "after" | "before", line?: number) => string
    readonly replacedLines: (from: number, to: number, count: number) => string
    readonly deletedLines: (from: number, to: number) => string
    readonly nothingToChange: (file: string, appliedBy: ReadonlyArray<string>) => string
    readonly linesAlreadySo: (file: string) => string
    readonly written: (how: "created" | "wrote" | "appended" | "prepended", file: string, bytes: number, added: number, compiler: string, tx: string) => string
    readonly writeUnchanged: (file: string, position: "append" | "prepend" | undefined) => string
    readonly dataSet: (keyPath: string, oldValue: string | undefined, value: string) => string
    readonly dataDeleted: (keyPath: string) => string
    readonly dataSame: (keyPath: string) => string
    readonly dataChanged: (file: string, summary: string, syntax: string, compiler: string, tx: string) => string
    readonly dataUnchanged: (file: string, summary: string) => string
    readonly applied: (format: string, summary: string, syntax: string, compiler: string, tx: string) => string
    readonly applyUnchanged: (alreadyApplied: number, appliedBy: ReadonlyArray<string>) => string
    readonly replaced: (matches: number, files: number, listed: string, syntax: string, compiler: string, tx: string) => string
    readonly wouldReplace: (matches: number, files: number, listed: string) => string
    readonly replaceNoMatch: (pattern: string, searched: number) => string
    readonly replaceSame: (matches: number) => string
    readonly searched: (matches: number, lines: number, files: number, searched: number, binary: number, limit: number | undefined) => string
    /** `origin`: when the transaction undone is an undo or a redo, the transaction whose effect goes (undo) or comes back (redo). */
    readonly undone: (tx: string, command: string, done: ReadonlyArray<string>, undoTx: string, origin?: { readonly tx: string; readonly command: string | undefined; readonly effect: "undo" | "redo" }) => string
    readonly link: (action: string, file: string) => string
  }
}

/** How a transaction of `splice history` is tied to the undos and redos around it. */
export interface TxLinks {
  readonly undoes: string | undefined
  readonly undoneBy: string | undefined
  readonly redoes: string | undefined
  readonly redoneBy: string | undefined
}
