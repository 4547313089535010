/** Flags of `splice check`; the program is src/commands/check.ts. */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { check } from "../commands/check.js"
import * as common from "./common.js"

const flags = {
  files: Args.text({ name: "FILE" }).pipe(Args.atLeast(1)),
  validate: common.validate,
  requireCompiler: common.requireCompiler,
  compileTimeout: common.compileTimeout,
  maxBytes: common.maxBytes,
  workspace: common.workspace,
  output: common.output
}

const command = Command.make("check", flags, (f) =>
  Effect.gen(function*() {
    const s = yield* common.settingsFrom({ ...f, lockTimeout: Option.none() })
    // With nothing chosen, `check` runs the checker whenever one exists, project file or not.
    const compiler = f.validate._tag === "None" && s.compiler.mode === "auto" ? { ...s.compiler, mode: "always" as const } : s.compiler
    return yield* check({ files: f.files, validate: s.validate, compiler, maxBytes: s.maxBytes })
  })).pipe(Command.withDescription("Run the gates (syntax and the project's checker) on files without editing them"))

export const checkCommand = Command.provide(command, common.layerFor)
