/** `splice search` on the memory layers: every line is checked against its schema by run(). */
import { describe, expect, it } from "vitest"
import { search, type SearchConfig } from "../../src/commands/tree/search.js"
import { MemoryFs, run } from "../support/memory.js"

const cfg = (pattern: string, over: Partial<SearchConfig> = {}): SearchConfig => ({
  pattern,
  paths: [],
  regex: false,
  ignoreCase: false,
  word: false,
  context: 0,
  filesWithMatches: false,
  count: false,
  globs: [],
  hidden: false,
  noIgnore: false,
  ...over
})

const TREE = {
  ".gitignore": "dist/\n*.log\n",
  "src/a.ts": "export const foo = 1\nconst bar = foo + foo\n",
  "src/b.ts": "// nothing here\n",
  "src/nested/.gitignore": "generated.ts\n!keep.log\n",
  "src/nested/generated.ts": "foo\n",
  "src/nested/c.ts": "function foo() {}\n",
  "src/nested/keep.log": "foo in a kept log\n",
  "dist/out.js": "foo\n",
  "debug.log": "foo\n",
  ".hidden/x.ts": "foo\n",
  ".env": "FOO=foo\n",
  "README.md": "Foo and foo\n"
}

const matchFiles = (lines: ReadonlyArray<Record<string, unknown>>) => [...new Set(lines.filter((l) => l["type"] === "match").map((l) => l["file"]))]

