/**
 * `splice patch`, `splice delete` and `splice insert` on the memory layers: the real parsers and
 * syntax gate, the journal and undo, a graph in memory for delete; every outcome line is checked
 * against its schema by run() and runGraph().
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { deleteSymbol, type DeleteConfig } from "../../src/commands/symbol/delete.js"
import { insert, type InsertConfig } from "../../src/commands/symbol/insert.js"
import { patch, type PatchConfig } from "../../src/commands/symbol/patch.js"
import { extract } from "../../src/commands/extract.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { undo } from "../../src/commands/undo.js"
import { emptyConfig } from "../../src/domain/projectConfig.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import type { CommandSpec } from "../../src/spec/command.js"
import { insertSpec, patchSpec } from "../../src/spec/commands/symbol.js"
import type { Params, Values } from "../../src/spec/param.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs, run } from "../support/memory.js"

const writing = { preview: false, showDiff: false, validate: "syntax" as const, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200 }
const patchCfg = (file: string, symbol: string, content: string, over: Partial<PatchConfig> = {}): PatchConfig => ({ file, symbol, content, body: false, ...writing, ...over })
const deleteCfg = (file: string, symbol: string, over: Partial<DeleteConfig> = {}): DeleteConfig => ({ file, symbol, force: false, ...writing, ...over })
const insertCfg = (file: string, position: InsertConfig["position"], symbol: string, content: string, over: Partial<InsertConfig> = {}): InsertConfig => ({ file, position, symbol, content, ...writing, ...over })

/** Transactions in the journal (each committed write leaves one directory under .splice/tx). */
const txCount = (mem: MemoryFs) => new Set([...mem.entries.keys()].filter((p) => p.startsWith("/ws/.splice/tx/")).map((p) => p.split("/")[4])).size

const BOX = `import { log } from "./log"

/** A box of numbers. */
@sealed
export class Box {
\titems: number[] = []

\t/** The first item. */
\t@memo
\tfirst(): number {
\t\treturn this.items[0]
\t}

\tsize(): number {
\t\treturn this.items.length
\t}
}

export function make(): Box {
\treturn new Box()
}
`.replace(/\n/g, "\r\n")

const SHAPES = `import math


class Circle:
    """A circle."""

    def __init__(self, r):
        self.r = r

    # The area.
    @property
    def area(self):
        return math.pi * self.r ** 2


class Square:
    def area(self):
        return 1


def unit():
    return Circle(1)
`

const GO = `package shapes

const (
\tA = 1
\tB = 2
)

type Point struct {
\tX int
}

// Len is the length.
func (p Point) Len() int {
\treturn p.X
}
`

const RUST = `pub struct P {
    a: i32,
}

/// Built by hand.
#[derive(Debug)]
impl P {
    pub fn new() -> Self {
        P { a: 1 }
    }
}

impl std::fmt::Display for P {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "P")
    }
}
`

