/**
 * Concurrent splice processes in one workspace: the scan before every write (and `splice recover`'s
 * full one) lists .splice/tx, then reads each name, while other processes commit (rename
 * `<id>.tx` to `<id>.committed`), roll back, prune and quarantine. These replay each interleaving
 * on the memory layer, deterministically: the other process's step is made to land exactly
 * between two of the scanner's system calls.
 *
 * What must hold: an entry that moves or vanishes under a scan is skipped (never an error for the
 * edit, never quarantined, never rolled back), and no interleaving loses a committed edit.
 */
import { describe, expect, it } from "vitest"
import { edit } from "../../src/commands/edit.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { undo } from "../../src/commands/undo.js"
import { oneEdit } from "../support/configs.js"
import { isStateMark, txNames } from "../support/journal.js"
import { MemoryFs, MemoryLocks, run } from "../support/memory.js"

type Op = Parameters<MemoryFs["run"]>[0]

/**
 * Runs `step` once, right before (or after) the first operation `op` on `path` by the process that
 * runs next: the other process's system call landing between two of this one's.
 */
const interleave = (mem: MemoryFs, op: Op, path: string, step: () => void, when: "before" | "after" = "before") => {
  const original = mem.run.bind(mem)
  let done = false
  mem.run = ((o: Op, rel: string, f: () => unknown) => {
    if (done || o !== op || rel !== path) return original(o, rel, f)
    done = true
    if (when === "before") {
      step()
      return original(o, rel, f)
    }
    return original(o, rel, () => {
      const out = f()
      step()
      return out
    })
  }) as typeof mem.run
  return () => done
}

const move = (mem: MemoryFs, from: string, to: string | undefined) => {
  const e = mem.entries.get(mem.abs(from))!
  mem.entries.delete(mem.abs(from))
  if (to !== undefined) mem.entries.set(mem.abs(to), e)
}

/**
 * A live writer of a.txt stopped between its write and its commit: a.txt holds its edit, its
 * `<id>.tx` is pending, and it holds a.txt's lock (as a running process does).
 */
const liveWriter = async () => {
  const mem = new MemoryFs({ "a.txt": "a=0\n", "b.txt": "b=0\n" })
  const locks = new MemoryLocks()
  mem.crashWhen = isStateMark
  await run(edit(oneEdit("a.txt", "a=0", "a=1")), mem, { locks })
  mem.restart()
  const [name] = txNames(mem)
  const id = name!.replace(/\.tx$/, "")
  expect(name).toBe(`${id}.tx`)
  expect(mem.text("a.txt")).toBe("a=1\n")
  locks.held.add("a.txt")
  return { mem, locks, id, tx: `.splice/tx/${name}` }
}

