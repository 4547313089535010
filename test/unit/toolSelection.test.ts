import { describe, expect, it } from "vitest"
import { SpliceError } from "../../src/domain/SpliceError.js"
import { selectTools } from "../../src/mcp/toolSelection.js"
import { commandSpecs } from "../../src/spec/commands/index.js"
import { mcpToolNames, renderMcpHelp } from "../../src/spec/help.js"

const servable = commandSpecs.filter((s) => s.cliOnly !== true)

describe("splice mcp --tools", () => {
  it("serves every tool without it, the named ones in the server's order with it", () => {
    expect(selectTools(servable, undefined)).toBe(servable)
    const some = selectTools(servable, "undo, edit,read  edit")
    expect(some instanceof SpliceError ? some.message : some.map((s) => s.name)).toEqual(["read", "edit", "undo"].sort((a, b) => servable.findIndex((s) => s.name === a) - servable.findIndex((s) => s.name === b)))
  })

  it("a name that is no tool, or none at all, is SPL-E010 with the close names and the whole list", () => {
    const typo = selectTools(servable, "read,eddit")
    expect(typo).toBeInstanceOf(SpliceError)
    expect((typo as SpliceError).code).toBe("SPL-E010")
    expect((typo as SpliceError).message).toContain('"eddit"')
    expect((typo as SpliceError).context).toMatchObject({ flag: "--tools", candidates: expect.arrayContaining(["edit"]), tools: mcpToolNames(commandSpecs) })
    // trust is a person's decision: never a tool.
    expect((selectTools(servable, "trust") as SpliceError).code).toBe("SPL-E010")
    expect((selectTools(servable, " , ") as SpliceError).message).toBe("--tools names no tool")
  })

  it("its help lists the tools and the flag", () => {
    const help = renderMcpHelp(mcpToolNames(commandSpecs))
    expect(help).toMatch(/^splice mcp: /)
    expect(help).toContain("--tools NAME,...")
    expect(help).toContain("edit, ")
    expect(help).not.toMatch(/\btrust\b/)
  })
})
