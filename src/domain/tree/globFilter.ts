/**
 * `--glob G` (repeatable), as ripgrep reads it: gitignore-style globs; `!G` excludes. With any
 * including glob, a file must match one of them; an excluding glob removes files and whole
 * directories. A glob without a `/` matches a name at any depth (`*.ts`); one with a `/` matches
 * the path from the directory splice runs in (`src/**` + `/*.ts`).
 */
import { type IgnoreFile, compileIgnoreFile } from "./ignoreFile.js"

export interface GlobFilter {
  /** Whether a file (path from the current directory) is searched. */
  readonly file: (relative: string) => boolean
  /** Whether a directory is entered. */
  readonly directory: (relative: string) => boolean
}

/**
 * Whether `file` says yes to a path or to a directory above it (as git does). The answer for each
 * directory is kept: a walk asks about every file of a directory in turn, and each would otherwise
 * test all its ancestors again.
 */
const matcherOrUnder = (file: IgnoreFile) => {
  const directories = new Map<string, boolean>()
  const under = (dir: string): boolean => {
    if (dir === "") return false
    let v = directories.get(dir)
    if (v === undefined) {
      const slash = dir.lastIndexOf("/")
      v = under(slash === -1 ? "" : dir.slice(0, slash)) || file.verdict(dir, true) === true
      directories.set(dir, v)
    }
    return v
  }
  return (relative: string, isDir: boolean): boolean => {
    const slash = relative.lastIndexOf("/")
    return under(slash === -1 ? "" : relative.slice(0, slash)) || file.verdict(relative, isDir) === true
  }
}

export const globFilter = (globs: ReadonlyArray<string>): GlobFilter | undefined => {
  if (globs.length === 0) return undefined
  const include = globs.filter((g) => !g.startsWith("!"))
  const exclude = globs.filter((g) => g.startsWith("!")).map((g) => g.slice(1))
  const inc = include.length === 0 ? undefined : compileIgnoreFile(include.join("\n"))
  const exc = exclude.length === 0 ? undefined : compileIgnoreFile(exclude.join("\n"))
  const included = inc === undefined ? undefined : matcherOrUnder(inc)
  return {
    file: (relative) => (included === undefined || included(relative, false)) && (exc === undefined || exc.verdict(relative, false) !== true),
    directory: (relative) => exc === undefined || exc.verdict(relative, true) !== true
  }
}
