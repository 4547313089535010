/**
 * Every tool of `splice mcp`, its success and an error path, against the CLI doing the same thing:
 * the same outcome (result or error code) for the same arguments, servers under Node and Deno.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { Ajv, type ValidateFunction } from "ajv"
import { beforeAll, describe, expect, it } from "vitest"
import { childEnv, ensureBuilt, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown> }

interface Case {
  readonly tool: string
  readonly args: Record<string, unknown>
  /** The same request on the command line. */
  readonly cli: ReadonlyArray<string>
  /** The error code both must give; absent: both succeed. */
  readonly code?: string
  /** Compare the whole result with the CLI's (deterministic, read-only commands). */
  readonly same?: boolean
}

// In order: later cases see what earlier ones wrote (the server and the CLI run in twin workspaces).
const cases: ReadonlyArray<Case> = [
  { tool: "read", args: { file: "lib.ts" }, cli: ["read", "--file", "lib.ts"], same: true },
  { tool: "read", args: { file: "lib.ts", lines: "3:x" }, cli: ["read", "--file", "lib.ts", "--lines", "3:x"], code: "SPL-E010" },
  { tool: "hash", args: { files: ["lib.ts", "m.py"] }, cli: ["hash", "lib.ts", "m.py"], same: true },
  { tool: "hash", args: { files: ["lib.ts"], verify: "0".repeat(64) }, cli: ["hash", "lib.ts", "--verify", "0".repeat(64)], code: "SPL-E031" },
  { tool: "explain", args: { code: "E071" }, cli: ["explain", "E071"], same: true },
  { tool: "explain", args: { code: "SPL-E999" }, cli: ["explain", "SPL-E999"], code: "SPL-E010" },
  { tool: "check", args: { files: ["m.py"] }, cli: ["check", "m.py"] },
  { tool: "check", args: { files: ["gone.py"] }, cli: ["check", "gone.py"], code: "SPL-E020" },
  { tool: "edit", args: { file: "lib.ts", replace_old: "r * r", replace_new: "Math.PI * r * r" }, cli: ["edit", "--file", "lib.ts", "--replace-old", "r * r", "--replace-new", "Math.PI * r * r"] },
  { tool: "edit", args: { file: "lib.ts", replace_old: "return", replace_new: "yield" }, cli: ["edit", "--file", "lib.ts", "--replace-old", "return", "--replace-new", "yield"], code: "SPL-E072" },
  { tool: "edit", args: { file: "lib.ts", replace_old: "no such text", replace_new: "x" }, cli: ["edit", "--file", "lib.ts", "--replace-old", "no such text", "--replace-new", "x"], code: "SPL-E071" },
  { tool: "edit", args: { file: "lib.ts", replace_old: "n * 2", replace_new: "n * * 2" }, cli: ["edit", "--file", "lib.ts", "--replace-old", "n * 2", "--replace-new", "n * * 2"], code: "SPL-E042" },
  { tool: "write", args: { file: "src/new.py", content: "y = 2\n", create: true }, cli: ["write", "--file", "src/new.py", "--content", "y = 2\n", "--create"] },
  { tool: "write", args: { file: "m.py", content: "z = 3\n", create: true }, cli: ["write", "--file", "m.py", "--content", "z = 3\n", "--create"], code: "SPL-E033" },
  {
    tool: "apply",
    args: { change_set: "*** Begin Patch\n*** Update File: m.py\n@@\n-x = 1\n+x = 10\n*** End Patch\n" },
    cli: ["apply", "--change-set", "*** Begin Patch\n*** Update File: m.py\n@@\n-x = 1\n+x = 10\n*** End Patch\n"]
  },
  {
    tool: "apply",
    args: { change_set: "*** Begin Patch\n*** Update File: m.py\n@@\n-x = 99\n+x = 100\n*** End Patch\n" },
    cli: ["apply", "--change-set", "*** Begin Patch\n*** Update File: m.py\n@@\n-x = 99\n+x = 100\n*** End Patch\n"],
    code: "SPL-E071"
  },
  {
    tool: "apply",
    args: { change_set: "*** Begin Patch\n*** Rename File: m.py\n*** End Patch\n" },
    cli: ["apply", "--change-set", "*** Begin Patch\n*** Rename File: m.py\n*** End Patch\n"],
    code: "SPL-E051"
  },
  { tool: "history", args: { limit: 2 }, cli: ["history", "--limit", "2"] },
  { tool: "history", args: { limit: 0 }, cli: ["history", "--limit", "0"], code: "SPL-E010" },
  { tool: "undo", args: {}, cli: ["undo"] },
  { tool: "undo", args: { tx: "19990101" }, cli: ["undo", "19990101"], code: "SPL-E022" },
  { tool: "recover", args: {}, cli: ["recover"] },
  { tool: "recover", args: { discard: "19990101" }, cli: ["recover", "--discard", "19990101"], code: "SPL-E022" },
  { tool: "index", args: {}, cli: ["index"] },
  { tool: "index", args: { db: "m.py" }, cli: ["index", "--db", "m.py"], code: "SPL-E091" },
  { tool: "status", args: {}, cli: ["status"] },
  { tool: "find", args: { name: "area" }, cli: ["find", "area"], same: true },
  { tool: "find", args: { name: "area", limit: 0 }, cli: ["find", "area", "--limit", "0"], code: "SPL-E010" },
  { tool: "refs", args: { name: "area" }, cli: ["refs", "area"], same: true },
  { tool: "refs", args: { name: "aera" }, cli: ["refs", "aera"], code: "SPL-E001" },
  { tool: "rename", args: { symbol: "twice", to: "double", preview: true }, cli: ["rename", "--symbol", "twice", "--to", "double", "--preview"], same: true },
  { tool: "rename", args: { symbol: "area", to: "twice" }, cli: ["rename", "--symbol", "area", "--to", "twice"], code: "SPL-E140" },
  { tool: "case", args: { symbol: "twice", to: "screaming", preview: true }, cli: ["case", "--symbol", "twice", "--to", "screaming", "--preview"], same: true },
  { tool: "case", args: { symbol: "twcie", to: "snake" }, cli: ["case", "--symbol", "twcie", "--to", "snake"], code: "SPL-E001" },
  { tool: "patch", args: { file: "lib.ts", symbol: "twice", body: true, content: "return n + n" }, cli: ["patch", "--file", "lib.ts", "--symbol", "twice", "--body", "--content", "return n + n"] },
  { tool: "patch", args: { file: "lib.ts", symbol: "twcie", content: "x" }, cli: ["patch", "--file", "lib.ts", "--symbol", "twcie", "--content", "x"], code: "SPL-E001" },
  {
    tool: "insert",
    args: { file: "lib.ts", after_symbol: "twice", content: "export function half(n: number): number {\n  return n / 2\n}" },
    cli: ["insert", "--file", "lib.ts", "--after-symbol", "twice", "--content", "export function half(n: number): number {\n  return n / 2\n}"]
  },
  { tool: "insert", args: { file: "lib.ts", in: "twice", content: "x" }, cli: ["insert", "--file", "lib.ts", "--in", "twice", "--content", "x"], code: "SPL-E145" },
  { tool: "delete", args: { file: "lib.ts", symbol: "half", preview: true }, cli: ["delete", "--file", "lib.ts", "--symbol", "half", "--preview"], same: true },
  { tool: "delete", args: { file: "lib.ts", symbol: "half" }, cli: ["delete", "--file", "lib.ts", "--symbol", "half"] },
  { tool: "delete", args: { file: "lib.ts", symbol: "area" }, cli: ["delete", "--file", "lib.ts", "--symbol", "area"], code: "SPL-E143" },
  { tool: "complete", args: { file: "use.ts", line: 2, column: 20 }, cli: ["complete", "--file", "use.ts", "--line", "2", "--column", "20"], same: true },
  { tool: "complete", args: { file: "use.ts", line: 2, column: 99 }, cli: ["complete", "--file", "use.ts", "--line", "2", "--column", "99"], code: "SPL-E010" },
  { tool: "impact", args: { name: "area", depth: 2 }, cli: ["impact", "area", "--depth", "2"], same: true },
  { tool: "impact", args: { name: "area", depth: 0 }, cli: ["impact", "area", "--depth", "0"], code: "SPL-E010" },
  { tool: "dead-code", args: { include_exported: true }, cli: ["dead-code", "--include-exported"], same: true },
  { tool: "dead-code", args: { path: "nowhere" }, cli: ["dead-code", "--path", "nowhere"], code: "SPL-E020" },
  { tool: "outline", args: { file: "lib.ts" }, cli: ["outline", "lib.ts"], same: true },
  { tool: "outline", args: { file: "../outside.ts" }, cli: ["outline", "../outside.ts"], code: "SPL-E061" },
  { tool: "files", args: {}, cli: ["files"], same: true },
  { tool: "suggest", args: { fn_name: "perimeter", desc: "perimeter of a circle", file: "lib.ts" }, cli: ["suggest", "--fn-name", "perimeter", "--desc", "perimeter of a circle", "--file", "lib.ts"] },
  { tool: "suggest", args: { fn_name: "perimeter" }, cli: ["suggest", "--fn-name", "perimeter"], code: "SPL-E010" },
  { tool: "schema", args: { of: "edit" }, cli: ["schema", "edit"], same: true },
  { tool: "schema", args: { of: "nosuch" }, cli: ["schema", "nosuch"], code: "SPL-E010" },
  { tool: "export", args: { format: "jsonl" }, cli: ["export", "--format", "jsonl"] },
  { tool: "export", args: { format: "xml" }, cli: ["export", "--format", "xml"], code: "SPL-E010" },
  { tool: "get", args: { file: "cfg.toml", key_path: "tool.version" }, cli: ["get", "cfg.toml", "tool.version"], same: true },
  { tool: "get", args: { file: "cfg.toml", key_path: "tool.verison" }, cli: ["get", "cfg.toml", "tool.verison"], code: "SPL-E073" },
  { tool: "set", args: { file: "cfg.toml", key_path: "tool.version", value: "2.0" }, cli: ["set", "cfg.toml", "tool.version", "2.0"] },
  { tool: "set", args: { file: "cfg.toml", key_path: "tool.n", value: "{nope", json: true }, cli: ["set", "cfg.toml", "tool.n", "{nope", "--json"], code: "SPL-E010" },
  { tool: "del", args: { file: "cfg.toml", key_path: "tool.name" }, cli: ["del", "cfg.toml", "tool.name"] },
  { tool: "del", args: { file: "bad.yaml", key_path: "a" }, cli: ["del", "bad.yaml", "a"], code: "SPL-E048" },
  { tool: "stat", args: { files: ["lib.ts", "m.py"] }, cli: ["stat", "lib.ts", "m.py"] },
  { tool: "stat", args: { files: ["gone.ts"] }, cli: ["stat", "gone.ts"], code: "SPL-E020" },
  { tool: "diff", args: { a: "lib.ts", b: "use.ts", context: 1 }, cli: ["diff", "lib.ts", "use.ts", "--context", "1"], same: true },
  { tool: "diff", args: { a: "-", b: "-" }, cli: ["diff", "-", "-"], code: "SPL-E010" },
  { tool: "extract", args: { file: "lib.ts", symbol: "twice" }, cli: ["extract", "--file", "lib.ts", "--symbol", "twice"], same: true },
  { tool: "extract", args: { file: "lib.ts", lines: "90:99" }, cli: ["extract", "--file", "lib.ts", "--lines", "90:99"], code: "SPL-E120" },
  { tool: "query", args: { file: "lib.ts", kind: ["function_declaration"], max: 1 }, cli: ["query", "--file", "lib.ts", "--kind", "function_declaration", "--max", "1"], same: true },
  { tool: "query", args: { file: "lib.ts", kind: ["function_definition"] }, cli: ["query", "--file", "lib.ts", "--kind", "function_definition"], code: "SPL-E121" },
  { tool: "cp", args: { from: "m.py", to: "copy/m.py" }, cli: ["cp", "m.py", "copy/m.py"] },
  { tool: "cp", args: { from: "m.py", to: "copy/m.py" }, cli: ["cp", "m.py", "copy/m.py"], code: "SPL-E033" },
  { tool: "mv", args: { from: "copy/m.py", to: "moved.py", preview: true }, cli: ["mv", "copy/m.py", "moved.py", "--preview"], same: true },
  { tool: "mv", args: { from: "copy/m.py", to: "moved.py" }, cli: ["mv", "copy/m.py", "moved.py"] },
  { tool: "mv", args: { from: "copy", to: "copy/inner" }, cli: ["mv", "copy", "copy/inner"], code: "SPL-E110" },
  { tool: "rm", args: { paths: ["copy"] }, cli: ["rm", "copy"], code: "SPL-E112" },
  { tool: "rm", args: { paths: ["moved.py", "copy"], recursive: true }, cli: ["rm", "moved.py", "copy", "--recursive"] },
  { tool: "write", args: { file: "m.py", content: "# end\n", append: true }, cli: ["write", "--file", "m.py", "--content", "# end\n", "--append"] },
  { tool: "write", args: { file: "m.py", content: "", prepend: true }, cli: ["write", "--file", "m.py", "--content", "", "--prepend"], code: "SPL-E012" },
  { tool: "search", args: { pattern: "area", glob: ["*.ts"], context: 1 }, cli: ["search", "area", "--glob", "*.ts", "--context", "1"], same: true },
  { tool: "search", args: { pattern: "(", regex: true }, cli: ["search", "(", "--regex"], code: "SPL-E100" },
  { tool: "replace", args: { pattern: "twice", replacement: "double", paths: ["lib.ts"], expect_count: 1 }, cli: ["replace", "twice", "double", "lib.ts", "--expect-count", "1"] },
  { tool: "replace", args: { pattern: "double", replacement: "triple", expect_count: 5 }, cli: ["replace", "double", "triple", "--expect-count", "5"], code: "SPL-E102" },
  { tool: "ls", args: { long: true, glob: ["*.ts", "*.py"] }, cli: ["ls", "--long", "--glob", "*.ts", "--glob", "*.py"], same: true },
  { tool: "ls", args: { path: "nope" }, cli: ["ls", "nope"], code: "SPL-E020" },
  { tool: "count", args: { by_size: 2, by_language: true }, cli: ["count", "--by-size", "2", "--by-language"], same: true },
  { tool: "count", args: { by_size: 0 }, cli: ["count", "--by-size", "0"], code: "SPL-E010" }
]

