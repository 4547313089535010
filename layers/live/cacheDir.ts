import * as os from "node:os"
import * as path from "node:path"

/**
 * splice's cache directory (what can be rebuilt: V8 code caches, parse maps): `SPLICE_CACHE_DIR`,
 * else `$XDG_CACHE_HOME/splice`, else `~/.cache/splice` — the launcher (src/launcher.cjs) uses the same.
 */
export const cacheDir = (): string =>
  process.env["SPLICE_CACHE_DIR"] ||
  path.join(process.env["XDG_CACHE_HOME"] || path.join(os.homedir(), ".cache"), "splice")

/** `SPLICE_NO_CACHE=1` turns every cache off. */
export const cachesOn = (): boolean => process.env["SPLICE_NO_CACHE"] !== "1"
