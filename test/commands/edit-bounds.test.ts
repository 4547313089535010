/** Bounded work and bad input for `splice edit` and `splice write` on the memory layers (issue 8, §4–5). */
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { describe, expect, it } from "vitest"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { edit } from "../../src/commands/edit.js"
import { write } from "../../src/commands/write.js"
import { editConfig, oneEdit, writeConfig } from "../support/configs.js"
import { layerFor, MemoryFs, run } from "../support/memory.js"

/**
 * A batch that defeats the linear path: each edit's OLD is what the previous edit wrote, so every
 * edit runs exactly, on a 2 MB text (seconds of work per few hundred edits).
 */
const chainedBatch = (count: number) => {
  const text = "let v0 = 0\n" + "// filler line that makes the file large\n".repeat(50_000)
  const edits = Array.from({ length: count }, (_, i) => ({ old: `let v${i} = 0`, new: `let v${i + 1} = 0` }))
  return { text, edits }
}

describe("a large batch", () => {
  it("stops promptly when interrupted, and writes nothing", async () => {
    const { text, edits } = chainedBatch(20_000)
    const mem = new MemoryFs({ "big.js": text })
    const captured = new CapturedOutput()
    const program = Effect.gen(function*() {
      const fiber = yield* Effect.fork(edit(editConfig({ file: "big.js", edits, validate: "none" })))
      yield* Effect.sleep("300 millis")
      const t = Date.now()
      yield* Fiber.interrupt(fiber)
      return Date.now() - t
    })
    const waited = await Effect.runPromise(program.pipe(Effect.provide(layerFor(mem, captured))))
    expect(waited).toBeLessThan(1000)
    expect(mem.text("big.js")).toBe(text)
    expect(captured.logs.join("\n")).toMatch(/applying 20000 edits to big\.js/)
  }, 30_000)

  it("of many small edits applies in one pass (100,000 edits on a 2 MB file well within the test's time)", async () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `const value${i} = compute(${i})`)
    const mem = new MemoryFs({ "big.js": lines.join("\n") + "\n" })
    const edits = lines.map((l, i) => ({ old: l, new: `const value${i} = computeFast(${i})` }))
    const r = await run(edit(editConfig({ file: "big.js", edits, validate: "none" })), mem)
    expect([r.exit, r.last["replacements"]]).toEqual([0, 100_000])
    expect(mem.text("big.js")).toBe(lines.map((_, i) => `const value${i} = computeFast(${i})`).join("\n") + "\n")
  }, 60_000)
})

describe("new text that would damage a text file", () => {
  it("a NUL byte in a replacement is refused with its offset (SPL-E069, exit 8); nothing written", async () => {
    const mem = new MemoryFs({ "a.txt": "hello world\n" })
    const r = await run(edit(editConfig({ file: "a.txt", edits: [{ old: "hello", new: "hi" }, { old: "world", new: "wo\0rld" }] })), mem)
    expect([r.exit, r.error?.code, r.error?.context]).toEqual([8, "SPL-E069", { file: "a.txt", edit: 2, offset: 2 }])
    expect(mem.text("a.txt")).toBe("hello world\n")
  })

  it("written content with a NUL byte is refused as new text (SPL-E069), whether the file exists or not", async () => {
    const mem = new MemoryFs({ "a.txt": "hello\n" })
    for (const file of ["a.txt", "new.txt"]) {
      const r = await run(write(writeConfig(file, "abc\0def")), mem)
      expect([r.exit, r.error?.code, r.error?.context?.["offset"]]).toEqual([8, "SPL-E069", 3])
    }
    expect(mem.text("a.txt")).toBe("hello\n")
    expect(mem.bytes("new.txt")).toBeUndefined()
  })

  it("an edit that would grow the file past --max-bytes is refused (SPL-E064); nothing written", async () => {
    const mem = new MemoryFs({ "a.txt": "x = 1\n" })
    const r = await run(edit(oneEdit("a.txt", "1", "1".repeat(100), { maxBytes: 64 })), mem)
    expect([r.exit, r.error?.code, r.error?.context]).toEqual([8, "SPL-E064", { file: "a.txt", size: 105, max_bytes: 64 }])
    expect(mem.text("a.txt")).toBe("x = 1\n")
  })

  it("a write whose CRLF conversion grows it past --max-bytes is refused (SPL-E064)", async () => {
    const mem = new MemoryFs({ "a.txt": "a\r\nb\r\n" })
    const r = await run(write(writeConfig("a.txt", "1\n2\n3\n4\n", { maxBytes: 10 })), mem)
    expect([r.exit, r.error?.code, r.error?.context?.["size"]]).toEqual([8, "SPL-E064", 12])
    expect(mem.text("a.txt")).toBe("a\r\nb\r\n")
  })
})
