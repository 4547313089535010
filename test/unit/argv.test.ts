import { describe, expect, it } from "vitest"
import { stdinArgumentLast } from "../../src/spec/argv.js"
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
