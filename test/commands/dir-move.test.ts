/**
 * A directory moved by `splice mv` is the directory (the memory disk gives directories inodes): one
 * rename, everything in it going along — files splice never listed too — and every way back (undo,
 * the rollback after a failed compiler gate, recovery after a crash at any step, of mv, of its
 * recovery, of its undo) renames that directory back, so it keeps its inode and mode and nothing
 * in it stays behind or is lost. A state the rename back does not explain goes file by file.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import type { CompilerSettings } from "../../src/commands/compilerGate.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { mv, type TransferConfig } from "../../src/commands/transfer.js"
import { undo } from "../../src/commands/undo.js"
import { Journal } from "../../services/Journal.js"
import type { WorkspacePath } from "../../src/domain/workspacePath.js"
import { MemoryFs, run, ScriptedChecker } from "../support/memory.js"
import { isStateMark, txStates } from "../support/journal.js"

const move = (from: string, to: string, over: Partial<TransferConfig> = {}): TransferConfig => ({
  from, to, force: false, preview: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200, ...over
})
const undoIt = () => undo({ lockTimeoutMs: 200 })

const X = "export const x = 1\n"
const Y = "import { x } from \"../x\"\nimport { z } from \"../../z\"\nexport const y = x + z\n"
const Y_MOVED = "import { x } from \"../x\"\nimport { z } from \"../../../z\"\nexport const y = x + z\n"
const MAIN = "import { x } from \"./pkg/x\"\nexport const m = x\n"
const MAIN_MOVED = "import { x } from \"./lib/pkg/x\"\nexport const m = x\n"
const PYC = new Uint8Array([0xa7, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0, 0xe3])

/**
 * pkg/ (mode 0750) with x.ts, sub/y.ts (whose imports a move to lib/pkg rewrites), an ignored
 * __pycache__/m.pyc, a .DS_Store and an empty directory; main.ts imports ./pkg/x.
 */
const workspace = () => {
  const mem = new MemoryFs({ "pkg/x.ts": X, "pkg/sub/y.ts": Y, "z.ts": "export const z = 1\n", "main.ts": MAIN, ".gitignore": "__pycache__/\n.DS_Store\n" })
  mem.put("pkg/__pycache__/m.pyc", PYC)
  mem.put("pkg/.DS_Store", "ds\n")
  mem.putSpecial("pkg/empty", "directory")
  mem.chmodDirectory("pkg", 0o750)
  return mem
}

/** Everything under a directory, by path relative to it: files with their text (or byte count), directories with a slash. */
const contents = (mem: MemoryFs, dir: string) =>
  Object.fromEntries([...mem.entries.entries()]
    .filter(([k]) => k.startsWith(`${mem.abs(dir)}/`))
    .map(([k, e]) => [k.slice(mem.abs(dir).length + 1) + (e.kind === "directory" ? "/" : ""), e.kind === "file" ? `${e.data.length} ${mem.text(k.slice(mem.root.length + 1))}` : e.kind])
    .sort(([a], [b]) => (a! < b! ? -1 : 1)))

