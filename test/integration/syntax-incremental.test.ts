/**
 * The syntax gate reparses an edited text incrementally from the original's tree (and a server keeps
 * the trees of recent texts). Its verdicts must be exactly those of fresh parses: a differential test
 * over real files and random edits (brackets, quotes, comment openers, keywords, deleted ranges,
 * moved lines, two places at once), one edit at a time and in chains (each edit starting from the
 * previous one's text, as successive edits in `splice mcp` do), for TypeScript, TSX, JavaScript,
 * Python, Rust and C. The reference is the same gate given a Syntax whose `editIssues` parses both
 * texts from scratch. python3 is left out (scripted as missing) so Python verdicts are tree-sitter's.
 * A process that keeps parses (`splice mcp`) asks TypeScript's incremental parser first on TS/JS:
 * its reference parses both texts from scratch with TypeScript, and its decisions must be a CLI
 * process's (passed or failed alike; a failed edit's verdict the same in full).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ts from "typescript-parser"
import { describe, expect, it } from "vitest"
import { idleParsesDone, keepRecentTrees, keepsRecent, recall } from "../../layers/live/recentTrees.js"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { keepsParseOf, scriptKindOf, typescriptEditErrors, typescriptSyntaxErrors } from "../../layers/live/typescriptParser.js"
import { ValidatorLive } from "../../layers/live/ValidatorLive.js"
import { ProcessRunnerScripted, ScriptedTools } from "../../layers/memory/ProcessRunnerScripted.js"
import { grammarForPath } from "../../src/domain/languages.js"
import { Syntax, type SyntaxService } from "../../services/Syntax.js"
import { Validator, type Verdict } from "../../services/Validator.js"
import { random, randomEdit } from "../support/randomEdits.js"

const ROOT = path.join(import.meta.dirname, "../..")
const noPython = ProcessRunnerScripted(new ScriptedTools([], () => ({})))
const incremental = ValidatorLive.pipe(Layer.provide(Layer.merge(SyntaxLive, noPython)))
/**
 * The reference: both texts parsed from scratch, every time; by TypeScript too where this process
 * keeps parses (`TypeScript` false: as a CLI process, which asks TypeScript only when tree-sitter blames).
 */
const freshParses = (typescript: boolean) => Layer.effect(
  Syntax,
  Effect.map(Syntax, (s): SyntaxService => ({
    ...s,
    editIssues: (grammar, before, after) =>
      Effect.gen(function*() {
        const a = yield* s.issues(grammar, after)
        return { after: a, before: a.length === 0 ? undefined : yield* s.issues(grammar, before) }
      }),
    // Asked before the gate under test, which takes the kept parse of the before-text away.
    scriptEditErrors: (file, before, after, from) =>
      Effect.sync(() => {
        const kind = scriptKindOf(file)
        if (!typescript || !keepsRecent() || kind === undefined || (from === "kept" && !keepsParseOf(file, kind, before))) return undefined
        return { before: typescriptSyntaxErrors(file, before, kind), after: typescriptSyntaxErrors(file, after, kind) }
      })
  }))
).pipe(Layer.provide(SyntaxLive))
const reference = ValidatorLive.pipe(Layer.provide(Layer.merge(freshParses(true), noPython)))
const cliReference = ValidatorLive.pipe(Layer.provide(Layer.merge(freshParses(false), noPython)))

const verdict = (layer: Layer.Layer<Validator>, file: string, before: string, after: string): Promise<Verdict> =>
  Effect.runPromise(Effect.flatMap(Validator, (v) => v.validate({ path: file, before, after, mode: "syntax" })).pipe(Effect.provide(layer)))

/**
 * Chains per file. Under Deno (where CI runs this file a second time) a third as many: the same code
 * on the same seeds, there to show it runs alike; the breadth is the Node run's.
 */
const CHAINS = typeof (globalThis as { Deno?: unknown }).Deno === "undefined" ? 1 : 1 / 3
const chains = (n: number) => Math.max(2, Math.round(n * CHAINS))

const fixture = (p: string) => fs.readFileSync(path.join(ROOT, p), "utf8")
const FILES: ReadonlyArray<{ readonly name: string; readonly text: string }> = [
  { name: "src/Brand.ts", text: fixture("test/fixtures/effect-3.22.4/Brand.ts") }, // tree-sitter finds (false) errors in it
  { name: "layers/live/SyntaxLive.ts", text: fixture("layers/live/SyntaxLive.ts") },
  // No real TSX file is at hand: the TSX grammar on real TypeScript (`<A>` reads as JSX there: many errors).
  { name: "src/Brand.tsx", text: fixture("test/fixtures/effect-3.22.4/Brand.ts") },
  { name: "lib/js-tokens.js", text: fixture("test/fixtures/tolerant/js-tokens-9.0.1-index.js") },
  { name: "src/launcher.mjs", text: fixture("src/launcher.mjs") },
  { name: "lib/textwrap.py", text: fixture("test/fixtures/tolerant/textwrap-3.11.py") },
  { name: "src/shapes.rs", text: fixture("test/fixtures/graph/rs/src/shapes.rs") + fixture("test/fixtures/graph/rs/src/main.rs") },
  // tree-sitter-c's incremental reparse often recovers from a new error unlike a fresh parse.
  { name: "src/scanner.c", text: fixture("node_modules/tree-sitter-python/src/scanner.c") }
]

