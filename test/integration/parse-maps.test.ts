/**
 * The syntax gate with parse maps (services/ParseMaps.ts): a big error-free file's second edit is
 * checked by parsing only the window around it, with the verdict a gate without maps gives; files
 * with errors, small files and other grammars are not mapped; the maps on disk (ParseMapsLive) are
 * keyed by the exact text, written whole, bounded, and a damaged one is ignored.
 */
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { HasherLive } from "../../layers/live/HasherLive.js"
import { parseMapsService } from "../../layers/live/ParseMapsLive.js"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { ValidatorLive } from "../../layers/live/ValidatorLive.js"
import { ParseMapsMemory } from "../../layers/memory/ParseMapsMemory.js"
import { ProcessRunnerScripted, ScriptedTools } from "../../layers/memory/ProcessRunnerScripted.js"
import { grammarForPath } from "../../src/domain/languages.js"
import type { ParseMap } from "../../src/domain/parseMap.js"
import { Hasher } from "../../services/Hasher.js"
import { Syntax } from "../../services/Syntax.js"
import { Validator, type Verdict } from "../../services/Validator.js"

const ROOT = path.join(import.meta.dirname, "../..")
const BIG = fs.readFileSync(path.join(ROOT, "node_modules/fast-check/lib/fast-check.js"), "utf8") // 391 KB, error-free
const noPython = ProcessRunnerScripted(new ScriptedTools([], () => ({})))

/** The real Syntax, counting what each check parsed: full texts, and windows (by their length). */
const counting = () => {
  const calls = { full: 0, windows: [] as number[] }
  const layer = Layer.effect(
    Syntax,
    Effect.map(Syntax, (s) => ({
      ...s,
      issues: (g, t) => (calls.full++, s.issues(g, t)),
      editIssues: (g, b, a, o) => (calls.full++, s.editIssues(g, b, a, o)),
      parseMap: (g, t) => (calls.windows.push(t.length), s.parseMap(g, t))
    }))
  ).pipe(Layer.provide(SyntaxLive))
  return { calls, layer }
}

const gate = (kept: Map<string, ParseMap>) => {
  const { calls, layer } = counting()
  const validator = ValidatorLive.pipe(Layer.provide(Layer.mergeAll(layer, noPython, ParseMapsMemory(kept))))
  return { calls, verdict: (file: string, before: string, after: string) => verdictOf(validator, file, before, after) }
}
const withoutMaps = ValidatorLive.pipe(Layer.provide(Layer.merge(SyntaxLive, noPython)))

const verdictOf = (layer: Layer.Layer<Validator>, file: string, before: string, after: string): Promise<Verdict> =>
  Effect.runPromise(Effect.flatMap(Validator, (v) => v.validate({ path: file, before, after, mode: "syntax" })).pipe(Effect.provide(layer)))

/** `text` with the first `find` at or after `from` replaced. */
const edit = (text: string, from: number, find: string, replace: string) => {
  const at = text.indexOf(find, from)
  if (at === -1) throw new Error(`${find} not found`)
  return text.slice(0, at) + replace + text.slice(at + find.length)
}

describe("the syntax gate with parse maps", () => {
  it("maps a big error-free file at its first edit, and checks the next edits on a window, with the same verdicts", { timeout: 60_000 }, async () => {
    const kept = new Map<string, ParseMap>()
    const { calls, verdict } = gate(kept)
    const first = edit(BIG, BIG.length >> 1, "const ", "const renamedA = 1;\nconst ")
    expect(await verdict("lib/fast-check.js", BIG, first)).toEqual(await verdictOf(withoutMaps, "lib/fast-check.js", BIG, first))
    expect(calls.full).toBe(1)
    expect(kept.size).toBe(2) // the text before and the text after

    // The next edit starts from what the first wrote: a window, no full parse.
    const second = edit(first, first.length >> 2, "function ", "function renamedB_")
    const passed = await verdict("lib/fast-check.js", first, second)
    expect(passed).toEqual(await verdictOf(withoutMaps, "lib/fast-check.js", first, second))
    expect(passed.status).toBe("passed")
    expect(calls.full).toBe(1)
    expect(calls.windows).toHaveLength(1)
    expect(calls.windows[0]).toBeLessThan(first.length / 20)

    // A broken edit: the window has an error, so the whole text decides (and fails it, as without maps).
    const broken = edit(second, second.length >> 1, "{", "{ (")
    const failed = await verdict("lib/fast-check.js", second, broken)
    expect(failed).toEqual(await verdictOf(withoutMaps, "lib/fast-check.js", second, broken))
    expect(failed.status).toBe("failed")
    expect(calls.full).toBeGreaterThan(1)

    // Edits at the very start and end (no node before or after the window).
    for (const after of [`"use strict";\n${second}`, `${second}\nexport const tail = 1;\n`]) {
      const before = calls.full
      expect(await verdict("lib/fast-check.js", second, after)).toEqual(await verdictOf(withoutMaps, "lib/fast-check.js", second, after))
      expect(calls.full).toBe(before)
    }
  })

  it("keeps no map of a text with errors, of a small text, or of a grammar whose windows are not checked", { timeout: 60_000 }, async () => {
    const kept = new Map<string, ParseMap>()
    const { verdict } = gate(kept)
    const schema = fs.readFileSync(path.join(ROOT, "node_modules/effect/src/Schema.ts"), "utf8") // tree-sitter finds (false) errors in it
    await verdict("src/Schema.ts", schema, edit(schema, schema.length >> 1, "export const ", "export const added = 1\nexport const "))
    const small = fs.readFileSync(path.join(ROOT, "src/domain/parseMap.ts"), "utf8")
    await verdict("src/parseMap.ts", small, `${small}\nexport const x = 1\n`)
    // The same JavaScript as a .cjs file is mapped; as C (another grammar) it is not.
    await verdict("lib/fast-check.c", BIG, `${BIG}\n`)
    expect(kept.size).toBe(0)
  })
})

