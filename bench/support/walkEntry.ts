// Prints, NUL-separated (with `ignore` as second argument: using the `ignore` package as the matcher), every file splice's tree walk lists under a directory (hidden files
// included, .gitignore honoured): bundled and run by bench/gitignore-truth.mjs.
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { walkTree } from "../../src/commands/tree/walk.js"
import type { IgnoreFile } from "../../src/domain/tree/ignoreFile.js"
import { FileStoreLive } from "../../layers/live/FileStoreLive.js"
import { OutputLive } from "../../layers/live/OutputLive.js"

const root = process.argv[2]!

/** kaelzhang's `ignore` (the matcher eslint uses), case-sensitive as git is on Linux, one file at a time. */
const libraryMatcher = async (): Promise<(content: string) => IgnoreFile> => {
  // The module's URL comes from bench/gitignore-truth.mjs (this bundle runs from a temp directory);
  // loaded by a name held in a variable, so type-checking does not need the package.
  const name = process.argv[4]!
  type Matcher = { add(content: string): Matcher; test(path: string): { ignored: boolean; unignored: boolean } }
  const { default: ignore } = (await import(name)) as { default: (options: { ignorecase: boolean }) => Matcher }
  return (content) => {
    const ig = ignore({ ignorecase: false }).add(content)
    return {
      verdict: (relative, isDir) => {
        const r = ig.test(isDir ? `${relative}/` : relative)
        return r.ignored ? true : r.unignored ? false : undefined
      }
    }
  }
}
const ignoreMatcher = process.argv[3] === "ignore" ? await libraryMatcher() : undefined // argv[4]: the ignore package's URL
const files: string[] = []
const started = performance.now()
await Effect.runPromise(
  walkTree({ paths: [], hidden: true, noIgnore: false, globs: [], ...(ignoreMatcher !== undefined ? { ignoreMatcher } : {}) }, (batch) => Effect.sync(() => void files.push(...batch.map((f) => f.path.relative)))).pipe(
    Effect.provide(Layer.merge(FileStoreLive(root, root), OutputLive("json")))
  )
)
process.stderr.write(`walk: ${(performance.now() - started).toFixed(1)} ms\n`)
process.stdout.write(files.join("\0"))
