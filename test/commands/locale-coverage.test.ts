/**
 * Every command speaks the user's language in human mode, found mechanically: each command of the
 * registry (src/spec/commands/index.ts) runs on the memory layers through its spec, in English, in
 * pt-BR and in a pseudo-locale that brackets every text the catalog gives (test/support/pseudoLocale.ts).
 * - a command with no run here fails (a new command must come with its runs and its texts);
 * - its human output holds text from the catalog, unless the run says why it prints only data;
 * - every word outside the brackets is data the NDJSON carries (a path, a name, a line of the file):
 *   a word a command wrote itself fails, whatever the language;
 * - every catalog text it used reads differently in pt-BR, unless all its words are data or terms
 *   Brazilian developers keep (tx, ok, bytes…);
 * - the NDJSON is the same in both locales.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createBLAKE3 } from "hash-wasm/dist/blake3.umd.min.js"
import { describe, expect, it } from "vitest"
import { GraphDbMemory, SavedGraph } from "../../layers/memory/GraphDbMemory.js"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import { MemoryTrustRecords, TrustMemory } from "../../layers/memory/TrustMemory.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import type { Catalog } from "../../src/domain/locale/catalog.js"
import { en } from "../../src/domain/locale/en.js"
import { ptBR } from "../../src/domain/locale/ptBR.js"
import { emptyConfig } from "../../src/domain/projectConfig.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import type { AnyCommandSpec } from "../../src/spec/command.js"
import { commandSpecs } from "../../src/spec/commands/index.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"
import { type CatalogCall, outsideCatalog, pseudoCatalog, stringsIn, textAt, wordsOf } from "../support/pseudoLocale.js"
import { layerFor, MemoryFs } from "../support/memory.js"

const GREET = "export function greet(name: string): string {\n  return \"Hello, \" + name\n}\n"
const MAIN = "import { greet } from \"./greet\"\n\nexport function main(): void {\n  console.log(greet(\"world\"))\n}\n\nfunction unused(): number {\n  return 1\n}\n"
const FILES: Record<string, string | Uint8Array> = {
  "src/greet.ts": GREET,
  "src/main.ts": MAIN,
  "package.json": "{\n  \"name\": \"demo\",\n  \"version\": \"1.0.0\"\n}\n",
  "notes.txt": "one\ntwo\n",
  "old/a.txt": "a\n",
  "old/b.txt": "b\n",
  "logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
  "logo2.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 3])
}
const PATCH = "*** Begin Patch\n*** Update File: notes.txt\n@@\n-two\n+deux\n*** End Patch\n"
const blake3 = async (text: string) => {
  const h = await createBLAKE3()
  return h.init().update(text).digest("hex")
}

type Step = readonly [command: string, args: Record<string, unknown>]
interface Scenario {
  readonly steps: ReadonlyArray<Step>
  /** Why this command's human output is only data (the file's text, a value, JSON) with no text of its own. */
  readonly dataOnly?: string
}

