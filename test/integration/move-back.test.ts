/**
 * mv and its ways back on a real disk: undo and the rollback of an interrupted mv rename the file
 * back, so its inode, link count, mode and mtime survive (and its other hard link with it); where mv
 * rewrote the moved file's imports (in place), the file still keeps its inode and mode both ways.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { liveLayer } from "../../layers/live/index.js"
import { CapturedOutput, OutputMemory } from "../../layers/memory/OutputMemory.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { mv, type TransferConfig } from "../../src/commands/transfer.js"
import { undo } from "../../src/commands/undo.js"

let dir: string
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-mv-")))
  fs.mkdirSync(path.join(dir, "ws"))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const ws = (rel: string) => path.join(dir, "ws", rel)
const provide = <A, E, R>(program: Effect.Effect<A, E, R>) =>
  (program as Effect.Effect<A, E, never>).pipe(
    Effect.provide(OutputMemory(new CapturedOutput())) as never,
    Effect.provide(liveLayer({ workspace: path.join(dir, "ws"), output: "json" })) as never
  ) as Effect.Effect<A, E, never>
const runLive = async <A, E, R>(program: Effect.Effect<A, E, R>) => outcomeOf(await Effect.runPromiseExit(provide(program)), undefined)

const move = (from: string, to: string, over: Partial<TransferConfig> = {}): TransferConfig => ({
  from, to, force: false, preview: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 2000, ...over
})
const OLD = new Date("2020-01-02T03:04:05Z")
/** What must survive a move and its way back. */
const identity = (p: string) => {
  const st = fs.statSync(p)
  return { ino: st.ino, nlink: st.nlink, mode: (st.mode & 0o7777).toString(8), mtime: st.mtime.toISOString() }
}

