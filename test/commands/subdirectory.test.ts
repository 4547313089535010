/**
 * Agents cd constantly: every command run from a nested subdirectory must use the one workspace
 * root and its one .splice/ (journal, locks, graph), and only interpret the paths the user typed
 * from the current directory.
 */
import { describe, expect, it } from "vitest"
import { edit } from "../../src/commands/edit.js"
import { indexCommand } from "../../src/commands/graph/index.js"
import { outlineCommand } from "../../src/commands/graph/outline.js"
import { statusCommand } from "../../src/commands/graph/status.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { undo } from "../../src/commands/undo.js"
import { write } from "../../src/commands/write.js"
import { oneEdit, writeConfig } from "../support/configs.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs, run, ScriptedChecker } from "../support/memory.js"
import { txNames } from "../support/journal.js"

const IN = { cwd: "pkg/inner" }

const workspace = () =>
  new MemoryFs({
    "top.ts": "export const top = 1\n",
    "pkg/inner/x.ts": "export const x = 1\n",
    "pkg/inner/deeper/y.ts": "export const y = 1\n"
  })

const txDirs = (mem: MemoryFs) => txNames(mem).map((name) => `.splice/tx/${name}`)

describe("commands run from a nested subdirectory", () => {
  it("edit: the file is taken from the current directory, the journal lives at the root's .splice/", async () => {
    const mem = workspace()
    const r = await run(edit(oneEdit("x.ts", "x = 1", "x = 2")), mem, IN)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ file: "pkg/inner/x.ts", changed: true })
    expect(mem.text("pkg/inner/x.ts")).toBe("export const x = 2\n")
    const dirs = txDirs(mem)
    expect(dirs).toHaveLength(1)
    expect(dirs[0]).toMatch(/^\.splice\/tx\/[^/]+\.committed$/)
    expect(mem.exists("pkg/inner/.splice")).toBe(false)
  })

  it("paths relative to the subdirectory reach up and down; ../ stays inside the workspace", async () => {
    const mem = workspace()
    expect((await run(edit(oneEdit("deeper/y.ts", "y = 1", "y = 2")), mem, IN)).last["file"]).toBe("pkg/inner/deeper/y.ts")
    expect((await run(edit(oneEdit("../../top.ts", "top = 1", "top = 2")), mem, IN)).last["file"]).toBe("top.ts")
    expect(mem.text("top.ts")).toBe("export const top = 2\n")
    const out = await run(edit(oneEdit("../../../etc/passwd", "a", "b")), mem, IN)
    expect(out.error?.code).toBe("SPL-E061")
  })

  it("undo from the subdirectory and from the root see the same history", async () => {
    const mem = workspace()
    await run(edit(oneEdit("x.ts", "x = 1", "x = 2")), mem, IN)
    await run(edit(oneEdit("x.ts", "x = 2", "x = 3")), mem, IN)
    const fromSub = await run(undo({ lockTimeoutMs: 200 }), mem, IN)
    expect(fromSub.exit).toBe(0)
    expect(fromSub.last["files"]).toEqual([expect.objectContaining({ file: "pkg/inner/x.ts", action: "restored" })])
    expect(mem.text("pkg/inner/x.ts")).toBe("export const x = 2\n")
    const fromRoot = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(fromRoot.exit).toBe(0)
    expect(mem.text("pkg/inner/x.ts")).toBe("export const x = 1\n")
  })

  it("a crash mid-edit in the subdirectory is recovered from the root", async () => {
    const mem = workspace()
    // Journal writes succeed (orig, intent), then the process dies right after writing the target.
    mem.crashWhen = (op, p) => op === "write" && p === "pkg/inner/x.ts"
    await run(edit(oneEdit("x.ts", "x = 1", "x = 2")), mem, IN).catch(() => undefined)
    mem.restart()
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(0)
    expect(mem.text("pkg/inner/x.ts")).toBe("export const x = 1\n")
    expect(JSON.stringify(r.last)).toContain("pkg/inner/x.ts")
  })

  it("write creates the file beside the current directory and journals it at the root", async () => {
    const mem = workspace()
    const r = await run(write(writeConfig("new.ts", "export const n = 1\n", { create: true })), mem, IN)
    expect(r.exit).toBe(0)
    expect(mem.text("pkg/inner/new.ts")).toBe("export const n = 1\n")
    expect(txDirs(mem)).toHaveLength(1)
  })

  it("a compiler-gate failure from the subdirectory really rolls back, and the gate gets the workspace path", async () => {
    const mem = workspace()
    const seen: string[] = []
    const checker = new ScriptedChecker(mem, {
      tool: "tsc",
      extensions: [".ts"],
      check: (read, files) => {
        seen.push(...files)
        return /x = "/.test(read("pkg/inner/x.ts") ?? "")
          ? [{ tool: "tsc", file: "pkg/inner/x.ts", line: 1, column: 14, code: "TS2322", severity: "error", message: "Type 'string' is not assignable." }]
          : []
      }
    })
    const r = await run(edit(oneEdit("x.ts", "x = 1", "x = \"1\"", { compiler: { mode: "auto", require: false, timeoutMs: 1000 } })), mem, { ...IN, checker })
    expect(r.error?.code).toBe("SPL-E043")
    expect(seen).toContain("pkg/inner/x.ts")
    expect(mem.text("pkg/inner/x.ts")).toBe("export const x = 1\n")
  })

  it("graph: index from the subdirectory covers the whole workspace; status and outline work there", async () => {
    const mem = workspace()
    const saved = new SavedGraph()
    const idx = await runGraph(indexCommand(false), mem, saved, IN)
    expect(idx.exit).toBe(0)
    const status = await runGraph(statusCommand, mem, saved, IN)
    expect(status.exit).toBe(0)
    expect(status.last).toMatchObject({ indexed_files: 3, unindexed: [] })
    const outline = await runGraph(outlineCommand("x.ts"), mem, saved, IN)
    expect(outline.exit).toBe(0)
    expect(JSON.stringify(outline.lines)).toContain("pkg/inner/x.ts")
  })
})
