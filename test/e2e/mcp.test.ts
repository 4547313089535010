/**
 * `splice mcp` driven by the SDK's own client over stdio, under Node and Deno: the tool list comes
 * from the command definitions, success and error results, the same journal as the CLI, a cancelled
 * call rolled back, a signal mid-transaction, a malformed request, and stdin closing.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import { pathToFileURL } from "node:url"
import { beforeAll, describe, expect, it } from "vitest"
import { childEnv, ensureBuilt, ROOT, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const connect = async (rt: (typeof runtimes)[number], cwd: string, env: Record<string, string> = {}, roots?: () => string[]) => {
  const [command, args] = rt.argv(roots === undefined ? ["mcp", "--workspace", cwd] : ["mcp"])
  const transport = new StdioClientTransport({ command, args, cwd, env: childEnv({ cwd, env }) as Record<string, string>, stderr: "pipe" })
  let stderr = ""
  transport.stderr?.on("data", (d) => (stderr += d))
  const client = new Client({ name: "splice-e2e", version: "1" }, roots === undefined ? {} : { capabilities: { roots: { listChanged: true } } })
  if (roots !== undefined) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots().map((r) => ({ uri: pathToFileURL(r).href })) }))
  await client.connect(transport)
  return { client, transport, stderr: () => stderr }
}

const waitUntil = async (ok: () => boolean, what: string) => {
  for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 50))
  if (!ok()) throw new Error(`timed out waiting for ${what}`)
}

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ type: string; text?: string }> }

for (const rt of runtimes) {
  describe(`splice mcp under ${rt.name}`, () => {
    it("lists the commands as tools and answers calls like the CLI; errors are results with their code", async () => {
      const ws = tempWorkspace()
      fs.writeFileSync(path.join(ws, "a.ts"), "export const a = 1\r\n")
      const { client } = await connect(rt, ws)
      try {
        const { tools } = await client.listTools()
        const names = tools.map((t) => t.name)
        expect(names).toEqual(expect.arrayContaining(["read", "edit", "write", "apply", "check", "hash", "undo", "history", "recover", "find", "refs", "outline", "files", "status", "suggest"]))
        expect(names).not.toContain("trust") // a person's decision, never a model's
        const read = tools.find((t) => t.name === "read")!
        expect(read.inputSchema).toMatchObject({ type: "object", required: ["file"], properties: { file: { type: "string" }, max_bytes: { type: "integer" } } })
        expect(read.description).toMatch(/checksum/)
        expect(read.annotations).toMatchObject({ readOnlyHint: true })

        const cli = await runAsync(rt, ["read", "--file", "a.ts"], { cwd: ws })
        const r = await client.callTool({ name: "read", arguments: { file: "a.ts" } }) as ToolResult
        expect(r.isError).toBeFalsy()
        expect(r.structuredContent).toEqual(cli.last)

        const missing = await client.callTool({ name: "read", arguments: { file: "nope.ts" } }) as ToolResult
        expect(missing.isError).toBe(true)
        expect(missing.structuredContent).toMatchObject({ code: "SPL-E020", exit: 4, context: { file: "nope.ts" } })
        const typo = await client.callTool({ name: "read", arguments: { fiel: "a.ts" } }) as ToolResult
        expect(typo.structuredContent).toMatchObject({ code: "SPL-E010", context: { parameter: "fiel", candidates: ["file"] }, hint: expect.stringMatching(/^Did you mean file\? read takes: file, /) })
        // What a model plainly means is taken ("5" for an integer); what it cannot mean is refused.
        const numeric = await client.callTool({ name: "history", arguments: { limit: "5" } }) as ToolResult
        expect(numeric.isError).toBeFalsy()
        const wrongType = await client.callTool({ name: "history", arguments: { limit: "five" } }) as ToolResult
        expect(wrongType.structuredContent).toMatchObject({ code: "SPL-E010", context: { parameter: "limit", expected: "an integer" } })
        const noTool = await client.callTool({ name: "raed", arguments: {} }) as ToolResult
        expect(noTool.structuredContent).toMatchObject({ code: "SPL-E010", context: { candidates: ["read", "edit"] }, hint: "Did you mean read or edit? tools/list names every tool." })
        const outside = await client.callTool({ name: "read", arguments: { file: "../etc/passwd" } }) as ToolResult
        expect(outside.structuredContent).toMatchObject({ code: "SPL-E061" })
      } finally {
        await client.close()
      }
    })

    it("with --tools, lists and answers only the tools named", async () => {
      const ws = tempWorkspace()
      fs.writeFileSync(path.join(ws, "a.ts"), "export const a = 1\n")
      const [command, args] = rt.argv(["mcp", "--workspace", ws, "--tools", "edit,read"])
      const client = new Client({ name: "splice-e2e", version: "1" })
      await client.connect(new StdioClientTransport({ command, args, cwd: ws, env: childEnv({ cwd: ws }) as Record<string, string>, stderr: "ignore" }))
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["edit", "read"])
        expect(await client.callTool({ name: "edit", arguments: { file: "a.ts", replace_old: "a = 1", replace_new: "a = 2" } })).toMatchObject({ structuredContent: { ok: true, replacements: 1 } })
        const undo = await client.callTool({ name: "undo", arguments: {} }) as ToolResult
        expect(undo.isError).toBe(true)
        expect(undo.structuredContent).toMatchObject({ code: "SPL-E010", context: { tools: ["edit", "read"] } })
      } finally {
        await client.close()
      }
    })

    it("shares the journal with CLI processes: the server undoes a CLI edit, and a cancelled undo rolls back", async () => {
      const ws = tempWorkspace()
      fs.writeFileSync(path.join(ws, "m.py"), "x = 1\n")
      expect((await runAsync(rt, ["edit", "--file", "m.py", "--replace-old", "x = 1", "--replace-new", "x = 2"], { cwd: ws })).code).toBe(0)
      const { client } = await connect(rt, ws)
      try {
        const h = await client.callTool({ name: "history", arguments: {} }) as ToolResult
        expect((h.structuredContent!["events"] as Array<{ command: string }>)[0]!.command).toBe("edit")
        const u = await client.callTool({ name: "undo", arguments: {} }) as ToolResult
        expect(u.structuredContent).toMatchObject({ ok: true, undid_command: "edit" })
        expect(fs.readFileSync(path.join(ws, "m.py"), "utf8")).toBe("x = 1\n")
      } finally {
        await client.close()
      }

      // Cancelled while its writes wait for the commit mark: the undo is rolled back.
      expect((await runAsync(rt, ["edit", "--file", "m.py", "--replace-old", "x = 1", "--replace-new", "x = 3"], { cwd: ws })).code).toBe(0)
      const held = await connect(rt, ws, { SPLICE_TEST_HOLD_MS: "20000" })
      try {
        const controller = new AbortController()
        const call = held.client.callTool({ name: "undo", arguments: {} }, undefined, { signal: controller.signal }).catch((e: unknown) => e)
        for (let i = 0; i < 400 && !/test hold/.test(held.stderr()); i++) await new Promise((r) => setTimeout(r, 50))
        expect(held.stderr()).toMatch(/test hold/)
        expect(fs.readFileSync(path.join(ws, "m.py"), "utf8")).toBe("x = 1\n") // written, not committed
        controller.abort()
        await call
        for (let i = 0; i < 200 && !/rolled back/.test(held.stderr()); i++) await new Promise((r) => setTimeout(r, 50))
        expect(fs.readFileSync(path.join(ws, "m.py"), "utf8")).toBe("x = 3\n")
        // The server keeps serving after a cancellation.
        const after = await held.client.callTool({ name: "read", arguments: { file: "m.py" } }) as ToolResult
        expect(after.structuredContent).toMatchObject({ content: "x = 3\n" })
      } finally {
        await held.client.close()
      }
      const rec = await runAsync(rt, ["recover"], { cwd: ws })
      expect(rec.last).toMatchObject({ ok: true, rolled_back: 0 })
    })

    it("SIGTERM mid-transaction rolls back before exiting 143; a malformed request gets an error and the server keeps serving; stdin closing exits 0", async () => {
      const ws = tempWorkspace()
      fs.writeFileSync(path.join(ws, "m.py"), "x = 1\n")
      expect((await runAsync(rt, ["edit", "--file", "m.py", "--replace-old", "x = 1", "--replace-new", "x = 2"], { cwd: ws })).code).toBe(0)
      const [command, args] = rt.argv(["mcp", "--workspace", ws])
      const child = spawn(command, args, { cwd: ws, env: childEnv({ cwd: ws, env: { SPLICE_TEST_HOLD_MS: "20000" } }), stdio: ["pipe", "pipe", "pipe"] })
      let out = ""
      let err = ""
      child.stdout!.on("data", (d) => (out += d))
      child.stderr!.on("data", (d) => (err += d))
      const send = (m: unknown) => child.stdin!.write((typeof m === "string" ? m : JSON.stringify(m)) + "\n")
      const waitFor = async (re: RegExp, what: () => string) => {
        for (let i = 0; i < 400 && !re.test(what()); i++) await new Promise((r) => setTimeout(r, 50))
        expect(what()).toMatch(re)
      }
      send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })
      await waitFor(/"id":1/, () => out)
      send({ jsonrpc: "2.0", method: "notifications/initialized" })
      send("this is not json")
      send({ hello: "json, but no JSON-RPC message" })
      send({ jsonrpc: "2.0", id: 2, method: "tools/list" })
      await waitFor(/"id":2/, () => out)
      // Each unreadable line is answered as JSON-RPC 2.0 says (id null: none could be read).
      const replies = out.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { id: unknown; error?: { code: number } })
      expect(replies.filter((m) => m.id === null).map((m) => m.error?.code)).toEqual([-32700, -32600])
      send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "undo", arguments: {} } })
      await waitFor(/test hold/, () => err)
      const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)))
      child.kill("SIGTERM")
      expect(await exited).toBe(143)
      // stdout carried JSON-RPC alone, the end included; how the server ended is on stderr.
      for (const line of out.split("\n").filter((l) => l !== "")) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" })
      expect(err).toMatch(/splice mcp: SPL-E130 interrupted by SIGTERM/)
      // The held call was answered before the exit, naming the signal that came (not the Ctrl-C default).
      const held = out.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { id?: number; result?: { isError?: boolean; structuredContent?: Record<string, unknown> } }).find((m) => m.id === 3)
      expect(held?.result).toMatchObject({ isError: true, structuredContent: { code: "SPL-E130", exit: 143, context: { signal: "SIGTERM" } } })
      expect(fs.readFileSync(path.join(ws, "m.py"), "utf8")).toBe("x = 2\n")
      expect((await runAsync(rt, ["recover"], { cwd: ws })).last).toMatchObject({ rolled_back: 0 })

      const again = await connect(rt, ws)
      const closed = new Promise<void>((resolve) => again.transport.onclose = () => resolve())
      await again.client.close()
      await closed
    })

    it("takes the workspace from the client's roots (asked again when they change); the graph stays open between calls yet never serves a stale answer", async () => {
      const one = tempWorkspace()
      const two = tempWorkspace()
      fs.writeFileSync(path.join(one, "lib.ts"), "export function area(r: number) { return r * r }\n")
      fs.writeFileSync(path.join(one, "use.ts"), "import { area } from './lib'\nexport const a = area(2)\n")
      fs.writeFileSync(path.join(two, "other.py"), "x = 1\n")
      let roots = [one]
      const elsewhere = tempWorkspace() // the server's own directory is neither root
      const { client } = await connect(rt, elsewhere, {}, () => roots)
      try {
        expect((await client.callTool({ name: "index", arguments: {} }) as ToolResult).isError).toBeFalsy()
        expect(fs.existsSync(path.join(one, ".splice", "graph.db"))).toBe(true)
        const refs = await client.callTool({ name: "refs", arguments: { name: "area" } }) as ToolResult
        expect((refs.structuredContent!["references"] as unknown[]).length).toBeGreaterThan(0)
        // Changed on disk by someone else: the next query sees it.
        fs.appendFileSync(path.join(one, "use.ts"), "export const b = area(3)\n")
        const after = await client.callTool({ name: "refs", arguments: { name: "area" } }) as ToolResult
        expect((after.structuredContent!["references"] as unknown[]).length).toBe((refs.structuredContent!["references"] as unknown[]).length + 1)
        // Rebuilt by a CLI process behind the server's back: the server reads the new database.
        fs.writeFileSync(path.join(one, "more.ts"), "export const volume = 3\n")
        expect((await runAsync(rt, ["index", "--full"], { cwd: one })).code).toBe(0)
        const found = await client.callTool({ name: "find", arguments: { name: "volume" } }) as ToolResult
        expect(found.structuredContent).toMatchObject({ ok: true, count: 1 })
        // A server edit refreshes the graph it keeps open.
        const e = await client.callTool({ name: "edit", arguments: { file: "more.ts", replace_old: "volume", replace_new: "capacity" } }) as ToolResult
        expect(e.isError).toBeFalsy()
        expect((await client.callTool({ name: "find", arguments: { name: "capacity" } }) as ToolResult).structuredContent).toMatchObject({ count: 1 })
        expect((await client.callTool({ name: "read", arguments: { file: "other.py" } }) as ToolResult).structuredContent).toMatchObject({ code: "SPL-E020" })
        roots = [two]
        await client.sendRootsListChanged() // handled before the next request on the same stream
        expect((await client.callTool({ name: "read", arguments: { file: "other.py" } }) as ToolResult).structuredContent).toMatchObject({ content: "x = 1\n" })
      } finally {
        await client.close()
      }
    })

    it("a CLI edit and a server edit of one file serialize; a server killed with -9 mid-write is rolled back by splice recover", async () => {
      const ws = tempWorkspace()
      fs.writeFileSync(path.join(ws, "m.py"), "a = 1\nb = 1\n")
      const held = await connect(rt, ws, { SPLICE_TEST_HOLD_MS: "1500" })
      try {
        const serverEdit = held.client.callTool({ name: "edit", arguments: { file: "m.py", replace_old: "a = 1", replace_new: "a = 2" } })
        await waitUntil(() => /test hold/.test(held.stderr()), "the server's write")
        // The CLI waits for the server's lock, then edits the file as the server left it.
        const cli = await runAsync(rt, ["edit", "--file", "m.py", "--replace-old", "b = 1", "--replace-new", "b = 2"], { cwd: ws })
        expect(cli.code).toBe(0)
        expect(((await serverEdit) as ToolResult).isError).toBeFalsy()
        expect(fs.readFileSync(path.join(ws, "m.py"), "utf8")).toBe("a = 2\nb = 2\n")
      } finally {
        await held.client.close()
      }
      // The spare it made after answering (the next begin's file) goes with it.
      const txRoot = path.join(ws, ".splice", "tx")
      expect(fs.readdirSync(txRoot).filter((n) => !n.endsWith(".committed"))).toEqual([])

      const [command, args] = rt.argv(["mcp", "--workspace", ws])
      const child = spawn(command, args, { cwd: ws, env: childEnv({ cwd: ws, env: { SPLICE_TEST_HOLD_MS: "20000" } }), stdio: ["pipe", "pipe", "pipe"] })
      let err = ""
      child.stderr!.on("data", (d) => (err += d))
      const send = (m: unknown) => child.stdin!.write(JSON.stringify(m) + "\n")
      send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })
      send({ jsonrpc: "2.0", method: "notifications/initialized" })
      // A write that fails (nothing to replace) is answered at once; the server makes its spare after it.
      send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "edit", arguments: { file: "m.py", replace_old: "zzz", replace_new: "y" } } })
      const spares = () => fs.readdirSync(txRoot).filter((n) => n.endsWith(".spare"))
      await waitUntil(() => spares().length === 1, "the spare after the first answer")
      send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "write", arguments: { file: "m.py", content: "a = 3\n" } } })
      await waitUntil(() => /test hold/.test(err), "the server's write")
      expect(fs.readFileSync(path.join(ws, "m.py"), "utf8")).toBe("a = 3\n") // written, not committed
      // The begin filled the spare and renamed it: its transaction is pending as <id>.tx.
      expect([spares().length, fs.readdirSync(txRoot).filter((n) => n.endsWith(".tx")).length]).toEqual([0, 1])
      const died = new Promise((resolve) => child.on("close", resolve))
      child.kill("SIGKILL")
      await died
      const rec = await runAsync(rt, ["recover"], { cwd: ws })
      expect(rec.last).toMatchObject({ ok: true, rolled_back: 1 })
      expect(fs.readFileSync(path.join(ws, "m.py"), "utf8")).toBe("a = 2\nb = 2\n")
      expect(fs.readdirSync(txRoot).filter((n) => n.endsWith(".tx") || n.endsWith(".spare"))).toEqual([])
    })

    it("sees splice.json and trust change while it runs: a new default, a gate trusted by `splice trust`, then revoked", async () => {
      const ws = tempWorkspace()
      const config = fs.mkdtempSync(path.join(ws, "..", "splice-cfg-"))
      const env = { SPLICE_TRUST: "", XDG_CONFIG_HOME: config }
      const marker = path.join(config, "gate-ran")
      fs.writeFileSync(path.join(ws, "notes.txt"), "v0\n")
      const { client } = await connect(rt, ws, env)
      let k = 0
      const edit = async () => {
        const r = (await client.callTool({ name: "edit", arguments: { file: "notes.txt", replace_old: `v${k}`, replace_new: `v${k + 1}` } })) as ToolResult
        expect(r.isError).toBeFalsy()
        k++
        return r.structuredContent!
      }
      try {
        expect(await edit()).toMatchObject({ validation: { status: "skipped", reason: "no grammar for .txt files" } })
        // A splice.json written after the server started: its defaults apply, its gate waits for trust.
        fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ gates: { ".txt": ["sh", "-c", `echo ran >> ${marker}`] }, defaults: { validate: "none" } }))
        expect(await edit()).toMatchObject({ validation: { status: "skipped", reason: "disabled by --validate none" } })
        fs.writeFileSync(path.join(ws, "splice.json"), JSON.stringify({ gates: { ".txt": ["sh", "-c", `echo ran >> ${marker}`] } }))
        expect(await edit()).toMatchObject({ validation: { reason: "no grammar for .txt files" }, compiler: { status: "skipped", reason: "workspace not trusted; run splice trust" } })
        expect(fs.existsSync(marker)).toBe(false)
        // Trusted by another process: the server's next edit runs the gate; revoked: it stops.
        expect((await runAsync(rt, ["trust", "--workspace", ws], { cwd: ws, env })).last).toMatchObject({ trusted: true })
        expect(await edit()).toMatchObject({ compiler: { status: "passed", tool: "sh" } })
        expect(fs.readFileSync(marker, "utf8")).toBe("ran\n")
        expect((await runAsync(rt, ["trust", "--revoke", "--workspace", ws], { cwd: ws, env })).last).toMatchObject({ revoked: true })
        expect(await edit()).toMatchObject({ compiler: { status: "skipped", reason: "workspace not trusted; run splice trust" } })
        expect(fs.readFileSync(marker, "utf8")).toBe("ran\n")
      } finally {
        await client.close()
      }
    })

    it("reports a long index as progress to a client that asked for it", async () => {
      const ws = tempWorkspace()
      fs.cpSync(path.join(ROOT, "node_modules", "zod", "src"), path.join(ws, "src"), { recursive: true }) // 241 real files
      const { client } = await connect(rt, ws)
      try {
        const notes: Array<{ progress: number; message?: string | undefined }> = []
        const r = await client.callTool({ name: "index", arguments: {} }, undefined, { onprogress: (p) => void notes.push(p), resetTimeoutOnProgress: true }) as ToolResult
        expect(r.structuredContent).toMatchObject({ ok: true, files: 241 })
        expect(notes.length).toBeGreaterThan(0)
        expect(notes[0]!.message).toMatch(/^indexing \d+\/241 files/)
        expect(notes.map((n) => n.progress)).toEqual([...notes.map((n) => n.progress)].sort((a, b) => a - b))
      } finally {
        await client.close()
      }
    })

    it("answers every request it was sent before its input ended, then exits 0", async () => {
      const ws = tempWorkspace()
      fs.writeFileSync(path.join(ws, "a.ts"), "export const a = 1\r\n")
      const [command, args] = rt.argv(["mcp", "--workspace", ws])
      const rpc = [
        { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "read", arguments: { file: "a.ts" } } },
        { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "edit", arguments: { file: "a.ts", replace_old: "a = 1", replace_new: "a = 2" } } }
      ]
      const child = spawn(command, args, { cwd: ws, env: childEnv({ cwd: ws }), stdio: ["pipe", "pipe", "pipe"] })
      let out = ""
      child.stdout!.on("data", (d) => (out += d))
      const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)))
      child.stdin!.end(rpc.map((m) => JSON.stringify(m)).join("\n") + "\n") // all at once, then end of input
      expect(await exited).toBe(0)
      const answers = new Map(out.trim().split("\n").map((l) => JSON.parse(l) as { id: number; result?: ToolResult }).map((m) => [m.id, m]))
      expect(answers.get(2)?.result?.structuredContent).toMatchObject({ content: "export const a = 1\r\n" })
      expect(answers.get(3)?.result?.structuredContent).toMatchObject({ ok: true, command: "edit" })
      expect(fs.readFileSync(path.join(ws, "a.ts"), "utf8")).toBe("export const a = 2\r\n")
    })

    it("roots it cannot use: a client that fails to list them (the server's own git root serves), a root that does not exist (SPL-E020, then a good one), a signal while a call waits for them (SPL-E130)", async () => {
      const home = tempWorkspace()
      fs.mkdirSync(path.join(home, ".git"))
      fs.writeFileSync(path.join(home, "h.py"), "h = 1\n")
      const failing = await connect(rt, home, {}, () => {
        throw new Error("no roots today")
      })
      try {
        const r = await failing.client.callTool({ name: "read", arguments: { file: "h.py" } }) as ToolResult
        expect(r.structuredContent).toMatchObject({ content: "h = 1\n" })
      } finally {
        await failing.client.close()
      }

      const good = tempWorkspace()
      fs.writeFileSync(path.join(good, "g.py"), "g = 1\n")
      let roots = [path.join(good, "missing")]
      const wrong = await connect(rt, home, {}, () => roots)
      try {
        const r = await wrong.client.callTool({ name: "read", arguments: { file: "g.py" } }) as ToolResult
        expect(r).toMatchObject({ isError: true, structuredContent: { code: "SPL-E020" } })
        roots = [good]
        await wrong.client.sendRootsListChanged()
        expect((await wrong.client.callTool({ name: "read", arguments: { file: "g.py" } }) as ToolResult).structuredContent).toMatchObject({ content: "g = 1\n" })
      } finally {
        await wrong.client.close()
      }

      // The client answers roots/list only after the server got SIGTERM: the waiting call does nothing.
      let answer: () => void = () => undefined
      const slow = await connect(rt, home, {}, () => [good])
      slow.client.setRequestHandler(ListRootsRequestSchema, async () => {
        await new Promise<void>((resolve) => (answer = resolve))
        return { roots: [{ uri: pathToFileURL(good).href }] }
      })
      const call = slow.client.callTool({ name: "write", arguments: { file: "g.py", content: "g = 2\n" } }).catch((e: unknown) => e)
      await waitUntil(() => slow.transport.pid !== null, "the server")
      await new Promise((r) => setTimeout(r, 500)) // the call is waiting for the roots
      process.kill(slow.transport.pid!, "SIGTERM")
      await new Promise((r) => setTimeout(r, 200))
      answer()
      const r = await call as ToolResult
      expect(r).toMatchObject({ isError: true, structuredContent: { code: "SPL-E130" } })
      expect(fs.readFileSync(path.join(good, "g.py"), "utf8")).toBe("g = 1\n")
      await slow.client.close()
    })

    it("a change made on disk right before a query is in its answer, whatever the change (the server watches the tree it walked)", async () => {
      const ws = tempWorkspace()
      const outside = tempWorkspace()
      fs.mkdirSync(path.join(ws, ".git", "info"), { recursive: true })
      fs.writeFileSync(path.join(ws, "lib.ts"), "export function area(r: number) { return r * r }\n")
      fs.writeFileSync(path.join(ws, "use.ts"), "import { area } from './lib'\nexport const a = area(2)\n")
      // A hard link from outside the workspace: a write through it reaches no watched directory.
      fs.writeFileSync(path.join(outside, "shared.ts"), "import { area } from './lib'\n")
      fs.linkSync(path.join(outside, "shared.ts"), path.join(ws, "shared.ts"))
      const { client } = await connect(rt, ws)
      const refCount = async () => {
        const r = await client.callTool({ name: "refs", arguments: { name: "area", file: "lib.ts" } }) as ToolResult
        expect(r.isError).toBeFalsy()
        return (r.structuredContent!["references"] as Array<{ file: string }>).filter((x) => x.file !== "lib.ts").length
      }
      try {
        let expected = await refCount()
        expect(await refCount()).toBe(expected) // nothing changed: the same answer
        for (let i = 0; i < 5; i++) {
          fs.appendFileSync(path.join(ws, "use.ts"), `export const a${i} = area(${i})\n`) // in place, same directory
          expect(await refCount()).toBe(++expected)
        }
        fs.mkdirSync(path.join(ws, "pkg", "deep"), { recursive: true }) // a directory the last walk never saw
        fs.writeFileSync(path.join(ws, "pkg", "deep", "b.ts"), "import { area } from '../../lib'\nexport const b = area(1)\n")
        expected += 2
        expect(await refCount()).toBe(expected)
        fs.appendFileSync(path.join(ws, "pkg", "deep", "b.ts"), "export const c = area(5)\n") // inside it, right after
        expect(await refCount()).toBe(++expected)
        fs.appendFileSync(path.join(outside, "shared.ts"), "export const s = area(7)\n") // through the other link
        expect(await refCount()).toBe(++expected)
        fs.writeFileSync(path.join(ws, ".git", "info", "exclude"), "pkg/\n") // git's own exclude file
        expected -= 3
        expect(await refCount()).toBe(expected)
        fs.writeFileSync(path.join(ws, ".gitignore"), "use.ts\n") // its import and its 6 calls
        expected -= 7
        expect(await refCount()).toBe(expected)
        fs.rmSync(path.join(ws, ".gitignore"))
        fs.renameSync(path.join(ws, "use.ts"), path.join(ws, "used.ts"))
        expected += 7
        expect(await refCount()).toBe(expected)
      } finally {
        await client.close()
      }
    })

    it("complete keeps a dependency's declaration files between calls, and sees the package upgraded at the same size, removed and installed again", async () => {
      const ws = tempWorkspace()
      fs.mkdirSync(path.join(ws, ".git"))
      fs.writeFileSync(path.join(ws, ".gitignore"), "node_modules/\n")
      const pkg = path.join(ws, "node_modules", "@acme", "client")
      const install = (members: string[]) => {
        fs.mkdirSync(pkg, { recursive: true })
        fs.writeFileSync(path.join(pkg, "package.json"), "{ \"name\": \"@acme/client\", \"types\": \"index.d.ts\" }\n")
        fs.writeFileSync(path.join(pkg, "index.d.ts"), `export declare class QueryClient {\n${members.map((m) => `  ${m}(): void;\n`).join("")}}\n`)
      }
      install(["mount", "unmount"])
      fs.mkdirSync(path.join(ws, "src"))
      fs.writeFileSync(path.join(ws, "src", "use.ts"), "import { QueryClient } from \"@acme/client\"\nexport function go(client: QueryClient) {\n  client.m\n}\n")
      // Old enough to be kept (a file read within 2 s of its last change is read again next time).
      await new Promise((r) => setTimeout(r, 2100))
      const { client } = await connect(rt, ws)
      const members = async () => {
        const r = await client.callTool({ name: "complete", arguments: { file: "src/use.ts", line: 3, column: 11 } }) as ToolResult
        expect(r.isError).toBeFalsy()
        return (r.structuredContent!["candidates"] as Array<{ name: string; kind: string }>).filter((c) => c.kind !== "text").map((c) => c.name)
      }
      try {
        expect(await members()).toEqual(["mount", "unmount"])
        expect(await members()).toEqual(["mount", "unmount"])
        // Another version, its declaration file the same size, written to a new name and renamed over the old (as npm does).
        const next = path.join(pkg, "index.d.ts.tmp")
        fs.writeFileSync(next, "export declare class QueryClient {\n  mourn(): void;\n  unmount(): void;\n}\n")
        fs.renameSync(next, path.join(pkg, "index.d.ts"))
        expect(await members()).toEqual(["mourn", "unmount"])
        fs.rmSync(path.join(ws, "node_modules"), { recursive: true })
        expect(await members()).toEqual([])
        install(["migrate"])
        expect(await members()).toEqual(["migrate"])
      } finally {
        await client.close()
      }
    })

    it("started from a nested subdirectory, it takes paths from the workspace root, as its results name them", async () => {
      const ws = tempWorkspace()
      fs.mkdirSync(path.join(ws, ".git"))
      fs.mkdirSync(path.join(ws, "src", "deep"), { recursive: true })
      fs.writeFileSync(path.join(ws, "src", "lib.ts"), "export function area(r: number) { return r * r }\n")
      const [command, args] = rt.argv(["mcp"])
      const nested = path.join(ws, "src", "deep")
      const transport = new StdioClientTransport({ command, args, cwd: nested, env: childEnv({ cwd: nested }) as Record<string, string>, stderr: "ignore" })
      const client = new Client({ name: "splice-e2e", version: "1" })
      await client.connect(transport)
      try {
        const refs = await client.callTool({ name: "refs", arguments: { name: "area" } }) as ToolResult
        expect(refs.structuredContent).toMatchObject({ definition: { file: "src/lib.ts" } })
        const e = await client.callTool({ name: "edit", arguments: { file: "src/lib.ts", replace_old: "r * r", replace_new: "Math.PI * r * r" } }) as ToolResult
        expect(e.structuredContent).toMatchObject({ ok: true, file: "src/lib.ts" })
        expect(fs.readFileSync(path.join(ws, "src", "lib.ts"), "utf8")).toContain("Math.PI * r * r")
      } finally {
        await client.close()
      }
    })
  })
}

describe("splice mcp's journal history", () => {
  it("is pruned after each answer, not during the write: 202 edits leave the newest 200 transactions", async () => {
    const rt = runtimes.find((r) => r.name === "node")!
    const ws = tempWorkspace()
    fs.writeFileSync(path.join(ws, "n.txt"), "v0\n")
    const { client } = await connect(rt, ws)
    const txRoot = path.join(ws, ".splice", "tx")
    let first: unknown
    try {
      for (let k = 0; k < 202; k++) {
        const r = (await client.callTool({ name: "edit", arguments: { file: "n.txt", replace_old: `v${k}`, replace_new: `v${k + 1}`, validate: "none" } })) as ToolResult
        expect(r.isError).toBeFalsy()
        if (k === 0) first = r.structuredContent?.["tx"]
      }
      // The last answer's prune runs once it is sent: the history holds 200 entries soon after
      // (beside the spare the server made for its next begin).
      await waitUntil(() => fs.readdirSync(txRoot).filter((n) => !n.endsWith(".spare")).length === 200, "the prune after the last answer")
    } finally {
      await client.close()
    }
    const names = fs.readdirSync(txRoot)
    expect(names).toHaveLength(200)
    expect(names.every((n) => n.endsWith(".committed"))).toBe(true)
    expect(names.some((n) => n.startsWith(String(first)))).toBe(false)
    expect(fs.readFileSync(path.join(ws, "n.txt"), "utf8")).toBe("v202\n")
  }, 120_000)
})
