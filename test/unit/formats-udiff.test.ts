import fc from "fast-check"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import type { ChangeOp, ChangeSet, Hunk, ParseResult } from "../../src/domain/changeSet.js"
import { unifiedDiff } from "../../src/domain/diff.js"
import { parseUnifiedDiff } from "../../src/domain/formats/udiff.js"

// The fixtures were printed by git 2.39 and GNU diff 3.8 on two unpacked npm packages (ms@2.1.3,
// left-pad@1.3.0) after real changes: an edit in three places, a CRLF file, a file without a final
// newline, paths with a space and a non-ASCII letter, an added, a deleted, a renamed-and-changed and
// a purely renamed file, a mode change. before/ and after/ hold the touched files of both trees.
const dir = path.join(import.meta.dirname, "..", "fixtures", "formats", "udiff")
const fixture = (name: string) => fs.readFileSync(path.join(dir, name), "utf8")

const ok = (r: ParseResult): ChangeSet => {
  if (!r.ok) throw new Error(`expected a parse, got ${JSON.stringify(r.failure)}`)
  return r.changeSet
}
const failure = (r: ParseResult) => {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.changeSet)}`)
  return r.failure
}

/**
 * A strict applier, to check a parse against the trees it came from: each hunk's old side must sit
 * exactly at its line hint (shifted by the earlier hunks); line endings and final newlines as the
 * engine must keep them.
 */
const applyOps = (files: Map<string, string>, ops: ReadonlyArray<ChangeOp>): Map<string, string> => {
  const out = new Map(files)
  const linesOf = (text: string) => {
    const eol = text.includes("\r\n") ? "\r\n" : "\n"
    const lines = text.split(eol)
    const final = text.endsWith(eol) || text === ""
    if (final) lines.pop()
    return { eol, lines, final }
  }
  const patch = (text: string, hunks: ReadonlyArray<Hunk>) => {
    const { eol, lines, final } = linesOf(text)
    let shift = 0
    let ends = final
    for (const h of hunks) {
      const at = h.lineHint! - 1 + shift
      expect(lines.slice(at, at + h.old.length)).toEqual(h.old)
      if (h.oldNoNewlineAtEnd === true) expect(at + h.old.length).toBe(lines.length)
      lines.splice(at, h.old.length, ...h.new)
      shift += h.new.length - h.old.length
      if (h.newNoNewlineAtEnd === true) ends = false
      else if (h.oldNoNewlineAtEnd === true) ends = true
    }
    return lines.join(eol) + (ends && lines.length > 0 ? eol : "")
  }
  for (const op of ops) {
    switch (op.kind) {
      case "patch": {
        const text = out.get(op.file)
        expect(text, op.file).toBeDefined()
        out.delete(op.file)
        out.set(op.moveTo ?? op.file, patch(text!, op.hunks))
        break
      }
      case "create":
        expect(out.has(op.file)).toBe(false)
        out.set(op.file, op.content)
        break
      case "delete":
        expect(linesOf(out.get(op.file)!).lines).toEqual(op.expectLines)
        out.delete(op.file)
        break
      case "move":
        out.set(op.to, out.get(op.from)!)
        out.delete(op.from)
        break
      default:
        throw new Error(`a udiff never gives ${op.kind}`)
    }
  }
  return out
}

const readTree = (root: string): Map<string, string> => {
  const files = new Map<string, string>()
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const p = rel === "" ? e.name : `${rel}/${e.name}`
      if (e.isDirectory()) walk(p)
      else files.set(p, fs.readFileSync(path.join(root, p), "utf8"))
    }
  }
  walk("")
  return files
}

const MS_HUNKS: Hunk[] = [
  {
    old: ["var h = m * 60;", "var d = h * 24;", "var w = d * 7;", "var y = d * 365.25;", "", "/**", " * Parse or format the given `val`."],
    new: ["var h = m * 60;", "var d = h * 24;", "var w = d * 7;", "var y = d * 365.25; // a Julian year", "", "/**", " * Parse or format the given `val`."],
    anchors: [],
    lineHint: 7,
    origin: { line: 87 }
  },
  {
    old: ["function parse(str) {", "  str = String(str);", "  if (str.length > 100) {", "    return;", "  }", "  var match = /^(-?(?:\\d+)?\\.?\\d+) *(milliseconds?|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)?$/i.exec(", "    str"],
    new: ["function parse(str) {", "  str = String(str);", "  if (str.length > 100) {", "    // Longer inputs are refused: the regex below is not worth running on them.", "    return undefined;", "  }", "  var match = /^(-?(?:\\d+)?\\.?\\d+) *(milliseconds?|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)?$/i.exec(", "    str"],
    anchors: [],
    lineHint: 48,
    origin: { line: 96 }
  },
  {
    old: [" * Pluralization helper.", " */", "", "function plural(ms, msAbs, n, name) {", "  var isPlural = msAbs >= n * 1.5;", "  return Math.round(ms / n) + ' ' + name + (isPlural ? 's' : '');"],
    new: [" * Pluralization helper.", " */", "", "/** Pluralization helper. */", "function plural(ms, msAbs, n, name) {", "  var isPlural = msAbs >= n * 1.5;", "  return Math.round(ms / n) + ' ' + name + (isPlural ? 's' : '');"],
    anchors: [],
    lineHint: 156,
    origin: { line: 106 }
  }
]

describe("parseUnifiedDiff on real git diff -M output", () => {
  const set = ok(parseUnifiedDiff(fixture("git-M.diff")))

  it("gives the exact change set: quoted and spaced paths, CRLF, no final newline, add, delete, rename with and without changes, mode change", () => {
    expect(set).toEqual({
      format: "udiff",
      ops: [
        { kind: "patch", file: "docs dir/café.txt", hunks: [{ old: ["café"], new: ["café au lait"], anchors: [], lineHint: 1, origin: { line: 5 } }], origin: { line: 1 } },
        { kind: "patch", file: "docs dir/read me.md", hunks: [{ old: ["alpha", "beta", "gamma"], new: ["alpha", "BETA", "gamma"], anchors: [], lineHint: 1, origin: { line: 12 } }], origin: { line: 8 } },
        { kind: "delete", file: "left-pad/.travis.yml", expectLines: ["language: node_js", "node_js:", ' - "6"', ' - "5"', ' - "4"', ' - "0.12"'], origin: { line: 17 } },
        {
          kind: "patch",
          file: "left-pad/NOTICE.txt",
          hunks: [{ old: ["Copyright line one", "line two", "line three", "line four"], new: ["Copyright line one", "line 2", "line three", "line four"], anchors: [], lineHint: 1, origin: { line: 33 } }],
          origin: { line: 29 }
        },
        {
          kind: "patch",
          file: "left-pad/perf/perf.js",
          moveTo: "left-pad/bench/perf.js",
          hunks: [
            {
              old: ["'use strict';", "var oN = require('./O(n)');", "var es6Repeat = require('./es6Repeat');", "var current = require('../');", "", "var Benchmark = require('benchmark');"],
              new: ["'use strict';", "var oN = require('../perf/O(n)');", "var es6Repeat = require('../perf/es6Repeat');", "var current = require('../');", "", "var Benchmark = require('benchmark');"],
              anchors: [],
              lineHint: 1,
              origin: { line: 46 }
            }
          ],
          origin: { line: 39 }
        },
        { kind: "create", file: "left-pad/lib/repeat.js", content: "'use strict';\n\nmodule.exports = function repeat(ch, n) {\n  return new Array(n + 1).join(ch);\n};\n", origin: { line: 55 } },
        {
          kind: "patch",
          file: "left-pad/no-eol.ts",
          hunks: [{ old: ["export const x = 1", "export const y = 2"], new: ["export const x = 1", "export const y = 3"], anchors: [], lineHint: 1, oldNoNewlineAtEnd: true, newNoNewlineAtEnd: true, origin: { line: 70 } }],
          origin: { line: 66 }
        },
        // left-pad/test.js (line 75): a mode change only, no op.
        { kind: "move", from: "ms/license.md", to: "ms/LICENSE.md", origin: { line: 79 } },
        { kind: "patch", file: "ms/index.js", hunks: MS_HUNKS, origin: { line: 83 } }
      ]
    })
  })

  it("rebuilds the new tree from the old one", () => {
    expect(applyOps(readTree(path.join(dir, "before")), set.ops)).toEqual(readTree(path.join(dir, "after")))
  })

  it("parses the same diff with CRLF line endings throughout (a diff saved on Windows) to the same change set", () => {
    expect(parseUnifiedDiff(fixture("git-M.diff").replace(/\r?\n/g, "\r\n"))).toEqual(parseUnifiedDiff(fixture("git-M.diff")))
  })
})

describe("parseUnifiedDiff on real diff -ruN output", () => {
  const set = ok(parseUnifiedDiff(fixture("diff-ruN.diff")))

  it("strips the two tree names, reads the epoch timestamp as a missing file, and renames become delete + create", () => {
    expect(set.ops.map((op) => [op.kind, op.kind === "move" ? op.from : op.file, op.origin.line])).toEqual([
      ["patch", "docs dir/café.txt", 2],
      ["patch", "docs dir/read me.md", 8],
      ["delete", "left-pad/.travis.yml", 16],
      ["patch", "left-pad/NOTICE.txt", 26],
      ["create", "left-pad/bench/perf.js", 35],
      ["create", "left-pad/lib/repeat.js", 79],
      ["patch", "left-pad/no-eol.ts", 88],
      ["delete", "left-pad/perf/perf.js", 97],
      ["create", "ms/LICENSE.md", 141],
      ["patch", "ms/index.js", 166],
      ["delete", "ms/license.md", 196]
    ])
    // The same hunks as git's, at their own input lines.
    const ms = set.ops[9] as Extract<ChangeOp, { kind: "patch" }>
    expect(ms.hunks).toEqual(MS_HUNKS.map((h, i) => ({ ...h, origin: { line: [168, 177, 187][i]! } })))
  })

  it("rebuilds the new tree from the old one", () => {
    expect(applyOps(readTree(path.join(dir, "before")), set.ops)).toEqual(readTree(path.join(dir, "after")))
  })
})

describe("parseUnifiedDiff: git format-patch output", () => {
  it("skips the mail headers and diffstat, and keeps the signature (`-- ` then the version) out of the last hunk", () => {
    const withoutOrigins = (set: ChangeSet) => JSON.parse(JSON.stringify(set, (k, v: unknown) => (k === "origin" ? undefined : v))) as unknown
    const mail = ok(parseUnifiedDiff(fixture("format-patch.eml")))
    expect(withoutOrigins(mail)).toEqual(withoutOrigins(ok(parseUnifiedDiff(fixture("git-M.diff")))))
    expect(mail.ops[0]!.origin.line).toBe(24)
  })
})

describe("parseUnifiedDiff: git's other headers", () => {
  it("an empty file added and a file deleted: create with no content, delete with every line", () => {
    const set = ok(parseUnifiedDiff(fixture("git-empty-added-and-deleted.diff")))
    expect(set.ops[0]).toEqual({ kind: "create", file: "left-pad/EMPTY", content: "", origin: { line: 1 } })
    const del = set.ops[1] as Extract<ChangeOp, { kind: "delete" }>
    expect([del.kind, del.file, del.origin.line, del.expectLines!.length]).toEqual(["delete", "ms/readme.md", 4, 59])
    // Markdown fences inside the file's lines are content, not fences around the diff.
    expect(del.expectLines!.filter((l) => l.startsWith("```"))).toEqual(["```js", "```", "```js", "```", "```js", "```"])
    expect(set.ops).toHaveLength(2)
  })

  it("refuses copies, naming the line", () => {
    expect(failure(parseUnifiedDiff(fixture("git-copy.diff")))).toEqual({
      line: 3,
      expected: "a change other than a copy: copies are not supported (write the new file as an added file)",
      found: "copy from left-pad/index.js"
    })
  })

  it("refuses binary files, with or without --binary", () => {
    expect(failure(parseUnifiedDiff(fixture("git-binary-empty.diff")))).toMatchObject({ line: 7, expected: "a text diff: binary patches are not supported", found: "Binary files /dev/null and b/left-pad/logo.bin differ" })
    expect(failure(parseUnifiedDiff(fixture("git-binary-patch.diff")))).toMatchObject({ line: 4, found: "GIT binary patch" })
    expect(failure(parseUnifiedDiff("Only in a: x\nBinary files a/logo.png and b/logo.png differ\n"))).toMatchObject({ line: 2, expected: "a text diff: binary files are not supported" })
  })

  it("an empty file with spaces and escapes in its quoted name", () => {
    const set = ok(parseUnifiedDiff('diff --git "a/sp ace\\t\\"q\\".txt" "b/sp ace\\t\\"q\\".txt"\nnew file mode 100644\nindex 0000000..e69de29\n'))
    expect(set.ops).toEqual([{ kind: "create", file: 'sp ace\t"q".txt', content: "", origin: { line: 1 } }])
    expect(ok(parseUnifiedDiff("diff --git a/d ir/x y b/d ir/x y\ndeleted file mode 100644\nindex e69de29..0000000\n")).ops).toEqual([{ kind: "delete", file: "d ir/x y", expectLines: [], origin: { line: 1 } }])
  })

  it("keeps names as they are in a git diff made with --no-prefix", () => {
    const set = ok(parseUnifiedDiff("diff --git a/x.ts a/x.ts\nindex 1..2 100644\n--- a/x.ts\n+++ a/x.ts\n@@ -1 +1 @@\n-1\n+2\n"))
    expect(set.ops[0]).toMatchObject({ kind: "patch", file: "a/x.ts" })
  })

  it("refuses a git section whose +++ names another file without rename headers, and a half rename", () => {
    expect(failure(parseUnifiedDiff("diff --git a/x b/y\n--- a/x\n+++ b/y\n@@ -1 +1 @@\n-1\n+2\n"))).toMatchObject({ line: 3, found: "y" })
    expect(failure(parseUnifiedDiff("diff --git a/x b/y\nsimilarity index 100%\nrename from x\n"))).toMatchObject({ line: 1, found: "only rename from" })
  })

  it("refuses a diff --git line followed by nothing it can use", () => {
    expect(failure(parseUnifiedDiff("diff --git a/x b/x\nindex 1..2\nhello\n"))).toMatchObject({ line: 3, found: "hello" })
    expect(failure(parseUnifiedDiff("diff --git a/x b/x\n"))).toMatchObject({ line: 2, found: "end of input" })
  })
})

