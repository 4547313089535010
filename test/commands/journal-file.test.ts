/**
 * The journal's file per transaction (layers/live/JournalLive.ts, txFile.ts): a crash at any point
 * of a write, a begin torn at any byte, damage inside the file, and journals that still hold the
 * first layout's directories beside the new files.
 */
import { hostname } from "node:os"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Runtime from "effect/Runtime"
import * as Scope from "effect/Scope"
import { describe, expect, it } from "vitest"
import { prepareNextBegin, pruneHistory } from "../../services/Journal.js"
import { encodeTxFile, encodeTxHead, parseTxFile, parseTxName } from "../../layers/live/txFile.js"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { edit } from "../../src/commands/edit.js"
import { historyCommand } from "../../src/commands/history.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { undo } from "../../src/commands/undo.js"
import { oneEdit } from "../support/configs.js"
import { isStateMark, txNames, txStates } from "../support/journal.js"
import { layerFor, MemoryFs, run, type Services } from "../support/memory.js"

const A = "x = 1\nlonger content\n"
const DEAD_OWNER = { pid: 2 ** 22 + 12345, host: hostname() }
const bytesOf = (mem: MemoryFs, name: string) => {
  const e = mem.entries.get(mem.abs(`.splice/tx/${name}`))
  if (e?.kind !== "file") throw new Error(`${name} is not a file`)
  return e.data
}
const putBytes = (mem: MemoryFs, name: string, data: Uint8Array) => {
  mem.put(`.splice/tx/${name}`, "")
  const e = mem.entries.get(mem.abs(`.splice/tx/${name}`))!
  if (e.kind === "file") e.data = data
}

/** A pending transaction's file as its begin wrote it (the process died before touching a.py), owned by a dead process. */
const pendingBegin = async () => {
  const mem = new MemoryFs({ "a.py": A })
  mem.crashWhen = (op, p) => op === "write" && p === "a.py"
  await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
  mem.restart()
  const [name] = txNames(mem)
  const parsed = parseTxFile(bytesOf(mem, name!))
  const file = encodeTxFile(DEAD_OWNER, parsed.intent!.bytes, parsed.intent!.sum, [parsed.originals.get(0)!])
  return { mem, name: name!, file }
}

