import * as fs from "node:fs"
import * as path from "node:path"

/**
 * The workspace root: --workspace, else SPLICE_WORKSPACE, else the git root of the current
 * directory, else the current directory. Returned as a real path (symlinks resolved).
 */
export const findWorkspaceRoot = (explicit: string | undefined, cwd: string = process.cwd()): string => {
  const chosen = explicit ?? (process.env["SPLICE_WORKSPACE"] || undefined)
  if (chosen !== undefined) return fs.realpathSync(path.resolve(cwd, chosen))
  let dir = path.resolve(cwd)
  for (;;) {
    if (fs.existsSync(path.join(dir, ".git"))) return fs.realpathSync(dir)
    const up = path.dirname(dir)
    if (up === dir) break
    dir = up
  }
  return fs.realpathSync(cwd)
}
