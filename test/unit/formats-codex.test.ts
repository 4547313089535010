import fc from "fast-check"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import type { ChangeOp, Hunk, ParseResult } from "../../src/domain/changeSet.js"
import { parseCodexPatch } from "../../src/domain/formats/codex.js"

/** A sample from test/fixtures/formats/codex (see SOURCES.md there for where each comes from). */
const sample = (name: string): string => readFileSync(new URL(`../fixtures/formats/codex/${name}`, import.meta.url), "utf8")

const ops = (result: ParseResult): ReadonlyArray<ChangeOp> => {
  if (!result.ok) throw new Error(`expected a change set, got line ${result.failure.line}: expected ${result.failure.expected}, found ${result.failure.found}`)
  expect(result.changeSet.format).toBe("codex")
  return result.changeSet.ops
}

const failure = (result: ParseResult) => {
  if (result.ok) throw new Error(`expected a parse failure, got ${JSON.stringify(result.changeSet)}`)
  return result.failure
}

const hunk = (line: number, old: string[], neu: string[], anchors: string[] = [], atEnd = false): Hunk => ({
  old,
  new: neu,
  anchors,
  ...(atEnd ? { atEnd: true } : {}),
  origin: { line }
})

describe("parseCodexPatch on Codex's own samples", () => {
  it("001: Add File becomes a create with the + lines and a final newline", () => {
    expect(ops(parseCodexPatch(sample("001_add_file.patch")))).toEqual([
      { kind: "create", file: "bar.md", content: "This is a new file\n", origin: { line: 2 } }
    ])
  })

  it("002: add, delete and update in one patch, in order", () => {
    expect(ops(parseCodexPatch(sample("002_multiple_operations.patch")))).toEqual([
      { kind: "create", file: "nested/new.txt", content: "created\n", origin: { line: 2 } },
      { kind: "delete", file: "delete.txt", origin: { line: 4 } },
      { kind: "patch", file: "modify.txt", hunks: [hunk(6, ["line2"], ["changed"])], origin: { line: 5 } }
    ])
  })

  it("003: several @@ chunks are several hunks, each with the line it starts on", () => {
    expect(ops(parseCodexPatch(sample("003_multiple_chunks.patch")))).toEqual([
      { kind: "patch", file: "multi.txt", hunks: [hunk(3, ["line2"], ["changed2"]), hunk(6, ["line4"], ["changed4"])], origin: { line: 2 } }
    ])
  })

  it("004: Move to becomes the patch's moveTo", () => {
    expect(ops(parseCodexPatch(sample("004_move_to_new_directory.patch")))).toEqual([
      { kind: "patch", file: "old/name.txt", moveTo: "renamed/dir/name.txt", hunks: [hunk(4, ["old content"], ["new content"])], origin: { line: 2 } }
    ])
  })

  it("005: an empty patch is refused at its End Patch line (Codex: 'No files were modified')", () => {
    expect(failure(parseCodexPatch(sample("005_rejects_empty_patch.patch")))).toEqual({
      line: 2,
      expected: "at least one '*** Add File: PATH', '*** Delete File: PATH' or '*** Update File: PATH' section",
      found: "*** End Patch"
    })
  })

  it("008: an Update File with no hunk is refused", () => {
    expect(failure(parseCodexPatch(sample("008_rejects_empty_update_hunk.patch")))).toEqual({
      line: 3,
      expected: "at least one hunk ('@@' then ' ', '-' or '+' lines) for foo.txt",
      found: "*** End Patch"
    })
  })

  it("013: an unknown *** header is refused, naming the valid ones", () => {
    expect(failure(parseCodexPatch(sample("013_rejects_invalid_hunk_header.patch")))).toEqual({
      line: 2,
      expected: "'*** Add File: PATH', '*** Delete File: PATH' or '*** Update File: PATH'",
      found: "*** Frobnicate File: foo"
    })
  })

  it("016 and 021: a pure addition and a pure deletion", () => {
    expect(ops(parseCodexPatch(sample("016_pure_addition_update_chunk.patch")))).toEqual([
      { kind: "patch", file: "input.txt", hunks: [hunk(3, [], ["added line 1", "added line 2"])], origin: { line: 2 } }
    ])
    expect(ops(parseCodexPatch(sample("021_update_file_deletion_only.patch")))).toEqual([
      { kind: "patch", file: "lines.txt", hunks: [hunk(3, ["line1", "line2", "line3"], ["line1", "line3"])], origin: { line: 2 } }
    ])
  })

  it("017, 018, 020: whitespace around the markers and headers is padding", () => {
    const expected = (file: string, old: string, neu: string): ChangeOp[] => [
      { kind: "patch", file, hunks: [hunk(3, [old], [neu])], origin: { line: 2 } }
    ]
    expect(ops(parseCodexPatch(sample("017_whitespace_padded_hunk_header.patch")))).toEqual(expected("foo.txt", "old", "new"))
    expect(ops(parseCodexPatch(sample("018_whitespace_padded_patch_markers.patch")))).toEqual(expected("file.txt", "one", "two"))
    expect(ops(parseCodexPatch(sample("020_whitespace_padded_patch_marker_lines.patch")))).toEqual(expected("file.txt", "one", "two"))
  })

  it("019: non-ASCII text is kept as written", () => {
    expect(ops(parseCodexPatch(sample("019_unicode_simple.patch")))).toEqual([
      { kind: "patch", file: "foo.txt", hunks: [hunk(3, ["line1", "naïve café"], ["line1", "naïve café ✅"])], origin: { line: 2 } }
    ])
  })

  it("022: *** End of File marks the hunk atEnd", () => {
    expect(ops(parseCodexPatch(sample("022_update_file_end_of_file_marker.patch")))).toEqual([
      { kind: "patch", file: "tail.txt", hunks: [hunk(3, ["first", "second"], ["first", "second updated"], [], true)], origin: { line: 2 } }
    ])
  })

  it("the tool instructions' full example: @@ anchor text, move, delete", () => {
    expect(ops(parseCodexPatch(sample("instructions_example.patch")))).toEqual([
      { kind: "create", file: "hello.txt", content: "Hello world\n", origin: { line: 2 } },
      {
        kind: "patch",
        file: "src/app.py",
        moveTo: "src/main.py",
        hunks: [hunk(6, ['print("Hi")'], ['print("Hello, world!")'], ["def greet():"])],
        origin: { line: 4 }
      },
      { kind: "delete", file: "obsolete.txt", origin: { line: 9 } }
    ])
  })

  it("parser.rs's large patch: seven sections, anchors per hunk, an Add with an empty line", () => {
    const result = ops(parseCodexPatch(sample("parser_streaming_large.patch")))
    expect(result.map((op) => [op.kind, op.kind === "move" ? op.from : op.file, op.origin.line])).toEqual([
      ["create", "docs/release-notes.md", 2],
      ["patch", "src/config.rs", 9],
      ["delete", "src/legacy_patch_progress.rs", 17],
      ["patch", "crates/cli/src/main.rs", 18],
      ["create", "tests/fixtures/apply_patch_progress.json", 25],
      ["patch", "README.md", 33],
      ["delete", "docs/old-apply-patch-progress.md", 38]
    ])
    expect(result[0]).toMatchObject({
      content:
        "# Release notes\n\n## CLI\n- Surface apply_patch progress while arguments stream.\n- Keep final patch application gated on the completed tool call.\n- Include file summaries in the progress event payload.\n"
    })
    expect(result[1]).toEqual({
      kind: "patch",
      file: "src/config.rs",
      hunks: [
        hunk(10, ["    pub apply_patch_progress: bool,", "    pub include_diagnostics: bool,"], ["    pub stream_apply_patch_progress: bool,", "    pub include_diagnostics: bool,"], ["impl Config"]),
        hunk(14, ["    Duration::from_millis(500)"], ["    Duration::from_millis(250)"], ["fn default_progress_interval()"])
      ],
      origin: { line: 9 }
    })
    expect(result[3]).toMatchObject({ moveTo: "crates/cli/src/bin/codex.rs" })
  })

  it("parser.rs lenient mode: a <<'EOF' heredoc around the patch; the first hunk may omit @@", () => {
    expect(ops(parseCodexPatch(sample("parser_lenient_heredoc.patch")))).toEqual([
      { kind: "patch", file: "file2.py", hunks: [hunk(4, ["import foo"], ["import foo", "bar"])], origin: { line: 3 } }
    ])
    for (const opener of ["<<EOF", '<<"EOF"']) {
      expect(ops(parseCodexPatch(sample("parser_lenient_heredoc.patch").replace("<<'EOF'", opener)))).toHaveLength(1)
    }
    // Codex refuses mismatched quotes; so does splice.
    expect(failure(parseCodexPatch(sample("parser_lenient_heredoc.patch").replace("<<'EOF'", "<<\"EOF'")))).toMatchObject({ line: 1, found: "<<\"EOF'" })
  })

  it("parser.rs: a completely empty line inside a hunk is an empty context line", () => {
    expect(ops(parseCodexPatch(sample("parser_chunk_with_empty_line.patch")))).toEqual([
      {
        kind: "patch",
        file: "f.py",
        hunks: [hunk(3, ["", "context", "remove", "context2"], ["", "context", "add", "context2"], ["change_context"])],
        origin: { line: 2 }
      }
    ])
  })
})

