/**
 * `splice stat`, `diff`, `extract` and `query` on the memory layers (real grammars, real parsers):
 * what each reports and every refusal — missing file, permission denied, binary file, bad range,
 * unknown kind, ambiguous symbol. run() checks every printed line against its schema.
 */
import { describe, expect, it } from "vitest"
import { diff, type DiffConfig } from "../../src/commands/diff.js"
import { extract, type ExtractConfig } from "../../src/commands/extract.js"
import { query, type QueryConfig } from "../../src/commands/query.js"
import { read } from "../../src/commands/read.js"
import { stat } from "../../src/commands/stat.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { MemoryFs, run } from "../support/memory.js"

// b3sum 1.2.0 (Debian) of "hello\n".
const HELLO = "8e4c7c1b99dbfd50e7a95185fead5ee1448fa904a2fdd778eaf5f2dbfd629a99"

const PY = `import os

# Helpers below.

# Add two numbers.
@cache
@trace(
    "add",
)
def add(a, b):
    """Sum."""
    return a + b


class Shape:
    def area(self):
        return 0


class Square(Shape):
    def area(self):  # overrides
        return 1
`

const TS = `/** A point. */
export interface Point { x: number; y: number }

/**
 * Distance between two points.
 */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

export class Grid {
  @memo()
  cell(i: number): Point {
    return { x: i, y: i }
  }
}
`

const statLines = (r: { lines: ReadonlyArray<Record<string, unknown>> }) => r.lines.filter((l) => l["type"] === "stat")
const denied = (mem: MemoryFs, path: string) => mem.faults.push({ op: "read", path, errno: "EACCES" })

describe("splice stat", () => {
  it("a text file: size, mode, lines, line endings with counts, encoding, language, BLAKE3", async () => {
    const mem = new MemoryFs({ "h.txt": "hello\n" })
    mem.put("src/app.py", "a = 1\r\nb = 2\nc = 3", 0o755)
    const r = await run(stat({ files: ["h.txt", "src/app.py"] }), mem)
    expect(r.exit).toBe(0)
    const [h, py] = statLines(r)
    expect(h).toMatchObject({ file: "h.txt", kind: "file", size: 6, mode: "0644", nlink: 1, symlink: null, encoding: "utf-8", bom: false, line_ending: "lf", lines: 1, language: null, checksum: HELLO })
    expect(py).toMatchObject({ file: "src/app.py", mode: "0755", line_ending: "mixed", line_endings: { lf: 1, crlf: 1, cr: 0 }, lines: 3, language: "python" })
    expect(h!["mtime"]).toBe(new Date(h!["mtime_ms"] as number).toISOString())
    expect(r.last).toMatchObject({ command: "stat", files: 2 })
    expect(r.human).toContain("h.txt: 6 bytes, mode 0644, 1 line(s), lf line endings, utf-8")
  })

  it("binary, UTF-16 with a BOM and Latin-1 content are described, not refused", async () => {
    const mem = new MemoryFs({
      "logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0a]),
      "w.txt": new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x0d, 0x00, 0x0a, 0x00]),
      "l.txt": new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a])
    })
    const [png, w, l] = statLines(await run(stat({ files: ["logo.png", "w.txt", "l.txt"] }), mem))
    expect(png).toMatchObject({ encoding: "binary", bom: false, lines: null, line_ending: null, line_endings: null })
    expect(png!["checksum"]).toMatch(/^[0-9a-f]{64}$/)
    expect(w).toMatchObject({ encoding: "utf-16le", bom: true, line_ending: "crlf", lines: 1 })
    expect(l).toMatchObject({ encoding: "unknown-8bit", lines: null })
  })

  it("a symlink names its target; a FIFO is described without being opened; a directory too", async () => {
    const mem = new MemoryFs({ "real/a.ts": "export const a = 1\n" })
    mem.symlink("link.ts", "real/a.ts")
    mem.putSpecial("pipe", "fifo")
    // Opening the FIFO would block: any read of it fails this test.
    mem.faults.push({ op: "read", path: "pipe", errno: "EIO" })
    const [link, pipe, dir] = statLines(await run(stat({ files: ["link.ts", "pipe", "real/"] }), mem))
    expect(link).toMatchObject({ file: "link.ts", kind: "file", symlink: { target: "real/a.ts", resolves_to: "real/a.ts" }, language: "typescript", lines: 1 })
    expect(pipe).toMatchObject({ file: "pipe", kind: "fifo", checksum: null, encoding: null, lines: null, language: null })
    expect(dir).toMatchObject({ file: "real", kind: "directory", checksum: null })
  })

  it("errors: missing (E020), a dangling link (E020 naming its target), permission denied (E021), outside (E061), no file named (E010)", async () => {
    const mem = new MemoryFs({ "a.txt": "a\n" })
    mem.symlink("gone.txt", "nowhere.txt")
    denied(mem, "a.txt")
    const missing = await run(stat({ files: ["nope.txt"] }), mem)
    expect([missing.exit, missing.error?.code, missing.error?.context]).toEqual([4, "SPL-E020", { file: "nope.txt" }])
    const dangling = await run(stat({ files: ["gone.txt"] }), mem)
    expect([dangling.exit, dangling.error?.code]).toEqual([4, "SPL-E020"])
    expect(dangling.error?.message).toBe("gone.txt is a symbolic link to nowhere.txt, which does not exist")
    const perm = await run(stat({ files: ["a.txt"] }), mem)
    expect([perm.exit, perm.error?.code]).toEqual([4, "SPL-E021"])
    expect((await run(stat({ files: ["../etc/passwd"] }), mem)).error?.code).toBe("SPL-E061")
    expect((await run(stat({ files: [] }), mem)).exit).toBe(2)
  })

  it("from a nested subdirectory, paths are the workspace's", async () => {
    const mem = new MemoryFs({ "src/deep/x.go": "package x\n", "top.md": "# t\n" })
    const r = await run(stat({ files: ["x.go", "../../top.md"] }), mem, { cwd: "src/deep" })
    expect(statLines(r).map((l) => [l["file"], l["language"]])).toEqual([["src/deep/x.go", "go"], ["top.md", null]])
  })
})

