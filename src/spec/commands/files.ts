/** `splice mv`, `splice cp`, `splice rm`: files and directories moved, copied or removed as one transaction. */
import * as Effect from "effect/Effect"
import { remove } from "../../commands/remove.js"
import { cp, mv, type TransferConfig } from "../../commands/transfer.js"
import { defineCommand } from "../command.js"
import { flag, list, text } from "../param.js"
import { given, holdMs, settingsFrom } from "../settings.js"
import { allowGitDir, gates, lockTimeout, maxBytes, refreshDb } from "../shared.js"

const force = flag("force", "Replace files already at the destination (the journal keeps them: undo restores them)", { alias: "f" })
const preview = flag("preview", "List what would be moved, copied or removed; change nothing", { alias: "n", longAlias: "dry-run" })
const expectFile = text("expect-checksum", "Refuse (exit 7) unless the file (a single file only) has this BLAKE3 checksum (64 hex digits, or a prefix of 12+)")

const transferParams = (what: string) => ({
  from: text("from", `The file or directory to ${what}`, { required: true, positional: "FROM" }),
  to: text("to", "The new path, or an existing directory to put it in (its missing directories are made)", { required: true, positional: "TO" }),
  force,
  preview,
  expectChecksum: expectFile,
  allowGitDir,
  ...gates,
  db: refreshDb
})

type TransferValues = {
  readonly from: string
  readonly to: string
  readonly force: boolean
  readonly preview: boolean
  readonly expectChecksum: string | undefined
  readonly allowGitDir: boolean
  readonly db: string | undefined
  readonly noUpdateImports?: boolean
} & Parameters<typeof settingsFrom>[0]

const transferConfig = (v: TransferValues) =>
  Effect.map(settingsFrom(v), (s): TransferConfig => ({
    from: v.from,
    to: v.to,
    force: v.force,
    preview: v.preview,
    ...given("expectChecksum", v.expectChecksum),
    compiler: s.compiler,
    maxBytes: s.maxBytes,
    lockTimeoutMs: s.lockTimeoutMs,
    ...holdMs(),
    ...(v.allowGitDir ? { allowGitDir: true } : {}),
    ...given("db", v.db),
    ...(v.noUpdateImports === true ? { updateImports: false } : {})
  }))

const PLACING = "TO an existing directory: FROM goes inside it (mv a.ts src/ → src/a.ts); missing directories are made, and removed again by undo. Binary files are fine (bytes, not text). "
const REFUSALS = "SPL-E033 something is at the destination (force replaces files); SPL-E110 a directory into itself; SPL-E111 the same file; SPL-E113 a file where a directory is or back; SPL-E065 a FIFO or device."

export const mvSpec = defineCommand({
  name: "mv",
  summary: "Move or rename a file or directory: journaled, undoable, never replacing without --force",
  guide: "Keeps each file itself (mode, timestamps, hard links); a symlink moves as a link. " + PLACING +
    "A directory moves whole, merged into one already at TO. Imports of moved TS/JS or Python files are rewritten in the same transaction. " + REFUSALS,
  params: {
    ...transferParams("move"),
    noUpdateImports: flag("no-update-imports", "Move the bytes only: leave the imports that name the moved files (and the moved files' own relative imports) as they are")
  },
  needs: "workspace",
  readOnly: false,
  examples: ["splice mv src/util.ts src/lib/util.ts", "splice mv assets/logo.png public/", "splice mv old-dir new-dir --preview"],
  run: (v) => Effect.flatMap(transferConfig(v), mv)
})

export const cpSpec = defineCommand({
  name: "cp",
  summary: "Copy a file or directory: journaled, undoable, never replacing without --force",
  guide: "A new copy gets the source's mode; a file replaced with force keeps its own (as cp(1)). A link named as FROM is followed; links inside a directory are copied as links. " + PLACING +
    "A directory copies whole, merged into one already at TO. " + REFUSALS,
  params: transferParams("copy"),
  needs: "workspace",
  readOnly: false,
  examples: ["splice cp templates/base.ts src/new.ts", "splice cp fixtures/ test/fixtures-copy", "splice cp logo.png public/ --force"],
  run: (v) => Effect.flatMap(transferConfig(v), cp)
})

export const rmSpec = defineCommand({
  name: "rm",
  summary: "Remove files (and with --recursive directories): journaled, so undo brings them back",
  guide: "Every file's bytes and mode and every directory's mode are kept in the journal: a failure rolls all back, `splice undo` restores them. " +
    "A symlink is removed as a link, never followed. SPL-E112 a directory without recursive; SPL-E020 a path that is not there; SPL-E065 a FIFO or device; SPL-E067 the workspace root, .splice/ or .git/.",
  params: {
    paths: list("paths", "The files (and with --recursive, directories) to remove", { required: true, positional: "PATH" }),
    recursive: flag("recursive", "Remove directories and everything in them", { alias: "r" }),
    preview,
    expectChecksum: expectFile,
    allowGitDir,
    maxBytes,
    lockTimeout,
    db: refreshDb
  },
  needs: "workspace",
  readOnly: false,
  examples: ["splice rm src/old.ts src/old.test.ts", "splice rm build/ --recursive --preview"],
  run: (v) =>
    Effect.flatMap(settingsFrom({ validate: undefined, requireCompiler: undefined, compileTimeout: undefined, lockTimeout: v.lockTimeout, maxBytes: v.maxBytes }), (s) =>
      remove({
        paths: v.paths,
        recursive: v.recursive,
        preview: v.preview,
        ...given("expectChecksum", v.expectChecksum),
        maxBytes: s.maxBytes,
        lockTimeoutMs: s.lockTimeoutMs,
        ...holdMs(),
        ...(v.allowGitDir ? { allowGitDir: true } : {}),
        ...given("db", v.db)
      }))
})
