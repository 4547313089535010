import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { SpliceError } from "../src/domain/SpliceError.js"

/** syntax: the gate runs; none: `--validate none`; compiler-only: `--validate compiler` (the syntax gate is not asked for). */
export type ValidateMode = "none" | "syntax" | "compiler-only"

export interface NewSyntaxError {
  readonly line: number
  readonly column: number
  readonly message: string
  readonly source: string
}

/** The verdict of the gates on an edit's in-memory result. */
export interface Verdict {
  readonly gate: "syntax"
  readonly status: "passed" | "failed" | "skipped"
  readonly language?: string
  readonly reason?: string
  /**
   * Whose verdict this is: `tree-sitter`, or the language's own parser when splice asked it
   * (`typescript 5.9.3` when tree-sitter blamed a TS/JS edit; `python 3.12.3` for every Python edit).
   */
  readonly parser?: string
  /** Errors the edit introduced (empty unless failed), nearest to the changed text first, at most 10. */
  readonly errors: ReadonlyArray<NewSyntaxError>
  /** When failed: how many errors the edit introduced, and how many of them `errors` leaves out. */
  readonly errors_total?: number
  readonly errors_omitted?: number
  /** Parse errors that were already in the file and still are (they do not block). */
  readonly preexisting: number
}

export interface ValidationInput {
  /** Workspace-relative path: picks the language. */
  readonly path: string
  /** Content before the edit; null for a new file. */
  readonly before: string | null
  readonly after: string
  readonly mode: ValidateMode
  /**
   * BLAKE3 (hex) of `before`'s and `after`'s UTF-8, when the caller has them (a file's checksum is
   * that when the file has no BOM): the parse maps of big files are keyed by them.
   */
  readonly digests?: { readonly before: string; readonly after: string }
}

/** Gates an edit before it touches disk: only problems the edit introduced fail it. */
export interface ValidatorService {
  readonly validate: (input: ValidationInput) => Effect.Effect<Verdict, SpliceError>
}

export class Validator extends Context.Tag("splice/Validator")<Validator, ValidatorService>() {}
