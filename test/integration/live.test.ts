import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeFileStore, scanRegularFile } from "../../layers/live/FileStoreLive.js"
import { makeLock } from "../../layers/live/LockLive.js"
import { liveLayer } from "../../layers/live/index.js"
import { CapturedOutput, OutputMemory } from "../../layers/memory/OutputMemory.js"
import { edit } from "../../src/commands/edit.js"
import { commitWrites, expectedFrom, type PlannedWrite } from "../../src/commands/transaction.js"
import { FileStore } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { recoverCommand } from "../../src/commands/recover.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { undo } from "../../src/commands/undo.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import { parseWorkspacePath, userPath } from "../../src/domain/workspacePath.js"

const X = parseWorkspacePath("x.ts")!

let dir: string
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-it-")))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const runLive = async (program: Effect.Effect<unknown, unknown, never> | Effect.Effect<unknown, unknown, any>) => {
  // Result lines captured, not printed (they would fill the test log).
  const exit = await Effect.runPromiseExit((program as Effect.Effect<unknown, unknown, never>).pipe(
    Effect.provide(OutputMemory(new CapturedOutput())) as never,
    Effect.provide(liveLayer({ workspace: dir, output: "json" })) as never
  ))
  return outcomeOf(exit, undefined)
}

const editCfg = (file: string, old: string, neu: string) => ({
  file, edits: [{ old, new: neu }], preview: false, showDiff: false, validate: "syntax" as const, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 1000
})

