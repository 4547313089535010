/**
 * `splice mcp` while the code graph indexes, in process: the server's own call path (a workspace's
 * runtime from Workspaces, each call's program from toolProgram), with calls arriving as the
 * protocol's do, from the event loop (setImmediate stands for a line read from standard input). The
 * index hands the event loop turns between files, so a `read` and an `edit` that arrive meanwhile are
 * answered before it ends, and a cancellation stops it there, leaving the database file as it was.
 * The workspace is real code nobody here wrote: packages of Python's standard library.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Runtime from "effect/Runtime"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { GraphDbLive } from "../../layers/live/GraphDbLive.js"
import { Output } from "../../services/Output.js"
import { RequestOutput } from "../../src/mcp/requestOutput.js"
import { toolProgram } from "../../src/mcp/toolProgram.js"
import { valuesFromArguments } from "../../src/mcp/toolSchema.js"
import { type Workspace, Workspaces } from "../../src/mcp/workspaces.js"
import { commandSpecs } from "../../src/spec/commands/index.js"

const STDLIB = ["/usr/lib/python3.11", "/usr/lib/python3.12", "/usr/lib/python3.13"].find((d) => fs.existsSync(path.join(d, "email")))
const PACKAGES = ["email", "json", "http"]
const HELLO = "def greet():\n    return 'hello'\n"

const specs = new Map(commandSpecs.map((s) => [s.name, s]))

/** One tool call on the workspace's runtime, as the server runs it; `onNote` hears its progress notes. */
const call = (ws: Workspace, name: string, args: Record<string, unknown>, onNote?: (note: string) => void) => {
  const spec = specs.get(name)!
  const values = valuesFromArguments(spec, args)
  if (values instanceof Error) throw values
  const out = new RequestOutput(onNote)
  const fiber = Runtime.runFork(ws.runtime)(toolProgram(spec, values, out.service, ws.graphCache))
  return { fiber, out, exit: () => Effect.runPromise(Fiber.await(fiber)) }
}

/** Resolves with the first progress note of an index (it is then between two files). */
const firstNote = () => {
  let heard: (() => void) | undefined
  const noted = new Promise<void>((resolve) => (heard = resolve))
  return { noted, onNote: (note: string) => /indexing/.test(note) && heard?.() }
}

/** Runs `start` the way a request comes in: from the event loop, not from the running fiber's microtasks. */
const fromEventLoop = <A>(start: () => Promise<A>) => new Promise<A>((resolve, reject) => setImmediate(() => start().then(resolve, reject)))

describe.skipIf(STDLIB === undefined)("splice mcp while the graph indexes", () => {
  let root: string
  let ws: string
  let workspaces: Workspaces
  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-mcp-indexing-")))
    ws = path.join(root, "ws")
    fs.mkdirSync(path.join(ws, ".git"), { recursive: true })
    for (const p of PACKAGES) fs.cpSync(path.join(STDLIB!, p), path.join(ws, p), { recursive: true, filter: (src) => !src.includes("__pycache__") })
    fs.writeFileSync(path.join(ws, "hello.py"), HELLO)
    workspaces = new Workspaces(new Server({ name: "test", version: "1" }, { capabilities: {} }), ws)
  })
  afterEach(async () => {
    await workspaces.close()
    fs.rmSync(root, { recursive: true, force: true })
  })

  const workspace = async () => {
    const built = await workspaces.current()
    if (Exit.isFailure(built)) throw new Error(String(built.cause))
    return built.value
  }

  it("answers a read and an edit that arrive while the first index runs, before it ends; the graph it then serves has the edit", async () => {
    const w = await workspace()
    const { noted, onNote } = firstNote()
    const index = call(w, "refs", { name: "message_from_string" }, onNote)
    await noted
    const during = await fromEventLoop(async () => {
      const read = call(w, "read", { file: "hello.py" })
      const readExit = await read.exit()
      const readWhileIndexing = index.fiber.unsafePoll() === null
      const edit = call(w, "edit", { file: "hello.py", replace_old: "def greet", replace_new: "def welcome" })
      const editExit = await edit.exit()
      return { readExit, readWhileIndexing, read: read.out.result, editExit, editWhileIndexing: index.fiber.unsafePoll() === null, edit: edit.out.result }
    })
    expect(Exit.isSuccess(during.readExit)).toBe(true)
    expect(JSON.stringify(during.read)).toContain("def greet")
    expect(during.readWhileIndexing).toBe(true)
    expect(Exit.isSuccess(during.editExit)).toBe(true)
    expect(during.editWhileIndexing).toBe(true)
    // The first index's database is on disk only once it ends; the next query brings it up to date.
    expect(during.edit?.["graph"]).toEqual({ skipped: "no graph database" })
    expect(fs.readFileSync(path.join(ws, "hello.py"), "utf8")).toBe(HELLO.replace("greet", "welcome"))
    expect(Exit.isSuccess(await index.exit())).toBe(true)
    const find = call(w, "find", { name: "welcome" })
    expect(Exit.isSuccess(await find.exit())).toBe(true)
    expect(find.out.events).toEqual([expect.objectContaining({ type: "symbol", name: "welcome", file: "hello.py" })])
  })

  it("a graph query behind the index waits for it past its lock timeout, the index working, and then sees the whole graph", async () => {
    const w = await workspace()
    const { noted, onNote } = firstNote()
    const index = call(w, "refs", { name: "message_from_string" }, onNote)
    await noted
    // As toolProgram runs `find`, but willing to wait only 100 ms for a holder that is not working.
    const find = specs.get("find")!
    const out = new RequestOutput()
    const program = find.run(valuesFromArguments(find, { name: "message_from_string" }) as never).pipe(
      Effect.provideService(Output, out.service),
      Effect.provide(GraphDbLive({ create: true, cache: w.graphCache, whileWorking: true, lockTimeoutMs: 100 }))
    )
    const exit = await fromEventLoop(() => Runtime.runPromiseExit(w.runtime)(program as Effect.Effect<unknown, unknown, never>))
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(Exit.isSuccess(await index.exit())).toBe(true)
    expect(out.events).toEqual([expect.objectContaining({ type: "symbol", name: "message_from_string", file: "email/__init__.py" })])
  })

  it("stops an index cancelled halfway: the database file stays as it was, and the next query has the whole graph", async () => {
    const w = await workspace()
    expect(Exit.isSuccess(await call(w, "index", {}).exit())).toBe(true)
    const dbFile = path.join(ws, ".splice", "graph.db")
    const before = fs.readFileSync(dbFile)
    const complete = call(w, "find", { name: "message_from_string" })
    expect(Exit.isSuccess(await complete.exit())).toBe(true)

    const { noted, onNote } = firstNote()
    const full = call(w, "index", { full: true }, onNote)
    await noted
    // A cancellation comes in from the event loop, as notifications/cancelled does.
    await fromEventLoop(() => Effect.runPromise(Fiber.interrupt(full.fiber)))
    const exit = await full.exit()
    expect(Exit.isInterrupted(exit)).toBe(true)
    expect(fs.readFileSync(dbFile).equals(before)).toBe(true)

    const after = call(w, "find", { name: "message_from_string" })
    expect(Exit.isSuccess(await after.exit())).toBe(true)
    expect(after.out.events).toEqual(complete.out.events)
    expect(after.out.events.length).toBeGreaterThan(0)
  })
})
