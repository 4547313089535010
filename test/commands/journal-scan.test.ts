/**
 * The journal's scans before a write look only at unfinished entries: a workspace with a full
 * history (200 entries) must not pay for reading them on every edit, and a long-running process
 * (splice mcp) must not read them again at all. `splice recover` still looks at every entry.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Runtime from "effect/Runtime"
import { describe, expect, it } from "vitest"
import { LAZY_CACHE } from "../../layers/live/JournalLive.js"
import { pruneHistory } from "../../services/Journal.js"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { edit } from "../../src/commands/edit.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { oneEdit as one } from "../support/configs.js"
import { layerFor, MemoryFs, run } from "../support/memory.js"
import { isStateMark, txNames } from "../support/journal.js"

/** Count the reads of journal intents (a transaction's file, or a directory's intent.json) while `f` runs. */
const countIntentReads = async (mem: MemoryFs, f: () => Promise<unknown>) => {
  let reads = 0
  const original = mem.run.bind(mem)
  mem.run = ((op, rel, g) => {
    if (op === "read" && /^\.splice\/tx\/([^/]+\/intent\.json|[^/]+)$/.test(rel)) reads++
    return original(op, rel, g)
  }) as typeof mem.run
  try {
    await f()
  } finally {
    mem.run = original
  }
  return reads
}

const txDirs = (mem: MemoryFs, under = ".splice/tx") => [...mem.entries.keys()].filter((k) => new RegExp(`^/ws/${under.replace(".", "\\.")}/[^/]+$`).test(k))

