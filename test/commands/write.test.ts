import { describe, expect, it } from "vitest"
import { write } from "../../src/commands/write.js"
import { writeConfig as cfg } from "../support/configs.js"
import { MemoryFs, run } from "../support/memory.js"

describe("splice write on the memory layers", () => {
  it("creates a new file and reports it", async () => {
    const mem = new MemoryFs({ "src/.keep": "" })
    const r = await run(write(cfg("src/new.py", "x = 1\n")), mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ created: true, changed: true, checksum_before: null })
    expect(mem.text("src/new.py")).toBe("x = 1\n")
    expect(mem.log).toContain("create src/new.py")
  })

  it("--create refuses to overwrite (SPL-E033, exit 7)", async () => {
    const mem = new MemoryFs({ "a.txt": "old\n" })
    const r = await run(write(cfg("a.txt", "new\n", { create: true })), mem)
    expect(r.exit).toBe(7)
    expect(r.error?.code).toBe("SPL-E033")
    expect(mem.text("a.txt")).toBe("old\n")
  })

  it("overwrites, keeping the file's CRLF and BOM when the new text has none", async () => {
    const mem = new MemoryFs({ "w.ts": "\uFEFFconst a = 1\r\nconst b = 2\r\n" })
    const r = await run(write(cfg("w.ts", "const a = 1\nconst b = 3\n")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("w.ts")).toBe("\uFEFFconst a = 1\r\nconst b = 3\r\n")
    expect(r.last["conversions"]).toEqual(["line endings to crlf", "kept BOM"])
  })

  it("--raw writes the bytes as given", async () => {
    const mem = new MemoryFs({ "w.txt": "a\r\nb\r\n" })
    await run(write(cfg("w.txt", "a\nb\n", { raw: true })), mem)
    expect(mem.text("w.txt")).toBe("a\nb\n")
  })

  it("empty content is refused unless --allow-empty", async () => {
    const mem = new MemoryFs({ "a.txt": "keep me\n" })
    const r = await run(write(cfg("a.txt", "")), mem)
    expect(r.exit).toBe(2)
    expect(r.error?.code).toBe("SPL-E012")
    expect(mem.text("a.txt")).toBe("keep me\n")
    const ok = await run(write(cfg("a.txt", "", { allowEmpty: true })), mem)
    expect(ok.exit).toBe(0)
    expect(mem.text("a.txt")).toBe("")
  })

  it("the syntax gate blocks new errors (exit 5)", async () => {
    const mem = new MemoryFs({ "a.json": "{\"a\": 1}\n" })
    const r = await run(write(cfg("a.json", "{\"a\": }\n")), mem)
    expect(r.exit).toBe(5)
    expect(mem.text("a.json")).toBe("{\"a\": 1}\n")
  })

  it("--expect-checksum guards the overwrite", async () => {
    const mem = new MemoryFs({ "a.txt": "v1\n" })
    const r = await run(write(cfg("a.txt", "v2\n", { expectChecksum: "f".repeat(64) })), mem)
    expect(r.exit).toBe(7)
    expect(mem.text("a.txt")).toBe("v1\n")
  })

  it("identical content is a no-op without a transaction", async () => {
    const mem = new MemoryFs({ "a.txt": "same\n" })
    const r = await run(write(cfg("a.txt", "same\n")), mem)
    expect(r.last).toMatchObject({ changed: false, tx: null })
    expect(mem.log).toEqual([])
  })

  it("a missing directory is reported, not created", async () => {
    const r = await run(write(cfg("no/such/dir/a.txt", "x\n")), new MemoryFs())
    expect(r.exit).toBe(4)
    expect(r.error?.code).toBe("SPL-E020")
  })

  it("binary content is refused", async () => {
    const mem = new MemoryFs()
    const r = await run(write({ ...cfg("b.txt", ""), content: new Uint8Array([1, 0, 2]) }), mem)
    expect(r.exit).toBe(8)
  })

  it("disk full while creating: exit 9 and no file", async () => {
    const mem = new MemoryFs()
    mem.faults.push({ op: "create", path: "n.txt", errno: "ENOSPC" })
    const r = await run(write(cfg("n.txt", "hello\n")), mem)
    expect(r.exit).toBe(9)
    expect(mem.exists("n.txt")).toBe(false)
  })

  it("preview writes nothing", async () => {
    const mem = new MemoryFs({ "a.txt": "one\n" })
    const r = await run(write(cfg("a.txt", "two\n", { preview: true })), mem)
    expect(r.last).toMatchObject({ preview: true, would_change: true })
    expect(String(r.last["diff"])).toContain("-one\n+two\n")
    expect(mem.text("a.txt")).toBe("one\n")
  })

  it("preview of content the syntax gate would block says would_succeed: false and shows the errors", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const r = await run(write(cfg("a.py", "def f(:\n    pass\n", { preview: true })), mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ preview: true, would_succeed: false, validation: { status: "failed" } })
    expect(r.human).toMatch(/a\.py:1:\d+: error: /)
    expect(mem.text("a.py")).toBe("x = 1\n")
  })
})
