/**
 * `splice patch`, `delete` and `insert` on code nobody here wrote, in process on the memory layers
 * (the real parsers, syntax gate, journal and an in-memory graph). For up to N symbols of each file:
 *  A. `extract` the definition, `patch` it with that text: nothing may change;
 *  B. `patch --body` with the body's own text: nothing may change;
 *  C. `insert` a probe function after, then before it, and `delete` the probe: the file must come back;
 *  D. `delete --force` it, then `insert` its extracted text next to its previous (else next) sibling:
 *     the file comes back where the file spaces its definitions regularly (reported, not required).
 * Usage: npx vite-node bench/symbol-roundtrip.ts ROOT PER_FILE FILE...
 *   e.g. P=/usr/lib/python3.11; npx vite-node bench/symbol-roundtrip.ts $P 10 $P/textwrap.py $P/argparse.py
 */
import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import { SyntaxLive } from "../layers/live/SyntaxLive.js"
import { extract } from "../src/commands/extract.js"
import { fileFacts } from "../src/commands/graph/fileFacts.js"
import { deleteSymbol } from "../src/commands/symbol/delete.js"
import { insert } from "../src/commands/symbol/insert.js"
import { patch } from "../src/commands/symbol/patch.js"
import { bodyOf, findDefinition, readSite } from "../src/commands/symbol/site.js"
import type { TextTarget } from "../src/commands/textTarget.js"
import type { SymbolFact } from "../src/domain/graph/facts.js"
import { grammarForPath } from "../src/domain/languages.js"
import { contentEnd, endsItsLine, lastLineOf, lineAt, startsItsLine } from "../src/domain/symbolEdit/textLines.js"
import { decodeText } from "../src/domain/textContent.js"
import { runGraph, SavedGraph } from "../test/support/graph.js"
import { MemoryFs, run } from "../test/support/memory.js"

const [root, perFileArg, ...files] = process.argv.slice(2)
if (root === undefined || perFileArg === undefined || files.length === 0) {
  console.error("usage: npx vite-node bench/symbol-roundtrip.ts ROOT PER_FILE FILE...")
  process.exit(2)
}
const perFile = Number(perFileArg)
const writing = { preview: false, showDiff: false, validate: "syntax" as const, maxBytes: 1 << 24, lockTimeoutMs: 2000 }

const probeFor = (language: string, nested: boolean) => {
  switch (language) {
    case "python": return nested ? "def splice_probe(self):\n    return 1" : "def splice_probe():\n    return 1"
    case "go": return "func spliceProbe() int {\n\treturn 1\n}"
    case "rust": return "fn splice_probe() -> i32 {\n    1\n}"
    default: return nested ? "spliceProbe(): number {\n  return 1\n}" : "function spliceProbe(): number {\n  return 1\n}"
  }
}
const probeName = (language: string) => (language === "python" || language === "rust" ? "splice_probe" : "spliceProbe")

const tally: Record<string, Record<string, number>> = {}
const count = (test: string, outcome: string) => {
  const t = (tally[test] ??= {})
  t[outcome] = (t[outcome] ?? 0) + 1
}
const notes: string[] = []
const note = (test: string, outcome: string, where: string, detail: string) => {
  count(test, outcome)
  if (notes.length < 80) notes.push(`${test} ${outcome} ${where}: ${detail}`)
}
const firstDiff = (a: string, b: string) => {
  const al = a.split("\n")
  const bl = b.split("\n")
  for (let i = 0; i < Math.max(al.length, bl.length); i++) if (al[i] !== bl[i]) return `line ${i + 1}: ${JSON.stringify(al[i])} vs ${JSON.stringify(bl[i])}`
  return "same lines"
}

/** The body's text as it stands: the lines between its braces (or inside them on one line), or its block's lines. */
const bodyText = (rel: string, text: string, name: string, kind: string) =>
  Effect.runPromise(Effect.gen(function*() {
    const target = { path: { relative: rel }, content: decodeText(new TextEncoder().encode(text)), checksum: "" } as unknown as TextTarget
    const site = yield* readSite(target, grammarForPath(rel))
    const b = yield* bodyOf(site, yield* findDefinition(site, name, kind))
    if (b === undefined) return undefined
    const t = site.lines
    if (b.kind === "braces") {
      const ol = lineAt(t, b.open)
      const cl = lineAt(t, b.close)
      if (ol < cl && endsItsLine(t, b.open + 1) && startsItsLine(t, b.close)) return text.slice(t.starts[ol + 1], t.starts[cl])
      return text.slice(b.open + 1, b.close).trim()
    }
    if (startsItsLine(t, b.start)) return text.slice(t.starts[lineAt(t, b.start)], contentEnd(t, lastLineOf(t, b.start, b.end)))
    return text.slice(b.start, b.end)
  }).pipe(Effect.provide(SyntaxLive), Effect.orElseSucceed(() => undefined)))

