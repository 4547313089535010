/**
 * `splice check FILE...`: the gates without an edit. Every parse error and every diagnostic of the
 * files as they are now, one event each; exit 5 when any is an error (SPL-E042 for syntax,
 * SPL-E043 for the checker).
 */
import * as Effect from "effect/Effect"
import { errorsOf } from "../domain/diagnostics.js"
import { spliceError } from "../domain/SpliceError.js"
import { FileStore, type WorkspacePath } from "../../services/FileStore.js"
import { Output } from "../../services/Output.js"
import { type ValidateMode, Validator, type Verdict } from "../../services/Validator.js"
import { type CompilerSettings, type CompilerVerdict, currentVerdict, planFor, skippedVerdict } from "./compilerGate.js"
import { loadTextTarget } from "./textTarget.js"
import { userPath } from "../domain/workspacePath.js"

export interface CheckConfig {
  readonly files: ReadonlyArray<string>
  readonly validate: ValidateMode
  readonly compiler: CompilerSettings
  readonly maxBytes: number
}

export const check = (config: CheckConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const validator = yield* Validator
    const output = yield* Output
    if (config.files.length === 0) return yield* Effect.fail(spliceError("SPL-E010", "name at least one file"))

    const relative: WorkspacePath[] = []
    const syntax: Array<{ file: string; verdict: Verdict }> = []
    for (const f of config.files) {
      const path = yield* store.resolve(userPath(f))
      const target = yield* loadTextTarget(path, config.maxBytes)
      relative.push(path.relative)
      // No "before": every parse error of the file counts.
      const verdict = yield* validator.validate({ path: path.relative, before: null, after: target.content.text, mode: config.validate })
      syntax.push({ file: path.relative, verdict })
      for (const e of verdict.errors) {
        yield* output.event({ type: "diagnostic", tool: verdict.parser ?? "tree-sitter", file: path.relative, line: e.line, column: e.column, code: "syntax", severity: "error", message: e.message },
          (t) => t.check.diagnostic(path.relative, e.line, e.column, "error", undefined, e.message))
      }
    }

    let compiler: CompilerVerdict = skippedVerdict("disabled by --validate")
    if (config.compiler.mode !== "off") {
      const { runs, skips, covers } = yield* planFor(relative, config.compiler)
      if (runs.length === 0) compiler = skippedVerdict([...new Set(skips.map((s) => s.reason))].join("; ") || "no checker", skips[0]?.tool)
      else {
        compiler = yield* currentVerdict(runs, config.compiler, covers)
        for (const d of compiler.diagnostics) {
          yield* output.event({ type: "diagnostic", ...d },
            (t) => t.check.diagnostic(d.file, d.line, d.column, d.severity, d.code, d.message))
        }
      }
    }

    const syntaxErrors = syntax.flatMap((s) => s.verdict.errors.map((e) => ({ file: s.file, ...e })))
    const compileErrors = errorsOf(compiler.diagnostics)
    if (syntaxErrors.length > 0) {
      return yield* Effect.fail(spliceError("SPL-E042", `${syntaxErrors.length} syntax error(s)`, { context: { errors: syntaxErrors, compiler } }))
    }
    if (compileErrors.length > 0) {
      return yield* Effect.fail(spliceError("SPL-E043", `${compiler.tool} reports ${compileErrors.length} error(s)`, { context: { tool: compiler.tool, diagnostics: compileErrors } }))
    }
    const warnings = compiler.diagnostics.length - compileErrors.length
    return yield* output.result("check", {
      files: relative,
      syntax: syntax.map((s) => ({ file: s.file, status: s.verdict.status, ...(s.verdict.reason ? { reason: s.verdict.reason } : {}) })),
      compiler,
      errors: 0,
      warnings
    }, (t) => t.check.ok(relative.length, syntax.map((s) => s.verdict.status), compiler.status, compiler.reason !== undefined ? t.verdict.reason(compiler.reason) : undefined, warnings))
  })
