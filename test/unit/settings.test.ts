/** From flags (and splice.json) to the gates each command runs, and how a skipped gate says why. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { settingsFrom } from "../../src/spec/settings.js"
import { check } from "../../src/commands/check.js"
import { COMPILER_OFF } from "../../src/commands/compilerGate.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { emptyConfig } from "../../src/domain/projectConfig.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"
import { MemoryFs, run } from "../support/memory.js"

const settings = (validate: "none" | "syntax" | "compiler" | "full" | undefined) =>
  Effect.runPromise(settingsFrom({
    validate,
    requireCompiler: undefined,
    compileTimeout: undefined,
    lockTimeout: undefined,
    maxBytes: undefined
  }).pipe(Effect.provide(Layer.succeed(ProjectConfig, { load: Effect.succeed(emptyConfig) }))))

describe("--validate", () => {
  it("maps each choice to the two gates", async () => {
    expect([(await settings(undefined)).validate, (await settings(undefined)).compiler.mode]).toEqual(["syntax", "auto"])
    expect([(await settings("syntax")).validate, (await settings("syntax")).compiler.mode]).toEqual(["syntax", "off"])
    expect([(await settings("full")).validate, (await settings("full")).compiler.mode]).toEqual(["syntax", "always"])
    expect([(await settings("none")).validate, (await settings("none")).compiler.mode]).toEqual(["none", "off"])
    expect([(await settings("compiler")).validate, (await settings("compiler")).compiler.mode]).toEqual(["compiler-only", "always"])
  })

  it("check --validate compiler does not claim the syntax gate was disabled by --validate none", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const r = await run(check({ files: ["a.py"], validate: (await settings("compiler")).validate, compiler: COMPILER_OFF, maxBytes: DEFAULT_MAX_BYTES }), mem)
    const reason = JSON.stringify(r.last)
    expect(reason).not.toContain("--validate none")
    expect(reason).toContain("--validate compiler runs only the compiler gate")
  })
})
