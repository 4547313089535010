import { describe, expect, it } from "vitest"
import { edit, type EditConfig } from "../../src/commands/edit.js"
import { undo } from "../../src/commands/undo.js"
import { ValidatorScripted } from "../../layers/memory/ValidatorScripted.js"
import { editConfig as cfg, oneEdit as one } from "../support/configs.js"
import { MemoryFs, MemoryLocks, run } from "../support/memory.js"
import { isStateMark, txStates } from "../support/journal.js"

const TS = "export function add(a: number, b: number): number {\n  return a + b\n}\n"

describe("splice edit on the memory layers", () => {
  it("replaces a unique match, reports checksums and a transaction", async () => {
    const mem = new MemoryFs({ "src/a.ts": TS })
    const r = await run(edit(one("src/a.ts", "return a + b", "return a + b + 1")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("src/a.ts")).toBe(TS.replace("return a + b", "return a + b + 1"))
    expect(r.last).toMatchObject({ type: "result", command: "edit", ok: true, file: "src/a.ts", changed: true, replacements: 1 })
    expect(r.last["checksum_before"]).not.toEqual(r.last["checksum_after"])
    expect(r.last["validation"]).toMatchObject({ gate: "syntax", status: "passed", language: "typescript" })
    expect(typeof r.last["tx"]).toBe("string")
  })

  it("keeps CRLF, the BOM, tabs and every byte outside the edit", async () => {
    const body = "\uFEFFfunction f() {\r\n\tconst x = 1;\r\n\treturn x;  \r\n}\r\n"
    const mem = new MemoryFs({ "f.js": body })
    // \n in OLD/NEW means the file's line ending.
    const r = await run(edit(one("f.js", "\tconst x = 1;\n\treturn x;", "\tconst x = 2;\n\tconst y = x;\n\treturn y;")), mem)
    expect(r.exit).toBe(0)
    const bytes = mem.bytes("f.js")!
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(mem.text("f.js")).toBe("\uFEFFfunction f() {\r\n\tconst x = 2;\r\n\tconst y = x;\r\n\treturn y;  \r\n}\r\n")
    expect(r.last["line_ending"]).toBe("crlf")
    expect(r.last["bom"]).toBe(true)
  })

  it("not found: SPL-E071, exit 6, nearest candidates and the tabs-vs-spaces hint", async () => {
    const mem = new MemoryFs({ "m.go": "package m\n\nfunc F() int {\n\treturn 1\n}\n" })
    const r = await run(edit(one("m.go", "    return 1", "    return 2")), mem)
    expect(r.exit).toBe(6)
    expect(r.error?.code).toBe("SPL-E071")
    const candidates = r.error?.context?.["candidates"] as Array<{ line: number; difference?: string; similarity: number }>
    expect(candidates[0]).toMatchObject({ line: 4 })
    expect(candidates[0]!.difference).toMatch(/tabs/)
    expect(candidates.length).toBeLessThanOrEqual(3)
    expect(r.error?.effectiveHint).toMatch(/line 4/)
    expect(mem.text("m.go")).toContain("return 1")
  })

  it("names trailing whitespace and case differences", async () => {
    const mem = new MemoryFs({ "t.txt": "Hello World  \nsecond line\n" })
    const a = await run(edit(one("t.txt", "Hello World\nsecond", "x")), mem)
    expect((a.error?.context?.["candidates"] as Array<{ difference?: string }>)[0]!.difference).toMatch(/trailing whitespace/)
    const b = await run(edit(one("t.txt", "SECOND LINE", "x")), mem)
    expect((b.error?.context?.["candidates"] as Array<{ difference?: string }>)[0]!.difference).toMatch(/case/)
  })

  it("ambiguous: SPL-E072, exit 6, with the count and each line", async () => {
    const mem = new MemoryFs({ "x.py": "a = 1\nb = 2\na = 1\n" })
    const r = await run(edit(one("x.py", "a = 1", "a = 3")), mem)
    expect(r.exit).toBe(6)
    expect(r.error?.code).toBe("SPL-E072")
    expect(r.error?.context).toMatchObject({ count: 2, lines: [1, 3] })
    expect(mem.text("x.py")).toBe("a = 1\nb = 2\na = 1\n")
  })

  it("--replace-all replaces every occurrence", async () => {
    const mem = new MemoryFs({ "x.py": "a = 1\nb = 2\na = 1\n" })
    const r = await run(edit(cfg({ file: "x.py", edits: [{ old: "a = 1", new: "a = 3", replaceAll: true }] })), mem)
    expect(r.exit).toBe(0)
    expect(r.last["replacements"]).toBe(2)
    expect(mem.text("x.py")).toBe("a = 3\nb = 2\na = 3\n")
  })

  it("a retried edit is already applied: exit 0, changed false, nothing written", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    await run(edit(one("a.ts", "a + b", "a - b")), mem)
    const writes = mem.log.length
    const r = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ changed: false, already_applied: true, tx: null })
    expect(mem.log.length).toBe(writes)
  })

  it("a retried edit whose NEW contains OLD is recognised too (no double insertion)", async () => {
    const mem = new MemoryFs({ "a.py": "def f():\n    return 1\n" })
    await run(edit(one("a.py", "return 1", "return 1  # checked")), mem)
    const r = await run(edit(one("a.py", "return 1", "return 1  # checked")), mem)
    expect(r.last).toMatchObject({ already_applied: true })
    expect(mem.text("a.py")).toBe("def f():\n    return 1  # checked\n")
  })

  it("NEW found only inside a longer word is not 'already applied'", async () => {
    const mem = new MemoryFs({ "a.py": "export_x = 1\n" })
    const r = await run(edit(one("a.py", "y = 2", "x")), mem)
    expect(r.error?.code).toBe("SPL-E071")
  })

  it("empty OLD is a usage error (exit 2), never a hang", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const r = await run(edit(one("a.ts", "", "x")), mem)
    expect(r.exit).toBe(2)
    expect(r.error?.code).toBe("SPL-E011")
  })

  it("preview shows the diff and the verdict and leaves the file alone", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const r = await run(edit(one("a.ts", "a + b", "a * b", { preview: true })), mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ preview: true, changed: false, would_change: true, tx: null })
    expect(r.last["diff"]).toContain("-  return a + b\n+  return a * b\n")
    expect(mem.text("a.ts")).toBe(TS)
    expect(mem.log).toEqual([])
  })

  it("preview of a breaking edit reports the failed verdict with exit 0", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const r = await run(edit(one("a.ts", "a + b", "a + (b", { preview: true })), mem)
    expect(r.exit).toBe(0)
    expect(r.last["validation"]).toMatchObject({ status: "failed" })
    // It says it would not succeed, and human output shows why instead of a bare "not modified".
    expect(r.last["would_succeed"]).toBe(false)
    expect(r.human).toMatch(/syntax: failed/)
    expect(r.human).toMatch(/a\.ts:3:1: error: '\)' expected/)
    expect(r.human).toMatch(/would refuse this change \(SPL-E042\)/)
    const good = await run(edit(one("a.ts", "a + b", "a * b", { preview: true })), mem)
    expect(good.last["would_succeed"]).toBe(true)
  })

  it("syntax gate: a new parse error blocks the edit (SPL-E042, exit 5) and nothing is written", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const r = await run(edit(one("a.ts", "return a + b", "return a + (b")), mem)
    expect(r.exit).toBe(5)
    expect(r.error?.code).toBe("SPL-E042")
    const errors = r.error?.context?.["errors"] as Array<{ line: number; column: number; source: string }>
    // tree-sitter blames the edit, TypeScript's parser confirms and says where it expected the `)`.
    expect(errors[0]).toMatchObject({ line: 3, column: 1, message: "')' expected.", source: "}" })
    expect(mem.text("a.ts")).toBe(TS)
    expect(mem.log).toEqual([])
  })

  it.each([
    ["p.py", "def f():\n    return 1\n", "return 1", "return (1"],
    ["r.rs", "fn main() {\n    let x = 1;\n}\n", "let x = 1;", "let x = ;"],
    ["g.go", "package m\n\nfunc F() {}\n", "func F() {}", "func F( {}"],
    ["J.java", "class J { void f() { int x = 1; } }\n", "int x = 1;", "int x = ;"],
    ["c.c", "int main(void) { return 0; }\n", "return 0;", "return 0"],
    ["c.cpp", "int main() { return 0; }\n", "return 0;", "return (0;"],
    ["d.json", "{\"a\": 1}\n", "\"a\": 1", "\"a\": "],
    ["s.css", "a { color: red; }\n", "color: red;", "color: red; }}"],
    ["s.sh", "if true; then\n  echo hi\nfi\n", "fi", "done"],
    ["v.tsx", "const v = <div>hi</div>\n", "<div>hi</div>", "<div>hi</div"],
    ["m.js", "const x = 1\n", "const x = 1", "const x = ="]
  ])("syntax gate covers %s", async (file, content, old, neu) => {
    const mem = new MemoryFs({ [file]: content })
    const r = await run(edit(one(file, old, neu)), mem)
    expect(r.error?.code).toBe("SPL-E042")
    expect(mem.text(file)).toBe(content)
  })

  it("a file that was already broken can still be edited elsewhere", async () => {
    const broken = "function ok() {\n  return 1\n}\n\nfunction bad( {\n  return 2\n}\n"
    const mem = new MemoryFs({ "b.ts": broken })
    const r = await run(edit(one("b.ts", "return 1", "return 10")), mem)
    expect(r.exit).toBe(0)
    expect(r.last["validation"]).toMatchObject({ status: "passed" })
    expect((r.last["validation"] as { preexisting: number }).preexisting).toBeGreaterThan(0)
  })

  it("an unknown extension reports the gate as skipped, not passed", async () => {
    const mem = new MemoryFs({ "notes.xyz": "hello\n" })
    const r = await run(edit(one("notes.xyz", "hello", "hi")), mem)
    expect(r.exit).toBe(0)
    expect(r.last["validation"]).toMatchObject({ status: "skipped", reason: "no grammar for .xyz files" })
  })

  it("whatever the gate says decides: a scripted failure blocks, with its errors in the context", async () => {
    const mem = new MemoryFs({ "notes.txt": "draft\n" })
    const validator = ValidatorScripted((input) => ({
      gate: "syntax",
      status: "failed",
      language: "prose",
      errors: [{ line: 1, column: 1, message: `rejected ${input.path}`, source: input.after.trim() }],
      preexisting: 0
    }))
    const r = await run(edit(one("notes.txt", "draft", "final")), mem, { validator })
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E042"])
    expect(r.error?.context?.["errors"]).toEqual([{ line: 1, column: 1, message: "rejected notes.txt", source: "final" }])
    expect(mem.text("notes.txt")).toBe("draft\n")
  })

  it("--validate none skips the gate and says so", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const r = await run(edit(one("a.ts", "return a + b", "return a + (b", { validate: "none" })), mem)
    expect(r.exit).toBe(0)
    expect(r.last["validation"]).toMatchObject({ status: "skipped", reason: "disabled by --validate none" })
  })

  it("--edits: applied in order in memory, all or nothing", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const ok = await run(edit(cfg({ file: "a.ts", edits: [{ old: "add", new: "sum" }, { old: "sum(a", new: "sum(x" }, { old: "return z", new: "return q" }] })), mem)
    expect(ok.exit).toBe(6) // the third edit does not match: the first two are not written either
    expect(mem.text("a.ts")).toBe(TS)
    const good = await run(edit(cfg({ file: "a.ts", edits: [{ old: "add", new: "sum" }, { old: "sum(a", new: "sum(x" }, { old: "return a", new: "return x" }] })), mem)
    expect(good.exit).toBe(0)
    expect(mem.text("a.ts")).toBe(TS.replace("add(a", "sum(x").replace("return a", "return x"))
    expect(good.last["edits"]).toHaveLength(3)
  })

  it("a failing edit in a batch names its index", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const r = await run(edit(cfg({ file: "a.ts", edits: [{ old: "add", new: "sum" }, { old: "nope", new: "x" }] })), mem)
    // One numbering: the message, the error's context and the result all count edits from 1.
    expect(r.error?.message).toMatch(/edit 2 of 2/)
    expect(r.error?.context?.["edit"]).toBe(2)
  })

  it("--expect-checksum: a stale checksum is a conflict (exit 7), nothing written", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const r = await run(edit(one("a.ts", "a + b", "a - b", { expectChecksum: "0".repeat(64) })), mem)
    expect(r.exit).toBe(7)
    expect(r.error?.code).toBe("SPL-E031")
    expect(r.error?.retryable).toBe(true)
    expect(mem.text("a.ts")).toBe(TS)
  })

  it("--expect-checksum takes the 12-digit prefix messages used to print; a wrong one prints whole checksums; a short one is a usage error", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const p = await run(edit(one("a.ts", "a + b", "a - b", { preview: true })), mem)
    const sum = String(p.last["checksum_before"])
    const ok = await run(edit(one("a.ts", "a + b", "a - b", { expectChecksum: sum.slice(0, 12).toUpperCase() })), mem)
    expect(ok.exit).toBe(0)
    const stale = await run(edit(one("a.ts", "a - b", "a * b", { expectChecksum: sum.slice(0, 12) })), mem)
    expect([stale.exit, stale.error?.code]).toEqual([7, "SPL-E031"])
    expect(stale.error?.message).toContain(String(ok.last["checksum_after"]))
    const short = await run(edit(one("a.ts", "a - b", "a * b", { expectChecksum: sum.slice(0, 8) })), mem)
    expect([short.exit, short.error?.code]).toEqual([2, "SPL-E010"])
  })

  it("--expect-checksum: the current checksum lets the edit through", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const p = await run(edit(one("a.ts", "a + b", "a - b", { preview: true })), mem)
    const r = await run(edit(one("a.ts", "a + b", "a - b", { expectChecksum: String(p.last["checksum_before"]) })), mem)
    expect(r.exit).toBe(0)
  })

  it("missing file: SPL-E020, exit 4", async () => {
    const r = await run(edit(one("nope.ts", "a", "b")), new MemoryFs())
    expect(r.exit).toBe(4)
    expect(r.error?.code).toBe("SPL-E020")
  })

  it("binary, non-UTF-8, too large, FIFO and device targets are refused (exit 8)", async () => {
    const mem = new MemoryFs({ "bin.dat": new Uint8Array([0x61, 0, 0x62]), "latin1.txt": new Uint8Array([0x63, 0x61, 0x66, 0xe9]), "big.txt": "x".repeat(100) })
    mem.putSpecial("pipe", "fifo")
    mem.putSpecial("dev", "device")
    const cases: Array<[string, Partial<EditConfig>, string]> = [
      ["bin.dat", {}, "SPL-E063"],
      ["latin1.txt", {}, "SPL-E063"],
      ["big.txt", { maxBytes: 10 }, "SPL-E064"],
      ["pipe", {}, "SPL-E065"],
      ["dev", {}, "SPL-E065"]
    ]
    for (const [file, over, code] of cases) {
      const r = await run(edit(one(file, "a", "b", over)), mem)
      expect([file, r.exit, r.error?.code]).toEqual([file, 8, code])
    }
  })

  it("paths outside the workspace or escaping through a symlink are refused (exit 8)", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    mem.symlink("link", "/etc")
    mem.symlink("inside.ts", "a.ts")
    for (const [file, code] of [["../x.ts", "SPL-E061"], ["/etc/passwd", "SPL-E061"], ["link/passwd", "SPL-E062"], ["a\0.ts", "SPL-E066"]] as const) {
      const r = await run(edit(one(file, "a", "b")), mem)
      expect([file, r.exit, r.error?.code]).toEqual([file, 8, code])
    }
    // A symlink inside the workspace is followed: the target is edited, the link stays a link.
    const r = await run(edit(one("inside.ts", "a + b", "a - b")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("a.ts")).toContain("a - b")
    expect(mem.entries.get("/ws/inside.ts")?.kind).toBe("symlink")
  })

  it("splice's own state under .splice/ is not a target (exit 8)", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    await run(edit(one("a.ts", "a + b", "a - b")), mem)
    const r = await run(edit(one(".splice/.gitignore", "*", "")), mem)
    expect([r.exit, r.error?.code]).toEqual([8, "SPL-E067"])
  })

  it("disk full mid-write: exit 9, retryable, the file keeps its bytes, the journal says rolled back", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    mem.faults.push({ op: "write", path: "a.ts", errno: "ENOSPC" })
    const r = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    expect(r.exit).toBe(9)
    expect(r.error?.code).toBe("SPL-E081")
    expect(r.error?.retryable).toBe(true)
    expect(mem.text("a.ts")).toBe(TS)
    expect(txStates(mem)).toEqual(["rolled_back"])
  })

  it("disk full while the new content is written beside the file (before the journal flush): exit 9, no journal entry left, the file keeps its bytes", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    mem.faults.push({ op: "stage", path: "a.ts", errno: "ENOSPC" })
    const r = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    expect(r.exit).toBe(9)
    expect(r.error?.code).toBe("SPL-E081")
    expect(mem.text("a.ts")).toBe(TS)
    // The intent was written, then removed with the failed begin: nothing for recover to do.
    expect(txStates(mem)).toEqual([])
    expect(mem.log.filter((l) => l === "write a.ts")).toEqual([])
  })

  it("permission denied: exit 9, nothing changed", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    mem.faults.push({ op: "write", path: "a.ts", errno: "EACCES" })
    const r = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    expect(r.exit).toBe(9)
    expect(r.error?.code).toBe("SPL-E082")
    expect(mem.text("a.ts")).toBe(TS)
  })

  it("a journal that cannot be written stops the edit before the target is touched", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    mem.faults.push({ op: "write", path: ".splice/", errno: "ENOSPC" })
    const r = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    expect(r.exit).toBe(9)
    expect(mem.text("a.ts")).toBe(TS)
    expect(mem.log.filter((l) => l === "write a.ts")).toEqual([])
  })

  it("the commit mark failing rolls the written file back", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    // The first state change is the commit mark: it fails; the rollback's own mark then succeeds.
    mem.faults.push({ op: "write", match: (p) => isStateMark("write", p), errno: "EIO", times: 1 })
    const r = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    expect(r.exit).toBe(9)
    expect(r.error?.code).toBe("SPL-E083")
    expect(mem.log).toContain("write a.ts") // it had been written…
    expect(mem.text("a.ts")).toBe(TS) // …and was restored
  })

  it("a lock held by another writer times out: SPL-E032, exit 7, retryable", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const locks = new MemoryLocks()
    locks.held.add("a.ts")
    const r = await run(edit(one("a.ts", "a + b", "a - b", { lockTimeoutMs: 50 })), mem, { locks })
    expect(r.exit).toBe(7)
    expect(r.error?.code).toBe("SPL-E032")
    expect(mem.text("a.ts")).toBe(TS)
  })

  it("edits of one file sent at once (a server's pipelined calls) land in order of arrival, each within a lock timeout shorter than the whole line", async () => {
    const mem = new MemoryFs({ "m.py": Array.from({ length: 8 }, (_, i) => `v${i} = ${i}\n`).join("") })
    const locks = new MemoryLocks()
    await run(edit(one("m.py", "v7 = 7\n", "v7 = 7\n")), mem) // grammars loaded: no edit below is a cold one
    // Each holds its lock 100 ms; together 800 ms against a 500 ms timeout: the line keeps moving.
    // (No syntax gate: python3's start under load would stretch a hold past the timeout; the line is what is tested.)
    const rs = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      run(edit(one("m.py", `v${i} = ${i}\n`, `v${i} = ${i * 10 + 1}\n`, { lockTimeoutMs: 500, holdMs: 100, validate: "none" })), mem, { locks })))
    expect(rs.map((r) => [r.exit, r.error?.code, r.error?.message])).toEqual(Array(8).fill([0, undefined, undefined]))
    const txs = rs.map((r) => String(r.last["tx"]))
    expect([...txs].sort()).toEqual(txs)
    expect(mem.text("m.py")).toBe(Array.from({ length: 8 }, (_, i) => `v${i} = ${i * 10 + 1}\n`).join(""))
  })

  it("a crash after the target is written leaves a journal; the next command rolls it back", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    // Let the journal and the target write land, then die before the commit mark.
    mem.crashWhen = isStateMark
    const crashed = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    expect(crashed.exit).toBe(70) // the simulated crash is a defect: nothing ran after it
    expect(mem.text("a.ts")).toContain("a - b") // the new content reached the disk
    mem.restart()
    const next = await run(edit(one("a.ts", "return", "return /* again */")), mem)
    expect(next.logs.join("\n")).toMatch(/rolled back interrupted transaction/)
    expect(next.exit).toBe(0)
    expect(mem.text("a.ts")).toBe(TS.replace("return", "return /* again */"))
  })
})

