/** The server's background parses wait for a quiet moment: never while a request is being served. */
import { expect, it } from "vitest"
import { idleParsesDone, keepRecentTrees, parseWhenIdle } from "../../layers/live/recentTrees.js"

it("a background parse waits while the process is busy, and runs once it is not", async () => {
  let busy = true
  keepRecentTrees(() => busy)
  const ran: string[] = []
  parseWhenIdle("grammar.wasm", "text one", async () => void ran.push("one"))
  parseWhenIdle("grammar.wasm", "text two", async () => void ran.push("two"))
  await new Promise((resolve) => setTimeout(resolve, 700)) // well past the idle delay
  expect(ran).toEqual([])
  busy = false
  await idleParsesDone()
  expect(ran).toEqual(["two", "one"]) // the newest text first: the likeliest to be edited next
})