describe("parseUnifiedDiff: what models write", () => {
  it("prose and fences around the diff, a miscounted hunk, an empty context line, bullets after the fence", () => {
    expect(ok(parseUnifiedDiff(fixture("model-fenced.md")))).toEqual({
      format: "udiff",
      ops: [
        {
          kind: "patch",
          file: "ms/index.js",
          hunks: [
            // Counted -10,3: four old lines follow, up to the next @@.
            { old: ["var w = d * 7;", "var y = d * 365.25;", "", "/**"], new: ["var w = d * 7;", "var y = d * 365.25; // a Julian year", "", "/**"], anchors: [], lineHint: 10, origin: { line: 6 } },
            {
              old: ["function parse(str) {", "  str = String(str);", "  if (str.length > 100) {", "    return;", "  }"],
              new: ["function parse(str) {", "  str = String(str);", "  if (str.length > 100) {", "    // Longer inputs are refused.", "    return undefined;", "  }"],
              anchors: [],
              lineHint: 48,
              origin: { line: 12 }
            }
          ],
          origin: { line: 4 }
        },
        { kind: "create", file: "left-pad/lib/repeat.js", content: "module.exports = function repeat(ch, n) {\n  return new Array(n + 1).join(ch);\n};\n", origin: { line: 25 } }
      ]
    })
  })

  it("uses the counts when they are consistent: a removed line that looks like a header stays in the hunk", () => {
    const text = "--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1,2 @@\n--- a/comment\n+++ b/comment\n select 1;\n"
    expect(ok(parseUnifiedDiff(text)).ops).toEqual([
      { kind: "patch", file: "q.sql", hunks: [{ old: ["-- a/comment", "select 1;"], new: ["++ b/comment", "select 1;"], anchors: [], lineHint: 1, origin: { line: 3 } }], origin: { line: 1 } }
    ])
  })

  it("reads past counts that are too small, stops at counts that are too large, and ignores separating blank lines", () => {
    const text = "--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n a\n-b\n+c\n d\n\n--- a/g\n+++ b/g\n@@ -1,9 +1,9 @@\n-x\n+y\n\n"
    const ops = ok(parseUnifiedDiff(text)).ops
    expect(ops.map((o) => (o as Extract<ChangeOp, { kind: "patch" }>).hunks.map((h) => [h.old, h.new]))).toEqual([
      [[["a", "b", "d"], ["a", "c", "d"]]],
      [[["x"], ["y"]]]
    ])
  })

  it("bare @@ headers: no line hint", () => {
    const set = ok(parseUnifiedDiff("--- a/f.py\n+++ b/f.py\n@@\n def f():\n-    return 1\n+    return 2\n@@ @@ class C\n-x = 1\n+x = 2\n"))
    const hunks = (set.ops[0] as Extract<ChangeOp, { kind: "patch" }>).hunks
    expect(hunks).toEqual([
      { old: ["def f():", "    return 1"], new: ["def f():", "    return 2"], anchors: [], origin: { line: 3 } },
      { old: ["x = 1"], new: ["x = 2"], anchors: [], origin: { line: 7 } }
    ])
  })

  it("a pure insertion (-5,0) hints the line after the one it follows", () => {
    const set = ok(parseUnifiedDiff("--- a/f\n+++ b/f\n@@ -5,0 +6,1 @@\n+new\n"))
    expect((set.ops[0] as Extract<ChangeOp, { kind: "patch" }>).hunks[0]).toEqual({ old: [], new: ["new"], anchors: [], lineHint: 6, origin: { line: 3 } })
  })

  it("diff -u between two names of one file (f.orig → f) picks the shorter name, as patch does", () => {
    const text = "--- src/f.c.orig\t2024-01-02 03:04:05.000000000 +0100\n+++ src/f.c\t2024-01-02 03:05:05.000000000 +0100\n@@ -1 +1 @@\n-a\n+b\n"
    expect(ok(parseUnifiedDiff(text)).ops[0]).toMatchObject({ kind: "patch", file: "src/f.c" })
  })

  it("differing top directories are dropped only from diff -r's timestamped headers", () => {
    expect(ok(parseUnifiedDiff("--- src/util.ts\n+++ lib/util.ts\n@@ -1 +1 @@\n-a\n+b\n")).ops[0]).toMatchObject({ file: "lib/util.ts" })
    const stamped = "--- old/src/util.ts\t2024-01-02 03:04:05 +0000\n+++ new/src/util.ts\t2024-01-02 03:04:06 +0000\n@@ -1 +1 @@\n-a\n+b\n"
    expect(ok(parseUnifiedDiff(stamped)).ops[0]).toMatchObject({ file: "src/util.ts" })
  })

  it("diff -N's epoch in another time zone still means a missing file", () => {
    const text = "--- old/n.txt\t1970-01-01 01:00:00.000000000 +0100\n+++ new/n.txt\t2024-01-02 03:05:05.000000000 +0100\n@@ -0,0 +1 @@\n+hi\n\\ No newline at end of file\n"
    expect(ok(parseUnifiedDiff(text)).ops).toEqual([{ kind: "create", file: "n.txt", content: "hi", origin: { line: 1 } }])
  })
})