describe("a transaction's write phase on a real disk", () => {
  // Three files replaced in one transaction; the second was changed by another program after it was
  // read, which only the last check before its rename sees (its temp file was written and flushed).
  it("a file changed behind splice's back stops the transaction at its rename: the file before it restored, the one after untouched, no temp file left", async () => {
    for (const n of ["a", "b", "c"]) fs.writeFileSync(path.join(dir, `${n}.txt`), `${n} one\n`)
    const program = Effect.gen(function*() {
      const store = yield* FileStore
      const hasher = yield* Hasher
      const writes: PlannedWrite[] = []
      for (const n of ["a", "b", "c"]) {
        const target = yield* store.resolve(userPath(`${n}.txt`))
        const original = yield* store.read(target)
        const info = (yield* store.stat(target))
        if (info._tag === "None") throw new Error("no file")
        const next = new TextEncoder().encode(`${n} two\n`)
        writes.push({ target, original, mode: 0o644, next, checksumBefore: yield* hasher.blake3(original), checksumAfter: yield* hasher.blake3(next), ...expectedFrom(info.value, original) })
      }
      fs.writeFileSync(path.join(dir, "b.txt"), "theirs, longer\n")
      return yield* commitWrites(writes, { command: "test" })
    })
    const r = await runLive(program)
    expect(r.error?.code).toBe("SPL-E034")
    expect(fs.readFileSync(path.join(dir, "a.txt"), "utf8")).toBe("a one\n")
    expect(fs.readFileSync(path.join(dir, "b.txt"), "utf8")).toBe("theirs, longer\n")
    expect(fs.readFileSync(path.join(dir, "c.txt"), "utf8")).toBe("c one\n")
    expect(fs.readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([])
    const tx = fs.readdirSync(path.join(dir, ".splice", "tx"))
    expect(tx.filter((n) => n.endsWith(".rolled_back"))).toHaveLength(1)
    expect(tx.filter((n) => n.endsWith(".tx"))).toEqual([])
  })
})

describe("FileStore on a real disk", () => {
  it("replaces atomically, keeping the mode, and leaves no temp file", async () => {
    const f = path.join(dir, "a.sh")
    fs.writeFileSync(f, "echo 1\n", { mode: 0o751 })
    fs.chmodSync(f, 0o751)
    const store = makeFileStore(dir, dir)
    const p = await Effect.runPromise(store.resolve(userPath("a.sh")))
    await Effect.runPromise(store.writeAtomic(p, new TextEncoder().encode("echo 2\n")))
    expect(fs.readFileSync(f, "utf8")).toBe("echo 2\n")
    expect(fs.statSync(f).mode & 0o777).toBe(0o751)
    expect(fs.readdirSync(dir)).toEqual(["a.sh"])
  })

  it("stages a file's next content beside it and publishes it by a rename: mode kept, no temp file left", async () => {
    const f = path.join(dir, "a.sh")
    fs.writeFileSync(f, "echo 1\n")
    fs.chmodSync(f, 0o751)
    const store = makeFileStore(dir, dir)
    const p = await Effect.runPromise(store.resolve(userPath("a.sh")))
    const staged = await Effect.runPromise(store.stage(p, new TextEncoder().encode("echo 2\n")))
    // Staged: the file is untouched, its next content waits beside it.
    expect(fs.readFileSync(f, "utf8")).toBe("echo 1\n")
    expect(fs.readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toHaveLength(1)
    await Effect.runPromise(Effect.zipRight(store.publish(staged), store.syncDirectories([p])))
    expect(fs.readFileSync(f, "utf8")).toBe("echo 2\n")
    expect(fs.statSync(f).mode & 0o777).toBe(0o751)
    expect(fs.readdirSync(dir)).toEqual(["a.sh"])
    // Published once: a second publish or a discard changes nothing.
    await Effect.runPromise(Effect.zipRight(store.publish(staged), store.discard(staged)))
    expect(fs.readFileSync(f, "utf8")).toBe("echo 2\n")
  })

  it("flushes the directories of files in several directories at once; a directory gone is a coded error", async () => {
    for (const d of ["a", "b", "c"]) fs.mkdirSync(path.join(dir, d))
    const store = makeFileStore(dir, dir)
    const files = await Effect.runPromise(Effect.forEach(["a/x.txt", "b/y.txt", "c/z.txt"], (f) => store.resolveName(userPath(f))))
    await Effect.runPromise(store.syncDirectories(files))
    fs.rmdirSync(path.join(dir, "c"))
    const gone = await Effect.runPromiseExit(store.syncDirectories(files))
    expect(JSON.stringify(gone)).toContain('"code":"SPL-E020","message":"no such file: c"')
  })

  it("discards a staged file without touching the target", async () => {
    const f = path.join(dir, "a.txt")
    fs.writeFileSync(f, "one\n")
    const store = makeFileStore(dir, dir)
    const p = await Effect.runPromise(store.resolve(userPath("a.txt")))
    const staged = await Effect.runPromise(store.stage(p, new TextEncoder().encode("two\n")))
    await Effect.runPromise(store.discard(staged))
    expect(fs.readdirSync(dir)).toEqual(["a.txt"])
    expect(fs.readFileSync(f, "utf8")).toBe("one\n")
    await Effect.runPromise(store.publish(staged))
    expect(fs.readFileSync(f, "utf8")).toBe("one\n")
  })

  it("publishes nothing when another program changed the file since it was read (SPL-E034), or its directory was replaced (SPL-E062)", async () => {
    const sub = path.join(dir, "src")
    fs.mkdirSync(sub)
    const f = path.join(sub, "a.txt")
    fs.writeFileSync(f, "one\n")
    const store = makeFileStore(dir, dir)
    const p = await Effect.runPromise(store.resolve(userPath("src/a.txt")))
    const st = fs.statSync(f)
    const expectOne = { size: st.size, mtimeMs: st.mtimeMs, identity: `${st.dev}:${st.ino}`, bytes: new TextEncoder().encode("one\n") }
    const staged = await Effect.runPromise(store.stage(p, new TextEncoder().encode("two\n")))
    fs.writeFileSync(f, "theirs\n")
    const changed = await Effect.runPromiseExit(store.publish(staged, { expect: expectOne }))
    expect(JSON.stringify(changed)).toContain("SPL-E034")
    expect(fs.readFileSync(f, "utf8")).toBe("theirs\n")
    expect(fs.readdirSync(sub)).toEqual(["a.txt"])
    // The directory swapped for another of the same name between staging and publishing.
    const again = await Effect.runPromise(store.stage(p, new TextEncoder().encode("two\n")))
    fs.renameSync(sub, path.join(dir, "old"))
    fs.mkdirSync(sub)
    fs.writeFileSync(f, "new dir\n")
    const swapped = await Effect.runPromiseExit(store.publish(again))
    expect(JSON.stringify(swapped)).toContain("SPL-E062")
    expect(fs.readFileSync(f, "utf8")).toBe("new dir\n")
  })

  it("rewrites a hard-linked file in place, keeping the inode and the link", async () => {
    const f = path.join(dir, "a.txt")
    fs.writeFileSync(f, "one\n")
    fs.linkSync(f, path.join(dir, "b.txt"))
    const ino = fs.statSync(f).ino
    const store = makeFileStore(dir, dir)
    await Effect.runPromise(Effect.flatMap(store.resolve(userPath("a.txt")), (p) => store.writeAtomic(p, new TextEncoder().encode("two\n"))))
    expect(fs.statSync(f).ino).toBe(ino)
    expect(fs.readFileSync(path.join(dir, "b.txt"), "utf8")).toBe("two\n")
  })

  it("refuses .. escapes and symlinks leading out; follows links inside", async () => {
    const store = makeFileStore(dir, dir)
    fs.symlinkSync(os.tmpdir(), path.join(dir, "out"))
    fs.writeFileSync(path.join(dir, "real.txt"), "x\n")
    fs.symlinkSync("real.txt", path.join(dir, "in.txt"))
    fs.symlinkSync("/nonexistent-target-outside", path.join(dir, "dangling"))
    const code = async (p: string) => (await Effect.runPromise(Effect.flip(store.resolve(userPath(p))))).code
    expect(await code("../x")).toBe("SPL-E061")
    expect(await code("out/anything")).toBe("SPL-E062")
    expect(await code("dangling")).toBe("SPL-E062")
    expect((await Effect.runPromise(store.resolve(userPath("in.txt")))).relative).toBe("real.txt")
  })

  it("sees FIFOs for what they are", async () => {
    const fifo = path.join(dir, "pipe")
    const { execFileSync } = await import("node:child_process")
    execFileSync("mkfifo", [fifo])
    const r = await runLive(edit(editCfg("pipe", "a", "b")))
    expect(r.exit).toBe(8)
    expect(r.error?.code).toBe("SPL-E065")
  })

  it("createExclusive never replaces", async () => {
    const store = makeFileStore(dir, dir)
    fs.writeFileSync(path.join(dir, "e.txt"), "keep\n")
    const p = await Effect.runPromise(store.resolve(userPath("e.txt")))
    const e = await Effect.runPromise(Effect.flip(store.createExclusive(p, new TextEncoder().encode("x"))))
    expect(e.code).toBe("SPL-E033")
    expect(fs.readFileSync(path.join(dir, "e.txt"), "utf8")).toBe("keep\n")
    // Written in place (the journal's originals and owner record): the same refusals, and no symlink followed.
    for (const sync of ["data", "named", "none"] as const) {
      const again = await Effect.runPromise(Effect.flip(store.createExclusive(p, new TextEncoder().encode("x"), { sync })))
      expect(again.code).toBe("SPL-E033")
      fs.symlinkSync(path.join(dir, "e.txt"), path.join(dir, `link-${sync}`))
      // The link itself as the target (not what it points to): refused, the file it points to untouched.
      const link = await Effect.runPromise(store.resolve(userPath(`link-${sync}`)))
      const viaLink = await Effect.runPromise(Effect.flip(store.createExclusive({ ...link, absolute: path.join(dir, `link-${sync}`) }, new TextEncoder().encode("x"), { sync })))
      expect(viaLink.code).toBe("SPL-E033")
      const made = await Effect.runPromise(store.resolve(userPath(`new-${sync}.txt`)))
      await Effect.runPromise(store.createExclusive(made, new TextEncoder().encode(`made ${sync}\n`), { mode: 0o600, sync }))
      expect(fs.readFileSync(path.join(dir, `new-${sync}.txt`), "utf8")).toBe(`made ${sync}\n`)
      expect(fs.statSync(path.join(dir, `new-${sync}.txt`)).mode & 0o777).toBe(0o600)
    }
    expect(fs.readFileSync(path.join(dir, "e.txt"), "utf8")).toBe("keep\n")
  })

  it("fill writes over an existing file (the journal's spare), never creating one or following a symlink; a rename that need not be durable", async () => {
    const store = makeFileStore(dir, dir)
    const at = (name: string) => Effect.runPromise(store.resolve(userPath(name)))
    const enc = (t: string) => new TextEncoder().encode(t)
    fs.writeFileSync(path.join(dir, "s.spare"), "head\nold tail that is longer\n", { mode: 0o600 })
    await Effect.runPromise(store.fill(await at("s.spare"), enc("head\nnew\n")))
    expect(fs.readFileSync(path.join(dir, "s.spare"), "utf8")).toBe("head\nnew\n") // exactly the new bytes
    expect(fs.statSync(path.join(dir, "s.spare")).mode & 0o777).toBe(0o600)
    const gone = await Effect.runPromise(Effect.flip(store.fill(await at("missing.spare"), enc("x"))))
    expect(gone.code).toBe("SPL-E020")
    expect(fs.existsSync(path.join(dir, "missing.spare"))).toBe(false)
    fs.writeFileSync(path.join(dir, "victim.txt"), "keep\n")
    fs.symlinkSync(path.join(dir, "victim.txt"), path.join(dir, "l.spare"))
    const l = await Effect.runPromise(store.resolveName(userPath("l.spare")))
    expect((await Effect.runPromise(Effect.flip(store.fill(l, enc("x"))))).code).toBe("SPL-E083") // ELOOP: O_NOFOLLOW
    expect(fs.readFileSync(path.join(dir, "victim.txt"), "utf8")).toBe("keep\n")
    await Effect.runPromise(store.rename(await at("s.spare"), await at("s.tx"), { durable: false }))
    expect([fs.existsSync(path.join(dir, "s.spare")), fs.readFileSync(path.join(dir, "s.tx"), "utf8")]).toEqual([false, "head\nnew\n"])
    const taken = await Effect.runPromise(Effect.flip(store.rename(await at("s.tx"), await at("victim.txt"), { durable: false })))
    expect(taken.code).toBe("SPL-E033")
    // The spare's directory flush, off the main thread: a directory that is gone is an error, not a crash.
    fs.mkdirSync(path.join(dir, "d"))
    await Effect.runPromise(store.syncDirectory(await at("d")))
    fs.rmdirSync(path.join(dir, "d"))
    expect((await Effect.runPromise(Effect.flip(store.syncDirectory(await at("d"))))).code).toBe("SPL-E020")
  })
})

describe("reading files for a search (scanRegularFile)", () => {
  it("a NUL within the probe makes a file binary, one past it does not; the shared buffer's old bytes never count", () => {
    const write = (name: string, bytes: Uint8Array) => {
      fs.writeFileSync(path.join(dir, name), bytes)
      return path.join(dir, name)
    }
    const text = (n: number) => new Uint8Array(n).fill(0x61)
    const nulAt = (n: number, at: number) => Object.assign(text(n), { [at]: 0 })
    let scratch: Buffer = Buffer.alloc(8, 0) // zeros left over from "an earlier file"
    const scan = (file: string) => {
      const r = scanRegularFile(file, path.basename(file), 16, scratch)
      scratch = r.scratch
      return r.file.kind === "text" ? `text ${r.file.bytes.length}` : r.file.kind
    }
    expect(scan(write("edge.bin", nulAt(40, 15)))).toBe("binary")
    expect(scan(write("past.txt", nulAt(40, 16)))).toBe("text 40")
    expect(scan(write("short.txt", text(3)))).toBe("text 3") // the buffer held NULs after byte 3
    expect(scan(write("empty.txt", new Uint8Array(0)))).toBe("text 0")
    const n = scratch.length
    expect(scan(write("exact.txt", text(n)))).toBe(`text ${n}`) // as long as the buffer: it grows, keeping room for the probe's end mark
    expect(scratch.length).toBeGreaterThan(n)
  })
})

describe("Lock files", () => {
  it("a held lock times out; releasing it lets the next writer in", async () => {
    const a = makeLock(dir)
    const b = makeLock(dir)
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      yield* a.acquire([X], Duration.millis(100))
      const err = yield* Effect.flip(Effect.scoped(b.acquire([X], Duration.millis(50))))
      expect(err.code).toBe("SPL-E032")
      expect(err.context?.["holder"]).toMatchObject({ pid: process.pid })
    })))
    await Effect.runPromise(Effect.scoped(b.acquire([X], Duration.millis(50))))
  })

  it("a lock left by a dead process is taken over", async () => {
    const { spawnSync } = await import("node:child_process")
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString()
    const locks = path.join(dir, ".splice", "locks")
    fs.mkdirSync(locks, { recursive: true })
    const { createHash } = await import("node:crypto")
    const file = path.join(locks, createHash("sha1").update("x.ts").digest("hex").slice(0, 24) + ".lock")
    fs.writeFileSync(file, JSON.stringify({ pid: Number(dead), host: os.hostname(), token: "t", path: "x.ts", since: "" }))
    await Effect.runPromise(Effect.scoped(makeLock(dir).acquire([X], Duration.millis(50))))
    expect(fs.existsSync(file)).toBe(false)
  })

  it("the stale-lock sweep removes a dead owner's lock only under its takeover guard: never one another process is taking over", async () => {
    const { spawnSync } = await import("node:child_process")
    const dead = Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString())
    const locks = path.join(dir, ".splice", "locks")
    fs.mkdirSync(locks, { recursive: true })
    const { createHash } = await import("node:crypto")
    const file = path.join(locks, createHash("sha1").update("x.ts").digest("hex").slice(0, 24) + ".lock")
    fs.writeFileSync(file, JSON.stringify({ pid: dead, host: os.hostname(), token: "t", path: "x.ts", since: "" }))
    // A taker holds the guard (it is between its check and its unlink, or has just made its own
    // lock): the sweep leaves the file to it. Unguarded, the sweep's unlink could remove the
    // taker's fresh lock and let a third writer in beside it.
    fs.writeFileSync(file + ".takeover", "")
    expect(await Effect.runPromise(makeLock(dir).sweepStale())).toBe(0)
    expect(fs.existsSync(file)).toBe(true)
    // A live owner's lock (ours) under the same name is never swept, guard or not.
    fs.rmSync(file + ".takeover")
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      fs.rmSync(file)
      yield* makeLock(dir).acquire([X], Duration.millis(50))
      expect(yield* makeLock(dir).sweepStale()).toBe(0)
      expect(fs.existsSync(file)).toBe(true)
    })))
    // Dead again, no guard: swept, and the guard it took is gone too.
    fs.writeFileSync(file, JSON.stringify({ pid: dead, host: os.hostname(), token: "t", path: "x.ts", since: "" }))
    expect(await Effect.runPromise(makeLock(dir).sweepStale())).toBe(1)
    expect(fs.readdirSync(locks)).toEqual([])
  })
})

