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

export interface Catalog {
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
    readonly undone: (tx: string, command: string, done: ReadonlyArray<string>, undoTx: string) => string
    readonly link: (action: string, file: string) => string
  }
}