describe("splice search", () => {
  it("finds matching lines with submatches, honouring nested .gitignore files and skipping hidden names", async () => {
    const r = await run(search(cfg("foo")), new MemoryFs(TREE))
    expect(r.exit).toBe(0)
    expect(matchFiles(r.lines)).toEqual(["README.md", "src/a.ts", "src/nested/c.ts", "src/nested/keep.log"])
    expect(r.lines.find((l) => l["file"] === "src/a.ts" && l["line"] === 2)).toEqual({
      type: "match", file: "src/a.ts", line: 2, column: 13, offset: 21, text: "const bar = foo + foo",
      submatches: [{ text: "foo", start: 12, end: 15 }, { text: "foo", start: 18, end: 21 }]
    })
    expect(r.last).toMatchObject({ type: "result", command: "search", files_matched: 4, matched_lines: 5, matches: 6, binary_skipped: 0, skipped: [] })
  })

  it("--hidden and --no-ignore widen the walk; .git and .splice are never searched", async () => {
    const mem = new MemoryFs({ ...TREE, ".git/config": "foo\n", ".splice/tx/x/y": "foo\n" })
    const hidden = await run(search(cfg("foo", { hidden: true })), mem)
    expect(matchFiles(hidden.lines)).toEqual([".env", ".hidden/x.ts", "README.md", "src/a.ts", "src/nested/c.ts", "src/nested/keep.log"])
    const all = await run(search(cfg("foo", { hidden: true, noIgnore: true })), mem)
    expect(matchFiles(all.lines)).toEqual([".env", ".hidden/x.ts", "README.md", "debug.log", "dist/out.js", "src/a.ts", "src/nested/c.ts", "src/nested/generated.ts", "src/nested/keep.log"])
  })

  it("a path named on the command line is searched even when ignored; a directory's ancestors' .gitignore files still apply inside it", async () => {
    const mem = new MemoryFs(TREE)
    expect(matchFiles((await run(search(cfg("foo", { paths: ["dist/out.js"] })), mem)).lines)).toEqual(["dist/out.js"])
    expect(matchFiles((await run(search(cfg("foo", { paths: ["src/nested"] })), mem)).lines)).toEqual(["src/nested/c.ts", "src/nested/keep.log"])
  })

  it("paths are taken from the current directory; output names workspace paths", async () => {
    const r = await run(search(cfg("foo", { paths: ["."] })), new MemoryFs(TREE), { cwd: "src/nested" })
    expect(matchFiles(r.lines)).toEqual(["src/nested/c.ts", "src/nested/keep.log"])
    const up = await run(search(cfg("foo", { paths: ["../a.ts"] })), new MemoryFs(TREE), { cwd: "src/nested" })
    expect(matchFiles(up.lines)).toEqual(["src/a.ts"])
  })

  it("--glob includes and excludes (gitignore-style, a name at any depth; with a slash, from the current directory)", async () => {
    const mem = new MemoryFs(TREE)
    expect(matchFiles((await run(search(cfg("foo", { globs: ["*.ts"] })), mem)).lines)).toEqual(["src/a.ts", "src/nested/c.ts"])
    expect(matchFiles((await run(search(cfg("foo", { globs: ["!*.ts"] })), mem)).lines)).toEqual(["README.md", "src/nested/keep.log"])
    expect(matchFiles((await run(search(cfg("foo", { globs: ["!nested/"] })), mem)).lines)).toEqual(["README.md", "src/a.ts"])
    expect(matchFiles((await run(search(cfg("foo", { globs: ["nested/*.ts"] })), mem, { cwd: "src" })).lines)).toEqual(["src/nested/c.ts"])
  })

  it("--word, --ignore-case and --regex", async () => {
    const mem = new MemoryFs({ "a.txt": "foo foobar Foo\nfood\n" })
    const subs = async (c: SearchConfig) => (await run(search(c), mem)).lines.filter((l) => l["type"] === "match").map((l) => (l["submatches"] as Array<{ text: string }>).map((s) => s.text))
    expect(await subs(cfg("foo", { word: true }))).toEqual([["foo"]])
    expect(await subs(cfg("foo", { word: true, ignoreCase: true }))).toEqual([["foo", "Foo"]])
    expect(await subs(cfg("fo+\\w*", { regex: true }))).toEqual([["foo", "foobar"], ["food"]])
  })

  it("--context merges overlapping context and --max-count stops a file early", async () => {
    const mem = new MemoryFs({ "a.txt": "1\n2 x\n3\n4\n5\n6\n7 x\n8\n9 x\n" })
    const r = await run(search(cfg("x", { context: 1 })), mem)
    expect(r.lines.slice(0, -1).map((l) => `${l["type"]}:${l["line"]}`)).toEqual(["context:1", "match:2", "context:3", "context:6", "match:7", "context:8", "match:9"])
    expect(r.human).toBe("a.txt\n1-1\n2:2 x\n3-3\n--\n6-6\n7:7 x\n8-8\n9:9 x\n\n3 matches in 3 lines of 1 file (1 searched)\n")
    const m = await run(search(cfg("x", { maxCount: 2 })), mem)
    expect(m.last).toMatchObject({ matched_lines: 2, matches: 2 })
  })

  it("--count and --files-with-matches print one line per file", async () => {
    const mem = new MemoryFs(TREE)
    const c = await run(search(cfg("foo", { count: true })), mem)
    expect(c.lines.filter((l) => l["type"] === "count")).toEqual([
      { type: "count", file: "README.md", count: 1, matches: 1 },
      { type: "count", file: "src/a.ts", count: 2, matches: 3 },
      { type: "count", file: "src/nested/c.ts", count: 1, matches: 1 },
      { type: "count", file: "src/nested/keep.log", count: 1, matches: 1 }
    ])
    expect(c.human).toBe("README.md:1\nsrc/a.ts:2\nsrc/nested/c.ts:1\nsrc/nested/keep.log:1\n")
    const l = await run(search(cfg("foo", { filesWithMatches: true })), mem)
    expect(l.human).toBe("README.md\nsrc/a.ts\nsrc/nested/c.ts\nsrc/nested/keep.log\n")
    expect(l.last).toMatchObject({ files_matched: 4, matched_lines: 4 })
  })

  it("--limit stops the whole search after that many matching lines (files with -l) and says truncated", async () => {
    const mem = new MemoryFs(TREE)
    const r = await run(search(cfg("foo", { limit: 2 })), mem)
    expect(r.lines.filter((l) => l["type"] === "match").map((l) => `${l["file"]}:${l["line"]}`)).toEqual(["README.md:1", "src/a.ts:1"])
    expect(r.last).toMatchObject({ matched_lines: 2, truncated: true })
    expect(r.human).toContain("; stopped at --limit 2)")
    const l = await run(search(cfg("foo", { limit: 3, filesWithMatches: true })), mem)
    expect(l.human).toBe("README.md\nsrc/a.ts\nsrc/nested/c.ts\n")
    expect(l.last).toMatchObject({ files_matched: 3, truncated: true })
    expect((await run(search(cfg("foo", { limit: 100 })), mem)).last).toMatchObject({ matched_lines: 5, truncated: false })
    expect((await run(search(cfg("foo", { limit: 0 })), mem)).error?.code).toBe("SPL-E010")
  })

  it("skips binary files (a NUL byte) and counts them", async () => {
    const mem = new MemoryFs({ "a.bin": new Uint8Array([102, 111, 111, 0, 1]), "b.txt": "foo\n" })
    const r = await run(search(cfg("foo")), mem)
    expect(matchFiles(r.lines)).toEqual(["b.txt"])
    expect(r.last).toMatchObject({ files_searched: 2, binary_skipped: 1 })
    const explicit = await run(search(cfg("foo", { paths: ["a.bin"] })), mem)
    expect(explicit.logs).toContain("splice: a.bin is binary: not searched")
  })

  it("no match is a result, not an error", async () => {
    const r = await run(search(cfg("absent")), new MemoryFs(TREE))
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ files_matched: 0, matches: 0 })
  })

  it("refuses an empty pattern (SPL-E101), an invalid regex (SPL-E100), a newline, contradictory flags (SPL-E010)", async () => {
    const mem = new MemoryFs(TREE)
    expect((await run(search(cfg("")), mem)).error?.code).toBe("SPL-E101")
    const bad = await run(search(cfg("a(b", { regex: true })), mem)
    expect([bad.exit, bad.error?.code, bad.error?.context]).toEqual([2, "SPL-E100", { pattern: "a(b", reason: "invalid_regex", detail: "Unterminated group" }])
    expect((await run(search(cfg("a\nb")), mem)).error?.context).toMatchObject({ reason: "newline" })
    expect((await run(search(cfg("foo", { count: true, filesWithMatches: true })), mem)).error?.code).toBe("SPL-E010")
    expect((await run(search(cfg("foo", { maxCount: 0 })), mem)).error?.code).toBe("SPL-E010")
  })

  it("a missing path is SPL-E020; a path outside the workspace SPL-E061", async () => {
    const mem = new MemoryFs(TREE)
    const missing = await run(search(cfg("foo", { paths: ["nope"] })), mem)
    expect([missing.exit, missing.error?.code]).toEqual([4, "SPL-E020"])
    expect((await run(search(cfg("foo", { paths: ["../elsewhere"] })), mem)).error?.code).toBe("SPL-E061")
  })

  it("an unreadable directory or file is reported and skipped; the rest is searched", async () => {
    const mem = new MemoryFs(TREE)
    mem.faults.push({ op: "list", path: "src/nested", errno: "EACCES" }, { op: "read", path: "README.md", errno: "EACCES" })
    const r = await run(search(cfg("foo")), mem)
    expect(r.exit).toBe(0)
    expect(matchFiles(r.lines)).toEqual(["src/a.ts"])
    expect(r.last["skipped"]).toEqual([
      { path: "src/nested", reason: "SPL-E021: permission denied reading src/nested" },
      { path: "README.md", reason: "SPL-E021: permission denied reading README.md" }
    ])
    expect(r.logs.some((l) => l.includes("skipped src/nested"))).toBe(true)
  })
})