describe("edit, undo and recover on a real disk", () => {
  it("edits through the journal, keeps history under .splice, undoes", async () => {
    fs.writeFileSync(path.join(dir, "m.py"), "def f():\r\n    return 1\r\n")
    expect((await runLive(edit(editCfg("m.py", "return 1", "return 2")))).exit).toBe(0)
    expect(fs.readFileSync(path.join(dir, "m.py"), "utf8")).toBe("def f():\r\n    return 2\r\n")
    expect(fs.readFileSync(path.join(dir, ".splice", ".gitignore"), "utf8")).toBe("*\n")
    expect(fs.readdirSync(path.join(dir, ".splice", "tx"))).toHaveLength(1)
    expect(fs.readdirSync(path.join(dir, ".splice", "locks"))).toEqual([])
    expect((await runLive(undo({ lockTimeoutMs: 1000 }))).exit).toBe(0)
    expect(fs.readFileSync(path.join(dir, "m.py"), "utf8")).toBe("def f():\r\n    return 1\r\n")
  })

  it("recover restores a file from a pending journal and removes stray temp files", async () => {
    const f = path.join(dir, "m.py")
    fs.writeFileSync(f, "x = 1\n")
    expect((await runLive(edit(editCfg("m.py", "x = 1", "x = 2")))).exit).toBe(0)
    // Turn the committed transaction back into a pending one, as a kill -9 before the mark (its
    // rename) leaves it.
    const txRoot = path.join(dir, ".splice", "tx")
    const [name] = fs.readdirSync(txRoot)
    const id = name!.replace(/\.committed$/, "")
    fs.renameSync(path.join(txRoot, name!), path.join(txRoot, `${id}.tx`))
    const size = fs.statSync(path.join(txRoot, `${id}.tx`)).size
    fs.writeFileSync(path.join(dir, ".m.py.splice-1-x-0.tmp"), "partial")
    const r = await runLive(recoverCommand)
    expect(r.exit).toBe(0)
    expect(fs.readFileSync(f, "utf8")).toBe("x = 1\n")
    expect(fs.readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([])
    expect(fs.readdirSync(txRoot)).toEqual([`${id}.rolled_back`])
    // Its original dropped: the file cut after its intent.
    expect(fs.statSync(path.join(txRoot, `${id}.rolled_back`)).size).toBeLessThan(size - 6)
  })

  it("recover restores from a pending journal an earlier version left (a directory per transaction)", async () => {
    const f = path.join(dir, "m.py")
    fs.writeFileSync(f, "x = 1\n")
    const old = liveLayer({ workspace: dir, output: "json" })
    const { JournalWithLimits, DEFAULT_LIMITS } = await import("../../layers/live/JournalLive.js")
    const { HasherLive } = await import("../../layers/live/HasherLive.js")
    const { JournalKeyLive } = await import("../../layers/live/JournalKeyLive.js")
    const Layer = await import("effect/Layer")
    // The same services, the journal writing directories as earlier versions did.
    const directories = Layer.provideMerge(JournalWithLimits(DEFAULT_LIMITS, "directory").pipe(Layer.provide(Layer.mergeAll(HasherLive, JournalKeyLive))), old)
    const wrote = outcomeOf(await Effect.runPromiseExit(edit(editCfg("m.py", "x = 1", "x = 2")).pipe(Effect.provide(OutputMemory(new CapturedOutput())), Effect.provide(directories)) as Effect.Effect<void, unknown, never>), undefined)
    expect(wrote.exit).toBe(0)
    const txRoot = path.join(dir, ".splice", "tx")
    const [id] = fs.readdirSync(txRoot)
    expect(fs.readdirSync(path.join(txRoot, id!)).sort()).toEqual(["intent.json", "orig-0", "owner.json", "state.json"])
    fs.rmSync(path.join(txRoot, id!, "state.json"))
    // Killed while writing the commit mark: its temp file is in the transaction's directory.
    fs.writeFileSync(path.join(txRoot, id!, ".state.json.splice-1-x-1.tmp"), "{\"sta")
    const r = await runLive(recoverCommand)
    expect(r.exit).toBe(0)
    expect(fs.readFileSync(f, "utf8")).toBe("x = 1\n")
    expect(JSON.parse(fs.readFileSync(path.join(txRoot, id!, "state.json"), "utf8")).state).toBe("rolled_back")
    expect(fs.readdirSync(path.join(txRoot, id!)).sort()).toEqual(["intent.json", "owner.json", "state.json"])
  })
})

describe("the graph database on a real disk", () => {
  it("is written atomically where the chain says, and a write that fails is exit 9 with nothing half-written", async () => {
    const { GraphDbLive } = await import("../../layers/live/GraphDbLive.js")
    const { indexCommand } = await import("../../src/commands/graph/index.js")
    const Layer = await import("effect/Layer")
    fs.writeFileSync(path.join(dir, "m.py"), "def f():\n    return 1\n")
    const withDb = (explicit?: string) =>
      Layer.provideMerge(OutputMemory(new CapturedOutput()), Layer.provideMerge(GraphDbLive({ create: true, ...(explicit ? { explicit } : {}) }), liveLayer({ workspace: dir, output: "json" })))
    const ok = outcomeOf(await Effect.runPromiseExit(indexCommand(false).pipe(Effect.provide(withDb()), Effect.scoped) as Effect.Effect<void, unknown, never>), undefined)
    expect(ok.exit).toBe(0)
    expect(fs.readFileSync(path.join(dir, ".splice", "graph.db")).subarray(0, 15).toString()).toBe("SQLite format 3")
    expect(fs.readdirSync(path.join(dir, ".splice")).filter((n) => n.endsWith(".tmp"))).toEqual([])
    // A parent that is a file: the database cannot be written.
    fs.writeFileSync(path.join(dir, "blocker"), "")
    const bad = outcomeOf(await Effect.runPromiseExit(indexCommand(false).pipe(Effect.provide(withDb(path.join(dir, "blocker", "graph.db"))), Effect.scoped) as Effect.Effect<void, unknown, never>), undefined)
    expect([bad.exit, bad.error?.code]).toEqual([9, "SPL-E083"])
  })

  it("sees a change that kept the file's size and mtime (cp -p, rsync -a, touch -r): the ctime moved", async () => {
    const { GraphDbLive } = await import("../../layers/live/GraphDbLive.js")
    const { refsCommand } = await import("../../src/commands/graph/refs.js")
    const Layer = await import("effect/Layer")
    const f = path.join(dir, "m.py")
    fs.writeFileSync(f, "def area(r):\n    return r * r\n\n\ndef use():\n    return area(2)\n")
    fs.utimesSync(f, 1_700_000_000, 1_700_000_000) // whole seconds: put back exactly below
    const before = fs.statSync(f)
    const refs = async () => {
      const captured = new CapturedOutput()
      const layer = Layer.provideMerge(OutputMemory(captured), Layer.provideMerge(GraphDbLive({ create: true }), liveLayer({ workspace: dir, output: "json" })))
      const r = outcomeOf(await Effect.runPromiseExit(refsCommand({ name: "area" }).pipe(Effect.provide(layer), Effect.scoped) as Effect.Effect<void, unknown, never>), undefined)
      expect(r.exit).toBe(0)
      return (captured.lines.at(-1)?.["references"] as unknown[]).length
    }
    expect(await refs()).toBe(1)
    // Deno's node:fs gives the ctime in whole seconds: the change below lands in a later second.
    await new Promise((r) => setTimeout(r, Math.ceil(Date.now() / 1000) * 1000 + 50 - Date.now()))
    // The same size, the mtime put back: only the ctime (which cannot be set) tells.
    fs.writeFileSync(f, "def area(r):\n    return r * r\n\n\ndef usx():\n    return aaaa(2)\n")
    fs.utimesSync(f, 1_700_000_000, 1_700_000_000)
    expect([fs.statSync(f).size, fs.statSync(f).mtimeMs]).toEqual([before.size, before.mtimeMs])
    expect(await refs()).toBe(0)
  })
})

describe("keeping what the file had", () => {
  const isRoot = process.getuid?.() === 0
  it.skipIf(!isRoot)("owner and group survive an edit and its undo (as root)", async () => {
    const f = path.join(dir, "m.py")
    fs.writeFileSync(f, "def f():\n    return 1\n")
    fs.chownSync(f, 1234, 2345)
    expect((await runLive(edit(editCfg("m.py", "return 1", "return 2")))).exit).toBe(0)
    expect([fs.statSync(f).uid, fs.statSync(f).gid]).toEqual([1234, 2345])
    expect((await runLive(undo({ lockTimeoutMs: 1000 }))).exit).toBe(0)
    expect(fs.readFileSync(f, "utf8")).toBe("def f():\n    return 1\n")
    expect([fs.statSync(f).uid, fs.statSync(f).gid]).toEqual([1234, 2345])
  })
})