describe("splice patch", () => {
  it("replaces a nested method, keeps its doc comment and decorator, the file's tabs and CRLF; undo restores it", async () => {
    const mem = new MemoryFs({ "src/box.ts": BOX })
    const r = await run(patch(patchCfg("src/box.ts", "Box.first", "first(): number | undefined {\n    return this.items.at(0)\n}\n")), mem)
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("src/box.ts")).toBe(BOX.replace("\tfirst(): number {\r\n\t\treturn this.items[0]", "\tfirst(): number | undefined {\r\n\t\treturn this.items.at(0)"))
    expect(r.last).toMatchObject({
      command: "patch", changed: true, file: "src/box.ts", part: "definition", leading: "kept", line_ending: "crlf",
      symbol: { name: "first", qualified_name: "Box.first", kind: "method", container: "Box", from: 8, to: 12 },
      lines: { from: 10, to: 12 }, validation: { status: "passed" }
    })
    expect(r.human).toContain("src/box.ts: replaced method Box.first (lines 10-12; the comments and decorators above it kept)")
    expect((await run(undo({ lockTimeoutMs: 200 }), mem)).exit).toBe(0)
    expect(mem.text("src/box.ts")).toBe(BOX)
  })

  it("new code that starts with its own doc comment or decorator replaces the old ones", async () => {
    const mem = new MemoryFs({ "shapes.py": SHAPES })
    const r = await run(patch(patchCfg("shapes.py", "Circle.area", "@cached_property\ndef area(self):\n    return math.pi * self.r * self.r\n")), mem)
    expect(r.last).toMatchObject({ leading: "replaced", lines: { from: 10, to: 12 } })
    expect(mem.text("shapes.py")).toBe(SHAPES.replace("    # The area.\n    @property\n    def area(self):\n        return math.pi * self.r ** 2", "    @cached_property\n    def area(self):\n        return math.pi * self.r * self.r"))
  })

  it("what extract prints, patched back, changes nothing", async () => {
    const mem = new MemoryFs({ "shapes.py": SHAPES, "src/box.ts": BOX })
    for (const [file, symbol] of [["shapes.py", "Circle.area"], ["src/box.ts", "Box.first"], ["src/box.ts", "Box"]] as const) {
      const x = await run(extract({ file, symbol, maxBytes: DEFAULT_MAX_BYTES }), mem)
      const r = await run(patch(patchCfg(file, symbol, String(x.last["text"]))), mem)
      expect(r.last, `${file} ${symbol}`).toMatchObject({ changed: false, tx: null, validation: { status: "skipped" } })
    }
    expect(mem.text("shapes.py")).toBe(SHAPES)
    expect(txCount(mem)).toBe(0)
  })

  it("--body: between the braces (TS, Go, Rust) or the block (Python), at the body's indentation", async () => {
    const mem = new MemoryFs({ "src/box.ts": BOX, "shapes.py": SHAPES, "p.go": GO, "p.rs": RUST })
    expect((await run(patch(patchCfg("src/box.ts", "make", "const b = new Box()\nreturn b", { body: true })), mem)).last).toMatchObject({ part: "body", lines: { from: 20, to: 21 } })
    expect(mem.text("src/box.ts")).toBe(BOX.replace("\treturn new Box()\r\n", "\tconst b = new Box()\r\n\treturn b\r\n"))
    await run(patch(patchCfg("shapes.py", "Square.area", "if self:\n    return 2\nreturn 1", { body: true })), mem)
    expect(mem.text("shapes.py")).toContain("    def area(self):\n        if self:\n            return 2\n        return 1\n\n\ndef unit")
    await run(patch(patchCfg("p.go", "Point.Len", "return p.X * 2", { body: true })), mem)
    expect(mem.text("p.go")).toBe(GO.replace("\treturn p.X\n", "\treturn p.X * 2\n"))
    await run(patch(patchCfg("p.rs", "P::new", "let a = 2;\nP { a }", { body: true })), mem)
    expect(mem.text("p.rs")).toBe(RUST.replace("        P { a: 1 }\n", "        let a = 2;\n        P { a }\n"))
  })

  it("--body of a Python function keeps its docstring unless the new body starts with one", async () => {
    const src = 'def f(x):\n    """Twice x."""\n    return x + x\n'
    const mem = new MemoryFs({ "m.py": src })
    const kept = await run(patch(patchCfg("m.py", "f", "return 2 * x", { body: true })), mem)
    expect(kept.last).toMatchObject({ part: "body", docstring: "kept", lines: { from: 3, to: 3 } })
    expect(mem.text("m.py")).toBe('def f(x):\n    """Twice x."""\n    return 2 * x\n')
    const replaced = await run(patch(patchCfg("m.py", "f", '"""Double."""\nreturn 2 * x', { body: true })), mem)
    expect(replaced.last).toMatchObject({ docstring: "replaced" })
    expect(mem.text("m.py")).toBe('def f(x):\n    """Double."""\n    return 2 * x\n')
  })

  it("--body of a Python function holding a long run of comment lines (tree-sitter-python is quadratic on them)", async () => {
    const run3000 = Array.from({ length: 3000 }, (_, i) => `    # step ${i}\n`).join("")
    const src = `def f(x):\n    """Twice x."""\n${run3000}    return x + x\n\n\ndef g():\n    return 1\n`
    const mem = new MemoryFs({ "m.py": src })
    const r = await run(patch(patchCfg("m.py", "f", "return 2 * x", { body: true })), mem)
    expect(r.last).toMatchObject({ part: "body", docstring: "kept" })
    expect(mem.text("m.py")).toBe('def f(x):\n    """Twice x."""\n    return 2 * x\n\n\ndef g():\n    return 1\n')
  })

  it("a missing file: SPL-E020; an unknown symbol: SPL-E001 with close names", async () => {
    const mem = new MemoryFs({ "src/box.ts": BOX })
    const missing = await run(patch(patchCfg("src/nope.ts", "x", "y")), mem)
    expect([missing.exit, missing.error?.code]).toEqual([4, "SPL-E020"])
    const unknown = await run(patch(patchCfg("src/box.ts", "Box.frist", "x")), mem)
    expect([unknown.exit, unknown.error?.code]).toEqual([6, "SPL-E001"])
    expect(unknown.error?.context).toMatchObject({ name: "Box.frist", file: "src/box.ts" })
    expect((unknown.error?.context as { did_you_mean: string[] }).did_you_mean[0]).toBe("Box.first")
  })

  it("an ambiguous name: SPL-E002 with the candidates; the qualified name or --kind picks one", async () => {
    const mem = new MemoryFs({ "shapes.py": SHAPES })
    const r = await run(patch(patchCfg("shapes.py", "area", "def area(self): return 0")), mem)
    expect([r.exit, r.error?.code]).toEqual([6, "SPL-E002"])
    expect(r.error?.context).toEqual({ name: "area", candidates: [
      { file: "shapes.py", line: 12, kind: "method", qualified_name: "Circle.area" },
      { file: "shapes.py", line: 17, kind: "method", qualified_name: "Square.area" }
    ] })
    expect((await run(patch(patchCfg("shapes.py", "Square.area", "def area(self): return 0")), mem)).exit).toBe(0)
  })

  it("--body of a definition without one: SPL-E144; a name declared with others: SPL-E146; nothing written", async () => {
    const mem = new MemoryFs({ "p.go": GO, "a.ts": "export const mul = (a: number, b: number) => a * b\n" })
    const arrow = await run(patch(patchCfg("a.ts", "mul", "return a", { body: true })), mem)
    expect([arrow.exit, arrow.error?.code, arrow.error?.context]).toEqual([6, "SPL-E144", { file: "a.ts", name: "mul", kind: "function", line: 1 }])
    const shared = await run(patch(patchCfg("p.go", "A", "const A = 3")), mem)
    expect([shared.exit, shared.error?.code]).toEqual([6, "SPL-E146"])
    expect(shared.error?.context).toMatchObject({ reason: "shared_declaration", shared: ["B"] })
    expect(mem.text("p.go")).toBe(GO)
  })

  it("new code that breaks the syntax: SPL-E042, nothing written, no transaction", async () => {
    const mem = new MemoryFs({ "src/box.ts": BOX })
    const r = await run(patch(patchCfg("src/box.ts", "make", "export function make(: Box {\n  return new Box()\n}")), mem)
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E042"])
    expect(mem.text("src/box.ts")).toBe(BOX)
    expect(txCount(mem)).toBe(0)
  })

  it("--preview shows the diff and writes nothing", async () => {
    const mem = new MemoryFs({ "shapes.py": SHAPES })
    const r = await run(patch(patchCfg("shapes.py", "unit", "def unit():\n    return Circle(2)\n", { preview: true })), mem)
    expect(r.last).toMatchObject({ preview: true, changed: false, would_change: true, would_succeed: true, tx: null })
    expect(String(r.last["diff"])).toContain("-    return Circle(1)\n+    return Circle(2)")
    expect(mem.text("shapes.py")).toBe(SHAPES)
    expect(txCount(mem)).toBe(0)
  })

  it("disk full while writing: SPL-E081, rolled back", async () => {
    const mem = new MemoryFs({ "shapes.py": SHAPES })
    mem.faults.push({ op: "write", path: "shapes.py", errno: "ENOSPC" })
    const r = await run(patch(patchCfg("shapes.py", "unit", "def unit():\n    return None")), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E081"])
    expect(mem.text("shapes.py")).toBe(SHAPES)
  })

  it("a stale --expect-checksum (SPL-E031), empty code (SPL-E012), a NUL byte (SPL-E069), a file without symbols (SPL-E010)", async () => {
    const mem = new MemoryFs({ "shapes.py": SHAPES, "notes.txt": "hello\n" })
    expect((await run(patch(patchCfg("shapes.py", "unit", "def unit(): pass", { expectChecksum: "0".repeat(64) })), mem)).error?.code).toBe("SPL-E031")
    expect((await run(patch(patchCfg("shapes.py", "unit", "\n  \n")), mem)).error?.code).toBe("SPL-E012")
    expect((await run(patch(patchCfg("shapes.py", "unit", "def unit(): return '\0'")), mem)).error?.code).toBe("SPL-E069")
    expect((await run(patch(patchCfg("notes.txt", "hello", "x")), mem)).error?.code).toBe("SPL-E010")
    expect(mem.text("shapes.py")).toBe(SHAPES)
  })
})