describe("a transaction file", () => {
  it("is written by one create and committed by one rename: one file per transaction, its state in its name", async () => {
    const mem = new MemoryFs({ "a.py": A })
    const r = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
    expect(r.exit).toBe(0)
    expect(txNames(mem)).toEqual([`${r.last["tx"]}.committed`])
    const journalOps = mem.log.filter((l) => l.includes(".splice/tx/"))
    expect(journalOps).toEqual([`create .splice/tx/${r.last["tx"]}.tx`, `write .splice/tx/${r.last["tx"]}.tx`])
    const parsed = parseTxFile(bytesOf(mem, `${r.last["tx"]}.committed`))
    expect(new TextDecoder().decode(parsed.originals.get(0))).toBe(A)
    expect(parsed.owner).toMatchObject({ pid: process.pid })
  })

  it("torn anywhere by a crash before its fdatasync: recover leaves the file as it was and blocks nothing", async () => {
    const { mem: base, name, file } = await pendingBegin()
    const intentEnd = parseTxFile(file).intentEnd!
    const ownerEnd = Buffer.from(file).indexOf("\nintent ") + 1
    // Around each record boundary (the magic line, the owner, the intent's header and body, the
    // original), and inside each record.
    const around = (at: number) => [at - 1, at, at + 1]
    const cuts = [...new Set([0, ...around(12), 20, ...around(ownerEnd), Math.floor((ownerEnd + intentEnd) / 2), ...around(intentEnd),
      Math.floor((intentEnd + file.length) / 2), file.length - 1, file.length])].sort((a, b) => a - b)
    for (const cut of cuts) {
      const mem = new MemoryFs({ "a.py": A })
      for (const [k, e] of base.entries) if (k.startsWith(`${base.root}/.splice/`)) mem.entries.set(k, e.kind === "file" ? { ...e, data: e.data.slice() } : e)
      putBytes(mem, name, file.slice(0, cut))
      const rec = await run(recoverCommand, mem)
      expect([cut, rec.exit, rec.last["quarantined"]]).toEqual([cut, 0, 0])
      expect([cut, mem.text("a.py")]).toEqual([cut, A])
      // Whole intent: a pending transaction, rolled back (nothing to restore). Torn: its dead owner's
      // leftover, removed; without a readable owner it is young, and left until it is old.
      const left = txNames(mem)
      if (cut >= intentEnd) expect([cut, txStates(mem)]).toEqual([cut, ["rolled_back"]])
      else if (parseTxFile(file.slice(0, cut)).owner !== undefined) expect([cut, left]).toEqual([cut, []])
      else expect([cut, left]).toEqual([cut, [name]])
      expect([cut, (await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)).exit]).toEqual([cut, 0])
      expect([cut, mem.text("a.py")]).toEqual([cut, A.replace("x = 1", "x = 2")])
    }
  })

  it("killed at any step of an edit and of its undo, then recovered: the file all-before or all-after, and undo still works", async () => {
    const steps = async () => {
      const mem = new MemoryFs({ "a.py": A })
      await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
      const n = mem.log.length
      await run(undo({ lockTimeoutMs: 200 }), mem)
      return { edit: n, undo: mem.log.length - n }
    }
    const n = await steps()
    for (let k = 0; k <= n.edit; k++) {
      const mem = new MemoryFs({ "a.py": A })
      mem.crashAfterWrites = k
      await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
      mem.restart()
      expect([k, (await run(recoverCommand, mem)).exit]).toEqual([k, 0])
      const now = mem.text("a.py")
      expect([k, now === A || now === A.replace("x = 1", "x = 2")]).toEqual([k, true])
      // Committed: undo reverses it. Not: there is nothing to undo, and the file is the original.
      const u = await run(undo({ lockTimeoutMs: 200 }), mem)
      expect([k, u.exit]).toEqual([k, now === A ? 4 : 0])
      expect([k, mem.text("a.py")]).toEqual([k, A])
    }
    for (let k = 0; k <= n.undo; k++) {
      const mem = new MemoryFs({ "a.py": A })
      const e = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
      mem.crashAfterWrites = k
      await run(undo({ lockTimeoutMs: 200 }), mem)
      mem.restart()
      expect([k, (await run(recoverCommand, mem)).exit]).toEqual([k, 0])
      const h = await run(historyCommand({ limit: 10 }), mem)
      const editState = h.lines.find((l) => l["tx"] === e.last["tx"])?.["state"]
      // The edit is undone exactly when the file is back; else it is still committed and undo finishes the job.
      expect([k, editState]).toEqual([k, mem.text("a.py") === A ? "undone" : "committed"])
      if (editState === "committed") expect([k, (await run(undo({ lockTimeoutMs: 200 }), mem)).exit]).toEqual([k, 0])
      expect([k, mem.text("a.py")]).toEqual([k, A])
      expect([k, (await run(undo({ lockTimeoutMs: 200 }), mem)).error?.code]).toEqual([k, "SPL-E022"])
    }
  })

  it("damage inside the file: a changed original refuses (SPL-E036); an intent changed is damaged, or foreign once its checksum is fixed", async () => {
    const mem = new MemoryFs({ "a.py": A })
    const e = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
    const name = `${e.last["tx"]}.committed`
    const good = bytesOf(mem, name)
    const parsed = parseTxFile(good)
    // The original, same length, other bytes.
    const changed = parsed.originals.get(0)!.slice()
    changed[0] = "y".charCodeAt(0)
    putBytes(mem, name, encodeTxFile(parsed.owner, parsed.intent!.bytes, parsed.intent!.sum, [changed]))
    const u = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect([u.exit, u.error?.code]).toEqual([8, "SPL-E036"])
    expect(mem.text("a.py")).toBe(A.replace("x = 1", "x = 2"))
    // The intent edited (a.py → b.py): its bytes no longer match their checksum.
    const edited = new TextEncoder().encode(new TextDecoder().decode(parsed.intent!.bytes).replace("\"a.py\"", "\"b.py\""))
    putBytes(mem, name, encodeTxFile(parsed.owner, edited, parsed.intent!.sum, [parsed.originals.get(0)!]))
    const r1 = await run(recoverCommand, mem)
    expect(r1.lines.find((l) => l["type"] === "quarantined")).toMatchObject({ tx: e.last["tx"], kind: "damaged" })
    // The same with its checksum made to match (anyone can compute a BLAKE3): the MAC does not verify.
    const e2 = await run(edit(oneEdit("a.py", "x = 2", "x = 3")), mem)
    const name2 = `${e2.last["tx"]}.committed`
    const p2 = parseTxFile(bytesOf(mem, name2))
    const edited2 = new TextEncoder().encode(new TextDecoder().decode(p2.intent!.bytes).replace("\"a.py\"", "\"b.py\""))
    const { blake3 } = await import("hash-wasm")
    putBytes(mem, name2, encodeTxFile(p2.owner, edited2, await blake3(edited2), [p2.originals.get(0)!]))
    const r2 = await run(recoverCommand, mem)
    expect(r2.lines.find((l) => l["type"] === "quarantined")).toMatchObject({ tx: e2.last["tx"], kind: "foreign" })
    // A finished entry whose intent is cut, a directory named like a file, a file of something else: damaged.
    const e3 = await run(edit(oneEdit("a.py", "x = 3", "x = 4")), mem)
    const name3 = `${e3.last["tx"]}.committed`
    putBytes(mem, name3, bytesOf(mem, name3).slice(0, 40))
    mem.put(".splice/tx/20260101T000000000Z-00000001.committed/x", "")
    mem.put(".splice/tx/20260101T000000000Z-00000002.tx", "PK\u0003\u0004 not ours")
    const r3 = await run(recoverCommand, mem)
    expect(r3.lines.filter((l) => l["type"] === "quarantined").map((l) => l["kind"])).toEqual(["damaged", "damaged", "damaged"])
    expect(txNames(mem)).toEqual([])
    expect(mem.text("a.py")).toBe(A.replace("x = 1", "x = 4"))
  })
})

