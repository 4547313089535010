/** From a writing command's gate parameters (and splice.json) to the gates it runs. */
import * as Effect from "effect/Effect"
import type { CompilerSettings } from "../commands/compilerGate.js"
import { DEFAULT_MAX_BYTES } from "../commands/textTarget.js"
import { spliceError } from "../domain/SpliceError.js"
import type { ValidateMode } from "../../services/Validator.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"

/** The gate parameters as a command receives them (src/spec/shared.ts `gates`); absent = undefined. */
export interface GateValues {
  readonly validate: "none" | "syntax" | "compiler" | "full" | undefined
  readonly requireCompiler: boolean | undefined
  readonly compileTimeout: number | undefined
  readonly lockTimeout: number | undefined
  readonly maxBytes: number | undefined
}

export interface Settings {
  readonly validate: ValidateMode
  readonly compiler: CompilerSettings
  readonly lockTimeoutMs: number
  readonly maxBytes: number
}

/** Parameters, else splice.json's defaults, else the built-in defaults. */
export const settingsFrom = (f: GateValues) =>
  Effect.gen(function*() {
    const d = (yield* (yield* ProjectConfig).load).defaults
    if (f.maxBytes !== undefined && f.maxBytes < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `--max-bytes takes a positive number of bytes (got ${f.maxBytes})`, { context: { max_bytes: f.maxBytes } }))
    }
    const chosen = f.validate ?? d.validate
    const compilerMode: CompilerSettings["mode"] = chosen === undefined ? "auto" : chosen === "compiler" || chosen === "full" ? "always" : "off"
    return {
      validate: chosen === "none" ? "none" : chosen === "compiler" ? "compiler-only" : "syntax",
      compiler: {
        mode: compilerMode,
        // A switch reads false when absent, so only `true` can override splice.json.
        require: f.requireCompiler === true || (d.requireCompiler ?? false),
        timeoutMs: (f.compileTimeout ?? d.compileTimeoutSeconds ?? 120) * 1000
      },
      lockTimeoutMs: (f.lockTimeout ?? d.lockTimeoutSeconds ?? 10) * 1000,
      maxBytes: f.maxBytes ?? d.maxBytes ?? DEFAULT_MAX_BYTES
    } satisfies Settings
  })

/** Test hook: SPLICE_TEST_HOLD_MS pauses between writing and committing, so e2e tests can signal mid-write. */
export const holdMs = (): { readonly holdMs?: number } => {
  const v = Number(process.env["SPLICE_TEST_HOLD_MS"])
  return Number.isFinite(v) && v > 0 ? { holdMs: v } : {}
}

/** `{ key: value }` when the value is given, else `{}` (exactOptionalPropertyTypes). */
export const given = <K extends string, A>(key: K, value: A | undefined): { readonly [P in K]?: A } =>
  (value !== undefined ? { [key]: value } : {}) as { readonly [P in K]?: A }
