import { describe, expect, it } from "vitest"
import type { ChangeOp, Hunk } from "../../src/domain/changeSet.js"
import { applyChangeSet, type FileText } from "../../src/domain/changeEngine.js"
import { detectLineEnding } from "../../src/domain/lineEndings.js"
import { ALL_TIERS } from "../../src/domain/tolerantMatch.js"

const file = (text: string): FileText => ({ text, bom: false, lineEnding: detectLineEnding(text) })
const files = (o: Record<string, string | null>) => new Map(Object.entries(o).map(([k, v]) => [k, v === null ? null : file(v)]))
const hunk = (old: string[], neu: string[], extra: Partial<Hunk> = {}): Hunk => ({ old, new: neu, anchors: [], origin: { line: 1 }, ...extra })
const patch = (f: string, hunks: Hunk[], extra: Partial<Extract<ChangeOp, { kind: "patch" }>> = {}): ChangeOp => ({ kind: "patch", file: f, hunks, origin: { line: 1 }, ...extra })
const run = (ops: ChangeOp[], init: Record<string, string | null>, tiers = ALL_TIERS) => applyChangeSet(ops, files(init), { tiers })
const text = (r: ReturnType<typeof run>, f: string) => {
  if (!r.ok) throw new Error(`failed: ${JSON.stringify(r.failure)}`)
  const s = r.result.files.get(f)
  return s === null || s === undefined ? s : s.text
}

