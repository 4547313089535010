/** `splice edit` by position (--after-line, --before-line, --after, --before, --lines, --delete-lines) on the memory layers. */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { InputMemory } from "../../layers/memory/InputMemory.js"
import { collectPositional, type EditInputs } from "../../src/spec/commands/editInput.js"
import { edit, type EditConfig, type PositionalEdit } from "../../src/commands/edit.js"
import { undo } from "../../src/commands/undo.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import { editConfig } from "../support/configs.js"
import { MemoryFs, run } from "../support/memory.js"

const TS = "export function add(a: number, b: number): number {\n  return a + b\n}\n"
const at = (file: string, positional: PositionalEdit, over: Partial<EditConfig> = {}) =>
  edit(editConfig({ file, positional, ...over }))

describe("inserting lines", () => {
  it("after_line, before_line, after and before: the lines land there; mode and lines in the result; a journaled tx", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const r = await run(at("a.ts", { mode: "after_line", line: 1, content: "  const s = a + b\n  console.log(s)" }), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("a.ts")).toBe("export function add(a: number, b: number): number {\n  const s = a + b\n  console.log(s)\n  return a + b\n}\n")
    expect(r.last).toMatchObject({ command: "edit", ok: true, changed: true, mode: "after_line", lines: { from: 2, to: 3 }, validation: { status: "passed" } })
    expect(typeof r.last["tx"]).toBe("string")
    expect((await run(at("a.ts", { mode: "before_line", line: 1, content: "// header" }), mem)).last).toMatchObject({ mode: "before_line", lines: { from: 1, to: 1 } })
    expect((await run(at("a.ts", { mode: "after", anchor: "console.log(s)", content: "  void s" }), mem)).last).toMatchObject({ mode: "after", lines: { from: 5, to: 5 } })
    expect((await run(at("a.ts", { mode: "before", anchor: "return a + b", content: "  // sum" }), mem)).last).toMatchObject({ mode: "before", lines: { from: 6, to: 6 } })
    expect(mem.text("a.ts")).toBe("// header\nexport function add(a: number, b: number): number {\n  const s = a + b\n  console.log(s)\n  void s\n  // sum\n  return a + b\n}\n")
    expect(r.human).toMatch(/^edited a.ts: inserted lines 2-3 after line 1, /)
  })

  it("keeps CRLF, the BOM and a missing final newline; \\n in the content and the anchor means CRLF", async () => {
    const mem = new MemoryFs({ "f.js": "\uFEFFfunction f() {\r\n\treturn 1\r\n}" })
    const r = await run(at("f.js", { mode: "after", anchor: "{\n\treturn 1", content: "\t// one\n\t// two" }), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("f.js")).toBe("\uFEFFfunction f() {\r\n\treturn 1\r\n\t// one\r\n\t// two\r\n}")
    expect((await run(at("f.js", { mode: "after_line", line: 5, content: "f()\n" }), mem)).exit).toBe(0)
    expect(mem.text("f.js")).toBe("\uFEFFfunction f() {\r\n\treturn 1\r\n\t// one\r\n\t// two\r\n}\r\nf()")
    expect(r.last).toMatchObject({ line_ending: "crlf", bom: true })
  })

  it("undo puts the lines back", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    expect((await run(at("a.ts", { mode: "after_line", line: 3, content: "export const x = 1" }), mem)).exit).toBe(0)
    expect(mem.text("a.ts")).toBe(TS + "export const x = 1\n")
    expect((await run(undo({ lockTimeoutMs: 200 }), mem)).exit).toBe(0)
    expect(mem.text("a.ts")).toBe(TS)
  })
})