describe("a moved file goes back as itself, on a real disk", () => {
  it("undo of mv: inode, link count, mode and mtime survive; the hard link outside the workspace is still the same file", async () => {
    fs.writeFileSync(ws("a.ts"), "export const a = 1\n")
    fs.linkSync(ws("a.ts"), path.join(dir, "outside-link"))
    fs.chmodSync(ws("a.ts"), 0o750)
    fs.utimesSync(ws("a.ts"), OLD, OLD)
    const before = identity(ws("a.ts"))
    expect(before).toMatchObject({ nlink: 2, mode: "750", mtime: OLD.toISOString() })
    expect((await runLive(mv(move("a.ts", "lib/b.ts")))).exit).toBe(0)
    expect(identity(ws("lib/b.ts"))).toEqual(before)
    expect((await runLive(undo({ lockTimeoutMs: 2000 }))).exit).toBe(0)
    expect(identity(ws("a.ts"))).toEqual(before)
    expect(identity(path.join(dir, "outside-link"))).toEqual(before)
    expect(fs.existsSync(ws("lib"))).toBe(false)
  })

  it("mv rewriting the moved file's imports keeps a hard-linked file (its other name sees the new text), and undo puts its bytes back in it", async () => {
    fs.mkdirSync(ws("src"))
    fs.writeFileSync(ws("src/x.ts"), "export const x = 1\n")
    const y = "import { x } from \"./x\"\nexport const y = x\n"
    fs.writeFileSync(ws("src/y.ts"), y)
    fs.linkSync(ws("src/y.ts"), path.join(dir, "y-link"))
    fs.chmodSync(ws("src/y.ts"), 0o750)
    const { ino } = identity(ws("src/y.ts"))
    expect((await runLive(mv(move("src/y.ts", "lib/y.ts")))).exit).toBe(0)
    expect(fs.readFileSync(ws("lib/y.ts"), "utf8")).toBe("import { x } from \"../src/x\"\nexport const y = x\n")
    expect(identity(ws("lib/y.ts"))).toMatchObject({ ino, nlink: 2, mode: "750" })
    expect((await runLive(undo({ lockTimeoutMs: 2000 }))).exit).toBe(0)
    expect(fs.readFileSync(ws("src/y.ts"), "utf8")).toBe(y)
    expect(fs.readFileSync(path.join(dir, "y-link"), "utf8")).toBe(y)
    expect(identity(ws("src/y.ts"))).toMatchObject({ ino, nlink: 2, mode: "750" })
  })

  it("a file with one name whose imports mv rewrites is still the same file (inode, mode), both ways", async () => {
    fs.mkdirSync(ws("src"))
    fs.writeFileSync(ws("src/x.ts"), "export const x = 1\n")
    const y = "import { x } from \"./x\"\nexport const y = x\n"
    fs.writeFileSync(ws("src/y.ts"), y, { mode: 0o640 })
    fs.chmodSync(ws("src/y.ts"), 0o640)
    const { ino } = identity(ws("src/y.ts"))
    expect((await runLive(mv(move("src/y.ts", "lib/y.ts")))).exit).toBe(0)
    expect(identity(ws("lib/y.ts"))).toMatchObject({ ino, nlink: 1, mode: "640" })
    expect((await runLive(undo({ lockTimeoutMs: 2000 }))).exit).toBe(0)
    expect(fs.readFileSync(ws("src/y.ts"), "utf8")).toBe(y)
    expect(identity(ws("src/y.ts"))).toMatchObject({ ino, nlink: 1, mode: "640" })
  })

  it("an mv interrupted before its commit (Ctrl-C) is rolled back by renaming the file back", async () => {
    fs.writeFileSync(ws("a.ts"), "export const a = 1\n")
    fs.linkSync(ws("a.ts"), path.join(dir, "outside-link"))
    fs.chmodSync(ws("a.ts"), 0o640)
    fs.utimesSync(ws("a.ts"), OLD, OLD)
    const before = identity(ws("a.ts"))
    const fiber = Effect.runFork(provide(mv(move("a.ts", "b.ts", { holdMs: 20_000 }))))
    for (let i = 0; i < 200 && !fs.existsSync(ws("b.ts")); i++) await new Promise((r) => setTimeout(r, 25))
    expect(fs.existsSync(ws("b.ts"))).toBe(true)
    await Effect.runPromise(Fiber.interrupt(fiber))
    expect(identity(ws("a.ts"))).toEqual(before)
    expect(fs.existsSync(ws("b.ts"))).toBe(false)
    expect(fs.readdirSync(ws(".splice/tx")).filter((n) => n.endsWith(".rolled_back"))).toHaveLength(1)
  })

  describe("a directory", () => {
    /** pkg/ (0750, mtime 2020) with a module, a subdirectory, __pycache__, an untracked swap file and a hard link outside. */
    const project = () => {
      fs.mkdirSync(ws("pkg/sub"), { recursive: true })
      fs.mkdirSync(ws("pkg/__pycache__"))
      fs.writeFileSync(ws("pkg/__init__.py"), "")
      fs.writeFileSync(ws("pkg/sub/m.py"), "from .. import x\n")
      fs.writeFileSync(ws("pkg/__pycache__/m.cpython-311.pyc"), new Uint8Array([0xa7, 0x0d, 0x0d, 0x0a, 0, 0xe3]))
      fs.writeFileSync(ws("pkg/.m.py.swp"), "swap\n")
      fs.writeFileSync(ws(".gitignore"), "__pycache__/\n*.swp\n")
      fs.linkSync(ws("pkg/sub/m.py"), path.join(dir, "m-link"))
      fs.chmodSync(ws("pkg"), 0o750)
      fs.utimesSync(ws("pkg"), OLD, OLD)
      return identity(ws("pkg"))
    }
    const names = (p: string) => fs.readdirSync(p, { recursive: true }).map(String).sort()

    it("mv renames it whole (inode, mode, mtime; __pycache__ and the untracked file inside); undo renames it back, with a file made in it since", async () => {
      const before = project()
      const inside = names(ws("pkg"))
      const m = identity(ws("pkg/sub/m.py"))
      expect((await runLive(mv(move("pkg", "lib/pkg")))).exit).toBe(0)
      expect(identity(ws("lib/pkg"))).toEqual(before)
      expect([fs.existsSync(ws("pkg")), names(ws("lib/pkg")), identity(ws("lib/pkg/sub/m.py"))]).toEqual([false, inside, m])
      fs.writeFileSync(ws("lib/pkg/sub/new.py"), "made since\n")
      expect((await runLive(undo({ lockTimeoutMs: 2000 }))).exit).toBe(0)
      expect(identity(ws("pkg"))).toEqual(before)
      expect(names(ws("pkg"))).toEqual([...inside, "sub/new.py"].sort())
      expect([identity(ws("pkg/sub/m.py")), identity(path.join(dir, "m-link")), fs.existsSync(ws("lib"))]).toEqual([m, m, false])
    })

    it("an mv of it interrupted before its commit (Ctrl-C) renames it back", async () => {
      const before = project()
      const inside = names(ws("pkg"))
      const fiber = Effect.runFork(provide(mv(move("pkg", "lib/pkg", { holdMs: 20_000 }))))
      for (let i = 0; i < 200 && !fs.existsSync(ws("lib/pkg")); i++) await new Promise((r) => setTimeout(r, 25))
      expect(fs.existsSync(ws("lib/pkg"))).toBe(true)
      await Effect.runPromise(Fiber.interrupt(fiber))
      expect([identity(ws("pkg")), names(ws("pkg")), fs.existsSync(ws("lib"))]).toEqual([before, inside, false])
    })
  })
})