const diffCfg = (a: string, b: string, over: Partial<DiffConfig> = {}): DiffConfig => ({ a, b, context: 3, maxBytes: DEFAULT_MAX_BYTES, ...over })

describe("splice diff", () => {
  it("two files: the unified diff, its hunks and counts, each side's checksum; exit 0", async () => {
    const mem = new MemoryFs({ "a.txt": "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "b.txt": "1\nTWO\n3\n4\n5\n6\n7\n8\n9\n10\n" })
    const r = await run(diff(diffCfg("a.txt", "b.txt", { context: 1 })), mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({
      identical: false,
      compared: "text",
      context: 1,
      added: 2,
      removed: 1,
      hunks: [{ old_start: 1, old_lines: 3, new_start: 1, new_lines: 3, added: 1, removed: 1 }, { old_start: 9, old_lines: 1, new_start: 9, new_lines: 2, added: 1, removed: 0 }],
      a: { file: "a.txt", size: 18, encoding: "utf-8", lines: 9 },
      b: { file: "b.txt", lines: 10 }
    })
    expect(r.last["diff"]).toBe("--- a/a.txt\n+++ b/b.txt\n@@ -1,3 +1,3 @@\n 1\n-2\n+TWO\n 3\n@@ -9,1 +9,2 @@\n 9\n+10\n")
    expect(r.human).toBe(r.last["diff"])
  })

  it("identical files: identical, no hunks, nothing printed for people", async () => {
    const mem = new MemoryFs({ "a.txt": "hello\n", "b.txt": "hello\n" })
    const r = await run(diff(diffCfg("a.txt", "b.txt")), mem)
    expect(r.last).toMatchObject({ identical: true, hunks: [], added: 0, removed: 0, diff: "", a: { checksum: HELLO }, b: { checksum: HELLO } })
    expect(r.human).toBe("")
  })

  it("line endings and a BOM are differences", async () => {
    const mem = new MemoryFs({ "lf.txt": "a\nb\n", "crlf.txt": "a\r\nb\r\n", "bom.txt": "\uFEFFa\nb\n" })
    const le = await run(diff(diffCfg("lf.txt", "crlf.txt")), mem)
    expect(le.last).toMatchObject({ identical: false, added: 2, removed: 2 })
    // The endings as they are (GNU diff's way): the change shows, and the patch restores the bytes.
    expect(le.last["diff"]).toBe("--- a/lf.txt\n+++ b/crlf.txt\n@@ -1,2 +1,2 @@\n-a\n-b\n+a\r\n+b\r\n")
    const bom = await run(diff(diffCfg("lf.txt", "bom.txt")), mem)
    expect(bom.last).toMatchObject({ identical: false, added: 1, removed: 1 })
    expect(bom.last["diff"]).toContain("-a\n+\uFEFFa\n")
  })

  it("stdin as one side: the patch names the file on both sides", async () => {
    const mem = new MemoryFs({ "cfg.yaml": "a: 1\nb: 2\n" })
    const r = await run(diff(diffCfg("cfg.yaml", "-")), mem, { stdin: "a: 1\nb: 3\n" })
    expect(r.last).toMatchObject({ b: { file: "-", lines: 2 }, added: 1, removed: 1 })
    expect(String(r.last["diff"]).split("\n").slice(0, 2)).toEqual(["--- a/cfg.yaml", "+++ b/cfg.yaml"])
    const reversed = await run(diff(diffCfg("-", "cfg.yaml")), mem, { stdin: "a: 1\n" })
    expect(reversed.last).toMatchObject({ a: { file: "-" }, added: 1, removed: 0 })
  })

  it("binary content is compared by checksum only", async () => {
    const mem = new MemoryFs({ "a.bin": new Uint8Array([0, 1, 2]), "b.bin": new Uint8Array([0, 1, 3]), "c.bin": new Uint8Array([0, 1, 2]), "t.txt": "x\n" })
    const r = await run(diff(diffCfg("a.bin", "b.bin")), mem)
    expect(r.last).toMatchObject({ identical: false, compared: "checksum", hunks: [], diff: "", a: { encoding: "binary", lines: null } })
    expect(r.human).toBe("Binary files a.bin and b.bin differ (compared by checksum)\n")
    expect((await run(diff(diffCfg("a.bin", "c.bin")), mem)).last).toMatchObject({ identical: true, compared: "checksum" })
    expect((await run(diff(diffCfg("a.bin", "t.txt")), mem)).last).toMatchObject({ identical: false, compared: "checksum" })
  })

  it("errors: missing side (E020), permission denied (E021), a directory (E065), stdin twice or a negative context (E010), too large (E064)", async () => {
    const mem = new MemoryFs({ "a.txt": "a\n", "secret.txt": "s\n", "d/x": "x" })
    denied(mem, "secret.txt")
    expect((await run(diff(diffCfg("a.txt", "nope.txt")), mem)).error?.code).toBe("SPL-E020")
    const perm = await run(diff(diffCfg("secret.txt", "a.txt")), mem)
    expect([perm.exit, perm.error?.code]).toEqual([4, "SPL-E021"])
    expect((await run(diff(diffCfg("a.txt", "d")), mem)).error?.code).toBe("SPL-E065")
    expect((await run(diff(diffCfg("-", "-")), mem)).exit).toBe(2)
    expect((await run(diff(diffCfg("a.txt", "a.txt", { context: -1 })), mem)).exit).toBe(2)
    expect((await run(diff(diffCfg("a.txt", "-", { maxBytes: 4 })), mem, { stdin: "0123456789" })).error?.code).toBe("SPL-E064")
  })
})

const ext = (file: string, over: Partial<ExtractConfig>): ExtractConfig => ({ file, maxBytes: DEFAULT_MAX_BYTES, ...over })

describe("splice extract", () => {
  it("--lines: the lines byte for byte, their checksum, span and the file's checksum", async () => {
    const mem = new MemoryFs({ "f.txt": "one\r\ntwo\r\nthree\r\n", "h.txt": "hello\n" })
    const r = await run(extract(ext("f.txt", { lines: "2:3" })), mem)
    expect(r.last).toMatchObject({
      mode: "lines",
      text: "two\r\nthree\r\n",
      from: 2,
      to: 3,
      total_lines: 3,
      line_ending: "crlf",
      span: { start_line: 2, start_col: 1, end_line: 4, end_col: 1, start_byte: 5, end_byte: 17 },
      language: null
    })
    const h = await run(extract(ext("h.txt", { lines: "1" })), mem)
    expect(h.last).toMatchObject({ text: "hello\n", checksum: HELLO, file_checksum: HELLO })
  })

  it("--lines that run past the end stop at it; that start past it are SPL-E120; a bad range SPL-E010", async () => {
    const mem = new MemoryFs({ "seven.txt": "1\n2\n3\n4\n5\n6\n7\n", "empty.txt": "" })
    expect((await run(extract(ext("seven.txt", { lines: "6:20" })), mem)).last).toMatchObject({ text: "6\n7\n", from: 6, to: 7 })
    const past = await run(extract(ext("seven.txt", { lines: "9:12" })), mem)
    expect([past.exit, past.error?.code, past.error?.context]).toEqual([6, "SPL-E120", { file: "seven.txt", from: 9, line_count: 7 }])
    expect((await run(extract(ext("empty.txt", { lines: "1" })), mem)).error?.code).toBe("SPL-E120")
    expect((await run(extract(ext("seven.txt", { lines: "3:1" })), mem)).exit).toBe(2)
    expect((await run(extract(ext("seven.txt", {})), mem)).exit).toBe(2)
    expect((await run(extract(ext("seven.txt", { lines: "1", symbol: "x" })), mem)).exit).toBe(2)
    expect((await run(extract(ext("seven.txt", { lines: "1", kind: "function" })), mem)).exit).toBe(2)
  })

  it("--symbol (Python): the definition with the comment and decorators above it, and where each starts", async () => {
    const mem = new MemoryFs({ "m.py": PY })
    const r = await run(extract(ext("m.py", { symbol: "add" })), mem)
    expect(r.last).toMatchObject({
      mode: "symbol",
      language: "python",
      symbol: { name: "add", kind: "function", qualified_name: "add", container: null, signature: "def add(a, b)" },
      doc_comment: true,
      decorators: true,
      from: 5,
      to: 12,
      definition: { start_line: 10, end_line: 12 }
    })
    expect(r.last["text"]).toBe('# Add two numbers.\n@cache\n@trace(\n    "add",\n)\ndef add(a, b):\n    """Sum."""\n    return a + b')
    const span = r.last["span"] as { start_byte: number; end_byte: number }
    expect(new TextDecoder().decode(new TextEncoder().encode(PY).slice(span.start_byte, span.end_byte))).toBe(r.last["text"])
  })

  it("--symbol (Python): every line of a long comment above it, though the parse skips most of them", async () => {
    const doc = Array.from({ length: 3000 }, (_, i) => `# line ${i}\n`).join("")
    const mem = new MemoryFs({ "m.py": `x = 1\n\n${doc}def f():\n    return x\n` })
    const r = await run(extract(ext("m.py", { symbol: "f" })), mem)
    expect(r.last).toMatchObject({ doc_comment: true, from: 3, to: 3004, definition: { start_line: 3003, end_line: 3004 } })
    expect(r.last["text"]).toBe(`${doc}def f():\n    return x`)
  })

  it("--symbol: two symbols of the name are SPL-E002 with both; a qualified name or --kind picks one", async () => {
    const mem = new MemoryFs({ "m.py": PY })
    const amb = await run(extract(ext("m.py", { symbol: "area" })), mem)
    expect([amb.exit, amb.error?.code]).toEqual([6, "SPL-E002"])
    expect(amb.error?.context).toEqual({ name: "area", candidates: [{ file: "m.py", line: 16, kind: "method", qualified_name: "Shape.area" }, { file: "m.py", line: 21, kind: "method", qualified_name: "Square.area" }] })
    const one = await run(extract(ext("m.py", { symbol: "Square.area" })), mem)
    expect(one.last).toMatchObject({ text: "def area(self):  # overrides\n        return 1", doc_comment: false, decorators: false, span: { start_line: 21, start_col: 5 } })
    expect((await run(extract(ext("m.py", { symbol: "Shape", kind: "class" })), mem)).last).toMatchObject({ symbol: { kind: "class" }, from: 15, to: 17 })
  })

  it("--symbol unknown: SPL-E001 with the file's close names", async () => {
    const mem = new MemoryFs({ "m.py": PY })
    const r = await run(extract(ext("m.py", { symbol: "ad" })), mem)
    expect([r.exit, r.error?.code, r.error?.context]).toEqual([6, "SPL-E001", { name: "ad", did_you_mean: ["add"], file: "m.py" }])
    expect(r.error?.effectiveHint).toBe("Did you mean add?")
    const kind = await run(extract(ext("m.py", { symbol: "add", kind: "class" })), mem)
    expect(kind.error?.context).toMatchObject({ name: "add", kind: "class" })
  })

  it("--symbol (TypeScript, from TypeScript's parser): JSDoc above; a decorated method; a BOM counts in byte offsets", async () => {
    const mem = new MemoryFs({ "g.ts": TS, "bom.ts": `\uFEFF${TS}` })
    const d = await run(extract(ext("g.ts", { symbol: "distance" })), mem)
    expect(d.last).toMatchObject({ language: "typescript", doc_comment: true, decorators: false, from: 4, to: 9, symbol: { kind: "function" } })
    expect(String(d.last["text"])).toMatch(/^\/\*\*\n \* Distance between two points\.\n \*\/\nexport function distance/)
    const m = await run(extract(ext("g.ts", { symbol: "Grid.cell" })), mem)
    expect(m.last).toMatchObject({ symbol: { kind: "method", container: "Grid" }, from: 12, to: 15 })
    expect(String(m.last["text"]).startsWith("@memo()\n  cell(i: number)")).toBe(true)
    const b = await run(extract(ext("bom.ts", { symbol: "distance" })), mem)
    expect((b.last["span"] as { start_byte: number }).start_byte).toBe((d.last["span"] as { start_byte: number }).start_byte + 3)
    expect(b.last["checksum"]).toBe(d.last["checksum"])
  })

  it("--symbol in Go and Rust: doc comments and attributes", async () => {
    const mem = new MemoryFs({
      "x.go": "package x\n\n// Sum adds.\n// It never fails.\nfunc Sum(a, b int) int {\n\treturn a + b\n}\n",
      "y.rs": "/// A unit square.\n#[derive(Debug)]\npub struct Square {\n    side: f64,\n}\n"
    })
    const go = await run(extract(ext("x.go", { symbol: "Sum" })), mem)
    expect(go.last).toMatchObject({ from: 3, to: 7, doc_comment: true, decorators: false })
    const rs = await run(extract(ext("y.rs", { symbol: "Square" })), mem)
    expect(rs.last).toMatchObject({ from: 1, to: 5, doc_comment: true, decorators: true, symbol: { kind: "struct" } })
  })

  it("refusals: no symbols for the language (E010), binary (E063), missing (E020), permission denied (E021)", async () => {
    const mem = new MemoryFs({ "s.css": "a { color: red }\n", "b.py": new Uint8Array([0x61, 0x00]), "p.py": "x = 1\n" })
    denied(mem, "p.py")
    expect((await run(extract(ext("s.css", { symbol: "a" })), mem)).error?.code).toBe("SPL-E010")
    expect((await run(extract(ext("b.py", { symbol: "a" })), mem)).error?.code).toBe("SPL-E063")
    expect((await run(extract(ext("none.py", { lines: "1" })), mem)).error?.code).toBe("SPL-E020")
    expect((await run(extract(ext("p.py", { lines: "1" })), mem)).error?.code).toBe("SPL-E021")
  })
})

const q = (file: string, over: Partial<QueryConfig>): QueryConfig => ({ file, kinds: [], listKinds: false, max: 1000, maxBytes: DEFAULT_MAX_BYTES, ...over })
const nodes = (r: { lines: ReadonlyArray<Record<string, unknown>> }) => r.lines.filter((l) => l["type"] === "node")

describe("splice query", () => {
  it("nodes of several kinds in document order, outer before inner, with spans and text", async () => {
    const mem = new MemoryFs({ "m.py": PY })
    const r = await run(query(q("m.py", { kinds: ["class_definition", "function_definition"] })), mem)
    expect(nodes(r).map((n) => [n["kind"], (n["span"] as { start_line: number }).start_line])).toEqual([
      ["function_definition", 10], ["class_definition", 15], ["function_definition", 16], ["class_definition", 20], ["function_definition", 21]
    ])
    expect(nodes(r)[0]).toMatchObject({ named: true, text: 'def add(a, b):\n    """Sum."""\n    return a + b', span: { start_col: 1, end_line: 12, end_col: 17 } })
    expect(r.last).toMatchObject({ language: "python", kinds: ["class_definition", "function_definition"], count: 5, total: 5, truncated: false })
    expect(r.human.split("\n")[0]).toBe("m.py:10:1  function_definition  def add(a, b): …")
  })

  it("anonymous kinds (keywords), supertypes, ERROR nodes; --max truncates and says so", async () => {
    const mem = new MemoryFs({ "m.py": PY, "bad.js": "let x = (1 + ;\nfoo()\n" })
    const kw = await run(query(q("m.py", { kinds: ["return", "def"] })), mem)
    expect(nodes(kw).map((n) => [n["kind"], n["named"], n["text"]])).toEqual([
      ["def", false, "def"], ["return", false, "return"], ["def", false, "def"], ["return", false, "return"], ["def", false, "def"], ["return", false, "return"]
    ])
    const sup = await run(query(q("m.py", { kinds: ["expression"], max: 2 })), mem)
    expect(nodes(sup)).toHaveLength(2)
    expect(sup.last).toMatchObject({ count: 2, truncated: true })
    expect(sup.last["total"]).toBeGreaterThan(2)
    expect(sup.human).toContain("raise --max to see more")
    // tree-sitter-typescript's wasm (ABI 14) does not list its supertypes; its query compiler knows them.
    const ts = await run(query(q("g.ts", { kinds: ["expression"], max: 1 })), new MemoryFs({ "g.ts": "const a = f(1)\n" }))
    expect(nodes(ts).map((n) => n["text"])).toEqual(["f(1)"])
    const err = await run(query(q("bad.js", { kinds: ["ERROR"] })), mem)
    expect(nodes(err).length).toBeGreaterThan(0)
    expect(nodes(err)[0]).toMatchObject({ kind: "ERROR", span: { start_line: 1 } })
  })

  it("Python: a long run of comment lines (tree-sitter-python is quadratic on them) is parsed without it; its comments are nodes all the same", async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `    # note ${i}\n`).join("")
    const mem = new MemoryFs({ "long.py": `def f():\n${lines(3000)}    return 1\n` })
    const fn = await run(query(q("long.py", { kinds: ["function_definition", "return_statement"] })), mem)
    expect(nodes(fn).map((n) => [n["kind"], (n["span"] as { start_line: number; end_line: number }).start_line, (n["span"] as { end_line: number }).end_line])).toEqual([
      ["function_definition", 1, 3002], ["return_statement", 3002, 3002]
    ])
    // Every comment line is a node, with its own span and text (a CR included, as tree-sitter cuts it).
    const comments = await run(query(q("long.py", { kinds: ["comment", "return_statement"], max: 5000 })), mem)
    expect(nodes(comments)).toHaveLength(3001)
    expect(nodes(comments).slice(1499, 1501).map((n) => [n["text"], n["span"]])).toEqual([
      ["# note 1499", { start_line: 1501, start_col: 5, end_line: 1501, end_col: 16, start_byte: 22887, end_byte: 22898 }],
      ["# note 1500", { start_line: 1502, start_col: 5, end_line: 1502, end_col: 16, start_byte: 22903, end_byte: 22914 }]
    ])
    const crlf = await run(query(q("short.py", { kinds: ["comment"] })), new MemoryFs({ "short.py": "def f():\r\n    # a\r\n    # b\r\n    # c\r\n    return 1\r\n" }))
    expect(nodes(crlf).map((n) => [n["text"], (n["span"] as { end_col: number }).end_col])).toEqual([["# a\r", 9], ["# b\r", 9], ["# c\r", 9]])
  })

  it("an unknown kind: SPL-E121 with the grammar's close names; --list-kinds lists them", async () => {
    const mem = new MemoryFs({ "x.go": "package x\nfunc F() {}\n" })
    const r = await run(query(q("x.go", { kinds: ["function_definition"] })), mem)
    expect([r.exit, r.error?.code]).toEqual([2, "SPL-E121"])
    expect(r.error?.context).toMatchObject({ file: "x.go", language: "go", kind: "function_definition" })
    expect((r.error?.context as { did_you_mean: string[] }).did_you_mean).toContain("function_declaration")
    const list = await run(query(q("x.go", { listKinds: true })), mem)
    expect(list.last["named"]).toContain("function_declaration")
    expect(list.last["anonymous"]).toContain("func")
    expect(list.last["supertypes"]).toContain("_expression")
  })

  it("works on every language the gate knows: CSS, YAML, HCL, PHP", async () => {
    const mem = new MemoryFs({ "s.css": "a { color: red }\n", "c.yaml": "a: 1\nb: [2]\n", "main.tf": "resource \"x\" \"y\" {\n  n = 1\n}\n", "i.php": "<p><?php echo 1; ?></p>\n" })
    expect(nodes(await run(query(q("s.css", { kinds: ["declaration"] })), mem)).map((n) => n["text"])).toEqual(["color: red"])
    expect(nodes(await run(query(q("c.yaml", { kinds: ["block_mapping_pair"] })), mem))).toHaveLength(2)
    expect(nodes(await run(query(q("main.tf", { kinds: ["attribute"] })), mem)).map((n) => n["text"])).toEqual(["n = 1"])
    expect(nodes(await run(query(q("i.php", { kinds: ["echo_statement"] })), mem)).map((n) => n["text"])).toEqual(["echo 1;"])
  })

  it("refusals: no grammar (E010), no kind (E010), binary (E063), missing (E020), permission denied (E021), bad --max (E010)", async () => {
    const mem = new MemoryFs({ "notes.txt": "hi\n", "b.py": new Uint8Array([0x61, 0x00]), "p.py": "x = 1\n" })
    denied(mem, "p.py")
    const noGrammar = await run(query(q("notes.txt", { kinds: ["x"] })), mem)
    expect([noGrammar.exit, noGrammar.error?.code, noGrammar.error?.context]).toEqual([2, "SPL-E010", { file: "notes.txt" }])
    expect((await run(query(q("p.py", {})), mem)).exit).toBe(2)
    expect((await run(query(q("b.py", { kinds: ["module"] })), mem)).error?.code).toBe("SPL-E063")
    expect((await run(query(q("none.py", { kinds: ["module"] })), mem)).error?.code).toBe("SPL-E020")
    expect((await run(query(q("p.py", { kinds: ["module"] })), mem)).error?.code).toBe("SPL-E021")
    expect((await run(query(q("p.py", { kinds: ["module"], max: 0 })), new MemoryFs({ "p.py": "x\n" }))).exit).toBe(2)
  })
})

describe("splice read --lines past the end", () => {
  it("a range that starts past the last line is SPL-E120, not an empty success", async () => {
    const mem = new MemoryFs({ "seven.txt": "1\n2\n3\n4\n5\n6\n7\n" })
    const r = await run(read({ file: "seven.txt", lines: "9:12", numbered: false, maxBytes: DEFAULT_MAX_BYTES }), mem)
    expect([r.exit, r.error?.code, r.error?.context]).toEqual([6, "SPL-E120", { file: "seven.txt", from: 9, line_count: 7 }])
    expect(r.error?.message).toBe("--lines 9:12: seven.txt has 7 line(s), so line 9 is past its end")
    expect((await run(read({ file: "seven.txt", lines: "7:12", numbered: false, maxBytes: DEFAULT_MAX_BYTES }), mem)).last).toMatchObject({ content: "7\n", from: 7, to: 7 })
  })
})
