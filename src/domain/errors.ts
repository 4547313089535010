/**
 * The one registry of splice's error codes. Every failure a user can see carries one of these codes;
 * the registry decides its exit code, whether a retry can help, the default hint and the long text
 * that `splice explain` prints. Codes from Splice's own registry keep their numbers.
 */

export interface ErrorSpec {
  readonly name: string
  readonly exit: number
  readonly retryable: boolean
  readonly hint: string
  readonly explanation: string
}

export const ExitCode = {
  ok: 0,
  usage: 2,
  graph: 3,
  notFound: 4,
  validation: 5,
  match: 6,
  conflict: 7,
  refused: 8,
  io: 9,
  internal: 70,
  sigint: 130,
  sigterm: 143
} as const

const spec = (
  name: string,
  exit: number,
  retryable: boolean,
  hint: string,
  explanation: string
): ErrorSpec => ({ name, exit, retryable, hint, explanation })

export const ErrorRegistry = {
  "SPL-E001": spec("symbol_not_found", ExitCode.match, false,
    "Check the symbol name; the error lists similar names.",
    "No symbol of that name exists in the code graph. The graph is refreshed before the query, so the name is not in any indexed file."),
  "SPL-E002": spec("ambiguous_symbol", ExitCode.match, false,
    "Narrow the query with --file or --kind.",
    "Several symbols share that name. Name the file or the kind to pick one."),
  "SPL-E010": spec("usage", ExitCode.usage, false,
    "Run the command with --help to see its flags.",
    "The command line is not valid: an unknown flag, a missing value, or flags that contradict each other. Nothing was read or written."),
  "SPL-E011": spec("empty_old_text", ExitCode.usage, false,
    "Give the exact text to replace; to write a whole file use `splice write`.",
    "The text to replace is empty. An empty string matches everywhere, so splice refuses it instead of guessing."),
  "SPL-E012": spec("empty_content", ExitCode.usage, false,
    "Pass --allow-empty if you mean to truncate the file.",
    "`splice write` got no content (empty stdin or --content \"\"). An agent that pipes nothing by mistake would otherwise wipe the file, so empty content needs --allow-empty."),
  "SPL-E020": spec("file_not_found", ExitCode.notFound, false,
    "Check the path; it is resolved against the workspace root.",
    "The file does not exist. Paths are resolved against the workspace (--workspace, SPLICE_WORKSPACE, the git root, or the current directory)."),
  "SPL-E021": spec("file_unreadable", ExitCode.notFound, false,
    "Check the file's permissions.",
    "The file exists but cannot be read (permission denied or an I/O error while reading). Nothing was written."),
  "SPL-E022": spec("transaction_not_found", ExitCode.notFound, false,
    "Run `splice undo` without an id to undo the latest transaction.",
    "No transaction with that id is in the journal history, or there is nothing left to undo. History keeps the most recent committed transactions under .splice/tx."),
  "SPL-E031": spec("checksum_mismatch", ExitCode.conflict, true,
    "Read the file again (splice read) and retry with its current checksum.",
    "--expect-checksum did not match the file's current BLAKE3 checksum: someone changed the file since you read it. Nothing was written."),
  "SPL-E032": spec("lock_timeout", ExitCode.conflict, true,
    "Another splice process holds the file; retry, or raise --lock-timeout.",
    "The file lock could not be taken within --lock-timeout. Another splice process is editing the same file. Locks of dead processes are taken over automatically."),
  "SPL-E033": spec("already_exists", ExitCode.conflict, false,
    "Drop --create to overwrite it, or pass --expect-checksum to overwrite a known version.",
    "`splice write --create` refuses to overwrite an existing file."),
  "SPL-E034": spec("file_changed_externally", ExitCode.conflict, true,
    "Inspect the named files; splice left them as they are.",
    "A file changed since splice last wrote it, so splice will not overwrite it: undo and recovery restore a file only when it still holds exactly what splice wrote."),
  "SPL-E041": spec("pre_verification_failed", ExitCode.validation, false,
    "See the context for the failing check.",
    "A check before the edit failed (the target is not writable, or the workspace cannot hold the journal)."),
  "SPL-E042": spec("syntax_validation_failed", ExitCode.validation, false,
    "Fix the new syntax errors listed in the context; --preview shows the result without writing.",
    "The edit would introduce syntax errors (tree-sitter parse of the edited content). Only errors the edit introduced block it: a file that was already broken can still be edited. Nothing was written."),
  "SPL-E043": spec("compiler_validation_failed", ExitCode.validation, false,
    "Fix the new diagnostics listed in the context.",
    "The project's compiler or checker reported diagnostics that the edit introduced. The files were restored byte for byte."),
  "SPL-E051": spec("invalid_plan", ExitCode.usage, false,
    "Check the plan file against the documented format.",
    "The plan file is not valid."),
  "SPL-E053": spec("invalid_batch", ExitCode.usage, false,
    "--edits takes a JSON array of {\"old\": string, \"new\": string, \"replace_all\"?: boolean}.",
    "The batch of edits is not valid JSON of the expected shape. Nothing was read or written."),
  "SPL-E061": spec("outside_workspace", ExitCode.refused, false,
    "Pass --workspace to choose another root, or use a path inside the workspace.",
    "The path resolves outside the workspace root (through `..` or an absolute path). splice only touches files inside the workspace."),
  "SPL-E062": spec("symlink_escape", ExitCode.refused, false,
    "Edit the link's target through a path inside the workspace.",
    "The path goes through a symbolic link that points outside the workspace."),
  "SPL-E063": spec("not_text", ExitCode.refused, false,
    "splice edits UTF-8 text only; use another tool for binary files.",
    "The file is binary (it contains NUL bytes) or is not valid UTF-8. splice refuses to edit it so that no byte is lost."),
  "SPL-E064": spec("too_large", ExitCode.refused, false,
    "Raise --max-bytes if you really mean to edit a file this large.",
    "The file is larger than --max-bytes (16 MiB by default)."),
  "SPL-E065": spec("not_regular_file", ExitCode.refused, false,
    "Name a regular file.",
    "The path is a directory, FIFO, socket or device. Writing to them is not atomic, so splice refuses."),
  "SPL-E066": spec("invalid_path", ExitCode.refused, false,
    "Remove NUL bytes from the path.",
    "The path contains a NUL byte or is empty."),
  "SPL-E067": spec("reserved_path", ExitCode.refused, false,
    "Use `splice undo` and `splice recover` to act on the journal.",
    "The path is inside .splice/, where splice keeps its journal and locks. Editing those files by hand could make recovery restore the wrong bytes, so splice refuses."),
  "SPL-E071": spec("text_not_found", ExitCode.match, false,
    "Check the exact text, including whitespace and line breaks; the context lists the nearest candidates.",
    "The text to replace does not occur in the file. The error lists up to three nearest lines with their similarity and names the likely difference (tabs vs spaces, trailing whitespace, line endings, case)."),
  "SPL-E072": spec("ambiguous_match", ExitCode.match, false,
    "Add surrounding lines to make the text unique, or pass --replace-all.",
    "The text to replace occurs more than once. splice never guesses which one you meant; the context lists every line where it occurs."),
  "SPL-E081": spec("disk_full", ExitCode.io, true,
    "Free some disk space and retry; the file was left as it was.",
    "The disk is full (ENOSPC) or over quota. The write was rolled back; the target holds its original bytes."),
  "SPL-E082": spec("permission_denied", ExitCode.io, false,
    "Check the permissions of the file and its directory.",
    "The operating system denied the write (EACCES/EPERM/EROFS). The write was rolled back."),
  "SPL-E083": spec("io_error", ExitCode.io, true,
    "Retry; if it persists, check the disk.",
    "An I/O error happened while writing. The write was rolled back."),
  "SPL-E091": spec("graph_db_error", ExitCode.graph, false,
    "Remove or rebuild the graph database with `splice index --full`.",
    "The code graph database is corrupt, foreign, or cannot be opened."),
  "SPL-E099": spec("internal", ExitCode.internal, false,
    "This is a bug in splice; please report it with the command line.",
    "An unexpected internal error. Any transaction in progress was rolled back."),
  "SPL-E130": spec("interrupted", ExitCode.sigint, true,
    "The operation was interrupted; the files are as they were. Run it again.",
    "splice received SIGINT or SIGTERM. Everything not yet committed was rolled back before exiting (130 for SIGINT, 143 for SIGTERM)."),
  "SPL-E131": spec("recovery_conflict", ExitCode.conflict, false,
    "Inspect the named files; splice left them as they are.",
    "An interrupted transaction could not be rolled back fully because some files changed after splice wrote them. The other files were restored.")
} as const satisfies Record<string, ErrorSpec>

export type ErrorCode = keyof typeof ErrorRegistry

export const isErrorCode = (s: string): s is ErrorCode => Object.hasOwn(ErrorRegistry, s)
