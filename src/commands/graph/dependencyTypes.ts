/**
 * The declaration files of the packages the workspace's scripts import (and of their `@types`
 * companions, and of the packages those import in turn), read from node_modules, keyed by the path
 * TypeScript would look them up by (a package reached through a symlink keeps its node_modules path).
 * The LanguageService is given them so that a value typed by a dependency (`client: QueryClient`)
 * has its members; it loads only those its module resolution reaches.
 */
import * as Effect from "effect/Effect"
import { carriesTypes, importedPackages, packageDirs, typesPackageOf } from "../../domain/dependencyTypes.js"
import { FileStore, type WorkspacePath } from "../../../services/FileStore.js"
import { readText } from "./workspaceScripts.js"

/** At most this many files and bytes from node_modules (a program that needs more gets what fits; the rest stays unknown, as before). */
export const MAX_DEPENDENCY_FILES = 4000
export const MAX_DEPENDENCY_BYTES = 48 * 1024 * 1024

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")

/** `importers`: workspace path → text, those whose imports matter most first. */
export const dependencyTypes = (importers: ReadonlyMap<string, string>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const out = new Map<string, string>()
    let bytes = 0
    const looked = new Set<string>()
    const queue: Array<{ name: string; from: string }> = []
    const enqueue = (text: string, from: string) => {
      for (const name of importedPackages(text)) {
        queue.push({ name, from })
        if (!name.startsWith("@types/")) queue.push({ name: typesPackageOf(name), from })
      }
    }
    for (const [file, text] of importers) enqueue(text, dirOf(file))
    while (queue.length > 0 && out.size < MAX_DEPENDENCY_FILES && bytes < MAX_DEPENDENCY_BYTES) {
      const { name, from } = queue.shift()!
      for (const dir of packageDirs(from, name)) {
        if (looked.has(dir)) break
        // Not there, or reached through a link out of the workspace (the jail holds for reads too): the next one up.
        const manifest = yield* Effect.option(store.locate(`${dir}/package.json` as WorkspacePath))
        if (manifest._tag === "None" || (yield* Effect.orElseSucceed(store.stat(manifest.value), () => undefined))?._tag !== "Some") continue
        looked.add(dir)
        const root = yield* store.locate(dir as WorkspacePath)
        const files = yield* Effect.orElseSucceed(store.walk(root, (_, n) => n === "node_modules" || n.startsWith(".")), () => [])
        for (const f of [...files].sort((a, b) => a.relative.localeCompare(b.relative))) {
          if (!carriesTypes(f.relative)) continue
          if (out.size >= MAX_DEPENDENCY_FILES || bytes + f.size > MAX_DEPENDENCY_BYTES) break
          const text = yield* readText(f.relative)
          if (text === undefined) continue
          const logical = dir + f.relative.slice(root.relative.length)
          out.set(logical, text)
          bytes += f.size
          if (!logical.endsWith("package.json")) enqueue(text, dirOf(logical))
        }
        break
      }
    }
    return out
  })
