/**
 * Every command's output against its schema (src/schema/), on the memory layers: run() and runGraph()
 * check every line they capture, so these runs cover each command and each shape of its result
 * (unchanged, preview, committed; list and stats; JSON and JSON lines) that other tests may not.
 * Also: the check itself rejects a wrong line, so a passing run means something.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { ProjectConfigLive } from "../../layers/live/ProjectConfigLive.js"
import { FileStoreMemory } from "../../layers/memory/MemoryFs.js"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { MemoryTrustRecords, TrustMemory } from "../../layers/memory/TrustMemory.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import { apply, type ApplyConfig } from "../../src/commands/apply.js"
import { check } from "../../src/commands/check.js"
import { diff } from "../../src/commands/diff.js"
import { extract } from "../../src/commands/extract.js"
import { edit } from "../../src/commands/edit.js"
import { explain } from "../../src/commands/explain.js"
import { exportCommand } from "../../src/commands/graph/export.js"
import { filesCommand } from "../../src/commands/graph/files.js"
import { findCommand } from "../../src/commands/graph/find.js"
import { indexCommand } from "../../src/commands/graph/index.js"
import { outlineCommand } from "../../src/commands/graph/outline.js"
import { refsCommand } from "../../src/commands/graph/refs.js"
import { statusCommand } from "../../src/commands/graph/status.js"
import { suggestCommand } from "../../src/commands/graph/suggest.js"
import { hash } from "../../src/commands/hash.js"
import { historyCommand } from "../../src/commands/history.js"
import { query } from "../../src/commands/query.js"
import { read } from "../../src/commands/read.js"
import { recoverWith } from "../../src/commands/recover.js"
import { schemaCommand } from "../../src/commands/schema.js"
import { stat } from "../../src/commands/stat.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { trustCommand } from "../../src/commands/trust.js"
import { undo } from "../../src/commands/undo.js"
import { write } from "../../src/commands/write.js"
import { errorObject } from "../../src/domain/render.js"
import { spliceError } from "../../src/domain/SpliceError.js"
import { commandOutputs } from "../../src/schema/outputs.js"
import { commandSpecs } from "../../src/spec/commands/index.js"
import { editConfig, oneEdit, writeConfig } from "../support/configs.js"
import { fixtureFs, runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs, run } from "../support/memory.js"
import { assertSchemaLines, schemaProblems } from "../support/outputSchema.js"

const TS = "export function add(a: number, b: number) {\n  return a + b\n}\nexport const x = add(1, 2)\n"

const applyConfig = (text: string, over: Partial<ApplyConfig> = {}): ApplyConfig => ({
  input: "-", text, format: "auto", preview: false, showDiff: false, exact: false, expectChecksums: [],
  validate: "syntax", maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200, ...over
})

/** `splice trust` needs the Trust and ProjectConfig services, which run() does not provide. */
const trustLines = async (mem: MemoryFs, records: MemoryTrustRecords, config: { status: boolean; revoke: boolean }) => {
  const captured = new CapturedOutput()
  const layer = Layer.mergeAll(TrustMemory(records), ProjectConfigLive.pipe(Layer.provide(FileStoreMemory(mem)))).pipe(Layer.provideMerge((await import("../support/memory.js")).layerFor(mem, captured)))
  const exit = await Effect.runPromiseExit(trustCommand(config).pipe(Effect.provide(layer)))
  const outcome = outcomeOf(exit, undefined)
  return [...captured.lines, ...(outcome.error !== undefined ? [errorObject(outcome.error, outcome.exit)] : [])]
}