describe("journals written by earlier versions (a directory per transaction)", () => {
  it("history, undo and recover go through both layouts, oldest first", async () => {
    const mem = new MemoryFs({ "a.py": A })
    const old = { journalLayout: "directory" } as const
    const e1 = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem, old)
    // An old pending transaction, left by a crash before its commit mark.
    mem.crashWhen = isStateMark
    await run(edit(oneEdit("a.py", "x = 2", "x = 3")), mem, old)
    mem.restart()
    const e3 = await run(edit(oneEdit("a.py", "x = 2", "x = 4")), mem) // recovers it first, then writes a file
    expect(e3.exit).toBe(0)
    expect(e3.logs.join("\n")).toMatch(/rolled back interrupted transaction/)
    expect(txNames(mem).map((n) => parseTxName(n)?.layout)).toEqual(["directory", "directory", "file"])
    expect(txStates(mem)).toEqual(["committed", "rolled_back", "committed"])
    const h = await run(historyCommand({ limit: 10 }), mem)
    expect(h.lines.filter((l) => l["type"] === "transaction").map((l) => [l["tx"], l["state"]])).toEqual([
      [e3.last["tx"], "committed"], [expect.any(String), "rolled_back"], [e1.last["tx"], "committed"]
    ])
    expect((await run(undo({ lockTimeoutMs: 200 }), mem)).exit).toBe(0)
    expect(mem.text("a.py")).toBe(A.replace("x = 1", "x = 2"))
    expect((await run(undo({ lockTimeoutMs: 200 }), mem)).exit).toBe(0) // the old directory's original
    expect(mem.text("a.py")).toBe(A)
    expect(txStates(mem)).toEqual(["undone", "rolled_back", "undone", "committed", "committed"])
  })
})

/**
 * splice mcp makes the next begin's file after each answer (a spare: its owner record, its name
 * made durable), so a begin is one fill and one fdatasync. A process that holds its journal open
 * across calls, as the server does: `call` runs a command, then what the server runs after answering.
 */
const server = async (mem: MemoryFs) => {
  const scope = await Effect.runPromise(Scope.make())
  const runtime = await Effect.runPromise(Layer.toRuntime(layerFor(mem, new CapturedOutput())).pipe(Scope.extend(scope)))
  const call = (program: Effect.Effect<unknown, unknown, Services>) =>
    Runtime.runPromiseExit(runtime)(Effect.ensuring(program, Effect.zipRight(pruneHistory, prepareNextBegin)) as Effect.Effect<unknown, unknown, never>)
  /** A clean exit (a killed process never gets here). */
  const close = () => Effect.runPromise(Scope.close(scope, Exit.void))
  return { call, close }
}
/** A workspace whose journal exists (the server makes spares only there). */
const withJournal = (mem: MemoryFs) => {
  mem.putSpecial(".splice/tx", "directory")
  return mem
}
const spares = (mem: MemoryFs) => txNames(mem).filter((n) => n.endsWith(".spare"))
/** The spare's owner record replaced by a dead process's (the server was killed, and is gone). */
const ownedByTheDead = (mem: MemoryFs, name: string) => {
  const parsed = parseTxFile(bytesOf(mem, name))
  putBytes(mem, name, parsed.intent === undefined
    ? encodeTxHead(DEAD_OWNER)
    : encodeTxFile(DEAD_OWNER, parsed.intent.bytes, parsed.intent.sum, [...parsed.originals.values()]))
}
const B = A.replace("x = 1", "x = 2")

