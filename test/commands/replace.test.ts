/** `splice replace` on the memory layers: one transaction over every file, gates, faults, rollback, undo. */
import { describe, expect, it } from "vitest"
import { recoverCommand } from "../../src/commands/recover.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { replace, type ReplaceConfig } from "../../src/commands/tree/replace.js"
import { undo } from "../../src/commands/undo.js"
import { MemoryFs, run } from "../support/memory.js"

const cfg = (pattern: string, replacement: string, over: Partial<ReplaceConfig> = {}): ReplaceConfig => ({
  pattern,
  replacement,
  paths: [],
  regex: false,
  ignoreCase: false,
  word: false,
  preview: false,
  showDiff: false,
  globs: [],
  hidden: false,
  noIgnore: false,
  validate: "syntax",
  maxBytes: DEFAULT_MAX_BYTES,
  lockTimeoutMs: 200,
  ...over
})

const TREE = {
  ".gitignore": "dist/\n",
  "src/a.ts": "export const total = sum(1, 2)\nexport const sum = (a: number, b: number) => a + b\n",
  "src/b.ts": "import { sum } from './a'\r\nexport const twice = sum(2, 2)\r\n",
  "src/c.py": "\uFEFFdef sum(a, b):\n    return a + b\n",
  "src/none.ts": "export const nothing = 0\n",
  "dist/out.js": "sum(1, 2)\n",
  "logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 115, 117, 109])
}

/** Every file's bytes outside .splice, for before/after comparisons. */
const snapshot = (mem: MemoryFs) =>
  Object.fromEntries([...mem.entries.entries()].filter(([k]) => !k.startsWith("/ws/.splice")).sort(([a], [b]) => a.localeCompare(b)).map(([k, e]) => [k, e.kind === "file" ? Buffer.from(e.data).toString("hex") : e.kind]))

/** Transactions in the journal. */
const txCount = (mem: MemoryFs) => new Set([...mem.entries.keys()].filter((p) => p.startsWith("/ws/.splice/tx/")).map((p) => p.split("/")[4])).size