const scenarios = async (): Promise<Record<string, Scenario>> => ({
  edit: { steps: [["edit", { file: "src/greet.ts", replaceOld: "\"Hello, \"", replaceNew: "\"Hi, \"" }], ["edit", { file: "notes.txt", afterLine: 1, replaceNew: "1.5", preview: true }]] },
  write: { steps: [["write", { file: "new.txt", content: "a\n" }], ["write", { file: "notes.txt", content: "x\n", append: true }]] },
  apply: { steps: [["apply", { changeSet: PATCH }], ["apply", { changeSet: PATCH }]] },
  get: { dataOnly: "prints the value alone, as jq -r does", steps: [["get", { file: "package.json", keyPath: "name" }]] },
  set: { steps: [["set", { file: "package.json", keyPath: "version", value: "1.1.0" }], ["set", { file: "package.json", keyPath: "version", value: "1.1.0" }]] },
  del: { steps: [["del", { file: "package.json", keyPath: "name" }]] },
  mv: { steps: [["mv", { from: "old", to: "new", preview: true }], ["mv", { from: "old", to: "new" }]] },
  cp: { steps: [["cp", { from: "notes.txt", to: "copy/notes.txt", preview: true }], ["cp", { from: "notes.txt", to: "copy/notes.txt" }]] },
  rm: { steps: [["rm", { paths: ["old"], recursive: true, preview: true }], ["rm", { paths: ["old"], recursive: true }]] },
  search: { steps: [["search", { pattern: "greet" }], ["search", { pattern: "o", count: true, limit: 1 }]] },
  replace: { steps: [["replace", { pattern: "one", replacement: "uno", preview: true }], ["replace", { pattern: "one", replacement: "uno" }], ["replace", { pattern: "zzz", replacement: "y" }]] },
  ls: { steps: [["ls", {}], ["ls", { long: true }]] },
  count: { steps: [["count", { bySize: 2, byLanguage: true }]] },
  check: { steps: [["check", { files: ["src/greet.ts", "notes.txt"] }]] },
  read: { dataOnly: "prints the file's text, as cat does", steps: [["read", { file: "notes.txt", numbered: true }]] },
  hash: { steps: [["hash", { files: ["notes.txt"] }], ["hash", { files: ["notes.txt"], verify: await blake3("one\ntwo\n") }]] },
  undo: { steps: [["write", { file: "new.txt", content: "a\n" }], ["undo", {}]] },
  history: { steps: [["history", {}], ["write", { file: "new.txt", content: "a\n" }], ["history", {}], ["history", { stats: true }]] },
  recover: { steps: [["recover", {}]] },
  trust: { steps: [["trust", { status: true }], ["trust", {}], ["trust", { revoke: true }]] },
  explain: { steps: [["explain", { code: "SPL-E071" }], ["explain", {}]] },
  schema: { dataOnly: "prints JSON Schema documents", steps: [["schema", { of: "read" }]] },
  index: { steps: [["index", {}]] },
  status: { steps: [["index", {}], ["status", {}]] },
  find: { steps: [["find", { name: "*", limit: 1 }]] },
  refs: { steps: [["refs", { name: "greet" }]] },
  outline: { steps: [["outline", { file: "src/main.ts" }]] },
  files: { steps: [["files", {}]] },
  suggest: { steps: [["suggest", { fnName: "farewell", desc: "say goodbye to a name" }]] },
  export: { dataOnly: "prints the graph as JSON", steps: [["export", {}]] },
  impact: { steps: [["impact", { name: "greet" }]] },
  "dead-code": { steps: [["dead-code", {}]] },
  complete: { steps: [["complete", { file: "src/main.ts", line: 4, column: 15 }]] },
  stat: { steps: [["stat", { files: ["notes.txt", "src"] }]] },
  diff: { steps: [["diff", { a: "notes.txt", b: "old/a.txt" }], ["diff", { a: "logo.png", b: "logo2.png" }]] },
  extract: { dataOnly: "prints the lines it extracts", steps: [["extract", { file: "src/greet.ts", symbol: "greet" }]] },
  query: { steps: [["query", { file: "src/greet.ts", listKinds: true }], ["query", { file: "src/greet.ts", kinds: ["identifier"], max: 1 }]] },
  rename: { steps: [["rename", { symbol: "greet", to: "hello", preview: true }], ["rename", { symbol: "greet", to: "hello" }]] },
  case: { steps: [["case", { symbol: "unused", to: "PascalCase" }]] }
})

const specs = new Map(commandSpecs.map((s) => [s.name, s]))
const valuesOf = (spec: AnyCommandSpec, given: Record<string, unknown>) => {
  const out: Record<string, unknown> = {}
  for (const [key, p] of Object.entries(spec.params)) out[key] = p.defaultValue
  return { ...out, lockTimeout: 0.2, ...given } as never
}

interface StepRun {
  readonly command: string
  readonly exit: number
  readonly lines: ReadonlyArray<Record<string, unknown>>
  readonly human: string
  readonly error?: SpliceError
}