describe("replacing and deleting lines", () => {
  it("--lines replaces the range; --delete-lines removes it", async () => {
    const mem = new MemoryFs({ "x.py": "a = 1\nb = 2\nc = 3\nd = 4\n" })
    const r = await run(at("x.py", { mode: "lines", from: 2, to: 3, content: "bc = 5" }), mem)
    expect(r.last).toMatchObject({ ok: true, mode: "lines", lines: { from: 2, to: 2 } })
    expect(mem.text("x.py")).toBe("a = 1\nbc = 5\nd = 4\n")
    const d = await run(at("x.py", { mode: "delete_lines", from: 1, to: 2 }), mem)
    expect(d.last).toMatchObject({ ok: true, mode: "delete_lines", lines: { from: 1, to: 2 } })
    expect(mem.text("x.py")).toBe("d = 4\n")
  })

  it("--lines with --replace-old: the lines must hold that text, else SPL-E071 shows what they hold", async () => {
    const mem = new MemoryFs({ "x.py": "a = 1\nb = 2\nc = 3\n" })
    const bad = await run(at("x.py", { mode: "lines", from: 2, to: 3, content: "z = 0", expectOld: "a = 1\nb = 2" }), mem)
    expect([bad.exit, bad.error?.code]).toEqual([6, "SPL-E071"])
    expect(bad.error?.context).toMatchObject({ reason: "old_mismatch", expected: "a = 1\nb = 2", actual: "b = 2\nc = 3" })
    expect(mem.text("x.py")).toBe("a = 1\nb = 2\nc = 3\n")
    const good = await run(at("x.py", { mode: "lines", from: 2, to: 3, content: "z = 0", expectOld: "b = 2\nc = 3\n" }), mem)
    expect(good.exit).toBe(0)
    expect(mem.text("x.py")).toBe("a = 1\nz = 0\n")
  })

  it("replacing lines by what they already hold changes nothing and writes no transaction", async () => {
    const mem = new MemoryFs({ "x.py": "a = 1\nb = 2\n" })
    const r = await run(at("x.py", { mode: "lines", from: 2, to: 2, content: "b = 2" }), mem)
    expect(r.last).toMatchObject({ ok: true, changed: false, tx: null, mode: "lines" })
    expect(r.last["checksum_after"]).toBe(r.last["checksum_before"])
  })
})

describe("match failures (exit 6)", () => {
  const mem = () => new MemoryFs({ "x.py": "def f():\n    return 1\n\ndef g():\n    return 1\n" })

  it("a line out of range: SPL-E120 (as read and extract answer) with the first line asked for, the first one outside and the file's line count", async () => {
    for (const [p, from, line] of [
      [{ mode: "after_line", line: 6, content: "x" }, 6, 6],
      [{ mode: "before_line", line: 6, content: "x" }, 6, 6],
      [{ mode: "before_line", line: 0, content: "x" }, 0, 0],
      [{ mode: "lines", from: 5, to: 7, content: "x" }, 5, 7],
      [{ mode: "lines", from: 8, to: 9, content: "x" }, 8, 8],
      [{ mode: "delete_lines", from: 9, to: 9 }, 9, 9]
    ] satisfies Array<[PositionalEdit, number, number]>) {
      const m = mem()
      const r = await run(at("x.py", p), m)
      expect([p.mode, r.exit, r.error?.code, r.error?.context]).toEqual([p.mode, 6, "SPL-E120", { file: "x.py", mode: p.mode, from, line, line_count: 5 }])
      expect(m.text("x.py")).toBe("def f():\n    return 1\n\ndef g():\n    return 1\n")
    }
  })

  it("an anchor not found: SPL-E071 with the nearest candidates; ambiguous: SPL-E072 with every line", async () => {
    const nf = await run(at("x.py", { mode: "after", anchor: "def h():", content: "    pass" }), mem())
    expect([nf.exit, nf.error?.code, nf.error?.context?.["reason"]]).toEqual([6, "SPL-E071", "anchor_not_found"])
    expect((nf.error?.context?.["candidates"] as Array<{ line: number }>).map((c) => c.line)).toContain(1)
    const amb = await run(at("x.py", { mode: "before", anchor: "return 1", content: "    pass" }), mem())
    expect([amb.exit, amb.error?.code, amb.error?.context?.["lines"]]).toEqual([6, "SPL-E072", [2, 5]])
  })
})

