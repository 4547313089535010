/**
 * A moved file goes back as itself (the memory disk models inodes): undo, the rollback after a
 * failed compiler gate, and recovery after a crash at any step rename it back — same inode, link
 * count, mode and mtime — and restore its old bytes where mv rewrote its imports (in place: the
 * same file, its other name follows). A file changed since is a conflict, nothing lost; journal
 * records without move pairings still roll back file by file.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import type { CompilerSettings } from "../../src/commands/compilerGate.js"
import { type ApplyConfig, apply } from "../../src/commands/apply.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { mv, type TransferConfig } from "../../src/commands/transfer.js"
import { undo } from "../../src/commands/undo.js"
import { FileStore } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Journal } from "../../services/Journal.js"
import type { WorkspacePath } from "../../src/domain/workspacePath.js"
import { MemoryFs, run, ScriptedChecker } from "../support/memory.js"
import { isStateMark, txStates } from "../support/journal.js"

const move = (from: string, to: string, over: Partial<TransferConfig> = {}): TransferConfig => ({
  from, to, force: false, preview: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200, ...over
})
const undoIt = () => undo({ lockTimeoutMs: 200 })

const X = "export const x = 1\n"
const Y = "import { x } from \"./x\"\nexport const y = x\n"
const Y_MOVED = "import { x } from \"../src/x\"\nexport const y = x\n"

/** src/y.ts imports ./x (mv to lib/ rewrites it), hard-linked as keep/y-link.ts, mode 0750. */
const workspace = () => {
  const mem = new MemoryFs({ "src/x.ts": X })
  mem.put("src/y.ts", Y, 0o750)
  mem.link("src/y.ts", "keep/y-link.ts")
  return mem
}
/** What stat says of a file, or undefined. */
const stat = (mem: MemoryFs, rel: string) => mem.inode(rel)

