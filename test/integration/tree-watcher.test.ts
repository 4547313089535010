/** The inotify change counter behind `splice mcp`'s walk-free refresh (layers/live/treeWatcher.ts), on the real disk. */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { TreeWatcher } from "../../layers/live/treeWatcher.js"

const watchers: TreeWatcher[] = []
const make = () => {
  const w = new TreeWatcher()
  watchers.push(w)
  return w
}
afterEach(() => {
  for (const w of watchers.splice(0)) w.close()
})

const tempDir = () => fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-watch-")))

const isDeno = process.versions["deno"] !== undefined

describe.runIf(isDeno)("TreeWatcher under Deno", () => {
  it("is off: Deno's watcher runs on a thread of its own, so nothing is trusted and every refresh walks", async () => {
    const w = make()
    expect(w.cover([{ absolute: tempDir() }])).toBe(false)
    expect(await w.changes()).toBeUndefined()
  })
})

describe.runIf(process.platform === "linux" && !isDeno)("TreeWatcher", () => {
  it("a walk is trusted only when everything it listed was watched before it began", async () => {
    const dir = tempDir()
    fs.mkdirSync(path.join(dir, "sub"))
    const w = make()
    expect(await w.changes()).toBe(0)
    expect(w.cover([{ absolute: dir }])).toBe(false) // newly watched
    expect(w.cover([{ absolute: dir }])).toBe(true)
    expect(w.cover([{ absolute: dir }, { absolute: path.join(dir, "sub") }])).toBe(false) // a new directory
    expect(w.cover([{ absolute: dir }, { absolute: path.join(dir, "sub") }])).toBe(true)
    expect(w.cover([{ absolute: path.join(dir, "gone") }])).toBe(false) // cannot be watched
  })

  it("every write is counted by the time the next request looks, however quickly it comes", async () => {
    const dir = tempDir()
    const w = make()
    w.cover([{ absolute: dir }])
    let seen = await w.changes()
    for (let i = 0; i < 50; i++) {
      fs.appendFileSync(path.join(dir, "a.ts"), `x${i}\n`)
      const now = await w.changes()
      expect(now).toBeGreaterThan(seen!)
      seen = now
    }
  })

  it("a directory filtered to one name counts only that name; a watched path removed counts as a change", async () => {
    const dir = tempDir()
    fs.mkdirSync(path.join(dir, "git"))
    const w = make()
    w.cover([{ absolute: path.join(dir, "git"), only: "info" }, { absolute: dir }])
    const before = (await w.changes())!
    fs.writeFileSync(path.join(dir, "git", "index"), "x")
    expect(await w.changes()).toBe(before)
    fs.mkdirSync(path.join(dir, "git", "info"))
    const after = (await w.changes())!
    expect(after).toBeGreaterThan(before)
    fs.rmSync(path.join(dir, "git"), { recursive: true })
    expect(await w.changes()).toBeGreaterThan(after)
  })

  it("out of inotify watches: every watch is given back and nothing is trusted from then on", async () => {
    const dir = tempDir()
    fs.mkdirSync(path.join(dir, "b"))
    let calls = 0
    const closed: string[] = []
    const w = new TreeWatcher(((p: string, ...rest: unknown[]) => {
      if (++calls > 1) throw Object.assign(new Error("ENOSPC: System limit for number of file watchers reached"), { code: "ENOSPC" })
      const real = (fs.watch as (...a: unknown[]) => fs.FSWatcher)(p, ...rest)
      const close = real.close.bind(real)
      real.close = () => (closed.push(p), close())
      return real
    }) as typeof fs.watch)
    watchers.push(w)
    expect(w.cover([{ absolute: dir }, { absolute: path.join(dir, "b") }])).toBe(false)
    expect(closed).toEqual([dir])
    expect(await w.changes()).toBeUndefined()
  })

  it("a burst of events as large as a full inotify queue's counts as a change, even on a watch filtered to one name (libuv drops the overflow event)", async () => {
    const dir = tempDir()
    let emit: ((event: string, name: string) => void) | undefined
    const w = new TreeWatcher(((p: string, options: unknown, listener: (event: string, name: string) => void) => {
      emit = listener
      return (fs.watch as (...a: unknown[]) => fs.FSWatcher)(p, options, () => undefined)
    }) as typeof fs.watch)
    watchers.push(w)
    w.cover([{ absolute: dir, only: "exclude" }]) // the first cover only starts the watches
    expect(w.cover([{ absolute: dir, only: "exclude" }])).toBe(true)
    const before = await w.changes()
    for (let i = 0; i < 100; i++) emit!("rename", `other-${i}`)
    expect(await w.changes()).toBe(before) // other names: nothing to this watch
    for (let i = 0; i < 5000; i++) emit!("rename", `other-${i}`)
    expect(await w.changes()).toBe(before! + 1)
  })

  it("once closed, nothing is trusted", async () => {
    const w = make()
    w.cover([{ absolute: tempDir() }])
    w.close()
    expect(await w.changes()).toBeUndefined()
    expect(w.cover([{ absolute: tempDir() }])).toBe(false)
  })
})
