/**
 * The tree commands as built, under Node and Deno, in a real git repository with nested .gitignore
 * files: what they list is what git lists (`git ls-files --others --exclude-standard`), what search
 * finds is what ripgrep finds, from the root and from a nested subdirectory, through pipes; every
 * line is validated against the JSON Schema `splice schema` prints.
 */
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { Ajv } from "ajv"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, type Result, runAsync, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const hasRg = spawnSync("rg", ["--version"]).status === 0

const FILES: Record<string, string> = {
  ".gitignore": "*.log\n/build/\nnode_modules\n!keep.log\n",
  "src/app.ts": "import { helper } from './lib/helper'\nexport const main = () => helper(1)\n",
  "src/lib/helper.ts": "// helper: doubles\nexport function helper(x: number): number {\n  return x * 2\n}\n",
  "src/lib/.gitignore": "*.gen.ts\n",
  "src/lib/types.gen.ts": "export type helper = number\n",
  "src/keep.log": "helper kept despite *.log\n",
  "src/debug.log": "helper ignored\n",
  "build/out.js": "helper()\n",
  "node_modules/dep/index.js": "module.exports = helper\n",
  "docs/guide.md": "# Guide\n\nCall `helper` twice.\nHELPER in capitals.\n",
  "docs/.secret.md": "helper (hidden)\n",
  "crlf.txt": "first helper\r\nsecond\r\n",
  "bom.ts": "\uFEFFconst helper = 1\n"
}