describe("journal scans", () => {
  it("an edit in a workspace with a long history reads none of its finished entries", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n" })
    const history = { count: 200, bytes: 1 << 30, checkFrom: 1000 } // no pruning: only the scans are measured
    for (let i = 0; i < 30; i++) expect((await run(edit(one("a.txt", `v${i}`, `v${i + 1}`)), mem, { history })).exit).toBe(0)
    expect(txDirs(mem)).toHaveLength(30)
    const reads = await countIntentReads(mem, async () => expect((await run(edit(one("a.txt", "v30", "v31")), mem, { history })).exit).toBe(0))
    expect(reads).toBe(0)
  })

  it("a pending entry among finished ones is still found and rolled back by the next edit", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n", "b.txt": "w0\n" })
    for (let i = 0; i < 5; i++) expect((await run(edit(one("a.txt", `v${i}`, `v${i + 1}`)), mem)).exit).toBe(0)
    mem.crashWhen = isStateMark
    await run(edit(one("b.txt", "w0", "w1")), mem)
    mem.restart()
    expect(mem.text("b.txt")).toBe("w1\n") // written, never committed
    const r = await run(edit(one("a.txt", "v5", "v6")), mem)
    expect(r.exit).toBe(0)
    expect(r.logs.join("\n")).toMatch(/rolled back interrupted transaction/)
    expect(mem.text("b.txt")).toBe("w0\n")
  })

  it("a long-running process prunes from what it already knows: its second edit reads no intent", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n" })
    const history = { count: 10, bytes: 1 << 30, checkFrom: 1 } // prune before every write
    for (let i = 0; i < 12; i++) expect((await run(edit(one("a.txt", `v${i}`, `v${i + 1}`)), mem, { history })).exit).toBe(0)
    expect(txDirs(mem)).toHaveLength(10)
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const runtime = yield* Layer.toRuntime(layerFor(mem, new CapturedOutput(), { history }))
      // Each call, then the prune splice mcp runs after answering it.
      const once = (i: number) => Runtime.runPromise(runtime)(Effect.zipRight(edit(one("a.txt", `v${i}`, `v${i + 1}`)), pruneHistory))
      yield* Effect.promise(() => once(12)) // learns every entry
      const reads = yield* Effect.promise(() => countIntentReads(mem, () => once(13)))
      expect(reads).toBe(0)
    })))
    expect(txDirs(mem)).toHaveLength(10) // still pruned to the limit
    expect(mem.text("a.txt")).toBe("v14\n")
  })

  it("a new process with a full history weighs it from .splice/history-bytes.json: it reads only the intent it prunes", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n" })
    const history = { count: 10, bytes: 1 << 30, checkFrom: 1 }
    for (let i = 0; i < 12; i++) expect((await run(edit(one("a.txt", `v${i}`, `v${i + 1}`)), mem, { history })).exit).toBe(0)
    expect(JSON.parse(mem.text(".splice/history-bytes.json")!)).toEqual(expect.any(Object))
    // The scan before the write saw every entry finished (by its name): the pruned one is not read either.
    const reads = await countIntentReads(mem, async () => expect((await run(edit(one("a.txt", "v12", "v13")), mem, { history })).exit).toBe(0))
    expect(reads).toBe(0)
    expect(txDirs(mem)).toHaveLength(10)
    // The cache lost (or torn by a crash): the intents are read again, and the history stays right.
    mem.put(".splice/history-bytes.json", "{\"trunc")
    expect((await run(edit(one("a.txt", "v13", "v14")), mem, { history })).exit).toBe(0)
    expect(txDirs(mem)).toHaveLength(10)
    expect(Object.keys(JSON.parse(mem.text(".splice/history-bytes.json")!) as object)).toHaveLength(10)
  })

  it("a long-running process rewrites history-bytes.json only once it lacks LAZY_CACHE entries; a new process reads just the missing intents", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n" })
    const history = { count: 40, bytes: 1 << 30, checkFrom: 1 }
    for (let i = 0; i < 5; i++) expect((await run(edit(one("a.txt", `v${i}`, `v${i + 1}`)), mem, { history })).exit).toBe(0)
    const cacheWrites = (f: () => Promise<unknown>) => {
      let writes = 0
      const original = mem.run.bind(mem)
      mem.run = ((op, rel, g) => {
        if (op === "write" && rel === ".splice/history-bytes.json") writes++
        return original(op, rel, g)
      }) as typeof mem.run
      return f().then(() => writes, (e) => Promise.reject(e)).finally(() => (mem.run = original))
    }
    const cached = () => Object.keys(JSON.parse(mem.text(".splice/history-bytes.json")!) as object)
    let k = 5
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const runtime = yield* Layer.toRuntime(layerFor(mem, new CapturedOutput(), { history }))
      const once = () => Runtime.runPromise(runtime)(Effect.zipRight(edit(one("a.txt", `v${k}`, `v${++k}`)), pruneHistory))
      // The first prune of the process writes what it learnt (its own entry), as a CLI process does.
      expect(yield* Effect.promise(() => cacheWrites(once))).toBe(1)
      expect(cached()).toHaveLength(6)
      // Then not for each edit: the cache lacks the newest entries until LAZY_CACHE of them are missing.
      let writes = 0
      for (let i = 1; i < LAZY_CACHE; i++) writes += yield* Effect.promise(() => cacheWrites(once))
      expect(writes).toBe(0)
      expect(cached()).toHaveLength(6)
      expect(yield* Effect.promise(() => cacheWrites(once))).toBe(1)
      expect(cached()).toHaveLength(6 + LAZY_CACHE)
      for (let i = 0; i < 3; i++) yield* Effect.promise(once)
    })))
    // Another process finds 3 entries the cache lacks: it reads those intents only, then writes the cache whole.
    const total = txDirs(mem).length
    expect(total).toBe(6 + LAZY_CACHE + 3)
    const reads = await countIntentReads(mem, async () => expect((await run(edit(one("a.txt", `v${k}`, `v${k + 1}`)), mem, { history })).exit).toBe(0))
    expect(reads).toBe(3)
    expect(cached()).toHaveLength(total + 1)
  })

  it("the byte limit counts from the cache as from the intents: a big entry pushes out the older ones", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n", "big.txt": "x".repeat(3000) + "\nA\n" })
    const history = { count: 50, bytes: 4000, checkFrom: 1 }
    for (let i = 0; i < 6; i++) expect((await run(edit(one("a.txt", `v${i}`, `v${i + 1}`)), mem, { history })).exit).toBe(0)
    expect(txDirs(mem)).toHaveLength(6)
    expect((await run(edit(one("big.txt", "A", "B")), mem, { history })).exit).toBe(0) // 3,003 bytes of original
    const before = txDirs(mem).sort()
    expect((await run(edit(one("big.txt", "B", "C")), mem, { history })).exit).toBe(0) // another 3,003: over 4,000 with the first
    // The newest is always kept; the first big one does not fit beside it and goes; the small older ones still fit.
    const after = txDirs(mem).sort()
    expect(after).toHaveLength(7)
    expect(after).not.toContain(before[before.length - 1])
    expect(after.slice(0, 6)).toEqual(before.slice(0, 6))
  })

  it("the history is pruned after the writer answered: never during the write, always before the process is done", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n" })
    const history = { count: 3, bytes: 1 << 30, checkFrom: 1 }
    for (let i = 0; i < 3; i++) expect((await run(edit(one("a.txt", `v${i}`, `v${i + 1}`)), mem, { history })).exit).toBe(0)
    const oldest = txDirs(mem).sort()[0]!
    // Which result lines were out when a transaction directory was removed.
    const watch = (captured: CapturedOutput) => {
      const seen: number[] = []
      const original = mem.run.bind(mem)
      mem.run = ((op, rel, g) => {
        if (op === "remove" && /^\.splice\/tx\/[^/]+$/.test(rel)) seen.push(captured.lines.filter((l) => l["type"] === "result").length)
        return original(op, rel, g)
      }) as typeof mem.run
      return { seen, stop: () => (mem.run = original) }
    }
    // A CLI process: when the journal's layer is released, after the result line.
    const cli = new CapturedOutput()
    const w1 = watch(cli)
    await Effect.runPromise(edit(one("a.txt", "v3", "v4")).pipe(Effect.provide(layerFor(mem, cli, { history }))))
    w1.stop()
    expect(w1.seen).toEqual([1])
    expect(txDirs(mem)).toHaveLength(3)
    expect(txDirs(mem)).not.toContain(oldest)
    // A long-running process (splice mcp): nothing is removed while the call runs; pruneHistory,
    // run after the answer, removes it; a second prune with no write since does nothing.
    const served = new CapturedOutput()
    const w2 = watch(served)
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const runtime = yield* Layer.toRuntime(layerFor(mem, served, { history }))
      yield* Effect.promise(() => Runtime.runPromise(runtime)(edit(one("a.txt", "v4", "v5"))))
      expect(w2.seen).toEqual([])
      expect(txDirs(mem)).toHaveLength(4)
      yield* Effect.promise(() => Runtime.runPromise(runtime)(pruneHistory))
      expect(w2.seen).toEqual([1])
      expect(txDirs(mem)).toHaveLength(3)
      yield* Effect.promise(() => Runtime.runPromise(runtime)(pruneHistory))
      expect(w2.seen).toEqual([1])
    })))
    w2.stop()
    expect(mem.text("a.txt")).toBe("v5\n")
  })

  it("splice recover still examines every entry: a damaged finished one is quarantined", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n" })
    for (let i = 0; i < 3; i++) expect((await run(edit(one("a.txt", `v${i}`, `v${i + 1}`)), mem)).exit).toBe(0)
    mem.put(`.splice/tx/${txNames(mem)[0]!}`, "{ not a transaction")
    expect((await run(edit(one("a.txt", "v3", "v4")), mem)).exit).toBe(0) // the quick pass leaves it
    expect(txDirs(mem, ".splice/quarantine")).toHaveLength(0)
    const r = await run(recoverCommand, mem)
    expect(r.last).toMatchObject({ ok: true, quarantined: 1 })
    expect(txDirs(mem, ".splice/quarantine")).toHaveLength(1)
  })
})