for (const abs of files) {
  const rel = path.relative(root, abs)
  const text = fs.readFileSync(abs, "utf8")
  const grammar = grammarForPath(rel)!
  const lang = grammar.language
  const symbols: ReadonlyArray<SymbolFact> = (await Effect.runPromise(fileFacts(rel, grammar, text).pipe(Effect.provide(SyntaxLive)))).symbols
  const stride = Math.max(1, Math.floor(symbols.length / perFile))
  const fresh = () => new MemoryFs({ [rel]: text })
  for (const s of symbols.filter((_, i) => i % stride === 0).slice(0, perFile)) {
    const where = `${rel} ${s.kind} ${s.qualifiedName}`
    const at = { file: rel, symbol: s.qualifiedName, kind: s.kind }
    // A
    const x = await run(extract({ ...at, maxBytes: 1 << 24 }), fresh())
    if (x.error !== undefined) {
      count("A extract→patch", `skipped ${x.error.code}`)
      continue
    }
    const code = String(x.last["text"])
    const am = fresh()
    const a = await run(patch({ ...at, content: code, body: false, ...writing }), am)
    if (a.error !== undefined) note("A extract→patch", `refused ${a.error.code}`, where, a.error.message)
    else if (a.last["changed"] !== false) note("A extract→patch", "CHANGED", where, firstDiff(text, am.text(rel)!))
    else count("A extract→patch", "unchanged")
    // B
    const body = await bodyText(rel, text, s.qualifiedName, s.kind)
    if (body === undefined || body.trim() === "") count("B body→patch --body", body === undefined ? "skipped: no body" : "skipped: empty body")
    else {
      const bm = fresh()
      const b = await run(patch({ ...at, content: body, body: true, ...writing }), bm)
      if (b.error !== undefined) note("B body→patch --body", `refused ${b.error.code}`, where, b.error.message)
      else if (b.last["changed"] !== false) note("B body→patch --body", "CHANGED", where, firstDiff(text, bm.text(rel)!))
      else count("B body→patch --body", "unchanged")
    }
    // C
    const nested = s.container !== null && !(lang === "go" && s.kind === "method")
    for (const side of ["after", "before"] as const) {
      if (lang === "go" && nested) continue
      const cm = fresh()
      const saved = new SavedGraph()
      const ins = await runGraph(insert({ ...at, position: side, content: probeFor(lang, nested), ...writing }), cm, saved)
      if (ins.error !== undefined) {
        count(`C insert ${side}→delete`, `skipped ${ins.error.code}`)
        continue
      }
      const del = await runGraph(deleteSymbol({ file: rel, symbol: probeName(lang), force: true, ...writing }), cm, saved)
      if (del.error !== undefined) note(`C insert ${side}→delete`, `refused ${del.error.code}`, where, del.error.message)
      else if (cm.text(rel) !== text) note(`C insert ${side}→delete`, "DIFFERS", where, firstDiff(text, cm.text(rel)!))
      else count(`C insert ${side}→delete`, "restored")
    }
    // D: siblings are definitions at the same level and column (Go methods are declared at the top level).
    const level = (o: SymbolFact) => (lang === "go" && o.kind === "method" && o.startColumn === 1 ? null : o.container)
    const siblings = symbols.filter((o) => o !== s && level(o) === level(s) && o.startColumn === s.startColumn && (o.endByte <= s.startByte || o.startByte >= s.endByte))
    const prev = siblings.filter((o) => o.endByte <= s.startByte).at(-1)
    const anchor = prev ?? siblings.find((o) => o.startByte >= s.endByte)
    if (anchor === undefined || symbols.filter((o) => o.qualifiedName === anchor.qualifiedName).length > 1) {
      count("D delete→insert", "skipped: no sibling")
      continue
    }
    const dm = fresh()
    const saved = new SavedGraph()
    const d = await runGraph(deleteSymbol({ ...at, force: true, ...writing }), dm, saved)
    if (d.error !== undefined) {
      count("D delete→insert", `skipped ${d.error.code}`)
      continue
    }
    const back = await runGraph(insert({ file: rel, symbol: anchor.qualifiedName, kind: anchor.kind, position: prev !== undefined ? "after" : "before", content: code, ...writing }), dm, saved)
    if (back.error !== undefined) count("D delete→insert", `skipped ${back.error.code}`)
    else if (dm.text(rel) !== text) note("D delete→insert", "differs", where, firstDiff(text, dm.text(rel)!))
    else count("D delete→insert", "restored")
  }
}
console.log(JSON.stringify(tally, null, 1))
for (const n of notes) console.log(n)
