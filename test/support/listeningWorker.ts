/**
 * A process that works as an index does (synchronous slices of SLICE_MS, a layers/live/eventLoopTurn
 * between them). Each line on its standard input is `ID SENT`, SENT the time it was written (ms since
 * the epoch, performance.timeOrigin + performance.now()); it answers `ID N`, N being the turns it took
 * from SENT until it read the line. The line `end` stops it. With the argument `listen` it listens
 * while it works, as `splice mcp` does. Bundled and run under Node and Deno by
 * test/integration/event-loop-turn.test.ts. It writes nothing while it works: a write is I/O of its
 * own, and under Deno it changes when input is polled.
 */
import * as Effect from "effect/Effect"
import { eventLoopTurn, listenWhileWorking, SLICE_MS } from "../../layers/live/eventLoopTurn.js"

if (process.argv.includes("listen")) listenWhileWorking()
const now = () => performance.timeOrigin + performance.now()
/** When each turn ended. */
const turns: number[] = []
let stop = false
process.stdin.setEncoding("utf8").on("data", (chunk: string) => {
  const readAt = now()
  for (const line of chunk.split("\n")) {
    if (line === "end") stop = true
    else if (line !== "") {
      const [id, sent] = line.split(" ")
      process.stdout.write(`${id} ${turns.filter((t) => t > Number(sent) && t <= readAt).length}\n`)
    }
  }
})
const work = Effect.gen(function*() {
  while (!stop) {
    const start = performance.now()
    while (performance.now() - start < SLICE_MS) {
      // a file's worth of synchronous work
    }
    yield* eventLoopTurn
    turns.push(now())
  }
})
await Effect.runPromise(work)
process.exit(0)
