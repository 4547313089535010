/**
 * Every command that reads stdin or an argument file on the CLI also takes its input inline, so an
 * MCP client (which has no stdin) can use it: run through the specs on memory layers with empty stdin.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { emptyConfig } from "../../src/domain/projectConfig.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"
import type { CommandSpec } from "../../src/spec/command.js"
import { applySpec } from "../../src/spec/commands/apply.js"
import { editSpec } from "../../src/spec/commands/edit.js"
import { writeSpec } from "../../src/spec/commands/write.js"
import type { Params, Values } from "../../src/spec/param.js"
import { MemoryFs, run } from "../support/memory.js"

/** A spec's values as a surface would pass them: defaults, then the given ones. */
const values = <P extends Params>(spec: CommandSpec<P, any>, given: Partial<Values<P>>): Values<P> => {
  const out: Record<string, unknown> = {}
  for (const [key, p] of Object.entries(spec.params)) out[key] = p.defaultValue
  return { ...out, ...given } as Values<P>
}

/** splice.json's defaults: none (the memory layers have no ProjectConfig of their own). */
const noConfig = <R>(program: Effect.Effect<unknown, SpliceError, R>) =>
  program.pipe(Effect.provide(Layer.succeed(ProjectConfig, { load: Effect.succeed(emptyConfig) })))

const PATCH = `*** Begin Patch
*** Update File: src/a.ts
@@
-export const a = 1
+export const a = 2
*** End Patch
`

describe("inline input instead of stdin", () => {
  it("apply --change-set applies the change set given inline; stdin is never read", async () => {
    const mem = new MemoryFs({ "src/a.ts": "export const a = 1\n" })
    const r = await run(noConfig(applySpec.run(values(applySpec, { changeSet: PATCH, lockTimeout: 0.2 }))), mem)
    expect(r.error).toBeUndefined()
    expect(mem.text("src/a.ts")).toBe("export const a = 2\n")
  })

  it("apply: an empty --change-set is SPL-E012; FILE and --change-set together are SPL-E010", async () => {
    const mem = new MemoryFs({ "src/a.ts": "export const a = 1\n" })
    expect((await run(noConfig(applySpec.run(values(applySpec, { changeSet: "" }))), mem)).error?.code).toBe("SPL-E012")
    const both = await run(noConfig(applySpec.run(values(applySpec, { changeSet: PATCH, input: "p.patch" }))), mem, { files: { "p.patch": PATCH } })
    expect(both.error?.code).toBe("SPL-E010")
    expect(mem.text("src/a.ts")).toBe("export const a = 1\n")
  })

  it("edit --edits-json applies a batch given inline; with --edits too it is SPL-E010", async () => {
    const mem = new MemoryFs({ "src/a.ts": "export const a = 1\nexport const b = 1\n" })
    const batch = JSON.stringify([{ old: "a = 1", new: "a = 2" }, { old: "b = 1", new: "b = 2" }])
    expect((await run(noConfig(editSpec.run(values(editSpec, { file: "src/a.ts", editsJson: batch }))), mem)).error).toBeUndefined()
    expect(mem.text("src/a.ts")).toBe("export const a = 2\nexport const b = 2\n")
    const both = await run(noConfig(editSpec.run(values(editSpec, { file: "src/a.ts", editsJson: batch, edits: "b.json" }))), mem, { files: { "b.json": batch } })
    expect(both.error?.code).toBe("SPL-E010")
  })

  it("write --content and edit --replace-old/--replace-new need no stdin", async () => {
    const mem = new MemoryFs({ "src/a.ts": "export const a = 1\n" })
    expect((await run(noConfig(writeSpec.run(values(writeSpec, { file: "src/b.ts", content: "export const b = 1\n", create: true }))), mem)).error).toBeUndefined()
    expect((await run(noConfig(editSpec.run(values(editSpec, { file: "src/a.ts", replaceOld: "= 1", replaceNew: "= 3" }))), mem)).error).toBeUndefined()
    expect([mem.text("src/a.ts"), mem.text("src/b.ts")]).toEqual(["export const a = 3\n", "export const b = 1\n"])
  })
})
