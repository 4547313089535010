import { describe, expect, it } from "vitest"
import * as Effect from "effect/Effect"
import { runCli } from "../../src/cli/root.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import { globalFlagsAfterCommand, numbersAsArguments, stdinArgumentLast, switchesTakeNoValue, unknownLongFlag } from "../../src/spec/argv.js"
import { commandSpecs } from "../../src/spec/commands/index.js"

const move = (line: string) => stdinArgumentLast(line.split(" "), commandSpecs).join(" ")

describe("a bare - argument moves last", () => {
  it("when it is an argument (standard input) followed by options", () => {
    expect(move("apply - --output json")).toBe("apply --output json -")
    expect(move("apply - --exact --format codex")).toBe("apply --exact --format codex -")
  })
  it("never when it is a flag's value, already last, after --, or the command is unknown", () => {
    expect(move("edit --file a.ts --old-file - --new-file b.txt")).toBe("edit --file a.ts --old-file - --new-file b.txt")
    expect(move("edit -f - --replace-old x")).toBe("edit -f - --replace-old x")
    expect(move("apply --output json -")).toBe("apply --output json -")
    expect(move("apply -- - --exact")).toBe("apply -- - --exact")
    expect(move("nosuch - --x")).toBe("nosuch - --x")
  })
})

const globals = (line: string) => globalFlagsAfterCommand(line.split(" ")).join(" ")

describe("global flags written before the command", () => {
  it("move to just after it, in their order, both spellings", () => {
    expect(globals("--workspace ../repo edit --file a.ts")).toBe("edit --workspace ../repo --file a.ts")
    expect(globals("--output human --locale pt-BR search foo src")).toBe("search --output human --locale pt-BR foo src")
    expect(globals("--output=json --workspace=/w mcp")).toBe("mcp --output=json --workspace=/w")
  })
  it("nothing moves without a command after them, or when something else comes first", () => {
    expect(globals("--output json")).toBe("--output json")
    expect(globals("--version")).toBe("--version")
    expect(globals("--help edit")).toBe("--help edit")
    expect(globals("edit --output json --file a.ts")).toBe("edit --output json --file a.ts")
    expect(globals("--workspace")).toBe("--workspace")
  })
})

const switches = (line: string) => switchesTakeNoValue(line.split(" "), commandSpecs).join(" ")

describe("a switch never takes the word after it where the command takes arguments", () => {
  it("a word @effect/cli would read as its value stays an argument", () => {
    expect(switches("replace foo --preview yes f.txt")).toBe("replace foo --preview true yes f.txt")
    expect(switches("search -c 1 src")).toBe("search -c true 1 src")
    expect(switches("rm --recursive no")).toBe("rm --recursive true no")
  })
  it("nothing changes for other words, a flag's value, after --, or a command without arguments", () => {
    expect(switches("replace foo --preview bar f.txt")).toBe("replace foo --preview bar f.txt")
    expect(switches("search --glob yes foo")).toBe("search --glob yes foo")
    expect(switches("replace foo bar -- --preview yes")).toBe("replace foo bar -- --preview yes")
    expect(switches("edit --preview yes --file a.ts")).toBe("edit --preview yes --file a.ts")
  })
})

const numbers = (line: string) => numbersAsArguments(line.split(" "), commandSpecs).join(" ")

describe("an argument that starts with - and a digit is an argument", () => {
  it("the flags go first, the arguments after --, each in its order", () => {
    expect(numbers("set f.json a -5 --json")).toBe("set --json -- f.json a -5")
    expect(numbers("set f.json a -12 --preview --output json")).toBe("set --preview --output json -- f.json a -12")
    expect(numbers("search -12 src --count --glob *.ts")).toBe("search --count --glob *.ts -- -12 src")
    expect(numbers("replace -1 -2.5 a.txt --expect-count 3")).toBe("replace --expect-count 3 -- -1 -2.5 a.txt")
  })
  it("arguments after an existing -- stay after it, behind the ones before it", () => {
    expect(numbers("search -5 --count -- -x.txt")).toBe("search --count -- -5 -x.txt")
  })
  it("a flag's value is never moved, whatever it looks like; nothing changes without such an argument", () => {
    expect(numbers("edit --file a.ts --after-line -1 --replace-new x")).toBe("edit --file a.ts --after-line -1 --replace-new x")
    expect(numbers("edit -f -5.ts --replace-old -1 --replace-new -2")).toBe("edit -f -5.ts --replace-old -1 --replace-new -2")
    expect(numbers("set f.json a b --json")).toBe("set f.json a b --json")
    expect(numbers("set -- f.json a -5")).toBe("set -- f.json a -5")
    expect(numbers("nosuch -5 --x")).toBe("nosuch -5 --x")
  })
  it("no command has a flag named by a digit (which would make -5 ambiguous)", () => {
    for (const spec of commandSpecs) {
      for (const p of Object.values(spec.params)) expect(`${spec.name} -${p.alias ?? ""}`).not.toMatch(/ -\d/)
    }
  })
})