/** The steps on a fresh workspace, in one locale. */
const session = async (catalog: Catalog, steps: ReadonlyArray<Step>): Promise<StepRun[]> => {
  const mem = new MemoryFs(FILES)
  const saved = new SavedGraph()
  const records = new MemoryTrustRecords()
  const out: StepRun[] = []
  for (const [command, args] of steps) {
    const spec = specs.get(command)!
    const captured = new CapturedOutput(catalog)
    const layer = Layer.mergeAll(
      layerFor(mem, captured),
      GraphDbMemory(saved),
      Layer.succeed(ProjectConfig, { load: Effect.succeed(emptyConfig) })
    )
    const full = Layer.merge(layer, TrustMemory(records).pipe(Layer.provide(layer)))
    const exit = await Effect.runPromiseExit(spec.run(valuesOf(spec, args)).pipe(Effect.provide(full)) as Effect.Effect<unknown, SpliceError>)
    const outcome = outcomeOf(exit, undefined)
    out.push({ command, exit: outcome.exit, lines: captured.lines, human: captured.human.join(""), ...(outcome.error !== undefined ? { error: outcome.error } : {}) })
  }
  return out
}

/** NDJSON with what differs between two runs of the same thing (transaction ids, times) blanked. */
const stable = (r: StepRun) =>
  JSON.stringify(r.lines).replace(/\d{8}T\d{9}Z-[0-9a-z]{8}/g, "TX").replace(/"(elapsed_ms|ms|files_per_second|mtime|created)":("[^"]*"|\d+)/g, "\"$1\":0")

/** Words pt-BR keeps as they are. */
const KEPT = new Set(["tx", "ok", "OK", "B", "KiB", "MiB", "GiB", "ms", "bytes", "blake", "gate", "splice", "json", "preview", "SPLICE", "TRUST", "hint"])
/** NDJSON fields that hold English prose for programs: a human line that shows them must translate them. */
const PROSE = new Set(["hint", "reason", "note", "explanation", "why"])
const dataWords = (lines: ReadonlyArray<Record<string, unknown>>, keys: boolean): Set<string> => {
  const strip = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(strip)
    : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter(([k, x]) => !(PROSE.has(k) && typeof x === "string")).map(([k, x]) => [k, strip(x)]))
    : v
  // Printed as JSON (dataOnly), keys and literals are data too.
  return new Set(keys ? wordsOf(JSON.stringify(lines)) : stringsIn(lines.map(strip)).flatMap(wordsOf))
}

describe("every command's human output comes from the catalog", async () => {
  const all = await scenarios()

  it("every command of the registry has runs here", () => {
    expect(commandSpecs.map((s) => s.name).filter((n) => all[n] === undefined)).toEqual([])
  })

  for (const spec of commandSpecs) {
    const scenario = all[spec.name]
    if (scenario === undefined) continue
    it(`${spec.name}: catalog text only, translated in pt-BR, the same NDJSON in both locales`, async () => {
      const calls: CatalogCall[] = []
      const [english, portuguese, pseudo] = await Promise.all([session(en, scenario.steps), session(ptBR, scenario.steps), session(pseudoCatalog(calls), scenario.steps)])
      expect(pseudo.map((r) => [r.command, r.exit, r.error?.message])).toEqual(scenario.steps.map(([c]) => [c, 0, undefined]))
      expect(portuguese.map(stable)).toEqual(english.map(stable))
      expect(pseudo.map(stable)).toEqual(english.map(stable))

      const own = pseudo.filter((r) => r.command === spec.name)
      const human = own.map((r) => r.human).join("")
      if (scenario.dataOnly === undefined) expect([spec.name, human.includes("\u27e6")]).toEqual([spec.name, true])
      for (const r of pseudo) {
        const data = dataWords(r.lines, specs.get(r.command)!.name === spec.name && scenario.dataOnly !== undefined)
        const stray = wordsOf(outsideCatalog(r.human)).filter((w) => !data.has(w))
        expect([r.command, stray]).toEqual([r.command, []])
      }
      for (const call of calls) {
        const english = textAt(en, call)
        const args = new Set(stringsIn(call.args).flatMap(wordsOf))
        const words = wordsOf(english).filter((w) => !args.has(w) && !KEPT.has(w))
        if (words.length > 0) expect([call.path.join("."), textAt(ptBR, call) !== english]).toEqual([call.path.join("."), true])
      }
    })
  }
})
