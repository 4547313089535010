/** `splice COMMAND --help` for every command: exit 0, the generated text on stdout, nothing on stderr, nothing written. */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { commandSpecs } from "../../src/spec/commands/index.js"
import { VERSION } from "../../src/cli/version.js"
import { mcpToolNames, renderHelp, renderMcpHelp, renderRootHelp } from "../../src/spec/help.js"
import { BUNDLE, ensureBuilt, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

describe.each(runtimes)("--help under $name", (rt) => {
  const ws = tempWorkspace()
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))

  // Asynchronously: a minute of synchronous spawns on a loaded machine starves the worker's RPC
  // with vitest (an unhandled "Timeout calling onTaskUpdate" fails the run).
  it("every command prints its generated help and exits 0, with -h too and after other flags", async () => {
    // A few, one of each kind, as processes (test/unit/spec.test.ts checks every command's help text
    // in process: one process per command cost CI ~15 s).
    const sample = new Set(["edit", "apply", "find", "rename", "schema", "read", "mv"])
    for (const spec of commandSpecs.filter((s) => sample.has(s.name))) {
      const r = await runAsync(rt, [spec.name, "--help"], { cwd: ws })
      expect([spec.name, r.code, r.stderr]).toEqual([spec.name, 0, ""])
      expect(r.stdout).toBe(renderHelp(spec))
    }
    expect((await runAsync(rt, ["edit", "-f", "a.ts", "-h"], { cwd: ws })).stdout).toBe(renderHelp(commandSpecs.find((s) => s.name === "edit")!))
    const root = await runAsync(rt, ["--help"], { cwd: ws })
    expect([root.code, root.stderr, root.stdout]).toEqual([0, "", renderRootHelp(commandSpecs, VERSION)])
    const mcp = await runAsync(rt, ["mcp", "--help"], { cwd: ws })
    expect([mcp.code, mcp.stderr, mcp.stdout]).toEqual([0, "", renderMcpHelp(mcpToolNames(commandSpecs))])
    const typo = await runAsync(rt, ["mcp", "--tools", "read,eddit"], { cwd: ws })
    expect([typo.code, typo.stdout]).toEqual([2, ""])
    expect(typo.stderr).toMatch(/^splice mcp: SPL-E010 --tools: there is no tool named "eddit"\n  hint: Did you mean edit\?/)
    const version = await runAsync(rt, ["--version"], { cwd: ws })
    expect([version.code, version.stderr, version.stdout]).toEqual([0, "", `${VERSION}\n`])
    // Node runs npm's bin (dist/launch.cjs); dist/splice.mjs, which Deno runs, works under Node too.
    const esm = spawnSync(process.execPath, [BUNDLE, "--version"], { cwd: ws, encoding: "utf8" })
    expect([esm.status, esm.stdout]).toEqual([0, `${VERSION}\n`])
    expect(fs.readdirSync(ws)).toEqual([])
  }, 60_000)
})
