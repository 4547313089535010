import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { TomlEngine } from "../src/domain/data/tomlEditor.js"
import type { FileFacts } from "../src/domain/graph/facts.js"
import type { Grammar } from "../src/domain/languages.js"
import type { MappedParse, ParseMap } from "../src/domain/parseMap.js"
import type { SpliceError } from "../src/domain/SpliceError.js"

/** A parse error found by tree-sitter: an ERROR node or a MISSING token. */
export interface SyntaxIssue {
  readonly kind: "error" | "missing"
  /** For MISSING nodes, the token the parser expected (e.g. `}`). */
  readonly expected?: string
  /** Offset in the parsed string (UTF-16 code units). */
  readonly offset: number
  /** 1-based line and column. */
  readonly line: number
  readonly column: number
}

/** One captured node of a query match, as plain data (offsets index the parsed JS string). */
export interface Capture {
  readonly name: string
  readonly type: string
  readonly start: number
  readonly end: number
  readonly startRow: number
  readonly startColumn: number
  readonly endRow: number
  readonly endColumn: number
}

/** tree-sitter's errors in a text before and after an edit. */
export interface EditIssues {
  readonly after: ReadonlyArray<SyntaxIssue>
  /**
   * The text before the edit, from a fresh parse (exactly `issues(before)`); collected only when
   * `after` has errors (otherwise there is nothing to compare).
   */
  readonly before: ReadonlyArray<SyntaxIssue> | undefined
  /**
   * When asked for: the parse maps (src/domain/parseMap.ts) of the before-text and of the edited
   * text, each only if it has no error (what a fresh parse of each gives).
   */
  readonly maps?: { readonly before: ParseMap | undefined; readonly after: ParseMap | undefined }
}

/** One syntax error of TypeScript's parser; offsets index the parsed string (UTF-16). */
export interface TsSyntaxError {
  readonly start: number
  readonly length: number
  readonly code: number
  readonly message: string
  /** Where the cause is, when TypeScript says (the `{` that a `'}' expected` belongs to). */
  readonly related?: { readonly start: number; readonly message: string }
}

/** TypeScript's syntax errors of a text before and after an edit (offsets index each text). */
export interface ScriptEditErrors {
  readonly before: ReadonlyArray<TsSyntaxError>
  readonly after: ReadonlyArray<TsSyntaxError>
}

/** The node kinds a grammar's trees can hold, as queries name them. */
export interface NodeKinds {
  /** Named kinds (`function_definition`, `identifier`), plus ERROR (tree-sitter's parse errors). */
  readonly named: ReadonlyArray<string>
  /** Anonymous kinds: keywords and punctuation (`if`, `=>`, `{`). */
  readonly anonymous: ReadonlyArray<string>
  /** Hidden kinds that stand for several others (`expression`, `_statement`). */
  readonly supertypes: ReadonlyArray<string>
}