/** Chains of random edits, each verdict compared with the reference; returns what was seen. */
const differential = async (name: string, text: string, chains: number, afterStep: (after: string) => Promise<void> = async () => {}) => {
  const seen = { passed: 0, failed: 0 }
  for (let chain = 0; chain < chains; chain++) {
    const seed = name.length * 1000 + chain
    const next = random(seed)
    let before = text
    for (let step = 0; step < 6; step++) {
      const after = randomEdit(before, next)
      const want = await verdict(reference, name, before, after)
      const got = await verdict(incremental, name, before, after)
      expect(got, `${name} seed ${seed} step ${step}`).toEqual(want)
      if (keepsRecent()) {
        // Kept parses change how an edit is checked, never whether it passes (nor why it failed).
        const cli = await verdict(cliReference, name, before, after)
        if (got.status === "failed" || cli.status === "failed") expect(got, `${name} seed ${seed} step ${step}: as a CLI process`).toEqual(cli)
        else expect(got.status).toBe(cli.status)
      }
      seen[got.status === "passed" ? "passed" : "failed"]++
      await afterStep(after)
      // A chain goes on from a failed edit too: the server's next edit may start from a broken text.
      before = after
    }
  }
  return seen
}

describe("incremental syntax gate = fresh parses", () => {
  it.each(FILES)("$name: random edits, one at a time and in chains", { timeout: 240_000 }, async ({ name, text }) => {
    const seen = await differential(name, text, chains(12))
    // Both answers were exercised: edits the gate let through and edits it blocked.
    expect(seen.passed).toBeGreaterThan(5 * CHAINS)
    expect(seen.failed).toBeGreaterThan(5 * CHAINS)
  })

  it("a valid one-line edit of a big file with (false) tree-sitter errors passes with the same count of old errors", async () => {
    const big = fixture("node_modules/effect/src/Schema.ts")
    const at = big.indexOf("export const ", big.length >> 1)
    const after = big.slice(0, at) + "export const added = 1\n" + big.slice(at)
    const got = await verdict(incremental, "src/Schema.ts", big, after)
    expect(got).toEqual(await verdict(reference, "src/Schema.ts", big, after))
    expect(got).toMatchObject({ status: "passed", parser: "tree-sitter" })
    expect(got.preexisting).toBeGreaterThan(100)
  })

  it("where tree-sitter's incremental reparse recovers differently from a fresh parse, the verdict is still the fresh parse's", async () => {
    // Found by random edits: a `}` added in the middle of tree-sitter-python's C scanner. The
    // incremental reparse and a fresh parse report different error nodes below it.
    const c = fixture("node_modules/tree-sitter-python/src/scanner.c")
    const after = c.slice(0, 6930) + "}" + c.slice(6930)
    const grammar = grammarForPath("src/scanner.c")!
    const { incrementalErrors, freshErrors } = await Effect.runPromise(Effect.gen(function*() {
      const s = yield* Syntax
      const quick = yield* s.editIssues(grammar, c, after)
      return { incrementalErrors: quick.after.map((i) => i.offset), freshErrors: (yield* s.issues(grammar, after)).map((i) => i.offset) }
    }).pipe(Effect.provide(SyntaxLive)))
    expect(incrementalErrors).not.toEqual(freshErrors) // the premise: tree-sitter's two parses disagree
    const got = await verdict(incremental, "src/scanner.c", c, after)
    expect(got).toEqual(await verdict(reference, "src/scanner.c", c, after))
    expect(got).toMatchObject({ status: "failed", parser: "tree-sitter", errors_total: freshErrors.length })
  })

  it.each(FILES.filter((f) => scriptKindOf(f.name) !== undefined))("TypeScript's incremental parse gives a fresh parse's errors, edit after edit: $name", { timeout: 240_000 }, async ({ name, text }) => {
    const kind = scriptKindOf(name)!
    let withErrors = 0
    for (let chain = 0; chain < chains(4); chain++) {
      const next = random(name.length * 7000 + chain)
      let before = text
      for (let step = 0; step < 30; step++) {
        const after = randomEdit(before, next)
        const got = typescriptEditErrors(name, kind, before, after)
        expect(got.after, `${name} chain ${chain} step ${step}`).toEqual(typescriptSyntaxErrors(name, after, kind))
        if (step === 0) expect(got.before).toEqual(typescriptSyntaxErrors(name, before, kind))
        if (got.after.length > 0) withErrors++
        before = after
      }
    }
    expect(withErrors).toBeGreaterThan(10) // broken texts were chained too, not only valid ones
  })

  it("the gate parses without JSDoc: TypeScript's syntax errors are the same as with it, comments edited included", () => {
    const text = fixture("test/fixtures/effect-3.22.4/Brand.ts")
    const next = random(42)
    const inComments = ["*/", "/*", "{", "}", "@param {", "`", "<", "{@link ", "\n"]
    let withErrors = 0
    for (let i = 0; i < 30; i++) {
      const doc = text.indexOf("/**", Math.floor(next() * text.length))
      const at = (doc === -1 ? 0 : doc) + Math.floor(next() * 80)
      const edited = text.slice(0, at) + inComments[Math.floor(next() * inComments.length)]! + text.slice(at)
      for (const [file, kind] of [["/Brand.ts", ts.ScriptKind.TS], ["/Brand.js", ts.ScriptKind.JS]] as const) {
        // A one-file program's syntax errors of a parse with JSDoc (for JS, as the gate asks too).
        const withJsDoc = ts.createSourceFile(file, edited, ts.ScriptTarget.Latest, false, kind)
        const host = ts.createCompilerHost({})
        const program = ts.createProgram({ rootNames: [file], options: { allowJs: true, noResolve: true, noLib: true, types: [] }, host: { ...host, getSourceFile: (f) => (f === file ? withJsDoc : undefined), fileExists: (f) => f === file } })
        const sorted = (ds: ReadonlyArray<{ readonly start?: number | undefined; readonly code: number }>) => ds.map((d) => `${d.start}:${d.code}`).sort() // a program sorts them
        const got = typescriptSyntaxErrors(file, edited, kind === ts.ScriptKind.TS ? "ts" : "js")
        expect(sorted(got), `${file} at ${at}`).toEqual(sorted(program.getSyntacticDiagnostics(withJsDoc)))
        if (got.length > 0) withErrors++
      }
    }
    expect(withErrors).toBeGreaterThan(5)
  })

  // Last: from here on this process keeps trees, as `splice mcp` does.
  it.each(FILES.filter((f) => /\.(ts|c)$/.test(f.name)))("kept trees (splice mcp): $name, each edit starting from the tree kept for its text", { timeout: 240_000 }, async ({ name, text }) => {
    keepRecentTrees(() => false, 5) // a server waits 250 ms of quiet; here each step waits for it
    const grammar = grammarForPath(name)!
    const kind = scriptKindOf(name)
    let kept = 0
    await differential(name, text, chains(6), async (after) => {
      await idleParsesDone()
      // TS/JS with tree-sitter errors: TypeScript's parse of the edited text, kept at once; else tree-sitter's, kept once idle.
      if ((kind !== undefined && keepsParseOf(name, kind, after)) || recall(grammar.wasm, after) !== undefined) kept++
    })
    expect(kept).toBe(chains(6) * 6) // every next edit found its before-text's tree
  })

  it.each(FILES.filter((f) => /\.(ts|c|py|rs|mjs)$/.test(f.name)))("back to back (splice mcp, no idle moment): $name, verdicts still a fresh parse's; every edited text without errors has its tree kept at once", { timeout: 240_000 }, async ({ name, text }) => {
    keepRecentTrees()
    const grammar = grammarForPath(name)!
    const kind = scriptKindOf(name)
    const fresh = (t: string) => Effect.runPromise(Effect.flatMap(Syntax, (syn) => syn.issues(grammar, t)).pipe(Effect.provide(SyntaxLive)))
    const keptAtOnce = (after: string) => expect(recall(grammar.wasm, after)?.issues).toEqual([])
    let clean = 0
    let typescriptKept = 0
    await differential(name, text, chains(6), async (after) => {
      const errors = (await fresh(after)).length
      // TS/JS with errors tree-sitter found before the edit too: TypeScript's parse, kept at once.
      if (kind !== undefined && keepsParseOf(name, kind, after)) typescriptKept++
      if (errors > 0) return
      clean++
      // A clean text's tree, unless TypeScript's parse of the text before was kept (it is checked first).
      if (kind === undefined || !keepsParseOf(name, kind, after)) keptAtOnce(after)
    })
    if (kind !== undefined && (await fresh(text)).length > 0) expect(typescriptKept).toBeGreaterThan(chains(6) * 6 / 2)
    // Where tree-sitter finds no error in the file itself, edits that keep it clean (a comment
    // line added at the start of a line) start each from the tree the one before kept.
    if ((await fresh(text)).length > 0) return
    const comment = grammar.language === "python" ? "# kept\n" : "// kept\n"
    let before = text
    for (let step = 0; step < 4; step++) {
      const at = before.indexOf("\n", Math.floor(before.length * (step + 1) / 5)) + 1
      const after = before.slice(0, at) + comment + before.slice(at)
      const want = await verdict(reference, name, before, after)
      expect(await verdict(incremental, name, before, after)).toEqual(want)
      keptAtOnce(after)
      before = after
    }
  })
})