describe("already applied needs evidence", () => {
  // difflib.py: NEW (in set_seq2) was there all along; the intended change to set_seq1 never happened.
  const DIFFLIB = "class SequenceMatcher:\n    def set_seq1(self, a):\n        self.a = a\n\n    def set_seq2(self, b):\n        self.b = b\n        self.fullbcount = None\n"

  it("OLD absent and NEW present elsewhere is SPL-E071 with the lines of NEW, not a silent success", async () => {
    const mem = new MemoryFs({ "difflib.py": DIFFLIB })
    const r = await run(edit(one("difflib.py", "        self.a = a\n        self.matching = None", "        self.fullbcount = None")), mem)
    expect([r.exit, r.error?.code]).toEqual([6, "SPL-E071"])
    expect(r.error?.context).toMatchObject({ new_text_lines: [7], reason: "new_text_present_without_evidence", edit: 1 })
    expect(r.error?.message).toMatch(/already occurs at line 7/)
    expect(mem.text("difflib.py")).toBe(DIFFLIB)
  })

  it("a retry of an edit splice made is already applied, naming the transaction that made it", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const first = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    const r = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ changed: false, already_applied: true, edits: [{ edit: 1, already_applied: true, applied_by: first.last["tx"] }] })
  })

  it("after that transaction is undone (and NEW is back by other means) the claim has no evidence", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    await run(edit(one("a.ts", "a + b", "a - b")), mem)
    await run(edit(one("a.ts", "a - b", "a * b")), mem)
    // Someone else puts "a - b" back by hand: splice's edit of it is no longer what is there... but
    // the journal still shows a committed a + b -> a - b, so the retry is provably a retry.
    mem.put("a.ts", TS.replace("a + b", "a - b"))
    expect((await run(edit(one("a.ts", "a + b", "a - b")), mem)).last).toMatchObject({ already_applied: true })
    // Undo both: the evidence is gone with them.
    mem.put("a.ts", TS.replace("a + b", "a * b"))
    await run(undo({ lockTimeoutMs: 200 }), mem)
    await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(mem.text("a.ts")).toBe(TS)
    mem.put("a.ts", TS.replace("a + b", "a - b"))
    const r = await run(edit(one("a.ts", "a + b", "a - b")), mem)
    expect(r.error?.code).toBe("SPL-E071")
  })

  it("NEW containing OLD, written by another tool, is not taken for a retry", async () => {
    const mem = new MemoryFs({ "a.py": "def f():\n    return 1  # checked\n" })
    const r = await run(edit(one("a.py", "return 1", "return 1  # checked")), mem)
    expect(r.error?.code).toBe("SPL-E071")
    expect(r.error?.context).toMatchObject({ new_text_lines: [2] })
    expect(mem.text("a.py")).toBe("def f():\n    return 1  # checked\n")
  })

  it("a batch is already applied only when every claimed edit has evidence", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const batch = [{ old: "add", new: "sum" }, { old: "a + b", new: "b + a" }]
    await run(edit(cfg({ file: "a.ts", edits: batch })), mem)
    const again = await run(edit(cfg({ file: "a.ts", edits: batch })), mem)
    expect(again.last).toMatchObject({ changed: false, already_applied: true })
    const unproven = await run(edit(cfg({ file: "a.ts", edits: [{ old: "return b + a", new: "return b+a" }, { old: "function plus", new: "function sum" }] })), mem)
    expect([unproven.error?.code, unproven.error?.context?.["edit"]]).toEqual(["SPL-E071", 2])
  })

  it("an edit whose OLD equals NEW counts the same alone and in a batch: matched, changes nothing, not 'already applied'", async () => {
    const mem = new MemoryFs({ "a.ts": TS })
    const alone = await run(edit(one("a.ts", "a + b", "a + b")), mem)
    expect(alone.exit).toBe(0)
    expect(alone.last).toMatchObject({ changed: false, already_applied: false, edits: [{ edit: 1, replacements: 1, already_applied: false }] })
    const batch = await run(edit(cfg({ file: "a.ts", edits: [{ old: "a + b", new: "a + b" }, { old: "add", new: "sum" }] })), mem)
    expect(batch.last).toMatchObject({ changed: true, edits: [{ edit: 1, replacements: 1, already_applied: false }, { edit: 2, replacements: 1 }] })
    const missing = await run(edit(one("a.ts", "a - b", "a - b")), mem)
    expect(missing.error?.code).toBe("SPL-E071")
  })
})

