/** `splice apply`. */
import * as Effect from "effect/Effect"
import { apply } from "../../commands/apply.js"
import { spliceError } from "../../domain/SpliceError.js"
import { defineCommand } from "../command.js"
import { choice, flag, list, text } from "../param.js"
import { given, holdMs, settingsFrom } from "../settings.js"
import { allowGitDir, diff, gates, preview, refreshDb } from "../shared.js"

export const applySpec = defineCommand({
  name: "apply",
  summary: "Apply a multi-file change set (JSON plan, Codex patch, search/replace blocks, unified diff) as one transaction",
  guide: "Every file changes or none does: all hunks are placed in memory, the gates judge each result, then one journaled transaction writes them (undo reverses it whole). Whitespace, indentation and look-alike differences are tolerated unless exact. " +
    "SPL-E071/E072 a hunk's old text was not found or is ambiguous (the error names the change and the input line): read the file and fix that hunk. SPL-E051 the change set could not be parsed; SPL-E042/E043 a gate failed and nothing was written.",
  params: {
    // CLI only: over MCP stdin is the protocol and argument files are not confined to the workspace.
    input: text("input", "A file holding the change set (- = stdin, the default)", { positional: "FILE", only: "cli" }),
    changeSet: text("change-set", "The change set itself, instead of FILE"),
    format: choice("format", ["auto", "plan", "codex", "search-replace", "udiff"] as const, "Input format (auto: detected from the first lines)", { defaultValue: "auto" }),
    exact: flag("exact", "Match exactly: no tolerance for whitespace, indentation or look-alike characters"),
    expectChecksum: list("expect-checksum", "FILE=CHECKSUM: refuse (exit 7) unless FILE's current BLAKE3 checksum is this"),
    preview,
    diff,
    allowGitDir,
    ...gates,
    db: refreshDb
  },
  needs: "workspace",
  readOnly: false,
  examples: [
    "splice apply changes.patch --preview",
    "git diff | splice apply --format udiff --diff",
    "splice apply plan.json --expect-checksum src/a.ts=9cae44b67cc8"
  ],
  run: (v) =>
    Effect.gen(function*() {
      if (v.input !== undefined && v.changeSet !== undefined) {
        return yield* Effect.fail(spliceError("SPL-E010", "give the change set as FILE or with --change-set, not both"))
      }
      const settings = yield* settingsFrom(v)
      return yield* apply({
        input: v.input ?? "-",
        ...given("text", v.changeSet),
        format: v.format,
        preview: v.preview,
        showDiff: v.diff,
        exact: v.exact,
        expectChecksums: v.expectChecksum,
        ...settings,
        ...holdMs(),
        ...(v.allowGitDir ? { allowGitDir: true } : {}),
        ...given("db", v.db)
      })
    })
})
