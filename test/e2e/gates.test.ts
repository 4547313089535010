import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const alive = (pattern: string) => spawnSync("pgrep", ["-f", pattern]).status === 0
const waitFor = async (cond: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out waiting")
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.each(runtimes)("compiler gates in the built CLI under $name", (rt) => {
  let ws: string
  const file = (p: string) => fs.readFileSync(path.join(ws, p), "utf8")
  const run = (args: string[]) => runSync(rt, [...args, "--workspace", ws], { cwd: ws })
  beforeEach(() => {
    ws = tempWorkspace()
    fs.writeFileSync(path.join(ws, "notes.txt"), "first draft\n")
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("a custom gate from splice.json blocks an edit it rejects, with its output as the diagnostic", () => {
    fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ gates: { ".txt": ["sh", "-c", "! grep -n TODO \"$0\"", "{file}"] } }))
    const ok = run(["edit", "--file", "notes.txt", "--replace-old", "first", "--replace-new", "second"])
    expect(ok.code).toBe(0)
    expect(ok.last["compiler"]).toMatchObject({ status: "passed", tool: "sh" })
    const bad = run(["edit", "--file", "notes.txt", "--replace-old", "second draft", "--replace-new", "second draft\nTODO finish"])
    expect([bad.code, bad.last["code"]]).toEqual([5, "SPL-E043"])
    expect(bad.last["context"]).toMatchObject({ diagnostics: [expect.objectContaining({ file: "notes.txt", message: "2:TODO finish" })] })
    expect(file("notes.txt")).toBe("second draft\n")
  })

  it("Ctrl-C while the checker runs kills it, rolls back and exits 130", async () => {
    const marker = `${Math.floor(Math.random() * 1000) + 100}.${rt.name === "node" ? 1 : 2}37`
    fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ gates: { ".txt": ["sleep", marker] } }))
    const p = startUntil(rt, ["edit", "--workspace", ws, "--file", "notes.txt", "--replace-old", "first", "--replace-new", "second"], { cwd: ws }, /never-printed/)
    p.reached.catch(() => undefined)
    await waitFor(() => alive(`sleep ${marker}`) && file("notes.txt") === "second draft\n")
    p.child.kill("SIGINT")
    const r = await p.done
    expect(r.code).toBe(130)
    expect(file("notes.txt")).toBe("first draft\n")
    await waitFor(() => !alive(`sleep ${marker}`), 3_000)
  })

  it("a checker over --compile-timeout is killed: SPL-E045, exit 5, retryable, rolled back", async () => {
    const marker = `${Math.floor(Math.random() * 1000) + 100}.${rt.name === "node" ? 3 : 4}37`
    fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ gates: { ".txt": ["sleep", marker] } }))
    const r = run(["edit", "--file", "notes.txt", "--replace-old", "first", "--replace-new", "second", "--compile-timeout", "0.5"])
    expect([r.code, r.last["code"], r.last["retryable"]]).toEqual([5, "SPL-E045", true])
    expect(file("notes.txt")).toBe("first draft\n")
    await waitFor(() => !alive(`sleep ${marker}`), 3_000)
  })

  it("an invalid splice.json is a usage error naming the key; commands that do not need it still work", () => {
    fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ gates: { ".txt": "vale {file}" } }))
    const r = run(["edit", "--file", "notes.txt", "--replace-old", "first", "--replace-new", "second"])
    expect([r.code, r.last["code"]]).toEqual([2, "SPL-E013"])
    expect(String(r.last["message"])).toContain("gates..txt")
    expect(run(["read", "--file", "notes.txt"]).code).toBe(0)
  })

  it("--require-compiler fails when the file has no checker; splice.json can make it the default", () => {
    const r = run(["edit", "--file", "notes.txt", "--replace-old", "first", "--replace-new", "second", "--require-compiler"])
    expect([r.code, r.last["code"]]).toEqual([5, "SPL-E044"])
    fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ defaults: { require_compiler: true } }))
    expect(run(["edit", "--file", "notes.txt", "--replace-old", "first", "--replace-new", "second"]).code).toBe(5)
    expect(file("notes.txt")).toBe("first draft\n")
  })

  it("splice check: exit 0 on a clean file, 5 with every diagnostic on a broken one", () => {
    fs.writeFileSync(path.join(ws, "ok.py"), "x = 1\n")
    fs.writeFileSync(path.join(ws, "bad.py"), "def f(a, a):\n    return 1\n")
    // --validate compiler: the checker alone (the syntax gate would report this error first, as SPL-E042).
    const ok = run(["check", "ok.py", "--validate", "compiler"])
    expect(ok.code).toBe(0)
    expect(ok.last).toMatchObject({ command: "check", errors: 0, compiler: { status: "passed" } })
    const bad = run(["check", "bad.py", "ok.py", "--validate", "compiler"])
    expect([bad.code, bad.last["code"]]).toEqual([5, "SPL-E043"])
    expect(bad.lines.filter((l) => l["type"] === "diagnostic")).toContainEqual(expect.objectContaining({ tool: "py_compile", file: "bad.py", line: 1, code: "SyntaxError" }))
  })

  it("a gate that cannot run (exit 127) is failed_to_run with its output tail, never passed; --require-compiler rolls back (SPL-E046)", () => {
    fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ gates: { ".txt": ["sh", "-c", "no-such-linter-here \"$0\"", "{file}"] } }))
    const lenient = run(["edit", "--file", "notes.txt", "--replace-old", "first", "--replace-new", "second"])
    expect(lenient.code).toBe(0)
    expect(lenient.last["compiler"]).toMatchObject({ status: "failed_to_run", tool: "sh", failures: [expect.objectContaining({ exit_code: 127, before: "failed_to_run" })] })
    expect(JSON.stringify(lenient.last["compiler"])).toContain("no-such-linter-here")
    expect(file("notes.txt")).toBe("second draft\n")
    const strict = run(["edit", "--file", "notes.txt", "--replace-old", "second", "--replace-new", "third", "--require-compiler"])
    expect([strict.code, strict.last["code"]]).toEqual([5, "SPL-E046"])
    expect(file("notes.txt")).toBe("second draft\n")
  })

  it("untrusted: the repository's gate is skipped, never run; splice trust lets it run until splice.json changes; --revoke", () => {
    const config = fs.mkdtempSync(path.join(ws, "..", "splice-cfg-"))
    const env = { SPLICE_TRUST: "", XDG_CONFIG_HOME: config }
    const marker = path.join(config, "gate-ran")
    fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ gates: { ".txt": ["sh", "-c", `echo ran >> ${marker}`] } }))
    const as = (args: string[]) => runSync(rt, [...args, "--workspace", ws], { cwd: ws, env })
    try {
      const skipped = as(["edit", "--file", "notes.txt", "--replace-old", "first", "--replace-new", "second"])
      expect(skipped.code).toBe(0)
      expect(skipped.last["compiler"]).toMatchObject({ status: "skipped", reason: "workspace not trusted; run splice trust" })
      const strict = as(["edit", "--file", "notes.txt", "--replace-old", "second", "--replace-new", "third", "--require-compiler"])
      expect([strict.code, strict.last["code"]]).toEqual([5, "SPL-E047"])
      expect(fs.existsSync(marker)).toBe(false)

      expect(as(["trust", "--status"]).last).toMatchObject({ command: "trust", trusted: false, why: "never" })
      const trusted = as(["trust"])
      expect(trusted.last).toMatchObject({ command: "trust", trusted: true, workspace: ws, gates: { ".txt": expect.any(Array) } })
      const store = path.join(config, "splice", "trust.json")
      expect(fs.statSync(store).mode & 0o777).toBe(0o600)
      expect(as(["edit", "--file", "notes.txt", "--replace-old", "second", "--replace-new", "third"]).last["compiler"]).toMatchObject({ status: "passed", tool: "sh" })
      expect(fs.readFileSync(marker, "utf8")).toBe("ran\n")

      fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ gates: { ".txt": ["sh", "-c", `echo changed >> ${marker}`] } }))
      expect(as(["trust", "--status"]).last).toMatchObject({ trusted: false, why: "changed" })
      expect(as(["edit", "--file", "notes.txt", "--replace-old", "third", "--replace-new", "fourth"]).last["compiler"]).toMatchObject({ status: "skipped" })
      expect(fs.readFileSync(marker, "utf8")).toBe("ran\n")

      as(["trust"])
      expect(as(["trust", "--revoke"]).last).toMatchObject({ revoked: true })
      expect(as(["trust", "--status"]).last).toMatchObject({ trusted: false, why: "never" })
    } finally {
      fs.rmSync(config, { recursive: true, force: true })
    }
  })
})

describe("splice trust from several processes at once", () => {
  it("every workspace trusted at the same moment is recorded (the store is updated under a lock)", async () => {
    const config = fs.mkdtempSync(path.join(path.dirname(tempWorkspace()), "splice-cfg-"))
    const spaces = Array.from({ length: 6 }, () => tempWorkspace())
    try {
      const runs = spaces.map((ws) => startUntil(runtimes[0]!, ["trust", "--workspace", ws], { cwd: ws, env: { XDG_CONFIG_HOME: config } }, /never-printed/))
      for (const r of runs) r.reached.catch(() => undefined)
      const results = await Promise.all(runs.map((r) => r.done))
      expect(results.map((r) => r.code)).toEqual(spaces.map(() => 0))
      const recorded = JSON.parse(fs.readFileSync(path.join(config, "splice", "trust.json"), "utf8")).workspaces
      expect(Object.keys(recorded).sort()).toEqual([...spaces].sort())
      expect(fs.existsSync(path.join(config, "splice", "trust.json.lock"))).toBe(false)
    } finally {
      for (const d of [config, ...spaces]) fs.rmSync(d, { recursive: true, force: true })
    }
  })
})
