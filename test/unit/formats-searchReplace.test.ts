import fc from "fast-check"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import type { ChangeOp, ParseResult } from "../../src/domain/changeSet.js"
import { parseSearchReplace } from "../../src/domain/formats/searchReplace.js"

/** A sample from test/fixtures/formats/search-replace (see SOURCES.md there for where each comes from). */
const sample = (name: string): string => readFileSync(new URL(`../fixtures/formats/search-replace/${name}`, import.meta.url), "utf8")

const ops = (result: ParseResult): ReadonlyArray<ChangeOp> => {
  if (!result.ok) throw new Error(`expected a change set, got line ${result.failure.line}: expected ${result.failure.expected}, found ${result.failure.found}`)
  expect(result.changeSet.format).toBe("search-replace")
  return result.changeSet.ops
}

const failure = (result: ParseResult) => {
  if (result.ok) throw new Error(`expected a parse failure, got ${JSON.stringify(result.changeSet)}`)
  return result.failure
}

/** The op one block makes: a whole-file search for `old`, replaced by `neu`. */
const patch = (file: string, line: number, old: string[], neu: string[]): ChangeOp => ({
  kind: "patch",
  file,
  hunks: [{ old, new: neu, anchors: [], origin: { line } }],
  origin: { line }
})

const create = (file: string, line: number, content: string): ChangeOp => ({ kind: "create", file, content, appendIfExists: true, origin: { line } })

describe("parseSearchReplace on Aider's own samples", () => {
  it("the path as the first line inside the fence (test_find_original_update_blocks)", () => {
    expect(ops(parseSearchReplace(sample("aider_fenced_path_inside.md")))).toEqual([patch("foo.txt", 6, ["Two"], ["Tooooo"])])
  })

  it("the path on the line before the fence (…_quote_below_filename)", () => {
    expect(ops(parseSearchReplace(sample("aider_path_before_fence.md")))).toEqual([patch("foo.txt", 6, ["Two"], ["Tooooo"])])
  })

  it("a block left open is refused at its SEARCH line (…_unclosed)", () => {
    expect(failure(parseSearchReplace(sample("aider_unclosed.md")))).toEqual({
      line: 6,
      expected: "'>>>>>>> REPLACE' closing the block that starts here",
      found: "end of input"
    })
  })

  it("a block with no path anywhere before it is refused (…_missing_filename)", () => {
    expect(failure(parseSearchReplace(sample("aider_missing_filename.md")))).toEqual({
      line: 5,
      expected: "a file path on the line before '<<<<<<< SEARCH' (or before its opening ``` fence)",
      found: "a blank line"
    })
  })

  it("four blocks for one file, no final newline (…_no_final_newline)", () => {
    const result = ops(parseSearchReplace(sample("aider_no_final_newline.md")))
    expect(result.map((op) => [op.kind, op.kind === "patch" ? op.file : "", op.origin.line])).toEqual([
      ["patch", "aider/coder.py", 3],
      ["patch", "aider/coder.py", 10],
      ["patch", "aider/coder.py", 19],
      ["patch", "aider/coder.py", 27]
    ])
    expect(result[3]).toEqual(patch("aider/coder.py", 27, ['            self.console.print("[red]Skipped commit.")'], ['            self.io.tool_error("Skipped commit.")']))
  })

  it("a second block without a path reuses the previous block's (test_incomplete_edit_block_missing_filename)", () => {
    const result = ops(parseSearchReplace(sample("aider_second_block_reuses_path.md")))
    expect(result.map((op) => (op.kind === "patch" ? [op.file, op.origin.line, op.hunks[0]!.old.length, op.hunks[0]!.new.length] : []))).toEqual([
      ["tests/test_repomap.py", 6, 3, 3],
      ["tests/test_repomap.py", 16, 9, 9]
    ])
  })

  it("prose such as '...' between blocks is ignored (…_mupltiple_same_file)", () => {
    expect(ops(parseSearchReplace(sample("aider_multiple_same_file.md")))).toEqual([
      patch("foo.txt", 6, ["one"], ["two"]),
      patch("foo.txt", 14, ["three"], ["four"])
    ])
  })

  it("DeepSeek's path in its own fence before the block's fence (test_deepseek_coder_v2_filename_mangling)", () => {
    expect(ops(parseSearchReplace(sample("aider_deepseek_filename_mangling.md")))).toEqual([patch("foo.txt", 8, ["one"], ["two"])])
  })

  it("an empty SEARCH creates the file, or appends to it (test_new_file_created_in_same_folder)", () => {
    expect(ops(parseSearchReplace(sample("aider_new_file_same_folder.md")))).toEqual([
      create("path/to/a/file2.txt", 6, "three\n"),
      patch("path/to/a/file1.txt", 16, ["one"], ["two"])
    ])
  })

  it("```sh and ```csharp fences are fences like any other", () => {
    const sh = ops(parseSearchReplace(sample("aider_sh_new_file.md")))
    expect(sh).toEqual([
      create(
        "test_hello.sh",
        6,
        '#!/bin/bash\n# Check if exactly one argument is provided\nif [ "$#" -ne 1 ]; then\n    echo "Usage: $0 <argument>" >&2\n    exit 1\nfi\n\n# Echo the first argument\necho "$1"\n\nexit 0\n'
      )
    ])
    expect(ops(parseSearchReplace(sample("aider_csharp.md")))).toEqual([
      patch("Program.cs", 6, ['Console.WriteLine("Hello World!");'], ['Console.WriteLine("Hello, C# World!");'])
    ])
  })

  it("Aider's own few-shot examples: three blocks on one file, a deletion, a new file", () => {
    expect(ops(parseSearchReplace(sample("aider_prompt_example_factorial.md")))).toEqual([
      patch("mathweb/flask/app.py", 11, ["from flask import Flask"], ["import math", "from flask import Flask"]),
      patch("mathweb/flask/app.py", 21, ['def factorial(n):', '    "compute factorial"', "", "    if n == 0:", "        return 1", "    else:", "        return n * factorial(n-1)", ""], []),
      patch("mathweb/flask/app.py", 36, ["    return str(factorial(n))"], ["    return str(math.factorial(n))"])
    ])
    expect(ops(parseSearchReplace(sample("aider_prompt_example_new_file.md")))).toEqual([
      create("hello.py", 10, 'def hello():\n    "print a greeting"\n\n    print("hello")\n'),
      patch("main.py", 21, ["def hello():", '    "print a greeting"', "", '    print("hello")'], ["from hello import hello"])
    ])
  })
})