describe("every command's output matches its schema", () => {
  it("every command has an output schema under its own name", () => {
    expect(Object.keys(commandOutputs).sort()).toEqual(commandSpecs.map((s) => s.name).sort())
  })

  it("edit: exact, fuzzy and positional; unchanged, preview, committed with diff; errors", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    expect((await run(edit(oneEdit("a.ts", "a + b", "b + a", { preview: true })), mem)).last).toMatchObject({ preview: true, would_succeed: true })
    expect((await run(edit(oneEdit("a.ts", "a + b", "b + a", { showDiff: true })), mem)).last).toMatchObject({ changed: true, edits: [{ edit: 1 }] })
    expect((await run(edit(oneEdit("a.ts", "a + b", "b + a")), mem)).last).toMatchObject({ changed: false, already_applied: true })
    expect((await run(edit(oneEdit("a.ts", "b  +  a", "a + b", { fuzzy: true })), mem)).exit).toBe(6)
    expect((await run(edit(oneEdit("a.ts", "\treturn b + a", "\treturn a + b", { fuzzy: true })), mem)).last).toMatchObject({ matched_with: expect.any(Array) })
    const positional = await run(edit(editConfig({ file: "a.ts", positional: { mode: "after_line", line: 0, content: "// top\n" } })), mem)
    expect(positional.last).toMatchObject({ mode: "after_line", lines: { from: 1, to: 1 } })
    expect((await run(edit(oneEdit("a.ts", "zz", "yy")), mem)).error?.code).toBe("SPL-E071")
    expect((await run(edit(oneEdit("a.ts", "a", "b")), mem)).error?.code).toBe("SPL-E072")
    expect((await run(edit(oneEdit("a.ts", "add(1, 2)", "add(1, ")), mem)).error?.code).toBe("SPL-E042")
  })

  it("write, apply (add, delete, move, preview, nothing to change) and their undo", async () => {
    const mem = new MemoryFs({ "a.ts": TS, "old.ts": "export const o = 1\n" })
    expect((await run(write(writeConfig("b.ts", "export const y = 1\n", { create: true })), mem)).last).toMatchObject({ created: true })
    expect((await run(write(writeConfig("b.ts", "export const y = 1\n")), mem)).last).toMatchObject({ changed: false })
    expect((await run(write(writeConfig("b.ts", "export const y = 2\n", { preview: true })), mem)).last).toMatchObject({ preview: true })
    const patch = "*** Begin Patch\n*** Add File: c.ts\n+export const c = 1\n*** Delete File: old.ts\n*** Update File: a.ts\n@@\n-  return a + b\n+  return b + a\n*** End Patch\n"
    expect((await run(apply(applyConfig(patch, { preview: true })), mem)).last).toMatchObject({ preview: true })
    expect((await run(apply(applyConfig(patch)), mem)).last).toMatchObject({ changed: true, format: "codex" })
    const plan = JSON.stringify({ ops: [{ op: "move", from: "c.ts", to: "d/c.ts" }] })
    expect((await run(apply(applyConfig(plan, { format: "plan" })), mem)).exit).toBe(0)
    expect((await run(apply(applyConfig("*** Begin Patch\n*** Update File: a.ts\n@@\n-  return a + b\n+  return b + a\n*** End Patch\n")), mem)).last).toMatchObject({ changed: false })
    expect((await run(undo({ lockTimeoutMs: 200 }), mem)).exit).toBe(0)
    // Undoing the patch recreates old.ts: an absent file's checksum is null, never "absent".
    const u = await run(undo({ lockTimeoutMs: 200 }), mem)
    const recreated = (u.last["files"] as Array<Record<string, unknown>>).find((f) => f["file"] === "old.ts")
    expect(recreated).toMatchObject({ action: "recreated", checksum_before: null })
    expect((await run(undo({ tx: "nope", lockTimeoutMs: 200 }), mem)).error?.code).toBe("SPL-E022")
  })

  it("read, hash, check, history, recover, explain and schema", async () => {
    const mem = new MemoryFs({ "a.ts": TS, "bad.ts": "export const = 1\n" })
    await run(edit(oneEdit("a.ts", "a + b", "b + a")), mem)
    expect((await run(read({ file: "a.ts", lines: "2:3", numbered: true, maxBytes: DEFAULT_MAX_BYTES }), mem)).exit).toBe(0)
    expect((await run(read({ file: "a.ts", lines: "9:", numbered: false, maxBytes: DEFAULT_MAX_BYTES }), mem)).error?.code).toBe("SPL-E120")
    expect((await run(read({ file: "empty.txt", numbered: false, maxBytes: DEFAULT_MAX_BYTES }), new MemoryFs({ "empty.txt": "" }))).last).toMatchObject({ from: null, to: null })
    expect((await run(hash({ files: ["a.ts", "bad.ts"] }), mem)).lines).toHaveLength(3)
    expect((await run(hash({ files: ["a.ts"], verify: "0".repeat(64) }), mem)).error?.code).toBe("SPL-E031")
    expect((await run(check({ files: ["a.ts"], validate: "syntax", compiler: { mode: "off", require: false, timeoutMs: 0 }, maxBytes: DEFAULT_MAX_BYTES }), mem)).exit).toBe(0)
    expect((await run(check({ files: ["bad.ts"], validate: "syntax", compiler: { mode: "off", require: false, timeoutMs: 0 }, maxBytes: DEFAULT_MAX_BYTES }), mem)).error?.code).toBe("SPL-E042")
    expect((await run(historyCommand({ limit: 5 }), mem)).lines.length).toBeGreaterThan(1)
    expect((await run(historyCommand({ limit: 5, stats: true }), mem)).last).toMatchObject({ stats: true })
    expect((await run(recoverWith({}), mem)).exit).toBe(0)
    expect((await run(recoverWith({ discard: "nope" }), mem)).error?.code).toBe("SPL-E022")
    expect((await run(explain(undefined), mem)).exit).toBe(0)
    expect((await run(explain("E071"), mem)).last).toMatchObject({ code: "SPL-E071" })
    expect((await run(explain("E999"), mem)).error?.code).toBe("SPL-E010")
    expect((await run(schemaCommand(undefined), mem)).last).toMatchObject({ commands: { read: { result: { type: "object" } } } })
    expect((await run(schemaCommand("hash"), mem)).last).toMatchObject({ name: "hash", result: expect.any(Object), events: expect.any(Object) })
    expect((await run(schemaCommand("SPL-E071"), mem)).last).toMatchObject({ code: "SPL-E071" })
    expect((await run(schemaCommand("nope"), mem)).error?.code).toBe("SPL-E010")
  })

  it("stat, diff, extract and query", async () => {
    const mem = new MemoryFs({ "a.ts": TS, "b.bin": new Uint8Array([0, 1]) })
    mem.symlink("l.ts", "a.ts")
    mem.putSpecial("dir", "directory")
    expect((await run(stat({ files: ["a.ts", "b.bin", "l.ts", "dir"] }), mem)).lines).toHaveLength(5)
    expect((await run(diff({ a: "a.ts", b: "-", context: 3, maxBytes: DEFAULT_MAX_BYTES }), mem, { stdin: "x\n" })).last).toMatchObject({ compared: "text" })
    expect((await run(diff({ a: "a.ts", b: "b.bin", context: 3, maxBytes: DEFAULT_MAX_BYTES }), mem)).last).toMatchObject({ compared: "checksum" })
    expect((await run(extract({ file: "a.ts", lines: "1:2", maxBytes: DEFAULT_MAX_BYTES }), mem)).last).toMatchObject({ mode: "lines" })
    expect((await run(extract({ file: "a.ts", symbol: "add", maxBytes: DEFAULT_MAX_BYTES }), mem)).last).toMatchObject({ mode: "symbol" })
    expect((await run(extract({ file: "a.ts", symbol: "ad", maxBytes: DEFAULT_MAX_BYTES }), mem)).error?.code).toBe("SPL-E001")
    expect((await run(query({ file: "a.ts", kinds: ["identifier"], listKinds: false, max: 2, maxBytes: DEFAULT_MAX_BYTES }), mem)).last).toMatchObject({ truncated: true })
    expect((await run(query({ file: "a.ts", kinds: [], listKinds: true, max: 2, maxBytes: DEFAULT_MAX_BYTES }), mem)).last).toMatchObject({ language: "typescript" })
    expect((await run(query({ file: "a.ts", kinds: ["nope"], listKinds: false, max: 2, maxBytes: DEFAULT_MAX_BYTES }), mem)).error?.code).toBe("SPL-E121")
  })

  it("trust: status, trust, revoke", async () => {
    const mem = new MemoryFs({ "splice.json": JSON.stringify({ gates: { ".txt": ["vale", "{file}"] } }) })
    const records = new MemoryTrustRecords()
    for (const config of [{ status: true, revoke: false }, { status: false, revoke: false }, { status: true, revoke: false }, { status: false, revoke: true }, { status: true, revoke: true }]) {
      assertSchemaLines(await trustLines(mem, records, config))
    }
  })

  it("the graph commands: index, status, find, refs, outline, files, suggest, export (json and jsonl)", async () => {
    const mem = fixtureFs()
    const saved = new SavedGraph()
    expect((await runGraph(indexCommand(false), mem, saved)).exit).toBe(0)
    expect((await runGraph(statusCommand, mem, saved)).exit).toBe(0)
    expect((await runGraph(findCommand({ name: "*", exported: false, fuzzy: false, limit: 5 }), mem, saved)).last).toMatchObject({ truncated: true })
    expect((await runGraph(findCommand({ name: "zzzz", exported: false, fuzzy: false, limit: 5 }), mem, saved)).error?.code).toBe("SPL-E001")
    const files = await runGraph(filesCommand, mem, saved)
    expect(files.lines.length).toBeGreaterThan(5)
    const first = files.lines.find((l) => l["type"] === "file")!["file"] as string
    expect((await runGraph(outlineCommand(first), mem, saved)).exit).toBe(0)
    const symbol = (await runGraph(findCommand({ name: "*", exported: true, fuzzy: false, limit: 1, kind: "function" }), mem, saved)).lines[0]!
    const refs = await runGraph(refsCommand({ name: String(symbol["name"]), file: String(symbol["file"]) }), mem, saved)
    expect(refs.exit).toBe(0)
    expect((await runGraph(suggestCommand({ fnName: "parseThing", desc: "parse a config value" }), mem, saved)).exit).toBe(0)
    expect((await runGraph(exportCommand("json"), mem, saved)).last).toMatchObject({ graph: expect.any(Object) })
    expect((await runGraph(exportCommand("jsonl"), mem, saved)).lines.length).toBeGreaterThan(10)
  })

  it("the check rejects a wrong line: an unknown field, a wrong literal, a missing field, an undeclared context field", () => {
    const ok = { type: "result", command: "hash", ok: true, files: 1 }
    expect(schemaProblems([ok])).toEqual([])
    expect(schemaProblems([{ ...ok, extra: 1 }])).toHaveLength(1)
    expect(schemaProblems([{ ...ok, ok: "yes" }])).toHaveLength(1)
    expect(schemaProblems([{ type: "result", command: "hash", ok: true }])).toHaveLength(1)
    expect(schemaProblems([{ type: "hash", file: "a", checksum: "0".repeat(64) }, ok])).toHaveLength(1)
    expect(schemaProblems([errorObject(spliceError("SPL-E130", "interrupted", { context: { signal: "SIGINT" } }), 130)])).toEqual([])
    const loose = errorObject(spliceError("SPL-E130", "interrupted", { context: { signal: "SIGINT" } }), 130)
    expect(schemaProblems([{ ...loose, context: { signal: "SIGINT", pid: 1 } }])).toHaveLength(1)
    expect(schemaProblems([{ ...loose, retryable: false }])).toHaveLength(1)
  })
})
