/**
 * Every command speaks the user's language in human mode, found mechanically: each command of the
 * registry (src/spec/commands/index.ts) runs on the memory layers through its spec, in English, in
 * pt-BR and in a pseudo-locale that brackets every text the catalog gives (test/support/pseudoLocale.ts).
 * - a command with no run here fails (a new command must come with its runs and its texts);
 * - its human output holds text from the catalog, unless the run says why it prints only data;
 * - every word outside the brackets, on stdout and in the notes on stderr, is data the NDJSON carries
 *   (a path, a name, a line of the file): a word a command wrote itself fails, whatever the language;
 * - every catalog text it used reads differently in pt-BR, unless all its words are data or terms
 *   Brazilian developers keep (tx, ok, bytes…);
 * - the NDJSON is the same in both locales.
 */
import { createBLAKE3 } from "hash-wasm/dist/blake3.umd.min.js"
import { describe, expect, it } from "vitest"
import type { Catalog } from "../../src/domain/locale/catalog.js"
import { en } from "../../src/domain/locale/en.js"
import { ptBR } from "../../src/domain/locale/ptBR.js"
import { commandSpecs } from "../../src/spec/commands/index.js"
import { type CatalogCall, outsideCatalog, pseudoCatalog, stringsIn, textAt, wordsOf } from "../support/pseudoLocale.js"
import { specs, specSession, type Step, type StepRun } from "../support/specSession.js"

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
  search: { steps: [["search", { pattern: "greet" }], ["search", { pattern: "o", count: true, limit: 1 }], ["search", { pattern: "x", paths: ["logo.png"] }]] },
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
  patch: { steps: [["patch", { file: "src/greet.ts", symbol: "greet", content: "return \"Hi, \" + name\n", body: true, preview: true }], ["patch", { file: "src/greet.ts", symbol: "greet", content: "return \"Hi, \" + name\n", body: true }], ["patch", { file: "src/greet.ts", symbol: "greet", content: "return \"Hi, \" + name\n", body: true }]] },
  insert: { steps: [["insert", { file: "src/main.ts", afterSymbol: "unused", content: "function spare(): number {\n  return 2\n}\n" }]] },
  delete: { steps: [["delete", { file: "src/main.ts", symbol: "unused", preview: true }], ["delete", { file: "src/main.ts", symbol: "unused" }]] },
  case: { steps: [["case", { symbol: "unused", to: "PascalCase" }]] }
})

const session = (catalog: Catalog, steps: ReadonlyArray<Step>) => specSession(catalog, FILES, steps)

/** NDJSON with what differs between two runs of the same thing (transaction ids, times) blanked. */
const stable = (r: StepRun) =>
  JSON.stringify(r.lines).replace(/\d{8}T\d{9}Z-[0-9a-z]{8}/g, "TX").replace(/"(elapsed_ms|ms|files_per_second|mtime|created)":("[^"]*"|\d+)/g, "\"$1\":0")

/** Words pt-BR keeps as they are. */
const KEPT = new Set([
  "tx", "ok", "OK", "B", "KiB", "MiB", "GiB", "ms", "bytes", "blake", "gate", "splice", "json", "preview", "SPLICE", "TRUST",
  // Kinds and languages that read the same in Portuguese.
  "interface", "enum", "struct", "trait", "namespace", "macro", "import", "alias", "symlink", "typescript", "javascript", "python", "json", "go", "rust"
])
/** NDJSON fields that hold English prose for programs: a human line that shows them must translate them. */
const PROSE = new Set(["hint", "reason", "note", "explanation", "why"])
/** The strings under PROSE keys anywhere in a value. */
const proseIn = (value: unknown, out: string[] = []): string[] => {
  if (Array.isArray(value)) for (const v of value) proseIn(v, out)
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (PROSE.has(k) && typeof v === "string") out.push(v)
      else proseIn(v, out)
    }
  }
  return out
}
const dataWords = (lines: ReadonlyArray<Record<string, unknown>>, keys: boolean): Set<string> => {
  const strip = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(strip)
    : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter(([k, x]) => !(PROSE.has(k) && typeof x === "string")).map(([k, x]) => [k, strip(x)]))
    : v
  // Printed as JSON (dataOnly), keys and literals are data too.
  return new Set(keys ? [...wordsOf(JSON.stringify(lines)), ...stringsIn(lines, true).flatMap(wordsOf)] : stringsIn(lines.map(strip)).flatMap(wordsOf))
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
        const stray = wordsOf(outsideCatalog(r.human + r.logs)).filter((w) => !data.has(w))
        expect([r.command, stray]).toEqual([r.command, []])
      }
      for (const call of calls) {
        const english = textAt(en, call)
        const args = stringsIn(call.args)
        // A text of its own, or an English text passed through (a gate's reason, a kind): either must read otherwise in pt-BR.
        const own = wordsOf(english).filter((w) => !args.flatMap(wordsOf).includes(w) && !KEPT.has(w))
        const passedThrough = args.includes(english) && wordsOf(english).some((w) => !KEPT.has(w))
        const portuguese = textAt(ptBR, call)
        if (own.length > 0 || passedThrough) expect([call.path.join("."), english, portuguese !== english]).toEqual([call.path.join("."), english, true])
        // English prose handed in (a verdict's reason) must not come out as it is.
        const prose = proseIn(call.args).filter((p) => wordsOf(p).some((w) => !KEPT.has(w)))
        expect([call.path.join("."), prose.filter((p) => portuguese.includes(p))]).toEqual([call.path.join("."), []])
      }
    })
  }
})
