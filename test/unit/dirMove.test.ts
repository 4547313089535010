/** A directory moved as a whole: when mv renames it as one, what its rename carries, and each step back. */
import { describe, expect, it } from "vitest"
import { carriesMove, carriesName, type DirNow, movesWhole, nextDirMoveBackStep } from "../../src/domain/dirMove.js"
import type { WorkspacePath } from "../../src/domain/workspacePath.js"

const W = (p: string) => p as WorkspacePath
const OURS = "2049:77"
const absent: DirNow = { kind: "absent" }
const ours: DirNow = { kind: "directory", identity: OURS, empty: false }
const theirsEmpty: DirNow = { kind: "directory", identity: "2049:90", empty: true }
const theirsFull: DirNow = { kind: "directory", identity: "2049:90", empty: false }
const file: DirNow = { kind: "other" }

describe("movesWhole", () => {
  it("a directory to a free name on its own device: one rename", () => {
    expect(movesWhole({ kind: "directory", identity: "2049:77" }, false, "2049:2")).toBe(true)
    expect(movesWhole({ kind: "directory", identity: "mem:dir:7" }, false, "mem:dir:1")).toBe(true)
  })

  it("a file, a name already taken (a merge), another device or no directory above: not whole", () => {
    expect(movesWhole({ kind: "file", identity: "2049:77" }, false, "2049:2")).toBe(false)
    expect(movesWhole({ kind: "directory", identity: "2049:77" }, true, "2049:2")).toBe(false)
    expect(movesWhole({ kind: "directory", identity: "2049:77" }, false, "2050:2")).toBe(false)
    expect(movesWhole({ kind: "directory", identity: "2049:77" }, false, undefined)).toBe(false)
  })
})

describe("what a directory's rename carries", () => {
  const dir = { from: W("pkg"), to: W("lib/pkg") }
  it("a file inside it, to the same place inside the new name", () => {
    expect(carriesMove(dir, W("pkg/a.ts"), W("lib/pkg/a.ts"))).toBe(true)
    expect(carriesMove(dir, W("pkg/sub/b.ts"), W("lib/pkg/sub/b.ts"))).toBe(true)
  })

  it("not a file elsewhere, one going somewhere else, nor a sibling whose name starts the same", () => {
    expect(carriesMove(dir, W("pkg/a.ts"), W("lib/a.ts"))).toBe(false)
    expect(carriesMove(dir, W("pkg2/a.ts"), W("lib/pkg2/a.ts"))).toBe(false)
    expect(carriesMove(dir, W("pkg"), W("lib/pkg"))).toBe(false)
  })

  it("names: the two directories and what lies in them", () => {
    expect([W("pkg"), W("pkg/sub"), W("lib/pkg"), W("lib/pkg/x.ts")].map((p) => carriesName(dir, p))).toEqual([true, true, true, true])
    expect([W("lib"), W("pkgs"), W("main.ts")].map((p) => carriesName(dir, p))).toEqual([false, false, false])
  })
})

describe("nextDirMoveBackStep", () => {
  it("at its old name (never moved, or back): home, whatever the new name holds", () => {
    expect(nextDirMoveBackStep(OURS, ours, absent)).toBe("home")
    expect(nextDirMoveBackStep(OURS, ours, theirsFull)).toBe("home")
  })

  it("at its new name, nothing at the old: renamed back", () => {
    expect(nextDirMoveBackStep(OURS, absent, ours)).toBe("rename_back")
  })

  it("an empty directory made at the old name meanwhile: removed to make room", () => {
    expect(nextDirMoveBackStep(OURS, theirsEmpty, ours)).toBe("clear_from")
  })

  it("someone else's files or a file at the old name, or not ours at the new: file by file", () => {
    expect(nextDirMoveBackStep(OURS, theirsFull, ours)).toBe("per_file")
    expect(nextDirMoveBackStep(OURS, file, ours)).toBe("per_file")
    expect(nextDirMoveBackStep(OURS, absent, theirsFull)).toBe("per_file")
    expect(nextDirMoveBackStep(OURS, absent, absent)).toBe("per_file")
    expect(nextDirMoveBackStep(OURS, absent, file)).toBe("per_file")
  })
})