describe("splice delete", () => {
  it("removes a definition with its doc comment and decorator and one blank line; undo restores it", async () => {
    const mem = new MemoryFs({ "src/box.ts": BOX })
    const saved = new SavedGraph()
    const r = await runGraph(deleteSymbol(deleteCfg("src/box.ts", "Box.first")), mem, saved)
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(mem.text("src/box.ts")).toBe(BOX.replace("\t/** The first item. */\r\n\t@memo\r\n\tfirst(): number {\r\n\t\treturn this.items[0]\r\n\t}\r\n\r\n", ""))
    expect(r.last).toMatchObject({ command: "delete", changed: true, doc_comment: true, decorators: true, references: [], by_name: [], forced: false, lines: { from: 8, to: 12 } })
    expect(r.last["graph"]).toMatchObject({ refreshed: ["src/box.ts"] })
    expect((await runGraph(undo({ lockTimeoutMs: 200 }), mem, saved)).exit).toBe(0)
    expect(mem.text("src/box.ts")).toBe(BOX)
  })

  it("the last definition of a Python class keeps the two blank lines before the next top-level one", async () => {
    const mem = new MemoryFs({ "shapes.py": SHAPES })
    await runGraph(deleteSymbol(deleteCfg("shapes.py", "Circle.area")), mem, new SavedGraph())
    expect(mem.text("shapes.py")).toBe(SHAPES.replace("\n    # The area.\n    @property\n    def area(self):\n        return math.pi * self.r ** 2\n", ""))
  })

  it("refused while references exist (SPL-E143): exact ones and by-name ones told apart; --force deletes and lists them", async () => {
    const mem = new MemoryFs({
      "src/box.ts": BOX,
      "src/use.ts": "import { Box, make } from \"./box\"\nexport const n = make().size()\nexport const m = (b: any) => b.size()\nexport const k: Box = make()\n"
    })
    const saved = new SavedGraph()
    const r = await runGraph(deleteSymbol(deleteCfg("src/box.ts", "make")), mem, saved)
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E143"])
    expect(r.error?.context).toMatchObject({
      name: "make", qualified_name: "make", file: "src/box.ts",
      references: [{ file: "src/use.ts", line: 1, kind: "import" }, { file: "src/use.ts", line: 2, kind: "call" }, { file: "src/use.ts", line: 4, kind: "call" }],
      by_name: [], references_total: 3, by_name_total: 0
    })
    // A method called on values whose type the graph does not know: uses by name only.
    const method = await runGraph(deleteSymbol(deleteCfg("src/box.ts", "Box.size")), mem, saved)
    expect(method.error?.code).toBe("SPL-E143")
    expect(method.error?.context).toMatchObject({ references: [], by_name: [{ file: "src/use.ts", line: 2, kind: "call" }, { file: "src/use.ts", line: 3, kind: "call" }] })
    expect(mem.text("src/box.ts")).toBe(BOX)
    const forced = await runGraph(deleteSymbol(deleteCfg("src/box.ts", "make", { force: true })), mem, saved)
    expect(forced.last).toMatchObject({ changed: true, forced: true, references: [{ file: "src/use.ts", line: 1 }, { line: 2 }, { line: 4 }] })
    expect(mem.text("src/box.ts")).toBe(BOX.replace("}\r\n\r\nexport function make(): Box {\r\n\treturn new Box()\r\n}\r\n", "}\r\n"))
  })

  it("Rust: a function used only inside a macro_rules! body is refused (SPL-E143, a use by name of kind text)", async () => {
    const src = "fn divmod100(n: u32) -> u32 {\n    n / 100\n}\n\nmacro_rules! split {\n    ($x:expr) => {\n        divmod100($x)\n    };\n}\n\npub fn f() -> u32 {\n    split!(5)\n}\n"
    const mem = new MemoryFs({ "Cargo.toml": "[package]\nname = \"m\"\nversion = \"0.1.0\"\n", "src/lib.rs": src })
    const r = await runGraph(deleteSymbol(deleteCfg("src/lib.rs", "divmod100")), mem, new SavedGraph())
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E143"])
    expect(r.error?.context).toMatchObject({ references: [], by_name: [{ file: "src/lib.rs", line: 7, kind: "text" }] })
    expect(mem.text("src/lib.rs")).toBe(src)
  })

  it("a use by name counts in the languages that can reach the definition only: a TypeScript call of some b.size() does not hold up deleting a Python method", async () => {
    const mem = new MemoryFs({
      // Two TypeScript classes with size(): the graph cannot tell which b.size() calls (a use by name of each).
      "src/box.ts": "export class Box {\n  size() { return 1 }\n}\nexport class Crate {\n  size() { return 2 }\n}\n",
      "src/use.ts": "export const m = (b: any) => b.size()\n",
      "tools/shapes.py": "class A:\n    def name(self):\n        return 'a'\n\n    def size(self):\n        return 1\n\n\nclass B:\n    def size(self):\n        return 2\n"
    })
    const saved = new SavedGraph()
    const ts = await runGraph(deleteSymbol(deleteCfg("src/box.ts", "Box.size")), mem, saved)
    expect(ts.error?.context).toMatchObject({ references: [], by_name: [{ file: "src/use.ts", line: 1, kind: "call" }] })
    const py = await runGraph(deleteSymbol(deleteCfg("tools/shapes.py", "A.size")), mem, saved)
    expect([py.exit, py.error?.code, py.error?.message]).toEqual([0, undefined, undefined])
    expect(mem.text("tools/shapes.py")).toBe("class A:\n    def name(self):\n        return 'a'\n\n\nclass B:\n    def size(self):\n        return 2\n")
  })

  it("a member read the graph does not keep (a getter on a value of unknown type) is found as text: a use by name", async () => {
    const mem = new MemoryFs({
      "g.ts": "export class G {\n  get size(): number {\n    return 1\n  }\n}\n",
      "u.ts": "import { G } from \"./g\"\nexport const n = [new G()][0]!.size\nexport const sizes = n.sizes\n"
    })
    const r = await runGraph(deleteSymbol(deleteCfg("g.ts", "G.size")), mem, new SavedGraph())
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E143"])
    expect(r.error?.context).toMatchObject({ references: [], by_name: [{ file: "u.ts", line: 2, col: 32, kind: "text" }], by_name_total: 1 })
    expect(r.error?.message).toContain("at u.ts:2 (by name)")
  })

  it("a Rust impl block named `impl Type`, with its doc comment and attribute; an unknown impl lists those there are", async () => {
    const mem = new MemoryFs({ "p.rs": RUST })
    const r = await runGraph(deleteSymbol(deleteCfg("p.rs", "impl P")), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last).toMatchObject({ symbol: { name: "impl P", kind: "impl", from: 5, to: 11 }, doc_comment: true, decorators: true })
    expect(mem.text("p.rs")).toBe(RUST.replace(/\/\/\/ Built[^]*?\n}\n\n/, ""))
    const none = await runGraph(deleteSymbol(deleteCfg("p.rs", "impl Debug for P")), mem, new SavedGraph())
    expect([none.error?.code, none.error?.effectiveHint]).toEqual(["SPL-E001", "Its impl blocks: impl Display for P."])
  })

  it("--preview writes nothing; disk full rolls back (SPL-E081); an unknown symbol is SPL-E001", async () => {
    const mem = new MemoryFs({ "shapes.py": SHAPES })
    const saved = new SavedGraph()
    const p = await runGraph(deleteSymbol(deleteCfg("shapes.py", "Square", { preview: true })), mem, saved)
    expect(p.last).toMatchObject({ preview: true, would_succeed: true, tx: null })
    expect(mem.text("shapes.py")).toBe(SHAPES)
    expect(txCount(mem)).toBe(0)
    mem.faults.push({ op: "write", path: "shapes.py", errno: "ENOSPC" })
    const full = await runGraph(deleteSymbol(deleteCfg("shapes.py", "Square")), mem, saved)
    expect([full.exit, full.error?.code]).toEqual([9, "SPL-E081"])
    expect(mem.text("shapes.py")).toBe(SHAPES)
    mem.faults = []
    const unknown = await runGraph(deleteSymbol(deleteCfg("shapes.py", "Sqaure")), mem, saved)
    expect([unknown.exit, unknown.error?.code, unknown.error?.context]).toEqual([6, "SPL-E001", { name: "Sqaure", did_you_mean: ["Square"], file: "shapes.py" }])
  })
})

