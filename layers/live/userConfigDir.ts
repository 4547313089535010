import * as os from "node:os"
import * as path from "node:path"

/**
 * splice's directory in the user's config directory: `$XDG_CONFIG_HOME/splice` when that is an
 * absolute path (the XDG spec ignores relative ones), else `~/.config/splice`. Never inside a
 * workspace: what lives here is the user's decision, not a repository's.
 */
export const userConfigDir = (env: NodeJS.ProcessEnv = process.env): string => {
  const xdg = env["XDG_CONFIG_HOME"]
  const base = xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), ".config")
  return path.join(base, "splice")
}
