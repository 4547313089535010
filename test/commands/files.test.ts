/**
 * `splice mv`, `splice cp` and `splice rm` on the memory layers: placement as mv(1) and cp(1) do
 * it, every refusal with its code and nothing changed, faults and crashes mid-transaction rolled
 * back, and undo of each. Every printed line is checked against its schema by run().
 */
import { describe, expect, it } from "vitest"
import { recoverCommand } from "../../src/commands/recover.js"
import { remove, type RemoveConfig } from "../../src/commands/remove.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { cp, mv, type TransferConfig } from "../../src/commands/transfer.js"
import { undo } from "../../src/commands/undo.js"
import { MemoryFs, MemoryLocks, run } from "../support/memory.js"

const move = (from: string, to: string, over: Partial<TransferConfig> = {}): TransferConfig => ({
  from, to, force: false, preview: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200, ...over
})
const rmCfg = (paths: ReadonlyArray<string>, over: Partial<RemoveConfig> = {}): RemoveConfig => ({
  paths, recursive: false, preview: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200, ...over
})
const undoIt = (tx?: string) => undo({ lockTimeoutMs: 200, ...(tx !== undefined ? { tx } : {}) })

/** Bytes no UTF-8 decoder would keep: NULs, 0xFF, a lone continuation byte. */
const BINARY = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe, 0x80, 0x0d, 0x0a, 0x1a, 0])

/** Every path in the workspace but splice's own state: files with their bytes as hex, directories with a slash. */
const snapshot = (mem: MemoryFs) =>
  Object.fromEntries([...mem.entries.entries()]
    .filter(([k]) => k !== mem.root && !k.startsWith(`${mem.root}/.splice`))
    .map(([k, e]) => [k.slice(mem.root.length + 1) + (e.kind === "directory" ? "/" : ""), e.kind === "file" ? `${Buffer.from(e.data).toString("hex")} ${e.mode.toString(8)}` : e.kind === "directory" ? (e.mode ?? 0o755).toString(8) : e.kind === "symlink" ? `-> ${e.raw}` : e.kind])
    .sort(([a], [b]) => (a! < b! ? -1 : 1)))

/**
 * rename(2) refuses the directory once (as across devices): mv then moves its files one by one, the
 * steps these tests inject their faults into (a directory moved whole is dir-move.test.ts's).
 */
const acrossDevices = (mem: MemoryFs, dir: string) => void mem.faults.push({ op: "write", path: dir, errno: "EXDEV", times: 1 })

const modeOf = (mem: MemoryFs, p: string) => {
  const e = mem.entries.get(mem.abs(p))
  return e?.kind === "file" ? e.mode : e?.kind === "directory" ? e.mode ?? 0o755 : undefined
}

const project = () => {
  const mem = new MemoryFs({ "src/a.ts": "export const a = 1\n", "src/lib/b.ts": "export const b = 2\n", "README.md": "# demo\n" })
  mem.put("src/img.png", BINARY, 0o600)
  mem.put("bin/run.sh", "#!/bin/sh\necho hi\n", 0o755)
  mem.putSpecial("src/empty", "directory")
  return mem
}

