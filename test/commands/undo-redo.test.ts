import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { historyCommand } from "../../src/commands/history.js"
import { undo } from "../../src/commands/undo.js"
import { write } from "../../src/commands/write.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import { writeConfig } from "../support/configs.js"
import { layerFor, MemoryFs, MemoryLocks, run } from "../support/memory.js"

const U = { lockTimeoutMs: 2000 }
const set = (mem: MemoryFs, file: string, text: string) => run(write(writeConfig(file, text, { create: !mem.exists(file) })), mem)
const undoOf = (mem: MemoryFs, tx?: string) => run(undo({ ...U, ...(tx !== undefined ? { tx } : {}) }), mem)

/** `splice history`'s transaction events, by id. */
const historyOf = async (mem: MemoryFs) => {
  const r = await run(historyCommand({ limit: 1000 }), mem)
  return new Map(r.lines.filter((l) => l["type"] === "transaction").map((l) => [String(l["tx"]), l]))
}

describe("undo after redo", () => {
  it("edit, undo, redo (undo of the undo), then plain undo reverses the edit: history says what is in effect", async () => {
    const mem = new MemoryFs({ "f.py": "a = 1\n" })
    const e = await set(mem, "f.py", "a = 2\n")
    const u = await undoOf(mem)
    const r = await undoOf(mem, String(u.last["tx"]))
    expect(r.last).toMatchObject({ undid: u.last["tx"], undid_command: "undo", origin: e.last["tx"], origin_command: "write", effect: "redo" })
    expect(r.human).toMatch(/^undid \S+ \(undo\), redoing \S+ \(write\): restored f\.py; tx /)
    expect(mem.text("f.py")).toBe("a = 2\n")
    let h = await historyOf(mem)
    expect(h.get(String(e.last["tx"]))).toMatchObject({ state: "committed", undone_by: u.last["tx"], redone_by: r.last["tx"] })
    expect(h.get(String(u.last["tx"]))).toMatchObject({ state: "undone", undoes: e.last["tx"], undone_by: r.last["tx"] })
    expect(h.get(String(r.last["tx"]))).toMatchObject({ state: "committed", undoes: u.last["tx"], redoes: e.last["tx"] })
    expect((await run(historyCommand({ limit: 50, stats: true }), mem)).last["states"]).toEqual({ pending: 0, committed: 2, rolled_back: 0, undone: 1 })
    const again = await undoOf(mem)
    expect(again.exit).toBe(0)
    expect(again.last).toMatchObject({ undid: r.last["tx"], origin: e.last["tx"], effect: "undo" })
    expect(mem.text("f.py")).toBe("a = 1\n")
    h = await historyOf(mem)
    expect(h.get(String(e.last["tx"]))?.["state"]).toBe("undone")
    // Nothing in effect now: said so, with the way to redo.
    const none = await undoOf(mem)
    expect(none.error).toMatchObject({ code: "SPL-E022", message: "nothing to undo: no transaction in history is in effect" })
    expect(none.error?.hint).toContain(`splice undo ${again.last["tx"]}`)
  })

  it("undo by the id of an edit that was redone undoes it (through the chain's head); of one not in effect, SPL-E147 names the way to redo", async () => {
    const mem = new MemoryFs({ "f.py": "a = 1\n" })
    const e = await set(mem, "f.py", "a = 2\n")
    const u = await undoOf(mem)
    const stale = await undoOf(mem, String(e.last["tx"]))
    expect(stale.exit).toBe(7)
    expect(stale.error).toMatchObject({ code: "SPL-E147", context: { tx: e.last["tx"], undone_by: u.last["tx"], head: u.last["tx"] } })
    expect(stale.error?.hint).toContain(`splice undo ${u.last["tx"]}`)
    const r = await undoOf(mem, String(u.last["tx"])) // redo
    const byEdit = await undoOf(mem, String(e.last["tx"]))
    expect(byEdit.last).toMatchObject({ undid: r.last["tx"], origin: e.last["tx"], effect: "undo" })
    expect(mem.text("f.py")).toBe("a = 1\n")
    // The redo is not in effect any more: naming it is refused, nothing written.
    const oldRedo = await undoOf(mem, String(r.last["tx"]))
    expect(oldRedo.error).toMatchObject({ code: "SPL-E147", context: { head: byEdit.last["tx"] } })
    expect(mem.text("f.py")).toBe("a = 1\n")
    // The first undo is in effect again (the edit is undone): naming it redoes, through the chain's head.
    const redo2 = await undoOf(mem, String(u.last["tx"]))
    expect(redo2.last).toMatchObject({ undid: byEdit.last["tx"], origin: e.last["tx"], effect: "redo" })
    expect(mem.text("f.py")).toBe("a = 2\n")
  })

  it("a redo whose file changed since (by hand, or by a later splice write) is refused, naming the file", async () => {
    const mem = new MemoryFs({ "f.py": "a = 1\n" })
    await set(mem, "f.py", "a = 2\n")
    const u = await undoOf(mem)
    mem.put("f.py", "a = 1  # by hand\n")
    const byHand = await undoOf(mem, String(u.last["tx"]))
    expect(byHand.error).toMatchObject({ code: "SPL-E034", context: { tx: u.last["tx"], files: ["f.py"] } })
    expect(mem.text("f.py")).toBe("a = 1  # by hand\n")
    mem.put("f.py", "a = 1\n")
    await set(mem, "f.py", "a = 3\n")
    const bySplice = await undoOf(mem, String(u.last["tx"]))
    expect(bySplice.error?.code).toBe("SPL-E034")
    expect(mem.text("f.py")).toBe("a = 3\n")
    // And an undo of the redo (the edit in effect again) whose file changed since: refused too.
    const m2 = new MemoryFs({ "g.py": "b = 1\n" })
    await set(m2, "g.py", "b = 2\n")
    const u2 = await undoOf(m2)
    await undoOf(m2, String(u2.last["tx"]))
    m2.put("g.py", "b = 2  # by hand\n")
    expect((await undoOf(m2)).error?.code).toBe("SPL-E034")
    expect(m2.text("g.py")).toBe("b = 2  # by hand\n")
  })

  it("random sequences of write / undo / undo by id: the disk is what replaying the transactions history calls in effect; plain undo finds one while any is", async () => {
    const files = ["a.py", "b.py"]
    const step = fc.oneof(
      fc.record({ op: fc.constant("write" as const), file: fc.constantFrom(...files) }),
      fc.record({ op: fc.constant("undo" as const) }),
      fc.record({ op: fc.constant("undoId" as const), pick: fc.nat() })
    )
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 9 }), async (steps) => {
      const initial: Record<string, string> = { "a.py": "a = 0\n", "b.py": "b = 0\n" }
      const mem = new MemoryFs(initial)
      /** What each write transaction wrote. */
      const wrote = new Map<string, { file: string; text: string }>()
      let n = 0
      for (const s of steps) {
        const h = await historyOf(mem)
        const ids = [...h.keys()]
        if (s.op === "write") {
          const text = `${s.file[0]} = ${++n}\n`
          const r = await set(mem, s.file, text)
          expect(r.exit).toBe(0)
          wrote.set(String(r.last["tx"]), { file: s.file, text })
        } else {
          const r = await undoOf(mem, s.op === "undoId" && ids.length > 0 ? ids[s.pick % ids.length] : undefined)
          const anyInEffect = [...h.values()].some((t) => t["state"] === "committed" && (t["undoes"] === undefined || t["redoes"] !== undefined))
          if (s.op === "undo" && anyInEffect) expect(r.error?.code).not.toBe("SPL-E022")
          if (r.error !== undefined) expect(["SPL-E022", "SPL-E034", "SPL-E147"]).toContain(r.error.code)
        }
        // Replay: the writes history calls in effect, oldest first, over the initial files.
        const after = await historyOf(mem)
        const expected = { ...initial }
        for (const [id, t] of [...after].reverse()) {
          const w = wrote.get(id)
          if (w !== undefined && t["state"] === "committed") expected[w.file] = w.text
        }
        for (const f of files) expect(mem.text(f)).toBe(expected[f])
      }
    }), { numRuns: 25 })
  }, 120_000)
})

