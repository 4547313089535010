/**
 * The declaration files of the packages the workspace's scripts import (and of their `@types`
 * companions, and of the packages those import in turn), read from node_modules, keyed by the path
 * TypeScript would look them up by (a package reached through a symlink keeps its node_modules path).
 * The LanguageService is given them so that a value typed by a dependency (`client: QueryClient`)
 * has its members; it loads only those its module resolution reaches. A server keeps what it read
 * (DependencyTypesCache) and reads again only the files whose size or change stamp (the later of
 * mtime and ctime, as the graph's) moved.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { carriesTypes, importedPackages, packageDirs, typesPackageOf } from "../../domain/dependencyTypes.js"
import { DependencyTypesCache, type KeptDeclaration } from "../../../services/DependencyTypesCache.js"
import { FileStore, type WorkspacePath } from "../../../services/FileStore.js"
import { changeStamp } from "./refresh.js"
import { readText } from "./workspaceScripts.js"

/** At most this many files and bytes from node_modules (a program that needs more gets what fits; the rest stays unknown, as before). */
export const MAX_DEPENDENCY_FILES = 4000
export const MAX_DEPENDENCY_BYTES = 48 * 1024 * 1024

/**
 * A text read this long after its change stamp is kept: file times tick coarsely (a few ms on Linux),
 * so one rewritten at the same size within the tick of its reading would look unchanged (git's
 * "racily clean" entries); such a file is read again next time instead.
 */
const SETTLED_MS = 2000

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")

/** `importers`: workspace path → text, those whose imports matter most first. */
export const dependencyTypes = (importers: ReadonlyMap<string, string>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const cache = yield* Effect.serviceOption(DependencyTypesCache)
    const kept = cache._tag === "Some" ? cache.value.files : new Map<string, KeptDeclaration>()
    const used = new Map<string, KeptDeclaration>()
    const out = new Map<string, string>()
    let bytes = 0
    const looked = new Set<string>()
    // Directories found to hold no package this call (a name imported from many files is looked up once per place).
    const missing = new Set<string>()
    const queued = new Set<string>()
    const queue: Array<{ name: string; from: string }> = []
    const enqueue = (packages: ReadonlyArray<string>, from: string) => {
      for (const name of packages) {
        for (const n of name.startsWith("@types/") ? [name] : [name, typesPackageOf(name)]) {
          if (queued.has(`${from}\0${n}`)) continue
          queued.add(`${from}\0${n}`)
          queue.push({ name: n, from })
        }
      }
    }
    for (const [file, text] of importers) enqueue(importedPackages(text), dirOf(file))
    while (queue.length > 0 && out.size < MAX_DEPENDENCY_FILES && bytes < MAX_DEPENDENCY_BYTES) {
      const { name, from } = queue.shift()!
      for (const dir of packageDirs(from, name)) {
        if (looked.has(dir)) break
        if (missing.has(dir)) continue
        // Not there, or reached through a link out of the workspace (the jail holds for reads too): the next one up.
        const manifest = yield* Effect.option(store.locate(`${dir}/package.json` as WorkspacePath))
        if (manifest._tag === "None" || (yield* Effect.orElseSucceed(store.stat(manifest.value), () => undefined))?._tag !== "Some") {
          missing.add(dir)
          continue
        }
        looked.add(dir)
        const root = yield* store.locate(dir as WorkspacePath)
        const files = yield* Effect.orElseSucceed(store.walk(root, (_, n) => n === "node_modules" || n.startsWith(".")), () => [])
        for (const f of [...files].sort((a, b) => a.relative.localeCompare(b.relative))) {
          if (!carriesTypes(f.relative)) continue
          if (out.size >= MAX_DEPENDENCY_FILES || bytes + f.size > MAX_DEPENDENCY_BYTES) break
          const was = kept.get(f.relative)
          const stamp = changeStamp({ mtimeMs: f.mtimeMs, ctimeMs: f.ctimeMs ?? f.mtimeMs })
          const hit = was !== undefined && was.size === f.size && was.stamp === stamp
          const readAt = hit ? 0 : yield* Clock.currentTimeMillis
          const text = hit ? was.text : yield* readText(f.relative)
          if (text === undefined) continue
          const now = hit ? was : { size: f.size, stamp, text, packages: f.relative.endsWith("package.json") ? [] : importedPackages(text) }
          if (hit || stamp + SETTLED_MS < readAt) used.set(f.relative, now)
          const logical = dir + f.relative.slice(root.relative.length)
          out.set(logical, text)
          bytes += f.size
          enqueue(now.packages, dirOf(logical))
        }
        break
      }
    }
    if (cache._tag === "Some") cache.value.files = used
    return out
  })