describe("the same gates and checks as any edit", () => {
  it("the syntax gate blocks lines that break the file (SPL-E042), nothing written", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const r = await run(at("a.ts", { mode: "after_line", line: 1, content: "  const = (" }), mem)
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E042"])
    expect(mem.text("a.ts")).toBe(TS)
  })

  it("preview shows the diff and writes nothing; a stale --expect-checksum is a conflict", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const p = await run(at("a.ts", { mode: "delete_lines", from: 2, to: 2 }, { preview: true }), mem)
    expect(p.last).toMatchObject({ preview: true, would_change: true, mode: "delete_lines", lines: { from: 2, to: 2 } })
    expect(String(p.last["diff"])).toContain("-  return a + b")
    expect(mem.text("a.ts")).toBe(TS)
    const stale = await run(at("a.ts", { mode: "after_line", line: 0, content: "// x" }, { expectChecksum: "0".repeat(64) }), mem)
    expect([stale.exit, stale.error?.code]).toEqual([7, "SPL-E031"])
    expect(mem.text("a.ts")).toBe(TS)
  })

  it("refuses NUL in the content (SPL-E069), an empty anchor and a mix with exact edits (SPL-E010)", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    expect((await run(at("a.ts", { mode: "after_line", line: 1, content: "a\0b" }), mem)).error?.code).toBe("SPL-E069")
    expect((await run(at("a.ts", { mode: "after", anchor: "", content: "x" }), mem)).error?.code).toBe("SPL-E010")
    const mixed = await run(at("a.ts", { mode: "after_line", line: 1, content: "x" }, { edits: [{ old: "a", new: "b" }] }), mem)
    expect(mixed.error?.code).toBe("SPL-E010")
    expect(mem.text("a.ts")).toBe(TS)
  })
})

describe("the parameters (src/spec/commands/editInput.ts)", () => {
  const flags = (over: Partial<EditInputs>): EditInputs => ({
    replaceOld: undefined,
    replaceNew: undefined,
    oldFile: undefined,
    newFile: undefined,
    edits: undefined,
    editsJson: undefined,
    replaceAll: false,
    fuzzy: false,
    allowEmpty: false,
    afterLine: undefined,
    beforeLine: undefined,
    lines: undefined,
    deleteLines: undefined,
    after: undefined,
    before: undefined,
    ...over
  })
  const collect = (over: Partial<EditInputs>, stdin = "") =>
    Effect.runPromise(Effect.either(collectPositional(flags(over))).pipe(Effect.provide(InputMemory(stdin, { "new.txt": "from a file\n" }))))
  const failure = async (over: Partial<EditInputs>, stdin = "") => {
    const r = await collect(over, stdin)
    if (r._tag === "Right") throw new Error(`expected a failure, got ${JSON.stringify(r.right)}`)
    return r.left as SpliceError
  }

  it("each mode with its content", async () => {
    expect(await collect({ afterLine: 3, replaceNew: "x" })).toMatchObject({ right: { mode: "after_line", line: 3, content: "x" } })
    expect(await collect({ before: "anchor", newFile: "new.txt" })).toMatchObject({ right: { mode: "before", anchor: "anchor", content: "from a file\n" } })
    expect(await collect({ lines: "2:4", replaceOld: "old", newFile: "-" }, "new")).toMatchObject({ right: { mode: "lines", from: 2, to: 4, content: "new", expectOld: "old" } })
    expect(await collect({ deleteLines: "7" })).toMatchObject({ right: { mode: "delete_lines", from: 7, to: 7 } })
    expect(await collect({ replaceOld: "a", replaceNew: "b" })).toMatchObject({ right: undefined })
  })

  it("one mode at a time, never with --edits or --replace-all; each refusal names the conflict (SPL-E010)", async () => {
    const cases: Array<[Partial<EditInputs>, RegExp]> = [
      [{ afterLine: 1, lines: "1:2", replaceNew: "x" }, /--after-line and --lines cannot be combined/],
      [{ after: "a", before: "b", replaceNew: "x" }, /--after and --before/],
      [{ deleteLines: "1:2", edits: "[]" }, /--delete-lines cannot be combined with --edits/],
      [{ afterLine: 1, replaceNew: "x", replaceAll: true }, /--after-line cannot be combined with --replace-all/],
      [{ afterLine: 1, replaceOld: "a", replaceNew: "x" }, /--after-line takes no text to replace/],
      [{ deleteLines: "1:2", replaceNew: "x" }, /--delete-lines takes no new text/],
      [{ beforeLine: 1 }, /missing the lines for --before-line/],
      [{ lines: "5:3", replaceNew: "x" }, /--lines takes A:B/],
      [{ deleteLines: "0:1" }, /--delete-lines takes A:B/]
    ]
    for (const [over, message] of cases) {
      const e = await failure(over)
      expect([e.code, e.message]).toEqual(["SPL-E010", expect.stringMatching(message)])
    }
  })

  it("empty stdin for --new-file - is refused (SPL-E012) unless --allow-empty", async () => {
    expect((await failure({ afterLine: 1, newFile: "-" })).code).toBe("SPL-E012")
    expect(await collect({ afterLine: 1, newFile: "-", allowEmpty: true })).toMatchObject({ right: { content: "" } })
  })
})
