import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { describe, expect, it } from "vitest"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { edit } from "../../src/commands/edit.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { undo } from "../../src/commands/undo.js"
import { write } from "../../src/commands/write.js"
import { oneEdit as one, writeConfig } from "../support/configs.js"
import { layerFor, MemoryFs, MemoryLocks, run } from "../support/memory.js"
import { isStateMark, txNames, txStates } from "../support/journal.js"

describe("splice undo", () => {
  it("reverses the latest transaction, then the one before it", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const e1 = await run(edit(one("a.py", "x = 1", "x = 2")), mem)
    const e2 = await run(edit(one("a.py", "x = 2", "x = 3")), mem)
    const u1 = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(u1.last).toMatchObject({ command: "undo", undid: e2.last["tx"], undid_command: "edit", files: [{ file: "a.py", action: "restored" }] })
    expect(mem.text("a.py")).toBe("x = 2\n")
    const u2 = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(u2.last["undid"]).toBe(e1.last["tx"])
    expect(mem.text("a.py")).toBe("x = 1\n")
    const none = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(none.exit).toBe(4)
    expect(none.error?.code).toBe("SPL-E022")
  })

  it("concurrent undos (a server's pipelined calls) each undo one transaction, latest first: one that waited while another took its pick undoes the next", async () => {
    const mem = new MemoryFs({ "a.py": "x = 0\n" })
    const txs: unknown[] = []
    for (let i = 0; i < 5; i++) txs.push((await run(edit(one("a.py", `x = ${i}`, `x = ${i + 1}`)), mem)).last["tx"])
    const locks = new MemoryLocks()
    const undos = await Promise.all(Array.from({ length: 5 }, () => run(undo({ lockTimeoutMs: 5000, holdMs: 20 }), mem, { locks })))
    expect(undos.map((u) => u.exit)).toEqual([0, 0, 0, 0, 0])
    expect(undos.map((u) => u.last["undid"]).sort()).toEqual([...txs].sort())
    expect(mem.text("a.py")).toBe("x = 0\n")
    expect((await run(undo({ lockTimeoutMs: 200 }), mem)).error?.code).toBe("SPL-E022")
  })

  it("an undo can itself be undone by id (redo)", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    await run(edit(one("a.py", "x = 1", "x = 2")), mem)
    const u = await run(undo({ lockTimeoutMs: 200 }), mem)
    await run(undo({ tx: String(u.last["tx"]), lockTimeoutMs: 200 }), mem)
    expect(mem.text("a.py")).toBe("x = 2\n")
  })

  it("refuses (exit 7, SPL-E034) when the file changed since, naming it", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    await run(edit(one("a.py", "x = 1", "x = 2")), mem)
    mem.put("a.py", "x = 2  # edited by hand\n")
    const r = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(r.exit).toBe(7)
    expect(r.error?.code).toBe("SPL-E034")
    expect(r.error?.context?.["files"]).toEqual(["a.py"])
    expect(mem.text("a.py")).toBe("x = 2  # edited by hand\n")
  })

  it("undoing a creation removes the file; undoing that recreates it", async () => {
    const mem = new MemoryFs({ "d/.keep": "" })
    await run(write(writeConfig("d/n.txt", "new\n", { create: true })), mem)
    const u = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(u.last["files"]).toEqual([expect.objectContaining({ file: "d/n.txt", action: "removed" })])
    expect(mem.exists("d/n.txt")).toBe(false)
    await run(undo({ tx: String(u.last["tx"]), lockTimeoutMs: 200 }), mem)
    expect(mem.text("d/n.txt")).toBe("new\n")
  })

  it("an unknown or already undone id is reported", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const e = await run(edit(one("a.py", "x = 1", "x = 2")), mem)
    expect((await run(undo({ tx: "nope", lockTimeoutMs: 200 }), mem)).error?.code).toBe("SPL-E022")
    await run(undo({ lockTimeoutMs: 200 }), mem)
    const again = await run(undo({ tx: String(e.last["tx"]), lockTimeoutMs: 200 }), mem)
    expect(again.error?.message).toMatch(/undone/)
    // A prefix two ids share: which ones, and what to do.
    await run(edit(one("a.py", "x = 1", "x = 3")), mem)
    const ambiguous = await run(undo({ tx: String(e.last["tx"]).slice(0, 4), lockTimeoutMs: 200 }), mem)
    expect(ambiguous.error).toMatchObject({ code: "SPL-E010", message: expect.stringMatching(/is ambiguous: \d+ transactions start with it$/), hint: expect.stringMatching(/^Give more of the id/) })
    expect((ambiguous.error?.context?.["candidates"] as unknown[]).length).toBeGreaterThan(1)
  })
})

