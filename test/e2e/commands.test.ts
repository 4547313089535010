import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, type Result, runSync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const TS = "export function add(a: number, b: number): number {\r\n\treturn a + b\r\n}\r\n"
const hasB3sum = spawnSync("b3sum", ["--version"]).status === 0

describe.each(runtimes)("the built CLI under $name", (rt) => {
  let ws: string
  const run = (args: string[], input?: string, env?: Record<string, string>): Result =>
    runSync(rt, args, { cwd: ws, ...(input !== undefined ? { input } : {}), ...(env ? { env } : {}) })
  const file = (p: string) => fs.readFileSync(path.join(ws, p), "utf8")

  beforeEach(() => {
    ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    fs.writeFileSync(path.join(ws, "a.ts"), TS)
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("edit: success keeps CRLF and tabs; exit 0 with the result as the last line", () => {
    const r = run(["edit", "--file", "a.ts", "--replace-old", "return a + b", "--replace-new", "return a + b + 1", "--diff"])
    expect(r.code).toBe(0)
    expect(r.last).toMatchObject({ type: "result", command: "edit", ok: true, changed: true, line_ending: "crlf" })
    expect(String(r.last["diff"])).toContain("+\treturn a + b + 1")
    expect(file("a.ts")).toBe(TS.replace("return a + b", "return a + b + 1"))
    expect(r.stdout.trim().split("\n")).toHaveLength(1)
  })

  it("edit: preview (-n, --dry-run) writes nothing", () => {
    for (const flag of ["--preview", "-n", "--dry-run"]) {
      const r = run(["edit", flag, "--file", "a.ts", "--replace-old", "a + b", "--replace-new", "a * b"])
      expect(r.code).toBe(0)
      expect(r.last).toMatchObject({ preview: true, would_change: true })
    }
    expect(file("a.ts")).toBe(TS)
  })

  it("edit: exit codes 6 (not found, ambiguous), 5 (syntax), 4 (missing), 8 (outside), 7 (stale checksum), 2 (usage)", () => {
    const codes = [
      [["edit", "--file", "a.ts", "--replace-old", "return a - b", "--replace-new", "x"], 6, "SPL-E071"],
      [["edit", "--file", "a.ts", "--replace-old", "number", "--replace-new", "int"], 6, "SPL-E072"],
      [["edit", "--file", "a.ts", "--replace-old", "a + b", "--replace-new", "a + (b"], 5, "SPL-E042"],
      [["edit", "--file", "nope.ts", "--replace-old", "a", "--replace-new", "b"], 4, "SPL-E020"],
      [["edit", "--file", "../etc/passwd", "--replace-old", "a", "--replace-new", "b"], 8, "SPL-E061"],
      [["edit", "--file", "a.ts", "--replace-old", "a + b", "--replace-new", "b", "--expect-checksum", "0".repeat(64)], 7, "SPL-E031"],
      [["edit", "--file", "a.ts", "--replace-old", "", "--replace-new", "b"], 2, "SPL-E011"],
      [["edit", "--file", "a.ts", "--replace-old", "a"], 2, "SPL-E010"],
      [["edit", "--file", "a.ts", "--no-such-flag"], 2, "SPL-E010"]
    ] as const
    for (const [args, exit, code] of codes) {
      const r = run([...args])
      expect([args.join(" "), r.code, r.last["code"], r.last["exit"]]).toEqual([args.join(" "), exit, code, exit])
    }
    expect(file("a.ts")).toBe(TS)
  })

  it("a misspelt command or flag is SPL-E010 (exit 2) naming the commands or flags it is close to", () => {
    const r = run(["edti", "--file", "a.ts"])
    expect([r.code, r.last["code"], r.last["hint"], (r.last["context"] as Record<string, unknown>)["candidates"]]).toEqual([2, "SPL-E010", "Did you mean splice edit?", ["edit"]])
    // A misspelt flag: the command's flags it is close to; none when nothing is close.
    const flag = run(["edit", "--file", "a.ts", "--replace-old", "add", "--replce-new", "sum"])
    expect([flag.code, flag.last["code"], flag.last["context"]]).toEqual([2, "SPL-E010", { kind: "InvalidValue", flag: "--replce-new", candidates: ["--replace-new", "--replace-all", "--replace-old"] }])
    expect(flag.last["hint"]).toBe("Did you mean --replace-new or --replace-all or --replace-old? (splice edit --help lists its flags)")
    expect(run(["edit", "--file", "a.ts", "--bogus"]).last["hint"]).toBe("Run the command with --help to see its flags.")
    expect(file("a.ts")).toBe(TS)
  })

  it("edit: --old-file/--new-file (stdin too) and --edits", () => {
    fs.writeFileSync(path.join(ws, "old.txt"), "\treturn a + b\n")
    const r = run(["edit", "--file", "a.ts", "--old-file", "old.txt", "--new-file", "-"], "\treturn b + a\n")
    expect(r.code).toBe(0)
    expect(file("a.ts")).toContain("\treturn b + a\r\n")
    fs.writeFileSync(path.join(ws, "edits.json"), JSON.stringify([{ old: "add", new: "sum" }, { old: "b + a", new: "a + b" }]))
    expect(run(["edit", "--file", "a.ts", "--edits", "edits.json"]).code).toBe(0)
    expect(file("a.ts")).toBe(TS.replace("add", "sum"))
    const bad = run(["edit", "--file", "a.ts", "--edits", "-"], "[{\"old\": 1}]")
    expect([bad.code, bad.last["code"]]).toEqual([2, "SPL-E053"])
  })

  it("edit: binary targets are refused with exit 8", () => {
    fs.writeFileSync(path.join(ws, "b.bin"), Buffer.from([1, 0, 2]))
    const r = run(["edit", "--file", "b.bin", "--replace-old", "a", "--replace-new", "b"])
    expect([r.code, r.last["code"]]).toEqual([8, "SPL-E063"])
  })

  it("write: stdin, --create refusal, empty refusal", () => {
    expect(run(["write", "--file", "n.py"], "x = 1\n").code).toBe(0)
    expect(file("n.py")).toBe("x = 1\n")
    const again = run(["write", "--file", "n.py", "--create"], "x = 2\n")
    expect([again.code, again.last["code"]]).toEqual([7, "SPL-E033"])
    const empty = run(["write", "--file", "n.py"], "")
    expect([empty.code, empty.last["code"]]).toEqual([2, "SPL-E012"])
    expect(run(["write", "--file", "a.ts", "--content", "export const x = 1\n"]).code).toBe(0)
    expect(file("a.ts")).toBe("export const x = 1\r\n")
  })

  it("read: range, numbering and checksum", () => {
    const r = run(["read", "--file", "a.ts", "--lines", "2:2", "--numbered"])
    expect(r.code).toBe(0)
    expect(r.last).toMatchObject({ content: "2\t\treturn a + b\r\n", total_lines: 3 })
    const h = run(["hash", "a.ts"])
    expect(r.last["checksum"]).toBe(h.lines[0]!["checksum"])
  })

  it.skipIf(!hasB3sum)("hash: human output is byte-identical to b3sum, escaping newlines and backslashes in names", () => {
    fs.writeFileSync(path.join(ws, "e.txt"), "")
    const odd = ["new\nline.txt", "back\\slash.txt", "cr\rname.txt"]
    for (const n of odd) fs.writeFileSync(path.join(ws, n), n)
    const ours = run(["hash", "a.ts", "e.txt", ...odd, "--output", "human"])
    const theirs = spawnSync("b3sum", ["a.ts", "e.txt", ...odd], { cwd: ws, encoding: "utf8" })
    expect(theirs.stdout).toContain("new\\nline.txt")
    expect(ours.code).toBe(0)
    expect(ours.stdout).toBe(theirs.stdout)
  })

  it("hash --verify: 0 on a match, 7 on a mismatch", () => {
    const sum = String(run(["hash", "a.ts"]).lines[0]!["checksum"])
    expect(run(["hash", "--verify", sum, "a.ts"]).code).toBe(0)
    const bad = run(["hash", "--verify", "1".repeat(64), "a.ts"])
    expect([bad.code, bad.last["code"]]).toEqual([7, "SPL-E031"])
  })

  it("undo: reverses the last edit; a hand-edited file is a conflict (7)", () => {
    run(["edit", "--file", "a.ts", "--replace-old", "a + b", "--replace-new", "a - b"])
    const u = run(["undo"])
    expect(u.code).toBe(0)
    // The outcome line names the command that ran (it used to say "edit", the undone command).
    expect(u.last).toMatchObject({ type: "result", command: "undo", undid_command: "edit" })
    expect(file("a.ts")).toBe(TS)
    run(["edit", "--file", "a.ts", "--replace-old", "a + b", "--replace-new", "a - b"])
    fs.appendFileSync(path.join(ws, "a.ts"), "// by hand\r\n")
    const c = run(["undo"])
    expect([c.code, c.last["code"]]).toEqual([7, "SPL-E034"])
    expect(run(["undo", "nope"]).code).toBe(4)
  })

  it("history: the transactions undo can reverse, newest first", () => {
    expect(run(["history"]).last).toMatchObject({ command: "history", transactions: 0, total: 0 })
    run(["edit", "--file", "a.ts", "--replace-old", "return a + b", "--replace-new", "return b + a"])
    const h = run(["history"])
    expect(h.code).toBe(0)
    expect(h.lines[0]).toMatchObject({ type: "transaction", command: "edit", state: "committed", files: [{ file: "a.ts" }] })
    expect(run(["history", "--limit", "0"]).code).toBe(2)
  })

  it("recover: nothing to do is success", () => {
    const r = run(["recover"])
    expect(r.code).toBe(0)
    expect(r.last).toMatchObject({ command: "recover", rolled_back: 0 })
  })

  it("explain: prints the registry entry; unknown code is exit 2", () => {
    const r = run(["explain", "SPL-E072"])
    expect(r.last).toMatchObject({ code: "SPL-E072", exit: 6 })
    expect(run(["explain", "SPL-E000"]).code).toBe(2)
    expect(run(["explain", "E071", "--output", "human"]).stdout).toMatch(/^SPL-E071 text_not_found \(exit 6\)/)
  })

  it("--help exits 0 with plain text; human errors go to stderr", () => {
    const h = run(["--help"])
    expect(h.code).toBe(0)
    expect(h.stdout).toContain("Usage: splice COMMAND [OPTIONS]")
    expect(h.stdout).not.toMatch(/\u001b\[/)
    const e = run(["edit", "--file", "zz.ts", "--replace-old", "a", "--replace-new", "b", "--output", "human"])
    expect(e.code).toBe(4)
    expect(e.stdout).toBe("")
    expect(e.stderr).toMatch(/error\[SPL-E020\]/)
  })

  it("a closed pipe (| head) does not crash", () => {
    for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(ws, `f${i}.txt`), `${i}\n`)
    const files = Array.from({ length: 300 }, (_, i) => `f${i}.txt`).join(" ")
    const [cmd, argv] = rt.argv(["hash"])
    const r = spawnSync("bash", ["-c", `${[cmd, ...argv].map((a) => `'${a}'`).join(" ")} ${files} | head -1; echo "status=\${PIPESTATUS[0]}"`], { cwd: ws, encoding: "utf8" })
    expect(r.stdout).toMatch(/status=0/)
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/)
  })
})
