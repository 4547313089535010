/** `splice edit --fuzzy`: the tolerant tiers of `splice apply` for plain edits, never a guess. */
import { describe, expect, it } from "vitest"
import { edit } from "../../src/commands/edit.js"
import { editConfig, oneEdit } from "../support/configs.js"
import { MemoryFs, run } from "../support/memory.js"

describe("splice edit --fuzzy", () => {
  it("is off by default: a whitespace slip is SPL-E071 naming the difference", async () => {
    const mem = new MemoryFs({ "m.py": "def f():\n\treturn 1\n" })
    const r = await run(edit(oneEdit("m.py", "def f():\n    return 1", "def f():\n    return 2")), mem)
    expect(r.error?.code).toBe("SPL-E071")
    expect(r.error?.hint).toMatch(/tabs/)
  })

  it("matches ignoring indentation and writes the file's own indentation", async () => {
    const mem = new MemoryFs({ "m.py": "def f():\n\treturn 1\n" })
    const r = await run(edit(oneEdit("m.py", "def f():\n    return 1", "def f():\n    return 2", { fuzzy: true })), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("m.py")).toBe("def f():\n\treturn 2\n")
    expect(r.last).toMatchObject({ replacements: 1, matched_with: ["indentation"], edits: [{ edit: 1, matched_with: "indentation", already_applied: false }] })
  })

  it("curly quotes in the model's copy still find the one line (the matched line's trailing spaces go with it)", async () => {
    const mem = new MemoryFs({ "a.ts": "const s = \"it's\";   \r\nconst t = 1;\r\n" })
    const r = await run(edit(oneEdit("a.ts", "const s = \u201cit\u2019s\u201d;", "const s = \"its\";", { fuzzy: true })), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("a.ts")).toBe("const s = \"its\";\r\nconst t = 1;\r\n")
    expect(r.last["matched_with"]).toEqual(["unicode"])
  })

  it("two tolerant matches are ambiguous (SPL-E072), never a guess", async () => {
    const mem = new MemoryFs({ "a.py": "if a:\n    x = 1\nif b:\n\tx = 1\n" })
    const r = await run(edit(oneEdit("a.py", "x = 1  ", "x = 2", { fuzzy: true })), mem)
    expect(r.error?.code).toBe("SPL-E072")
    expect(mem.text("a.py")).toBe("if a:\n    x = 1\nif b:\n\tx = 1\n")
  })

  it("an exact match wins over looser ones, and a retry is already applied with evidence", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    const cfg = editConfig({ file: "a.ts", edits: [{ old: "let x = 1", new: "let x = 2" }], fuzzy: true })
    expect((await run(edit(cfg), mem)).last["matched_with"]).toEqual(["exact"])
    const again = await run(edit(cfg), mem)
    expect(again.last).toMatchObject({ changed: false, already_applied: true })
  })
})