describe("journal history", () => {
  it("is bounded by count and by the bytes of originals it keeps; the newest stays undoable", async () => {
    const line = "x".repeat(99) + "\n"
    const mem = new MemoryFs({ "a.txt": line.repeat(3) + "v0\n" }) // ~303 bytes per original
    const history = { count: 5, bytes: 1000, checkFrom: 3 }
    for (let i = 0; i < 8; i++) {
      expect((await run(edit(one("a.txt", `v${i}\n`, `v${i + 1}\n`)), mem, { history })).exit).toBe(0)
    }
    expect(txNames(mem)).toHaveLength(3) // 3 × 303 bytes fit in 1000; a fourth would not
    expect((await run(undo({ lockTimeoutMs: 200 }), mem, { history })).exit).toBe(0)
    expect(mem.text("a.txt")).toBe(line.repeat(3) + "v7\n")
  })

  it("never drops a pending transaction, even past the limits", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n", "b.txt": "w0\n" })
    const history = { count: 2, bytes: 1_000_000, checkFrom: 1 }
    const locks = new MemoryLocks()
    mem.crashWhen = isStateMark
    await run(edit(one("b.txt", "w0", "w1")), mem, { history, locks })
    mem.restart()
    locks.held.add("b.txt") // its writer is still alive: recovery must leave it, and so must pruning
    for (let i = 0; i < 4; i++) expect((await run(edit(one("a.txt", `v${i}`, `v${i + 1}`)), mem, { history, locks })).exit).toBe(0)
    expect(txStates(mem)).toEqual(["pending", "committed", "committed"]) // the pending one and the two newest
    locks.held.delete("b.txt")
    expect((await run(recoverCommand, mem, { history, locks })).last).toMatchObject({ rolled_back: 1 })
    expect(mem.text("b.txt")).toBe("w0\n")
  })
})

// Each case twice: the crashed writer wrote its journal as this version does (a file per
// transaction), or as earlier versions did (a directory), which users may still have on disk.
describe.each(["file", "directory"] as const)("splice recover (%s layout)", (journalLayout) => {
  it("rolls back a transaction a crash left pending and reports each file", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    mem.crashWhen = isStateMark
    await run(edit(one("a.py", "x = 1", "x = 2")), mem, { journalLayout })
    expect(mem.text("a.py")).toBe("x = 2\n")
    mem.restart()
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ rolled_back: 1 })
    const tx = r.lines.find((l) => l["type"] === "transaction")!
    expect(tx).toMatchObject({ status: "rolled_back", files: [{ file: "a.py", action: "restored" }] })
    expect(mem.text("a.py")).toBe("x = 1\n")
    expect((await run(recoverCommand, mem)).last).toMatchObject({ rolled_back: 0 })
  })

  it("a crash before the target was written leaves it as it was (unchanged)", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    mem.crashWhen = (_op, p) => p === "a.py"
    await run(edit(one("a.py", "x = 1", "x = 2")), mem, { journalLayout })
    mem.restart()
    const r = await run(recoverCommand, mem)
    expect(r.lines.find((l) => l["type"] === "transaction")).toMatchObject({ files: [{ file: "a.py", action: "unchanged" }] })
    expect(mem.text("a.py")).toBe("x = 1\n")
  })

  it("a file changed after the crash is a conflict, left alone (exit 7)", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    mem.crashWhen = isStateMark
    await run(edit(one("a.py", "x = 1", "x = 2")), mem, { journalLayout })
    mem.restart()
    mem.put("a.py", "x = 99\n")
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(7)
    expect(r.error?.code).toBe("SPL-E131")
    expect(mem.text("a.py")).toBe("x = 99\n")
  })

  it("a created file is removed on rollback", async () => {
    const mem = new MemoryFs({ "d/.keep": "" })
    mem.crashWhen = isStateMark
    await run(write(writeConfig("d/n.txt", "n\n")), mem, { journalLayout })
    expect(mem.exists("d/n.txt")).toBe(true)
    mem.restart()
    await run(recoverCommand, mem)
    expect(mem.exists("d/n.txt")).toBe(false)
  })
})

describe("interruption", () => {
  it("an interrupt after the write, before the commit, restores the original", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const captured = new CapturedOutput()
    const program = edit(one("a.py", "x = 1", "x = 2", { holdMs: 5_000 })).pipe(Effect.provide(layerFor(mem, captured)))
    const fiber = Effect.runFork(program)
    // Wait until the write landed and the hold began.
    for (let i = 0; i < 200 && mem.text("a.py") !== "x = 2\n"; i++) await new Promise((r) => setTimeout(r, 5))
    expect(mem.text("a.py")).toBe("x = 2\n")
    const exit = await Effect.runPromise(Fiber.interrupt(fiber))
    expect(Exit.isInterrupted(exit)).toBe(true)
    expect(mem.text("a.py")).toBe("x = 1\n")
    expect(captured.logs.join("\n")).toMatch(/rolled back/)
    expect((await run(recoverCommand, mem)).last).toMatchObject({ rolled_back: 0 })
  })
})