describe("a misspelt long flag where a command takes arguments", () => {
  const specOf = (name: string) => commandSpecs.find((s) => s.name === name)!
  // Every command with positional arguments: each gets a plausible line with one of its own flags
  // misspelt (a letter dropped), which @effect/cli used to take for an argument (a path).
  const table = commandSpecs.filter((s) => Object.values(s.params).some((p) => p.positional !== undefined)).map((spec) => {
    const params = Object.values(spec.params)
    const args = params.filter((p) => p.positional !== undefined).map((p) => (p.type === "list" ? "a.py" : p.positional === "KEYPATH" ? "a.b" : "x"))
    const own = params.find((p) => p.positional === undefined && p.only !== "mcp" && p.flag.length > 4)
    const real = own === undefined ? "--workspace" : `--${own.flag}`
    const takesValue = own === undefined || own.type !== "boolean"
    return { name: spec.name, args, real, takesValue, typo: `${real.slice(0, 4)}${real.slice(5)}` }
  })

  it("covers the commands the report names", () => {
    expect(table.map((t) => t.name)).toEqual(expect.arrayContaining(["search", "replace", "ls", "count", "check", "stat", "rm", "get", "set", "del", "mv", "cp", "diff", "hash", "outline"]))
  })

  it.each(table)("$name: SPL-E010 naming $typo and $real, before, between and after the arguments; after -- it is an argument", async ({ name, args, real, takesValue, typo }) => {
    const spec = specOf(name)
    for (const line of [[typo, ...args], [...args, typo], [...args.slice(0, 1), typo, ...args.slice(1)], [...args, `${typo}=3`]]) {
      expect(unknownLongFlag(spec, line)).toBe(typo)
      const err = await Effect.runPromise(Effect.flip(runCli(["node", "splice", name, ...line]) as Effect.Effect<unknown, SpliceError>))
      expect(err.code).toBe("SPL-E010")
      expect(err.message).toBe(`invalid command line: ${typo} is not a flag of splice ${name} (an argument that starts with -- goes after --)`)
      expect(err.context).toMatchObject({ kind: "UnknownFlag", flag: typo })
      expect(err.context?.["candidates"]).toContain(real)
      expect(err.hint).toContain(`Did you mean ${real}`)
    }
    expect(unknownLongFlag(spec, [...args, "--", typo])).toBeUndefined()
    expect(unknownLongFlag(spec, [real, ...(takesValue ? ["--v"] : []), ...args, "--output", "json", "--workspace", "--x"])).toBeUndefined()
  })

  it("a flag's value that starts with -- is a value; a built-in flag is a flag", () => {
    const search = specOf("search")
    expect(unknownLongFlag(search, ["--glob", "--weird", "foo"])).toBeUndefined()
    expect(unknownLongFlag(search, ["--glob=--weird", "--contxt", "foo"])).toBe("--contxt")
    expect(unknownLongFlag(search, ["--log-level", "debug", "foo"])).toBeUndefined()
    expect(unknownLongFlag(search, ["foo", "--context", "2"])).toBeUndefined()
  })
})

describe("a flag @effect/cli corrects itself (a CorrectedFlag) names the flag and its candidates too", () => {
  it("splice read --fil", async () => {
    const err = await Effect.runPromise(Effect.flip(runCli(["node", "splice", "read", "--fil", "f.txt"]) as Effect.Effect<unknown, SpliceError>))
    expect(err.code).toBe("SPL-E010")
    expect(err.context).toMatchObject({ kind: "CorrectedFlag", flag: "--fil", candidates: expect.arrayContaining(["--file"]) })
    expect(err.hint).toContain("Did you mean --file")
  })
})
