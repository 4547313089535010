/** A tool call's arguments as a command's values (src/mcp/toolSchema.ts) and hints said in a tool's terms (src/mcp/toolHint.ts). */
import { describe, expect, it } from "vitest"
import { ErrorRegistry } from "../../src/domain/errors.js"
import { toolHint } from "../../src/mcp/toolHint.js"
import { SpliceError, valuesFromArguments } from "../../src/mcp/toolSchema.js"
import { commandSpecs } from "../../src/spec/commands/index.js"

const spec = (name: string) => commandSpecs.find((s) => s.name === name)!
const error = (r: unknown) => {
  expect(r).toBeInstanceOf(SpliceError)
  const e = r as SpliceError
  return { message: e.message, hint: e.effectiveHint, context: e.context }
}

describe("tool arguments", () => {
  it("takes what a model plainly means: a number for a text, a numeric string for an integer, true/false as text, one string for a list, a JSON value for JSON text", () => {
    expect(valuesFromArguments(spec("read"), { file: "f.py", lines: 2 })).toMatchObject({ file: "f.py", lines: "2" })
    expect(valuesFromArguments(spec("edit"), { file: "f.py", after_line: "1", replace_new: "x" })).toMatchObject({ afterLine: 1 })
    expect(valuesFromArguments(spec("edit"), { file: "f.py", replace_old: "a", replace_new: "b", replace_all: "true" })).toMatchObject({ replaceAll: true })
    const edits = [{ old: "c = 3", new: "c = 4" }]
    expect(valuesFromArguments(spec("edit"), { file: "f.py", edits_json: edits })).toMatchObject({ editsJson: JSON.stringify(edits) })
    expect(valuesFromArguments(spec("rm"), { paths: "f.py" })).toMatchObject({ paths: ["f.py"] })
  })

  it("refuses what it cannot take, with the type in good English and a hint; an unknown parameter gets the close ones and the whole list", () => {
    expect(error(valuesFromArguments(spec("edit"), { file: "f.py", after_line: "one", replace_new: "x" }))).toMatchObject({
      message: "edit: after_line must be an integer",
      context: { parameter: "after_line", expected: "an integer" }
    })
    expect(error(valuesFromArguments(spec("edit"), { file: "f.py", replace_old: "a", replace_new: { x: 1 } }))).toMatchObject({ message: "edit: replace_new must be a string" })
    expect(error(valuesFromArguments(spec("edit"), { file: "f.py", replace_all: "yes" })).message).toBe("edit: replace_all must be a boolean")
    const unknown = error(valuesFromArguments(spec("edit"), { file: "f.py", edits: [] }))
    expect(unknown.message).toBe('edit: unknown parameter "edits"')
    expect(unknown.context).toMatchObject({ parameter: "edits", candidates: expect.arrayContaining(["edits_json"]) })
    expect(unknown.hint).toMatch(/^Did you mean .*edits_json.*\? edit takes: file, /)
  })
})

describe("hints in a tool's terms", () => {
  const tools = new Set(commandSpecs.map((s) => s.name))
  const parameters = new Set(["replace_all", "file", "kind", "discard", "expect_checksum"])
  it("flags become parameters, `splice X` the X tool, --help the input schema; a flag no tool takes stays", () => {
    expect(toolHint("Run the command with --help to see its flags.", tools, parameters)).toBe("The tool's input schema (tools/list) lists its parameters.")
    expect(toolHint("Add --replace-all to replace every occurrence, or narrow with --file/--kind.", tools, parameters)).toBe("Add replace_all to replace every occurrence, or narrow with file/kind.")
    expect(toolHint("Run `splice undo` without an id to undo the latest transaction.", tools, parameters)).toBe("Run the `undo` tool without an id to undo the latest transaction.")
    // The server has no current directory of the client's (session 14's new user, from a nested directory).
    expect(toolHint(ErrorRegistry["SPL-E020"].hint, tools, parameters)).toBe("Check the path: a relative path is taken from the workspace root (context.file is where it led).")
    expect(toolHint("`splice recover --discard TX` accepts them as they are.", tools, parameters)).toBe("`recover` with discard TX accepts them as they are.")
    expect(toolHint("Pass --workspace to choose another root, or use a path inside the workspace.", tools, parameters)).toBe("Use a path inside the workspace (the server's --workspace, else the client's roots).")
    expect(toolHint("pass --allow-git-dir to edit inside .git/", tools, parameters)).toBe("pass --allow-git-dir to edit inside .git/")
  })
})
