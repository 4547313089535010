/** `splice write`. */
import * as Effect from "effect/Effect"
import { write } from "../../commands/write.js"
import { spliceError } from "../../domain/SpliceError.js"
import { Input } from "../../../services/Input.js"
import { defineCommand } from "../command.js"
import { flag, text } from "../param.js"
import { given, holdMs, settingsFrom } from "../settings.js"
import { allowGitDir, diff, expectChecksum, gates, preview, refreshDb } from "../shared.js"

export const writeSpec = defineCommand({
  name: "write",
  summary: "Write a whole file from --content or stdin: validated, atomic, journaled, undoable",
  guide: "Replaces a file's whole content (or creates it with create), keeping its CRLF line endings and BOM unless raw; append/prepend add the content at the end or the start (after the BOM) instead. Prefer edit for changes to part of a file. " +
    "SPL-E033 the file exists with create; SPL-E012 empty content (allow-empty to truncate); SPL-E042/E043 a gate failed and nothing was written; SPL-E031 the file changed since its checksum was read.",
  params: {
    file: text("file", "The file to write", { required: true, alias: "f" }),
    content: text("content", "The new content (on the CLI, stdin when absent)"),
    create: flag("create", "Create a new file; refuse if it exists"),
    allowEmpty: flag("allow-empty", "Allow empty content (truncate the file)"),
    raw: flag("raw", "Write the bytes as given: do not adopt the file's CRLF/BOM"),
    append: flag("append", "Add the content at the end of the file (after its last byte, as >> does)"),
    prepend: flag("prepend", "Add the content at the start of the file (after its BOM)"),
    preview,
    diff,
    expectChecksum,
    allowGitDir,
    ...gates,
    db: refreshDb
  },
  needs: "workspace",
  readOnly: false,
  examples: [
    "splice write -f src/new.ts --create --content 'export const x = 1\\n'",
    "generate-config | splice write -f config/app.json --diff",
    "printf 'export * from \"./new\"\\n' | splice write -f src/index.ts --append"
  ],
  run: (v) =>
    Effect.gen(function*() {
      if (v.append && v.prepend) {
        return yield* Effect.fail(spliceError("SPL-E010", "--append and --prepend: give one of them", { context: { flag: "prepend", expected: "--append or --prepend" } }))
      }
      const content = v.content !== undefined ? new TextEncoder().encode(v.content) : yield* (yield* Input).stdin
      const settings = yield* settingsFrom(v)
      return yield* write({
        file: v.file,
        content,
        create: v.create,
        allowEmpty: v.allowEmpty,
        raw: v.raw,
        ...(v.append ? { position: "append" as const } : v.prepend ? { position: "prepend" as const } : {}),
        preview: v.preview,
        showDiff: v.diff,
        ...given("expectChecksum", v.expectChecksum),
        ...settings,
        ...holdMs(),
        ...(v.allowGitDir ? { allowGitDir: true } : {}),
        ...given("db", v.db)
      })
    })
})
