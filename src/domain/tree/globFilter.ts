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

/** Whether `file` says yes to the path or to a directory above it (as git does). */
const matchesOrUnder = (file: IgnoreFile, relative: string, isDir: boolean): boolean => {
  const parts = relative.split("/")
  for (let i = 1; i < parts.length; i++) if (file.verdict(parts.slice(0, i).join("/"), true) === true) return true
  return file.verdict(relative, isDir) === true
}

export const globFilter = (globs: ReadonlyArray<string>): GlobFilter | undefined => {
  if (globs.length === 0) return undefined
  const include = globs.filter((g) => !g.startsWith("!"))
  const exclude = globs.filter((g) => g.startsWith("!")).map((g) => g.slice(1))
  const inc = include.length === 0 ? undefined : compileIgnoreFile(include.join("\n"))
  const exc = exclude.length === 0 ? undefined : compileIgnoreFile(exclude.join("\n"))
  return {
    file: (relative) => (inc === undefined || matchesOrUnder(inc, relative, false)) && (exc === undefined || exc.verdict(relative, false) !== true),
    directory: (relative) => exc === undefined || exc.verdict(relative, true) !== true
  }
}