describe("parseUnifiedDiff: refusals name the input line", () => {
  const cases: Array<[string, string, number, string]> = [
    ["no diff at all", "Sure! I changed the file.\n", 1, "Sure! I changed the file."],
    ["empty input", "", 1, "no diff"],
    ["a hunk before any file header", "intro\n@@ -1 +1 @@\n-a\n+b\n", 2, "@@ -1 +1 @@"],
    ["a malformed hunk header", "--- a/f\n+++ b/f\n@@ -1,2 +1,2\n a\n", 3, "@@ -1,2 +1,2"],
    ["a file header without hunks", "--- a/f\n+++ b/f\n--- a/g\n+++ b/g\n@@ -1 +1 @@\n-a\n+b\n", 3, "--- a/g"],
    ["a hunk header without lines", "--- a/f\n+++ b/f\n@@ -1 +1 @@\n@@ -3 +3 @@\n-a\n+b\n", 4, "@@ -3 +3 @@"],
    ["hunk lines after prose inside a file", "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\nthen also:\n+c\n", 7, "+c"],
    ["a no-newline marker first in a hunk", "--- a/f\n+++ b/f\n@@ -1 +1 @@\n\\ No newline at end of file\n-a\n+b\n", 4, "\\ No newline at end of file"],
    ["old lines after the old side ended", "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n\\ No newline at end of file\n-b\n+c\n", 6, "-b"],
    ["context in a new file", "--- /dev/null\n+++ b/f\n@@ -0,0 +1,2 @@\n ctx\n+a\n", 3, "context or removed lines"],
    ["added lines in a deleted file", "--- a/f\n+++ /dev/null\n@@ -1 +1 @@\n-a\n+b\n", 3, "context or added lines"],
    ["/dev/null on both sides", "--- /dev/null\n+++ /dev/null\n@@ -0,0 +1 @@\n+a\n", 1, "no file on either side"],
    ["a bad escape in a quoted path", '--- "a/x\\q"\n+++ "b/x"\n@@ -1 +1 @@\n-a\n+b\n', 1, '"a/x\\q"'],
    ["an unclosed quoted path", '--- a/x\n+++ "b/x\n@@ -1 +1 @@\n-a\n+b\n', 2, '"b/x']
  ]
  for (const [name, text, line, found] of cases) {
    it(name, () => {
      const f = failure(parseUnifiedDiff(text))
      expect([f.line, f.found]).toEqual([line, found])
      expect(f.expected.length).toBeGreaterThan(0)
    })
  }
})

