/** The command definitions (src/spec/commands/) are well-formed for both surfaces: the CLI and its --help, and MCP tools. */
import { describe, expect, it } from "vitest"
import { commandSpecs } from "../../src/spec/commands/index.js"
import { renderHelp, requestedHelp } from "../../src/spec/help.js"
import { snakeName } from "../../src/spec/param.js"

/** The writing commands carry the gate flags besides their own. */
const LONG_HELP = new Set(["edit", "write", "apply", "set", "del", "rename", "case", "mv", "cp", "replace", "patch", "delete", "insert"])

describe("command specs", () => {
  it("names are unique, and every command has a one-line summary, a guide and examples that run it", () => {
    const names = commandSpecs.map((s) => s.name)
    expect(new Set(names).size).toBe(names.length)
    for (const s of commandSpecs) {
      expect(s.summary, s.name).not.toMatch(/\n/)
      expect(s.guide.length, s.name).toBeGreaterThan(80)
      expect(s.guide.length, s.name).toBeLessThan(600)
      expect(s.examples.length, s.name).toBeGreaterThanOrEqual(1)
      for (const e of s.examples) expect(e, s.name).toMatch(new RegExp(`(^|\\| )splice ${s.name}\\b`))
    }
  })

  it("every parameter has a description; no two share a flag, an alias or an MCP name (with --workspace and --output)", () => {
    for (const s of commandSpecs) {
      const params = Object.values(s.params)
      for (const p of params) expect(p.description.length, `${s.name} --${p.flag}`).toBeGreaterThan(10)
      const flags = [...params.flatMap((p) => [p.flag, ...(p.longAlias !== undefined ? [p.longAlias] : [])]), "workspace", "output"]
      expect(new Set(flags).size, s.name).toBe(flags.length)
      const aliases = params.flatMap((p) => (p.alias !== undefined ? [p.alias] : []))
      expect(new Set(aliases).size, s.name).toBe(aliases.length)
      const snake = params.map(snakeName)
      expect(new Set(snake).size, s.name).toBe(snake.length)
      // A CLI has at most one optional positional, and it (or a list) takes the last place.
      const positionals = params.filter((p) => p.positional !== undefined && p.only !== "mcp")
      expect(positionals.filter((p) => !p.required || p.type === "list").length, s.name).toBeLessThanOrEqual(1)
      positionals.forEach((p, i) => {
        if (!p.required || p.type === "list") expect(i, `${s.name} ${p.positional}`).toBe(positionals.length - 1)
      })
    }
  })

  it("--help is short: under 2 KB (3.5 KB for the writing commands), lines of the guide wrapped at 100 columns", () => {
    for (const s of commandSpecs) {
      const help = renderHelp(s)
      expect(help.length, s.name).toBeLessThan(LONG_HELP.has(s.name) ? 3584 : 2048)
      expect(help.startsWith(`splice ${s.name}: `), s.name).toBe(true)
      const guide = help.split("\n\n")[2]!
      for (const line of guide.split("\n")) expect(line.length, s.name).toBeLessThanOrEqual(100)
      for (const p of Object.values(s.params)) expect(help, `${s.name} --${p.flag}`).toContain(p.positional ?? `--${p.flag}`)
    }
  })

  it("splice --help (and splice alone) lists every command once, grouped, under 5 KB", () => {
    const root = requestedHelp(["--help"], commandSpecs, "9.9.9")!
    expect(root.startsWith("splice 9.9.9: ")).toBe(true)
    expect(root.length).toBeLessThan(5120)
    expect(requestedHelp([], commandSpecs, "9.9.9")).toBe(root)
    expect(requestedHelp(["-h"], commandSpecs, "9.9.9")).toBe(root)
    const listed = root.split("\n").filter((l) => /^  [a-z-]+ {2,}\S/.test(l)).map((l) => l.trim().split(/\s+/)[0])
    expect([...listed].sort()).toEqual([...commandSpecs.map((s) => s.name), "mcp"].sort())
    expect(root).not.toContain("Other:") // every command has its group
  })

  it("every command's --help and -h print its generated help", () => {
    for (const spec of commandSpecs) {
      expect(requestedHelp([spec.name, "--help"], commandSpecs), spec.name).toBe(renderHelp(spec))
      expect(requestedHelp([spec.name, "-h"], commandSpecs), spec.name).toBe(renderHelp(spec))
    }
  })

  it("--help is recognised as a flag, never as the value of one", () => {
    expect(requestedHelp(["edit", "--help"], commandSpecs)).toContain("splice edit:")
    expect(requestedHelp(["edit", "-f", "a.ts", "-h"], commandSpecs)).toContain("splice edit:")
    expect(requestedHelp(["edit", "--replace-old", "--help", "--replace-new", "x"], commandSpecs)).toBeUndefined()
    // After --, --help is an argument: `splice search -- --help` searches for it.
    expect(requestedHelp(["search", "--", "--help", "src"], commandSpecs)).toBeUndefined()
    expect(requestedHelp(["find", "--kind", "function", "--help"], commandSpecs)).toContain("splice find:")
  })
})