describe("parseCodexPatch on what models write", () => {
  it("CRLF input parses like LF input", () => {
    const lf = sample("instructions_example.patch")
    expect(parseCodexPatch(lf.replace(/\n/g, "\r\n"))).toEqual(parseCodexPatch(lf))
  })

  it("tabs inside lines are content; lines whose text starts with *** or @@ are content behind their tag", () => {
    const patch = ["*** Begin Patch", "*** Update File: notes.md", "@@", "-\t*** old ***", "+\t*** new ***", " *** End Patch", "+@@ not an anchor", "*** End Patch"].join("\n")
    expect(ops(parseCodexPatch(patch))).toEqual([
      {
        kind: "patch",
        file: "notes.md",
        hunks: [hunk(3, ["\t*** old ***", "*** End Patch"], ["\t*** new ***", "*** End Patch", "@@ not an anchor"])],
        origin: { line: 2 }
      }
    ])
  })

  it("consecutive @@ lines are anchors in order (the instructions' class/method form)", () => {
    const patch = ["*** Begin Patch", "*** Update File: a.py", "@@ class BaseClass", "@@ \t def method():", "-    pass", "+    return 1", "*** End Patch"].join("\n")
    expect(ops(parseCodexPatch(patch))).toEqual([
      { kind: "patch", file: "a.py", hunks: [hunk(3, ["    pass"], ["    return 1"], ["class BaseClass", "\t def method():"])], origin: { line: 2 } }
    ])
  })

  it("a blank line before the next header or @@ is not context; blank lines before *** End of File are", () => {
    const patch = ["*** Begin Patch", "*** Update File: a.py", "@@", "-a", "+b", "", "@@", "-c", "+d", "", "*** End of File", "", "*** Delete File: z", "*** End Patch"].join("\n")
    expect(ops(parseCodexPatch(patch))).toEqual([
      { kind: "patch", file: "a.py", hunks: [hunk(3, ["a"], ["b"]), hunk(7, ["c", ""], ["d", ""], [], true)], origin: { line: 2 } },
      { kind: "delete", file: "z", origin: { line: 13 } }
    ])
  })

  it("blank lines and prose around the envelope: blank lines are trimmed, anything else is refused", () => {
    expect(ops(parseCodexPatch("\n\n" + sample("001_add_file.patch") + "\n\n"))).toEqual([
      { kind: "create", file: "bar.md", content: "This is a new file\n", origin: { line: 4 } }
    ])
    expect(failure(parseCodexPatch("Here is the patch:\n" + sample("001_add_file.patch")))).toEqual({
      line: 1,
      expected: "'*** Begin Patch' as the first line",
      found: "Here is the patch:"
    })
    expect(failure(parseCodexPatch("```\n" + sample("001_add_file.patch") + "```\n"))).toMatchObject({ line: 1, found: "```" })
    expect(failure(parseCodexPatch(sample("001_add_file.patch") + "Done.\n"))).toEqual({
      line: 5,
      expected: "nothing after '*** End Patch' (line 4)",
      found: "Done."
    })
  })

  it("an Add File with no + line creates an empty file (Codex's parser allows it)", () => {
    expect(ops(parseCodexPatch("*** Begin Patch\n*** Add File: empty.txt\n*** End Patch\n"))).toEqual([
      { kind: "create", file: "empty.txt", content: "", origin: { line: 2 } }
    ])
  })

  it("a path may be updated by several sections, applied in order", () => {
    const patch = ["*** Begin Patch", "*** Update File: a.py", "-x", "+y", "*** Update File: a.py", "-y", "+z", "*** End Patch"].join("\n")
    expect(ops(parseCodexPatch(patch)).map((op) => [op.kind, op.origin.line])).toEqual([
      ["patch", 2],
      ["patch", 5]
    ])
  })
})

