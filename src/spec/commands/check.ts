/** `splice check`. */
import * as Effect from "effect/Effect"
import { check } from "../../commands/check.js"
import { defineCommand } from "../command.js"
import { list } from "../param.js"
import { settingsFrom } from "../settings.js"
import { compileTimeout, maxBytes, requireCompiler, validate } from "../shared.js"

export const checkSpec = defineCommand({
  name: "check",
  summary: "Run the gates (syntax and the project's checker) on files without editing them",
  guide: "Judges files as they are: tree-sitter syntax errors, and the project's checker (tsc, cargo, a custom gate in splice.json) whenever one can run. Use it before editing to know which errors already exist, or after changes made by other means. " +
    "Exit 5 with the errors listed when a gate fails; SPL-E047 the workspace must be trusted (splice trust) before its own checker runs; SPL-E044 with require-compiler when no checker can run.",
  params: {
    files: list("files", "The files to check", { required: true, positional: "FILE" }),
    validate,
    requireCompiler,
    compileTimeout,
    maxBytes
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice check src/app.ts src/util.ts", "splice check --validate syntax src/app.ts"],
  run: (v) =>
    Effect.gen(function*() {
      const s = yield* settingsFrom({ ...v, lockTimeout: undefined })
      // With nothing chosen, `check` runs the checker whenever one exists, project file or not.
      const compiler = v.validate === undefined && s.compiler.mode === "auto" ? { ...s.compiler, mode: "always" as const } : s.compiler
      return yield* check({ files: v.files, validate: s.validate, compiler, maxBytes: s.maxBytes })
    })
})
