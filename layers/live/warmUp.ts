import { grammarForPath } from "../../src/domain/languages.js"
import { startBlake3 } from "./HasherLive.js"
import { startSqlJs } from "./sqlDatabase.js"
import { preloadGrammar } from "./SyntaxLive.js"

/**
 * Start compiling the wasm a command will need (`graph`: it opens the code graph) before the
 * command line is even parsed: compilation runs on V8's background threads, so it overlaps the
 * ~30 ms of argument parsing and layer building instead of following them. A guess from argv
 * only; a wrong guess costs nothing but a little background work.
 */
export const warmUp = (args: ReadonlyArray<string>, graph: boolean): void => {
  const command = args[0]
  if (command === undefined || command.startsWith("-") || command === "explain") return
  void startBlake3().catch(() => undefined)
  // A graph command opens the database after parsing its line and building its layers: sql.js
  // (instantiated, its functions compiled lazily on first call) is ready by then.
  if (graph) void startSqlJs().catch(() => undefined)
  if (command !== "edit" && command !== "write") return
  if (args.includes("--validate=none") || args.some((a, i) => a === "--validate" && args[i + 1] === "none")) return
  const at = args.findIndex((a) => a === "--file" || a === "-f")
  const file = at === -1 ? args.find((a) => a.startsWith("--file="))?.slice("--file=".length) : args[at + 1]
  const grammar = file === undefined ? undefined : grammarForPath(file)
  if (grammar !== undefined) preloadGrammar(grammar)
}