describe("a spare file (splice mcp's next begin)", () => {
  it("is made after an answer and filled by the next begin: a fill and a rename, no file created on the critical path; removed when the server closes", async () => {
    const mem = new MemoryFs({ "a.py": A })
    const s = await server(mem)
    expect(Exit.isSuccess(await s.call(edit(oneEdit("a.py", "x = 1", "x = 2"))))).toBe(true)
    const [spare] = spares(mem)
    expect(spare).toMatch(/^\d{8}T\d{9}Z-[0-9a-z]{8}\.spare$/)
    // Its owner record and nothing else: an unfinished begin, never a transaction.
    const parsed = parseTxFile(bytesOf(mem, spare!))
    expect([parsed.owner, parsed.intent]).toEqual([expect.objectContaining({ pid: process.pid }), undefined])
    expect((await run(historyCommand({ limit: 10 }), mem)).lines.filter((l) => l["type"] === "transaction")).toHaveLength(1)
    const n = mem.log.length
    expect(Exit.isSuccess(await s.call(edit(oneEdit("a.py", "x = 2", "x = 3"))))).toBe(true)
    const [, second] = txNames(mem).filter((x) => x.endsWith(".committed")).map((x) => x.replace(".committed", ""))
    // fill (write + fdatasync), rename to <id>.tx, the target, the commit's rename; then the next
    // spare and its directory's fsync (after the answer, off the main thread).
    expect(mem.log.slice(n).filter((l) => l.includes(".splice/tx"))).toEqual([
      `write .splice/tx/${spare}`, `write .splice/tx/${spare}`, `write .splice/tx/${second}.tx`, expect.stringMatching(/^create \.splice\/tx\/.*\.spare$/), "write .splice/tx"
    ])
    expect(mem.text("a.py")).toBe(A.replace("x = 1", "x = 3"))
    expect(spares(mem)).toHaveLength(1)
    expect(spares(mem)).not.toContain(spare)
    await s.close()
    expect(spares(mem)).toEqual([])
    expect(txStates(mem)).toEqual(["committed", "committed"])
    for (let i = 0; i < 2; i++) expect((await run(undo({ lockTimeoutMs: 200 }), mem)).exit).toBe(0)
    expect(mem.text("a.py")).toBe(A)
  })

  it("killed at any step of making it, filling it and committing, then recovered: the file all-before or all-after, undo still works, no spare left once its owner is gone", async () => {
    const steps = async () => {
      const mem = withJournal(new MemoryFs({ "a.py": A }))
      const s = await server(mem)
      const n = mem.log.length
      await s.call(Effect.void) // only the chores after an answer: the spare is made
      await s.call(edit(oneEdit("a.py", "x = 1", "x = 2")))
      return mem.log.length - n
    }
    const n = await steps()
    expect(n).toBeGreaterThanOrEqual(8) // create spare, fsync .splice/tx, fill, rename, target, commit, next spare, its fsync
    for (let k = 0; k <= n; k++) {
      const mem = withJournal(new MemoryFs({ "a.py": A }))
      const s = await server(mem)
      mem.crashAfterWrites = k
      await s.call(Effect.void)
      await s.call(edit(oneEdit("a.py", "x = 1", "x = 2")))
      mem.restart() // the server is dead; never closed
      for (const name of txNames(mem)) if (name.endsWith(".spare") || name.endsWith(".tx")) ownedByTheDead(mem, name)
      expect([k, (await run(recoverCommand, mem)).exit]).toEqual([k, 0])
      const now = mem.text("a.py")
      expect([k, now === A || now === B]).toEqual([k, true])
      expect([k, txNames(mem).filter((x) => x.endsWith(".spare") || x.endsWith(".tx"))]).toEqual([k, []])
      const u = await run(undo({ lockTimeoutMs: 200 }), mem)
      expect([k, u.exit]).toEqual([k, now === A ? 4 : 0])
      expect([k, mem.text("a.py")]).toEqual([k, A])
    }
  })

  it("filled, with the rename a power loss undid: recovery reads it as its intent's transaction and rolls it back, whether or not the target was written", async () => {
    for (const crashAt of ["target", "commit"] as const) {
      const mem = withJournal(new MemoryFs({ "a.py": A }))
      const s = await server(mem)
      await s.call(Effect.void)
      const [spare] = spares(mem)
      mem.crashWhen = crashAt === "target" ? (op, p) => op === "write" && p === "a.py" : isStateMark
      await s.call(edit(oneEdit("a.py", "x = 1", "x = 2")))
      mem.restart()
      expect(mem.text("a.py")).toBe(crashAt === "target" ? A : B)
      // The directory as the disk may hold it: the rename to <id>.tx never reached it.
      const [pending] = txNames(mem).filter((x) => x.endsWith(".tx"))
      const id = pending!.replace(/\.tx$/, "")
      const e = mem.entries.get(mem.abs(`.splice/tx/${pending}`))!
      mem.entries.delete(mem.abs(`.splice/tx/${pending}`))
      mem.entries.set(mem.abs(`.splice/tx/${spare}`), e)
      ownedByTheDead(mem, spare!)
      const h = await run(historyCommand({ limit: 10 }), mem)
      expect([crashAt, h.lines.filter((l) => l["type"] === "transaction").map((l) => [l["tx"], l["state"]])]).toEqual([crashAt, [[id, "pending"]]])
      const rec = await run(recoverCommand, mem)
      expect([crashAt, rec.exit, rec.last["rolled_back"], rec.last["quarantined"]]).toEqual([crashAt, 0, 1, 0])
      expect([crashAt, mem.text("a.py")]).toEqual([crashAt, A])
      expect([crashAt, txNames(mem)]).toEqual([crashAt, [`${id}.rolled_back`]])
      expect((await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)).exit).toBe(0)
    }
  })

  it("left by a dead server is removed by the next write; a live one's is left alone, never pruned, never in the history", async () => {
    const mem = withJournal(new MemoryFs({ "a.py": A }))
    const s = await server(mem)
    await s.call(Effect.void)
    const [live] = spares(mem)
    const dead = "20260101T000000000Z-0000dead.spare"
    putBytes(mem, dead, encodeTxHead(DEAD_OWNER))
    const history = { count: 2, bytes: 1 << 30, checkFrom: 1 } // prune after every write
    for (let i = 1; i <= 4; i++) expect((await run(edit(oneEdit("a.py", `x = ${i}`, `x = ${i + 1}`)), mem, { history })).exit).toBe(0)
    expect(spares(mem)).toEqual([live])
    expect(txStates(mem).filter((x) => x === "committed")).toHaveLength(2)
    const h = await run(historyCommand({ limit: 10 }), mem)
    expect(h.lines.filter((l) => l["type"] === "transaction")).toHaveLength(2)
    expect((await run(recoverCommand, mem)).last).toMatchObject({ ok: true, quarantined: 0 })
    expect(spares(mem)).toEqual([live])
    // The server's own next edit fills it.
    expect(Exit.isSuccess(await s.call(edit(oneEdit("a.py", "x = 5", "x = 6"))))).toBe(true)
    expect(spares(mem)).not.toContain(live)
    await s.close()
    expect(spares(mem)).toEqual([])
  })

  it("gone (removed by hand, or .splice removed) or unwritable: the begin writes its file the usual way", async () => {
    const mem = new MemoryFs({ "a.py": A })
    const s = await server(mem)
    // Nothing is made where there is no journal yet (a first call that failed): no .splice at all.
    expect(Exit.isFailure(await s.call(edit(oneEdit("a.py", "x = 0", "x = 1"))))).toBe(true) // no match
    expect(mem.exists(".splice")).toBe(false)
    mem.putSpecial(".splice/tx", "directory")
    await s.call(Effect.void)
    const [spare] = spares(mem)
    expect(spare).toBeDefined()
    mem.entries.delete(mem.abs(`.splice/tx/${spare}`))
    const n = mem.log.length
    expect(Exit.isSuccess(await s.call(edit(oneEdit("a.py", "x = 1", "x = 2"))))).toBe(true)
    expect(mem.log.slice(n).some((l) => /^create \.splice\/tx\/.*\.tx$/.test(l))).toBe(true)
    // A fill that fails (EIO): the spare is dropped, the begin creates its file.
    const [next] = spares(mem)
    expect(next).toBeDefined()
    mem.faults.push({ op: "write", path: `.splice/tx/${next}`, errno: "EIO", times: 1 })
    expect(Exit.isSuccess(await s.call(edit(oneEdit("a.py", "x = 2", "x = 3"))))).toBe(true)
    expect(spares(mem)).not.toContain(next)
    expect(mem.text("a.py")).toBe(A.replace("x = 1", "x = 3"))
    // .splice removed while the server runs: made again, and the spare with it.
    for (const k of [...mem.entries.keys()]) if (k.startsWith(mem.abs(".splice"))) mem.entries.delete(k)
    expect(Exit.isSuccess(await s.call(edit(oneEdit("a.py", "x = 3", "x = 4"))))).toBe(true)
    expect(spares(mem)).toHaveLength(1)
    await s.close()
    expect(txStates(mem)).toEqual(["committed"])
  })
})