describe("splice insert", () => {
  it("after and before a definition (before its doc comment), at its indentation, with the file's tabs and CRLF", async () => {
    const mem = new MemoryFs({ "src/box.ts": BOX })
    const a = await run(insert(insertCfg("src/box.ts", "after", "Box.first", "last(): number {\n    return this.items[this.items.length - 1]\n}")), mem)
    expect(a.last).toMatchObject({ position: "after", lines: { from: 14, to: 16 } })
    const b = await run(insert(insertCfg("src/box.ts", "before", "Box.first", "empty(): boolean {\n  return this.items.length === 0\n}")), mem)
    expect(b.last).toMatchObject({ position: "before", lines: { from: 8, to: 10 } })
    expect(mem.text("src/box.ts")).toBe(BOX.replace(
      "\t/** The first item. */",
      "\tempty(): boolean {\r\n\t\treturn this.items.length === 0\r\n\t}\r\n\r\n\t/** The first item. */"
    ).replace("\t\treturn this.items[0]\r\n\t}\r\n", "\t\treturn this.items[0]\r\n\t}\r\n\r\n\tlast(): number {\r\n\t\treturn this.items[this.items.length - 1]\r\n\t}\r\n"))
  })

  it("--in: at the end of a class, a Python class, a Go struct and a Rust impl", async () => {
    const mem = new MemoryFs({ "src/box.ts": BOX, "shapes.py": SHAPES, "p.go": GO, "p.rs": RUST })
    await run(insert(insertCfg("src/box.ts", "in", "Box", "clear(): void {\n  this.items = []\n}")), mem)
    expect(mem.text("src/box.ts")).toContain("\t\treturn this.items.length\r\n\t}\r\n\r\n\tclear(): void {\r\n\t\tthis.items = []\r\n\t}\r\n}\r\n")
    await run(insert(insertCfg("shapes.py", "in", "Square", "def side(self):\n    return 1")), mem)
    expect(mem.text("shapes.py")).toContain("class Square:\n    def area(self):\n        return 1\n\n    def side(self):\n        return 1\n\n\ndef unit")
    await run(insert(insertCfg("p.go", "in", "Point", "Y int")), mem)
    expect(mem.text("p.go")).toContain("type Point struct {\n\tX int\n\tY int\n}")
    const r = await run(insert(insertCfg("p.rs", "in", "impl P", "pub fn zero() -> Self {\n    P { a: 0 }\n}")), mem)
    expect(r.last).toMatchObject({ symbol: { name: "impl P", kind: "impl" } })
    expect(mem.text("p.rs")).toContain("        P { a: 1 }\n    }\n\n    pub fn zero() -> Self {\n        P { a: 0 }\n    }\n}\n")
  })

  it("a definition with no sibling to copy the spacing from: two blank lines at a Python file's top level (PEP 8), else one", async () => {
    const mem = new MemoryFs({ "m.py": "def only():\n    return 0\n", "k.py": "class K:\n    def only(self):\n        return 0\n" })
    await run(insert(insertCfg("m.py", "after", "only", "def other():\n    return 1")), mem)
    expect(mem.text("m.py")).toBe("def only():\n    return 0\n\n\ndef other():\n    return 1\n")
    await run(insert(insertCfg("k.py", "before", "K.only", "def other(self):\n    return 1")), mem)
    expect(mem.text("k.py")).toBe("class K:\n    def other(self):\n        return 1\n\n    def only(self):\n        return 0\n")
  })

  it("--in a function: SPL-E145; next to a definition that shares its line: SPL-E146; broken code: SPL-E042; nothing written", async () => {
    const mem = new MemoryFs({ "a.ts": "const c = 1; const d = 2\nexport function f() {}\n" })
    const notContainer = await run(insert(insertCfg("a.ts", "in", "f", "const x = 1")), mem)
    expect([notContainer.exit, notContainer.error?.code, notContainer.error?.context]).toEqual([6, "SPL-E145", { file: "a.ts", name: "f", kind: "function", line: 2 }])
    const shared = await run(insert(insertCfg("a.ts", "after", "c", "const e = 3")), mem)
    expect([shared.exit, shared.error?.code]).toEqual([6, "SPL-E146"])
    expect(shared.error?.context).toMatchObject({ reason: "shared_line" })
    const broken = await run(insert(insertCfg("a.ts", "after", "f", "function g( {}")), mem)
    expect(broken.error?.code).toBe("SPL-E042")
    expect(mem.text("a.ts")).toBe("const c = 1; const d = 2\nexport function f() {}\n")
    expect(txCount(mem)).toBe(0)
  })

  it("--preview writes nothing; disk full rolls back (SPL-E081)", async () => {
    const mem = new MemoryFs({ "shapes.py": SHAPES })
    const p = await run(insert(insertCfg("shapes.py", "before", "unit", "def zero():\n    return Circle(0)", { preview: true })), mem)
    expect(p.last).toMatchObject({ preview: true, would_succeed: true })
    expect(String(p.last["diff"])).toContain("+def zero():\n+    return Circle(0)\n+\n+\n def unit():")
    expect(mem.text("shapes.py")).toBe(SHAPES)
    mem.faults.push({ op: "write", path: "shapes.py", errno: "ENOSPC" })
    const full = await run(insert(insertCfg("shapes.py", "before", "unit", "def zero():\n    return Circle(0)")), mem)
    expect([full.exit, full.error?.code]).toEqual([9, "SPL-E081"])
    expect(mem.text("shapes.py")).toBe(SHAPES)
  })
})