describe("parseSearchReplace on what models write", () => {
  it("a bold path, CRLF line endings and tabs inside lines", () => {
    expect(ops(parseSearchReplace(sample("model_bold_path_crlf_tabs.md")))).toEqual([
      patch("src/app.py", 5, ["def greet():", '\treturn "hi"'], ["def greet():", '\treturn "hello"'])
    ])
  })

  it("several files, decorated paths (`path`:, # path), a new file, prose around", () => {
    expect(ops(parseSearchReplace(sample("model_several_files.md")))).toEqual([
      patch("src/config.ts", 5, ["export const load = (path: string) => read(path)"], ["export const load = (path: string) => parse(read(path))"]),
      patch("src/config.ts", 14, ['import { read } from "./fs.js"'], ['import { read } from "./fs.js"', 'import { parse } from "./parse.js"']),
      create("test/config.test.ts", 24, 'import { load } from "../src/config.js"\n')
    ])
  })

  it("'=======' inside a string is text; a bare '=======' line in REPLACE is text when >>>>>>> REPLACE follows", () => {
    expect(ops(parseSearchReplace(sample("model_equals_lines_in_content.md")))).toEqual([
      patch("docs/build.py", 3, ["def banner():", '    print("=======")'], ["def banner():", '    """', "    Build", "    =======", '    """', '    print("=======")'])
    ])
  })

  it("git conflict markers and *** lines are text: only SEARCH / REPLACE markers count", () => {
    const content = ["<<<<<<< HEAD", "*** Begin Patch", ">>>>>>> feature", "    ======= "]
    const text = ["merge.txt", "<<<<<<< SEARCH", ...content.slice(0, 3), "=======", ...content, ">>>>>>> REPLACE"].join("\n")
    expect(ops(parseSearchReplace(text))).toEqual([patch("merge.txt", 2, content.slice(0, 3), content)])
  })

  it("a bare '=======' line in SEARCH always ends SEARCH (as in Aider): the text cannot hold one", () => {
    const text = ["a.md", "<<<<<<< SEARCH", "Title", "=======", "old", "=======", "Title", "new", ">>>>>>> REPLACE"].join("\n")
    expect(ops(parseSearchReplace(text))).toEqual([patch("a.md", 2, ["Title"], ["old", "=======", "Title", "new"])])
  })

  it("marker variants Aider accepts: 5 to 9 marker characters, padding, SEARCH>, a REPLACE part closed by '======='", () => {
    const text = ["a.py", "  <<<<< SEARCH>  ", "x", "=========", "y", "  >>>>>>>>> REPLACE", "b.py", "<<<<<<<<< SEARCH", "p", "=====", "q", "=======", "", "c.py"].join("\n")
    expect(ops(parseSearchReplace(text))).toEqual([patch("a.py", 2, ["x"], ["y"]), patch("b.py", 8, ["p"], ["q"])])
  })

  it("markers Aider does not accept are text: 4 or 10 characters, other words, lower case", () => {
    for (const head of ["<<<< SEARCH", "<<<<<<<<<< SEARCH", "<<<<<<< HEAD", "<<<<<<< search"]) {
      expect(failure(parseSearchReplace(["a.py", head, "x", "=======", "y", ">>>>>>> REPLACE"].join("\n")))).toMatchObject({ line: 1 })
    }
  })

  it("a path is one word: a prose line or the previous block's marker just above a block is not a path", () => {
    const prose = ["Here is the fix:", "<<<<<<< SEARCH", "x", "=======", "y", ">>>>>>> REPLACE"].join("\n")
    expect(failure(parseSearchReplace(prose))).toEqual({
      line: 2,
      expected: "a file path on the line before '<<<<<<< SEARCH' (or before its opening ``` fence)",
      found: "Here is the fix:"
    })
    const chained = ["a.py", "```python", "<<<<<<< SEARCH", "x", "=======", "y", ">>>>>>> REPLACE", "```", "```python", "<<<<<<< SEARCH", "p", "=======", "q", ">>>>>>> REPLACE", "```"].join("\n")
    expect(ops(parseSearchReplace(chained))).toEqual([patch("a.py", 3, ["x"], ["y"]), patch("a.py", 10, ["p"], ["q"])])
  })

  it("the path must be on the line just above (or above fence lines only): a blank line in between hides it, as in Aider", () => {
    expect(failure(parseSearchReplace(["b.py", "", "<<<<<<< SEARCH", "x", "=======", "y", ">>>>>>> REPLACE"].join("\n")))).toMatchObject({ line: 3, found: "a blank line" })
    const reuse = ["a.py", "<<<<<<< SEARCH", "x", "=======", "y", ">>>>>>> REPLACE", "b.py", "", "```", "<<<<<<< SEARCH", "p", "=======", "q", ">>>>>>> REPLACE"].join("\n")
    expect(ops(parseSearchReplace(reuse))).toEqual([patch("a.py", 2, ["x"], ["y"]), patch("a.py", 10, ["p"], ["q"])])
  })

  it("decorations are stripped as Aider does, also when combined (**`a.py`**:)", () => {
    for (const line of ["**src/a.py**", "`src/a.py`", "# src/a.py", "### src/a.py", "src/a.py:", "**`src/a.py`**:", "```src/a.py"]) {
      expect(ops(parseSearchReplace([line, "<<<<<<< SEARCH", "x", "=======", "y", ">>>>>>> REPLACE"].join("\n")))).toEqual([patch("src/a.py", 2, ["x"], ["y"])])
    }
  })

  it("a whitespace-only SEARCH is empty (Aider: not before_text.strip()); an empty REPLACE creates an empty file", () => {
    expect(ops(parseSearchReplace(["new.txt", "<<<<<<< SEARCH", "  ", "=======", ">>>>>>> REPLACE"].join("\n")))).toEqual([create("new.txt", 2, "")])
  })
})

