/**
 * The syntax gate's verdict is true: no false errors on valid TS/JS (tree-sitter-typescript 0.23.2
 * rejects variance annotations and line-leading call signatures; TypeScript's parser decides), and
 * Python's verdict agrees with python3's own parser (tree-sitter-python accepts indentation errors).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { ProcessRunnerLive } from "../../layers/live/ProcessRunnerLive.js"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { ValidatorLive } from "../../layers/live/ValidatorLive.js"
import { ProcessRunnerScripted, ScriptedTools } from "../../layers/memory/ProcessRunnerScripted.js"
import { grammarForPath } from "../../src/domain/languages.js"
import { Syntax } from "../../services/Syntax.js"
import { type ValidationInput, Validator, type Verdict } from "../../services/Validator.js"

const live = ValidatorLive.pipe(Layer.provide(Layer.merge(SyntaxLive, ProcessRunnerLive)))
const validate = (input: Omit<ValidationInput, "mode">, layer: Layer.Layer<Validator> = live): Promise<Verdict> =>
  Effect.runPromise(Effect.flatMap(Validator, (v) => v.validate({ ...input, mode: "syntax" })).pipe(Effect.provide(layer)))
const treeSitterErrors = (file: string, text: string) =>
  Effect.runPromise(Effect.flatMap(Syntax, (s) => s.issues(grammarForPath(file)!, text)).pipe(Effect.provide(SyntaxLive)))

const EFFECT = path.join(import.meta.dirname, "../fixtures/effect-3.22.4")
const effectFiles = fs.readdirSync(EFFECT).filter((f) => f.endsWith(".ts"))

describe("TypeScript and JavaScript: no false errors", () => {
  it.each(effectFiles)("effect's %s passes as a new file and as an edit that adds it all", async (name) => {
    const text = fs.readFileSync(path.join(EFFECT, name), "utf8")
    // The premise: tree-sitter alone calls this valid file broken.
    expect((await treeSitterErrors(name, text)).length).toBeGreaterThan(0)
    for (const before of [null, ""]) {
      const v = await validate({ path: `src/${name}`, before, after: text })
      expect(v).toMatchObject({ status: "passed", parser: "typescript 5.9.3", errors: [] })
    }
  })

  it("an edit that adds a variance annotation and a call signature passes", async () => {
    const before = "export interface Box<A> {\n  readonly value: A\n}\n"
    const after = "export interface Box<in out A> {\n  readonly value: A\n}\nexport interface Map {\n  <A>(f: (i: number) => A): Box<A>\n}\n"
    expect(await validate({ path: "box.ts", before, after })).toMatchObject({ status: "passed", parser: "typescript 5.9.3" })
  })

  it("a real error is still blocked, located by TypeScript, with where the open brace is", async () => {
    const before = "interface Box<out A> {\n  readonly value: A\n}\nexport const f = (a: number) => {\n  return a\n}\n"
    const after = before.replace("return a\n}", "return a\n")
    const v = await validate({ path: "box.ts", before, after })
    expect(v).toMatchObject({ status: "failed", parser: "typescript 5.9.3", errors_total: 1, errors_omitted: 0 })
    expect(v.errors[0]!.message).toMatch(/'\}' expected.*line 4/)
  })

  it("an error that was already there does not block an unrelated valid edit", async () => {
    const before = "interface Box<out A> { readonly value: A }\nconst x = (\nexport const y = 1\n"
    const after = before.replace("const y = 1", "const y = 2")
    const v = await validate({ path: "a.ts", before, after })
    expect(v.status).toBe("passed")
    expect(v.preexisting).toBeGreaterThan(0)
  })

  it("JavaScript: valid syntax tree-sitter rejects passes; TypeScript-only syntax in a .js file fails", async () => {
    const ok = "export class A {\n  accessor x = 1\n}\n"
    expect((await treeSitterErrors("a.js", ok)).length).toBeGreaterThan(0)
    expect(await validate({ path: "a.js", before: "", after: ok })).toMatchObject({ status: "passed", parser: "typescript 5.9.3" })
    const bad = "export class A {\n  accessor x = 1\n}\nlet n: number = 1\n"
    const v = await validate({ path: "a.js", before: ok, after: bad })
    expect(v).toMatchObject({ status: "failed", parser: "typescript 5.9.3" })
    expect(v.errors[0]).toMatchObject({ line: 4, message: "Type annotations can only be used in TypeScript files." })
  })

  it("TSX and JSX go through their own script kinds", async () => {
    const tsx = "import defer * as ns from './x'\nexport const C = <T,>(p: { v: T }) => <div>{String(p.v)}</div>\n"
    expect((await treeSitterErrors("c.tsx", tsx)).length).toBeGreaterThan(0)
    expect(await validate({ path: "c.tsx", before: null, after: tsx })).toMatchObject({ status: "passed", parser: "typescript 5.9.3" })
    const jsx = "import defer * as ns from './x'\nexport const C = () => <div>{ns.x}</div>\n"
    expect(await validate({ path: "c.jsx", before: null, after: jsx })).toMatchObject({ status: "passed", parser: "typescript 5.9.3" })
    expect(await validate({ path: "c.jsx", before: jsx, after: jsx + "const D = () => <div>\n" })).toMatchObject({ status: "failed" })
  })

  it("an ordinary valid edit never asks TypeScript's parser", async () => {
    const v = await validate({ path: "a.ts", before: "export const a = 1\n", after: "export const a = 2\n" })
    expect(v).toMatchObject({ status: "passed", parser: "tree-sitter" })
  })
})

const CLASS = "class Greeter:\n    def __init__(self):\n        self.name = 'x'\n\n    def greet(self):\n        return self.name\n"

describe("Python: the verdict agrees with python3", () => {
  it("a method dedented to 2 spaces in a 4-space class fails (tree-sitter accepts it)", async () => {
    const after = CLASS.replace("    def greet(self):\n        return", "  def greet(self):\n        return")
    expect(await treeSitterErrors("g.py", after)).toEqual([])
    const v = await validate({ path: "g.py", before: CLASS, after })
    expect(v).toMatchObject({ status: "failed", parser: expect.stringMatching(/^python 3\./), errors_total: 1 })
    expect(v.errors[0]).toMatchObject({ line: 5, message: "IndentationError: unindent does not match any outer indentation level" })
  })

  it("a class header replaced so its body is orphaned fails", async () => {
    const after = CLASS.replace("class Greeter:\n", "greeter = None\n")
    expect(await treeSitterErrors("g.py", after)).toEqual([])
    const v = await validate({ path: "g.py", before: CLASS, after })
    expect(v).toMatchObject({ status: "failed", parser: expect.stringMatching(/^python /) })
    expect(v.errors[0]).toMatchObject({ line: 2, message: "IndentationError: unexpected indent" })
  })

  it("a valid edit passes; an error that was there before does not block an edit elsewhere", async () => {
    expect(await validate({ path: "g.py", before: CLASS, after: CLASS.replace("'x'", "'y'") })).toMatchObject({ status: "passed", parser: expect.stringMatching(/^python /) })
    const broken = CLASS + "\ndef f(:\n    pass\n"
    const v = await validate({ path: "g.py", before: broken, after: broken.replace("'x'", "'y'") })
    expect(v).toMatchObject({ status: "passed", preexisting: 1 })
  })

  it("the workspace's modules are never imported: a file named like a stdlib module is only text", async () => {
    const dir = fs.mkdtempSync(path.join(process.env["TMPDIR"] ?? "/tmp", "splice-pyws-"))
    const cwd = process.cwd()
    try {
      fs.writeFileSync(path.join(dir, "json.py"), "import pathlib\npathlib.Path(__file__).with_name('RAN').write_text('x')\n")
      process.chdir(dir)
      const v = await validate({ path: "json.py", before: null, after: "x = (\n" })
      expect(v).toMatchObject({ status: "failed", parser: expect.stringMatching(/^python /) })
      expect(fs.existsSync(path.join(dir, "RAN"))).toBe(false)
    } finally {
      process.chdir(cwd)
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("a python3 in the workspace reached through a relative PATH entry is never run", async () => {
    const dir = fs.mkdtempSync(path.join(process.env["TMPDIR"] ?? "/tmp", "splice-pypath-"))
    const [cwd, PATH] = [process.cwd(), process.env["PATH"]]
    try {
      fs.writeFileSync(path.join(dir, "python3"), `#!/bin/sh\ntouch "${dir}/RAN"\n`, { mode: 0o755 })
      process.chdir(dir)
      process.env["PATH"] = `.${path.delimiter}${PATH}`
      const v = await validate({ path: "g.py", before: null, after: CLASS })
      expect(v).toMatchObject({ status: "passed", parser: expect.stringMatching(/^python 3\./) })
      expect(fs.existsSync(path.join(dir, "RAN"))).toBe(false)
    } finally {
      process.env["PATH"] = PATH
      process.chdir(cwd)
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  // pyenv picks the interpreter from .python-version where the user runs splice, though python3 runs elsewhere.
  const pyenv = path.join(process.env["PYENV_ROOT"] ?? path.join(process.env["HOME"] ?? "/", ".pyenv"))
  const py312 = fs.existsSync(path.join(pyenv, "versions")) ? fs.readdirSync(path.join(pyenv, "versions")).find((v) => v.startsWith("3.12")) : undefined
  it.runIf(py312 !== undefined && process.env["PYENV_VERSION"] === undefined)("with pyenv, the project's .python-version decides the Python (3.12 syntax passes under 3.12)", async () => {
    const dir = fs.mkdtempSync(path.join(process.env["TMPDIR"] ?? "/tmp", "splice-pyenv-"))
    const cwd = process.cwd()
    try {
      fs.writeFileSync(path.join(dir, ".python-version"), `${py312}\n`)
      process.chdir(dir)
      const v = await validate({ path: "t.py", before: null, after: "type Pair[T] = tuple[T, T]\n" })
      expect(v).toMatchObject({ status: "passed", parser: `python ${py312}` })
    } finally {
      process.chdir(cwd)
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("without python3, tree-sitter's verdict stands and the verdict says so", async () => {
    const noPython = ValidatorLive.pipe(Layer.provide(Layer.merge(SyntaxLive, ProcessRunnerScripted(new ScriptedTools([], () => ({}))))))
    const after = CLASS.replace("    def greet(self):\n        return", "  def greet(self):\n        return")
    const v = await validate({ path: "g.py", before: CLASS, after }, noPython)
    expect(v).toMatchObject({ status: "passed", parser: "tree-sitter" })
    expect(v.reason).toMatch(/python3 not found/)
  })
})

describe("errors nearest the edit first, capped", () => {
  it("one unclosed brace in Go: at most 10 errors, the rest counted", async () => {
    const funcs = Array.from({ length: 40 }, (_, i) => `func f${i}(a int) int {\n\tif a > ${i} {\n\t\treturn a\n\t}\n\treturn ${i}\n}\n`).join("\n")
    const before = `package main\n\n${funcs}`
    const after = before.replace("func f3(a int) int {\n\tif a > 3 {", "func f3(a int) int {\n\tif a > 3 {{")
    const v = await validate({ path: "main.go", before, after })
    expect(v.status).toBe("failed")
    expect(v.errors.length).toBeLessThanOrEqual(10)
    expect(v.errors_total).toBe(v.errors.length + v.errors_omitted!)
    // The first error shown is the one nearest the changed line (line 25).
    const lines = v.errors.map((e) => Math.abs(e.line - 25))
    expect(lines[0]).toBe(Math.min(...lines))
  })
})
