/**
 * A fault injected into the rename back (its link or its unlink, as the memory disk does a move
 * without --force): recovery reports the transaction incomplete and keeps it pending (its files
 * blocked), nothing lost; once the disk answers again the next pass finishes from where it stopped,
 * and the file is back as itself.
 */
import { describe, expect, it } from "vitest"
import { recoverCommand } from "../../src/commands/recover.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { mv, type TransferConfig } from "../../src/commands/transfer.js"
import { MemoryFs, run } from "../support/memory.js"
import { isStateMark, txStates } from "../support/journal.js"

const move = (from: string, to: string): TransferConfig => ({ from, to, force: false, preview: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200 })
const Y = "import { x } from \"./x\"\nexport const y = x\n"
const Y_MOVED = "import { x } from \"../src/x\"\nexport const y = x\n"

/** src/y.ts moved to lib/y.ts (its import rewritten), the process killed before the commit mark. */
const crashedMove = async () => {
  const mem = new MemoryFs({ "src/x.ts": "export const x = 1\n" })
  mem.put("src/y.ts", Y, 0o750)
  mem.link("src/y.ts", "keep/y-link.ts")
  const ino = mem.inode("src/y.ts")!.ino
  mem.crashWhen = isStateMark
  await run(mv(move("src/y.ts", "lib/y.ts")), mem)
  mem.restart()
  expect(mem.text("lib/y.ts")).toBe(Y_MOVED)
  return { mem, ino }
}

describe("a fault in the rename back", () => {
  it.each([
    ["its link (the old name made again)", "create", "src/y.ts"],
    ["its unlink (the new name removed): the file is under both names meanwhile", "remove", "lib/y.ts"]
  ] as const)("%s: incomplete and pending, then finished by the next pass", async (_, op, path) => {
    const { mem, ino } = await crashedMove()
    mem.faults = [{ op, path, errno: "EIO", times: 1 }]
    const first = await run(recoverCommand, mem)
    expect([first.exit, first.error?.code]).toEqual([7, "SPL-E035"])
    expect(txStates(mem)).toContain("pending")
    // Nothing lost: the moved file (its new text) is under one of its names, its other name intact.
    expect(mem.text("keep/y-link.ts")).toBe(Y_MOVED)
    expect(mem.text("lib/y.ts") ?? mem.text("src/y.ts")).toBe(Y_MOVED)
    const second = await run(recoverCommand, mem)
    expect(second.last).toMatchObject({ rolled_back: 1 })
    expect([mem.text("src/y.ts"), mem.text("keep/y-link.ts"), mem.exists("lib/y.ts")]).toEqual([Y, Y, false])
    expect(mem.inode("src/y.ts")).toMatchObject({ ino, nlink: 2, mode: 0o750 })
  })
})