describe("parseSearchReplace refusals name the input line", () => {
  const refuse = (lines: string[]) => failure(parseSearchReplace(lines.join("\n")))

  it("no block at all", () => {
    expect(refuse(["Just prose."])).toEqual({ line: 1, expected: "at least one '<<<<<<< SEARCH' / '=======' / '>>>>>>> REPLACE' block", found: "Just prose." })
    expect(failure(parseSearchReplace(""))).toMatchObject({ line: 1, found: "end of input" })
  })

  it("a missing '=======': the next block's SEARCH or a REPLACE marker inside SEARCH, or the end of input", () => {
    expect(refuse(["a.py", "<<<<<<< SEARCH", "x", ">>>>>>> REPLACE"])).toEqual({
      line: 4,
      expected: "'=======' ending the SEARCH part of the block at line 2",
      found: ">>>>>>> REPLACE"
    })
    expect(refuse(["a.py", "<<<<<<< SEARCH", "x", "b.py", "<<<<<<< SEARCH"])).toMatchObject({ line: 5, found: "<<<<<<< SEARCH" })
    expect(refuse(["a.py", "<<<<<<< SEARCH", "x"])).toEqual({
      line: 2,
      expected: "'=======' then '>>>>>>> REPLACE' closing the block that starts here",
      found: "end of input"
    })
  })

  it("a missing '>>>>>>> REPLACE' before the next block", () => {
    expect(refuse(["a.py", "<<<<<<< SEARCH", "x", "=======", "y", "", "b.py", "<<<<<<< SEARCH", "p", "=======", "q", ">>>>>>> REPLACE"])).toEqual({
      line: 8,
      expected: "'>>>>>>> REPLACE' closing the block at line 2",
      found: "<<<<<<< SEARCH"
    })
  })
})

