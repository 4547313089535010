/** The built CLI: `splice edit` by position (one run per mode) and `splice history --file/--stats`, under Node and Deno. */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, logicRuntimes, runSync, tempWorkspace, type Result } from "./harness.js"

beforeAll(() => ensureBuilt())

const PY = "def f():\r\n    return 1\r\n\r\ndef g():\r\n    return 2\r\n"

describe.each(logicRuntimes)("positional edits under $name", (rt) => {
  let ws: string
  const run = (args: string[], input?: string): Result => runSync(rt, args, { cwd: ws, ...(input !== undefined ? { input } : {}) })
  const file = () => fs.readFileSync(path.join(ws, "m.py"), "utf8")

  beforeEach(() => {
    ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    fs.writeFileSync(path.join(ws, "m.py"), PY)
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("--after-line N inserts below line N (CRLF kept)", () => {
    const r = run(["edit", "--file", "m.py", "--after-line", "1", "--replace-new", "    x = 0"])
    expect([r.code, r.last["mode"], r.last["lines"]]).toEqual([0, "after_line", { from: 2, to: 2 }])
    expect(file()).toBe(PY.replace("def f():\r\n", "def f():\r\n    x = 0\r\n"))
  })

  it("--before-line N inserts above line N, the lines read from stdin", () => {
    const r = run(["edit", "--file", "m.py", "--before-line", "4", "--new-file", "-"], "# g\n")
    expect([r.code, r.last["mode"], r.last["lines"]]).toEqual([0, "before_line", { from: 4, to: 4 }])
    expect(file()).toBe(PY.replace("def g", "# g\r\ndef g"))
  })

  it("--after TEXT inserts below the line where the unique anchor ends", () => {
    const r = run(["edit", "--file", "m.py", "--after", "return 2", "--replace-new", "\n\ndef h():\n    return 3"])
    expect([r.code, r.last["mode"]]).toEqual([0, "after"])
    expect(file()).toBe(PY + "\r\n\r\ndef h():\r\n    return 3\r\n")
  })

  it("--before TEXT inserts above the line where the unique anchor starts; an ambiguous anchor is exit 6", () => {
    const amb = run(["edit", "--file", "m.py", "--before", "return", "--replace-new", "    pass"])
    expect([amb.code, amb.last["code"], (amb.last["context"] as { lines: number[] }).lines]).toEqual([6, "SPL-E072", [2, 5]])
    const r = run(["edit", "--file", "m.py", "--before", "def g", "--replace-new", "@cache"])
    expect([r.code, r.last["mode"], r.last["lines"]]).toEqual([0, "before", { from: 4, to: 4 }])
    expect(file()).toBe(PY.replace("def g", "@cache\r\ndef g"))
  })

  it("--lines A:B with --replace-old replaces those lines, and refuses when they hold something else", () => {
    const bad = run(["edit", "--file", "m.py", "--lines", "4:5", "--replace-old", "def f():", "--replace-new", "x"])
    expect([bad.code, bad.last["code"], (bad.last["context"] as { reason: string }).reason]).toEqual([6, "SPL-E071", "old_mismatch"])
    const r = run(["edit", "--file", "m.py", "--lines", "4:5", "--replace-old", "def g():\n    return 2", "--replace-new", "g = lambda: 2"])
    expect([r.code, r.last["mode"], r.last["lines"]]).toEqual([0, "lines", { from: 4, to: 4 }])
    expect(file()).toBe("def f():\r\n    return 1\r\n\r\ng = lambda: 2\r\n")
  })

  it("--delete-lines A:B removes them; out of range is exit 6 with the line count; two modes are a usage error", () => {
    const out = run(["edit", "--file", "m.py", "--delete-lines", "5:6"])
    expect([out.code, out.last["code"], (out.last["context"] as { line_count: number }).line_count]).toEqual([6, "SPL-E120", 5])
    const both = run(["edit", "--file", "m.py", "--delete-lines", "1:2", "--after-line", "1", "--replace-new", "x"])
    expect([both.code, both.last["code"]]).toEqual([2, "SPL-E010"])
    expect(String(both.last["message"])).toContain("cannot be combined")
    const r = run(["edit", "--file", "m.py", "--delete-lines", "3:5"])
    expect([r.code, r.last["mode"], r.last["lines"]]).toEqual([0, "delete_lines", { from: 3, to: 5 }])
    expect(file()).toBe("def f():\r\n    return 1\r\n")
    expect(run(["undo"]).code).toBe(0)
    expect(file()).toBe(PY)
  })

  it("history --file lists that file's transactions; --stats sums the journal up", () => {
    fs.writeFileSync(path.join(ws, "other.py"), "y = 1\n")
    expect(run(["edit", "--file", "m.py", "--after-line", "0", "--replace-new", "# top"]).code).toBe(0)
    expect(run(["edit", "--file", "other.py", "--replace-old", "y = 1", "--replace-new", "y = 2"]).code).toBe(0)
    const h = run(["history", "--file", "m.py"])
    expect(h.code).toBe(0)
    expect(h.lines.filter((l) => l["type"] === "transaction").map((l) => (l["files"] as Array<{ file: string }>)[0]!.file)).toEqual(["m.py"])
    expect(h.last).toMatchObject({ file: "m.py", total: 1 })
    const s = run(["history", "--stats"])
    expect(s.last).toMatchObject({ ok: true, stats: true, total: 2, states: { committed: 2 }, quarantined: 0 })
    expect(s.last["bytes"]).toBeGreaterThan(PY.length)
  })
})
