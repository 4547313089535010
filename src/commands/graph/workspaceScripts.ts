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
  return { texts, tsconfig: yield* readText("tsconfig.json") }
})
