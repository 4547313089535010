/**
 * The live services every front end builds (the CLI and `splice mcp` alike) reach the code graph
 * for the writers: an edit run on liveLayer alone refreshes an existing graph and reports it.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { GraphDbLive } from "../../layers/live/GraphDbLive.js"
import { liveLayer } from "../../layers/live/index.js"
import { edit } from "../../src/commands/edit.js"
import { refreshGraph } from "../../src/commands/graph/refresh.js"
import { en } from "../../src/domain/locale/index.js"
import { Output } from "../../services/Output.js"
import { oneEdit } from "../support/configs.js"

describe("graph access in the live layer", () => {
  let ws: string
  let home: string | undefined
  beforeEach(() => {
    ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-graph-access-")))
    fs.mkdirSync(path.join(ws, "src"))
    fs.writeFileSync(path.join(ws, "src", "a.ts"), "export function before(): number {\n  return 1\n}\n")
    home = process.env["HOME"]
    process.env["HOME"] = ws // no ~/.magellan graph of the real user
  })
  afterEach(() => {
    process.env["HOME"] = home
    fs.rmSync(ws, { recursive: true, force: true })
  })

  const live = () => liveLayer({ workspace: ws, output: "json" })

  it("an edit on liveLayer alone: skipped without a graph; refreshed once `index` built one", async () => {
    // The result lines, as the output layer would print them.
    const results: Array<Record<string, unknown>> = []
    const capture = Layer.succeed(Output, {
      mode: "json",
      catalog: en,
      event: () => Effect.void,
      events: () => Effect.void,
      result: (command, fields) => Effect.sync(() => void results.push({ command, ...fields })),
      error: () => Effect.void,
      log: () => Effect.void
    })
    const runEdit = (from: string, to: string) =>
      Effect.runPromise(edit(oneEdit("src/a.ts", `function ${from}(`, `function ${to}(`)).pipe(Effect.provide(Layer.merge(live(), capture))))
    await runEdit("before", "middle")
    expect(results.at(-1)?.["graph"]).toEqual({ skipped: "no graph database" })
    // Build the graph as `splice index` does.
    await Effect.runPromise(refreshGraph({ full: false, progress: false }).pipe(
      Effect.provide(Layer.provideMerge(GraphDbLive({ create: true }), Layer.merge(live(), capture)))
    ))
    await runEdit("middle", "after")
    expect(results.at(-1)?.["graph"]).toMatchObject({ db: path.join(ws, ".splice", "graph.db"), refreshed: ["src/a.ts"], removed: [] })
  })
})
