import { describe, expect, it } from "vitest"
import { changedRegion, toOldOffset } from "../../src/domain/changedRegion.js"
import { parseEditBatch } from "../../src/domain/editBatch.js"
import { ErrorRegistry, ExitCode } from "../../src/domain/errors.js"
import { grammarForPath } from "../../src/domain/languages.js"
import { newIssues } from "../../src/domain/newIssues.js"

describe("error registry", () => {
  it("every code has a known exit status, a hint and an explanation", () => {
    const exits = new Set<number>(Object.values(ExitCode))
    for (const [code, spec] of Object.entries(ErrorRegistry)) {
      expect(code).toMatch(/^SPL-E\d{3}$/)
      expect(exits.has(spec.exit)).toBe(true)
      expect(spec.hint.length).toBeGreaterThan(10)
      expect(spec.explanation.length).toBeGreaterThan(20)
    }
  })
})

describe("--edits batches", () => {
  it("parses a valid batch", () => {
    expect(parseEditBatch('[{"old":"a","new":"b"},{"old":"c","new":"d","replace_all":true}]')).toEqual({
      ok: true,
      edits: [{ old: "a", new: "b" }, { old: "c", new: "d", replaceAll: true }]
    })
  })
  it.each([
    ["not json", /not valid JSON/],
    ["{}", /array/],
    ["[]", /empty/],
    ['[{"old":1,"new":"x"}]', /"old" must be a string/],
    ['[{"old":"a"}]', /"new" must be a string/],
    ['[{"old":"a","new":"b","extra":1}]', /unknown key "extra"/],
    ['[{"old":"a","new":"b","replace_all":"yes"}]', /replace_all/]
  ])("rejects %s", (json, problem) => {
    const r = parseEditBatch(json)
    expect(r.ok).toBe(false)
    expect(!r.ok && r.problem).toMatch(problem)
  })
  it("names the edit at fault numbered from 1 of how many, its key, and a key one slip away from ours", () => {
    const second = (e: unknown) => parseEditBatch(JSON.stringify([{ old: "a", new: "b" }, e, { old: "c", new: "d" }]))
    expect(second({ old: "b", nwe: "c" })).toEqual({ ok: false, problem: 'edit 2 of 3: unknown key "nwe" (did you mean "new"?)', at: { edit: 2, edits: 3, key: "nwe" } })
    expect(second({ old: "b", new: "c", replaceAll: true })).toMatchObject({ problem: 'edit 2 of 3: unknown key "replaceAll" (did you mean "replace_all"?)' })
    expect(second({ Old: "b", new: "c" })).toMatchObject({ problem: 'edit 2 of 3: unknown key "Old" (did you mean "old"?)' })
    expect(second({ old: "b", new: "c", from: 1 })).toMatchObject({ problem: 'edit 2 of 3: unknown key "from" (the keys are "old", "new" and "replace_all")' })
    expect(second({ old: "b", new: 3 })).toEqual({ ok: false, problem: 'edit 2 of 3: "new" must be a string', at: { edit: 2, edits: 3, key: "new" } })
    expect(second("x")).toMatchObject({ at: { edit: 2, edits: 3 } })
    expect(parseEditBatch('[{"old": "a",\n "new" "b"}]')).toMatchObject({ at: { line: 2, column: 8 } })
  })
})

describe("changed region and new parse errors", () => {
  it("maps offsets across the edit", () => {
    const r = changedRegion("abcXYZdef", "abcQdef")
    expect(r).toEqual({ start: 3, oldEnd: 6, newEnd: 4 })
    expect(toOldOffset(r, 1)).toBe(1)
    expect(toOldOffset(r, 3)).toBeUndefined()
    expect(toOldOffset(r, 5)).toBe(7)
  })

  it("an error that only moved is not new; one in the edit is", () => {
    const before = "ok\nBROKEN\n"
    const after = "ok more\nBROKEN\n"
    const fresh = newIssues(before, [{ kind: "error", offset: 3 }], after, [{ kind: "error", offset: 8 }, { kind: "missing", expected: ")", offset: 2 }])
    expect(fresh).toEqual([{ kind: "missing", expected: ")", offset: 2 }])
  })
})

describe("languages", () => {
  it("maps extensions to grammars", () => {
    expect(grammarForPath("a/b.tsx")?.language).toBe("tsx")
    expect(grammarForPath("x.PY")?.language).toBe("python")
    expect(grammarForPath("Makefile")).toBeUndefined()
    expect(grammarForPath(".bashrc")).toBeUndefined()
  })

  it("knows files by their whole name, and each language's other extensions", () => {
    expect(["Gemfile", "app/Rakefile", "x.gemspec", "lib/tasks/db.rake", "config.ru"].map((p) => grammarForPath(p)?.language)).toEqual(Array(5).fill("ruby"))
    expect(["Cargo.lock", "Pipfile", "poetry.lock"].map((p) => grammarForPath(p)?.language)).toEqual(["toml", "toml", "toml"])
    expect(["main.tf", "x.tfvars", "job.hcl"].map((p) => grammarForPath(p)?.language)).toEqual(["terraform", "terraform", "hcl"])
    expect(["a.ml", "a.mli", "A.hs-boot", "b.kts", "c.exs", "d.sbt", "e.csx"].map((p) => grammarForPath(p)?.language))
      .toEqual(["ocaml", "ocaml_interface", "haskell", "kotlin", "elixir", "scala", "csharp"])
    // A name that is a property of every object is no language.
    expect(grammarForPath("src/constructor")).toBeUndefined()
    expect(grammarForPath("Gemfile.orig")).toBeUndefined()
  })
})

describe("human error rendering", () => {
  it("lists the paths tried, candidates of any shape, and diagnostics", async () => {
    const { humanError } = await import("../../src/domain/render.js")
    const { spliceError } = await import("../../src/domain/SpliceError.js")
    const text = humanError(spliceError("SPL-E091", "no code graph database found", { context: { tried: ["/a/graph.db", "/b.db"] } }), 3)
    expect(text).toContain("    /a/graph.db\n    /b.db\n")
    const amb = humanError(spliceError("SPL-E002", "2 symbols", { context: { name: "add", candidates: [{ file: "a.c", line: 3, kind: "function", qualified_name: "add" }] } }), 6)
    expect(amb).toContain("a.c:3  function add")
    const diag = humanError(spliceError("SPL-E043", "new errors", { context: { diagnostics: [{ tool: "cargo", file: "m.rs", line: 2, column: 5, severity: "error", code: "E0308", message: "mismatched types", remediation: "use 1" }] } }), 5)
    expect(diag).toContain("m.rs:2:5: error E0308: mismatched types\n    help: use 1")
  })
})

describe("splice check's summary line", () => {
  it("says ok only when every checker gave a verdict", async () => {
    const { enCommands } = await import("../../src/domain/locale/enCommands.js")
    const { ptBRCommands } = await import("../../src/domain/locale/ptBRCommands.js")
    expect(enCommands.check.ok(1, ["passed"], "passed", undefined, 0)).toBe("ok: 1 file(s); syntax passed; compiler passed\n")
    expect(enCommands.check.ok(1, ["passed"], "failed_to_run", "go vet exited with 1", 0)).toBe("not fully checked: 1 file(s); syntax passed; compiler failed_to_run (go vet exited with 1)\n")
    expect(ptBRCommands.check.ok(1, ["passed"], "failed_to_run", undefined, 0)).toMatch(/^verificação incompleta: 1 arquivo;/)
  })
})
