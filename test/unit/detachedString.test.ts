import * as v8 from "node:v8"
import * as vm from "node:vm"
import { describe, expect, it } from "vitest"
import { detached } from "../../src/domain/detachedString.js"

v8.setFlagsFromString("--expose-gc")
const collect = vm.runInNewContext("gc") as () => void

/** The heap kept alive by names cut (and passed through `keep`) from 40 texts of 1 MB each, the texts dropped. */
const retained = (keep: (name: string) => string): number => {
  collect()
  const before = process.memoryUsage().heapUsed
  let texts: string[] | null = Array.from({ length: 40 }, (_, i) => `${i} `.padEnd(1_000_000, "x"))
  const names = texts.map((t) => keep(t.slice(1000, 1040)))
  texts = null
  collect()
  const kept = process.memoryUsage().heapUsed - before
  expect(names.every((n) => n === "x".repeat(40))).toBe(true)
  return kept
}

describe("detached", () => {
  it("keeps a name cut from a text without the text", () => {
    // The engine keeps texts through slices of them (what detached is for): else this proves nothing.
    expect(retained((name) => name)).toBeGreaterThan(30e6)
    expect(retained(detached)).toBeLessThan(3e6)
  })

  it("gives the same string", () => {
    for (const s of ["", "short", "exactly13char", "a longer name of a symbol", "é and 😀 in a name long enough"]) expect(detached(s)).toBe(s)
  })
})
