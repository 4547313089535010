/**
 * Parse maps (src/domain/parseMap.ts): when the syntax gate parses only the window around an edit of
 * a mapped (error-free) text, the edited text it passes must be error-free and the map it derives
 * exactly a fresh parse's. A differential test on real files nobody here wrote (zod, fast-check,
 * Python's and Go's standard libraries), under chains of edits as an agent makes them (renames,
 * deleted, duplicated and moved lines) and random breakage, each step starting from the previous
 * step's map as successive `splice edit` processes do.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { syntaxService } from "../../layers/live/SyntaxLive.js"
import { changedRegion } from "../../src/domain/changedRegion.js"
import { grammarForPath } from "../../src/domain/languages.js"
import { type MappedParse, spliceMap, windowOf } from "../../src/domain/parseMap.js"
import { agentEdit, random } from "../support/randomEdits.js"

const ROOT = path.join(import.meta.dirname, "../..")
const WINDOW = 64 * 1024

const pythonLib = fs.readdirSync("/usr/lib").filter((d) => /^python3\.\d+$/.test(d)).map((d) => path.join("/usr/lib", d)).find((d) => fs.existsSync(path.join(d, "_pydecimal.py")))
const goRoot = (() => {
  try {
    return execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim()
  } catch {
    return undefined
  }
})()

// CI installs python3 and Go (README): their sources must be there, not silently skipped.
const FILES = [
  // Few big TypeScript files are free of tree-sitter's (false) errors: zod's types.ts is.
  { name: "src/types.ts", file: path.join(ROOT, "node_modules/zod/src/v3/types.ts") },
  { name: "lib/fast-check.js", file: path.join(ROOT, "node_modules/fast-check/lib/fast-check.js") },
  { name: "lib/_pydecimal.py", file: path.join(pythonLib ?? "/usr/lib/python3", "_pydecimal.py") },
  { name: "net/http/server.go", file: path.join(goRoot ?? "/usr/lib/go", "src/net/http/server.go") },
  ...(process.env["PARSE_WINDOW_FILES"] ?? "").split(",").filter((f) => f !== "").map((f) => ({ name: f, file: f }))
]

/**
 * Chains per file: under Deno (where CI runs this file a second time) one, there to show it runs
 * alike. A longer run by hand: `PARSE_WINDOW_CHAINS=20 PARSE_WINDOW_FILES=a.js,b.py
 * PARSE_WINDOW_TIMEOUT_MS=3000000 node node_modules/vitest/vitest.mjs run test/integration/parse-window.test.ts`.
 */
const CHAINS = Number(process.env["PARSE_WINDOW_CHAINS"] ?? (typeof (globalThis as { Deno?: unknown }).Deno === "undefined" ? 3 : 1))

const run = <A>(e: Effect.Effect<A, unknown>) => Effect.runPromise(e)

describe("a window's parse stands for the whole text's", () => {
  it.each(FILES)("$name: chains of edits, each spliced map equal to a fresh parse's", { timeout: Number(process.env["PARSE_WINDOW_TIMEOUT_MS"] ?? 240_000) }, async ({ name, file }) => {
    const grammar = grammarForPath(name)!
    const text = fs.readFileSync(file, "utf8")
    const fresh = (t: string) => run(syntaxService.parseMap(grammar, t))
    const seen = { spliced: 0, refused: 0, noWindow: 0 }
    expect((await fresh(text)).errors).toBe(false)
    for (let chain = 0; chain < CHAINS; chain++) {
      const seed = name.length * 100 + chain
      const next = random(seed)
      let before = text
      let map: MappedParse = await fresh(before)
      for (let step = 0; step < 12; step++) {
        const after = agentEdit(before, next)
        const region = changedRegion(before, after)
        const want = await fresh(after)
        const window = windowOf(map, region, WINDOW)
        if (window === undefined) seen.noWindow++
        else {
          const part = await fresh(after.slice(window.start, window.newEnd))
          const got = spliceMap(map, window, region, part)
          if (got === undefined) seen.refused++
          else {
            seen.spliced++
            expect({ ...got, errors: false }, `${name} seed ${seed} step ${step}`).toEqual(want)
          }
        }
        // The gate refuses an edit that breaks the text: the next one starts from the last good text.
        if (!want.errors) {
          before = after
          map = want
        }
      }
    }
    // The shortcut was taken often (valid edits), and refused too (broken ones, far-apart changes).
    expect(seen.spliced, JSON.stringify(seen)).toBeGreaterThan(4 * CHAINS)
    expect(seen.refused + seen.noWindow, JSON.stringify(seen)).toBeGreaterThan(CHAINS === 1 ? 0 : 2)
  })
})
