/**
 * Every writer says how each file landed: `rename` (a new file took the name) or `inplace` (a
 * hard-linked file's own bytes rewritten, so its other names see the change). Hard links are only
 * reported by the memory disk (nlink), which is what the commands decide on; test/e2e/write-strategy
 * checks the real thing.
 */
import { describe, expect, it } from "vitest"
import { apply } from "../../src/commands/apply.js"
import { del, set } from "../../src/commands/data.js"
import { edit } from "../../src/commands/edit.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { write } from "../../src/commands/write.js"
import { oneEdit, writeConfig } from "../support/configs.js"
import { MemoryFs, run } from "../support/memory.js"

const linked = (mem: MemoryFs, p: string) => {
  const e = mem.entries.get(mem.abs(p))
  if (e?.kind === "file") e.nlink = 2
}
const data = { preview: false, showDiff: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200 }

describe("write_strategy", () => {
  it("edit, write (whole, --append), set and del: rename for a file with one name, inplace for a hard-linked one", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n", "b.py": "y = 1\n", "c.json": "{\"a\": 1}\n", "d.json": "{\"a\": 1, \"b\": 2}\n" })
    linked(mem, "b.py")
    linked(mem, "d.json")
    expect((await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)).last).toMatchObject({ changed: true, write_strategy: "rename" })
    expect((await run(edit(oneEdit("b.py", "y = 1", "y = 2")), mem)).last).toMatchObject({ changed: true, write_strategy: "inplace" })
    expect((await run(write(writeConfig("a.py", "x = 3\n")), mem)).last).toMatchObject({ write_strategy: "rename" })
    expect((await run(write(writeConfig("b.py", "y = 3\n", { position: "append" })), mem)).last).toMatchObject({ write_strategy: "inplace" })
    expect((await run(write(writeConfig("new.py", "z = 1\n", { create: true })), mem)).last).toMatchObject({ created: true, write_strategy: "rename" })
    expect((await run(set({ file: "c.json", keyPath: "a", value: "2", json: true, ...data }), mem)).last).toMatchObject({ write_strategy: "rename" })
    expect((await run(del({ file: "d.json", keyPath: "b", ...data }), mem)).last).toMatchObject({ write_strategy: "inplace" })
  })

  it("apply: per written file; a deleted file has none", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n", "b.py": "y = 1\n", "gone.py": "z = 1\n" })
    linked(mem, "b.py")
    const patch = "*** Begin Patch\n*** Update File: a.py\n@@\n-x = 1\n+x = 2\n*** Update File: b.py\n@@\n-y = 1\n+y = 2\n*** Delete File: gone.py\n*** Add File: new.py\n+n = 1\n*** End Patch\n"
    const r = await run(apply({ input: "-", format: "auto", preview: false, showDiff: false, exact: false, expectChecksums: [], validate: "syntax", maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200 }), mem, { stdin: patch })
    expect(r.exit).toBe(0)
    const files = Object.fromEntries((r.last["files"] as Array<Record<string, unknown>>).map((f) => [f["file"], f["write_strategy"]]))
    expect(files).toEqual({ "a.py": "rename", "b.py": "inplace", "gone.py": undefined, "new.py": "rename" })
  })
})