/** A spec's values as a surface would pass them: defaults, then the given ones. */
const values = <P extends Params>(spec: CommandSpec<P, any>, given: Partial<Values<P>>): Values<P> => {
  const out: Record<string, unknown> = {}
  for (const [key, p] of Object.entries(spec.params)) out[key] = p.defaultValue
  return { ...out, ...given } as Values<P>
}
const noConfig = <R>(program: Effect.Effect<unknown, SpliceError, R>) =>
  program.pipe(Effect.provide(Layer.succeed(ProjectConfig, { load: Effect.succeed(emptyConfig) })))

describe("the new code and the position, as the specs read them", () => {
  it("--with - reads stdin, --with FILE a file, --content the text; none, or two, is SPL-E010; empty stdin SPL-E012", async () => {
    const mem = new MemoryFs({ "m.py": "def f():\n    return 1\n" })
    expect((await run(noConfig(patchSpec.run(values(patchSpec, { file: "m.py", symbol: "f", with: "-", body: true, lockTimeout: 0.2 }))), mem, { stdin: "return 2\n" })).exit).toBe(0)
    expect(mem.text("m.py")).toBe("def f():\n    return 2\n")
    expect((await run(noConfig(patchSpec.run(values(patchSpec, { file: "m.py", symbol: "f", with: "new.py", lockTimeout: 0.2 }))), mem, { files: { "new.py": "def f():\n    return 3\n" } })).exit).toBe(0)
    expect(mem.text("m.py")).toBe("def f():\n    return 3\n")
    expect((await run(noConfig(patchSpec.run(values(patchSpec, { file: "m.py", symbol: "f" }))), mem)).error?.code).toBe("SPL-E010")
    expect((await run(noConfig(patchSpec.run(values(patchSpec, { file: "m.py", symbol: "f", content: "x", with: "-" }))), mem)).error?.code).toBe("SPL-E010")
    expect((await run(noConfig(patchSpec.run(values(patchSpec, { file: "m.py", symbol: "f", with: "-" }))), mem, { stdin: "" })).error?.code).toBe("SPL-E012")
  })

  it("insert takes exactly one of --after-symbol, --before-symbol and --in", async () => {
    const mem = new MemoryFs({ "m.py": "def f():\n    return 1\n" })
    const none = await run(noConfig(insertSpec.run(values(insertSpec, { file: "m.py", content: "x = 1" }))), mem)
    const two = await run(noConfig(insertSpec.run(values(insertSpec, { file: "m.py", afterSymbol: "f", in: "f", content: "x = 1" }))), mem)
    expect([none.error?.code, two.error?.code]).toEqual(["SPL-E010", "SPL-E010"])
    expect((await run(noConfig(insertSpec.run(values(insertSpec, { file: "m.py", beforeSymbol: "f", content: "X = 1", lockTimeout: 0.2 }))), mem)).exit).toBe(0)
    expect(mem.text("m.py")).toBe("X = 1\n\n\ndef f():\n    return 1\n")
  })
})

