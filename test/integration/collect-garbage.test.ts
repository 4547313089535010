import { describe, expect, it } from "vitest"
import { collectGarbage } from "../../layers/live/collectGarbage.js"

describe("collectGarbage", () => {
  it("frees the garbage of work done before (where Node or Deno lets it: both do)", () => {
    let junk: number[][] | null = Array.from({ length: 10 }, (_, i) => new Array<number>(1_000_000).fill(i)) // 80 MB
    expect(junk.length).toBe(10)
    junk = null
    const before = process.memoryUsage().heapUsed
    collectGarbage()
    expect(process.memoryUsage().heapUsed).toBeLessThan(before - 40e6)
  })
})
