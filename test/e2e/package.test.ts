/**
 * The package as a user gets it: `npm pack` (dist/ is already built by ensureBuilt; prepack builds it
 * for a real publish), installed into an empty project, run with `npx splice`, and `npx splice mcp`
 * driven by the MCP SDK's own client — nothing outside the tarball may be needed at run time.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { beforeAll, describe, expect, it } from "vitest"
import { childEnv, ensureBuilt, ROOT, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

describe("the npm package", () => {
  it("installs from its tarball alone; npx splice edits and npx splice mcp serves", async () => {
    const scratch = tempWorkspace("splice-pack-")
    execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", scratch], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] })
    const tarball = fs.readdirSync(scratch).find((f) => f.endsWith(".tgz"))!
    const listing = execFileSync("tar", ["tzf", path.join(scratch, tarball)], { encoding: "utf8" }).split("\n")
    expect(listing).toEqual(expect.arrayContaining(["package/dist/launch.cjs", "package/dist/splice.mjs", "package/dist/splice.cjs", "package/dist/grammars/tree-sitter-typescript.wasm", "package/README.md"]))
    expect(listing.filter((f) => /^package\/(src|test|layers|services|node_modules)\//.test(f))).toEqual([])

    const project = path.join(scratch, "project")
    fs.mkdirSync(project)
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "user-project", private: true }))
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", path.join(scratch, tarball)], { cwd: project, stdio: ["ignore", "ignore", "inherit"] })
    const pkg = JSON.parse(fs.readFileSync(path.join(project, "node_modules", "splice", "package.json"), "utf8")) as { version: string }
    const env = childEnv({ cwd: project })
    expect(execFileSync("npx", ["--no-install", "splice", "--version"], { cwd: project, env, encoding: "utf8" })).toContain(pkg.version)

    fs.writeFileSync(path.join(project, "a.ts"), "export const greeting = 'hi'\r\n")
    const out = execFileSync("npx", ["--no-install", "splice", "edit", "--file", "a.ts", "--replace-old", "'hi'", "--replace-new", "'hello'", "--output", "json"], { cwd: project, env, encoding: "utf8" })
    expect(JSON.parse(out.trim().split("\n").pop()!)).toMatchObject({ ok: true, command: "edit" })
    expect(fs.readFileSync(path.join(project, "a.ts"), "utf8")).toBe("export const greeting = 'hello'\r\n")

    const transport = new StdioClientTransport({ command: "npx", args: ["--no-install", "splice", "mcp", "--workspace", project], cwd: project, env: env as Record<string, string>, stderr: "ignore" })
    const client = new Client({ name: "splice-package-test", version: "1" })
    await client.connect(transport)
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "splice", version: pkg.version })
      const edited = await client.callTool({ name: "edit", arguments: { file: "a.ts", replace_old: "'hello'", replace_new: "'hello there'" } })
      expect(edited.isError).toBeFalsy()
      expect(fs.readFileSync(path.join(project, "a.ts"), "utf8")).toBe("export const greeting = 'hello there'\r\n")
      const broken = await client.callTool({ name: "edit", arguments: { file: "a.ts", replace_old: "'hello there'", replace_new: "'unclosed" } })
      expect(broken).toMatchObject({ isError: true, structuredContent: { code: "SPL-E042" } })
    } finally {
      await client.close()
    }
  }, 120_000) // packs and installs ~55 MB (26 grammars): ~22 s alone, more beside other tests
})
