/**
 * `splice patch`, `splice insert` and `splice delete` as real processes under Node and Deno, run from
 * a nested subdirectory with paths relative to it: a body patched from stdin (CRLF and tabs kept),
 * code inserted at the end of a class, a delete refused while another file uses the symbol, a
 * delete of an unused method, and undo taking the last change back.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const SHAPES = [
  "/** A circle. */",
  "export class Circle {",
  "\tconstructor(readonly r: number) {}",
  "",
  "\tarea(): number {",
  "\t\treturn 3 * this.r * this.r",
  "\t}",
  "",
  "\t/** Unused. */",
  "\told(): number {",
  "\t\treturn 0",
  "\t}",
  "}",
  ""
].join("\r\n")
const USE = "import { Circle } from \"../../geo/shapes\"\nexport const a = new Circle(2).area()\n"

describe.each(runtimes)("splice patch/insert/delete under $name", (rt) => {
  it("from a nested subdirectory: patch, insert, a refused delete, a delete, undo", async () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    fs.mkdirSync(path.join(ws, "src/geo"), { recursive: true })
    fs.mkdirSync(path.join(ws, "src/app/deep"), { recursive: true })
    fs.writeFileSync(path.join(ws, "src/geo/shapes.ts"), SHAPES)
    fs.writeFileSync(path.join(ws, "src/app/deep/use.ts"), USE)
    const cwd = path.join(ws, "src/app/deep")
    const file = "../../geo/shapes.ts"
    const read = () => fs.readFileSync(path.join(ws, "src/geo/shapes.ts"), "utf8")
    const run = (args: string[], input?: string) => runAsync(rt, [...args, "--output", "json"], { cwd, ...(input !== undefined ? { input } : {}) })

    const p = await run(["patch", "--file", file, "--symbol", "Circle.area", "--body", "--with", "-"], "    const pi = 3.14159\n    return pi * this.r ** 2\n")
    expect(p.code, p.stdout + p.stderr).toBe(0)
    expect(p.last).toMatchObject({ command: "patch", file: "src/geo/shapes.ts", part: "body", lines: { from: 6, to: 7 }, line_ending: "crlf" })
    const patched = SHAPES.replace("\t\treturn 3 * this.r * this.r\r\n", "\t\tconst pi = 3.14159\r\n\t\treturn pi * this.r ** 2\r\n")
    expect(read()).toBe(patched)

    const i = await run(["insert", "--file", file, "--in", "Circle", "--content", "diameter(): number {\n  return 2 * this.r\n}"])
    expect(i.last).toMatchObject({ command: "insert", position: "in", lines: { from: 15, to: 17 } })
    const inserted = patched.replace("\t\treturn 0\r\n\t}\r\n}", "\t\treturn 0\r\n\t}\r\n\r\n\tdiameter(): number {\r\n\t\treturn 2 * this.r\r\n\t}\r\n}")
    expect(read()).toBe(inserted)

    const refused = await run(["delete", "--file", file, "--symbol", "Circle"])
    expect([refused.code, refused.last["code"]]).toEqual([7, "SPL-E143"])
    expect(refused.last["context"]).toMatchObject({ references: [{ file: "src/app/deep/use.ts", line: 1, kind: "import" }, { file: "src/app/deep/use.ts", line: 2 }] })
    expect(read()).toBe(inserted)

    const d = await run(["delete", "--file", file, "--symbol", "Circle.old"])
    expect(d.last).toMatchObject({ command: "delete", changed: true, doc_comment: true, lines: { from: 10, to: 13 } })
    expect(read()).toBe(inserted.replace("\t/** Unused. */\r\n\told(): number {\r\n\t\treturn 0\r\n\t}\r\n\r\n", ""))

    const u = await run(["undo"])
    expect(u.last).toMatchObject({ command: "undo", undid: d.last["tx"], undid_command: "delete" })
    expect(read()).toBe(inserted)
    fs.rmSync(ws, { recursive: true, force: true })
  }, 120_000)
})