describe("a directory moved by mv is the directory", () => {
  it("mv renames it whole (inode, mode, every file in it); undo renames it back, with a file made in it since", async () => {
    const mem = workspace()
    const dir = mem.dirInode("pkg")!
    const x = mem.inode("pkg/x.ts")!
    const before = contents(mem, "pkg")
    const r = await run(mv(move("pkg", "lib/pkg")), mem)
    expect(r.exit).toBe(0)
    expect(mem.dirInode("lib/pkg")).toEqual(dir)
    expect(mem.dirInode("lib/pkg/empty")).toBeDefined()
    expect([mem.exists("pkg"), mem.text("lib/pkg/sub/y.ts"), mem.text("main.ts"), mem.inode("lib/pkg/x.ts")]).toEqual([false, Y_MOVED, MAIN_MOVED, x])
    // One rename: no file of it was linked, unlinked or made one by one.
    expect(mem.log.filter((l) => / (lib\/)?pkg\//.test(l) && !l.startsWith("write lib/pkg/sub/y.ts"))).toEqual([])
    // Made after the move, never listed by splice: it goes back with its directory.
    mem.put("lib/pkg/sub/notes.txt", "mine\n")
    const u = await run(undoIt(), mem)
    expect(u.exit).toBe(0)
    expect(u.last["files"]).toEqual(expect.arrayContaining([expect.objectContaining({ file: "pkg/x.ts", action: "recreated", moved_from: "lib/pkg/x.ts" })]))
    expect(mem.dirInode("pkg")).toEqual(dir)
    expect(contents(mem, "pkg")).toEqual({ ...before, "sub/notes.txt": "5 mine\n" })
    expect([mem.text("main.ts"), mem.inode("pkg/x.ts"), mem.exists("lib")]).toEqual([MAIN, x, false])
    // Undoing the undo (a redo) moves the same directory forward again.
    expect((await run(undo({ tx: String(u.last["tx"]), lockTimeoutMs: 200 }), mem)).exit).toBe(0)
    expect([mem.dirInode("lib/pkg"), mem.exists("pkg"), mem.text("lib/pkg/sub/notes.txt")]).toEqual([dir, false, "mine\n"])
  })

  it("a compiler gate that rejects the move: its baseline and the rollback rename the directory back and forth, it is itself after", async () => {
    const mem = workspace()
    const dir = mem.dirInode("pkg")!
    const before = contents(mem, "pkg")
    const GATE: CompilerSettings = { mode: "auto", require: false, timeoutMs: 1000 }
    const checker = new ScriptedChecker(mem, {
      tool: "tsc",
      extensions: [".ts"],
      // An error in lib/pkg/x.ts whenever it is there: new after the move (the baseline finds none).
      check: (read) => (read("lib/pkg/x.ts") === undefined ? [] : [{ tool: "tsc", file: "lib/pkg/x.ts", line: 1, column: 1, code: "TS2304", severity: "error" as const, message: "Cannot find name." }])
    })
    const r = await run(mv(move("pkg", "lib/pkg", { compiler: GATE })), mem, { checker })
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E043"])
    expect(checker.runs).toBe(2)
    expect([mem.dirInode("pkg"), contents(mem, "pkg"), mem.text("main.ts"), mem.exists("lib")]).toEqual([dir, before, MAIN, false])
    expect(txStates(mem)).toEqual(["rolled_back"])
  })

  it("a crash at any step of mv, then at any step of its recovery: the next recovery finishes, the directory back as itself", async () => {
    const clean = workspace()
    expect((await run(mv(move("pkg", "lib/pkg")), clean)).exit).toBe(0)
    const steps = clean.log.length
    let crashedRecoveries = 0
    for (let k = 0; k < steps; k++) {
      for (let j = 0; ; j++) {
        const mem = workspace()
        const dir = mem.dirInode("pkg")!
        const before = contents(mem, "pkg")
        mem.crashAfterWrites = k
        await run(mv(move("pkg", "lib/pkg")), mem)
        mem.restart()
        mem.crashAfterWrites = j
        await run(recoverCommand, mem)
        const recoveryCrashed = mem.crashed
        mem.restart()
        const r = await run(recoverCommand, mem)
        expect([k, j, r.exit]).toEqual([k, j, 0])
        if (mem.exists("lib/pkg")) {
          // The commit mark landed before the crash: done, and undo takes it back.
          expect([k, j, mem.dirInode("lib/pkg"), mem.text("lib/pkg/sub/y.ts")]).toEqual([k, j, dir, Y_MOVED])
          expect((await run(undoIt(), mem)).exit).toBe(0)
        }
        expect([k, j, mem.dirInode("pkg"), contents(mem, "pkg"), mem.text("main.ts")]).toEqual([k, j, dir, before, MAIN])
        expect([k, j, mem.exists("lib")]).toEqual([k, j, false])
        if (!recoveryCrashed) break
        crashedRecoveries++
      }
    }
    expect(crashedRecoveries).toBeGreaterThan(3)
  })

  it("a crash at any step of the undo: recovery puts the move back in effect (the directory at its new name, itself), and undo then finishes", async () => {
    const setup = async () => {
      const mem = workspace()
      expect((await run(mv(move("pkg", "lib/pkg")), mem)).exit).toBe(0)
      return mem
    }
    const clean = await setup()
    const n = clean.log.length
    await run(undoIt(), clean)
    const steps = clean.log.length - n
    for (let k = 0; k < steps; k++) {
      const mem = await setup()
      const dir = mem.dirInode("lib/pkg")!
      const after = contents(mem, "lib/pkg")
      mem.crashAfterWrites = k
      await run(undoIt(), mem)
      mem.restart()
      expect([k, (await run(recoverCommand, mem)).exit]).toEqual([k, 0])
      if (mem.exists("lib/pkg")) {
        expect([k, mem.dirInode("lib/pkg"), contents(mem, "lib/pkg")]).toEqual([k, dir, after])
        expect([k, (await run(undoIt(), mem)).exit]).toEqual([k, 0])
      }
      // (A crash between the undo's commit mark and its removal of the emptied lib/ leaves lib/, empty: as for a file.)
      expect([k, mem.dirInode("pkg"), mem.text("pkg/sub/y.ts"), mem.text("main.ts"), mem.exists("lib/pkg")]).toEqual([k, dir, Y, MAIN, false])
    }
  })

  it("after a crash, an empty directory made at the old name meanwhile makes way: recovery renames the moved one back", async () => {
    const mem = workspace()
    const dir = mem.dirInode("pkg")!
    mem.crashWhen = isStateMark
    await run(mv(move("pkg", "lib/pkg")), mem)
    mem.restart()
    mem.putSpecial("pkg", "directory")
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(0)
    expect([mem.dirInode("pkg"), mem.text("pkg/sub/y.ts"), mem.exists("lib")]).toEqual([dir, Y, false])
  })

  it("after a crash, someone else's files at the old name: not a state the rename explains, the files go back one by one, nothing lost", async () => {
    const mem = workspace()
    mem.crashWhen = isStateMark
    await run(mv(move("pkg", "lib/pkg")), mem)
    mem.restart()
    mem.put("pkg/theirs.ts", "theirs\n")
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(0)
    expect([mem.text("pkg/theirs.ts"), mem.text("pkg/x.ts"), mem.text("pkg/sub/y.ts"), mem.bytes("pkg/__pycache__/m.pyc")]).toEqual(["theirs\n", X, Y, PYC])
    expect(txStates(mem)).toEqual(["rolled_back"])
  })

  it("a fault in the rename back: the transaction stays pending, its files blocked where they are (not split), and the next pass finishes", async () => {
    const mem = workspace()
    const dir = mem.dirInode("pkg")!
    mem.crashWhen = isStateMark
    await run(mv(move("pkg", "lib/pkg")), mem)
    mem.restart()
    // Twice: the recovery, then the quiet pass before the next write.
    mem.faults = [{ op: "write", path: "lib/pkg", errno: "EIO", times: 2 }]
    const first = await run(recoverCommand, mem)
    expect([first.exit, first.error?.code]).toEqual([7, "SPL-E035"])
    expect(txStates(mem)).toEqual(["pending"])
    expect([mem.exists("pkg"), mem.dirInode("lib/pkg")]).toEqual([false, dir])
    const blocked = await run(mv(move("lib/pkg/x.ts", "elsewhere.ts")), mem)
    expect([blocked.exit, blocked.error?.code]).toEqual([7, "SPL-E035"])
    const second = await run(recoverCommand, mem)
    expect(second.exit).toBe(0)
    expect([mem.dirInode("pkg"), mem.text("pkg/sub/y.ts"), mem.exists("lib")]).toEqual([dir, Y, false])
  })

  it("onto an existing directory (a merge) or across devices, the files move one by one, as before", async () => {
    const merged = workspace()
    merged.putSpecial("lib/pkg", "directory")
    expect((await run(mv(move("pkg", "lib")), merged)).exit).toBe(0)
    expect([merged.exists("pkg"), merged.text("lib/pkg/x.ts"), merged.bytes("lib/pkg/__pycache__/m.pyc")]).toEqual([false, X, PYC])
    const across = workspace()
    const dir = across.dirInode("pkg")!
    across.faults = [{ op: "write", path: "pkg", errno: "EXDEV", times: 1 }]
    const r = await run(mv(move("pkg", "lib/pkg")), across)
    expect(r.exit).toBe(0)
    expect([across.exists("pkg"), across.text("lib/pkg/sub/y.ts"), across.bytes("lib/pkg/__pycache__/m.pyc"), across.dirInode("lib/pkg")?.ino === dir.ino]).toEqual([false, Y_MOVED, PYC, false])
    // The attempt refused by rename(2) left nothing (its transaction rolled back), and undo takes the move back.
    expect(txStates(across)).toEqual(["rolled_back", "committed"])
    expect((await run(undoIt(), across)).exit).toBe(0)
    expect([across.text("pkg/sub/y.ts"), across.exists("lib")]).toEqual([Y, false])
  })

  it("a malformed directory move is damage: the entry is quarantined, never replayed", async () => {
    const mem = new MemoryFs({ "a/x.ts": X })
    const program = Effect.gen(function*() {
      const journal = yield* Journal
      yield* journal.begin({
        command: "mv",
        files: [{ path: "a/x.ts" as WorkspacePath, existed: true, mode: 0o644, checksumBefore: "x", checksumAfter: "absent", original: new TextEncoder().encode(X) }],
        dirMoves: [{ from: "a" as WorkspacePath, to: "a/b" as WorkspacePath, identity: "1:2" }]
      })
    })
    expect((await run(program, mem)).exit).toBe(0)
    const r = await run(recoverCommand, mem)
    expect(r.lines.find((l) => l["type"] === "quarantined")).toMatchObject({ kind: "damaged", reason: "intent.json has a malformed directory move entry" })
    expect(mem.text("a/x.ts")).toBe(X)
  })
})
