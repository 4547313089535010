/**
 * Module paths written as strings, which no import statement declares: Python's
 * `importlib.import_module("pkg.a")`, `mock.patch("pkg.a.f")`; a test runner's `vi.mock("./lib/g")`,
 * `jest.mock("../a")`, `new URL("./worker.ts", import.meta.url)`. A move does not rewrite them (a
 * string may as well be a message that happens to spell the name), but lists each one, so nothing
 * that may name a moved module is left in silence. Pure.
 */
import { posix } from "node:path"
import type { Move } from "./movedPaths.js"
import type { NotRewritten } from "./scriptSpecifiers.js"
import { lineAt } from "./spanEdits.js"

/** Each quoted string's content (single, double, or a backtick without `${`), with its offset. */
const quoted = (text: string): Array<{ readonly text: string; readonly start: number }> => {
  const out: Array<{ text: string; start: number }> = []
  for (const m of text.matchAll(/(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g)) {
    if (m[1] === "`" && m[2]!.includes("${")) continue
    out.push({ text: m[2]!, start: m.index + 1 })
  }
  return out
}

/**
 * Python: strings naming a moved module by its dotted name, or something inside it (`pkg.a.f`).
 * `moved`: the old dotted names of the moved modules.
 */
export const pythonStringMentions = (file: string, text: string, moved: ReadonlyArray<string>): NotRewritten[] =>
  moved.length === 0 ? [] : quoted(text)
    // A top-level module's bare name ("json") is as often a word of a message: dotted names only.
    .filter((q) => q.text.includes(".") && moved.some((name) => q.text === name || q.text.startsWith(`${name}.`)))
    .map((q) => ({ file, line: lineAt(text, q.start), specifier: q.text, reason: "in_string" as const }))

const SCRIPT_EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", "/index.ts", "/index.js"]

/**
 * TS/JS: relative strings that name a moved file (with or without its extension, or its directory's
 * index), but those at the offsets of the file's import specifiers (rewritten or listed already).
 */
export const scriptStringMentions = (file: string, text: string, moves: ReadonlyArray<Move>, movedFiles: ReadonlySet<string>, specifierStarts: ReadonlySet<number>): NotRewritten[] => {
  // Relative to where the file is now (before the move), as its imports are.
  const dir = posix.dirname(file)
  return quoted(text)
    .filter((q) => (q.text.startsWith("./") || q.text.startsWith("../")) && !specifierStarts.has(q.start))
    .filter((q) => {
      const named = posix.normalize(posix.join(dir, q.text)).replace(/\/$/, "")
      return SCRIPT_EXTENSIONS.some((e) => movedFiles.has(named + e)) || moves.some((m) => named === m.from)
    })
    .map((q) => ({ file, line: lineAt(text, q.start), specifier: q.text, reason: "in_string" as const }))
}
