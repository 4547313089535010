/**
 * `splice mcp` while the code graph indexes, in process: the server's own call path (a workspace's
 * runtime from Workspaces, each call's program from toolProgram), with calls arriving as the
 * protocol's do, from the event loop (setImmediate stands for a line read from standard input). The
 * index hands the event loop turns between files, so a `read` and an `edit` that arrive meanwhile are
 * answered before it ends, and a cancellation stops it there, leaving the database file as it was.
 * The workspace is real code nobody here wrote: packages of Python's standard library.
 *
 * The calls are sent once the index has said how far it is (its first progress note, 0.5 s in: it is
 * then between two files). The workspace (78 files) is large enough that even a warm index, the
 * process's third, runs ~1 s on two cores, twice that long (with 40 files a warm one under Deno ended
 * before its first note); an index that ends first fails the test at once, saying so, instead of
 * leaving it to wait for a note that never comes.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Runtime from "effect/Runtime"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { listenWhileWorking } from "../../layers/live/eventLoopTurn.js"
import { GraphDbLive } from "../../layers/live/GraphDbLive.js"
import { Output } from "../../services/Output.js"
import { RequestOutput } from "../../src/mcp/requestOutput.js"
import { toolProgram } from "../../src/mcp/toolProgram.js"
import { valuesFromArguments } from "../../src/mcp/toolSchema.js"
import { type Workspace, Workspaces } from "../../src/mcp/workspaces.js"
import { commandSpecs } from "../../src/spec/commands/index.js"

const STDLIB = ["/usr/lib/python3.11", "/usr/lib/python3.12", "/usr/lib/python3.13"].find((d) => fs.existsSync(path.join(d, "email")))
const PACKAGES = ["email", "json", "http", "xml", "logging", "unittest"]
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

/**
 * The progress notes of an index (`onNote` hears them); `first(index)` resolves at the first one (the
 * index is then between two files), and fails when the index ends before any.
 */
const progress = () => {
  const notes: Array<string> = []
  let heard: (() => void) | undefined
  const noted = new Promise<void>((resolve) => (heard = resolve))
  const onNote = (note: string) => {
    if (!/indexing/.test(note)) return
    notes.push(note)
    heard?.()
  }
  const first = (index: { exit: () => Promise<unknown> }) =>
    Promise.race([noted, index.exit().then(() => {
      if (notes.length === 0) throw new Error("the index ended before its first progress note: too small a workspace to test calls during it")
    })])
  return { notes, onNote, first }
}

/** Runs `start` the way a request comes in: from the event loop, not from the running fiber's microtasks. */
const fromEventLoop = <A>(start: () => Promise<A>) => new Promise<A>((resolve, reject) => setImmediate(() => start().then(resolve, reject)))

describe.skipIf(STDLIB === undefined)("splice mcp while the graph indexes", () => {
  let root: string
  let ws: string
  let workspaces: Workspaces
  beforeAll(listenWhileWorking) // as splice mcp does at its start
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

  it("answers a read and an edit that arrive while the first index runs, before it ends; a graph query sent with them waits for it, past its lock timeout, and sees the whole graph with the edit", async () => {
    const w = await workspace()
    // The Python gate's python3 is started before (a server keeps it): the edit during the index
    // waits for the server, not for a process to start (~1 s under Deno on a busy machine).
    const warm = call(w, "edit", { file: "hello.py", replace_old: "'hello'", replace_new: "'hi'" })
    expect(Exit.isSuccess(await warm.exit())).toBe(true)
    const { notes, onNote, first } = progress()
    const index = call(w, "refs", { name: "message_from_string" }, onNote)
    const indexEnded = index.exit().then(() => performance.now())
    await first(index)
    // As toolProgram runs `find`, but willing to wait only 100 ms for a holder that is not working.
    const find = specs.get("find")!
    const found = new RequestOutput()
    const query = find.run(valuesFromArguments(find, { name: "message_from_string" }) as never).pipe(
      Effect.provideService(Output, found.service),
      Effect.provide(GraphDbLive({ create: true, cache: w.graphCache, whileWorking: true, lockTimeoutMs: 100 }))
    )
    let queried: Promise<Exit.Exit<unknown, unknown>> | undefined
    let querySent = 0
    const during = await fromEventLoop(async () => {
      querySent = performance.now()
      queried = Runtime.runPromiseExit(w.runtime)(query as Effect.Effect<unknown, unknown, never>)
      const read = call(w, "read", { file: "hello.py" })
      const readExit = await read.exit()
      const readWhileIndexing = index.fiber.unsafePoll() === null
      const edit = call(w, "edit", { file: "hello.py", replace_old: "def greet", replace_new: "def welcome" })
      const editExit = await edit.exit()
      return { readExit, readWhileIndexing, read: read.out.result, editExit, editWhileIndexing: index.fiber.unsafePoll() === null, notesThen: notes.length, edit: edit.out.result }
    })
    expect(Exit.isSuccess(during.readExit)).toBe(true)
    expect(JSON.stringify(during.read)).toContain("def greet")
    expect(during.readWhileIndexing).toBe(true)
    expect(Exit.isSuccess(during.editExit)).toBe(true)
    expect(during.editWhileIndexing).toBe(true)
    // The first index's database is on disk only once it ends; the next query brings it up to date.
    expect(during.edit?.["graph"]).toEqual({ skipped: "no graph database" })
    expect(fs.readFileSync(path.join(ws, "hello.py"), "utf8")).toBe(HELLO.replace("greet", "welcome").replace("'hello'", "'hi'"))
    expect(Exit.isSuccess(await index.exit())).toBe(true)
    // Not only before its end: the index was still going through files after the edit's answer.
    expect(notes.length).toBeGreaterThan(during.notesThen)
    // The query waited for the index (it was working, past the query's 100 ms) and saw all of it.
    expect((await indexEnded) - querySent).toBeGreaterThan(100)
    expect(Exit.isSuccess(await queried!)).toBe(true)
    expect(found.events).toEqual([expect.objectContaining({ type: "symbol", name: "message_from_string", file: "email/__init__.py" })])
    const welcome = call(w, "find", { name: "welcome" })
    expect(Exit.isSuccess(await welcome.exit())).toBe(true)
    expect(welcome.out.events).toEqual([expect.objectContaining({ type: "symbol", name: "welcome", file: "hello.py" })])
  })

  it("stops an index cancelled halfway: the database file stays as it was, and the next query has the whole graph", async () => {
    const w = await workspace()
    expect(Exit.isSuccess(await call(w, "index", {}).exit())).toBe(true)
    const dbFile = path.join(ws, ".splice", "graph.db")
    const before = fs.readFileSync(dbFile)
    const complete = call(w, "find", { name: "message_from_string" })
    expect(Exit.isSuccess(await complete.exit())).toBe(true)

    const { onNote, first } = progress()
    const full = call(w, "index", { full: true }, onNote)
    await first(full)
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
