/**
 * Every test file runs with its own user config directory (journal key, trust records): the suite
 * never reads or writes the real user's, and files do not see each other's.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

process.env["XDG_CONFIG_HOME"] = fs.mkdtempSync(path.join(os.tmpdir(), "splice-config-"))
