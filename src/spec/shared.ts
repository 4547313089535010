/** Parameters several commands share, defined once. */
import { choice, flag, integer, number, text } from "./param.js"

export const maxBytes = integer("max-bytes", "Refuse files larger than this many bytes (default 16 MiB)")
export const lockTimeout = number("lock-timeout", "Seconds to wait for another splice's lock on the file (default 10)")
export const validate = choice("validate", ["none", "syntax", "compiler", "full"] as const,
  "Gates: syntax (the language's parser: tree-sitter, TypeScript's own for TS/JS when tree-sitter objects, the format's for data files), compiler (the project's checker), full (both), none (default: syntax, plus compiler when the project has a checker)")
export const requireCompiler = flag("require-compiler", "Fail (exit 5) instead of skipping the compiler gate when no checker can run")
export const compileTimeout = number("compile-timeout", "Seconds the checker may run before the change is rolled back (default 120)")
export const preview = flag("preview", "Show the diff and the gates' verdict; write nothing", { alias: "n", longAlias: "dry-run" })
export const diff = flag("diff", "Include the unified diff in the result")
export const expectChecksum = text("expect-checksum", "Refuse (exit 7) unless the file's BLAKE3 checksum is this (64 hex digits, or a prefix of 12+)")
export const allowGitDir = flag("allow-git-dir", "Allow writing inside .git/ (refused by default: hooks there run code)")
export const refreshDb = text("db", "Graph database to refresh after the commit (default: the one the graph commands find)")

/** The gate parameters of every writing command. */
export const gates = { validate, requireCompiler, compileTimeout, maxBytes, lockTimeout }

/** --db of the graph commands: the code graph they query. */
export const graphDb = text("db", "Graph database path (default: SPLICE_DB, <workspace>/.splice/graph.db, ~/.magellan/…)")
