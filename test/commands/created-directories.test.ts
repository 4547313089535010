/**
 * New files get their missing parent directories; the journal records them first, and every way
 * back (rollback on failure, recovery after a crash, undo) removes them again while they are empty.
 */
import { describe, expect, it } from "vitest"
import { recoverCommand } from "../../src/commands/recover.js"
import { undo } from "../../src/commands/undo.js"
import { write } from "../../src/commands/write.js"
import { writeConfig as cfg } from "../support/configs.js"
import { MemoryFs, run } from "../support/memory.js"

const dirsUnder = (mem: MemoryFs, prefix: string) =>
  [...mem.entries.entries()].filter(([k, e]) => e.kind === "directory" && k.startsWith(mem.abs(prefix))).map(([k]) => k.slice(mem.root.length + 1)).sort()

describe("created directories", () => {
  it("write --create makes the missing directories and reports them", async () => {
    const mem = new MemoryFs({ "src/.keep": "" })
    const r = await run(write(cfg("src/a/b/new.ts", "export const x = 1\n", { create: true })), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("src/a/b/new.ts")).toBe("export const x = 1\n")
    expect(r.last["created_directories"]).toEqual(["src/a", "src/a/b"])
  })

  it("without --create a missing directory is still SPL-E020, with a hint", async () => {
    const mem = new MemoryFs()
    const r = await run(write(cfg("no/dir/a.ts", "x\n")), mem)
    expect(r.error?.code).toBe("SPL-E020")
    expect(r.error?.hint).toMatch(/--create/)
    expect(mem.exists("no")).toBe(false)
  })

  it("a failed write removes the directories it made (disk full on the file)", async () => {
    const mem = new MemoryFs({ "src/.keep": "" })
    mem.faults.push({ op: "create", path: "src/a/b/new.ts", errno: "ENOSPC" })
    const r = await run(write(cfg("src/a/b/new.ts", "x\n", { create: true })), mem)
    expect(r.error?.code).toBe("SPL-E081")
    expect(mem.exists("src/a")).toBe(false)
    expect(dirsUnder(mem, "src")).toEqual(["src"])
  })

  it("a crash after the directories were made is undone by recovery", async () => {
    const mem = new MemoryFs({ "src/.keep": "" })
    mem.crashWhen = (op, p) => op === "create" && p === "src/a/b/new.ts"
    await run(write(cfg("src/a/b/new.ts", "x\n", { create: true })), mem)
    expect(mem.exists("src/a/b")).toBe(true) // the crash left them
    mem.restart()
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(0)
    expect(mem.exists("src/a")).toBe(false)
  })

  it("undo removes the file and its directories; a directory someone else filled stays", async () => {
    const mem = new MemoryFs({ "src/.keep": "" })
    await run(write(cfg("src/a/b/new.ts", "x\n", { create: true })), mem)
    const u = await run(undo({ lockTimeoutMs: 1000 }), mem)
    expect(u.exit).toBe(0)
    expect(u.last["removed_directories"]).toEqual(["src/a/b", "src/a"])
    expect(mem.exists("src/a")).toBe(false)

    // Redo (undo the undo) makes them again; then another file in src/a keeps src/a alive.
    const redo = await run(undo({ lockTimeoutMs: 1000, tx: String(u.last["tx"]) }), mem)
    expect(redo.exit).toBe(0)
    expect(mem.text("src/a/b/new.ts")).toBe("x\n")
    expect(redo.last["created_directories"]).toEqual(["src/a", "src/a/b"])
    mem.put("src/a/other.ts", "mine\n")
    const again = await run(undo({ lockTimeoutMs: 1000, tx: String(redo.last["tx"]) }), mem)
    expect(again.exit).toBe(0)
    expect(mem.exists("src/a/b")).toBe(false)
    expect(mem.text("src/a/other.ts")).toBe("mine\n")
  })

  it("a path through a file is refused before anything is written", async () => {
    const mem = new MemoryFs({ "src/a": "i am a file\n" })
    const r = await run(write(cfg("src/a/new.ts", "x\n", { create: true })), mem)
    expect(r.error?.code).toBe("SPL-E020")
    expect(mem.text("src/a")).toBe("i am a file\n")
  })
})