describe("parseSearchReplace round trip", () => {
  const line = fc.stringMatching(/^[a-z =<>`*#\t"():]{0,14}$/).filter((l) => !/^\s*(<{5,9} SEARCH>?|={5,9}|>{5,9} REPLACE)\s*$/.test(l))
  const block = fc.record({
    path: fc.stringMatching(/^[a-z]{1,6}(\/[a-z]{1,6}){0,2}\.[a-z]{1,3}$/),
    decoration: fc.constantFrom("{}", "**{}**", "`{}`", "# {}", "{}:", "```{}"),
    fenced: fc.constantFrom("none", "path-outside", "path-inside"),
    search: fc.array(line, { minLength: 1, maxLength: 4 }).filter((s) => s.some((l) => l.trim() !== "")),
    replace: fc.array(line, { maxLength: 4 }),
    prose: fc.constantFrom("", "Now the next change.", "...")
  })

  it("generated blocks rendered the ways models write them parse back to the same ops", () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 5 }), fc.constantFrom("\n", "\r\n"), (blocks, eol) => {
        const out: string[] = []
        const expected: ChangeOp[] = []
        for (const b of blocks) {
          if (b.prose !== "") out.push(b.prose, "")
          const pathLine = b.decoration.replace("{}", b.path)
          if (b.fenced === "none") out.push(pathLine)
          if (b.fenced === "path-outside") out.push(pathLine, "```python")
          if (b.fenced === "path-inside") out.push("```python", pathLine)
          const head = out.length + 1
          out.push("<<<<<<< SEARCH", ...b.search, "=======", ...b.replace, ">>>>>>> REPLACE")
          if (b.fenced !== "none") out.push("```")
          out.push("")
          expected.push(patch(b.path, head, b.search, b.replace))
        }
        expect(ops(parseSearchReplace(out.join(eol)))).toEqual(expected)
      })
    )
  })
})
