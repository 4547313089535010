import { readdirSync, readFileSync, statSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { detectFormat } from "../../src/domain/formats/detect.js"

const fixtures = new URL("../fixtures/formats/", import.meta.url)
/** Every sample file of one format's fixture directory (the parsers' tests say where each comes from). */
const samples = (dir: string, ext: RegExp): Array<[string, string]> =>
  readdirSync(new URL(dir + "/", fixtures))
    .filter((name) => ext.test(name) && statSync(new URL(`${dir}/${name}`, fixtures)).isFile())
    .map((name) => [name, readFileSync(new URL(`${dir}/${name}`, fixtures), "utf8")])

describe("detectFormat", () => {
  it("every Codex sample is codex, also in a heredoc, a Markdown fence, or after prose", () => {
    const codex = samples("codex", /\.patch$/)
    expect(codex.length).toBeGreaterThan(10)
    for (const [name, text] of codex) expect([name, detectFormat(text)]).toEqual([name, "codex"])
    const patch = "*** Begin Patch\n*** Delete File: a\n*** End Patch\n"
    expect(detectFormat("\n  <<EOF\n" + patch + "EOF\n")).toBe("codex")
    expect(detectFormat("```\n" + patch + "```\n")).toBe("codex")
    expect(detectFormat("Here is the patch:\n\n" + patch)).toBe("codex")
  })

  it("every search/replace sample is search-replace, including the malformed ones (their parser says what is wrong)", () => {
    const blocks = samples("search-replace", /\.md$/).filter(([name]) => name !== "SOURCES.md")
    expect(blocks.length).toBeGreaterThan(10)
    for (const [name, text] of blocks) expect([name, detectFormat(text)]).toEqual([name, "search-replace"])
  })

  it("marker lengths: 5 to 9 '<' are search/replace, 4 or 10 are not", () => {
    expect(detectFormat("a.py\n<<<<< SEARCH\nx\n=====\ny\n>>>>> REPLACE\n")).toBe("search-replace")
    expect(detectFormat("a.py\n<<<<<<<<< SEARCH>\n")).toBe("search-replace")
    expect(detectFormat("a.py\n<<<< SEARCH\n")).toBeUndefined()
    expect(detectFormat("a.py\n<<<<<<<<<< SEARCH\n")).toBeUndefined()
  })

  it("every unified diff sample is udiff: git diff, diff -ruN, a fenced diff after prose", () => {
    const diffs = samples("udiff", /\.(diff|md)$/)
    expect(diffs.length).toBeGreaterThan(3)
    for (const [name, text] of diffs) expect([name, detectFormat(text)]).toEqual([name, "udiff"])
    expect(detectFormat("--- a.txt\n+++ b.txt\n@@ -1 +1 @@\n-a\n+b\n")).toBe("udiff")
  })

  it("a diff of a file that holds a <<<<<<< SEARCH line is still a diff", () => {
    const diff = "diff --git a/p.md b/p.md\n--- a/p.md\n+++ b/p.md\n@@ -1,2 +1,2 @@\n <<<<<<< SEARCH\n-old\n+new\n"
    expect(detectFormat(diff)).toBe("udiff")
    expect(detectFormat(diff.slice(diff.indexOf("---")))).toBe("udiff")
    expect(detectFormat(diff.replace("diff --git a/p.md b/p.md", "diff -ruN a/p.md b/p.md"))).toBe("udiff")
  })

  it("every plan sample is plan: a JSON object, an array, NDJSON, also fenced", () => {
    const plans = samples("plan", /\.(json|ndjson)$/)
    expect(plans.length).toBeGreaterThan(3)
    for (const [name, text] of plans) expect([name, detectFormat(text)]).toEqual([name, "plan"])
    expect(detectFormat('```json\n{"ops": []}\n```\n')).toBe("plan")
    expect(detectFormat('  \n[{"op": "delete", "file": "a"}]')).toBe("plan")
  })

  it("CRLF input is detected like LF input", () => {
    expect(detectFormat("*** Begin Patch\r\n*** Delete File: a\r\n*** End Patch\r\n")).toBe("codex")
    expect(detectFormat("a.py\r\n<<<<<<< SEARCH\r\nx\r\n=======\r\ny\r\n>>>>>>> REPLACE\r\n")).toBe("search-replace")
    expect(detectFormat("--- a\r\n+++ b\r\n@@ -1 +1 @@\r\n")).toBe("udiff")
  })

  it("anything else is undefined: empty input, prose, a lone --- line, a marker-like line that is not one", () => {
    for (const text of ["", " \n\n", "Please fix the bug in a.py", "--- just a rule\nthen text", "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"]) {
      expect([text, detectFormat(text)]).toEqual([text, undefined])
    }
  })
})