describe("parse maps on disk", () => {
  let dir: string
  const saved = { cache: process.env["SPLICE_CACHE_DIR"], off: process.env["SPLICE_NO_CACHE"] }
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "splice-maps-"))
    process.env["SPLICE_CACHE_DIR"] = dir
    delete process.env["SPLICE_NO_CACHE"]
  })
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true })
    for (const [k, v] of [["SPLICE_CACHE_DIR", saved.cache], ["SPLICE_NO_CACHE", saved.off]] as const) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })
  const js = grammarForPath("a.js")!
  const map = (text: string): ParseMap => ({ length: text.length, nodes: [0, text.length] })
  const files = () => fs.readdirSync(path.join(dir, "parse-maps"))

  it("recalls a map by its exact text only", async () => {
    await Effect.runPromise(parseMapsService.keep(js, "let a = 1", map("let a = 1")))
    expect(await Effect.runPromise(parseMapsService.recall(js, "let a = 1"))).toEqual(map("let a = 1"))
    expect(await Effect.runPromise(parseMapsService.recall(js, "let a = 2"))).toBeUndefined() // same length, other text
    expect(await Effect.runPromise(parseMapsService.recall(js, "let a = 10"))).toBeUndefined() // no map of that length: not even hashed
    expect(await Effect.runPromise(parseMapsService.recall(grammarForPath("a.py")!, "let a = 1"))).toBeUndefined()
    expect(files().filter((f) => f.endsWith(".tmp"))).toEqual([])
  })

  it("a digest the caller gives (a file's checksum) names the same map as hashing the text does", async () => {
    const text = "let café = 1" // not ASCII: the digest is of the UTF-8
    const digest = createHash("sha256").update("not blake3").digest("hex") // any 64 hex digits name a file
    const real = await Effect.runPromise(Effect.flatMap(Hasher, (h) => h.blake3(new TextEncoder().encode(text))).pipe(Effect.provide(HasherLive)))
    await Effect.runPromise(parseMapsService.keep(js, text, map(text), real))
    expect(files()).toEqual([expect.stringMatching(new RegExp(`-${text.length}-${real}\\.json$`))])
    expect(await Effect.runPromise(parseMapsService.recall(js, text))).toEqual(map(text)) // hashed here: the same name
    expect(await Effect.runPromise(parseMapsService.recall(js, text, real))).toEqual(map(text))
    expect(await Effect.runPromise(parseMapsService.recall(js, text, digest))).toBeUndefined()
    // Not a BLAKE3 hex digest: ignored, the text is hashed.
    expect(await Effect.runPromise(parseMapsService.recall(js, text, "../../etc/passwd"))).toEqual(map(text))
  })

  it("ignores a damaged map, and keeps none with SPLICE_NO_CACHE=1", async () => {
    await Effect.runPromise(parseMapsService.keep(js, "let a = 1", map("let a = 1")))
    const [file] = files()
    for (const damaged of ['{"length":9,"nodes":[0,', '{"length":9,"nodes":[5,3]}', '{"length":8,"nodes":[0,8]}', "null"]) {
      fs.writeFileSync(path.join(dir, "parse-maps", file!), damaged)
      expect(await Effect.runPromise(parseMapsService.recall(js, "let a = 1"))).toBeUndefined()
    }
    process.env["SPLICE_NO_CACHE"] = "1"
    await Effect.runPromise(parseMapsService.keep(js, "let b = 2", map("let b = 2")))
    expect(files()).toHaveLength(1)
  })

  it("keeps the 64 maps used last", async () => {
    const seen = new Set<string>()
    const base = Date.now() / 1000 - 1000
    for (let i = 0; i < 90; i++) {
      await Effect.runPromise(parseMapsService.keep(js, `let a = ${i}`, map(`let a = ${i}`)))
      // Each map's use a second after the one before (the file system's clock may be coarser).
      for (const f of files()) {
        if (!seen.has(f)) fs.utimesSync(path.join(dir, "parse-maps", f), base + i, base + i)
        seen.add(f)
      }
    }
    expect(files().length).toBeLessThan(80)
    expect(files().length).toBeGreaterThanOrEqual(64)
    expect(await Effect.runPromise(parseMapsService.recall(js, "let a = 89"))).toEqual(map("let a = 89"))
    expect(await Effect.runPromise(parseMapsService.recall(js, "let a = 0"))).toBeUndefined()
  })
})
