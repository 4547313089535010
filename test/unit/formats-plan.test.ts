import fc from "fast-check"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import type { ChangeOp, ChangeSet, ParseResult } from "../../src/domain/changeSet.js"
import { parsePlan } from "../../src/domain/formats/plan.js"

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "..", "fixtures", "formats", "plan", name), "utf8")

const ok = (r: ParseResult): ChangeSet => {
  if (!r.ok) throw new Error(`expected a parse, got ${JSON.stringify(r.failure)}`)
  return r.changeSet
}
const failure = (r: ParseResult) => {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.changeSet)}`)
  return r.failure
}

describe("parsePlan: the three shapes", () => {
  it('{"ops": [...]} with every op kind, aliases, and each op at the line it starts on', () => {
    expect(ok(parsePlan(fixture("all-ops.json")))).toEqual({
      format: "plan",
      ops: [
        { kind: "edit", file: "ms/index.js", old: "var y = d * 365.25;", new: "var y = d * 365.25; // a Julian year", replaceAll: false, origin: { line: 3 } },
        {
          kind: "edit",
          file: "ms/index.js",
          old: "return;",
          new: "return undefined;",
          replaceAll: true,
          expectChecksum: "4a1f0c3b9e2d7a6c5b8e9f00112233445566778899aabbccddeeff0011223344",
          origin: { line: 9 }
        },
        { kind: "write", file: "left-pad/.npmignore", content: "perf/\ntest.js\n", origin: { line: 11 } },
        { kind: "create", file: "left-pad/lib/repeat.js", content: "module.exports = (ch, n) => ch.repeat(n);\n", origin: { line: 12 } },
        { kind: "delete", file: "left-pad/.travis.yml", origin: { line: 13 } },
        { kind: "move", from: "ms/license.md", to: "ms/LICENSE.md", origin: { line: 14 } },
        { kind: "insert", file: "left-pad/index.js", content: "'use strict';\n", at: { beforeLine: 1 }, origin: { line: 15 } },
        { kind: "insert", file: "left-pad/index.js", content: "// cache of padding strings\n", at: { after: "var cache = [" }, origin: { line: 16 } },
        { kind: "delete_lines", file: "left-pad/README.md", from: 30, to: 36, origin: { line: 17 } },
        { kind: "delete_lines", file: "left-pad/README.md", from: 3, to: 3, expectChecksum: "0123456789ab", origin: { line: 18 } }
      ]
    })
  })

  it("a bare array, with Claude Code's MultiEdit shape expanded into one edit per replacement", () => {
    expect(ok(parsePlan(fixture("multiedit.json"))).ops).toEqual([
      { kind: "edit", file: "ms/index.js", old: "var w = d * 7;", new: "var w = d * 7; // a week", replaceAll: false, origin: { line: 2 } },
      { kind: "edit", file: "ms/index.js", old: "return;", new: "return undefined;", replaceAll: true, origin: { line: 2 } },
      { kind: "edit", file: "left-pad/index.js", old: "module.exports = leftPad;", new: "module.exports = leftPad;\nmodule.exports.default = leftPad;", replaceAll: false, origin: { line: 17 } }
    ])
  })

  it("an agent's own tool input without \"op\": Claude Code's MultiEdit, Edit and Write, alone or in a list", () => {
    expect(ok(parsePlan('{"file_path": "a.js", "edits": [{"old_string": "x", "new_string": "y"}]}')).ops).toEqual([
      { kind: "edit", file: "a.js", old: "x", new: "y", replaceAll: false, origin: { line: 1 } }
    ])
    expect(ok(parsePlan('[{"file_path": "a.js", "old_string": "x", "new_string": "y", "replace_all": true},\n {"file_path": "b.txt", "content": "hi\\n"}]')).ops).toEqual([
      { kind: "edit", file: "a.js", old: "x", new: "y", replaceAll: true, origin: { line: 1 } },
      { kind: "write", file: "b.txt", content: "hi\n", origin: { line: 2 } }
    ])
    // Without a file_path, an op still needs its "op".
    expect(failure(parsePlan('[{"file": "a.js", "old_string": "x", "new_string": "y"}]'))).toMatchObject({ found: 'op 1 without "op"' })
  })

  it("a key given twice in an NDJSON line", () => {
    expect(failure(parsePlan('{"op":"delete","file":"a"}\n  {"op":"delete","file":"b","file":"c"}\n'))).toMatchObject({ line: 2, found: '"file" twice in op 2' })
  })

  it("NDJSON: one op per line, blank lines ignored", () => {
    expect(ok(parsePlan(fixture("ops.ndjson"))).ops).toEqual([
      { kind: "edit", file: "ms/index.js", old: "var s = 1000;", new: "var s = 1e3;", replaceAll: false, origin: { line: 1 } },
      { kind: "insert", file: "ms/index.js", content: "/* eslint-disable */\n", at: { afterLine: 1 }, origin: { line: 3 } },
      { kind: "delete_lines", file: "ms/index.js", from: 5, to: 6, origin: { line: 4 } }
    ])
  })

  it("NDJSON of one line, CRLF line ends, a BOM, and a plan in a Markdown fence", () => {
    expect(ok(parsePlan('{"op":"delete","file":"a"}\n')).ops).toEqual([{ kind: "delete", file: "a", origin: { line: 1 } }])
    expect(ok(parsePlan('\uFEFF{"op":"delete","file":"a"}\r\n\r\n{"op":"delete","file":"b"}\r\n')).ops.map((o) => o.origin.line)).toEqual([1, 3])
    expect(ok(parsePlan('```json\n[\n  {"op": "delete", "file": "a"}\n]\n```\n')).ops).toEqual([{ kind: "delete", file: "a", origin: { line: 3 } }])
  })

  it("an op's line is where it starts, whatever the strings before it hold", () => {
    const text = '[{"op":"write","file":"a","content":"[{\\"x\\": \\"]\\"}\\n"},\n\n  {"op":"delete","file":"b"}]'
    expect(ok(parsePlan(text)).ops.map((o) => o.origin.line)).toEqual([1, 3])
  })
})

describe("parsePlan: refusals name the line where the offending op starts", () => {
  it("a typo in a key (new_strng) is refused, not silently dropped", () => {
    expect(failure(parsePlan(fixture("typo.json")))).toEqual({
      line: 3,
      expected: 'the keys of a "edit" op: file, file_path, path, old, old_string, new, new_string, replace_all, edits, op, type, expect_checksum',
      found: 'unknown key "new_strng" in op 2 ("edit")'
    })
  })

  it("a JSON syntax error: the line of the error; in NDJSON the line itself", () => {
    expect(failure(parsePlan(fixture("broken.json")))).toEqual({ line: 3, expected: "valid JSON", found: "unexpected character at column 45" })
    expect(failure(parsePlan(fixture("broken.ndjson")))).toEqual({ line: 3, expected: "one JSON op object per line (NDJSON)", found: "unexpected end at column 30" })
  })

  const op = (fields: string) => `[\n  {"op": "delete", "file": "ok"},\n  {${fields}}\n]`
  const cases: Array<[string, string, string]> = [
    ["no op kind", op('"file": "a"'), 'op 2 without "op"'],
    ["an unknown op kind", op('"op": "rename", "file": "a"'), '"op": "rename" in op 2'],
    ["op and type differing", op('"op": "delete", "type": "write", "file": "a"'), "both, differing, in op 2"],
    ["a key of another op", op('"op": "delete", "file": "a", "content": ""'), 'unknown key "content" in op 2 ("delete")'],
    ["a missing file", op('"op": "write", "content": "x"'), 'op 2 ("write") without "file"'],
    ["an empty path", op('"op": "delete", "file": ""'), 'the string "" in op 2 ("delete")'],
    ["two aliases at once", op('"op": "delete", "file": "a", "path": "a"'), '"file" and "path" in op 2 ("delete")'],
    ["a non-string new", op('"op": "edit", "file": "a", "old": "x", "new": 1'), 'number 1 in op 2 ("edit")'],
    ["an empty old", op('"op": "edit", "file": "a", "old": "", "new": "y"'), 'the string "" in op 2 ("edit")'],
    ["a missing new", op('"op": "edit", "file": "a", "old": "x"'), 'op 2 ("edit") without "new"'],
    ["replace_all as a string", op('"op": "edit", "file": "a", "old": "x", "new": "y", "replace_all": "yes"'), 'the string "yes" in op 2 ("edit")'],
    ["edits and old together", op('"op": "edit", "file": "a", "old": "x", "edits": [{"old_string": "x", "new_string": "y"}]'), '"edits" and "old" in op 2 ("edit")'],
    ["an empty edits list", op('"op": "edit", "file": "a", "edits": []'), 'an array in op 2 ("edit")'],
    ["a typo inside edits", op('"op": "edit", "file": "a", "edits": [{"old_string": "x", "new_strin": "y"}]'), 'unknown key "new_strin" in edits[0] of op 2 ("edit")'],
    ["a move without to", op('"op": "move", "from": "a"'), 'op 2 ("move") without "to"'],
    ["an insert with no position", op('"op": "insert", "file": "a", "content": "x"'), 'none in op 2 ("insert")'],
    ["an insert with two positions", op('"op": "insert", "file": "a", "content": "x", "after_line": 2, "before": "y"'), '2 of them in op 2 ("insert")'],
    ["an insert after line -1", op('"op": "insert", "file": "a", "content": "x", "after_line": -1'), 'number -1 in op 2 ("insert")'],
    ["an insert before line 0", op('"op": "insert", "file": "a", "content": "x", "before_line": 0'), 'number 0 in op 2 ("insert")'],
    ["an insert after line 1.5", op('"op": "insert", "file": "a", "content": "x", "before_line": 1.5'), 'number 1.5 in op 2 ("insert")'],
    ["an empty anchor", op('"op": "insert", "file": "a", "content": "x", "after": ""'), 'the string "" in op 2 ("insert")'],
    ["lines backwards", op('"op": "delete_lines", "file": "a", "lines": "5:3"'), '"5:3" in op 2 ("delete_lines")'],
    ["line 0", op('"op": "delete_lines", "file": "a", "lines": "0:3"'), '"0:3" in op 2 ("delete_lines")'],
    ["lines as a number", op('"op": "delete_lines", "file": "a", "lines": 3'), 'number 3 in op 2 ("delete_lines")'],
    ["a checksum that is not hex", op('"op": "delete", "file": "a", "expect_checksum": "xyz"'), 'the string "xyz" in op 2 ("delete")'],
    ["a key given twice", op('"op": "edit", "file": "a", "old": "x", "new": "y", "new": "z"'), '"new" twice in op 2'],
    ["a key given twice inside edits", op('"op": "edit", "file": "a", "edits": [{"old_string": "x", "old_string": "w", "new_string": "y"}]'), '"old_string" twice in op 2'],
    ["an op that is not an object", op('"op": "delete", "file": "a"}, ["x"], {"op": "delete", "file": "c"'), "an array as op 3"]
  ]
  for (const [name, text, found] of cases) {
    it(name, () => {
      const f = failure(parsePlan(text))
      expect([f.line, f.found]).toEqual([3, found])
      expect(f.expected.length).toBeGreaterThan(0)
    })
  }

  it("an empty input, an empty list, and top-level shapes that are not plans", () => {
    expect(failure(parsePlan(" \n"))).toMatchObject({ line: 1, found: "empty input" })
    expect(failure(parsePlan('\n{"ops": []}'))).toMatchObject({ line: 2, found: "an empty list of ops" })
    expect(failure(parsePlan("[]"))).toMatchObject({ line: 1, found: "an empty list of ops" })
    expect(failure(parsePlan('{\n  "version": 1,\n  "ops": []\n}'))).toMatchObject({ line: 2, found: 'unknown key "version" in the plan' })
    expect(failure(parsePlan('{\n  "ops": {"op": "delete"}\n}'))).toMatchObject({ line: 2, found: "an object" })
    expect(failure(parsePlan('\n"edit"'))).toMatchObject({ line: 2, found: 'the string "edit"' })
    expect(failure(parsePlan("{}"))).toMatchObject({ line: 1, found: 'an object without "ops"' })
  })
})

describe("parsePlan: line numbers of generated plans", () => {
  // Any layout of whitespace and key order between ops: each op's origin is the line of its `{`.
  const gap = fc.string({ unit: fc.constantFrom(" ", "\n", "\r\n", "\t"), maxLength: 4 })
  const name = fc.string({ unit: fc.constantFrom("a", "[", "{", '"', "\\", "\n", "]", "}", ","), minLength: 1, maxLength: 6 })
  const anOp = fc.oneof(
    fc.record({ op: fc.constant("delete"), file: name }),
    fc.record({ op: fc.constant("write"), path: name, content: fc.string({ maxLength: 8 }) }),
    fc.record({ type: fc.constant("move"), from: name, to: name }),
    fc.record({ op: fc.constant("edit"), file_path: name, old_string: name, new_string: fc.string({ maxLength: 5 }), replace_all: fc.boolean() })
  )

  it("the origin of each op is the line its object starts on", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(gap, anOp, gap), { minLength: 1, maxLength: 6 }), fc.boolean(), (items, wrapped) => {
        let text = wrapped ? '{ "ops" :\n [' : "["
        const lines: number[] = []
        items.forEach(([before, o, after], i) => {
          text += before
          lines.push((text.match(/\r\n|\r|\n/g)?.length ?? 0) + 1)
          text += JSON.stringify(o, null, i % 2 === 0 ? undefined : 2) + after + (i < items.length - 1 ? "," : "")
        })
        text += "]" + (wrapped ? "}" : "")
        const set = ok(parsePlan(text))
        expect(set.ops.map((op: ChangeOp) => op.origin.line)).toEqual(lines)
        expect(set.ops.map((op) => op.kind)).toEqual(items.map(([, o]) => ("op" in o ? o.op : o.type)))
      }),
      { numRuns: 300 }
    )
  })
})

describe("parsePlan: size", () => {
  it("100,000 ops, one per line, parse in linear time", () => {
    const text = "[\n" + Array.from({ length: 100_000 }, (_, i) => `{"op":"delete","file":"f${i}"}`).join(",\n") + "\n]"
    const started = performance.now()
    const set = ok(parsePlan(text))
    expect(set.ops[99_999]!.origin.line).toBe(100_001)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
