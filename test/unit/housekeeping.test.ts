import * as Effect from "effect/Effect"
import * as Runtime from "effect/Runtime"
import { describe, expect, it } from "vitest"
import { EVERY, IDLE_MS, makeHousekeeping } from "../../src/mcp/housekeeping.js"
import type { Journal } from "../../services/Journal.js"

const setup = () => {
  const counts = { prepare: 0, prune: 0 }
  let busy = true
  const h = makeHousekeeping(() => busy, {
    prepare: Effect.sync(() => void counts.prepare++),
    prune: Effect.sync(() => void counts.prune++)
  })
  const runtime = Runtime.defaultRuntime as unknown as Runtime.Runtime<Journal>
  const tick = () => new Promise((r) => setImmediate(r))
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
  return { h, counts, runtime, tick, sleep, idle: () => void (busy = false) }
}

describe("splice mcp's journal housekeeping", () => {
  it("makes the next begin's file after every answered write; prunes every EVERY writes while calls keep coming", async () => {
    const { h, counts, runtime, tick } = setup()
    for (let i = 0; i < EVERY - 1; i++) h.answered(runtime)
    await tick()
    await tick()
    expect(counts).toEqual({ prepare: EVERY - 1, prune: 0 })
    h.answered(runtime)
    await tick()
    await tick()
    expect(counts).toEqual({ prepare: EVERY, prune: 1 })
  })

  it("prunes once the server is idle for IDLE_MS, not while a call is in flight", async () => {
    const { h, counts, runtime, tick, sleep, idle } = setup()
    h.answered(runtime)
    h.answered(runtime)
    await tick()
    await sleep(IDLE_MS + 50)
    expect(counts.prune).toBe(0) // a call was in flight when the timer fired: armed again
    idle()
    await sleep(IDLE_MS + 50)
    expect(counts).toEqual({ prepare: 2, prune: 1 })
    await sleep(IDLE_MS + 50)
    expect(counts.prune).toBe(1) // nothing written since
  })

  it("flush prunes what is due now, and its chores are awaited", async () => {
    const { h, counts, runtime, tick } = setup()
    h.answered(runtime)
    await tick()
    h.flush()
    await Promise.all(h.inFlight())
    expect(counts).toEqual({ prepare: 1, prune: 1 })
    h.flush()
    expect(counts.prune).toBe(1)
  })
})
