/**
 * The syntax gate's verdict in the built CLI under Node and Deno: TypeScript's parser (shipped as
 * dist/grammars/typescript-parser.cjs, loaded only when tree-sitter blames an edit) lets valid TypeScript
 * through, python3 catches the indentation errors tree-sitter-python accepts, and a broken brace in
 * Go reports a short list, nearest the edit first.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { ensureBuilt, runSync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const EFFECT = path.join(import.meta.dirname, "../fixtures/effect-3.22.4")

describe.each(runtimes)("the syntax gate in the built CLI under $name", (rt) => {
  let ws: string
  const file = (p: string) => fs.readFileSync(path.join(ws, p), "utf8")
  const run = (args: string[], input?: string) =>
    runSync(rt, [...args, "--validate", "syntax", "--workspace", ws], { cwd: ws, ...(input !== undefined ? { input } : {}) })
  beforeEach(() => {
    ws = tempWorkspace()
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("valid TypeScript that tree-sitter rejects is written; a real error is still blocked", () => {
    fs.writeFileSync(path.join(ws, "box.ts"), "export interface Box<A> {\n  readonly value: A\n}\n")
    const ok = run(["edit", "--file", "box.ts", "--replace-old", "Box<A>", "--replace-new", "Box<in out A>"])
    expect(ok.code).toBe(0)
    expect(ok.last["validation"]).toMatchObject({ status: "passed", parser: "typescript 5.9.3" })
    expect(file("box.ts")).toContain("Box<in out A>")

    const brand = fs.readFileSync(path.join(EFFECT, "Brand.ts"), "utf8")
    const written = run(["write", "--file", "Brand.ts"], brand)
    expect(written.code).toBe(0)
    expect(file("Brand.ts")).toBe(brand)

    const bad = run(["edit", "--file", "box.ts", "--replace-old", "readonly value: A\n}", "--replace-new", "readonly value: A\n"])
    expect(bad.code).toBe(5)
    expect(bad.last).toMatchObject({ code: "SPL-E042" })
    expect((bad.last["context"] as { errors: Array<{ message: string }> }).errors[0]!.message).toMatch(/'\}' expected/)
    expect(file("box.ts")).toContain("readonly value: A\n}")
  })

  it.runIf(rt.name === "node")("TypeScript's parser is compiled once into a V8 code cache, then reused; ordinary edits never load it", () => {
    const cache = fs.mkdtempSync(path.join(ws, "..", "splice-tscache-"))
    try {
      const edit = (from: string, to: string) =>
        runSync(rt, ["edit", "--validate", "syntax", "--workspace", ws, "--file", "box.ts", "--replace-old", from, "--replace-new", to], { cwd: ws, env: { SPLICE_CACHE_DIR: cache } })
      const caches = () => fs.readdirSync(cache).filter((f) => f.startsWith("typescript-"))
      fs.writeFileSync(path.join(ws, "box.ts"), "export interface Box<A> {\n  readonly value: A\n}\n")
      expect(edit("value: A", "value: A | null").last["validation"]).toMatchObject({ status: "passed", parser: "tree-sitter" })
      expect(caches()).toEqual([])
      expect(edit("Box<A>", "Box<out A>").last["validation"]).toMatchObject({ parser: "typescript 5.9.3" })
      expect(caches()).toHaveLength(1)
      const written = fs.statSync(path.join(cache, caches()[0]!)).mtimeMs
      expect(edit("Box<out A>", "Box<in out A>").last["validation"]).toMatchObject({ parser: "typescript 5.9.3" })
      // Accepted, so not written again.
      expect(fs.statSync(path.join(cache, caches()[0]!)).mtimeMs).toBe(written)
    } finally {
      fs.rmSync(cache, { recursive: true, force: true })
    }
  })

  it("a big file's next edits are checked from the parse map its first edit kept; a broken one is still blocked", () => {
    const cache = fs.mkdtempSync(path.join(ws, "..", "splice-maps-"))
    try {
      const big = fs.readFileSync(path.join(import.meta.dirname, "../../node_modules/fast-check/lib/fast-check.js"), "utf8")
      fs.writeFileSync(path.join(ws, "lib.js"), big)
      const edit = (from: string, to: string) =>
        runSync(rt, ["edit", "--validate", "syntax", "--workspace", ws, "--file", "lib.js", "--replace-old", from, "--replace-new", to], { cwd: ws, env: { SPLICE_CACHE_DIR: cache } })
      const maps = () => fs.readdirSync(path.join(cache, "parse-maps"))
      const ok = edit("function isSubarrayOf(", "function isSubarrayOfRenamed(")
      expect(ok.last["validation"]).toMatchObject({ status: "passed", parser: "tree-sitter" })
      expect(maps()).toHaveLength(2) // before and after
      // Named by the edit's own checksums (the file has no BOM: its checksum is its text's BLAKE3).
      for (const sum of [ok.last["checksum_before"], ok.last["checksum_after"]]) expect(maps().some((m) => m.endsWith(`-${sum}.json`))).toBe(true)
      const next = edit("isSubarrayOfRenamed(", "isSubarrayOf2(")
      expect(next.last["validation"]).toMatchObject({ status: "passed" })
      expect(maps()).toHaveLength(3)
      expect(maps().some((m) => m.endsWith(`-${file("lib.js").length}-${next.last["checksum_after"]}.json`))).toBe(true)
      const bad = edit("function isSubarrayOf2(", "function isSubarrayOf2((")
      expect(bad.last).toMatchObject({ code: "SPL-E042" })
      expect(file("lib.js")).toContain("function isSubarrayOf2(")
      expect(file("lib.js")).not.toContain("isSubarrayOf2((")
    } finally {
      fs.rmSync(cache, { recursive: true, force: true })
    }
  })

  it("a Python method dedented to 2 spaces in a 4-space class is blocked by python3", () => {
    const py = "class G:\n    def a(self):\n        return 1\n\n    def b(self):\n        return 2\n"
    fs.writeFileSync(path.join(ws, "g.py"), py)
    const r = run(["edit", "--file", "g.py", "--replace-old", "    def b(self):", "--replace-new", "  def b(self):"])
    expect(r.code).toBe(5)
    expect((r.last["context"] as { errors: unknown[] }).errors[0]).toMatchObject({ line: 5, message: "IndentationError: unindent does not match any outer indentation level" })
    expect(file("g.py")).toBe(py)
  })

  it("one unclosed brace in Go: at most 10 errors, nearest the edit first, the rest counted", () => {
    const funcs = Array.from({ length: 40 }, (_, i) => `func f${i}(a int) int {\n\tif a > ${i} {\n\t\treturn a\n\t}\n\treturn ${i}\n}\n`).join("\n")
    fs.writeFileSync(path.join(ws, "main.go"), `package main\n\n${funcs}`)
    const r = run(["edit", "--file", "main.go", "--replace-old", "if a > 3 {", "--replace-new", "if a > 3 {{", "--preview"])
    const v = r.last["validation"] as { status: string; errors: Array<{ line: number }>; errors_total: number; errors_omitted: number }
    expect(v.status).toBe("failed")
    expect(v.errors.length).toBeLessThanOrEqual(10)
    expect(v.errors_total).toBe(v.errors.length + v.errors_omitted)
    const distance = v.errors.map((e) => Math.abs(e.line - 25))
    expect(distance[0]).toBe(Math.min(...distance))
  })
})