describe("syntax errors are reported near the edit, capped", () => {
  it("SPL-E042 carries the total, what was left out and which parser decided; the message counts them all", async () => {
    const funcs = Array.from({ length: 30 }, (_, i) => `func f${i}(a int) int {\n\treturn a + ${i}\n}\n`).join("\n")
    const mem = new MemoryFs({ "m.go": `package m\n\n${funcs}` })
    const r = await run(edit(one("m.go", "func f0(a int) int {", "func f0(a int) int {{")), mem)
    expect(r.error?.code).toBe("SPL-E042")
    const ctx = r.error!.context as { errors: Array<{ line: number }>; errors_total: number; errors_omitted: number; parser: string }
    expect(ctx.parser).toBe("tree-sitter")
    expect(ctx.errors.length).toBeLessThanOrEqual(10)
    expect(ctx.errors_total).toBe(ctx.errors.length + ctx.errors_omitted)
    expect(r.error?.message).toContain(`introduce ${ctx.errors_total} syntax error(s)`)
    // The first reported error is the one nearest the edit (line 3), not one at the end of the file.
    expect(ctx.errors[0]!.line).toBeLessThan(10)
    expect(ctx.errors_omitted).toBeGreaterThan(0)
    const pv = await run(edit(one("m.go", "func f0(a int) int {", "func f0(a int) int {{", { preview: true })), mem)
    expect(pv.human).toMatch(/… and \d+ more/)
  })
})