describe("parseCodexPatch refusals name the input line", () => {
  const refuse = (lines: string[]) => failure(parseCodexPatch(lines.join("\n")))

  it("an empty input, or one without *** Begin Patch", () => {
    expect(failure(parseCodexPatch(" \n\n"))).toEqual({ line: 1, expected: "'*** Begin Patch'", found: "an empty input" })
    expect(refuse(["*** Begin Patch"])).toEqual({ line: 2, expected: "'*** End Patch' as the last line", found: "end of input" })
  })

  it("a missing *** End Patch (a truncated patch)", () => {
    expect(refuse(["*** Begin Patch", "*** Update File: a", "@@", "-x", "+y"])).toEqual({
      line: 6,
      expected: "'*** End Patch' as the last line",
      found: "end of input"
    })
  })

  it("a heredoc without its closing EOF", () => {
    expect(refuse(["<<'EOF'", "*** Begin Patch", "*** Delete File: a", "*** End Patch"])).toEqual({
      line: 4,
      expected: "the heredoc's closing 'EOF' as the last line (line 1 opens it)",
      found: "*** End Patch"
    })
  })

  it("an empty path, in each header and in Move to", () => {
    for (const kind of ["Add", "Delete", "Update"]) {
      expect(refuse(["*** Begin Patch", `*** ${kind} File: `, "*** End Patch"])).toEqual({
        line: 2,
        expected: `a path after '*** ${kind} File: '`,
        found: `*** ${kind} File: `
      })
    }
    expect(refuse(["*** Begin Patch", "*** Update File: a", "*** Move to: ", "-x", "*** End Patch"])).toEqual({
      line: 3,
      expected: "a path after '*** Move to: '",
      found: "*** Move to: "
    })
  })

  it("a hunk line without its ' ', '-' or '+' tag", () => {
    expect(refuse(["*** Begin Patch", "*** Update File: src/a.ts", "@@", " keep", "-old", "new", "*** End Patch"])).toEqual({
      line: 6,
      expected: "a line starting with ' ', '-' or '+' in the hunk of src/a.ts, '@@' starting its next hunk, or a *** header",
      found: "new"
    })
    expect(refuse(["*** Begin Patch", "*** Update File: src/a.ts", "@@ fn main", "bad", "*** End Patch"])).toEqual({
      line: 4,
      expected: "a line starting with ' ', '-' or '+' in the hunk of src/a.ts after '@@'",
      found: "bad"
    })
  })

  it("an @@ with nothing after it, and an *** End of File with no hunk line", () => {
    expect(refuse(["*** Begin Patch", "*** Update File: a", "@@", "*** End Patch"])).toMatchObject({ line: 4, found: "*** End Patch" })
    expect(refuse(["*** Begin Patch", "*** Update File: a", "@@", "*** End of File", "*** End Patch"])).toMatchObject({ line: 4, found: "*** End of File" })
  })

  it("an Add File line without + (a forgotten + on an empty line)", () => {
    expect(refuse(["*** Begin Patch", "*** Add File: a.txt", "+one", "", "+three", "*** End Patch"])).toEqual({
      line: 4,
      expected: "a line starting with '+' (content of a.txt), or '*** Add File: PATH', '*** Delete File: PATH' or '*** Update File: PATH'",
      found: "a blank line"
    })
  })

  it("a path added, deleted or moved is named by no other section", () => {
    expect(refuse(["*** Begin Patch", "*** Add File: a", "+x", "*** Update File: a", "-x", "*** End Patch"])).toEqual({
      line: 4,
      expected: "a path no other section names: line 2 already names a (only plain *** Update File sections may repeat a path)",
      found: "*** Update File: a"
    })
    expect(refuse(["*** Begin Patch", "*** Delete File: a", "*** Delete File: a", "*** End Patch"])).toMatchObject({ line: 3 })
    expect(refuse(["*** Begin Patch", "*** Update File: a", "*** Move to: b", "-x", "*** Add File: b", "*** End Patch"])).toMatchObject({ line: 5 })
    expect(refuse(["*** Begin Patch", "*** Update File: a", "-x", "*** Update File: a", "*** Move to: b", "-y", "*** End Patch"])).toMatchObject({ line: 4 })
    expect(refuse(["*** Begin Patch", "*** Update File: a", "*** Move to: a", "-x", "*** End Patch"])).toMatchObject({ line: 3, expected: "a destination other than a itself" })
  })
})