describe("the change engine", () => {
  it("replaces a hunk and keeps a CRLF file CRLF", () => {
    const r = run([patch("a.ts", [hunk(["const a = 1", "const b = 2"], ["const a = 1", "const b = 3"])])], { "a.ts": "const a = 1\r\nconst b = 2\r\nconst c = 3\r\n" })
    expect(text(r, "a.ts")).toBe("const a = 1\r\nconst b = 3\r\nconst c = 3\r\n")
  })

  it("keeps the endings of a mixed-ending file outside the change", () => {
    const r = run([patch("m.txt", [hunk(["two"], ["TWO", "two and a half"])])], { "m.txt": "one\r\ntwo\nthree\r\n" })
    expect(text(r, "m.txt")).toBe("one\r\nTWO\ntwo and a half\r\nthree\r\n")
  })

  it("searches each hunk after the one before (repeated context is fine in order)", () => {
    const src = "f() {\n  return 1\n}\ng() {\n  return 1\n}\n"
    const r = run([patch("x.js", [hunk(["f() {", "  return 1"], ["f() {", "  return 10"]), hunk(["  return 1", "}"], ["  return 20", "}"])])], { "x.js": src })
    expect(text(r, "x.js")).toBe("f() {\n  return 10\n}\ng() {\n  return 20\n}\n")
  })

  it("hunks listed bottom-up still apply when each is unique in the whole file", () => {
    const src = "a\nb\nc\nd\ne\n"
    const r = run([patch("x.txt", [hunk(["d"], ["D"]), hunk(["b"], ["B"])])], { "x.txt": src })
    expect(text(r, "x.txt")).toBe("a\nB\nc\nD\ne\n")
    // Above the previous hunk and repeated there: ambiguous, not the first one.
    // Bottom-up with line numbers: the lower hunk's added lines do not move the upper hunk's number.
    const src2 = "x\ny\nx\ny\nz\n"
    const hinted = run([patch("t.txt", [hunk(["z"], ["z", "1", "2"], { lineHint: 5 }), hunk(["x", "y"], ["X", "y"], { lineHint: 1 })])], { "t.txt": src2 })
    expect(text(hinted, "t.txt")).toBe("X\ny\nx\ny\nz\n1\n2\n")
    const twice = run([patch("x.txt", [hunk(["d"], ["D"]), hunk(["b"], ["B"])])], { "x.txt": "b\nb\nd\n" })
    expect(twice.ok ? "ok" : twice.failure.kind).toBe("ambiguous")
  })

  it("an ambiguous hunk fails with every line it matched, and nothing is changed", () => {
    const init = { "x.js": "a\nx\nb\nx\n", "y.js": "keep\n" }
    const r = run([patch("y.js", [hunk(["keep"], ["changed"])]), patch("x.js", [hunk(["x"], ["y"])])], init)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.failure).toMatchObject({ kind: "ambiguous", op: 1, hunk: 0, file: "x.js", tier: "exact", lines: [2, 4] })
  })

  it("a line number only breaks a tie between content matches; it never places a hunk alone", () => {
    const r = run([patch("x.js", [hunk(["x"], ["y"], { lineHint: 4 })])], { "x.js": "a\nx\nb\nx\n" })
    expect(text(r, "x.js")).toBe("a\nx\nb\ny\n")
    const wrong = run([patch("x.js", [hunk(["x"], ["y"], { lineHint: 3 })])], { "x.js": "a\nx\nb\nx\n" })
    expect(wrong.ok).toBe(false)
    const alone = run([patch("x.js", [hunk([], ["new"], { lineHint: 2 })])], { "x.js": "a\nb\n" })
    expect(alone.ok ? "ok" : alone.failure.kind).toBe("not_found")
  })

  it("anchors narrow the search to after their first occurrence", () => {
    const src = "class A:\n    def f(self):\n        return 1\nclass B:\n    def f(self):\n        return 1\n"
    const r = run([patch("m.py", [hunk(["    def f(self):", "        return 1"], ["    def f(self):", "        return 2"], { anchors: ["class B:"] })])], { "m.py": src })
    expect(text(r, "m.py")).toBe(src.replace(/return 1\n$/, "return 2\n"))
    // Repeated lines after a unique anchor: the first one after it is in the anchor's scope.
    const two = "def short(ms):\n    a = abs(ms)\ndef long(ms):\n    a = abs(ms)\n"
    const first = run([patch("t.py", [hunk(["    a = abs(ms)"], ["    b = abs(ms)"], { anchors: ["def long(ms):"] })])], { "t.py": two + two.replace(/def (\w+)/g, "def $1_2") })
    expect(text(first, "t.py")).toBe("def short(ms):\n    a = abs(ms)\ndef long(ms):\n    b = abs(ms)\n" + two.replace(/def (\w+)/g, "def $1_2"))
    // Without an anchor, or with an anchor that is itself repeated, that is still ambiguous.
    expect(run([patch("t.py", [hunk(["    a = abs(ms)"], ["    b"], { anchors: ["    a = abs(ms)"] })])], { "t.py": two + two }).ok).toBe(false)
    // Bottom-up anchored hunks: the second anchor is above the first hunk.
    const up = run([patch("m.py", [
      hunk(["    def f(self):", "        return 1"], ["    def f(self):", "        return 3"], { anchors: ["class B:"] }),
      hunk(["    def f(self):", "        return 1"], ["    def f(self):", "        return 2"], { anchors: ["class A:"] })
    ])], { "m.py": src })
    expect(text(up, "m.py")).toBe(src.replace("return 1", "return 2").replace(/return 1\n$/, "return 3\n"))
    const missing = run([patch("m.py", [hunk(["x"], ["y"], { anchors: ["class C:"] })])], { "m.py": src })
    expect(missing.ok ? "ok" : missing.failure.kind).toBe("anchor_not_found")
  })

  it("tolerates trailing whitespace and indentation, and reports the tier", () => {
    const src = "def f():\n\tx = 1   \n\treturn x\n"
    const r = run([patch("m.py", [hunk(["    x = 1", "    return x"], ["    x = 2", "    return x"])])], { "m.py": src })
    expect(text(r, "m.py")).toBe("def f():\n\tx = 2\n\treturn x\n")
    if (r.ok) expect(r.result.steps[0]).toMatchObject({ matchedWith: "indentation", lines: [2, 3] })
    const exact = run([patch("m.py", [hunk(["    x = 1", "    return x"], ["    x = 2", "    return x"])])], { "m.py": src }, ["exact"])
    expect(exact.ok ? "ok" : exact.failure.kind).toBe("not_found")
  })

  it("a hunk whose result is already there is a claim (the command wants evidence), not a change", () => {
    const r = run([patch("a.ts", [hunk(["const a = 1", "const b = 2"], ["const a = 1", "const b = 3"])])], { "a.ts": "const a = 1\nconst b = 3\n" })
    expect(r.ok).toBe(true)
    if (r.ok) {
      expect(r.result.claims).toEqual([{ op: 0, hunk: 0, file: "a.ts", old: "const a = 1\nconst b = 2", new: "const a = 1\nconst b = 3", line: 1 }])
      expect(r.result.edits).toEqual([])
      expect(text(r, "a.ts")).toBe("const a = 1\nconst b = 3\n")
    }
  })

  it("adds, deletes and moves files; a move onto an existing file fails", () => {
    const ops: ChangeOp[] = [
      { kind: "create", file: "new.ts", content: "export {}\n", origin: { line: 1 } },
      { kind: "delete", file: "old.ts", origin: { line: 2 } },
      patch("a.ts", [hunk(["1"], ["2"])], { moveTo: "b.ts" })
    ]
    const r = run(ops, { "new.ts": null, "old.ts": "x\n", "a.ts": "1\n", "b.ts": null })
    expect(text(r, "new.ts")).toBe("export {}\n")
    expect(text(r, "old.ts")).toBe(null)
    expect(text(r, "a.ts")).toBe(null)
    expect(text(r, "b.ts")).toBe("2\n")
    if (r.ok) expect([...r.result.moves]).toEqual([["b.ts", "a.ts"]])
    const onto = run([{ kind: "move", from: "a.ts", to: "b.ts", origin: { line: 1 } }], { "a.ts": "1\n", "b.ts": "2\n" })
    expect(onto.ok ? "ok" : onto.failure).toMatchObject({ kind: "exists", file: "b.ts" })
    const create = run([{ kind: "create", file: "a.ts", content: "x\n", origin: { line: 1 } }], { "a.ts": "1\n" })
    expect(create.ok ? "ok" : create.failure.kind).toBe("exists")
  })

  it("an empty SEARCH appends to an existing file, and a repeat is a claim", () => {
    const op: ChangeOp = { kind: "create", file: "a.py", content: "def g():\n    pass\n", origin: { line: 1 }, appendIfExists: true }
    const r = run([op], { "a.py": "x = 1" })
    expect(text(r, "a.py")).toBe("x = 1\ndef g():\n    pass\n")
    const again = run([op], { "a.py": "x = 1\ndef g():\n    pass\n" })
    expect(again.ok && again.result.claims.length).toBe(1)
  })

  it("deleting a file checks the content the patch shows", () => {
    const op: ChangeOp = { kind: "delete", file: "a.txt", expectLines: ["one", "two"], origin: { line: 1 } }
    expect(run([op], { "a.txt": "one\r\ntwo\r\n" }).ok).toBe(true)
    const r = run([op], { "a.txt": "one\nTWO\n" })
    expect(r.ok ? "ok" : r.failure).toMatchObject({ kind: "delete_mismatch", line: 2 })
  })

  it("follows udiff's no-newline markers at the end of the file", () => {
    const add = run([patch("a.txt", [hunk(["b"], ["b"], { oldNoNewlineAtEnd: true, newNoNewlineAtEnd: false })])], { "a.txt": "a\nb" })
    expect(text(add, "a.txt")).toBe("a\nb\n")
    const drop = run([patch("a.txt", [hunk(["b"], ["c"], { newNoNewlineAtEnd: true })])], { "a.txt": "a\nb\n" })
    expect(text(drop, "a.txt")).toBe("a\nc")
    const keep = run([patch("a.txt", [hunk(["b"], ["c"])])], { "a.txt": "a\nb" })
    expect(text(keep, "a.txt")).toBe("a\nc")
  })

  it("plan edits are exact first, then tolerant; inserts and line deletions use line numbers", () => {
    const ops: ChangeOp[] = [
      { kind: "edit", file: "a.ts", old: "let x = 1;", new: "let x = 2;", replaceAll: false, origin: { line: 1 } },
      { kind: "insert", file: "a.ts", content: "// top", at: { afterLine: 0 }, origin: { line: 2 } },
      { kind: "delete_lines", file: "a.ts", from: 3, to: 3, origin: { line: 3 } }
    ]
    const r = run(ops, { "a.ts": "let x = 1;\nlet y = 1;\nlet z = 1;\n" })
    expect(text(r, "a.ts")).toBe("// top\nlet x = 2;\nlet z = 1;\n")
    const curly = run([{ kind: "edit", file: "a.ts", old: "say(\u201chi\u201d)", new: "say(\"bye\")", replaceAll: false, origin: { line: 1 } }], { "a.ts": "say(\"hi\")\n" })
    expect(text(curly, "a.ts")).toBe("say(\"bye\")\n")
    if (curly.ok) expect(curly.result.steps[0]!.matchedWith).toBe("unicode")
  })

  it("a failure midway leaves the input maps untouched (the engine is pure)", () => {
    const init = files({ "a.ts": "1\n", "b.ts": "2\n" })
    const r = applyChangeSet([patch("a.ts", [hunk(["1"], ["one"])]), patch("b.ts", [hunk(["nope"], ["x"])])], init, { tiers: ALL_TIERS })
    expect(r.ok).toBe(false)
    expect(init.get("a.ts")!.text).toBe("1\n")
  })

  it("a missing file is reported with its op; deleting one is a claim (a retry, if splice removed it)", () => {
    const r = run([patch("gone.ts", [hunk(["a"], ["b"])])], { "gone.ts": null })
    expect(r.ok ? "ok" : r.failure).toEqual({ kind: "missing_file", op: 0, file: "gone.ts" })
    const d = run([{ kind: "delete", file: "gone.ts", origin: { line: 7 } }], { "gone.ts": null })
    expect(d.ok && d.result.claims).toEqual([{ op: 0, hunk: 0, file: "gone.ts", old: "", new: "", line: 0, removed: {} }])
  })
})