describe.each(runtimes)("splice search under $name", (rt) => {
  const ws = tempWorkspace("splice-tree-")
  const ajv = new Ajv({ strict: false, allErrors: true })
  let schemas: { commands: Record<string, { result: object; events?: object }>; errors: Record<string, object> }

  const run = async (args: ReadonlyArray<string>, cwd = ws): Promise<Result> => {
    const r = await runAsync(rt, [...args, "--output", "json"], { cwd })
    expect(r.lines.length, `${args.join(" ")}: ${r.stderr}`).toBeGreaterThan(0)
    for (const line of r.lines) {
      const schema = line["type"] === "error" ? schemas.errors[String(line["code"])] : line["type"] === "result" ? schemas.commands[String(line["command"])]?.result : schemas.commands[String(args[0])]?.events
      expect(schema, JSON.stringify(line).slice(0, 200)).toBeDefined()
      const validate = ajv.compile(schema!)
      expect(validate(line), `${JSON.stringify(line).slice(0, 400)}\n${ajv.errorsText(validate.errors)}`).toBe(true)
    }
    return r
  }
  const files = (r: Result, type = "match") => [...new Set(r.lines.filter((l) => l["type"] === type).map((l) => String(l["file"])))].sort()

  beforeAll(async () => {
    for (const [f, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(ws, f)), { recursive: true })
      fs.writeFileSync(path.join(ws, f), text)
    }
    fs.writeFileSync(path.join(ws, "image.bin"), Buffer.from([0x68, 0x65, 0x6c, 0x70, 0x65, 0x72, 0, 1, 2]))
    execFileSync("git", ["init", "-q"], { cwd: ws })
    fs.writeFileSync(path.join(ws, ".git/info/exclude"), "docs/guide.md\n")
    const all = await runAsync(rt, ["schema", "--output", "json"], { cwd: ws })
    schemas = all.last as unknown as typeof schemas
  })
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("searches what git does not ignore (nested .gitignore, negation, .git/info/exclude), skipping binary and hidden files", async () => {
    const r = await run(["search", "helper"])
    expect(r.code).toBe(0)
    expect(files(r)).toEqual(["bom.ts", "crlf.txt", "src/app.ts", "src/keep.log", "src/lib/helper.ts"])
    expect(r.last).toMatchObject({ type: "result", command: "search", files_matched: 5, binary_skipped: 1, skipped: [] })
    expect(r.lines.find((l) => l["file"] === "crlf.txt")).toMatchObject({ line: 1, text: "first helper", column: 7, submatches: [{ text: "helper", start: 6, end: 12 }] })
    expect(r.lines.find((l) => l["file"] === "bom.ts")).toMatchObject({ line: 1, offset: 3, text: "const helper = 1", column: 7 })
    // The files git itself lists as neither tracked nor ignored, which the walk must agree with.
    const untracked = execFileSync("git", ["ls-files", "--others", "--exclude-standard"], { cwd: ws, encoding: "utf8" }).split("\n").filter(Boolean)
    const searchedAll = await run(["search", "-l", "--hidden", "--regex", "[\\s\\S]"])
    expect(files(searchedAll, "file")).toEqual(untracked.filter((f) => f !== "image.bin").sort())
  })

  it.skipIf(!hasRg)("finds the same lines as ripgrep (literal, regex, ignore-case, word)", async () => {
    for (const args of [["helper"], ["--regex", "help\\w+\\("], ["-i", "HELPER"], ["-w", "helper"]]) {
      const ours = (await run(["search", ...args])).lines.filter((l) => l["type"] === "match").map((l) => `${l["file"]}:${l["line"]}:${l["text"]}`).sort()
      const rgArgs = args.map((a) => (a === "--regex" ? "-e" : a))
      const theirs = execFileSync("rg", ["--no-heading", "-n", "--no-config", ...(rgArgs[0] === "-e" ? rgArgs : ["-F", ...rgArgs]), "."], { cwd: ws, encoding: "utf8" })
        .split("\n").filter(Boolean).map((l) => l.replace(/^\.\//, "").replace(/\r$/, "")).sort()
      expect(ours, args.join(" ")).toEqual(theirs)
    }
  })

  it("from a nested subdirectory: paths are taken from there, the root's .gitignore still applies", async () => {
    const r = await run(["search", "helper", "."], path.join(ws, "src"))
    expect(files(r)).toEqual(["src/app.ts", "src/keep.log", "src/lib/helper.ts"])
    const globbed = await run(["search", "helper", "--glob", "lib/*.ts"], path.join(ws, "src"))
    expect(files(globbed)).toEqual(["src/lib/helper.ts"])
  })

  it("human output reads like ripgrep's; --count and -l print one line per file", async () => {
    const h = await runAsync(rt, ["search", "function", "src/lib", "-C", "1", "--output", "human"], { cwd: ws })
    expect(h.stdout).toBe("src/lib/helper.ts\n1-// helper: doubles\n2:export function helper(x: number): number {\n3-  return x * 2\n\n1 match in 1 line of 1 file (1 searched)\n")
    const c = await runAsync(rt, ["search", "helper", "--count", "--output", "human"], { cwd: ws })
    expect(c.stdout).toBe("bom.ts:1\ncrlf.txt:1\nsrc/app.ts:2\nsrc/keep.log:1\nsrc/lib/helper.ts:2\n")
  })

  it("through a pipe: `| head -1` neither hangs nor crashes", () => {
    const r = spawnSync("bash", ["-c", `"$@" | head -1; exit "\${PIPESTATUS[0]}"`, "bash", ...rt.argv(["search", "--regex", "."]).flat()], { cwd: ws, encoding: "utf8", timeout: 60_000 })
    expect(r.status).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ type: "match" })
  })

  it("ls lists what git lists, in git's order; --long checksums are b3sum's; count agrees", async () => {
    const untracked = execFileSync("git", ["ls-files", "--others", "--exclude-standard"], { cwd: ws, encoding: "utf8" }).split("\n").filter(Boolean)
    const listed = await run(["ls", "--hidden"])
    expect(listed.lines.filter((l) => l["type"] === "entry").map((l) => l["path"])).toEqual(untracked)
    const long = await run(["ls", "src/lib", "--long"])
    const helper = long.lines.find((l) => l["path"] === "src/lib/helper.ts")!
    const size = (f: string) => fs.statSync(path.join(ws, f)).size
    expect(helper).toMatchObject({ kind: "file", size: size("src/lib/helper.ts"), lines: 4, language: "typescript" })
    if (spawnSync("b3sum", ["--version"]).status === 0) {
      expect(helper["checksum"]).toBe(execFileSync("b3sum", ["--no-names", "src/lib/helper.ts"], { cwd: ws, encoding: "utf8" }).trim())
    }
    const counted = await run(["count", "--hidden", "--by-size", "1", "--by-language"])
    expect(counted.last).toMatchObject({ files: untracked.length, binary_files: 1, largest: [{ file: "src/lib/helper.ts", size: size("src/lib/helper.ts") }] })
    const sub = await run(["ls", "--depth", "1"], path.join(ws, "src"))
    expect(sub.lines.filter((l) => l["type"] === "entry").map((l) => `${l["path"]}:${l["kind"]}`)).toEqual(["src/app.ts:file", "src/keep.log:file", "src/lib:directory"])
    const human = await runAsync(rt, ["count", "src", "--output", "human"], { cwd: ws })
    expect(human.stdout).toBe(`3 files, 7 lines, ${size("src/app.ts") + size("src/keep.log") + size("src/lib/helper.ts")} B\n`)
  })

  it("errors: invalid regex (SPL-E100, exit 2), empty pattern (SPL-E101), missing path (SPL-E020, exit 4)", async () => {
    const bad = await run(["search", "--regex", "(unclosed"])
    expect([bad.code, bad.last["code"]]).toEqual([2, "SPL-E100"])
    const empty = await run(["search", ""])
    expect([empty.code, empty.last["code"]]).toEqual([2, "SPL-E101"])
    const missing = await run(["search", "x", "nope/"])
    expect([missing.code, missing.last["code"]]).toEqual([4, "SPL-E020"])
  })
})

