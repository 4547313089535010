/**
 * `write_strategy` on a real disk, under Node and Deno: a hard-linked file is rewritten in place
 * (both names see the edit, the inode is kept), and its undo restores both names; a file with one
 * name is replaced by rename (a new inode).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

describe.each(runtimes)("write_strategy under $name", (rt) => {
  let ws: string
  const at = (p: string) => path.join(ws, p)
  beforeEach(() => {
    ws = tempWorkspace("splice-strategy-")
    fs.mkdirSync(at(".git"))
    fs.writeFileSync(at("one.py"), "x = 1\n")
    fs.writeFileSync(at("linked.py"), "y = 1\n")
    fs.linkSync(at("linked.py"), at("other-name.py"))
    fs.writeFileSync(at("cfg.json"), "{\"a\": 1}\n")
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))
  const splice = (...args: string[]) => runAsync(rt, [...args, "--output", "json"], { cwd: ws })

  it("edit, write, set and apply report it, and it is what happened to the inode", async () => {
    const ino = (p: string) => fs.statSync(at(p)).ino
    const before = { one: ino("one.py"), linked: ino("linked.py") }
    expect((await splice("edit", "-f", "one.py", "--replace-old", "x = 1", "--replace-new", "x = 2")).last).toMatchObject({ write_strategy: "rename" })
    expect(ino("one.py")).not.toBe(before.one)
    expect((await splice("edit", "-f", "linked.py", "--replace-old", "y = 1", "--replace-new", "y = 2")).last).toMatchObject({ write_strategy: "inplace" })
    expect([ino("linked.py"), fs.readFileSync(at("other-name.py"), "utf8")]).toEqual([before.linked, "y = 2\n"])
    expect((await splice("write", "-f", "linked.py", "--append", "--content", "z = 3\n")).last).toMatchObject({ write_strategy: "inplace" })
    expect((await splice("set", "cfg.json", "a", "2", "--json")).last).toMatchObject({ write_strategy: "rename" })
    const patch = "*** Begin Patch\n*** Update File: linked.py\n@@\n-y = 2\n+y = 4\n*** End Patch\n"
    expect((await splice("apply", "--change-set", patch)).last).toMatchObject({ files: [{ file: "linked.py", write_strategy: "inplace" }] })
    expect(fs.readFileSync(at("other-name.py"), "utf8")).toBe("y = 4\nz = 3\n")
    for (let i = 0; i < 3; i++) expect((await splice("undo")).code).toBe(0)
    // The edit to linked.py undone in place too: both names hold the original, still one file.
    expect((await splice("undo")).code).toBe(0)
    expect([fs.readFileSync(at("linked.py"), "utf8"), fs.readFileSync(at("other-name.py"), "utf8"), ino("linked.py")]).toEqual(["y = 1\n", "y = 1\n", before.linked])
  })
})
