/**
 * Writers that ignore splice's locks: a change made between splice's read and its rename is never
 * overwritten (SPL-E034, nothing replaced, nothing of theirs rolled back).
 */
import { describe, expect, it } from "vitest"
import { edit } from "../../src/commands/edit.js"
import { write } from "../../src/commands/write.js"
import { oneEdit, writeConfig } from "../support/configs.js"
import { MemoryFs, run } from "../support/memory.js"
import { isBeginMark } from "../support/journal.js"

/** Another program writes `file` while splice journals its transaction (after the read, before the rename). */
const externalWriteDuringBegin = (mem: MemoryFs, file: string, content: string) => {
  let done = false
  mem.crashWhen = (op, p) => {
    if (!done && isBeginMark(op, p)) {
      done = true
      mem.put(file, content)
    }
    return false
  }
}

describe("another program's write during an edit", () => {
  it("edit: SPL-E034 (retryable), their content stays, the transaction is rolled back without a conflict", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    externalWriteDuringBegin(mem, "a.py", "x = 100  # theirs\n")
    const r = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
    expect([r.exit, r.error?.code, r.error?.retryable]).toEqual([7, "SPL-E034", true])
    expect(mem.text("a.py")).toBe("x = 100  # theirs\n")
    expect(r.logs.join("\n")).toMatch(/rolled back/)
  })

  it("write: the same guard", async () => {
    const mem = new MemoryFs({ "a.txt": "one\n" })
    externalWriteDuringBegin(mem, "a.txt", "theirs\n")
    const r = await run(write(writeConfig("a.txt", "two\n")), mem)
    expect(r.error?.code).toBe("SPL-E034")
    expect(mem.text("a.txt")).toBe("theirs\n")
  })

  it("a touch that keeps the content is no change", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    externalWriteDuringBegin(mem, "a.py", "x = 1\n") // new mtime, same bytes
    const r = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("a.py")).toBe("x = 2\n")
  })
})
