import { describe, expect, it } from "vitest"
import { numbersAsArguments, stdinArgumentLast } from "../../src/spec/argv.js"
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