describe("parseUnifiedDiff of the repo's own unifiedDiff", () => {
  const line = fc.string({ unit: fc.constantFrom("a", "b", " ", "-", "+", "\\", "@"), maxLength: 4 })
  const text = fc.tuple(fc.array(line, { maxLength: 12 }), fc.constantFrom("\n", "\r\n"), fc.boolean()).map(([lines, eol, final]) => lines.join(eol) + (final && lines.length > 0 ? eol : ""))

  it("gives hunks whose old and new sides rebuild both texts", () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const diff = unifiedDiff(before, after, "f.txt")
        fc.pre(diff !== "")
        // Line endings are not part of a hunk line: compare texts with LF and without a changed ending alone.
        const norm = (t: string) => t.replace(/\r\n/g, "\n")
        fc.pre(norm(before) !== norm(after))
        const set = ok(parseUnifiedDiff(diff))
        expect(set.ops).toHaveLength(1)
        const op = set.ops[0]!
        expect(op.kind).toBe("patch")
        const rebuilt = applyOps(new Map([["f.txt", norm(before)]]), set.ops).get("f.txt")
        expect(rebuilt).toBe(norm(after))
      }),
      { numRuns: 500 }
    )
  })

  it("reads a removed `- ` line that ends a miscounted diff as a removed line, not a mail signature", () => {
    const diff = unifiedDiff("- \n", "", "f.txt")
    expect(diff.endsWith("\n-- \n")).toBe(true)
    expect(parseUnifiedDiff(diff.replace("@@ -1,1 +0,0 @@", "@@ -1,0 +0,0 @@"))).toEqual(parseUnifiedDiff(diff))
    expect(ok(parseUnifiedDiff(diff)).ops).toEqual([{ kind: "patch", file: "f.txt", hunks: [{ old: ["- "], new: [], anchors: [], lineHint: 1, origin: { line: 3 } }], origin: { line: 1 } }])
  })

  it("gives the same hunks when every @@ count is wrong (models miscount)", () => {
    fc.assert(
      fc.property(text, text, fc.nat(6), fc.nat(6), (before, after, a, b) => {
        const diff = unifiedDiff(before.replace(/\r\n/g, "\n"), after.replace(/\r\n/g, "\n"), "f.txt")
        fc.pre(diff !== "")
        // A removed `-- x` next to an added `++ y` reads as a file header once counts cannot be trusted.
        fc.pre(!diff.split("\n").slice(2).some((l, i, all) => l.startsWith("--- ") && all[i + 1]?.startsWith("+++ ") === true))
        const miscounted = diff.replace(/^@@ -(\d+),\d+ \+(\d+),\d+ @@$/gm, `@@ -$1,${a} +$2,${b} @@`)
        expect(parseUnifiedDiff(miscounted)).toEqual(parseUnifiedDiff(diff))
      }),
      { numRuns: 500 }
    )
  })
})

