/** `splice write --append` / `--prepend` as built, under Node and Deno: stdin, a nested cwd, undo, kill -9 + recover. */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, runAsync, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

describe.each(runtimes)("splice write --append/--prepend under $name", (rt) => {
  let ws: string
  const at = (p: string) => path.join(ws, p)
  beforeEach(() => {
    ws = tempWorkspace("splice-append-")
    fs.mkdirSync(at(".git"))
    fs.mkdirSync(at("src/deep"), { recursive: true })
    fs.writeFileSync(at("src/deep/notes.md"), "\uFEFF# Notes\r\n\r\n- one\r\n")
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("from a nested directory, stdin appended in the file's CRLF and prepended after its BOM; undo twice restores it", async () => {
    const cwd = at("src/deep")
    const a = await runAsync(rt, ["write", "-f", "notes.md", "--append", "--output", "json"], { cwd, input: "- two\n- three\n" })
    expect(a.last, a.stderr).toMatchObject({ ok: true, file: "src/deep/notes.md", position: "append", line_ending: "crlf", conversions: ["line endings to crlf"] })
    const p = await runAsync(rt, ["write", "-f", "notes.md", "--prepend", "--content", "<!-- generated -->\n", "--output", "json"], { cwd })
    expect(p.last).toMatchObject({ ok: true, position: "prepend", conversions: ["line endings to crlf", "after the BOM"] })
    expect(fs.readFileSync(at("src/deep/notes.md"), "utf8")).toBe("\uFEFF<!-- generated -->\r\n# Notes\r\n\r\n- one\r\n- two\r\n- three\r\n")
    const both = await runAsync(rt, ["write", "-f", "notes.md", "--append", "--prepend", "--content", "x", "--output", "json"], { cwd })
    expect([both.code, both.last["code"]]).toEqual([2, "SPL-E010"])
    const empty = await runAsync(rt, ["write", "-f", "notes.md", "--append", "--output", "json"], { cwd, input: "" })
    expect([empty.code, empty.last["code"]]).toEqual([2, "SPL-E012"])
    expect((await runAsync(rt, ["undo"], { cwd })).code).toBe(0)
    expect((await runAsync(rt, ["undo"], { cwd })).code).toBe(0)
    expect(fs.readFileSync(at("src/deep/notes.md"), "utf8")).toBe("\uFEFF# Notes\r\n\r\n- one\r\n")
  })

  it("kill -9 after the append is written, before its commit: `splice recover` takes it back", async () => {
    const p = startUntil(rt, ["write", "--workspace", ws, "-f", "src/deep/notes.md", "--append", "--content", "- late\n"], { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, /test hold/)
    await p.reached
    expect(fs.readFileSync(at("src/deep/notes.md"), "utf8")).toContain("- late\r\n")
    p.child.kill("SIGKILL")
    await p.done
    const r = runSync(rt, ["recover", "--workspace", ws], { cwd: ws })
    expect(r.code).toBe(0)
    expect(r.lines.find((l) => l["type"] === "transaction")).toMatchObject({ command: "write", status: "rolled_back" })
    expect(fs.readFileSync(at("src/deep/notes.md"), "utf8")).toBe("\uFEFF# Notes\r\n\r\n- one\r\n")
  })
})
