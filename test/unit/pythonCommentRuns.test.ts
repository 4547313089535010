import * as Effect from "effect/Effect"
import { existsSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { grammarForPath } from "../../src/domain/languages.js"
import { blankCommentRuns, blankedComments } from "../../src/domain/pythonCommentRuns.js"
import { Syntax } from "../../services/Syntax.js"

const python = grammarForPath("a.py")!
const run = <A>(e: Effect.Effect<A, unknown, Syntax>) => Effect.runPromise(Effect.provide(e, SyntaxLive))
/** Every node but comments, with its kind and span, as tree-sitter parses the text. */
const nodes = (text: string) =>
  run(Effect.flatMap(Syntax, (s) => s.query(python, text, "[(_) (ERROR)] @n"))).then((ms) =>
    ms.flat().filter((c) => c.type !== "comment").map((c) => `${c.type} ${c.start}-${c.end} ${c.startRow}:${c.startColumn}-${c.endRow}:${c.endColumn}`)
  )
const blankedLines = (text: string) => {
  const before = text.split("\n")
  return blankCommentRuns(text).split("\n").flatMap((l, i) => (l === before[i] ? [] : [i + 1]))
}

describe("blanking Python comment runs", () => {
  it("blanks a comment line between two of its indentation, across blank lines, keeping every offset", () => {
    const text = "def f():\n    x = 1\n    # one\n    # two\n\n    # three\n    # four\n    return x\n"
    const out = blankCommentRuns(text)
    expect(out.length).toBe(text.length)
    expect(blankedLines(text)).toEqual([4, 6])
    expect(out.split("\n")[3]).toBe("         ")
    expect(out.split("\n")[2]).toBe("    # one")
  })

  it("keeps the comments next to a change of indentation, and CRs", () => {
    const text = "if a:\r\n    b()\r\n    # in\r\n    # in\r\n# out\r\n# out\r\n# out\r\n    # in again\r\nc()\r\n"
    expect(blankedLines(text)).toEqual([6])
    expect(blankCommentRuns(text).split("\n")[5]).toBe("     \r")
  })

  it("leaves alone what looks like a comment inside strings, brackets and continued lines, and all after an unclosed bracket", () => {
    const cases = [
      "s = '''\n# a\n# b\n# c\n'''\n",
      "s = \"\"\"x\n# a\n# b\n# c\n\"\"\"\n",
      "s = 'x \\\n# a\n# b\n# c'\n",
      "t = (1,\n# a\n# b\n# c\n)\n",
      "u = [f'{x}#', r\"\\\"\"] + \\\n# a\n",
      "def broken(:\n    # a\n    # b\n    # c\n    pass\n"
    ]
    for (const text of cases) expect(blankCommentRuns(text)).toBe(text)
    // A string closed on its line does not hide what follows.
    expect(blankedLines("s = 'a # b' \"\"\"c\"\"\"\n# a\n# b\n# c\n")).toEqual([3])
  })

  it("parses to the same tree but the blanked comments, errors included", async () => {
    const text = [
      "class A:",
      "    def f(self):",
      "        # a",
      "        # b",
      "        # c",
      "    # d",
      "    # e",
      "    # f",
      "# g",
      "# h",
      "        # i",
      "        # j",
      "        # k",
      "    def g(self):",
      "        return (1,",
      "    # inside",
      "    # brackets",
      "    # too",
      "        )",
      "x = '''",
      "# in a string",
      "# in a string",
      "# in a string",
      "'''",
      "def broken():",
      "    x = = 1",
      "    # a",
      "    # b",
      "    # c",
      "    pass",
      ""
    ].join("\n")
    expect(blankedLines(text)).toEqual([4, 7, 12, 28])
    expect(await nodes(blankCommentRuns(text))).toEqual(await nodes(text))
  })

  it("each blanked comment is the comment node a parse of the whole text gives (CPython's files, LF and CRLF)", async () => {
    const comments = (text: string) => run(Effect.flatMap(Syntax, (s) => s.query(python, text, "(comment) @c"))).then((ms) => ms.flat().map((c) => `${c.start}-${c.end}`))
    const files = ["/usr/lib/python3.11/tarfile.py", "/usr/lib/python3.11/ssl.py", "/usr/lib/python3.11/pickletools.py"].filter((f) => existsSync(f))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      for (const text of [readFileSync(file, "utf8"), readFileSync(file, "utf8").replace(/\n/g, "\r\n")]) {
        const blanked = blankedComments(text)
        expect(blanked.length).toBeGreaterThan(0)
        const kept = await comments(blankCommentRuns(text, blanked))
        const all = [...kept, ...blanked.map((c) => `${c.start}-${c.end}`)].sort((a, b) => parseInt(a) - parseInt(b))
        expect(all).toEqual(await comments(text))
      }
    }
  })

  it("makes a long run of comments in a function cheap to parse for the gate and the graph", async () => {
    // 3,000 comment lines took tree-sitter-python over 30 s before (quadratic in its scanner).
    const text = "def f():\n" + Array.from({ length: 3000 }, (_, i) => `    # comment ${i} with a few words in it`).join("\n") + "\n    return 1\n"
    expect(blankedLines(text).length).toBe(2998)
    expect(await run(Effect.flatMap(Syntax, (s) => s.issues(python, text)))).toEqual([])
  })
})
