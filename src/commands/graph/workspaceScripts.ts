/**
 * The TS/JS files the graph knows (and the package.json files, for imports by package name) as they
 * are on disk now, with the root tsconfig.json and every config it extends: what TypeScript's
 * LanguageService is given.
 */
import * as Effect from "effect/Effect"
import { extendsCandidates, extendsOf, manifestTsconfig } from "../../domain/tsconfigExtends.js"
import { decodeText, isDecodeFailure } from "../../domain/textContent.js"
import { FileStore, type WorkspacePath } from "../../../services/FileStore.js"
import { GraphDb } from "../../../services/GraphDb.js"

export const readText = (file: string) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const bytes = yield* store.read(yield* store.locate(file as WorkspacePath))
    const decoded = decodeText(bytes)
    return isDecodeFailure(decoded) ? undefined : decoded.text
  }).pipe(Effect.orElseSucceed(() => undefined))

export const workspaceScripts = Effect.gen(function*() {
  const db = yield* GraphDb
  const texts = new Map<string, string>()
  const scripts = yield* db.all<{ path: string }>("SELECT path FROM files WHERE language IN ('typescript', 'tsx', 'javascript')")
  const stamp = (yield* db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'project_files'"))[0]?.value
  const manifests = stamp === undefined ? [] : (JSON.parse(stamp) as Array<[string]>).map(([p]) => p).filter((p) => p.endsWith("package.json"))
  for (const f of [...scripts.map((r) => r.path), ...manifests]) {
    const text = yield* readText(f)
    if (text !== undefined) texts.set(f, text)
  }
  return { texts, tsconfig: yield* tsconfigChain("tsconfig.json"), conditions: workspaceExportConditions([...manifests].map((m) => texts.get(m) ?? "")) }
})

/** How deep `extends` is followed (a chain longer than this is a loop TypeScript would reject too). */
const MAX_EXTENDS = 32

/**
 * A tsconfig and every config it extends, transitively (workspace path → text; the root first);
 * undefined without the root. An `extends` nothing answers is left out: TypeScript reports it and
 * goes on with the rest, and so does the LanguageService here.
 */
export const tsconfigChain = (root: string) =>
  Effect.gen(function*() {
    const rootText = yield* readText(root)
    if (rootText === undefined) return undefined
    const files = new Map<string, string>([[root, rootText]])
    const queue: Array<{ file: string; depth: number }> = [{ file: root, depth: 0 }]
    while (queue.length > 0) {
      const { file, depth } = queue.shift()!
      if (depth >= MAX_EXTENDS) continue
      for (const spec of extendsOf(files.get(file)!)) {
        for (const candidate of extendsCandidates(file, spec)) {
          const text = files.get(candidate.file) ?? (yield* readText(candidate.file))
          if (text === undefined) continue
          // A package's root: its package.json may name the config (`"tsconfig": "base.json"`).
          const named = candidate.manifest === true ? manifestTsconfig(candidate.file, text) : candidate.file
          if (named === undefined) {
            // No `tsconfig` field: the package's tsconfig.json is next; TypeScript reads this package.json too.
            files.set(candidate.file, text)
            continue
          }
          const config = files.get(named) ?? (candidate.manifest === true ? yield* readText(named) : text)
          if (config === undefined) continue
          files.set(candidate.file, text)
          if (!files.has(named)) {
            files.set(named, config)
            queue.push({ file: named, depth: depth + 1 })
          }
          break
        }
      }
    }
    return files as ReadonlyMap<string, string>
  })

/**
 * The configs of a chain `tsconfigChain` read, nearest first, as TypeScript lets them override one
 * another: a config before what it extends, and of an `extends` array the later entry (and its own
 * bases) before the earlier one.
 */
export const tsconfigPrecedence = (root: string, files: ReadonlyMap<string, string>): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const visit = (file: string, depth: number): string[] => {
    if (seen.has(file) || depth > MAX_EXTENDS || !files.has(file)) return []
    seen.add(file)
    const bases = [...extendsOf(files.get(file)!)].reverse().flatMap((spec) => {
      for (const candidate of extendsCandidates(file, spec)) {
        const text = files.get(candidate.file)
        if (text === undefined) continue
        const named = candidate.manifest === true ? manifestTsconfig(candidate.file, text) : candidate.file
        if (named !== undefined && files.has(named)) return visit(named, depth + 1)
      }
      return []
    })
    return [file, ...bases]
  }
  return visit(root, 0)
}

/**
 * The export conditions the workspace's package.json files use (`"@zod/source"`, `"types"`, …), in
 * the order they appear: given to TypeScript, a package's imports of itself (`zod/v4` inside zod)
 * resolve as the graph resolves them — to the first condition that names a file there, the sources.
 */
export const workspaceExportConditions = (manifests: ReadonlyArray<string>): ReadonlyArray<string> => {
  const out = new Set<string>()
  const walk = (v: unknown): void => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return
    for (const [k, x] of Object.entries(v)) {
      if (!k.startsWith(".")) out.add(k)
      walk(x)
    }
  }
  for (const text of manifests) {
    try {
      walk((JSON.parse(text) as { exports?: unknown }).exports)
    } catch {
      // not JSON: no conditions from it
    }
  }
  return [...out]
}
