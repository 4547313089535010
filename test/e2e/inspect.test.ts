/**
 * `splice stat`, `diff`, `extract` and `query` as built, under Node and Deno: from the root and from a
 * nested subdirectory, `diff - B` fed through stdin, a real symlink and hard link, and every printed
 * line validated against the JSON Schema `splice schema` prints.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { Ajv } from "ajv"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, logicRuntimes, runAsync, tempWorkspace, type Result } from "./harness.js"

beforeAll(() => ensureBuilt())

/** A Debian tool this machine has (b3sum, patch); elsewhere its check is skipped. */
const installed = (tool: string) => spawnSync(tool, ["--version"]).status === 0

const PY = "import os\n\n# Add two numbers.\n@cache\ndef add(a, b):\n    return a + b\n\n\nclass Shape:\n    def area(self):\n        return 0\n\n\nclass Square(Shape):\n    def area(self):\n        return 1\n"

describe.each(logicRuntimes)("stat, diff, extract, query under $name", (rt) => {
  const ws = tempWorkspace("splice-inspect-")
  fs.mkdirSync(path.join(ws, ".git"))
  fs.mkdirSync(path.join(ws, "src", "deep"), { recursive: true })
  const deep = path.join(ws, "src", "deep")
  const ajv = new Ajv({ strict: false, allErrors: true })
  let schemas: { commands: Record<string, { result: object; events?: object }>; errors: Record<string, object> }
  const write = (f: string, text: string | Uint8Array) => fs.writeFileSync(path.join(ws, f), text)

  /** Runs splice and validates every line it printed against its schema. */
  const run = async (args: ReadonlyArray<string>, options: { cwd?: string; input?: string } = {}): Promise<Result> => {
    const r = await runAsync(rt, [...args, "--output", "json"], { cwd: options.cwd ?? ws, ...(options.input !== undefined ? { input: options.input } : {}) })
    expect(r.lines.length, `${args.join(" ")}: ${r.stderr}`).toBeGreaterThan(0)
    for (const line of r.lines) {
      const command = schemas.commands[args[0]!]!
      const schema = line["type"] === "error" ? schemas.errors[String(line["code"])] : line["type"] === "result" ? command.result : command.events
      expect(schema, JSON.stringify(line).slice(0, 200)).toBeDefined()
      const validate = ajv.compile(schema!)
      expect(validate(line), `${JSON.stringify(line).slice(0, 400)}\n${ajv.errorsText(validate.errors)}`).toBe(true)
    }
    return r
  }

  beforeAll(async () => {
    schemas = (await runAsync(rt, ["schema", "--output", "json"], { cwd: ws })).last as unknown as typeof schemas
    write("src/m.py", PY)
    write("src/deep/notes.txt", "one\r\ntwo\r\n")
    write("logo.bin", new Uint8Array([0x89, 0x50, 0x00, 0x01]))
    fs.symlinkSync("m.py", path.join(ws, "src", "link.py"))
    fs.linkSync(path.join(ws, "src", "m.py"), path.join(ws, "src", "hard.py"))
  })
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("stat from a nested subdirectory: workspace paths, a symlink's target, hard links, b3sum's checksum", async () => {
    const r = await run(["stat", "../m.py", "../link.py", "notes.txt", "../../logo.bin"], { cwd: deep })
    expect(r.code).toBe(0)
    const [m, link, notes, bin] = r.lines
    const b3 = spawnSync("b3sum", ["--no-names", path.join(ws, "src", "m.py")], { encoding: "utf8" })
    expect(m).toMatchObject({ type: "stat", file: "src/m.py", kind: "file", nlink: 2, language: "python", lines: 16, line_ending: "lf", encoding: "utf-8", mode: "0644" })
    if (installed("b3sum")) expect(m!["checksum"]).toBe(b3.stdout.trim())
    expect(link).toMatchObject({ file: "src/link.py", symlink: { target: "m.py", resolves_to: "src/m.py" }, checksum: m!["checksum"] })
    expect(notes).toMatchObject({ file: "src/deep/notes.txt", line_ending: "crlf", lines: 2, language: null })
    expect(bin).toMatchObject({ file: "logo.bin", encoding: "binary", lines: null })
    expect(r.last).toMatchObject({ type: "result", command: "stat", files: 4 })
    const missing = await run(["stat", "nope.txt"], { cwd: deep })
    expect([missing.code, missing.last["code"], (missing.last["context"] as Record<string, unknown>)["file"]]).toEqual([4, "SPL-E020", "src/deep/nope.txt"])
  })

  it("diff: two files, and a file against stdin (-) from a subdirectory; the patch applies with patch(1)", async () => {
    write("a.txt", "1\n2\n3\n")
    write("b.txt", "1\n2\n3\n")
    const same = await run(["diff", "a.txt", "b.txt"])
    expect([same.code, same.last["identical"], same.last["diff"]]).toEqual([0, true, ""])
    const proposed = "one\r\ntwo\r\nthree\r\n"
    const r = await run(["diff", "notes.txt", "-", "--context", "0"], { cwd: deep, input: proposed })
    expect(r.code).toBe(0)
    expect(r.last).toMatchObject({ identical: false, compared: "text", added: 1, removed: 0, a: { file: "src/deep/notes.txt" }, b: { file: "-", lines: 3 } })
    expect(String(r.last["diff"])).toBe("--- a/src/deep/notes.txt\n+++ b/src/deep/notes.txt\n@@ -2,0 +3,1 @@\n+three\r\n")
    // What diff printed is a patch: applied to the file it gives stdin's text.
    if (installed("patch")) {
      const patched = spawnSync("patch", ["-p1", "--binary", "-s"], { cwd: ws, input: String(r.last["diff"]), encoding: "utf8" })
      expect(patched.status, patched.stderr).toBe(0)
      expect(fs.readFileSync(path.join(deep, "notes.txt"), "utf8")).toBe(proposed)
      fs.writeFileSync(path.join(deep, "notes.txt"), "one\r\ntwo\r\n")
    }
    const human = await runAsync(rt, ["diff", "../../a.txt", "../../logo.bin", "--output", "human"], { cwd: deep })
    expect([human.code, human.stdout]).toEqual([0, "Binary files a.txt and logo.bin differ (compared by checksum)\n"])
    expect((await run(["diff", "-", "-"], { input: "x" })).code).toBe(2)
  })

  it("extract: lines and a symbol from a subdirectory; past the end is SPL-E120; ambiguous SPL-E002", async () => {
    const lines = await run(["extract", "--file", "../m.py", "--lines", "3:6"], { cwd: deep })
    expect(lines.last).toMatchObject({ mode: "lines", file: "src/m.py", text: "# Add two numbers.\n@cache\ndef add(a, b):\n    return a + b\n", from: 3, to: 6 })
    const sym = await run(["extract", "--file", "../m.py", "--symbol", "add"], { cwd: deep })
    expect(sym.last).toMatchObject({ mode: "symbol", from: 3, to: 6, doc_comment: true, decorators: true, text: "# Add two numbers.\n@cache\ndef add(a, b):\n    return a + b" })
    const past = await run(["extract", "--file", "../m.py", "--lines", "40:41"], { cwd: deep })
    expect([past.code, past.last["code"]]).toEqual([6, "SPL-E120"])
    const amb = await run(["extract", "--file", "src/m.py", "--symbol", "area"])
    expect([amb.code, amb.last["code"]]).toEqual([6, "SPL-E002"])
    expect((await run(["extract", "--file", "src/m.py", "--symbol", "Square.area"])).last).toMatchObject({ from: 15, to: 16 })
    const read = await run(["read", "--file", "src/m.py", "--lines", "40:41"])
    expect([read.code, read.last["code"]]).toEqual([6, "SPL-E120"])
  })

  it("query: kinds with spans, an unknown kind with suggestions, from a subdirectory", async () => {
    const r = await run(["query", "--file", "../m.py", "--kind", "class_definition", "--kind", "decorator"], { cwd: deep })
    expect(r.lines.slice(0, -1).map((l) => [l["kind"], (l["span"] as { start_line: number }).start_line])).toEqual([["decorator", 4], ["class_definition", 9], ["class_definition", 14]])
    expect(r.last).toMatchObject({ file: "src/m.py", language: "python", count: 3, total: 3, truncated: false })
    const bad = await run(["query", "--file", "../m.py", "--kind", "function_declaration"], { cwd: deep })
    expect([bad.code, bad.last["code"]]).toEqual([2, "SPL-E121"])
    expect((bad.last["context"] as { did_you_mean: string[] }).did_you_mean).toContain("function_definition")
  })
})
