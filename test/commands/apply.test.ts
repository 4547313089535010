/**
 * `splice apply` on the memory layers: one transaction over many files, every format, and a 5-file
 * change set with a fault injected (or the process "killed") at every mutating step: afterwards
 * every file is all-before, never a mix.
 */
import { describe, expect, it } from "vitest"
import { type ApplyConfig, apply } from "../../src/commands/apply.js"
import type { CompilerSettings } from "../../src/commands/compilerGate.js"
import { historyCommand } from "../../src/commands/history.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { undo } from "../../src/commands/undo.js"
import { MemoryFs, run, ScriptedChecker } from "../support/memory.js"

const cfg = (over: Partial<ApplyConfig> = {}): ApplyConfig => ({
  input: "-",
  format: "auto",
  preview: false,
  showDiff: false,
  exact: false,
  expectChecksums: [],
  validate: "syntax",
  maxBytes: DEFAULT_MAX_BYTES,
  lockTimeoutMs: 200,
  ...over
})

const FIVE = {
  "src/a.ts": "export const a = 1\nexport const name = \"a\"\n",
  "src/b.ts": "import { a } from \"./a\"\r\nexport const b = a + 1\r\n",
  "src/old.ts": "export const old = true\n",
  "src/move-me.ts": "export const m = 1\n",
  "README.md": "# project\n"
}

/** Update two files (one CRLF), add one in a new directory, delete one, move and change one. */
const CODEX = `*** Begin Patch
*** Update File: src/a.ts
@@
-export const a = 1
+export const a = 2
 export const name = "a"
*** Update File: src/b.ts
@@
-export const b = a + 1
+export const b = a + 10
*** Add File: src/lib/c.ts
+export const c = 3
*** Delete File: src/old.ts
*** Update File: src/move-me.ts
*** Move to: src/moved.ts
@@
-export const m = 1
+export const m = 2
*** End Patch
`

/** Every file's bytes outside .splice, for before/after comparisons. */
const snapshot = (mem: MemoryFs) =>
  Object.fromEntries([...mem.entries.entries()].filter(([k]) => !k.startsWith("/ws/.splice")).sort(([a], [b]) => a.localeCompare(b)).map(([k, e]) => [k, e.kind === "file" ? new TextDecoder().decode(e.data) : e.kind]))

