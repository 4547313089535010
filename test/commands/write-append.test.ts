/** `splice write --append` / `--prepend` on the memory layers: bytes kept, conventions adopted, gates and guards as for write. */
import { describe, expect, it } from "vitest"
import { undo } from "../../src/commands/undo.js"
import { write } from "../../src/commands/write.js"
import { writeConfig } from "../support/configs.js"
import { MemoryFs, run } from "../support/memory.js"

const BOM = "\uFEFF"
const append = (file: string, content: string, over: Parameters<typeof writeConfig>[2] = {}) => writeConfig(file, content, { position: "append", ...over })
const prepend = (file: string, content: string, over: Parameters<typeof writeConfig>[2] = {}) => writeConfig(file, content, { position: "prepend", ...over })

describe("splice write --append / --prepend", () => {
  it("appends after the last byte, keeps the file's CRLF for the new lines, and undo takes it back", async () => {
    const mem = new MemoryFs({ "notes.txt": "one\r\ntwo\r\n" })
    const r = await run(write(append("notes.txt", "three\nfour\n")), mem)
    expect(r.last).toMatchObject({ command: "write", position: "append", changed: true, line_ending: "crlf", conversions: ["line endings to crlf"] })
    expect(r.human).toMatch(/appended 13 bytes to notes.txt \(23 bytes\)/)
    expect(mem.text("notes.txt")).toBe("one\r\ntwo\r\nthree\r\nfour\r\n")
    expect((await run(undo({ lockTimeoutMs: 200 }), mem)).exit).toBe(0)
    expect(mem.text("notes.txt")).toBe("one\r\ntwo\r\n")
  })

  it("prepends after the BOM, which stays first; the new text's own BOM is not carried into the file", async () => {
    const mem = new MemoryFs({ "a.ts": `${BOM}export const a = 1\n` })
    const r = await run(write(prepend("a.ts", `${BOM}// header\n`)), mem)
    expect(r.last).toMatchObject({ position: "prepend", conversions: ["after the BOM"] })
    expect(mem.text("a.ts")).toBe(`${BOM}// header\nexport const a = 1\n`)
  })

  it("no newline is invented: appending to a file without a final newline joins the last line (as >>)", async () => {
    const mem = new MemoryFs({ "a.txt": "no newline" })
    expect((await run(write(append("a.txt", " here\n")), mem)).exit).toBe(0)
    expect(mem.text("a.txt")).toBe("no newline here\n")
  })

  it("the syntax gate judges the whole result: a stray brace appended to TypeScript is refused, nothing written", async () => {
    const mem = new MemoryFs({ "a.ts": "export const a = 1\n" })
    const r = await run(write(append("a.ts", "}\n")), mem)
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E042"])
    expect(mem.text("a.ts")).toBe("export const a = 1\n")
    const ok = await run(write(append("a.ts", "export const b = 2\n")), mem)
    expect(ok.last).toMatchObject({ validation: { status: "passed" } })
  })

  it("empty input is refused (SPL-E012); with --allow-empty it changes nothing", async () => {
    const mem = new MemoryFs({ "a.txt": "x\n" })
    const r = await run(write(append("a.txt", "")), mem)
    expect([r.exit, r.error?.code]).toEqual([2, "SPL-E012"])
    expect(r.error?.message).toMatch(/append/)
    const ok = await run(write(append("a.txt", "", { allowEmpty: true })), mem)
    expect(ok.last).toMatchObject({ changed: false, position: "append", tx: null })
  })

  it("--expect-checksum guards the file; --create with --append is a usage error", async () => {
    const mem = new MemoryFs({ "a.txt": "x\n" })
    const r = await run(write(append("a.txt", "y\n", { expectChecksum: "0".repeat(64) })), mem)
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E031"])
    const c = await run(write(append("a.txt", "y\n", { create: true })), mem)
    expect([c.exit, c.error?.code]).toEqual([2, "SPL-E010"])
    expect(mem.text("a.txt")).toBe("x\n")
  })

  it("a missing file is created as write creates it (its directory must exist); a binary file is refused", async () => {
    const mem = new MemoryFs({ "dir/.keep": "" })
    mem.put("bin.dat", new Uint8Array([1, 0, 2]))
    const r = await run(write(append("dir/new.txt", "first\n")), mem)
    expect(r.last).toMatchObject({ created: true, position: "append" })
    expect(mem.text("dir/new.txt")).toBe("first\n")
    const b = await run(write(append("bin.dat", "x")), mem)
    expect([b.exit, b.error?.code]).toEqual([8, "SPL-E063"])
  })

  it("--raw adds the bytes exactly as given", async () => {
    const mem = new MemoryFs({ "a.txt": "one\r\n" })
    expect((await run(write(append("a.txt", "two\n", { raw: true })), mem)).last).toMatchObject({ conversions: [] })
    expect(mem.text("a.txt")).toBe("one\r\ntwo\n")
  })

  it("--preview shows the diff of the addition and writes nothing; disk full rolls back", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const p = await run(write(append("a.py", "y = 2\n", { preview: true })), mem)
    expect(p.last).toMatchObject({ preview: true, position: "append" })
    expect(String(p.last["diff"])).toContain("+y = 2")
    mem.faults.push({ op: "write", path: "a.py", errno: "ENOSPC" })
    const full = await run(write(prepend("a.py", "import os\n")), mem)
    expect([full.exit, full.error?.code]).toEqual([9, "SPL-E081"])
    expect(mem.text("a.py")).toBe("x = 1\n")
  })
})