describe("parseUnifiedDiff: hunks straight after diff --git", () => {
  it("takes the names from the diff --git line when the ---/+++ lines are missing", () => {
    expect(ok(parseUnifiedDiff("diff --git a/src/x.ts b/src/x.ts\n@@ -1 +1 @@\n-a\n+b\n")).ops).toEqual([
      { kind: "patch", file: "src/x.ts", hunks: [{ old: ["a"], new: ["b"], anchors: [], lineHint: 1, origin: { line: 2 } }], origin: { line: 1 } }
    ])
    expect(ok(parseUnifiedDiff("diff --git a/n.txt b/n.txt\nnew file mode 100644\n@@ -0,0 +1 @@\n+hi\n")).ops).toEqual([{ kind: "create", file: "n.txt", content: "hi\n", origin: { line: 1 } }])
  })
})

// Printed by git 2.39 for a change to src/x.ts and a/y.ts (a top-level directory named `a`).
describe("git's other prefixes", () => {
  const files = (diff: string) => ok(parseUnifiedDiff(diff)).ops.map((o) => (o.kind === "patch" ? o.file : o.kind))
  it("takes `git diff -R` (b/ before a/), diff.mnemonicPrefix (i/, w/) and --no-prefix (the names as they are)", () => {
    expect(files("diff --git b/a/y.ts a/a/y.ts\nindex 7692e7d..b68fde2 100644\n--- b/a/y.ts\n+++ a/a/y.ts\n@@ -1 +1 @@\n-K\n+k\ndiff --git b/src/x.ts a/src/x.ts\nindex 99b356d..814f4a4 100644\n--- b/src/x.ts\n+++ a/src/x.ts\n@@ -1,2 +1,2 @@\n one\n-2\n+two\n")).toEqual(["a/y.ts", "src/x.ts"])
    expect(files("diff --git i/a/y.ts w/a/y.ts\nindex b68fde2..7692e7d 100644\n--- i/a/y.ts\n+++ w/a/y.ts\n@@ -1 +1 @@\n-k\n+K\ndiff --git i/src/x.ts w/src/x.ts\nindex 814f4a4..99b356d 100644\n--- i/src/x.ts\n+++ w/src/x.ts\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n")).toEqual(["a/y.ts", "src/x.ts"])
    expect(files("diff --git a/y.ts a/y.ts\nindex b68fde2..7692e7d 100644\n--- a/y.ts\n+++ a/y.ts\n@@ -1 +1 @@\n-k\n+K\ndiff --git src/x.ts src/x.ts\nindex 814f4a4..99b356d 100644\n--- src/x.ts\n+++ src/x.ts\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n")).toEqual(["a/y.ts", "src/x.ts"])
  })
})