describe("splice replace", () => {
  it("replaces every whole-word match in every file as one transaction, keeping line endings and BOM; undo reverses all", async () => {
    const mem = new MemoryFs(TREE)
    const before = snapshot(mem)
    const r = await run(replace(cfg("sum", "add", { word: true })), mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ command: "replace", changed: true, replacements: 5, files_searched: 5, validation: { status: "passed" } })
    expect((r.last["files"] as Array<Record<string, unknown>>).map((f) => [f["file"], f["replacements"], f["line_ending"], f["bom"]])).toEqual([
      ["src/a.ts", 2, "lf", false], ["src/b.ts", 2, "crlf", false], ["src/c.py", 1, "lf", true]
    ])
    expect(mem.text("src/a.ts")).toBe("export const total = add(1, 2)\nexport const add = (a: number, b: number) => a + b\n")
    expect(mem.text("src/b.ts")).toBe("import { add } from './a'\r\nexport const twice = add(2, 2)\r\n")
    expect(mem.text("src/c.py")).toBe("\uFEFFdef add(a, b):\n    return a + b\n")
    expect(mem.text("dist/out.js")).toBe("sum(1, 2)\n") // ignored
    expect(txCount(mem)).toBe(1)
    const u = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(u.exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("a regex with numbered and named groups; multi-line literal text in the file's own line endings", async () => {
    const mem = new MemoryFs(TREE)
    const r = await run(replace(cfg("sum\\((?<x>\\d), (\\d)\\)", "add($2, $<x>)", { regex: true })), mem)
    expect(r.last).toMatchObject({ replacements: 2 })
    expect(mem.text("src/a.ts")).toContain("total = add(2, 1)")
    expect(mem.text("src/b.ts")).toContain("twice = add(2, 2)\r\n")
    const multi = await run(replace(cfg("import { sum } from './a'\nexport", "// summed\nexport", { paths: ["src/b.ts"] })), mem)
    expect(multi.last).toMatchObject({ replacements: 1 })
    expect(mem.text("src/b.ts")).toBe("// summed\r\nexport const twice = add(2, 2)\r\n")
  })

  it("--preview prints the combined diff and writes nothing", async () => {
    const mem = new MemoryFs(TREE)
    const before = snapshot(mem)
    const r = await run(replace(cfg("sum", "add", { word: true, preview: true })), mem)
    expect(r.last).toMatchObject({ preview: true, changed: false, would_change: true, would_succeed: true, tx: null, replacements: 5 })
    const diff = String(r.last["diff"])
    expect(diff).toContain("--- a/src/a.ts\n+++ b/src/a.ts\n")
    expect(diff).toContain("--- a/src/c.py\n+++ b/src/c.py\n")
    expect(diff).toContain("-export const total = sum(1, 2)\n")
    expect(diff).toContain("+export const total = add(1, 2)\n")
    expect(r.human).toContain("would replace 5 matches in 3 files: src/a.ts (2), src/b.ts (2), src/c.py (1)")
    expect(snapshot(mem)).toEqual(before)
    expect(txCount(mem)).toBe(0)
  })

  it("--expect-count: a different number refuses the whole replace (SPL-E102), naming each file's count", async () => {
    const mem = new MemoryFs(TREE)
    const before = snapshot(mem)
    const r = await run(replace(cfg("sum", "add", { word: true, expectCount: 4 })), mem)
    expect([r.exit, r.error?.code]).toEqual([6, "SPL-E102"])
    expect(r.error?.context).toEqual({ expected: 4, actual: 5, files: [{ file: "src/a.ts", replacements: 2 }, { file: "src/b.ts", replacements: 2 }, { file: "src/c.py", replacements: 1 }] })
    expect(snapshot(mem)).toEqual(before)
    expect((await run(replace(cfg("sum", "add", { word: true, expectCount: 5 })), mem)).exit).toBe(0)
  })

  it("a result that breaks one file's syntax refuses the whole replace (SPL-E042) with that file and its error", async () => {
    const mem = new MemoryFs(TREE)
    const before = snapshot(mem)
    const r = await run(replace(cfg("(a: number, b: number)", "(a: number, b: number", { paths: ["src"] })), mem)
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E042"])
    const files = (r.error?.context as { files: Array<{ file: string; errors: unknown[] }> }).files
    expect(files.map((f) => f.file)).toEqual(["src/a.ts"])
    expect(files[0]!.errors.length).toBeGreaterThan(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("no match: changed false, nothing written; a match replaced by itself changes nothing", async () => {
    const mem = new MemoryFs(TREE)
    const r = await run(replace(cfg("absent", "x")), mem)
    expect(r.last).toMatchObject({ changed: false, tx: null, replacements: 0, files: [] })
    expect(r.human).toBe("no match of \"absent\" (5 files searched)\n")
    const same = await run(replace(cfg("sum", "sum")), mem)
    expect(same.last).toMatchObject({ changed: false, replacements: 5 })
    expect(txCount(mem)).toBe(0)
  })

  it("refuses an empty pattern (SPL-E101), an invalid regex (SPL-E100) and a reference to a missing group (SPL-E103) before reading", async () => {
    const mem = new MemoryFs(TREE)
    expect((await run(replace(cfg("", "x")), mem)).error?.code).toBe("SPL-E101")
    expect((await run(replace(cfg("(", "x", { regex: true })), mem)).error?.code).toBe("SPL-E100")
    const g = await run(replace(cfg("(a)", "$2", { regex: true })), mem)
    expect([g.exit, g.error?.code, g.error?.context]).toEqual([2, "SPL-E103", { replacement: "$2", reference: "$2", groups: 1 }])
  })

  it("disk full on the second file: rolled back, every file as it was, SPL-E081", async () => {
    const mem = new MemoryFs(TREE)
    const before = snapshot(mem)
    mem.faults.push({ op: "write", path: "src/b.ts", errno: "ENOSPC" })
    const r = await run(replace(cfg("sum", "add", { word: true })), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E081"])
    expect(snapshot(mem)).toEqual(before)
    expect(r.logs.some((l) => /rolled back/.test(l))).toBe(true)
  })

  it("permission denied on the last file: rolled back, SPL-E082", async () => {
    const mem = new MemoryFs(TREE)
    const before = snapshot(mem)
    mem.faults.push({ op: "write", path: "src/c.py", errno: "EACCES" })
    const r = await run(replace(cfg("sum", "add", { word: true })), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E082"])
    expect(snapshot(mem)).toEqual(before)
  })

  it("killed at every step, then recovered: all files before or all after, never a mix", async () => {
    const count = async () => {
      const mem = new MemoryFs(TREE)
      await run(replace(cfg("sum", "add", { word: true })), mem)
      return { n: mem.log.length, after: snapshot(mem) }
    }
    const { n, after } = await count()
    const seen = new Set<string>()
    for (let k = 0; k <= n; k++) {
      const mem = new MemoryFs(TREE)
      const before = snapshot(mem)
      mem.crashAfterWrites = k
      await run(replace(cfg("sum", "add", { word: true })), mem)
      mem.restart()
      expect([k, (await run(recoverCommand, mem)).exit]).toEqual([k, 0])
      const now = JSON.stringify(snapshot(mem))
      const state = now === JSON.stringify(before) ? "before" : now === JSON.stringify(after) ? "after" : "mixed"
      expect([k, state]).not.toEqual([k, "mixed"])
      seen.add(state)
    }
    expect([...seen].sort()).toEqual(["after", "before"])
  })

  it("a file that is not valid UTF-8 and holds a match refuses the replace (SPL-E063); binary files are skipped", async () => {
    const mem = new MemoryFs({ "a.txt": "sum\n", "latin1.txt": new Uint8Array([0x73, 0x75, 0x6d, 0x20, 0xe9, 0x0a]) })
    const r = await run(replace(cfg("sum", "add")), mem)
    expect([r.error?.code, r.error?.context]).toEqual(["SPL-E063", { file: "latin1.txt", reason: "invalid_utf8", offset: 4 }])
    expect(mem.text("a.txt")).toBe("sum\n")
    const bin = await run(replace(cfg("sum", "add")), new MemoryFs(TREE))
    expect((bin.last["files"] as Array<{ file: string }>).some((f) => f.file === "logo.png")).toBe(false)
  })

  it("from a nested subdirectory: paths and globs from there", async () => {
    const mem = new MemoryFs(TREE)
    const r = await run(replace(cfg("sum", "add", { word: true, globs: ["*.ts"] })), mem, { cwd: "src" })
    expect((r.last["files"] as Array<{ file: string }>).map((f) => f.file)).toEqual(["src/a.ts", "src/b.ts"])
    expect(mem.text("src/c.py")).toContain("def sum")
  })
})