describe("splice mv", () => {
  it("moves a file to a new directory: made, reported, and removed again by undo; mode and bytes kept", async () => {
    const mem = project()
    const before = snapshot(mem)
    const r = await run(mv(move("bin/run.sh", "tools/scripts/run.sh")), mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({
      command: "mv", from: "bin/run.sh", to: "tools/scripts/run.sh", changed: true, bytes: 18,
      created_directories: ["tools", "tools/scripts"], removed_directories: [],
      files: [{ from: "bin/run.sh", file: "tools/scripts/run.sh", mode: "0755", replaced: null, write_strategy: "rename" }]
    })
    expect(mem.exists("bin/run.sh")).toBe(false)
    expect(mem.text("tools/scripts/run.sh")).toBe("#!/bin/sh\necho hi\n")
    expect(modeOf(mem, "tools/scripts/run.sh")).toBe(0o755)
    const u = await run(undoIt(), mem)
    expect(u.exit).toBe(0)
    expect(u.last["removed_directories"]).toEqual(["tools/scripts", "tools"])
    expect(snapshot(mem)).toEqual(before)
  })

  it("binary files move byte for byte (no text decoding)", async () => {
    const mem = project()
    const r = await run(mv(move("src/img.png", "assets/logo.png")), mem)
    expect(r.exit).toBe(0)
    expect(mem.bytes("assets/logo.png")).toEqual(BINARY)
    expect(modeOf(mem, "assets/logo.png")).toBe(0o600)
  })

  it("into an existing directory the file keeps its name (mv a.ts dir/ → dir/a.ts), as mv(1)", async () => {
    const mem = project()
    const r = await run(mv(move("src/a.ts", "bin")), mem)
    expect(r.last).toMatchObject({ to: "bin/a.ts", files: [{ file: "bin/a.ts" }] })
    const d = await run(mv(move("README.md", "src/lib/")), mem)
    expect(d.last).toMatchObject({ to: "src/lib/README.md" })
  })

  it("a directory moves whole, empty subdirectories and modes included; undo puts every file and directory back", async () => {
    const mem = project()
    mem.putSpecial("src/lib/deep/deeper", "directory")
    const before = snapshot(mem)
    const r = await run(mv(move("src", "pkg/src")), mem)
    expect(r.exit).toBe(0)
    expect(r.last["files"]).toHaveLength(3)
    expect(r.last["removed_directories"]).toEqual(["src/lib/deep/deeper", "src/lib/deep", "src/empty", "src/lib", "src"])
    expect(mem.exists("src")).toBe(false)
    expect(mem.entries.get(mem.abs("pkg/src/empty"))?.kind).toBe("directory")
    expect(mem.entries.get(mem.abs("pkg/src/lib/deep/deeper"))?.kind).toBe("directory")
    expect(mem.bytes("pkg/src/img.png")).toEqual(BINARY)
    const u = await run(undoIt(), mem)
    expect(u.exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
    // Redo: the undo is a transaction too.
    const redo = await run(undoIt(String(u.last["tx"])), mem)
    expect(redo.exit).toBe(0)
    expect(mem.text("pkg/src/a.ts")).toBe("export const a = 1\n")
  })

  it("a directory into an existing one is merged; a file in the way needs --force, and undo restores it", async () => {
    const mem = project()
    mem.put("pkg/src/a.ts", "old a\n", 0o640)
    mem.put("pkg/src/keep.ts", "keep\n")
    const before = snapshot(mem)
    const refused = await run(mv(move("src", "pkg")), mem)
    expect([refused.exit, refused.error?.code]).toEqual([7, "SPL-E033"])
    expect(refused.error?.context).toMatchObject({ file: "pkg/src/a.ts", files: ["pkg/src/a.ts"] })
    expect(refused.error?.effectiveHint).toMatch(/--force/)
    expect(snapshot(mem)).toEqual(before)

    const r = await run(mv(move("src", "pkg", { force: true })), mem)
    expect(r.exit).toBe(0)
    expect(mem.text("pkg/src/a.ts")).toBe("export const a = 1\n")
    expect(mem.text("pkg/src/keep.ts")).toBe("keep\n")
    const replaced = (r.last["files"] as Array<Record<string, unknown>>).find((f) => f["file"] === "pkg/src/a.ts")!
    expect(replaced["replaced"]).toMatch(/^[0-9a-f]{64}$/)
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
    expect(modeOf(mem, "pkg/src/a.ts")).toBe(0o640)
  })

  it("refusals, each with its code and nothing changed", async () => {
    const mem = project()
    mem.put("lib", "a file named lib\n")
    const before = snapshot(mem)
    const cases: Array<[TransferConfig, number, string]> = [
      [move("nope.ts", "x.ts"), 4, "SPL-E020"],
      [move("src", "src/lib"), 2, "SPL-E110"],
      [move("src", "src"), 2, "SPL-E110"], // src is a directory: src/src, as mv(1) says
      [move("src/a.ts", "./src/"), 2, "SPL-E111"],
      [move("src", "lib"), 7, "SPL-E113"],
      [move("README.md", "src/lib/b.ts/"), 7, "SPL-E113"],
      [move("README.md", "src/empty/../../lib"), 7, "SPL-E033"],
      [move("src/a.ts", "new-dir/"), 4, "SPL-E020"],
      [move("src/a.ts", "../outside.ts"), 8, "SPL-E061"],
      [move("src/a.ts", ".splice/a.ts"), 8, "SPL-E067"],
      [move("src/a.ts", ".git/hooks/pre-commit"), 8, "SPL-E067"],
      [move(".", "x"), 8, "SPL-E067"],
      [move("src/a.ts", "b.ts", { expectChecksum: "0".repeat(64) }), 7, "SPL-E031"],
      [move("src", "b", { expectChecksum: "0".repeat(64) }), 2, "SPL-E010"]
    ]
    for (const [config, exit, code] of cases) {
      const r = await run(mv(config), mem)
      expect([r.exit, r.error?.code], `${config.from} → ${config.to}`).toEqual([exit, code])
    }
    expect(snapshot(mem)).toEqual(before)
  })

  it("a file onto a directory moves into it; a file onto a directory of its own name there is a mismatch", async () => {
    const mem = project()
    mem.putSpecial("dest/a.ts", "directory")
    const r = await run(mv(move("src/a.ts", "dest")), mem)
    expect([r.exit, r.error?.code, r.error?.context]).toEqual([7, "SPL-E113", { file: "dest/a.ts", kind: "directory", from: "src/a.ts" }])
  })

  it("--expect-checksum (a prefix of 12+) guards the source", async () => {
    const mem = project()
    const sum = "c5f5c9e6a0f3"
    const bad = await run(mv(move("src/a.ts", "b.ts", { expectChecksum: sum })), mem)
    expect(bad.error?.code).toBe("SPL-E031")
    const actual = String(bad.error?.context?.["actual"])
    const ok = await run(mv(move("src/a.ts", "b.ts", { expectChecksum: actual.slice(0, 12) })), mem)
    expect(ok.exit).toBe(0)
  })

  it("a symlink moves as a link (its text kept, its target untouched), alone or inside a directory; undo puts it back", async () => {
    const mem = project()
    mem.symlink("link.ts", "src/a.ts")
    mem.symlink("src/lib/alias.ts", "../a.ts")
    const before = snapshot(mem)
    const pv = await run(mv(move("link.ts", "links/moved.ts", { preview: true })), mem)
    expect(pv.last).toMatchObject({ preview: true, created_directories: ["links"], links: [{ file: "links/moved.ts" }] })
    expect(pv.human).toContain("link.ts → links/moved.ts (symlink to src/a.ts)")
    const a = await run(mv(move("link.ts", "links/moved.ts")), mem)
    expect(a.last).toMatchObject({ files: [], links: [{ from: "link.ts", file: "links/moved.ts", target: "src/a.ts" }], created_directories: ["links"] })
    expect(mem.entries.get(mem.abs("links/moved.ts"))).toEqual({ kind: "symlink", raw: "src/a.ts" })
    expect(mem.text("src/a.ts")).toBe("export const a = 1\n")
    const b = await run(mv(move("src", "pkg")), mem)
    expect(b.last).toMatchObject({ links: [{ from: "src/lib/alias.ts", file: "pkg/lib/alias.ts", target: "../a.ts" }] })
    expect(mem.entries.get(mem.abs("pkg/lib/alias.ts"))).toEqual({ kind: "symlink", raw: "../a.ts" }) // still resolves: ../a.ts moved along
    expect(mem.text("pkg/a.ts")).toBe("export const a = 1\n")
    expect((await run(undoIt(), mem)).exit).toBe(0)
    const u = await run(undoIt(), mem)
    expect(u.last).toMatchObject({ links: [{ file: "links/moved.ts", action: "removed" }, { file: "link.ts", action: "recreated" }] })
    expect(snapshot(mem)).toEqual(before)
  })

  it("a link is never put over something, even with --force; a FIFO is refused", async () => {
    const mem = project()
    mem.symlink("link.ts", "src/a.ts")
    mem.putSpecial("pipe", "fifo")
    const clash = await run(mv(move("link.ts", "README.md", { force: true })), mem)
    expect([clash.exit, clash.error?.code, clash.error?.context?.["file"]]).toEqual([7, "SPL-E033", "README.md"])
    const fifo = await run(mv(move("pipe", "pipe2")), mem)
    expect([fifo.exit, fifo.error?.code, fifo.error?.context]).toEqual([8, "SPL-E065", { file: "pipe", kind: "fifo" }])
    expect(mem.entries.get(mem.abs("link.ts"))?.kind).toBe("symlink")
  })

  it("a crash after a link was moved: recovery makes the old link again and removes the new one", async () => {
    const mem = project()
    mem.symlink("src/lib/alias.ts", "../a.ts")
    const before = snapshot(mem)
    mem.crashWhen = (op, p) => op === "remove" && p === "src/lib"
    acrossDevices(mem, "src")
    await run(mv(move("src", "pkg")), mem)
    mem.restart()
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("a case-only rename on a case-sensitive disk is an ordinary move", async () => {
    const mem = new MemoryFs({ "src/Util.ts": "export const u = 1\n" })
    const r = await run(mv(move("src/Util.ts", "src/util.ts")), mem)
    expect(r.exit).toBe(0)
    expect([mem.exists("src/Util.ts"), mem.text("src/util.ts")]).toEqual([false, "export const u = 1\n"])
  })

  it("--preview lists what would happen and changes nothing", async () => {
    const mem = project()
    const before = snapshot(mem)
    const r = await run(mv(move("src", "pkg/src", { preview: true })), mem)
    expect(r.last).toMatchObject({ preview: true, changed: false, would_change: true, tx: null, created_directories: ["pkg", "pkg/src", "pkg/src/empty", "pkg/src/lib"] })
    expect(r.human).toContain("src/lib/b.ts → pkg/src/lib/b.ts")
    expect(snapshot(mem)).toEqual(before)
  })

  it("disk full on the second file of a directory move: everything rolled back, the new directories too", async () => {
    const mem = project()
    const before = snapshot(mem)
    mem.faults.push({ op: "create", path: "pkg/src/img.png", errno: "ENOSPC" })
    acrossDevices(mem, "src")
    const r = await run(mv(move("src", "pkg/src")), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E081"])
    expect(r.logs.join("\n")).toMatch(/rolled back/)
    expect(snapshot(mem)).toEqual(before)
  })

  it("permission denied removing the old name: rolled back", async () => {
    const mem = project()
    const before = snapshot(mem)
    mem.faults.push({ op: "remove", path: "src/lib/b.ts", errno: "EACCES" })
    acrossDevices(mem, "src")
    const r = await run(mv(move("src", "pkg")), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E082"])
    expect(snapshot(mem)).toEqual(before)
  })

  it("a failure while removing the emptied directories rolls the files back into them", async () => {
    const mem = project()
    const before = snapshot(mem)
    mem.faults.push({ op: "remove", path: "src", errno: "EIO" })
    acrossDevices(mem, "src")
    const r = await run(mv(move("src", "pkg")), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E083"])
    expect(snapshot(mem)).toEqual(before)
  })

  it("a crash after the directories were removed: `splice recover` makes them again and puts every file back", async () => {
    const mem = project()
    const before = snapshot(mem)
    mem.crashWhen = (op, p) => op === "remove" && p === "src"
    acrossDevices(mem, "src")
    await run(mv(move("src", "pkg")), mem)
    expect(mem.exists("src/lib")).toBe(false) // the crash left it half done
    mem.restart()
    const r = await run(recoverCommand, mem)
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ rolled_back: 1 })
    expect(snapshot(mem)).toEqual(before)
  })

  it("a file locked by another splice: SPL-E032 after the timeout, nothing moved", async () => {
    const mem = project()
    const locks = new MemoryLocks()
    locks.held.add("src/a.ts")
    const r = await run(mv(move("src/a.ts", "b.ts", { lockTimeoutMs: 50 })), mem, { locks })
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E032"])
    expect(mem.exists("src/a.ts")).toBe(true)
  })

  it("from a subdirectory, both paths are taken from there", async () => {
    const mem = project()
    const r = await run(mv(move("a.ts", "lib/")), mem, { cwd: "src" })
    expect(r.last).toMatchObject({ from: "src/a.ts", to: "src/lib/a.ts" })
  })
})

describe("splice cp", () => {
  it("a link named as FROM is followed (its target copied, as cp(1)); links inside a directory are copied as links", async () => {
    const mem = project()
    mem.symlink("link.sh", "bin/run.sh")
    mem.symlink("bin/again.sh", "run.sh")
    const a = await run(cp(move("link.sh", "copy.sh")), mem)
    expect(a.last).toMatchObject({ from: "bin/run.sh", to: "copy.sh", files: [{ mode: "0755" }] })
    expect(mem.entries.get(mem.abs("copy.sh"))?.kind).toBe("file")
    const b = await run(cp(move("bin", "bin2")), mem)
    expect(b.last).toMatchObject({ links: [{ from: "bin/again.sh", file: "bin2/again.sh", target: "run.sh" }] })
    expect(mem.entries.get(mem.abs("bin2/again.sh"))).toEqual({ kind: "symlink", raw: "run.sh" })
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(mem.exists("bin2")).toBe(false)
    mem.symlink("dangling", "nowhere")
    const d = await run(cp(move("dangling", "x")), mem)
    expect([d.exit, d.error?.code]).toEqual([4, "SPL-E020"])
  })

  it("copies a file with the source's mode; undo removes the copy and its new directories", async () => {
    const mem = project()
    const before = snapshot(mem)
    const r = await run(cp(move("bin/run.sh", "tools/run.sh")), mem)
    expect(r.last).toMatchObject({ command: "cp", changed: true, created_directories: ["tools"], files: [{ mode: "0755", write_strategy: "rename", replaced: null }] })
    expect([mem.text("bin/run.sh"), mem.text("tools/run.sh"), modeOf(mem, "tools/run.sh")]).toEqual(["#!/bin/sh\necho hi\n", "#!/bin/sh\necho hi\n", 0o755])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("copies a directory (binary files and empty directories included) as one transaction", async () => {
    const mem = project()
    const r = await run(cp(move("src", "copy")), mem)
    expect(r.exit).toBe(0)
    expect(mem.bytes("copy/img.png")).toEqual(BINARY)
    expect(modeOf(mem, "copy/img.png")).toBe(0o600)
    expect(mem.entries.get(mem.abs("copy/empty"))?.kind).toBe("directory")
    expect(mem.text("src/a.ts")).toBe("export const a = 1\n")
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(mem.exists("copy")).toBe(false)
  })

  it("--force over a file keeps that file's mode (as cp(1)); a hard-linked one is rewritten in place", async () => {
    const mem = project()
    mem.put("dest.sh", "old\n", 0o700)
    const refused = await run(cp(move("bin/run.sh", "dest.sh")), mem)
    expect(refused.error?.code).toBe("SPL-E033")
    const r = await run(cp(move("bin/run.sh", "dest.sh", { force: true })), mem)
    expect(r.last).toMatchObject({ files: [{ mode: "0700", write_strategy: "rename" }] })
    expect(modeOf(mem, "dest.sh")).toBe(0o700)
    const linked = mem.entries.get(mem.abs("dest.sh"))
    if (linked?.kind === "file") linked.nlink = 2
    const l = await run(cp(move("README.md", "dest.sh", { force: true })), mem)
    expect(l.last).toMatchObject({ files: [{ write_strategy: "inplace" }] })
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(mem.text("dest.sh")).toBe("#!/bin/sh\necho hi\n")
  })

  it("two names of one file are the same file (SPL-E111); an empty directory onto an existing one changes nothing", async () => {
    const mem = project()
    const r = await run(cp(move("src/a.ts", "src/a.ts")), mem)
    expect(r.error?.code).toBe("SPL-E111")
    mem.putSpecial("target/empty", "directory")
    const e = await run(cp(move("src/empty", "target")), mem)
    expect(e.last).toMatchObject({ changed: false, tx: null, files: [] })
  })

  it("disk full on the copy: rolled back", async () => {
    const mem = project()
    const before = snapshot(mem)
    mem.faults.push({ op: "create", path: "copy/lib/b.ts", errno: "ENOSPC" })
    const r = await run(cp(move("src", "copy")), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E081"])
    expect(snapshot(mem)).toEqual(before)
  })
})

describe("splice rm", () => {
  it("removes files; undo brings back their bytes and modes", async () => {
    const mem = project()
    const before = snapshot(mem)
    const r = await run(remove(rmCfg(["bin/run.sh", "src/img.png"])), mem)
    expect(r.last).toMatchObject({ command: "rm", changed: true, paths: ["bin/run.sh", "src/img.png"], files: [{ file: "bin/run.sh", mode: "0755" }, { file: "src/img.png", mode: "0600", bytes: BINARY.length }] })
    expect(mem.exists("bin/run.sh")).toBe(false)
    expect(mem.exists("bin")).toBe(true) // a file's directory stays, as rm(1) leaves it
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("a directory only with --recursive; then empty directories go too and undo makes them again with their modes", async () => {
    const mem = project()
    mem.entries.set(mem.abs("src/empty"), mem.newDirectory(0o700))
    const before = snapshot(mem)
    const refused = await run(remove(rmCfg(["src"])), mem)
    expect([refused.exit, refused.error?.code, refused.error?.context]).toEqual([2, "SPL-E112", { file: "src" }])
    const r = await run(remove(rmCfg(["src", "src/lib/b.ts"], { recursive: true })), mem)
    expect(r.exit).toBe(0)
    expect(r.last["files"]).toHaveLength(3) // named twice, removed once
    expect(r.last["removed_directories"]).toEqual(["src/empty", "src/lib", "src"])
    expect(mem.exists("src")).toBe(false)
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
    expect(modeOf(mem, "src/empty")).toBe(0o700)
  })

  it("a symlink is removed as a link (its target untouched) and undo makes it again", async () => {
    const mem = project()
    mem.symlink("link.ts", "src/a.ts")
    mem.symlink("src/lib/up", "..")
    const before = snapshot(mem)
    const r = await run(remove(rmCfg(["link.ts"])), mem)
    expect(r.last).toMatchObject({ files: [], links: [{ file: "link.ts", target: "src/a.ts" }] })
    expect([mem.exists("link.ts"), mem.text("src/a.ts")]).toEqual([false, "export const a = 1\n"])
    expect((await run(undoIt(), mem)).exit).toBe(0)
    const tree = await run(remove(rmCfg(["src"], { recursive: true })), mem)
    expect(tree.last).toMatchObject({ links: [{ file: "src/lib/up", target: ".." }] })
    expect((await run(undoIt(), mem)).exit).toBe(0)
    expect(snapshot(mem)).toEqual(before)
  })

  it("undo refuses when a link it removed has been replaced", async () => {
    const mem = project()
    mem.symlink("link.ts", "src/a.ts")
    expect((await run(remove(rmCfg(["link.ts"])), mem)).exit).toBe(0)
    mem.put("link.ts", "someone else's file\n")
    const u = await run(undoIt(), mem)
    expect([u.exit, u.error?.code]).toEqual([7, "SPL-E034"])
    expect(mem.text("link.ts")).toBe("someone else's file\n")
  })

  it("a tree of empty directories is a transaction of directories alone, undone like any other", async () => {
    const mem = new MemoryFs({ "keep.txt": "k\n" })
    mem.putSpecial("a/b/c", "directory")
    const r = await run(remove(rmCfg(["a"], { recursive: true })), mem)
    expect(r.last).toMatchObject({ files: [], removed_directories: ["a/b/c", "a/b", "a"] })
    expect(mem.exists("a")).toBe(false)
    const u = await run(undoIt(), mem)
    expect(u.exit).toBe(0)
    expect(mem.entries.get(mem.abs("a/b/c"))?.kind).toBe("directory")
    expect((await run(undoIt(String(u.last["tx"])), mem)).exit).toBe(0)
    expect(mem.exists("a")).toBe(false)
  })

  it("refusals: missing, the root, .git, a FIFO; --expect-checksum on one file only", async () => {
    const mem = project()
    mem.put(".git/config", "[core]\n")
    mem.putSpecial("pipe", "fifo")
    const before = snapshot(mem)
    const cases: Array<[RemoveConfig, number, string]> = [
      [rmCfg(["nope.ts"]), 4, "SPL-E020"],
      [rmCfg(["."], { recursive: true }), 8, "SPL-E067"],
      [rmCfg([".git"], { recursive: true }), 8, "SPL-E067"],
      [rmCfg([".splice"], { recursive: true }), 8, "SPL-E067"],
      [rmCfg(["pipe"]), 8, "SPL-E065"],
      [rmCfg(["src/a.ts"], { expectChecksum: "0".repeat(64) }), 7, "SPL-E031"],
      [rmCfg(["src/a.ts", "README.md"], { expectChecksum: "0".repeat(64) }), 2, "SPL-E010"],
      [rmCfg([]), 2, "SPL-E010"]
    ]
    for (const [config, exit, code] of cases) {
      const r = await run(remove(config), mem)
      expect([r.exit, r.error?.code], config.paths.join(" ")).toEqual([exit, code])
    }
    expect(snapshot(mem)).toEqual(before)
  })

  it("--preview lists files and directories and removes nothing", async () => {
    const mem = project()
    const before = snapshot(mem)
    const r = await run(remove(rmCfg(["src"], { recursive: true, preview: true })), mem)
    expect(r.last).toMatchObject({ preview: true, changed: false, tx: null, removed_directories: ["src/empty", "src/lib", "src"] })
    expect(snapshot(mem)).toEqual(before)
  })

  it("disk full half-way (a fault on the third removal) rolls every file back", async () => {
    const mem = project()
    const before = snapshot(mem)
    mem.faults.push({ op: "remove", path: "src/lib/b.ts", errno: "EIO" })
    const r = await run(remove(rmCfg(["src"], { recursive: true })), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E083"])
    expect(snapshot(mem)).toEqual(before)
  })

  it("a crash after the files are gone: the next command rolls the transaction back on its own", async () => {
    const mem = project()
    const before = snapshot(mem)
    mem.crashWhen = (op, p) => op === "remove" && p === "src/lib"
    await run(remove(rmCfg(["src"], { recursive: true })), mem)
    expect(mem.exists("src/a.ts")).toBe(false)
    mem.restart()
    const r = await run(remove(rmCfg(["README.md"], { preview: true })), mem)
    expect(r.exit).toBe(0)
    const again = await run(remove(rmCfg(["README.md"])), mem)
    expect(again.logs.join("\n")).toMatch(/rolled back interrupted transaction/)
    const expected: Record<string, string> = { ...before }
    delete expected["README.md"]
    expect(snapshot(mem)).toEqual(expected)
  })
})
