/**
 * A reported rollback is a real rollback: after any failure or interruption every restored file is
 * read back and compared with the original's checksum; only then does splice say "rolled back".
 * Anything else is SPL-E035 naming each file and what it holds now — never exit 5.
 */
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { describe, expect, it } from "vitest"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import type { CompilerSettings } from "../../src/commands/compilerGate.js"
import { edit } from "../../src/commands/edit.js"
import { recoverCommand } from "../../src/commands/recover.js"
import type { Diagnostic } from "../../src/domain/diagnostics.js"
import { oneEdit } from "../support/configs.js"
import { layerFor, MemoryFs, run, ScriptedChecker } from "../support/memory.js"
import { isStateMark, savedOriginals } from "../support/journal.js"

const ON: CompilerSettings = { mode: "auto", require: false, timeoutMs: 1000 }
const TS_ERROR: Diagnostic = { tool: "tsc", file: "a.ts", line: 1, column: 5, code: "TS2322", severity: "error", message: "Type 'string' is not assignable to type 'number'." }

/** A checker that reports a new error once the edit is on disk, after `meanwhile` ran. */
const failingChecker = (mem: MemoryFs, meanwhile: () => void) =>
  new ScriptedChecker(mem, {
    tool: "tsc",
    extensions: [".ts"],
    check: (read) => {
      if (!(read("a.ts") ?? "").includes("\"2\"")) return []
      meanwhile()
      return [TS_ERROR]
    }
  })

describe("verified rollback", () => {
  it("a gate failure whose rollback verifies is reported as the gate failure (exit 5)", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    const r = await run(edit({ ...oneEdit("a.ts", "1", "\"2\""), compiler: ON }), mem, { checker: failingChecker(mem, () => undefined) })
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E043"])
    expect(mem.text("a.ts")).toBe("let x = 1\n")
    expect(r.logs.join("\n")).toMatch(/rolled back/)
    // A finished rollback keeps no copies of the originals (on a full disk they are the space to give back).
    expect(savedOriginals(mem)).toBe(0)
  })

  it("another writer changing the file during the gate: SPL-E035 (exit 7) naming the file and what it holds, not 'rolled back'", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    // First run: a new error. The baseline run (originals back on disk) times out, after another
    // process (not honouring splice's locks) wrote the file.
    const checker = new ScriptedChecker(mem, {
      tool: "tsc",
      extensions: [".ts"],
      check: () => {
        if (checker.runs === 1) return [TS_ERROR]
        mem.put("a.ts", "let x = \"2\" // someone else\n")
        return "timeout"
      }
    })
    const r = await run(edit({ ...oneEdit("a.ts", "1", "\"2\""), compiler: ON }), mem, { checker })
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E035"])
    expect(r.error?.context).toMatchObject({
      files: [{ file: "a.ts", state: "changed_externally", checksum: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      cause: { code: "SPL-E045" }
    })
    expect(r.error?.message).toContain("a.ts changed by someone else")
    // Someone else's content is left alone.
    expect(mem.text("a.ts")).toBe("let x = \"2\" // someone else\n")
  })

  it("a restore that fails (disk full): SPL-E035 with the I/O error; the transaction stays pending and recover finishes it", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    // The commit mark cannot be written, and neither can the restore (the second write of a.ts).
    let writesOfA = 0
    mem.faults.push({ op: "write", match: (p) => isStateMark("write", p), errno: "ENOSPC", times: 1 })
    mem.faults.push({ op: "write", match: (p) => p === "a.ts" && ++writesOfA === 2, errno: "ENOSPC" })
    const r = await run(edit(oneEdit("a.ts", "x = 1", "x = 2")), mem)
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E035"])
    expect(r.error?.context).toMatchObject({ files: [{ file: "a.ts", state: "restore_failed" }], cause: { code: "SPL-E081" } })
    expect(mem.text("a.ts")).toBe("let x = 2\n")
    // The disk has room again: recovery restores and verifies.
    mem.faults = []
    const rec = await run(recoverCommand, mem)
    expect(rec.exit).toBe(0)
    expect(rec.last).toMatchObject({ rolled_back: 1 })
    expect(mem.text("a.ts")).toBe("let x = 1\n")
  })

  it("recover reports a restore that fails as SPL-E035 and keeps the transaction pending", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    mem.crashWhen = (op, p) => op === "write" && p === "a.ts"
    await run(edit(oneEdit("a.ts", "x = 1", "x = 2")), mem).catch(() => undefined)
    mem.restart()
    // Simulate the crash landing after the target write: the file holds the new text.
    mem.put("a.ts", "let x = 2\n")
    mem.faults.push({ op: "write", path: "a.ts", errno: "EIO" })
    const r = await run(recoverCommand, mem)
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E035"])
    expect(mem.text("a.ts")).toBe("let x = 2\n")
    mem.faults = []
    const again = await run(recoverCommand, mem)
    expect(again.exit).toBe(0)
    expect(mem.text("a.ts")).toBe("let x = 1\n")
  })

  it("an interrupt whose rollback cannot be verified ends in SPL-E035, not 'interrupted, nothing half-written'", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    const checker = new ScriptedChecker(mem, {
      tool: "tsc",
      extensions: [".ts"],
      check: () => {
        mem.put("a.ts", "let x = 3 // another writer\n")
        return "hang"
      }
    })
    const captured = new CapturedOutput()
    const fiber = Effect.runFork(edit({ ...oneEdit("a.ts", "1", "2"), compiler: ON }).pipe(Effect.provide(layerFor(mem, captured, { checker }))))
    for (let i = 0; i < 200 && checker.runs === 0; i++) await new Promise((r) => setTimeout(r, 5))
    const exit = await Effect.runPromise(Fiber.interrupt(fiber))
    const outcome = outcomeOf(exit, "SIGINT")
    expect([outcome.exit, outcome.error?.code]).toEqual([7, "SPL-E035"])
    expect(mem.text("a.ts")).toBe("let x = 3 // another writer\n")
  })
})