describe("parseCodexPatch round trip", () => {
  const text = fc.stringMatching(/^[a-z(){}; \t*@+-]{0,12}$/)
  const path = fc.stringMatching(/^[a-z]{1,6}(\/[a-z]{1,6}){0,2}\.[a-z]{1,3}$/)
  const chunk = fc.record({
    anchors: fc.array(fc.stringMatching(/^[a-z][a-z ():]{0,10}$/), { maxLength: 2 }),
    lines: fc.array(fc.tuple(fc.constantFrom(" ", "-", "+"), text), { minLength: 1, maxLength: 5 }),
    atEnd: fc.boolean()
  })
  const section = fc.oneof(
    fc.record({ kind: fc.constant("add" as const), lines: fc.array(text, { maxLength: 4 }) }),
    fc.record({ kind: fc.constant("delete" as const) }),
    fc.record({ kind: fc.constant("update" as const), move: fc.boolean(), chunks: fc.array(chunk, { minLength: 1, maxLength: 3 }) })
  )

  it("generated sections rendered as a patch parse back to the same ops", () => {
    fc.assert(
      fc.property(fc.uniqueArray(path, { minLength: 2, maxLength: 8 }), fc.array(section, { minLength: 1, maxLength: 4 }), (paths, sections) => {
        const out = ["*** Begin Patch"]
        const expected: ChangeOp[] = []
        let p = 0
        for (const s of sections) {
          if (p + 2 > paths.length) break
          const file = paths[p++]!
          const origin = { line: out.length + 1 }
          if (s.kind === "add") {
            out.push(`*** Add File: ${file}`, ...s.lines.map((l) => "+" + l))
            expected.push({ kind: "create", file, content: s.lines.length === 0 ? "" : s.lines.join("\n") + "\n", origin })
          } else if (s.kind === "delete") {
            out.push(`*** Delete File: ${file}`)
            expected.push({ kind: "delete", file, origin })
          } else {
            out.push(`*** Update File: ${file}`)
            const moveTo = s.move ? paths[p++]! : undefined
            if (moveTo !== undefined) out.push(`*** Move to: ${moveTo}`)
            const hunks: Hunk[] = s.chunks.map((c) => {
              const start = out.length + 1
              out.push(...(c.anchors.length === 0 ? ["@@"] : c.anchors.map((a) => "@@ " + a)))
              out.push(...c.lines.map(([tag, l]) => tag + l))
              if (c.atEnd) out.push("*** End of File")
              return hunk(
                start,
                c.lines.filter(([tag]) => tag !== "+").map(([, l]) => l),
                c.lines.filter(([tag]) => tag !== "-").map(([, l]) => l),
                c.anchors,
                c.atEnd
              )
            })
            expected.push({ kind: "patch", file, hunks, ...(moveTo !== undefined ? { moveTo } : {}), origin })
          }
        }
        out.push("*** End Patch")
        const result = parseCodexPatch(out.join("\n") + "\n")
        if (expected.length === 0) return
        expect(ops(result)).toEqual(expected)
      })
    )
  })

  it("a unified diff's `@@ -12,7 +12,8 @@` written by a model is a line hint (and its section text an anchor), not a line to find", () => {
    const r = parseCodexPatch("*** Begin Patch\n*** Update File: a.py\n@@ -12,7 +12,8 @@ def f():\n-x\n+y\n*** End Patch\n")
    expect(r.ok && r.changeSet.ops[0]).toMatchObject({ kind: "patch", hunks: [{ old: ["x"], new: ["y"], anchors: ["def f():"], lineHint: 12 }] })
    const bare = parseCodexPatch("*** Begin Patch\n*** Update File: a.py\n@@ -3 +3 @@\n-x\n+y\n*** End Patch\n")
    expect(bare.ok && bare.changeSet.ops[0]).toMatchObject({ hunks: [{ anchors: [], lineHint: 3 }] })
  })
})