describe("symbol edits keep the code valid and the neighbours' spacing", () => {
  it("delete: a Python class's (or function's) only statement gives way to `pass`, said in the result; undo restores", async () => {
    const text = "class A:\n    def only(self):\n        return 1\n\n\nclass B:\n    \"\"\"Doc.\"\"\"\n\n    def m(self):\n        return 2\n\n\ndef outer():\n    # a note\n    def inner():\n        return 3\n"
    const mem = new MemoryFs({ "a.py": text })
    const saved = new SavedGraph()
    const r = await runGraph(deleteSymbol(deleteCfg("a.py", "A.only")), mem, saved)
    expect(r.last).toMatchObject({ changed: true, placeholder: "pass" })
    expect(r.human).toContain("`pass` left in its place")
    expect(mem.text("a.py")).toBe(text.replace("    def only(self):\n        return 1\n", "    pass\n"))
    // A docstring is a statement: no pass.
    const doc = await runGraph(deleteSymbol(deleteCfg("a.py", "B.m")), mem, saved)
    expect(doc.last["placeholder"]).toBeUndefined()
    expect(mem.text("a.py")).toContain("class B:\n    \"\"\"Doc.\"\"\"\n\n\ndef outer():")
    await runGraph(deleteSymbol(deleteCfg("a.py", "inner")), mem, saved)
    // The comment right above a definition is its own and goes with it.
    expect(mem.text("a.py")).toMatch(/def outer\(\):\n    pass\n$/)
    for (let i = 0; i < 3; i++) await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(mem.text("a.py")).toBe(text)
  })

  it("insert --in an enum whose last member has no trailing comma adds the comma (TypeScript, Rust; a trailing comment stays after it)", async () => {
    const mem = new MemoryFs({
      "c.ts": "export enum Color {\n  Red,\n  Green // the green\n}\n\nenum One { A }\n",
      "e.rs": "pub enum E {\n    A,\n    B { x: u8 }\n}\n\npub struct S {\n    a: u8\n}\n",
      "t.ts": "enum T {\n  X = \"http://x\",\n  Y = \"a//b\"\n}\n"
    })
    await run(insert(insertCfg("c.ts", "in", "Color", "Blue")), mem)
    expect(mem.text("c.ts")).toContain("export enum Color {\n  Red,\n  Green, // the green\n  Blue\n}\n")
    await run(insert(insertCfg("c.ts", "in", "One", "B")), mem)
    expect(mem.text("c.ts")).toContain("enum One {\n  A,\n  B\n}")
    await run(insert(insertCfg("t.ts", "in", "T", "Z = \"z\"")), mem)
    expect(mem.text("t.ts")).toBe("enum T {\n  X = \"http://x\",\n  Y = \"a//b\",\n  Z = \"z\"\n}\n")
    await run(insert(insertCfg("e.rs", "in", "E", "C,")), mem)
    expect(mem.text("e.rs")).toContain("pub enum E {\n    A,\n    B { x: u8 },\n    C,\n}")
    await run(insert(insertCfg("e.rs", "in", "S", "b: u8,")), mem)
    expect(mem.text("e.rs")).toContain("pub struct S {\n    a: u8,\n    b: u8,\n}")
  })

  it("insert --in follows the neighbours' spacing: no blank line between members that have none, JSDoc blocks or not", async () => {
    const text = "export interface P {\n  /**\n   * The client.\n   */\n  client: string\n  /**\n   * Children.\n   */\n  children?: number\n}\n"
    const mem = new MemoryFs({ "p.ts": text })
    await run(insert(insertCfg("p.ts", "in", "P", "/** New. */\nnext: boolean")), mem)
    expect(mem.text("p.ts")).toBe(text.replace("  children?: number\n", "  children?: number\n  /** New. */\n  next: boolean\n"))
  })

  it("Rust: Type.member names an impl's member as Type::member does", async () => {
    const mem = new MemoryFs({ "lib.rs": "pub struct Buffer {}\n\nimpl Buffer {\n    pub fn format(&self) -> u8 {\n        1\n    }\n}\n" })
    const r = await run(patch(patchCfg("lib.rs", "Buffer.format", "2", { body: true })), mem)
    expect(r.last).toMatchObject({ changed: true, symbol: { qualified_name: "Buffer::format" } })
    expect(mem.text("lib.rs")).toContain("    pub fn format(&self) -> u8 {\n        2\n    }")
  })
})