describe("a scan racing another process's transaction", () => {
  // Where the owner's rename (or another process's prune or quarantine) lands in the scanner's steps:
  // after the listing and before its lstat ("stat"), or after the lstat and before it opens the file ("read").
  const fates = [
    { fate: "committed", to: (id: string) => `.splice/tx/${id}.committed` },
    { fate: "rolled back", to: (id: string) => `.splice/tx/${id}.rolled_back` },
    { fate: "pruned or quarantined", to: () => undefined }
  ] as const
  for (const at of ["stat", "read"] as const) {
    for (const { fate, to } of fates) {
      it(`a pending entry ${fate} between the scan's ${at === "stat" ? "listing and its lstat" : "lstat and its read"}: skipped, the edit succeeds, nothing quarantined`, async () => {
        const { mem, locks, id, tx } = await liveWriter()
        const fired = interleave(mem, at, tx, () => {
          move(mem, tx, to(id))
          locks.held.delete("a.txt")
        })
        const r = await run(edit(oneEdit("b.txt", "b=0", "b=1")), mem, { locks })
        expect(fired()).toBe(true)
        expect(r.error).toBeUndefined()
        expect(r.exit).toBe(0)
        expect(r.logs.join("\n")).not.toMatch(/quarantine|rolled back/)
        expect(mem.exists(".splice/quarantine") ? [...mem.entries.keys()].filter((k) => k.includes("/quarantine/")) : []).toEqual([])
        // The other writer's edit stands: nothing restored a.txt under it.
        expect(mem.text("a.txt")).toBe("a=1\n")
        expect(mem.text("b.txt")).toBe("b=1\n")
      })
    }
  }

  it("a pending entry committed between the scan's read and its lock: re-read under the lock, not rolled back (no lost edit)", async () => {
    const { mem, locks, id, tx } = await liveWriter()
    // The scan reads the entry pending; the owner then commits and releases its lock, so the
    // recovery's tryAcquire succeeds: only its re-read under the lock keeps it from restoring a.txt.
    const fired = interleave(mem, "read", tx, () => {
      move(mem, tx, `.splice/tx/${id}.committed`)
      locks.held.delete("a.txt")
    }, "after")
    const r = await run(edit(oneEdit("b.txt", "b=0", "b=1")), mem, { locks })
    expect(fired()).toBe(true)
    expect(r.exit).toBe(0)
    expect(r.logs.join("\n")).not.toMatch(/rolled back/)
    expect(mem.text("a.txt")).toBe("a=1\n")
    expect(txNames(mem).filter((n) => n.startsWith(id))).toEqual([`${id}.committed`])
  })

  it("a pending entry whose owner still runs (its lock held): left alone, whatever the scan read", async () => {
    const { mem, locks, tx } = await liveWriter()
    const r = await run(edit(oneEdit("b.txt", "b=0", "b=1")), mem, { locks })
    expect(r.exit).toBe(0)
    expect(mem.text("a.txt")).toBe("a=1\n")
    expect(mem.exists(tx)).toBe(true)
  })

  it("a damaged entry quarantined by another scanner first: the second move finds it gone, no error, reported once", async () => {
    const mem = new MemoryFs({ "b.txt": "b=0\n" })
    const bad = ".splice/tx/20260101T000000000Z-00000000.tx"
    mem.put(bad, "not a transaction file\n")
    mem.put(".splice/.gitignore", "*\n")
    // The other scanner's rename lands right before this one's.
    const fired = interleave(mem, "write", bad, () => move(mem, bad, `.splice/quarantine/${bad.slice(11)}.other`))
    const r = await run(edit(oneEdit("b.txt", "b=0", "b=1")), mem)
    expect(fired()).toBe(true)
    expect(r.exit).toBe(0)
    expect(r.logs.join("\n")).not.toMatch(/quarantine/)
    expect([...mem.entries.keys()].filter((k) => k.includes("/quarantine/"))).toEqual([mem.abs(`.splice/quarantine/${bad.slice(11)}.other`)])
    expect(mem.text("b.txt")).toBe("b=1\n")
  })

  it("splice recover reading an entry that another process prunes meanwhile: skipped, not damage", async () => {
    const mem = new MemoryFs({ "a.txt": "a=0\n" })
    const first = await run(edit(oneEdit("a.txt", "a=0", "a=1")), mem)
    expect(first.exit).toBe(0)
    const committed = `.splice/tx/${String(first.last["tx"])}.committed`
    expect(mem.exists(committed)).toBe(true)
    const fired = interleave(mem, "read", committed, () => move(mem, committed, undefined))
    const r = await run(recoverCommand, mem)
    expect(fired()).toBe(true)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ quarantined: 0, in_quarantine: 0 })
    expect(mem.text("a.txt")).toBe("a=1\n")
  })

  it("a damaged entry still in place is quarantined as before (the re-check does not hide damage)", async () => {
    const mem = new MemoryFs({ "b.txt": "b=0\n" })
    const bad = ".splice/tx/20260101T000000000Z-00000000.tx"
    mem.put(bad, "not a transaction file\n")
    const r = await run(edit(oneEdit("b.txt", "b=0", "b=1")), mem)
    expect(r.exit).toBe(0)
    expect(r.logs.join("\n")).toMatch(/quarantine/)
    expect(mem.exists(bad)).toBe(false)
  })

  it("a read that fails for another reason (EIO) with the entry still there is damage, quarantined, not skipped", async () => {
    const { mem, locks, tx } = await liveWriter()
    locks.held.delete("a.txt")
    mem.faults.push({ op: "read", path: tx, errno: "EIO", times: 1 })
    const r = await run(edit(oneEdit("b.txt", "b=0", "b=1")), mem, { locks })
    expect(r.exit).toBe(0)
    expect(r.logs.join("\n")).toMatch(/quarantine/)
    expect(mem.exists(tx)).toBe(false)
  })

  it("an entry of the first layout (a directory) pruned while a scan reads it: never read as pending", async () => {
    const mem = new MemoryFs({ "a.txt": "a=0\n" })
    const old = await run(edit(oneEdit("a.txt", "a=0", "a=1")), mem, { journalLayout: "directory" })
    expect(old.exit).toBe(0)
    const dir = `.splice/tx/${String(old.last["tx"])}`
    // The scan has read intent.json; the prune then takes the entry away (intent.json first,
    // then the rest), and the scan finds no state.json: gone, not a pending transaction.
    const fired = interleave(mem, "read", `${dir}/intent.json`, () => {
      move(mem, `${dir}/intent.json`, undefined)
      move(mem, `${dir}/state.json`, undefined)
    }, "after")
    const r = await run(recoverCommand, mem)
    expect(fired()).toBe(true)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ rolled_back: 0, in_progress: 0, quarantined: 0 })
    expect(mem.text("a.txt")).toBe("a=1\n")
  })

  it("a prune removes a first-layout entry's intent.json before anything else in it", async () => {
    const mem = new MemoryFs({ "a.txt": "v0\n" })
    const history = { count: 2, bytes: 1 << 30, checkFrom: 1 }
    for (let i = 0; i < 3; i++) expect((await run(edit(oneEdit("a.txt", `v${i}`, `v${i + 1}`)), mem, { journalLayout: "directory", history })).exit).toBe(0)
    const removes = mem.log.filter((l) => l.startsWith("remove .splice/tx/"))
    expect(removes.length).toBeGreaterThanOrEqual(2)
    const [first, second] = removes
    expect(first).toMatch(/^remove \.splice\/tx\/[^/]+\/intent\.json$/)
    expect(second).toBe(first!.replace(/\/intent\.json$/, ""))
    expect(mem.text("a.txt")).toBe("v3\n")
  })

  /** a.txt with a second name, b.txt (one inode; the other name's writer holds the identity's lock). */
  const linked = (mem: MemoryFs) => {
    mem.link("a.txt", "b.txt")
    return `inode:mem:ino:${mem.inode("a.txt")!.ino}` as const
  }

  it("recovery of a hard-linked file's transaction waits for a writer through its other name (no restore under its feet)", async () => {
    const mem = new MemoryFs({ "a.txt": "a=0\n" })
    const identity = linked(mem)
    mem.crashWhen = isStateMark
    await run(edit(oneEdit("a.txt", "a=0", "a=1")), mem)
    mem.restart()
    expect(mem.text("a.txt")).toBe("a=1\n") // written in place, never committed: abandoned
    const locks = new MemoryLocks()
    // A live writer through b.txt (the same inode) holds b.txt's lock and the identity's, not a.txt's.
    locks.held.add("b.txt")
    locks.held.add(identity)
    const busy = await run(recoverCommand, mem, { locks })
    expect(busy.exit).toBe(0)
    expect(busy.last).toMatchObject({ rolled_back: 0, in_progress: 1 })
    expect(mem.text("a.txt")).toBe("a=1\n")
    locks.held.clear()
    const done = await run(recoverCommand, mem, { locks })
    expect(done.last).toMatchObject({ rolled_back: 1 })
    expect(mem.text("a.txt")).toBe("a=0\n")
  })

  it("undo of a hard-linked file waits for a writer through its other name", async () => {
    const mem = new MemoryFs({ "a.txt": "a=0\n" })
    const identity = linked(mem)
    expect((await run(edit(oneEdit("a.txt", "a=0", "a=1")), mem)).exit).toBe(0)
    const locks = new MemoryLocks()
    locks.held.add(identity)
    const r = await run(undo({ lockTimeoutMs: 50 }), mem, { locks })
    expect(r.error?.code).toBe("SPL-E032")
    expect(mem.text("a.txt")).toBe("a=1\n")
    locks.held.clear()
    expect((await run(undo({ lockTimeoutMs: 50 }), mem, { locks })).exit).toBe(0)
    expect(mem.text("a.txt")).toBe("a=0\n")
  })
})
