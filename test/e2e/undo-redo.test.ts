/**
 * Undo, redo (undo of the undo) and undo again, as built, under Node and Deno, run from a nested
 * directory: plain undo after a redo reverses the edit (it used to say "nothing to undo"), history
 * says what is in effect, an undo of what is not in effect is SPL-E147, and an edit of a mixed-ending
 * file says `mixed`.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

describe.each(runtimes)("undo and redo under $name", (rt) => {
  const ws = tempWorkspace("splice-undo-redo-")
  fs.mkdirSync(path.join(ws, ".git"))
  fs.mkdirSync(path.join(ws, "src", "deep"), { recursive: true })
  const cwd = path.join(ws, "src", "deep")
  const file = path.join(cwd, "f.py")
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))
  const run = (...args: string[]) => runAsync(rt, [...args, "--output", "json"], { cwd })

  it("edit, undo, redo, then plain undo reverses the edit; history and the disk agree", async () => {
    fs.writeFileSync(file, "a = 1\r\nb = 2\nc = 3\n")
    const e = await run("edit", "--file", "f.py", "--replace-old", "b = 2", "--replace-new", "b = 22")
    expect(e.last, e.stderr).toMatchObject({ ok: true, line_ending: "mixed", line_ending_dominant: "lf" })
    const u = await run("undo")
    const r = await run("undo", String(u.last["tx"]))
    expect(r.last, r.stderr).toMatchObject({ ok: true, undid: u.last["tx"], origin: e.last["tx"], effect: "redo" })
    expect(fs.readFileSync(file, "utf8")).toBe("a = 1\r\nb = 22\nc = 3\n")
    const h = await run("history")
    const states = Object.fromEntries(h.lines.filter((l) => l["type"] === "transaction").map((l) => [l["tx"], l["state"]]))
    expect(states).toEqual({ [String(e.last["tx"])]: "committed", [String(u.last["tx"])]: "undone", [String(r.last["tx"])]: "committed" })
    const again = await run("undo")
    expect(again.last, again.stderr).toMatchObject({ ok: true, undid: r.last["tx"], origin: e.last["tx"], effect: "undo" })
    expect(fs.readFileSync(file, "utf8")).toBe("a = 1\r\nb = 2\nc = 3\n")
    const stale = await run("undo", String(r.last["tx"]))
    expect(stale.code).toBe(7)
    expect(stale.last).toMatchObject({ code: "SPL-E147", context: { tx: r.last["tx"], head: again.last["tx"] } })
    const none = await run("undo")
    expect([none.code, none.last["code"]]).toEqual([4, "SPL-E022"])
  }, 120_000)
})