/** tree-sitter parsing; grammars load on first use of their language. */
export interface SyntaxService {
  /** The errors of a fresh parse of the text. */
  readonly issues: (grammar: Grammar, text: string) => Effect.Effect<ReadonlyArray<SyntaxIssue>, SpliceError>
  /**
   * The errors before and after an edit, the after-parse reusing the before-parse (tree-sitter's
   * incremental reparse), and the before-parse reusing a recent parse of that exact text if there is
   * one. Where an edit introduced errors, an incremental reparse may recover from them differently
   * from a fresh parse: callers judge such an edit on `issues`.
   */
  readonly editIssues: (grammar: Grammar, before: string, after: string, options?: { readonly maps?: boolean }) => Effect.Effect<EditIssues, SpliceError>
  /** A fresh parse's map of the text: its top-level nodes, and whether it has errors (src/domain/parseMap.ts). */
  readonly parseMap: (grammar: Grammar, text: string) => Effect.Effect<MappedParse, SpliceError>
  /**
   * TypeScript's syntax errors before and after an edit of a TS/JS file, the after-text parsed
   * incrementally from a kept parse of the before-text, whose parse is kept in turn. `"kept"`: only
   * if a parse of the before-text is kept; `"parse"`: else parse it now. Undefined where parses are
   * not kept (a one-shot CLI process, which would pay for loading TypeScript's parser) or TypeScript fails.
   */
  readonly scriptEditErrors: (path: string, before: string, after: string, from: "kept" | "parse") => Effect.Effect<ScriptEditErrors | undefined>
  /** Every match of a tree-sitter query on the text: one array of captures per match. */
  readonly query: (grammar: Grammar, text: string, query: string) => Effect.Effect<ReadonlyArray<ReadonlyArray<Capture>>, SpliceError>
  /**
   * A TypeScript or JavaScript file's graph facts from TypeScript's own parser, scopes resolved
   * (tree-sitter-typescript rejects valid code, and queries cannot see scopes); undefined when the
   * file nests deeper than that recursive parser can follow (thousands of levels).
   */
  readonly scriptFacts: (path: string, text: string) => Effect.Effect<FileFacts | undefined, SpliceError>
  /** Every node kind of a grammar (sorted, each once). */
  readonly nodeKinds: (grammar: Grammar) => Effect.Effect<NodeKinds, SpliceError>
  /**
   * Where TypeScript's LanguageService would edit to rename the declaration at a UTF-16 offset of a
   * file, over exactly these files (workspace path → text) with the tsconfig's module options;
   * undefined when TypeScript cannot rename there or cannot be loaded.
   */
  readonly scriptRename: (input: {
    readonly files: ReadonlyMap<string, string>
    readonly tsconfig: TsconfigFiles | undefined
    /** Export conditions to resolve package imports with (besides the tsconfig's). */
    readonly conditions: ReadonlyArray<string>
    readonly file: string
    readonly offset: number
    /**
     * A member's rename: each location says the text around the new name where a name stands for
     * both the property and a local (`{ state }` → `{ st: state }`, `({ state }) =>` → `({ st: state })`).
     */
    readonly prefixAndSuffix?: boolean
  }) => Effect.Effect<ScriptRename | undefined, SpliceError>
  /**
   * What TypeScript's "update imports on file rename" (getEditsForFileRename) changes for each move
   * (a file or a directory, workspace paths), over these files as they are before it (edits to a
   * moved file are on its old name), and every module specifier of the `scan` files; undefined
   * when TypeScript cannot be loaded or fails.
   */
  readonly scriptFileRename: (input: {
    readonly files: ReadonlyMap<string, string>
    readonly tsconfig: TsconfigFiles | undefined
    readonly conditions: ReadonlyArray<string>
    readonly moves: ReadonlyArray<{ readonly from: string; readonly to: string }>
    readonly scan: ReadonlyArray<string>
  }) => Effect.Effect<ScriptFileRename | undefined>
  /**
   * For each use (a file and a UTF-16 offset), the files of the declarations TypeScript says the name
   * there is ("" for the standard library's), over these files; undefined for a use where it knows
   * none (a member of an `any` value), and as a whole when TypeScript cannot be loaded.
   */
  readonly scriptDefinitionFiles: (input: {
    readonly files: ReadonlyMap<string, string>
    readonly tsconfig: TsconfigFiles | undefined
    readonly conditions: ReadonlyArray<string>
    readonly uses: ReadonlyArray<{ readonly file: string; readonly offset: number }>
  }) => Effect.Effect<ReadonlyArray<ReadonlyArray<string> | undefined> | undefined, SpliceError>
  /**
   * TypeScript's completions at a UTF-16 offset of a file, over these files, in TypeScript's order,
   * with signatures for those named in `describe` (by name and source); undefined when it offers
   * none or cannot be loaded.
   */
  readonly scriptCompletions: (input: {
    readonly files: ReadonlyMap<string, string>
    readonly tsconfig: TsconfigFiles | undefined
    readonly conditions: ReadonlyArray<string>
    readonly file: string
    readonly offset: number
    readonly describe: ReadonlyArray<{ readonly name: string; readonly source: string | null }>
  }) => Effect.Effect<ReadonlyArray<{ readonly name: string; readonly kind: string; readonly signature: string | null; readonly source: string | null }> | undefined, SpliceError>
  /**
   * The Go standard library's sources of a package (`net`, `golang.org/x/net/http/httpguts` from
   * GOROOT's vendor directory), without test files: what a rename checks the interfaces it ties
   * against. Empty when there is no Go installation (GOROOT, or `go` on PATH) or no such package.
   */
  readonly goStandardPackage: (importPath: string) => Effect.Effect<ReadonlyArray<{ readonly file: string; readonly text: string }>>
  /** TOML's parser and comment-keeping editor (toml_edit as wasm, loaded from bytes on first use). */
  readonly tomlEngine: Effect.Effect<TomlEngine, SpliceError>
}

/**
 * Where TypeScript would rename (UTF-16 offsets), or, for a member tied to one of the standard
 * library's (a class's `toString`, an iterator's `return`), that member's interface or class and its
 * lib file: its uses through the library would be renamed too, and the library's declaration cannot be.
 */
export type ScriptRename =
  | { readonly locations: ReadonlyArray<{ readonly file: string; readonly start: number; readonly length: number; readonly prefix?: string; readonly suffix?: string }> }
  | { readonly standardLibrary: { readonly container: string; readonly file: string } }

/** TypeScript's edits for a move (UTF-16 spans of each file's text before it) and the specifiers of the files scanned. */
export interface ScriptFileRename {
  readonly edits: ReadonlyArray<{ readonly file: string; readonly start: number; readonly length: number; readonly newText: string }>
  /** A specifier's text between its quotes (UTF-16 offsets); `reference` for `/// <reference path>`. */
  readonly specifiers: ReadonlyArray<{ readonly file: string; readonly specifier: string; readonly start: number; readonly end: number; readonly reference?: true }>
  /** Edits of the project's tsconfig (its `paths`, `files`, `include`, `exclude` naming a moved path). */
  readonly config: ReadonlyArray<{ readonly file: string; readonly start: number; readonly length: number; readonly newText: string }>
}

/**
 * A workspace's tsconfig.json and every config it extends (through node_modules for a package's):
 * workspace path → text, tsconfig.json first; TypeScript resolves the chain in them as it would on disk.
 */
export type TsconfigFiles = ReadonlyMap<string, string>

export class Syntax extends Context.Tag("splice/Syntax")<Syntax, SyntaxService>() {}