describe("a moved file goes back as itself", () => {
  it("undo of mv renames it back: same inode, link count, mode and mtime; its other name untouched", async () => {
    const mem = new MemoryFs({ "a.ts": X })
    mem.link("a.ts", "a-link.ts")
    const before = stat(mem, "a.ts")!
    expect((await run(mv(move("a.ts", "b.ts", { updateImports: false })), mem)).exit).toBe(0)
    expect(stat(mem, "b.ts")).toEqual(before)
    const u = await run(undoIt(), mem)
    expect(u.exit).toBe(0)
    expect(u.last["files"]).toEqual([
      expect.objectContaining({ file: "a.ts", action: "recreated", moved_from: "b.ts" }),
      expect.objectContaining({ file: "b.ts", action: "removed" })
    ])
    expect(stat(mem, "a.ts")).toEqual(before)
    expect(mem.exists("b.ts")).toBe(false)
    expect(stat(mem, "a-link.ts")).toEqual(before)
    // The undo is a move too: undoing it (a redo) moves the same file forward again.
    expect((await run(undo({ tx: String(u.last["tx"]), lockTimeoutMs: 200 }), mem)).exit).toBe(0)
    expect(stat(mem, "b.ts")).toEqual(before)
    expect(mem.exists("a.ts")).toBe(false)
  })

  it("mv that rewrites the moved file's imports keeps the file (rewritten in place: its other name sees it); undo restores its bytes in it", async () => {
    const mem = workspace()
    const before = stat(mem, "src/y.ts")!
    const r = await run(mv(move("src/y.ts", "lib/y.ts")), mem)
    expect(r.exit).toBe(0)
    expect(r.last["files"]).toEqual([expect.objectContaining({ file: "lib/y.ts", write_strategy: "inplace" })])
    expect(mem.text("lib/y.ts")).toBe(Y_MOVED)
    expect(stat(mem, "lib/y.ts")).toMatchObject({ ino: before.ino, nlink: 2, mode: 0o750 })
    expect(mem.text("keep/y-link.ts")).toBe(Y_MOVED)
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(mem.text("src/y.ts")).toBe(Y)
    expect(stat(mem, "src/y.ts")).toMatchObject({ ino: before.ino, nlink: 2, mode: 0o750 })
    expect(mem.text("keep/y-link.ts")).toBe(Y)
    expect(mem.exists("lib/y.ts")).toBe(false)
  })

  it("mv --force over a file, undone: the moved file goes back as itself and the replaced one is made again", async () => {
    const mem = new MemoryFs({ "a.ts": X })
    mem.put("b.ts", "old b\n", 0o600)
    const before = stat(mem, "a.ts")!
    expect((await run(mv(move("a.ts", "b.ts", { force: true, updateImports: false })), mem)).exit).toBe(0)
    const u = await run(undoIt(), mem)
    expect(u.exit).toBe(0)
    expect(stat(mem, "a.ts")).toEqual(before)
    expect([mem.text("b.ts"), stat(mem, "b.ts")?.mode]).toEqual(["old b\n", 0o600])
    // Redone: the same file replaces the made-again one once more.
    expect((await run(undo({ tx: String(u.last["tx"]), lockTimeoutMs: 200 }), mem)).exit).toBe(0)
    expect([stat(mem, "b.ts"), mem.exists("a.ts")]).toEqual([before, false])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect([stat(mem, "a.ts"), mem.text("b.ts")]).toEqual([before, "old b\n"])
  })

  it("undo refuses when the moved file changed since (SPL-E034): nothing renamed, nothing lost", async () => {
    const mem = workspace()
    expect((await run(mv(move("src/y.ts", "lib/y.ts")), mem)).exit).toBe(0)
    mem.put("lib/y.ts", "edited by hand\n")
    const u = await run(undoIt(), mem)
    expect([u.exit, u.error?.code]).toEqual([7, "SPL-E034"])
    expect(mem.text("lib/y.ts")).toBe("edited by hand\n")
    expect(mem.exists("src/y.ts")).toBe(false)
  })

  it("a compiler gate that rejects the move rolls it back by renaming the file back (its baseline run too)", async () => {
    const mem = workspace()
    const before = stat(mem, "src/y.ts")!
    const GATE: CompilerSettings = { mode: "auto", require: false, timeoutMs: 1000 }
    // An error in lib/y.ts only: new after the move (the baseline checks it at src/y.ts).
    const checker = new ScriptedChecker(mem, {
      tool: "tsc",
      extensions: [".ts"],
      check: (_read, files) => files.filter((f) => f === "lib/y.ts").map((f) => ({ tool: "tsc", file: f, line: 1, column: 1, code: "TS2304", severity: "error" as const, message: "Cannot find name." }))
    })
    const r = await run(mv(move("src/y.ts", "lib/y.ts", { compiler: GATE })), mem, { checker })
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E043"])
    expect(checker.runs).toBe(2) // the baseline ran: the file went back and forth before the rollback
    expect(mem.text("src/y.ts")).toBe(Y)
    expect(stat(mem, "src/y.ts")).toMatchObject({ ino: before.ino, nlink: 2, mode: 0o750 })
    expect(mem.text("keep/y-link.ts")).toBe(Y)
    expect(mem.exists("lib/y.ts")).toBe(false)
    expect(txStates(mem)).toEqual(["rolled_back"])
  })

  it("a crash after the move, then someone else's file at the old name: recovery leaves both (conflicts), nothing lost", async () => {
    const mem = workspace()
    mem.crashWhen = isStateMark
    await run(mv(move("src/y.ts", "lib/y.ts")), mem)
    mem.restart()
    expect(mem.text("lib/y.ts")).toBe(Y_MOVED)
    mem.put("src/y.ts", "theirs\n")
    const r = await run(recoverCommand, mem)
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E131"])
    expect([mem.text("src/y.ts"), mem.text("lib/y.ts"), mem.text("keep/y-link.ts")]).toEqual(["theirs\n", Y_MOVED, Y_MOVED])
  })

  it("a crash at any step of mv, then one at any step of its recovery: the next recovery finishes, the file back as itself", async () => {
    const clean = workspace()
    expect((await run(mv(move("src/y.ts", "lib/y.ts")), clean)).exit).toBe(0)
    const steps = clean.log.length
    let crashedRecoveries = 0
    for (let k = 0; k < steps; k++) {
      for (let j = 0; ; j++) {
        const mem = workspace()
        const before = stat(mem, "src/y.ts")!
        mem.crashAfterWrites = k
        await run(mv(move("src/y.ts", "lib/y.ts")), mem)
        mem.restart()
        // The recovery crashes at its j-th step (until it has fewer), then a new process recovers.
        mem.crashAfterWrites = j
        await run(recoverCommand, mem)
        const recoveryCrashed = mem.crashed
        mem.restart()
        const r = await run(recoverCommand, mem)
        expect([k, j, r.exit]).toEqual([k, j, 0])
        if (mem.exists("lib/y.ts")) {
          // The mv's commit mark landed before the crash: it is done, and undo takes it back.
          expect([k, j, mem.text("lib/y.ts")]).toEqual([k, j, Y_MOVED])
          expect((await run(undoIt(), mem)).exit).toBe(0)
        }
        expect([k, j, mem.text("src/y.ts"), mem.text("keep/y-link.ts")]).toEqual([k, j, Y, Y])
        expect([k, j, stat(mem, "src/y.ts")]).toEqual([k, j, expect.objectContaining({ ino: before.ino, nlink: 2, mode: 0o750 })])
        expect([k, j, mem.exists("lib/y.ts"), mem.exists("lib")]).toEqual([k, j, false, false])
        if (!recoveryCrashed) break
        crashedRecoveries++
      }
    }
    // The recoveries did crash in the middle (renamed back, bytes not yet restored, and so on).
    expect(crashedRecoveries).toBeGreaterThan(3)
  })

  it("a crash at any step of the undo of a move: recovery puts the move back in effect, and undo then finishes", async () => {
    const setup = async () => {
      const mem = workspace()
      expect((await run(mv(move("src/y.ts", "lib/y.ts")), mem)).exit).toBe(0)
      return mem
    }
    const clean = await setup()
    const n = clean.log.length
    await run(undoIt(), clean)
    const steps = clean.log.length - n
    for (let k = 0; k < steps; k++) {
      const mem = await setup()
      const ino = stat(mem, "lib/y.ts")!.ino
      mem.crashAfterWrites = k
      await run(undoIt(), mem)
      mem.restart()
      expect([k, (await run(recoverCommand, mem)).exit]).toEqual([k, 0])
      if (mem.exists("lib/y.ts")) {
        expect([k, mem.text("lib/y.ts")]).toEqual([k, Y_MOVED])
        expect([k, (await run(undoIt(), mem)).exit]).toEqual([k, 0])
      }
      expect([k, mem.text("src/y.ts"), mem.text("keep/y-link.ts"), stat(mem, "src/y.ts")?.ino]).toEqual([k, Y, Y, ino])
    }
  })

  it("apply's move (a Codex *** Move to: with a hunk) keeps the file too, and so does its undo", async () => {
    const mem = new MemoryFs({ "src/m.ts": "export const m = 1\n" })
    mem.link("src/m.ts", "keep/m-link.ts")
    const before = stat(mem, "src/m.ts")!
    const patch = "*** Begin Patch\n*** Update File: src/m.ts\n*** Move to: lib/m.ts\n@@\n-export const m = 1\n+export const m = 2\n*** End Patch\n"
    const cfg: ApplyConfig = { input: "-", format: "auto", preview: false, showDiff: false, exact: false, expectChecksums: [], validate: "syntax", maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200 }
    expect((await run(apply(cfg), mem, { stdin: patch })).exit).toBe(0)
    expect([mem.text("lib/m.ts"), mem.text("keep/m-link.ts"), stat(mem, "lib/m.ts")?.ino]).toEqual(["export const m = 2\n", "export const m = 2\n", before.ino])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect([mem.text("src/m.ts"), mem.text("keep/m-link.ts"), stat(mem, "src/m.ts")]).toEqual(["export const m = 1\n", "export const m = 1\n", expect.objectContaining({ ino: before.ino, nlink: 2 })])
  })

  it("a journal record without move pairings (an earlier splice) still rolls back, file by file", async () => {
    const mem = new MemoryFs({ "a.ts": X })
    const program = Effect.gen(function*() {
      const journal = yield* Journal
      const store = yield* FileStore
      const sum = yield* (yield* Hasher).blake3(new TextEncoder().encode(X))
      yield* journal.begin({
        command: "mv",
        files: [
          { path: "b.ts" as WorkspacePath, existed: false, mode: 0o644, checksumBefore: null, checksumAfter: sum, original: null },
          { path: "a.ts" as WorkspacePath, existed: true, mode: 0o644, checksumBefore: sum, checksumAfter: "absent", original: new TextEncoder().encode(X) }
        ]
      })
      yield* store.moveFile(yield* store.locate("a.ts" as WorkspacePath), yield* store.locate("b.ts" as WorkspacePath), { replace: false })
    })
    expect((await run(program, mem)).exit).toBe(0)
    const r = await run(recoverCommand, mem)
    expect(r.last).toMatchObject({ rolled_back: 1 })
    expect([mem.text("a.ts"), mem.exists("b.ts")]).toEqual([X, false])
  })

  it("a malformed move pairing is damage: the entry is quarantined, never replayed", async () => {
    const mem = new MemoryFs({ "a.ts": X })
    const program = Effect.gen(function*() {
      const journal = yield* Journal
      yield* journal.begin({
        command: "mv",
        files: [{ path: "a.ts" as WorkspacePath, existed: true, mode: 0o644, checksumBefore: "x", checksumAfter: "absent", original: new TextEncoder().encode(X) }],
        moves: [{ from: 0, to: 3 }]
      })
    })
    expect((await run(program, mem)).exit).toBe(0)
    const r = await run(recoverCommand, mem)
    expect(r.lines.find((l) => l["type"] === "quarantined")).toMatchObject({ kind: "damaged", reason: "intent.json has a malformed move entry" })
    expect(mem.text("a.ts")).toBe(X)
  })
})
