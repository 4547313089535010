/**
 * `splice mcp`: every command defined as a spec, served as an MCP tool over stdio. The services are
 * built once per workspace (src/mcp/workspaces.ts: grammars, parsers and the graph stay warm); each
 * call gets its own output and runs in its own fiber against the same journal and locks as CLI
 * processes. A cancelled call is interrupted, which rolls its transaction back; when the input
 * closes, calls finish; when a signal arrives, they roll back; then the server exits.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js"
import {
  type CallToolRequest,
  CallToolRequestSchema,
  ListToolsRequestSchema,
  RootsListChangedNotificationSchema,
  type ServerNotification,
  type ServerRequest
} from "@modelcontextprotocol/sdk/types.js"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Exit from "effect/Exit"
import * as Runtime from "effect/Runtime"
import { listenWhileWorking } from "../../layers/live/eventLoopTurn.js"
import { keepRecentTrees } from "../../layers/live/recentTrees.js"
import { outcomeOf, signalExit } from "../cli/outcome.js"
import { receivedSignal } from "../cli/receivedSignal.js"
import { bigIntsAsNumbers, jsonText } from "../domain/jsonText.js"
import { errorObject, humanError } from "../domain/render.js"
import { similarNames } from "../domain/similarity.js"
import { SpliceError, spliceError } from "../domain/SpliceError.js"
import type { AnyCommandSpec } from "../spec/command.js"
import { snakeName } from "../spec/param.js"
import { toolHint } from "./toolHint.js"
import { RequestOutput } from "./requestOutput.js"
import { toolProgram } from "./toolProgram.js"
import { inputSchemaOf, loadOutputSchemas, outputSchemaOf, toolDescription, valuesFromArguments } from "./toolSchema.js"
import { makeHousekeeping } from "./housekeeping.js"
import { Workspaces } from "./workspaces.js"

export interface McpOptions {
  readonly workspace: string | undefined
  readonly version: string
  readonly specs: ReadonlyArray<AnyCommandSpec>
}

export const mcpServer = (options: McpOptions) =>
  Effect.scoped(Effect.gen(function*() {
    yield* Effect.promise(() => loadOutputSchemas(options.specs))
    const byName = new Map(options.specs.map((s) => [s.name, s]))
    const tools = new Set(byName.keys())
    const parameters = new Set(options.specs.flatMap((s) => Object.values(s.params).filter((p) => p.only !== "cli").map(snakeName)))
    /** An error as a tool result, its hint in the tools' terms. */
    const errorResult = (error: SpliceError, exit: number) => {
      const e = new SpliceError({ code: error.code, message: error.message, hint: toolHint(error.effectiveHint, tools, parameters), ...(error.context !== undefined ? { context: error.context } : {}) })
      return { isError: true, content: [{ type: "text" as const, text: humanError(e, exit) }], structuredContent: errorObject(e, exit) }
    }
    const inflight = new Set<Fiber.RuntimeFiber<unknown, unknown>>()
    // Every call from its first await on (a call may still be choosing its workspace when the input
    // ends), so that no answer is lost; `stopping`: a signal came, no new work starts.
    const calls = new Set<Promise<unknown>>()
    let stopping = false
    const track = <A>(p: Promise<A>): Promise<A> => {
      calls.add(p)
      void p.finally(() => calls.delete(p)).catch(() => undefined)
      return p
    }
    // The journal's housekeeping between calls (the next begin's file, the history pruned when idle): awaited before the server exits.
    const housekeeping = makeHousekeeping(() => calls.size > 0)
    const settled = async () => {
      for (;;) {
        while (calls.size > 0 || housekeeping.inFlight().length > 0) await Promise.allSettled([...calls, ...housekeeping.inFlight()])
        await new Promise((resolve) => setImmediate(resolve)) // the last answer is handed to the transport (and its chores begun)
        housekeeping.flush()
        if (calls.size === 0 && housekeeping.inFlight().length === 0) return // (and no chore began after it)
      }
    }
    // So the syntax gate of an edit need not parse what the previous edit wrote (parsed between calls).
    keepRecentTrees(() => calls.size > 0)
    // Requests and cancellations are read while an index works (under Deno that takes timer turns).
    listenWhileWorking()

    const server = new Server({ name: "splice", version: options.version }, { capabilities: { tools: {} } })
    // Built on first use per workspace: its journal and locks, the syntax gate's grammars, the graph kept open.
    const workspaces = new Workspaces(server, options.workspace)
    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => workspaces.rootsChanged())
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: options.specs.map((spec) => ({
        name: spec.name,
        description: toolDescription(spec),
        inputSchema: inputSchemaOf(spec),
        outputSchema: outputSchemaOf(spec),
        annotations: { readOnlyHint: spec.readOnly, destructiveHint: !spec.readOnly, idempotentHint: spec.readOnly, openWorldHint: false }
      }))
    }))

    server.setRequestHandler(CallToolRequestSchema, (request, extra) => track(call(request, extra)))

    const call = async (request: CallToolRequest, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
      const spec = byName.get(request.params.name)
      if (spec === undefined) {
        const near = similarNames(request.params.name, byName.keys(), 3)
        return errorResult(spliceError("SPL-E010", `no tool named ${JSON.stringify(request.params.name)}`, {
          hint: `${near.length > 0 ? `Did you mean ${near.join(" or ")}? ` : ""}tools/list names every tool.`,
          context: { tools: [...byName.keys()], candidates: near }
        }), 2)
      }
      const values = valuesFromArguments(spec, request.params.arguments)
      if (values instanceof SpliceError) return errorResult(values, 2)
      const workspace = await workspaces.current()
      if (Exit.isFailure(workspace)) {
        const failed = outcomeOf(workspace, undefined)
        return errorResult(failed.error ?? spliceError("SPL-E020", "the workspace could not be opened"), failed.exit)
      }
      const { runtime, graphCache } = workspace.value
      // A client that sent a progress token hears the call's notes (indexing 1200/5000 files…) as
      // progress, which also keeps its request timeout from expiring on a long index.
      const progressToken = request.params._meta?.progressToken
      let progress = 0
      const out = new RequestOutput(progressToken === undefined ? undefined : (message) => {
        void extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress: ++progress, message: message.replace(/^splice: /, "") } })
          .catch(() => undefined)
      })
      const program = toolProgram(spec, values, out.service, graphCache)
      if (stopping) {
        const s = receivedSignal() ?? "SIGINT"
        return errorResult(spliceError("SPL-E130", `the server is shutting down (${s} came): nothing was done`, { context: { signal: s, shutting_down: true } }), signalExit(s))
      }
      const fiber = Runtime.runFork(runtime)(program)
      inflight.add(fiber)
      // notifications/cancelled: interrupt the call, which rolls its transaction back.
      const cancel = () => fiber.unsafeInterruptAsFork(fiber.id())
      extra.signal.addEventListener("abort", cancel)
      const exit = await Effect.runPromise(Fiber.await(fiber))
      extra.signal.removeEventListener("abort", cancel)
      inflight.delete(fiber)
      if (!spec.readOnly) housekeeping.answered(runtime)
      // Interrupted as the server stops: by the signal that stopped it; else cancelled by the client.
      const outcome = outcomeOf(exit, stopping ? receivedSignal() : undefined)
      if (outcome.error !== undefined) return errorResult(outcome.error, outcome.exit)
      const result = { ...(out.result ?? { type: "result", command: spec.name, ok: true }), ...(out.events.length > 0 ? { events: out.events } : {}) }
      return {
        content: [{ type: "text" as const, text: out.human.length > 0 ? out.human.join("") : jsonText(result) }],
        // The SDK writes JSON with JSON.stringify, which has no bigint: a long integer goes as the nearest number (the text above has its digits).
        structuredContent: bigIntsAsNumbers(result) as typeof result
      }
    }

    const transport = new StdioServerTransport()
    yield* Effect.async<void>((resume) => {
      let done = false
      const finish = () => {
        if (!done) {
          done = true
          resume(Effect.void)
        }
      }
      transport.onclose = finish
      // JSON-RPC 2.0 answers a line it cannot read (the SDK only reports it): not JSON is a parse
      // error, JSON that is no JSON-RPC message an invalid request; id null, as none could be read.
      transport.onerror = (error) => {
        const code = error instanceof SyntaxError ? -32700 : error.name === "ZodError" ? -32600 : undefined
        if (code === undefined) return
        const message = code === -32700 ? "Parse error: the line is not JSON" : "Invalid Request: not a JSON-RPC 2.0 message"
        void transport.send({ jsonrpc: "2.0", id: null, error: { code, message } } as unknown as JSONRPCMessage).catch(() => undefined)
      }
      process.stdin.once("end", finish)
      void server.connect(transport).catch(() => finish())
      // Interrupted (SIGINT, SIGTERM): calls in flight roll back first, then the server closes.
      return Effect.gen(function*() {
        stopping = true
        yield* Fiber.interruptAll(inflight)
        yield* Effect.promise(settled)
        yield* Effect.promise(() => server.close())
        yield* Effect.promise(() => workspaces.close())
      })
    })
    // The input ended: let calls in flight finish (or roll back on their own), then close.
    yield* Effect.promise(settled)
    yield* Effect.promise(() => server.close())
    yield* Effect.promise(() => workspaces.close())
  }))
