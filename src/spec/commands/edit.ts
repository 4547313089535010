/** `splice edit`. */
import * as Effect from "effect/Effect"
import { edit } from "../../commands/edit.js"
import { defineCommand } from "../command.js"
import { flag, integer, text } from "../param.js"
import { given, holdMs, settingsFrom } from "../settings.js"
import { allowGitDir, diff, expectChecksum, gates, preview, refreshDb } from "../shared.js"
import { collectEdits, collectPositional } from "./editInput.js"

export const editSpec = defineCommand({
  name: "edit",
  summary: "Replace exact text in a file, or insert, replace or delete lines by position: validated, atomic, journaled, undoable",
  guide: "Replace exact text (found once, or replace-all), apply a batch (edits), or make one positional edit (after-line, lines, delete-lines, after/before an anchor). " +
    "SPL-E071 not found (the error shows the closest lines) or SPL-E072 found several times: copy the text exactly from a fresh read, add surrounding lines, or try fuzzy. " +
    "SPL-E042/E043 a gate failed and nothing was written. SPL-E031 the file changed since its checksum was read: read it again.",
  params: {
    file: text("file", "The file to edit", { required: true, alias: "f" }),
    replaceOld: text("replace-old", "Exact text to replace (\\n means the file's line ending)"),
    replaceNew: text("replace-new", "Replacement text, or the lines of a positional edit"),
    // Argument files and stdin are the CLI's: over MCP stdin is the protocol, and argument files are
    // not confined to the workspace. The inline forms (replace-old, replace-new, edits-json) serve both.
    oldFile: text("old-file", "Read the text to replace from this file (- = stdin)", { only: "cli" }),
    newFile: text("new-file", "Read the replacement from this file (- = stdin)", { only: "cli" }),
    edits: text("edits", "File of a JSON array [{old, new, replace_all?}], applied in order, all or nothing (- = stdin)", { only: "cli" }),
    editsJson: text("edits-json", "That JSON array itself, instead of an --edits file"),
    replaceAll: flag("replace-all", "Replace every occurrence instead of requiring exactly one"),
    fuzzy: flag("fuzzy", "If not found exactly, match ignoring trailing whitespace, indentation, look-alike characters"),
    allowEmpty: flag("allow-empty", "Accept empty stdin for --new-file -: delete the matched text"),
    afterLine: integer("after-line", "Insert the new lines after line N (0 = at the top)"),
    beforeLine: integer("before-line", "Insert the new lines before line N"),
    lines: text("lines", "Replace lines A:B with the new lines (with --replace-old: only if they hold it)"),
    deleteLines: text("delete-lines", "Delete lines A:B"),
    after: text("after", "Insert the new lines after the line where this text (found once) ends"),
    before: text("before", "Insert the new lines before the line where this text (found once) starts"),
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
    "splice edit -f src/app.ts --replace-old 'let x = 1' --replace-new 'const x = 1'",
    "splice edit -f src/app.ts --after-line 3 --replace-new 'import { y } from \"./y.js\"'",
    "git show HEAD:src/app.ts | splice edit -f src/app.ts --lines 10:12 --new-file -"
  ],
  run: (v) =>
    Effect.gen(function*() {
      const positional = yield* collectPositional(v)
      const edits = positional === undefined ? yield* collectEdits(v) : []
      const settings = yield* settingsFrom(v)
      return yield* edit({
        file: v.file,
        edits,
        ...(positional !== undefined ? { positional } : {}),
        preview: v.preview,
        showDiff: v.diff,
        ...given("expectChecksum", v.expectChecksum),
        ...settings,
        ...holdMs(),
        ...(v.allowGitDir ? { allowGitDir: true } : {}),
        ...(v.fuzzy ? { fuzzy: true } : {}),
        ...given("db", v.db)
      })
    })
})
