import { describe, expect, it } from "vitest"
import { explain } from "../../src/commands/explain.js"
import { hash } from "../../src/commands/hash.js"
import { parseRange, read } from "../../src/commands/read.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { ErrorRegistry } from "../../src/domain/errors.js"
import { MemoryFs, run } from "../support/memory.js"

// b3sum 1.2.0 (Debian) of "hello\n" and of the empty input.
const HELLO = "8e4c7c1b99dbfd50e7a95185fead5ee1448fa904a2fdd778eaf5f2dbfd629a99"
const EMPTY = "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"

describe("splice read", () => {
  it("returns the content, checksum and line count", async () => {
    const mem = new MemoryFs({ "h.txt": "hello\n" })
    const r = await run(read({ file: "h.txt", numbered: false, maxBytes: DEFAULT_MAX_BYTES }), mem)
    expect(r.last).toMatchObject({ content: "hello\n", checksum: HELLO, total_lines: 1, from: 1, to: 1 })
  })

  it("--lines and --numbered select and number lines, keeping their endings", async () => {
    const mem = new MemoryFs({ "f.txt": "a\r\nb\r\nc\r\nd\r\n" })
    const r = await run(read({ file: "f.txt", lines: "2:3", numbered: true, maxBytes: DEFAULT_MAX_BYTES }), mem)
    expect(r.last).toMatchObject({ content: "2\tb\r\n3\tc\r\n", from: 2, to: 3, total_lines: 4, line_ending: "crlf" })
  })

  it("a bad range is a usage error", async () => {
    const mem = new MemoryFs({ "f.txt": "a\n" })
    const r = await run(read({ file: "f.txt", lines: "3:1", numbered: false, maxBytes: DEFAULT_MAX_BYTES }), mem)
    expect(r.exit).toBe(2)
  })

  it("parses ranges", () => {
    expect(parseRange("2:3", 10)).toEqual({ from: 2, to: 3 })
    expect(parseRange("4:", 10)).toEqual({ from: 4, to: 10 })
    expect(parseRange(":2", 10)).toEqual({ from: 1, to: 2 })
    expect(parseRange("5", 10)).toEqual({ from: 5, to: 5 })
    expect(parseRange("8:20", 10)).toEqual({ from: 8, to: 10 })
    expect(parseRange("0:2", 10)).toBeUndefined()
    expect(parseRange("x", 10)).toBeUndefined()
    expect(parseRange(":", 10)).toBeUndefined()
  })

  it("missing and binary files", async () => {
    const mem = new MemoryFs({ "b": new Uint8Array([0, 1]) })
    expect((await run(read({ file: "nope", numbered: false, maxBytes: 10 }), mem)).exit).toBe(4)
    expect((await run(read({ file: "b", numbered: false, maxBytes: 10 }), mem)).exit).toBe(8)
  })
})

describe("splice hash", () => {
  it("is b3sum-compatible", async () => {
    const mem = new MemoryFs({ "h.txt": "hello\n", "e.txt": "" })
    const r = await run(hash({ files: ["h.txt", "e.txt"] }), mem)
    expect(r.lines.filter((l) => l["type"] === "hash").map((l) => l["checksum"])).toEqual([HELLO, EMPTY])
    expect(r.last).toMatchObject({ type: "result", files: 2 })
  })

  it("--verify passes on a match and is a conflict (exit 7) on a mismatch", async () => {
    const mem = new MemoryFs({ "h.txt": "hello\n" })
    expect((await run(hash({ files: ["h.txt"], verify: HELLO.toUpperCase() }), mem)).last).toMatchObject({ verified: true })
    const bad = await run(hash({ files: ["h.txt"], verify: EMPTY }), mem)
    expect(bad.exit).toBe(7)
    expect(bad.error?.context).toMatchObject({ expected: EMPTY, actual: HELLO })
    expect((await run(hash({ files: ["h.txt"], verify: "abc" }), mem)).exit).toBe(2)
  })

  it("a missing file is exit 4", async () => {
    expect((await run(hash({ files: ["x"] }), new MemoryFs())).exit).toBe(4)
  })
})

describe("splice explain", () => {
  it("explains a code, accepting short forms", async () => {
    const r = await run(explain("e071"), new MemoryFs())
    expect(r.last).toMatchObject({ code: "SPL-E071", exit: 6, name: "text_not_found" })
  })
  it("lists every code without an argument", async () => {
    const r = await run(explain(undefined), new MemoryFs())
    expect((r.last["codes"] as unknown[]).length).toBe(Object.keys(ErrorRegistry).length)
  })
  it("an unknown code is a usage error", async () => {
    expect((await run(explain("SPL-E999"), new MemoryFs())).exit).toBe(2)
  })
})

describe("unreadable and odd targets", () => {
  it("a read that the OS refuses is SPL-E021 (exit 4)", async () => {
    const mem = new MemoryFs({ "secret.txt": "x\n" })
    mem.faults.push({ op: "read", path: "secret.txt", errno: "EACCES" })
    const r = await run(read({ file: "secret.txt", numbered: false, maxBytes: DEFAULT_MAX_BYTES }), mem)
    expect([r.exit, r.error?.code]).toEqual([4, "SPL-E021"])
  })
  it("hashing a directory or a FIFO is refused (exit 8)", async () => {
    const mem = new MemoryFs({ "d/f.txt": "x" })
    mem.putSpecial("p", "fifo")
    expect((await run(hash({ files: ["d"] }), mem)).error?.code).toBe("SPL-E065")
    expect((await run(hash({ files: ["p"] }), mem)).error?.code).toBe("SPL-E065")
  })
})
