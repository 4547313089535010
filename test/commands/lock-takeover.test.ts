/**
 * A writer waiting for a lock whose holder is killed mid-transaction. The pass before a write ran
 * while the holder was alive (nothing to roll back then); the holder's transaction is left pending
 * once it dies. The waiter must roll that transaction back before it takes the lock over, so its own
 * edit lands on the file as it was before the dead one's, and no half-applied transaction stays
 * behind it (a later recovery could only report it as a conflict on this file).
 */
import { describe, expect, it } from "vitest"
import { edit } from "../../src/commands/edit.js"
import { oneEdit } from "../support/configs.js"
import { isStateMark, txStates } from "../support/journal.js"
import { MemoryFs, MemoryLocks, run } from "../support/memory.js"

/** Resolves once a contender of this process waits in line for `key` (past its pre-write pass). */
const waiting = async (locks: MemoryLocks, key: string) => {
  for (let i = 0; i < 500 && locks.queue.size(key) === 0; i++) await new Promise((r) => setTimeout(r, 2))
  expect(locks.queue.size(key)).toBe(1)
}

/** Another process's edit of a.txt that dies after writing it, before its commit mark: a.txt holds its edit, its transaction is pending. */
const killedWriter = async (mem: MemoryFs) => {
  mem.crashWhen = isStateMark
  await run(edit(oneEdit("a.txt", "a=0", "a=1")), mem, { locks: new MemoryLocks() })
  mem.restart()
  expect(mem.text("a.txt")).toBe("a=1\nb=0\n")
  expect(txStates(mem)).toEqual(["pending"])
}

describe("a lock taken over from a writer killed mid-transaction", () => {
  it("is taken once the dead writer's transaction is rolled back: the waiter's edit lands on the file as it was before it", async () => {
    const mem = new MemoryFs({ "a.txt": "a=0\nb=0\n" })
    const locks = new MemoryLocks()
    locks.held.add("a.txt") // the other writer, alive, holds the lock
    const waiter = run(edit(oneEdit("a.txt", "b=0", "b=1", { lockTimeoutMs: 5000 })), mem, { locks })
    await waiting(locks, "a.txt")
    await killedWriter(mem)
    locks.dead.add("a.txt") // ... and is killed
    const r = await waiter
    expect(r.exit).toBe(0)
    expect(mem.text("a.txt")).toBe("a=0\nb=1\n")
    expect(txStates(mem)).toEqual(["rolled_back", "committed"])
    expect(r.logs.join("\n")).toMatch(/rolled back/i)
    expect(locks.held.size).toBe(0)
  })

  it("three calls of one server waiting in line for it: the transaction is rolled back once, then all three edits land", async () => {
    const mem = new MemoryFs({ "a.txt": "a=0\nb=0\n" })
    const locks = new MemoryLocks()
    locks.held.add("a.txt")
    // Each appends its own line (in whatever order they end up taking the lock).
    const waiters = ["c", "d", "e"].map((k) => run(edit(oneEdit("a.txt", "b=0\n", `b=0\n${k}=1\n`, { lockTimeoutMs: 5000 })), mem, { locks }))
    for (let i = 0; i < 500 && locks.queue.size("a.txt") < 3; i++) await new Promise((r) => setTimeout(r, 2))
    expect(locks.queue.size("a.txt")).toBe(3)
    await killedWriter(mem)
    locks.dead.add("a.txt")
    const rs = await Promise.all(waiters)
    expect(rs.map((r) => r.exit)).toEqual([0, 0, 0])
    expect(mem.text("a.txt")?.split("\n").sort()).toEqual(["", "a=0", "b=0", "c=1", "d=1", "e=1"])
    expect(txStates(mem)).toEqual(["rolled_back", "committed", "committed", "committed"])
    expect(locks.held.size).toBe(0)
  })

  it("a dead holder that left no transaction (killed before it began one): its lock is taken, the edit goes on", async () => {
    const mem = new MemoryFs({ "a.txt": "a=0\nb=0\n" })
    const locks = new MemoryLocks()
    locks.held.add("a.txt")
    const waiter = run(edit(oneEdit("a.txt", "b=0", "b=1", { lockTimeoutMs: 5000 })), mem, { locks })
    await waiting(locks, "a.txt")
    locks.dead.add("a.txt")
    const r = await waiter
    expect(r.exit).toBe(0)
    expect(mem.text("a.txt")).toBe("a=0\nb=1\n")
    expect(txStates(mem)).toEqual(["committed"])
  })

  it("a dead writer's transaction that cannot be rolled back (disk full): the waiter refuses the file (SPL-E035), nothing written", async () => {
    const mem = new MemoryFs({ "a.txt": "a=0\nb=0\n" })
    const locks = new MemoryLocks()
    locks.held.add("a.txt")
    const waiter = run(edit(oneEdit("a.txt", "b=0", "b=1", { lockTimeoutMs: 5000 })), mem, { locks })
    await waiting(locks, "a.txt")
    await killedWriter(mem)
    mem.faults.push({ op: "write", path: "a.txt", errno: "ENOSPC" })
    locks.dead.add("a.txt")
    const r = await waiter
    expect(r.error?.code).toBe("SPL-E035")
    expect(r.error?.context?.["file"]).toBe("a.txt")
    expect(mem.text("a.txt")).toBe("a=1\nb=0\n")
    expect(txStates(mem)).toEqual(["pending"])
    // Its lock stays, as a dead owner's: a writer finding it runs the recovery pass first.
    expect([...locks.dead]).toEqual(["a.txt"])
  })

  it("a second waiter, in line behind the one whose recovery failed, does not take the file: it recovers first (the fault gone, it rolls back), then writes", async () => {
    const mem = new MemoryFs({ "a.txt": "a=0\nb=0\n" })
    const locks = new MemoryLocks()
    locks.held.add("a.txt")
    const first = run(edit(oneEdit("a.txt", "b=0", "b=1", { lockTimeoutMs: 5000 })), mem, { locks })
    await waiting(locks, "a.txt")
    const second = run(edit(oneEdit("a.txt", "b=0", "b=2", { lockTimeoutMs: 5000 })), mem, { locks })
    for (let i = 0; i < 500 && locks.queue.size("a.txt") < 2; i++) await new Promise((r) => setTimeout(r, 2))
    await killedWriter(mem)
    mem.faults.push({ op: "write", path: "a.txt", errno: "ENOSPC", times: 1 })
    locks.dead.add("a.txt")
    const [r1, r2] = await Promise.all([first, second])
    // One recovery failed (the fault) and refused its file; the other edit landed only after the
    // dead writer's transaction was rolled back. Before the fix, the failed recovery freed the lock
    // and the other edit landed on the dead writer's a=1.
    const [refused, landed] = r1.exit === 0 ? [r2, r1] : [r1, r2]
    expect(refused.error?.code).toBe("SPL-E035")
    expect(landed.exit).toBe(0)
    expect(mem.text("a.txt")).toBe(landed === r1 ? "a=0\nb=1\n" : "a=0\nb=2\n")
    expect(txStates(mem)).toEqual(["rolled_back", "committed"])
    expect(locks.held.size).toBe(0)
  })
})