describe("splice apply", () => {
  it("applies a 5-file Codex patch as one transaction, and undo reverses all of it", async () => {
    const mem = new MemoryFs(FIVE)
    const before = snapshot(mem)
    const r = await run(apply(cfg()), mem, { stdin: CODEX })
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ command: "apply", ok: true, format: "codex", changed: true, created_directories: ["src/lib"] })
    expect(mem.text("src/a.ts")).toBe("export const a = 2\nexport const name = \"a\"\n")
    expect(mem.text("src/b.ts")).toBe("import { a } from \"./a\"\r\nexport const b = a + 10\r\n")
    expect(mem.text("src/lib/c.ts")).toBe("export const c = 3\n")
    expect(mem.exists("src/old.ts")).toBe(false)
    expect(mem.exists("src/move-me.ts")).toBe(false)
    expect(mem.text("src/moved.ts")).toBe("export const m = 2\n")
    const files = r.last["files"] as Array<Record<string, unknown>>
    expect(files.map((f) => [f["file"], f["action"], f["from"]])).toEqual([
      ["src/a.ts", "update", undefined],
      ["src/b.ts", "update", undefined],
      ["src/lib/c.ts", "add", undefined],
      ["src/old.ts", "delete", undefined],
      ["src/moved.ts", "move", "src/move-me.ts"]
    ])
    expect(files[0]!["hunks"]).toEqual([{ change: 1, hunk: 1, input_line: 3, matched_with: "exact", lines: [1, 2], already_applied: false }])
    const h = await run(historyCommand({ limit: 5 }), mem)
    expect(h.lines.filter((l) => l["type"] === "transaction")).toHaveLength(1)

    const u = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(u.exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("a hunk that fails in the third file writes nothing anywhere (SPL-E071 naming the change and input line)", async () => {
    const mem = new MemoryFs(FIVE)
    const bad = CODEX.replace("-export const m = 1", "-export const m = 100")
    const r = await run(apply(cfg()), mem, { stdin: bad })
    expect(r.error?.code).toBe("SPL-E071")
    expect(r.error?.context).toMatchObject({ file: "src/move-me.ts", change: 5, input_line: 16 })
    expect(r.error?.message).toMatch(/change 5 \(input line 16\)/)
    expect(mem.log).toEqual([])
  })

  it("insert and delete_lines outside the file are SPL-E120, as edit, read and extract answer; nothing written", async () => {
    const plan = (op: Record<string, unknown>) => JSON.stringify({ ops: [{ op: "edit", file: "src/a.ts", old: "const a = 1", new: "const a = 2" }, op] })
    for (const [op, from, line] of [
      [{ op: "delete_lines", file: "README.md", lines: "1:3" }, 1, 3],
      [{ op: "insert", file: "README.md", after_line: 4, content: "x" }, 4, 4],
      [{ op: "insert", file: "README.md", before_line: 2, content: "x" }, 2, 2]
    ] as const) {
      const mem = new MemoryFs(FIVE)
      const r = await run(apply(cfg()), mem, { stdin: plan(op) })
      expect([r.exit, r.error?.code, r.error?.context]).toEqual([6, "SPL-E120", { file: "README.md", change: 2, input_line: 1, from, line, line_count: 1 }])
      expect(mem.log).toEqual([])
    }
  })

  it("a syntax error in any one file blocks the whole change set (SPL-E042)", async () => {
    const mem = new MemoryFs(FIVE)
    const broken = CODEX.replace("+export const c = 3", "+export const c = (3")
    const r = await run(apply(cfg()), mem, { stdin: broken })
    expect(r.error?.code).toBe("SPL-E042")
    expect(JSON.stringify(r.error?.context)).toContain("src/lib/c.ts")
    expect(mem.log).toEqual([])
  })

  it("--preview prints one combined diff and the verdicts, writes nothing", async () => {
    const mem = new MemoryFs(FIVE)
    const r = await run(apply(cfg({ preview: true })), mem, { stdin: CODEX })
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ preview: true, changed: false, would_change: true, would_succeed: true, tx: null })
    const diff = String(r.last["diff"])
    expect(diff).toContain("--- /dev/null\n+++ b/src/lib/c.ts")
    expect(diff).toContain("--- a/src/old.ts\n+++ /dev/null")
    expect(diff).toContain("--- a/src/move-me.ts\n+++ b/src/moved.ts")
    expect(mem.log).toEqual([])
  })

  it("a retried change set is already applied (with the journal's evidence); a change made by hand is not", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\ny = 2\n" })
    const patch = "a.py\n<<<<<<< SEARCH\ny = 2\n=======\ny = 3\n>>>>>>> REPLACE\n"
    expect((await run(apply(cfg()), mem, { stdin: patch })).exit).toBe(0)
    const again = await run(apply(cfg()), mem, { stdin: patch })
    expect(again.exit).toBe(0)
    expect(again.last).toMatchObject({ changed: false, already_applied: 1, tx: null })

    // The same for a whole Codex patch that adds a file.
    const add = "*** Begin Patch\n*** Add File: b.py\n+z = 1\n*** Update File: a.py\n@@\n-x = 1\n+x = 0\n*** End Patch\n"
    expect((await run(apply(cfg()), mem, { stdin: add })).exit).toBe(0)
    expect((await run(apply(cfg()), mem, { stdin: add })).last).toMatchObject({ changed: false, already_applied: 2 })
    mem.put("c.py", "z = 1\n")
    const other = await run(apply(cfg()), mem, { stdin: add.replace(/b\.py/, "c.py") })
    expect(other.error?.context?.["reason"]).toBe("new_text_present_without_evidence")

    const byHand = new MemoryFs({ "a.py": "x = 1\ny = 3\n" })
    const r = await run(apply(cfg()), byHand, { stdin: patch })
    expect(r.error?.code).toBe("SPL-E071")
    expect(r.error?.context?.["reason"]).toBe("new_text_present_without_evidence")
  })

  it("retrying the whole 5-file patch after it succeeded changes nothing: deletes and moves are already applied too", async () => {
    const mem = new MemoryFs(FIVE)
    expect((await run(apply(cfg()), mem, { stdin: CODEX })).exit).toBe(0)
    const after = snapshot(mem)
    const again = await run(apply(cfg()), mem, { stdin: CODEX })
    expect(again.exit).toBe(0)
    expect(again.last).toMatchObject({ changed: false, tx: null })
    expect(snapshot(mem)).toEqual(after)
    // Without splice's record of the removal, a missing file is missing (SPL-E020).
    const fresh = new MemoryFs({ "a.ts": "x\n" })
    const r = await run(apply(cfg()), fresh, { stdin: "*** Begin Patch\n*** Delete File: gone.ts\n*** End Patch\n" })
    expect(r.error?.code).toBe("SPL-E020")
    const mv = await run(apply(cfg()), fresh, { stdin: JSON.stringify([{ op: "move", from: "gone.ts", to: "a.ts" }]) })
    expect(mv.error?.code).toBe("SPL-E020")
  })

  it("every format goes through the same engine", async () => {
    const start = { "m.py": "def f():\n    return 1\n" }
    const inputs: Record<string, string> = {
      plan: JSON.stringify({ ops: [{ op: "edit", file: "m.py", old: "return 1", new: "return 2" }] }),
      codex: "*** Begin Patch\n*** Update File: m.py\n@@ def f():\n-    return 1\n+    return 2\n*** End Patch\n",
      "search-replace": "```python\nm.py\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n```\n",
      udiff: "--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n def f():\n-    return 1\n+    return 2\n"
    }
    for (const [format, stdin] of Object.entries(inputs)) {
      const mem = new MemoryFs(start)
      const r = await run(apply(cfg()), mem, { stdin })
      expect([format, r.exit, r.last["format"]]).toEqual([format, 0, format])
      expect(mem.text("m.py")).toBe("def f():\n    return 2\n")
    }
  })

  it("tolerates a model's whitespace slips unless --exact, and says how each hunk matched", async () => {
    const mem = new MemoryFs({ "m.py": "def f():\n\tif x:  \n\t\treturn 1\n" })
    const patch = "m.py\n<<<<<<< SEARCH\n    if x:\n        return 1\n=======\n    if x:\n        return 2\n>>>>>>> REPLACE\n"
    const exact = await run(apply(cfg({ exact: true })), mem, { stdin: patch })
    expect(exact.error?.code).toBe("SPL-E071")
    expect(exact.error?.hint).toMatch(/whitespace|indentation/)
    const r = await run(apply(cfg()), mem, { stdin: patch })
    expect(r.exit).toBe(0)
    expect(mem.text("m.py")).toBe("def f():\n\tif x:  \n\t\treturn 2\n")
    expect((r.last["files"] as Array<{ hunks: Array<{ matched_with: string }> }>)[0]!.hunks[0]!.matched_with).toBe("indentation")
  })

  it("invalid input is SPL-E051 (exit 2) naming the line; empty input is SPL-E012", async () => {
    const mem = new MemoryFs(FIVE)
    const r = await run(apply(cfg()), mem, { stdin: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n?what\n*** End Patch\n" })
    expect([r.exit, r.error?.code, r.error?.context?.["line"]]).toEqual([2, "SPL-E051", 4])
    const none = await run(apply(cfg()), mem, { stdin: "" })
    expect(none.error?.code).toBe("SPL-E012")
    const unknown = await run(apply(cfg()), mem, { stdin: "hello\n" })
    expect(unknown.error?.code).toBe("SPL-E051")
  })

  it("ambiguous lines are SPL-E072 with every line", async () => {
    const mem = new MemoryFs({ "a.ts": "x()\ny()\nx()\n" })
    const r = await run(apply(cfg()), mem, { stdin: "a.ts\n<<<<<<< SEARCH\nx()\n=======\nz()\n>>>>>>> REPLACE\n" })
    expect([r.error?.code, r.error?.context?.["lines"]]).toEqual(["SPL-E072", [1, 3]])
  })

  it("--expect-checksum FILE=HEX and a plan's expect_checksum refuse a changed file (SPL-E031)", async () => {
    const mem = new MemoryFs(FIVE)
    const r = await run(apply(cfg({ expectChecksums: ["src/a.ts=0123456789abcdef"] })), mem, { stdin: CODEX })
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E031"])
    const plan = JSON.stringify([{ op: "delete", file: "src/old.ts", expect_checksum: "fedcba9876543210" }])
    const p = await run(apply(cfg()), mem, { stdin: plan })
    expect(p.error?.code).toBe("SPL-E031")
    expect(mem.log).toEqual([])
  })

  it("paths are taken from the directory it runs in", async () => {
    const mem = new MemoryFs(FIVE)
    const r = await run(apply(cfg()), mem, { cwd: "src", stdin: "*** Begin Patch\n*** Update File: a.ts\n@@\n-export const a = 1\n+export const a = 5\n*** End Patch\n" })
    expect(r.exit).toBe(0)
    expect(r.last["files"]).toMatchObject([{ file: "src/a.ts" }])
    expect(mem.text("src/a.ts")).toContain("a = 5")
  })

  it("from a subdirectory, a path that exists only from the workspace root (git diff's paths) is taken from there", async () => {
    const mem = new MemoryFs({ ...FIVE, "src/deep/.keep": "" })
    const diff = "diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,2 +1,2 @@\n-export const a = 1\n+export const a = 7\n export const name = \"a\"\n"
    const r = await run(apply(cfg()), mem, { cwd: "src/deep", stdin: diff })
    expect(r.exit).toBe(0)
    expect(mem.text("src/a.ts")).toContain("a = 7")
    // git writes every path from the top of the work tree, new files included.
    const gitAdd = "diff --git a/src/new.ts b/src/new.ts\nnew file mode 100644\n--- /dev/null\n+++ b/src/new.ts\n@@ -0,0 +1 @@\n+export const n = 1\n"
    expect((await run(apply(cfg()), mem, { cwd: "src/deep", stdin: gitAdd })).exit).toBe(0)
    expect(mem.text("src/new.ts")).toBe("export const n = 1\n")
    // A new file is created where the path says from the current directory.
    const add = await run(apply(cfg()), mem, { cwd: "src/deep", stdin: "*** Begin Patch\n*** Add File: n.ts\n+export {}\n*** End Patch\n" })
    expect(add.exit).toBe(0)
    expect(mem.text("src/deep/n.ts")).toBe("export {}\n")
  })

  it("from a subdirectory, a change set that named a file from the root puts its Move to, moves and added files there too", async () => {
    const mem = new MemoryFs({ ...FIVE, "sub/.keep": "" })
    const moved = await run(apply(cfg()), mem, { cwd: "sub", stdin: "*** Begin Patch\n*** Update File: src/a.ts\n*** Move to: src/moved.ts\n@@\n-export const a = 1\n+export const a = 2\n*** Add File: src/n.ts\n+export {}\n*** End Patch\n" })
    expect(moved.exit).toBe(0)
    expect([mem.text("src/a.ts"), mem.text("src/moved.ts"), mem.text("src/n.ts")]).toEqual([undefined, expect.stringContaining("a = 2"), "export {}\n"])
    expect([mem.exists("sub/src"), mem.exists("sub/src/moved.ts")]).toEqual([false, false])
    // A plan's move, the same way.
    const plan = await run(apply(cfg()), mem, { cwd: "sub", stdin: JSON.stringify({ ops: [{ op: "move", from: "src/moved.ts", to: "src/c.ts" }] }) })
    expect(plan.exit).toBe(0)
    expect([mem.text("src/moved.ts"), mem.text("src/c.ts")]).toEqual([undefined, expect.stringContaining("a = 2")])
    // A file that exists from the current directory keeps every path there.
    mem.put("sub/local.ts", "export const l = 1\n")
    const local = await run(apply(cfg()), mem, { cwd: "sub", stdin: "*** Begin Patch\n*** Update File: local.ts\n*** Move to: moved.ts\n@@\n-export const l = 1\n+export const l = 2\n*** End Patch\n" })
    expect(local.exit).toBe(0)
    expect(mem.text("sub/moved.ts")).toContain("l = 2")
  })

  it("a compiler error anywhere rolls every file back (the checker runs once on the final state)", async () => {
    const mem = new MemoryFs(FIVE)
    const before = snapshot(mem)
    const checker = new ScriptedChecker(mem, {
      tool: "tsc",
      extensions: [".ts"],
      check: (read) => (read("src/lib/c.ts")?.includes("= 3") === true ? [{ tool: "tsc", file: "src/lib/c.ts", line: 1, column: 1, code: "TS1", severity: "error", message: "no threes" }] : [])
    })
    const on: CompilerSettings = { mode: "auto", require: false, timeoutMs: 1000 }
    const r = await run(apply(cfg({ compiler: on })), mem, { stdin: CODEX, checker })
    expect(r.error?.code).toBe("SPL-E043")
    expect(snapshot(mem)).toEqual(before)
  })

  describe("a fault at every step of a 5-file transaction", () => {
    const steps = async () => {
      const mem = new MemoryFs(FIVE)
      await run(apply(cfg()), mem, { stdin: CODEX })
      return mem.log.length
    }

    it("disk full at step k: a coded error, every file as before, nothing pending", async () => {
      const n = await steps()
      expect(n).toBeGreaterThan(8)
      for (let k = 0; k < n; k++) {
        const mem = new MemoryFs(FIVE)
        const before = snapshot(mem)
        let seen = 0
        mem.faults.push({ op: "write", errno: "ENOSPC", match: () => seen++ === k, times: 1 })
        mem.faults.push({ op: "create", errno: "ENOSPC", match: () => seen++ === k, times: 1 })
        const r = await run(apply(cfg()), mem, { stdin: CODEX })
        if (r.exit === 0) continue // the fault landed on a step after the commit mark
        expect([k, r.error?.code]).toEqual([k, "SPL-E081"])
        expect([k, snapshot(mem)]).toEqual([k, before])
      }
    })

    it("killed at step k, then recovered: every file all-before or (after the commit mark) all-after", async () => {
      const n = await steps()
      const after = (() => {
        const mem = new MemoryFs(FIVE)
        return run(apply(cfg()), mem, { stdin: CODEX }).then(() => snapshot(mem))
      })()
      const done = await after
      const seen = new Set<string>()
      // k = n: the last step (the commit mark) was written, so the process "dies" after it.
      for (let k = 0; k <= n; k++) {
        const mem = new MemoryFs(FIVE)
        const before = snapshot(mem)
        mem.crashAfterWrites = k
        await run(apply(cfg()), mem, { stdin: CODEX })
        mem.restart()
        const rec = await run(recoverCommand, mem)
        expect([k, rec.exit]).toEqual([k, 0])
        const now = snapshot(mem)
        const state = JSON.stringify(now) === JSON.stringify(before) ? "before" : JSON.stringify(now) === JSON.stringify(done) ? "after" : "mixed"
        expect([k, state]).not.toEqual([k, "mixed"])
        seen.add(state)
        const temps = [...mem.entries.keys()].filter((p) => p.endsWith(".tmp"))
        expect([k, temps]).toEqual([k, []])
      }
      // Both sides of the commit mark were hit.
      expect([...seen].sort()).toEqual(["after", "before"])
    })
  })
})
