/**
 * The TS/JS files the graph knows (and the package.json files, for imports by package name) as they
 * are on disk now, with the root tsconfig.json: what TypeScript's LanguageService is given.
 */
import * as Effect from "effect/Effect"
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
  return { texts, tsconfig: yield* readText("tsconfig.json"), conditions: exportConditions([...manifests].map((m) => texts.get(m) ?? "")) }
})

/**
 * The export conditions the workspace's package.json files use (`"@zod/source"`, `"types"`, …), in
 * the order they appear: given to TypeScript, a package's imports of itself (`zod/v4` inside zod)
 * resolve as the graph resolves them — to the first condition that names a file there, the sources.
 */
const exportConditions = (manifests: ReadonlyArray<string>): ReadonlyArray<string> => {
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
