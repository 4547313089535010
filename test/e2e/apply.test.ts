/**
 * `splice apply` as a real process under Node and Deno: a 5-file Codex patch (two updates, one of a
 * CRLF file; an added file in a new directory; a deletion; a move with a change) lands whole, undo
 * takes all of it back, and a signal or kill -9 between the writes and the commit leaves every file
 * all-before. One git workspace per runtime, put back to its baseline before each test.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, runAsync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const BASE: Record<string, string> = {
  "src/a.ts": "export const a = 1\nexport const name = \"a\"\n",
  "src/b.ts": "import { a } from \"./a\"\r\nexport const b = a + 1\r\n", // CRLF
  "src/old.ts": "export const old = true\n",
  "src/move-me.ts": "export const m = 1\n",
  "pkg/inner/x.ts": "import { a } from \"../../src/a\"\n\nexport const x = a * 2\n"
}

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

/** The tree CODEX leaves. */
const AFTER: Record<string, string> = {
  "src/a.ts": "export const a = 2\nexport const name = \"a\"\n",
  "src/b.ts": "import { a } from \"./a\"\r\nexport const b = a + 10\r\n",
  "src/lib/c.ts": "export const c = 3\n",
  "src/moved.ts": "export const m = 2\n",
  "pkg/inner/x.ts": BASE["pkg/inner/x.ts"]!
}

const HOLD = /test hold/
const TEMP = /\.splice-.*\.tmp$/

