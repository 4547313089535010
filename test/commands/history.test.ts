/** `splice history --file` and `--stats` on the memory layers (the plain listing: journal-trust.test.ts). */
import { describe, expect, it } from "vitest"
import { edit } from "../../src/commands/edit.js"
import { historyCommand } from "../../src/commands/history.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { undo } from "../../src/commands/undo.js"
import { parseTxFile } from "../../layers/live/txFile.js"
import { editConfig, oneEdit } from "../support/configs.js"
import { MemoryFs, run, type RunResult } from "../support/memory.js"

const txOf = (lines: ReadonlyArray<Record<string, unknown>>) => lines.filter((l) => l["type"] === "transaction").map((l) => l["tx"])

describe("splice history --file", () => {
  it("lists only the transactions that touched that file, newest first", async () => {
    const mem = new MemoryFs({ "src/a.py": "x = 1\n", "b.py": "y = 1\n" })
    const a1 = await run(edit(oneEdit("src/a.py", "x = 1", "x = 2")), mem)
    const b1 = await run(edit(oneEdit("b.py", "y = 1", "y = 2")), mem)
    const a2 = await run(edit(oneEdit("src/a.py", "x = 2", "x = 3")), mem)
    expect([a1.exit, b1.exit, a2.exit]).toEqual([0, 0, 0])
    const h = await run(historyCommand({ limit: 50, file: "src/a.py" }), mem)
    expect(txOf(h.lines)).toEqual([a2.last["tx"], a1.last["tx"]])
    expect(h.last).toMatchObject({ command: "history", file: "src/a.py", transactions: 2, total: 2, truncated: false })
    // --limit applies to the filtered list.
    expect((await run(historyCommand({ limit: 1, file: "src/a.py" }), mem)).last).toMatchObject({ transactions: 1, total: 2, truncated: true })
  })

  it("the path is resolved like any --file: from the current directory", async () => {
    const mem = new MemoryFs({ "src/a.py": "x = 1\n", "a.py": "z = 1\n" })
    const e = await run(edit(oneEdit("src/a.py", "x = 1", "x = 2")), mem)
    await run(edit(oneEdit("a.py", "z = 1", "z = 2")), mem)
    const h = await run(historyCommand({ limit: 50, file: "a.py" }), mem, { cwd: "src" })
    expect(txOf(h.lines)).toEqual([e.last["tx"]])
    expect(h.last).toMatchObject({ file: "src/a.py", total: 1 })
  })

  it("a file no transaction touched: an empty list that says so; a path outside the workspace is refused", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n" })
    await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
    const h = await run(historyCommand({ limit: 50, file: "other.py" }), mem)
    expect(h.last).toMatchObject({ ok: true, file: "other.py", transactions: 0, total: 0 })
    expect(h.human).toBe("no transactions touched other.py\n")
    expect((await run(historyCommand({ limit: 50, file: "../x" }), mem)).error?.code).toBe("SPL-E061")
  })
})

describe("splice history --stats", () => {
  it("an empty journal: nothing, no oldest entry", async () => {
    const r = await run(historyCommand({ limit: 50, stats: true }), new MemoryFs({}))
    expect(r.last).toMatchObject({ ok: true, stats: true, bytes: 0, total: 0, states: { pending: 0, committed: 0, rolled_back: 0, undone: 0 }, oldest: null, quarantined: 0 })
  })

  it("the journal's bytes on disk, counts by state, the oldest entry and the quarantine", async () => {
    const mem = new MemoryFs({ "a.py": "x = 1\n", "b.py": "y = 1\n" })
    const first = await run(edit(oneEdit("a.py", "x = 1", "x = 2")), mem)
    await run(edit(oneEdit("a.py", "x = 2", "x = 3")), mem)
    await run(undo({ lockTimeoutMs: 200 }), mem)
    // A crash mid-write leaves a pending transaction, which recover then rolls back.
    mem.crashWhen = (op, p) => op === "write" && p === "b.py"
    await run(edit(oneEdit("b.py", "y = 1", "y = 2")), mem).catch(() => undefined)
    mem.restart()
    const pending = await run(historyCommand({ limit: 50, stats: true }), mem)
    expect(pending.last["states"]).toEqual({ pending: 1, committed: 2, rolled_back: 0, undone: 1 })
    // An unsigned entry (as a repository could ship) goes to quarantine at the next recovery.
    const planted = "20200101T000000000Z-00abcdef"
    mem.put(`.splice/tx/${planted}/intent.json`, JSON.stringify({ version: 1, id: planted }))
    expect((await run(recoverCommand, mem)).exit).toBe(0)

    const r = await run(historyCommand({ limit: 50, stats: true }), mem)
    const onDisk = [...mem.entries.entries()]
      .filter(([k, e]) => k.startsWith(`${mem.root}/.splice/tx/`) && e.kind === "file")
      .reduce((n, [, e]) => n + (e.kind === "file" ? e.data.length : 0), 0)
    expect(onDisk).toBeGreaterThan(0)
    expect(r.last).toMatchObject({
      ok: true,
      stats: true,
      bytes: onDisk,
      total: 4,
      states: { pending: 0, committed: 2, rolled_back: 1, undone: 1 },
      oldest: { tx: first.last["tx"] },
      quarantined: 1
    })
    expect((r.last["oldest"] as { created: string }).created).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(r.lines.filter((l) => l["type"] === "transaction")).toEqual([])
    expect(r.human).toMatch(/^4 transaction\(s\), \d+ bytes in \.splice\/tx: 0 pending, 2 committed, 1 rolled_back, 1 undone; oldest \S+ \(.+\); 1 quarantined\n$/)
  })

  it("--stats takes no --file", async () => {
    const r = await run(historyCommand({ limit: 50, stats: true, file: "a.py" }), new MemoryFs({}))
    expect([r.exit, r.error?.code]).toEqual([2, "SPL-E010"])
  })
})

