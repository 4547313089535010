/** What results say of a file's line endings: what `splice stat` says (mixed included), the dominant style beside a mixed one. */
import { describe, expect, it } from "vitest"
import { edit } from "../../src/commands/edit.js"
import { read } from "../../src/commands/read.js"
import { stat } from "../../src/commands/stat.js"
import { write } from "../../src/commands/write.js"
import { lineEndingReport } from "../../src/domain/lineEndings.js"
import { oneEdit, writeConfig } from "../support/configs.js"
import { MemoryFs, run } from "../support/memory.js"

describe("line_ending in results", () => {
  it("a mostly-LF file with one CRLF line: edit, read and stat all say mixed; the dominant style is beside it", async () => {
    const mem = new MemoryFs({ "m.py": "a = 1\r\nb = 2\nc = 3\nd = 4\n" })
    const s = await run(stat({ files: ["m.py"] }), mem)
    expect(s.lines.find((l) => l["type"] === "stat")).toMatchObject({ line_ending: "mixed" })
    const e = await run(edit(oneEdit("m.py", "c = 3", "c = 33")), mem)
    expect(e.last).toMatchObject({ changed: true, line_ending: "mixed", line_ending_dominant: "lf" })
    // Text given with \n went in as the dominant style: the file has the same endings as before.
    expect(mem.text("m.py")).toBe("a = 1\r\nb = 2\nc = 33\nd = 4\n")
    const r = await run(read({ file: "m.py", numbered: false, maxBytes: 1 << 20 }), mem)
    expect(r.last).toMatchObject({ line_ending: "mixed", line_ending_dominant: "lf" })
    // A tie (one of each) is still mixed; the dominant style is CRLF then, as the edit uses.
    mem.put("t.py", "a = 1\r\nb = 2\n")
    expect((await run(edit(oneEdit("t.py", "b = 2", "b = 3")), mem)).last).toMatchObject({ line_ending: "mixed", line_ending_dominant: "crlf" })
  })

  it("says what the file is once written: an edit that removes the only CRLF line leaves an LF file", async () => {
    const mem = new MemoryFs({ "m.py": "a = 1\r\nb = 2\nc = 3\n" })
    const e = await run(edit(oneEdit("m.py", "a = 1\r\n", "")), mem)
    expect(e.last).toMatchObject({ changed: true, line_ending: "lf" })
    expect(e.last["line_ending_dominant"]).toBeUndefined()
    const w = await run(write(writeConfig("m.py", "x = 1\r\ny = 2\n", { raw: true })), mem)
    expect(w.last).toMatchObject({ line_ending: "mixed", line_ending_dominant: "crlf" })
  })

  it("lineEndingReport: one style, none, or mixed with the dominant one (ties: CRLF, then LF)", () => {
    expect(lineEndingReport("a\nb\n")).toEqual({ line_ending: "lf" })
    expect(lineEndingReport("a\r\n")).toEqual({ line_ending: "crlf" })
    expect(lineEndingReport("a")).toEqual({ line_ending: "none" })
    expect(lineEndingReport("a\rb\rc\n")).toEqual({ line_ending: "mixed", line_ending_dominant: "cr" })
    expect(lineEndingReport("a\nb\rc\r\n")).toEqual({ line_ending: "mixed", line_ending_dominant: "crlf" })
  })
})