const git = (cwd: string, ...args: string[]) => {
  const r = spawnSync("git", ["-c", "user.name=splice", "-c", "user.email=splice@example.invalid", "-c", "core.autocrlf=false", ...args], { cwd, encoding: "utf8" })
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`)
  return r.stdout
}

describe.each(runtimes)("splice apply under $name", (rt) => {
  let ws: string
  let patches: string // change-set files live outside the workspace
  const run = (args: ReadonlyArray<string>, options: { input?: string; env?: Record<string, string>; cwd?: string } = {}) =>
    runAsync(rt, [...args, "--output", "json"], { cwd: options.cwd ?? ws, ...(options.input !== undefined ? { input: options.input } : {}), ...(options.env ? { env: options.env } : {}) })
  const apply = (args: ReadonlyArray<string> = [], options: { input?: string; env?: Record<string, string>; cwd?: string } = {}) =>
    run(["apply", "--workspace", ws, ...args], options)

  /** Every file and directory outside .git and .splice: files by content, directories as "<dir>". */
  const tree = (): Record<string, string> => {
    const out: Record<string, string> = {}
    const walk = (rel: string) => {
      for (const e of fs.readdirSync(path.join(ws, rel), { withFileTypes: true })) {
        const p = rel === "" ? e.name : `${rel}/${e.name}`
        if (p === ".git" || p === ".splice") continue
        if (e.isDirectory()) {
          out[p] = "<dir>"
          walk(p)
        } else out[p] = fs.readFileSync(path.join(ws, p), "utf8")
      }
    }
    walk("")
    return out
  }
  const withDirs = (files: Record<string, string>) => {
    const out: Record<string, string> = { ...files }
    for (const f of Object.keys(files)) for (let d = path.posix.dirname(f); d !== "."; d = path.posix.dirname(d)) out[d] = "<dir>"
    return out
  }
  const ALL_BEFORE = withDirs(BASE)
  const ALL_AFTER = withDirs(AFTER)

  beforeAll(() => {
    ws = tempWorkspace("splice-apply-e2e-")
    patches = tempWorkspace("splice-apply-patches-")
    for (const [f, text] of Object.entries(BASE)) {
      fs.mkdirSync(path.dirname(path.join(ws, f)), { recursive: true })
      fs.writeFileSync(path.join(ws, f), text)
    }
    git(ws, "init", "-q")
    git(ws, "add", "-A")
    git(ws, "commit", "-q", "-m", "baseline")
  })
  beforeEach(() => {
    // Back to the committed baseline: tracked files restored, anything else (new dirs, temps) gone.
    git(ws, "reset", "-q", "--hard")
    git(ws, "clean", "-q", "-fdx", "-e", ".splice")
    expect(tree()).toEqual(ALL_BEFORE)
  })
  afterAll(() => {
    fs.rmSync(ws, { recursive: true, force: true })
    fs.rmSync(patches, { recursive: true, force: true })
  })

  it("a 5-file Codex patch lands whole; history lists it; undo restores every file and removes the new directory", async () => {
    const r = await apply([], { input: CODEX })
    expect(r.code).toBe(0)
    expect(r.last).toMatchObject({ type: "result", command: "apply", ok: true, format: "codex", changed: true, created_directories: ["src/lib"] })
    const files = r.last["files"] as Array<Record<string, unknown>>
    expect(files.map((f) => [f["file"], f["action"], f["from"]])).toEqual([
      ["src/a.ts", "update", undefined],
      ["src/b.ts", "update", undefined],
      ["src/lib/c.ts", "add", undefined],
      ["src/old.ts", "delete", undefined],
      ["src/moved.ts", "move", "src/move-me.ts"]
    ])
    expect(files[1]).toMatchObject({ line_ending: "crlf" })
    expect(tree()).toEqual(ALL_AFTER)

    const h = await run(["history", "--workspace", ws])
    const listed = h.lines.filter((l) => l["type"] === "transaction")
    expect(listed[0]).toMatchObject({ tx: r.last["tx"], command: "apply", state: "committed" })
    expect((listed[0]!["files"] as Array<Record<string, unknown>>).map((f) => f["file"]).sort()).toEqual(
      ["src/a.ts", "src/b.ts", "src/lib/c.ts", "src/move-me.ts", "src/moved.ts", "src/old.ts"]
    )

    const u = await run(["undo", "--workspace", ws, String(r.last["tx"])])
    expect(u.code).toBe(0)
    expect(u.last).toMatchObject({ command: "undo", undid: r.last["tx"], undid_command: "apply", removed_directories: ["src/lib"] })
    expect(tree()).toEqual(ALL_BEFORE) // the CRLF file byte for byte, old.ts and move-me.ts back, src/lib gone
  })

  for (const [signal, exit] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    it(`${signal} between the writes and the commit: exit ${exit}, every file all-before, nothing pending`, async () => {
      fs.writeFileSync(path.join(patches, "codex.patch"), CODEX)
      const p = startUntil(rt, ["apply", "--workspace", ws, path.join(patches, "codex.patch")], { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, HOLD)
      await p.reached
      expect(tree()).toEqual(ALL_AFTER) // every file written, nothing committed
      p.child.kill(signal)
      const r = await p.done
      expect(r.code).toBe(exit)
      expect(r.last).toMatchObject({ type: "error", code: "SPL-E130", exit })
      expect(tree()).toEqual(ALL_BEFORE)
      const rec = await run(["recover", "--workspace", ws])
      expect(rec.last).toMatchObject({ command: "recover", ok: true, rolled_back: 0, transactions: [] })
    })
  }

  it("kill -9 between the writes and the commit, then `splice recover`: all-before, no temp files, the new directory gone", async () => {
    fs.writeFileSync(path.join(patches, "codex.patch"), CODEX)
    const p = startUntil(rt, ["apply", "--workspace", ws, path.join(patches, "codex.patch")], { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, HOLD)
    await p.reached
    p.child.kill("SIGKILL")
    expect((await p.done).signal).toBe("SIGKILL")
    expect(tree()).toEqual(ALL_AFTER) // what the kill left: written, not committed
    const rec = await run(["recover", "--workspace", ws])
    expect(rec.code).toBe(0)
    const tx = rec.lines.find((l) => l["type"] === "transaction")
    expect(tx).toMatchObject({ command: "apply", status: "rolled_back" })
    expect((tx!["files"] as Array<Record<string, unknown>>).map((f) => [f["file"], f["action"]]).sort()).toEqual([
      ["src/a.ts", "restored"],
      ["src/b.ts", "restored"],
      ["src/lib/c.ts", "removed"],
      ["src/move-me.ts", "restored"],
      ["src/moved.ts", "removed"],
      ["src/old.ts", "restored"]
    ])
    const now = tree()
    expect(Object.keys(now).filter((p) => TEMP.test(p))).toEqual([])
    expect(now["src/lib"]).toBeUndefined()
    expect(now).toEqual(ALL_BEFORE)
  })

  it("from a nested subdirectory, a `git diff` (paths from the repository root) applies at the root", async () => {
    // Make the change by hand, let real git describe it (rename, new file in a new dir, deletion), undo it.
    fs.writeFileSync(path.join(ws, "pkg/inner/x.ts"), BASE["pkg/inner/x.ts"]!.replace("a * 2", "a * 3"))
    fs.renameSync(path.join(ws, "src/move-me.ts"), path.join(ws, "src/renamed.ts"))
    fs.mkdirSync(path.join(ws, "src/gen"))
    fs.writeFileSync(path.join(ws, "src/gen/made.ts"), "export const made = 1\n")
    fs.rmSync(path.join(ws, "src/old.ts"))
    const wanted = tree()
    const cwd = path.join(ws, "pkg/inner")
    git(cwd, "add", "-A")
    const diff = git(cwd, "diff", "--cached", "-M")
    expect(diff).toContain("rename from src/move-me.ts")
    git(ws, "reset", "-q", "--hard")
    git(ws, "clean", "-q", "-fdx", "-e", ".splice")
    expect(tree()).toEqual(ALL_BEFORE)

    const r = await run(["apply"], { cwd, input: diff }) // no --workspace: the git root is found
    expect(r.code).toBe(0)
    expect(r.last).toMatchObject({ format: "udiff", changed: true, created_directories: ["src/gen"] })
    expect(tree()).toEqual(wanted)
    expect(fs.existsSync(path.join(cwd, "src"))).toBe(false) // nothing landed under the current directory
  })

  it("the change set through a stdin pipe and as a file argument (relative to the current directory)", async () => {
    // "-" before the options: @effect/cli alone would stop reading options there (src/spec/argv.ts).
    const piped = await runAsync(rt, ["apply", "-", "--workspace", ws, "--output", "json"], { cwd: ws, input: CODEX })
    expect([piped.code, piped.last["format"]]).toEqual([0, "codex"])
    expect(tree()).toEqual(ALL_AFTER)
    expect((await run(["undo", "--workspace", ws])).code).toBe(0)
    expect(tree()).toEqual(ALL_BEFORE)

    fs.writeFileSync(path.join(patches, "change.patch"), CODEX)
    const fromFile = await apply([path.relative(ws, path.join(patches, "change.patch"))])
    expect([fromFile.code, fromFile.last["format"]]).toEqual([0, "codex"])
    expect(tree()).toEqual(ALL_AFTER)
  })

  it("--preview writes nothing and prints the combined diff", async () => {
    const historyBefore = (await run(["history", "--workspace", ws])).last["total"]
    const r = await apply(["--preview"], { input: CODEX })
    expect(r.code).toBe(0)
    expect(r.last).toMatchObject({ preview: true, changed: false, would_change: true, would_succeed: true, tx: null })
    const diff = String(r.last["diff"])
    for (const header of ["--- a/src/a.ts\n+++ b/src/a.ts", "--- a/src/b.ts\n+++ b/src/b.ts", "--- /dev/null\n+++ b/src/lib/c.ts", "--- a/src/old.ts\n+++ /dev/null", "--- a/src/move-me.ts\n+++ b/src/moved.ts"]) {
      expect(diff).toContain(header)
    }
    expect(diff).toContain("-export const a = 1\n+export const a = 2\n")
    const human = await runAsync(rt, ["apply", "--workspace", ws, "--preview", "--output", "human"], { cwd: ws, input: CODEX })
    expect(human.code).toBe(0)
    expect(human.stdout).toContain("--- /dev/null\n+++ b/src/lib/c.ts\n")
    expect(human.stdout).toContain("+export const b = a + 10")
    expect(tree()).toEqual(ALL_BEFORE)
    expect((await run(["history", "--workspace", ws])).last["total"]).toBe(historyBefore)
  })

  it("invalid input is SPL-E051, exit 2, naming the line; nothing written", async () => {
    const bad = CODEX.replace("*** Delete File: src/old.ts", "*** Remove File: src/old.ts")
    const line = bad.split("\n").indexOf("*** Remove File: src/old.ts") + 1
    const r = await apply([], { input: bad })
    expect(r.code).toBe(2)
    expect(r.last).toMatchObject({ type: "error", code: "SPL-E051", exit: 2, context: { line, found: "*** Remove File: src/old.ts" } })
    expect(String(r.last["message"])).toContain(`line ${line}`)
    const truncated = CODEX.replace("*** End Patch\n", "")
    const t = await apply(["--format", "codex"], { input: truncated })
    expect([t.code, t.last["code"]]).toEqual([2, "SPL-E051"])
    expect(t.last["context"]).toMatchObject({ line: truncated.split("\n").length })
    expect(tree()).toEqual(ALL_BEFORE)
  })
})
