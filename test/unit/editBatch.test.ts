/** Parsing --edits: limits, and errors that say where without quoting the input (issue 8, §4–5). */
import { describe, expect, it } from "vitest"
import { MAX_BATCH_EDITS, parseEditBatch } from "../../src/domain/editBatch.js"
import { firstJsonError } from "../../src/domain/jsonSyntax.js"

describe("parseEditBatch", () => {
  it("says where invalid JSON fails, never what the input holds", () => {
    const secret = "root:$6$Zq9x.secret-hash-value:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n"
    const r = parseEditBatch(secret)
    expect(r.ok).toBe(false)
    const problem = !r.ok ? r.problem : ""
    expect(problem).toBe("not valid JSON: unexpected character at line 1, column 1 (offset 0)")
    for (const piece of ["root", "$6$", "secret", "daemon", "19000"]) expect(problem).not.toContain(piece)
  })

  it("locates the error inside a batch", () => {
    const r = parseEditBatch('[{"old": "a", "new": "b"},\n {"old": "c" "new": "d"}]')
    expect(!r.ok && r.problem).toBe("not valid JSON: unexpected character at line 2, column 14 (offset 40)")
    const cut = parseEditBatch('[{"old": "a"')
    expect(!cut.ok && cut.problem).toBe("not valid JSON: unexpected end at line 1, column 13 (offset 12)")
  })

  it(`refuses more than ${MAX_BATCH_EDITS} edits as too large`, () => {
    const edit = { old: "a", new: "b" }
    expect(parseEditBatch(JSON.stringify(Array(MAX_BATCH_EDITS).fill(edit))).ok).toBe(true)
    const over = parseEditBatch(JSON.stringify(Array(MAX_BATCH_EDITS + 1).fill(edit)))
    expect(over).toEqual({ ok: false, tooLarge: true, problem: `${MAX_BATCH_EDITS + 1} edits, over the limit of ${MAX_BATCH_EDITS} per batch` })
  })
})

describe("firstJsonError", () => {
  it("accepts what JSON.parse accepts and finds the first offending character otherwise", () => {
    const valid = ['{"a": [1, -2.5e+3, true, false, null, "x\\u00e9\\n"]}', "  []  ", '"s"', "0", '{"k": {}}']
    for (const v of valid) expect([v, firstJsonError(v)]).toEqual([v, undefined])
    const invalid: Array<[string, number]> = [["", 0], ["[1,]", 3], ["[01]", 2], ['{"a" 1}', 5], ['"\\x"', 2], ["[1] x", 4], ["tru", 0], ["[\n\n  }", 5]]
    for (const [text, offset] of invalid) {
      expect(() => JSON.parse(text)).toThrow()
      expect([text, firstJsonError(text)?.offset]).toEqual([text, offset])
    }
    expect(firstJsonError("[\n\n  }")).toMatchObject({ line: 3, column: 3 })
  })
})
