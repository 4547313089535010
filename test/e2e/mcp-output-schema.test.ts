/**
 * Every MCP tool declares an outputSchema, and the SDK's own client accepts what the server returns:
 * Client.callTool validates structuredContent against the tool's outputSchema (and throws when it
 * does not match), also for error results, so each tool is called for a success and an error.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv"
import { beforeAll, describe, expect, it } from "vitest"
import { childEnv, ensureBuilt, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown> }

const TS = "export function add(a: number, b: number): number {\n  return a + b\n}\nexport const three = add(1, 2)\n"

for (const rt of runtimes) {
  describe(`splice mcp under ${rt.name}: output schemas`, () => {
    it("each tool declares an object outputSchema and every result, success or error, passes the SDK client's validation", async () => {
      const ws = tempWorkspace()
      fs.mkdirSync(path.join(ws, ".git"))
      fs.writeFileSync(path.join(ws, "a.ts"), TS)
      fs.writeFileSync(path.join(ws, "c.json"), '{\n  "a": { "b": 1 }\n}\n')
      fs.writeFileSync(path.join(ws, "s.py"), "def one():\n    return 1\n\n\ndef two():\n    return one() + 1\n")
      const [command, args] = rt.argv(["mcp", "--workspace", ws])
      const transport = new StdioClientTransport({ command, args, cwd: ws, env: childEnv({ cwd: ws }) as Record<string, string>, stderr: "pipe" })
      const client = new Client({ name: "splice-e2e", version: "1" })
      await client.connect(transport)
      try {
        const { tools } = await client.listTools()
        for (const t of tools) expect(t.outputSchema, t.name).toMatchObject({ type: "object", anyOf: expect.any(Array) })

        // callTool throws (McpError: "Structured content does not match the tool's output schema") on a mismatch.
        const call = async (name: string, a: Record<string, unknown>, isError = false) => {
          const r = await client.callTool({ name, arguments: a }) as ToolResult
          expect([name, a, Boolean(r.isError), r.structuredContent?.["type"]]).toEqual([name, a, isError, isError ? "error" : "result"])
          return r
        }
        const calls: Array<[string, Record<string, unknown>, boolean?]> = [
          ["read", { file: "a.ts", numbered: true }],
          ["read", { file: "nope.ts" }, true],
          ["hash", { files: ["a.ts"] }],
          ["hash", { files: ["a.ts"], verify: "0".repeat(64) }, true],
          ["edit", { file: "a.ts", replace_old: "a + b", replace_new: "b + a", preview: true }],
          ["edit", { file: "a.ts", replace_old: "a + b", replace_new: "b + a", diff: true }],
          ["edit", { file: "a.ts", replace_old: "a + b", replace_new: "b + a" }],
          ["edit", { file: "a.ts", replace_old: "no such text", replace_new: "x" }, true],
          ["write", { file: "b.ts", content: "export const b = 1\n", create: true }],
          ["apply", { change_set: "*** Begin Patch\n*** Add File: c.ts\n+export const c = 1\n*** End Patch\n" }],
          ["apply", { change_set: "not a change set" }, true],
          ["check", { files: ["a.ts", "b.ts"] }],
          ["history", {}],
          ["history", { stats: true }],
          ["undo", {}],
          ["undo", { tx: "nope" }, true],
          ["recover", {}],
          ["explain", { code: "SPL-E071" }],
          ["explain", { code: "E999" }, true],
          ["schema", { of: "edit" }],
          ["schema", { of: "nope" }, true],
          ["index", {}],
          ["status", {}],
          ["find", { name: "add" }],
          ["find", { name: "zzzz_nothing" }, true],
          ["refs", { name: "add" }],
          ["outline", { file: "a.ts" }],
          ["files", {}],
          ["suggest", { fn_name: "addAll", desc: "add every number" }],
          ["export", { format: "jsonl" }],
          ["export", {}],
          ["get", { file: "c.json", key_path: "a.b" }],
          ["set", { file: "c.json", key_path: "a.b", value: "2", json: true, preview: true }],
          ["set", { file: "c.json", key_path: "a.b", value: "2", json: true }],
          ["set", { file: "c.json", key_path: "a.b", value: "2", json: true }],
          ["del", { file: "c.json", key_path: "a.b" }],
          ["del", { file: "c.json", key_path: "a.b" }, true],
          ["read", { fiel: "a.ts" }, true],
          ["search", { pattern: "add", context: 1 }],
          ["search", { pattern: "add", count: true }],
          ["search", { pattern: "add", files_with_matches: true }],
          ["search", { pattern: "" }, true],
          ["replace", { pattern: "add", replacement: "sum", word: true, preview: true }],
          ["replace", { pattern: "add", replacement: "sum", word: true }],
          ["replace", { pattern: "nothing_here", replacement: "x" }],
          ["replace", { pattern: "(x)", replacement: "$2", regex: true }, true],
          ["ls", {}],
          ["ls", { long: true, depth: 1 }],
          ["ls", { path: "nope" }, true],
          ["count", { by_size: 3, by_language: true }],
          ["replace", { pattern: "sum", replacement: "add", word: true }],
          ["stat", { files: ["a.ts", "c.json"] }],
          ["stat", { files: ["nope.ts"] }, true],
          ["diff", { a: "a.ts", b: "b.ts" }],
          ["diff", { a: "a.ts", b: "-" }, true],
          ["extract", { file: "a.ts", symbol: "add" }],
          ["extract", { file: "a.ts", lines: "1:2" }],
          ["extract", { file: "a.ts", lines: "99" }, true],
          ["query", { file: "a.ts", kind: ["identifier"], max: 3 }],
          ["query", { file: "a.ts", list_kinds: true }],
          ["query", { file: "a.ts", kind: ["nope"] }, true],
          ["impact", { name: "add" }],
          ["impact", { name: "add", depth: 0 }, true],
          ["dead-code", { include_exported: true }],
          ["complete", { file: "a.ts", line: 1, column: 1 }],
          ["complete", { file: "a.ts", line: 99, column: 1 }, true],
          ["rename", { symbol: "add", to: "plus", preview: true }],
          ["rename", { symbol: "add", to: "plus" }],
          ["rename", { symbol: "plus", to: "class" }, true],
          ["case", { symbol: "plus", to: "pascal" }],
          ["case", { symbol: "Plus", to: "pascal" }, true],
          ["patch", { file: "s.py", symbol: "one", body: true, content: "return 1" }],
          ["patch", { file: "s.py", symbol: "one", body: true, content: "return 10", preview: true }],
          ["patch", { file: "s.py", symbol: "one", body: true, content: "return 10" }],
          ["patch", { file: "s.py", symbol: "none", content: "x = 1" }, true],
          ["insert", { file: "s.py", after_symbol: "two", content: "def three():\n    return 3", preview: true }],
          ["insert", { file: "s.py", after_symbol: "two", content: "def three():\n    return 3" }],
          ["insert", { file: "s.py", in: "two", content: "x = 1" }, true],
          ["delete", { file: "s.py", symbol: "three", preview: true }],
          ["delete", { file: "s.py", symbol: "three" }],
          ["delete", { file: "s.py", symbol: "one" }, true],
          ["cp", { from: "c.json", to: "d/c.json", preview: true }],
          ["cp", { from: "c.json", to: "d/c.json" }],
          ["cp", { from: "c.json", to: "d/c.json" }, true],
          ["mv", { from: "d", to: "e", preview: true }],
          ["mv", { from: "d", to: "e" }],
          ["mv", { from: "e", to: "e/f" }, true],
          ["rm", { paths: ["e"], recursive: true, preview: true }],
          ["rm", { paths: ["e"], recursive: true }],
          ["rm", { paths: ["e"] }, true],
          ["read", { fiel: "a.ts" }, true]
        ]
        for (const [name, a, isError] of calls) await call(name, a, isError === true)
        expect(new Set(calls.map(([n]) => n))).toEqual(new Set(tools.map((t) => t.name)))

        // Why the error line is in outputSchema: the SDK validates an isError result's structuredContent too.
        const read = tools.find((t) => t.name === "read")!.outputSchema as unknown as { anyOf: Array<{ properties?: { type?: { enum?: string[] } } }> }
        const successOnly = { ...read, anyOf: read.anyOf.filter((s) => s.properties?.type?.enum?.[0] !== "error") }
        const error = (await client.callTool({ name: "read", arguments: { file: "nope.ts" } }) as ToolResult).structuredContent
        const validator = new AjvJsonSchemaValidator()
        expect(validator.getValidator(read)(error).valid).toBe(true)
        expect(validator.getValidator(successOnly)(error).valid).toBe(false)
      } finally {
        await client.close()
        fs.rmSync(ws, { recursive: true, force: true })
      }
    }, 120_000)
  })
}