describe("what history and undo read of the journal", () => {
  /** Bytes read from .splice/tx/ while `f` runs. */
  const journalBytesRead = async (mem: MemoryFs, f: () => Promise<unknown>) => {
    let bytes = 0
    const original = mem.run.bind(mem)
    mem.run = ((op, rel, g) =>
      original(op, rel, () => {
        const out = g()
        if (op === "read" && rel.startsWith(".splice/tx/") && out instanceof Uint8Array) bytes += out.length
        return out
      })) as typeof mem.run
    try {
      await f()
    } finally {
      mem.run = original
    }
    return bytes
  }

  it("history reads each transaction's intent, not the originals after it; undo reads only its target's", async () => {
    const filler = "x".repeat(99) + "\n"
    const mem = new MemoryFs({ "big.txt": "v0\n" + filler.repeat(2000) }) // 200 KB
    for (let i = 0; i < 6; i++) expect((await run(edit(oneEdit("big.txt", `v${i}\n`, `v${i + 1}\n`, { validate: "none" })), mem)).exit).toBe(0)
    // An intent longer than the first read (many edits, each recorded): read whole, in a second read.
    const many = Array.from({ length: 300 }, (_, i) => ({ old: `line ${i}\n`, new: `line ${i}!\n` }))
    const m = new MemoryFs({ "many.txt": many.map((e) => e.old).join("") })
    expect((await run(edit(editConfig({ file: "many.txt", edits: many, validate: "none" })), m)).exit).toBe(0)
    const [txFile] = [...m.entries].filter(([k]) => k.startsWith("/ws/.splice/tx/"))
    expect(parseTxFile((txFile![1] as { data: Uint8Array }).data).intent!.bytes.length).toBeGreaterThan(4096)
    const onDisk = [...mem.entries].filter(([k, e]) => k.startsWith("/ws/.splice/tx/") && e.kind === "file").reduce((n, [, e]) => n + (e.kind === "file" ? e.data.length : 0), 0)
    expect(onDisk).toBeGreaterThan(6 * 200_000)
    let listed: RunResult | undefined
    const read = await journalBytesRead(mem, async () => {
      listed = await run(historyCommand({ limit: 50 }), mem)
    })
    expect(listed?.lines.filter((l) => l["type"] === "transaction")).toHaveLength(6)
    expect(read).toBeLessThanOrEqual(6 * 4096) // a page of each file
    // undo: the heads to find its target, then that one transaction's original.
    const undoRead = await journalBytesRead(mem, async () => expect((await run(undo({ lockTimeoutMs: 200 }), mem)).exit).toBe(0))
    expect(undoRead).toBeLessThan(300_000) // the target's original once (200 KB), and a page of each file per look at the history
    expect(undoRead).toBeGreaterThan(200_000)
    const h = await run(historyCommand({ limit: 5 }), m)
    const tx = h.lines.find((l) => l["type"] === "transaction")
    expect(tx).toMatchObject({ command: "edit", state: "committed", files: [expect.objectContaining({ file: "many.txt" })] })
    expect((await run(undo({ lockTimeoutMs: 200 }), m)).exit).toBe(0)
    expect(m.text("many.txt")).toBe(many.map((e) => e.old).join(""))
  })
})
