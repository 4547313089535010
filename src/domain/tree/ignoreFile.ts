/**
 * One ignore file (a .gitignore, .git/info/exclude) compiled for a walk. Its verdict on a path
 * relative to the file's directory is what git's would be with this file alone: `true` (its last
 * matching pattern ignores it), `false` (a `!` pattern re-includes it) or `undefined` (no pattern
 * matches, so files further up decide). The walk (src/commands/tree/walk.ts) stacks them the way
 * git does: the deepest directory's file first, then its parents', then .git/info/exclude.
 *
 * The patterns are splice's own matcher (src/domain/graph/gitignore.ts): measured against git with
 * bench/gitignore-truth.mjs, it agreed with git where the `ignore` package did not (`[!a]`, `x/**` with a
 * trailing slash, POSIX classes, `[]]`).
 */
import { parseGitignore } from "../graph/gitignore.js"

export interface IgnoreFile {
  readonly verdict: (relative: string, isDir: boolean) => boolean | undefined
}

/** The patterns of one ignore file; the last one matching a path decides. */
export const compileIgnoreFile = (content: string): IgnoreFile => {
  const rules = parseGitignore(content).reverse()
  return {
    verdict: (relative, isDir) => {
      for (const r of rules) {
        if (r.dirOnly && !isDir) continue
        if (r.regex.test(relative)) return !r.negate
      }
      return undefined
    }
  }
}
