/**
 * inotify-backed change counting for `splice mcp` (services/TreeWatch.ts). Sound only where the
 * notification of a change is queued before the change's system call returns and is read by the
 * same event loop that reads the request: Node on Linux, on a local file system. Elsewhere (Deno,
 * whose watcher runs on a thread of its own; macOS's coalescing FSEvents; network file systems,
 * which do not hear other machines' writes) it stays off and every refresh walks.
 */
import * as fs from "node:fs"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TreeWatch, type WatchedPath } from "../../services/TreeWatch.js"

/** statfs magic numbers of local Linux file systems whose inotify events are complete. */
const LOCAL_FILE_SYSTEMS = new Set([
  0xef53, // ext2/3/4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0x794c7630, // overlayfs
  0xf2f52010, // f2fs
  0x2fc12fc1 // zfs
])

const runtimeAllows = () => process.platform === "linux" && process.versions["deno"] === undefined && typeof fs.statfsSync === "function"

/**
 * Events of one poll phase at which the kernel's queue may have overflowed. libuv drops inotify's
 * IN_Q_OVERFLOW (it names no watch), and an overflow delivers the queue it had (16,384 events by
 * default) first: at a quarter of that in one go, every watch counts as changed. Otherwise a watch
 * filtered to one name (`only`) could see the whole queue filtered out and the dropped event be its.
 */
const BURST = 4096

export class TreeWatcher {
  private readonly watchers = new Map<string, fs.FSWatcher>()
  private count = 0
  /** Events since the last check phase, any watch's, filtered or not. */
  private burst = 0
  /** Decided on the first cover, from the file system of the first path. */
  private usable: boolean | undefined = runtimeAllows() ? undefined : false

  /** `watch` is fs.watch; a test passes one that fails as a full inotify table does. */
  constructor(private readonly watch: typeof fs.watch = fs.watch) {}

  /** See TreeWatchService.changes. */
  async changes(): Promise<number | undefined> {
    if (this.usable === false) return undefined
    // The poll phase that read this request also read every notification queued before it: a
    // check-phase callback runs after all of them were dispatched.
    await new Promise<void>((resolve) => setImmediate(resolve))
    return this.count
  }

  /** See TreeWatchService.cover. */
  cover(paths: ReadonlyArray<WatchedPath>): boolean {
    if (this.usable === undefined) this.usable = paths.length > 0 && this.localFileSystem(paths[0]!.absolute)
    if (!this.usable) return false
    const wanted = new Map(paths.map((p) => [p.only === undefined ? p.absolute : `${p.absolute}\0${p.only}`, p]))
    for (const [key, w] of this.watchers) {
      if (!wanted.has(key)) {
        w.close()
        this.watchers.delete(key)
      }
    }
    let all = true
    for (const [key, p] of wanted) {
      if (this.watchers.has(key)) continue
      all = false
      try {
        const w = this.watch(p.absolute, { persistent: false }, (_event, name) => {
          if (p.only === undefined || name === null || String(name) === p.only) this.count++
          this.heard()
        })
        w.on("error", () => {
          // The path went away or cannot be watched any more: count it as a change, watch again later.
          this.count++
          w.close()
          if (this.watchers.get(key) === w) this.watchers.delete(key)
        })
        this.watchers.set(key, w)
      } catch (e) {
        // Out of inotify watches (or descriptors): give back every watch rather than starve the
        // user's editor and other tools of them; this server walks from now on.
        const code = (e as { code?: string }).code
        if (code === "ENOSPC" || code === "EMFILE") {
          this.close()
          return false
        }
        // Gone since the walk: this walk cannot be trusted as watched.
      }
    }
    return all
  }

  /** One event heard: a burst as large as a full queue's counts as a change of everything. */
  private heard(): void {
    if (this.burst === 0) setImmediate(() => (this.burst = 0))
    if (++this.burst === BURST) this.count++
  }

  close(): void {
    for (const w of this.watchers.values()) w.close()
    this.watchers.clear()
    this.usable = false
  }

  private localFileSystem(path: string): boolean {
    try {
      return LOCAL_FILE_SYSTEMS.has(fs.statfsSync(path).type)
    } catch {
      return false
    }
  }
}

/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const treeWatchService = (watcher: TreeWatcher): Context.Tag.Service<TreeWatch> => ({
  changes: Effect.promise(() => watcher.changes()),
  cover: (paths) => Effect.sync(() => watcher.cover(paths))
})

export const TreeWatchLive = (watcher: TreeWatcher) => Layer.succeed(TreeWatch, treeWatchService(watcher))