describe.each(runtimes)("splice replace under $name", (rt) => {
  const ws = tempWorkspace("splice-replace-")
  const put = (f: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(ws, f)), { recursive: true })
    fs.writeFileSync(path.join(ws, f), text)
  }
  const read = (f: string) => fs.readFileSync(path.join(ws, f), "utf8")
  const run = (args: ReadonlyArray<string>, cwd = ws) => runAsync(rt, [...args, "--output", "json"], { cwd })

  beforeAll(() => {
    execFileSync("git", ["init", "-q"], { cwd: ws })
    put(".gitignore", "build/\n")
    put("src/a.ts", "export function oldName(): number {\n  return 1\n}\n")
    put("src/b.ts", "import { oldName } from './a'\r\nexport const x = oldName()\r\n")
    put("src/util/c.py", "def oldName():\n    return 2\n")
    put("build/a.js", "oldName()\n")
  })
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("from a nested subdirectory: one transaction over every file, CRLF kept, ignored files untouched; undo restores all", async () => {
    const before = { a: read("src/a.ts"), b: read("src/b.ts"), c: read("src/util/c.py") }
    const r = await run(["replace", "oldName", "newName", "--expect-count", "4"], path.join(ws, "src"))
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.last).toMatchObject({ command: "replace", changed: true, replacements: 4 })
    expect((r.last["files"] as Array<{ file: string }>).map((f) => f.file)).toEqual(["src/a.ts", "src/b.ts", "src/util/c.py"])
    expect(read("src/b.ts")).toBe("import { newName } from './a'\r\nexport const x = newName()\r\n")
    expect(read("build/a.js")).toBe("oldName()\n")
    const u = await run(["undo"])
    expect(u.code, u.stdout).toBe(0)
    expect({ a: read("src/a.ts"), b: read("src/b.ts"), c: read("src/util/c.py") }).toEqual(before)
  })

  it("--preview prints the combined diff in human mode and writes nothing", async () => {
    const r = await runAsync(rt, ["replace", "--regex", "old(\\w+)", "new$1", "src/a.ts", "src/util", "--preview", "--output", "human"], { cwd: ws })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,3 +1,3 @@\n-export function oldName(): number {\n+export function newName(): number {\n")
    expect(r.stdout).toContain("would replace 2 matches in 2 files: src/a.ts (1), src/util/c.py (1)\n")
    expect(read("src/a.ts")).toContain("oldName")
  })

  it("Ctrl-C after every file is written but before the commit: every file rolled back, exit 130", async () => {
    const before = { a: read("src/a.ts"), b: read("src/b.ts"), c: read("src/util/c.py") }
    const p = startUntil(rt, ["replace", "oldName", "newName", "--output", "json"], { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, /test hold/)
    await p.reached
    expect(read("src/b.ts")).toContain("newName") // written, not yet committed
    p.child.kill("SIGINT")
    const r = await p.done
    expect([r.code, r.last["code"]]).toEqual([130, "SPL-E130"])
    expect({ a: read("src/a.ts"), b: read("src/b.ts"), c: read("src/util/c.py") }).toEqual(before)
    expect(runSync(rt, ["recover"], { cwd: ws }).last).toMatchObject({ rolled_back: 0 })
  })

  it("refusals write nothing: --expect-count (SPL-E102, exit 6), a syntax error (SPL-E042, exit 5), a missing group (SPL-E103, exit 2)", async () => {
    const count = await run(["replace", "oldName", "newName", "--expect-count", "1"])
    expect([count.code, count.last["code"]]).toEqual([6, "SPL-E102"])
    const syntax = await run(["replace", "(): number {", "(: number {"])
    expect([syntax.code, syntax.last["code"]]).toEqual([5, "SPL-E042"])
    const group = await run(["replace", "--regex", "old", "$1"])
    expect([group.code, group.last["code"]]).toEqual([2, "SPL-E103"])
    expect(read("src/a.ts")).toBe("export function oldName(): number {\n  return 1\n}\n")
  })
})