const seed = (ws: string) => {
  fs.writeFileSync(path.join(ws, "lib.ts"), "export function area(r: number): number {\n  return r * r\n}\n\nexport function twice(n: number): number {\n  return n * 2\n}\n")
  fs.writeFileSync(path.join(ws, "use.ts"), "import { area } from './lib'\nexport const a = area(2)\n")
  fs.writeFileSync(path.join(ws, "m.py"), "x = 1\n")
  fs.writeFileSync(path.join(ws, "cfg.toml"), "# tool settings\n[tool]\nversion = \"1.0\" # pinned\nname = \"demo\"\n")
  fs.writeFileSync(path.join(ws, "bad.yaml"), "a: [1\nb: 2\n")
}

/** What differs between two runs of one command in two workspaces: ids, times, paths of the workspace. */
const stable = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(stable)
  if (typeof v !== "object" || v === null) return v
  return Object.fromEntries(Object.entries(v).filter(([k]) => !["ms", "elapsed_ms", "tx", "id", "created", "at", "db"].includes(k)).map(([k, x]) => [k, stable(x)]))
}

interface Schemas {
  readonly commands: Record<string, { result: object; events?: object }>
  readonly errors: Record<string, object>
}

// One run of the CLI (under Node: the CLI under Deno runs every command in output-schema.test.ts)
// against a server under each runtime, each in its own twin workspace; every line the CLI prints is
// also checked against `splice schema`.
describe("every MCP tool, under Node and Deno", () => {
  it("succeeds and fails as the CLI does, with the same error codes", async () => {
    const viaCli = tempWorkspace()
    seed(viaCli)
    const node = runtimes.find((rt) => rt.name === "node")!
    const schemas = (await runAsync(node, ["schema", "--output", "json"], { cwd: viaCli })).last as unknown as Schemas
    const ajv = new Ajv({ strict: false, allErrors: true })
    const compiled = new Map<object, ValidateFunction>()
    const conforms = (command: string, line: Record<string, unknown>, label: string) => {
      const schema = line["type"] === "error" ? schemas.errors[String(line["code"])] : line["type"] === "result" ? schemas.commands[command]?.result : schemas.commands[command]?.events
      expect(schema, `${label}: no schema for ${JSON.stringify(line).slice(0, 200)}`).toBeDefined()
      const validate = compiled.get(schema!) ?? compiled.set(schema!, ajv.compile(schema!)).get(schema!)!
      expect(validate(line), `${label}: ${JSON.stringify(line).slice(0, 600)}\n${ajv.errorsText(validate.errors)}`).toBe(true)
    }
    const servers = await Promise.all(runtimes.map(async (rt) => {
      const ws = tempWorkspace()
      seed(ws)
      const [command, args] = rt.argv(["mcp", "--workspace", ws])
      const client = new Client({ name: "splice-e2e", version: "1" })
      await client.connect(new StdioClientTransport({ command, args, cwd: ws, env: childEnv({ cwd: ws }) as Record<string, string>, stderr: "ignore" }))
      return { rt, ws, client, tools: new Set((await client.listTools()).tools.map((t) => t.name)) }
    }))
    try {
      for (const c of cases) {
        const cli = await runAsync(node, [...c.cli, "--output", "json"], { cwd: viaCli })
        const command = String(cli.lines.find((l) => l["type"] === "result")?.["command"] ?? c.cli[0])
        for (const line of cli.lines) conforms(command, line, `${c.cli.join(" ")} (CLI)`)
        for (const { rt, client } of servers) {
          const label = `${c.tool} ${JSON.stringify(c.args)} under ${rt.name}`
          const r = await client.callTool({ name: c.tool, arguments: c.args }) as ToolResult
          if (c.code === undefined) {
            expect(r.isError, `${label}: ${JSON.stringify(r.structuredContent).slice(0, 300)}`).toBeFalsy()
            expect(r.structuredContent, label).toMatchObject({ type: "result", ok: true })
            expect(cli.code, `${label} (CLI): ${cli.stdout.slice(-300)}`).toBe(0)
            if (c.same === true) {
              const { events, ...result } = r.structuredContent!
              expect(stable(result), label).toEqual(stable(cli.last))
              expect(stable(events ?? []), label).toEqual(stable(cli.lines.slice(0, -1)))
            }
          } else {
            expect(r.isError, `${label}: ${JSON.stringify(r.structuredContent).slice(0, 300)}`).toBe(true)
            expect(r.structuredContent, `${label}: ${JSON.stringify(r.structuredContent).slice(0, 300)}`).toMatchObject({ type: "error", ok: false, code: c.code })
            expect(cli.last, `${label} (CLI)`).toMatchObject({ code: c.code })
            expect(r.structuredContent!["exit"], label).toBe(cli.code)
          }
        }
      }
      // Every tool a server lists has a case here (trust is CLI-only by design).
      for (const { tools } of servers) expect([...tools].filter((t) => !cases.some((c) => c.tool === t))).toEqual([])
    } finally {
      await Promise.all(servers.map(({ client }) => client.close()))
    }
    for (const { ws: served } of servers) {
      expect(fs.readFileSync(path.join(served, "lib.ts"), "utf8")).toBe(fs.readFileSync(path.join(viaCli, "lib.ts"), "utf8"))
      expect(fs.readFileSync(path.join(served, "m.py"), "utf8")).toBe(fs.readFileSync(path.join(viaCli, "m.py"), "utf8"))
      expect(fs.readFileSync(path.join(served, "m.py"), "utf8")).toMatch(/# end\n$/)
      expect(fs.readFileSync(path.join(served, "cfg.toml"), "utf8")).toBe("# tool settings\n[tool]\nversion = \"2.0\" # pinned\n")
    }
    for (const ws of [...servers.map((s) => s.ws), viaCli]) expect([fs.existsSync(path.join(ws, "copy")), fs.existsSync(path.join(ws, "moved.py"))]).toEqual([false, false])
    expect(fs.readFileSync(path.join(viaCli, "cfg.toml"), "utf8")).toBe("# tool settings\n[tool]\nversion = \"2.0\" # pinned\n")
  }, 240_000) // ~80 CLI processes in a row
})