describe("concurrent undos", () => {
  /** Edits alternating between two files, then `count` plain undos at once (each holding its commit a moment, so that all have picked before the first commits) in one process (one journal), or in `processes` processes sharing the locks. */
  const race = async (processes: number, count: number) => {
    const mem = new MemoryFs({ "a.py": "a = 0\n", "b.py": "b = 0\n" })
    const edits: string[] = []
    for (let i = 1; i <= 6; i++) edits.push(String((await set(mem, i % 2 === 0 ? "b.py" : "a.py", `${i % 2 === 0 ? "b" : "a"} = ${i}\n`)).last["tx"]))
    const locks = new MemoryLocks()
    const runtimes = await Promise.all(Array.from({ length: processes }, () => Effect.runPromise(Effect.scoped(Layer.toRuntime(layerFor(mem, new CapturedOutput(), { locks }))))))
    const outcomes = await Promise.all(Array.from({ length: count }, (_, i) =>
      Effect.runPromise(Effect.either(undo({ ...U, holdMs: 5 }).pipe(Effect.provide(runtimes[i % processes]!))) as Effect.Effect<{ _tag: "Left"; left: SpliceError } | { _tag: "Right"; right: unknown }>)))
    return { mem, edits, outcomes }
  }

  for (const processes of [1, 3]) {
    it(`${processes === 1 ? "in one server" : "from three processes"}: each takes a distinct transaction, newest first, and the extra ones find nothing in effect`, async () => {
      const { mem, edits, outcomes } = await race(processes, 8)
      const failed = outcomes.filter((o) => o._tag === "Left").map((o) => (o as { left: SpliceError }).left.code)
      expect(failed).toEqual(["SPL-E022", "SPL-E022"])
      expect(mem.text("a.py")).toBe("a = 0\n")
      expect(mem.text("b.py")).toBe("b = 0\n")
      const h = await historyOf(mem)
      const undos = [...h.values()].filter((t) => t["command"] === "undo")
      // Every edit undone exactly once, and in order: each undo's id is newer than the undo of the edit after it.
      expect(undos.map((t) => t["undoes"]).sort()).toEqual([...edits].sort())
      const undoOfEdit = new Map(undos.map((t) => [String(t["undoes"]), String(t["tx"])]))
      for (let i = 1; i < edits.length; i++) expect(undoOfEdit.get(edits[i - 1]!)! > undoOfEdit.get(edits[i]!)!).toBe(true)
    }, 60_000)
  }
})
