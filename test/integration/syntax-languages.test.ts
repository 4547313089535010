/**
 * The syntax gate for every grammar splice ships beyond the first twelve: a real-looking valid file
 * of each language passes (as a new file), and an edit that breaks it is blocked, on the live
 * tree-sitter layer (each grammar loaded from its wasm on first use).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { ValidatorLive } from "../../layers/live/ValidatorLive.js"
import { ProcessRunnerScripted, ScriptedTools } from "../../layers/memory/ProcessRunnerScripted.js"
import { allGrammars, grammarForPath } from "../../src/domain/languages.js"
import { type ValidationInput, Validator, type Verdict } from "../../services/Validator.js"

const live = ValidatorLive.pipe(Layer.provide(Layer.merge(SyntaxLive, ProcessRunnerScripted(new ScriptedTools([], () => ({}))))))
const validate = (input: Omit<ValidationInput, "mode">): Promise<Verdict> =>
  Effect.runPromise(Effect.flatMap(Validator, (v) => v.validate({ ...input, mode: "syntax" })).pipe(Effect.provide(live)))

const DIR = path.join(import.meta.dirname, "../fixtures/languages")

/** File, language, and an edit (old text → new text) that breaks it. */
const cases: ReadonlyArray<readonly [string, string, string, string]> = [
  ["Inventory.cs", "csharp", "_counts[sku] = this[sku] + quantity;", "_counts[sku] = this[sku] + ;"],
  ["page.html", "html", "<h1 class=\"title\">", "<h1 class=\"title\" <"],
  ["cart.rb", "ruby", "    def total\n", "    def total(\n"],
  ["Invoice.php", "php", "return $this;", "return $this->;"],
  ["Orders.scala", "scala", "def total: BigDecimal = lines", "def total: BigDecimal = (lines"],
  ["Queue.hs", "haskell", "push x (Queue f b) = Queue f (x : b)", "push x (Queue f b) = Queue f (x : b"],
  ["stack.ml", "ocaml", "items = x :: s.items", "items = x :: :: s.items"],
  ["stack.mli", "ocaml_interface", "val push : 'a -> 'a t -> 'a t", "val push : 'a -> -> 'a t"],
  ["cart.ex", "elixir", "def add(cart, %Item{} = item)", "def add(cart, %Item{ = item)"],
  ["Cart.kt", "kotlin", "fun add(item: Item): Cart", "fun add(item: Item: Cart"],
  ["cart.lua", "lua", "return setmetatable(", "return setmetatable(("],
  ["config.toml", "toml", "port = 8080", "port = "],
  ["ci.yaml", "yaml", "branches: [main]", "branches: [main"],
  ["queue.zig", "zig", "try self.items.append(x);", "try self.items.append(x;"],
  ["job.hcl", "hcl", "count = 2", "count = = 2"],
  ["main.tf", "terraform", "type    = string", "type    = string {"]
]

describe("HTML: valid text tree-sitter-html rejects", () => {
  it("a bare > or & in text and an XML prolog pass; a broken tag is still blocked", async () => {
    const before = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<html><body>\n<p>x</p>\n</body></html>\n"
    const after = before.replace("<p>x</p>", "<p>f : string -> unit, 5 & 6</p>\n<pre>a > b</pre>")
    for (const b of [null, before]) expect(await validate({ path: "doc.html", before: b, after })).toMatchObject({ status: "passed", language: "html", errors: [] })
    const broken = after.replace("<pre>a > b</pre>", "<pre class=\"x\" <b>a > b</pre>")
    const v = await validate({ path: "doc.html", before: after, after: broken })
    expect(v).toMatchObject({ status: "failed", language: "html" })
    expect(v.errors[0]!.line).toBe(4)
  })
})

describe("the syntax gate in every shipped language", () => {
  it("covers every grammar splice ships: 28 grammars, 26 languages", () => {
    const tested = new Set([...cases.map((c) => c[1]), "typescript", "tsx", "javascript", "python", "rust", "go", "java", "c", "cpp", "json", "css", "bash"])
    expect(new Set(allGrammars.map((g) => g.language))).toEqual(tested)
    expect(allGrammars.length).toBe(28)
  })

  it.each(cases)("%s (%s): valid passes, a broken edit is blocked", async (file, language, old, broken) => {
    const text = fs.readFileSync(path.join(DIR, file), "utf8")
    expect(grammarForPath(`src/${file}`)?.language).toBe(language)
    expect(await validate({ path: `src/${file}`, before: null, after: text })).toMatchObject({ status: "passed", language, parser: "tree-sitter", errors: [] })
    expect(text).toContain(old)
    const after = text.replace(old, broken)
    const v = await validate({ path: `src/${file}`, before: text, after })
    expect(v).toMatchObject({ status: "failed", language })
    // Located at the broken line (or the next, where the parser noticed).
    const line = text.slice(0, text.indexOf(old)).split("\n").length
    expect(v.errors[0]!.line).toBeGreaterThanOrEqual(line)
    expect(v.errors[0]!.line).toBeLessThanOrEqual(line + 2)
  })
})
