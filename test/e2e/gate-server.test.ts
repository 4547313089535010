/**
 * `splice mcp` keeps the trees of what it parsed and starts each edit's syntax gate from the tree of
 * the file's text: its verdicts must be the CLI's, which parses from scratch. Successive edits of the
 * same files through one server (valid, broken, repaired), a pause between them as an agent's, each
 * compared with a CLI process making the same edit to a copy of the same text. Node and Deno.
 * TS/JS files tree-sitter finds errors in: the server asks TypeScript's (incremental) parser first
 * from the second edit on, so an edit it passes names that parser; whether an edit passes, and a
 * refused edit's errors, are the CLI's.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { beforeAll, describe, expect, it } from "vitest"
import { childEnv, ensureBuilt, ROOT, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown> }

const FILES = [
  // tree-sitter finds (false) errors in it: the gate compares errors before and after.
  { name: "Brand.ts", text: fs.readFileSync(path.join(ROOT, "test/fixtures/effect-3.22.4/Brand.ts"), "utf8"), anchor: "export const nominal" },
  // bench/mcp.mjs's file: 21 false tree-sitter errors (variance annotations), none for TypeScript.
  { name: "Queue.ts", text: fs.readFileSync(path.join(ROOT, "node_modules/effect/src/Queue.ts"), "utf8"), anchor: "export const isQueue" },
  // C: tree-sitter's verdict is final, and its incremental reparse recovers unlike a fresh parse.
  { name: "scanner.c", text: fs.readFileSync(path.join(ROOT, "node_modules/tree-sitter-python/src/scanner.c"), "utf8"), anchor: "bool tree_sitter_python_external_scanner_scan" }
]

/** Edits by (old, new) text: the second breaks the file, the third repairs it, the fourth is another valid one. */
const steps = (anchor: string) => [
  { old: anchor, new: `${anchor}_renamed` },
  { old: `${anchor}_renamed`, new: `${anchor}_renamed {(` },
  { old: `${anchor}_renamed`, new: anchor },
  { old: anchor, new: `${anchor}2` }
]

for (const rt of runtimes) {
  describe(`syntax gate in splice mcp under ${rt.name}`, () => {
    it("successive edits of the same files give the CLI's verdicts", { timeout: 120_000 }, async () => {
      const ws = tempWorkspace()
      const cliWs = tempWorkspace()
      for (const f of FILES) fs.writeFileSync(path.join(ws, f.name), f.text)
      const [command, args] = rt.argv(["mcp", "--workspace", ws])
      const transport = new StdioClientTransport({ command, args, cwd: ws, env: childEnv({ cwd: ws }) as Record<string, string>, stderr: "pipe" })
      const client = new Client({ name: "splice-e2e", version: "1" })
      await client.connect(transport)
      try {
        const statuses: string[] = []
        const typescriptFirst: string[] = []
        for (const step of [0, 1, 2, 3]) {
          for (const f of FILES) {
            const edit = steps(f.anchor)[step]!
            const before = fs.readFileSync(path.join(ws, f.name), "utf8")
            const r = await client.callTool({ name: "edit", arguments: { file: f.name, replace_old: edit.old, replace_new: edit.new, validate: "syntax" } }) as ToolResult
            fs.writeFileSync(path.join(cliWs, f.name), before)
            const cli = await runAsync(rt, ["edit", "--file", f.name, "--replace-old", edit.old, "--replace-new", edit.new, "--validate", "syntax"], { cwd: cliWs })
            // A passed edit's verdict, or a refused one's error context (its errors, their lines and messages).
            const verdict = (o: Record<string, unknown>) => (o["ok"] === true ? o["validation"] : o["context"])
            const served = verdict(r.structuredContent!) as Record<string, unknown>
            if (r.isError !== true && String(served["parser"]).startsWith("typescript ")) {
              // TypeScript's parse of what the last edit wrote, kept, found no new error: the CLI passes it too.
              expect(served, `${f.name} step ${step}`).toMatchObject({ status: "passed", errors: [] })
              expect(cli.last["ok"], `${f.name} step ${step} (CLI)`).toBe(true)
              typescriptFirst.push(`${f.name}:${step}`)
            } else {
              expect(served, `${f.name} step ${step}`).toEqual(verdict(cli.last))
            }
            statuses.push(`${f.name}:${r.isError === true ? "failed" : "passed"}`)
          }
          // An agent's pause: the server parses what it wrote meanwhile, so the next gate starts from that tree.
          await new Promise((resolve) => setTimeout(resolve, 600))
        }
        // The broken edit failed (nothing written), so the repair in step 2 finds no `_renamed {(` either.
        expect(statuses).toEqual([0, 1, 2, 3].flatMap((step) => FILES.map((f) => `${f.name}:${step === 1 ? "failed" : "passed"}`)))
        // The files with (false) tree-sitter errors: after the first edit, TypeScript's kept parse
        // decides each valid edit (a refused edit spent the parse of the text still on disk: the
        // server parsed that again during the pause).
        expect(typescriptFirst).toEqual(["Brand.ts:2", "Queue.ts:2", "Brand.ts:3", "Queue.ts:3"])
        // Queue.ts: refused while broken, nothing written; the valid edits reached the disk.
        expect(fs.readFileSync(path.join(ws, "Queue.ts"), "utf8")).toBe(FILES[1]!.text.replace("export const isQueue", "export const isQueue2"))
      } finally {
        await client.close()
      }
    })
  })
}
