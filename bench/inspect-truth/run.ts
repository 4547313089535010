/**
 * `splice extract --symbol` and `splice query` against each language's own parser, on code nobody
 * here wrote; `splice diff`'s patches against patch(1). Usage (after `node scripts/build.mjs`):
 *   npx vite-node bench/inspect-truth/run.ts [python|go|ts|kinds|diff]...   (default: all)
 * - python: CPython's standard library (python3's own Lib/). Where each def and class starts, with
 *   its decorators (ast's decorator lines) and the `#` lines right above; ends (ast's end_lineno);
 *   query's function_definition and class_definition counts against ast's.
 * - go: GOROOT/src (the first 3,000 files outside testdata). Where each func and type starts with its
 *   doc comment, against go/ast's Doc; query's function and method counts against go/ast's.
 * - ts: zod 3.25.76 (`npm pack`). Where each declaration starts with its comments, against
 *   TypeScript's own comment ranges (taken back while no blank line separates them).
 * - kinds: every kind of the 28 grammars makes a query that compiles.
 * - diff: 60 seeded changes of stdlib files (edits, CRLF regions, BOM and final newline, unrelated
 *   files) through the built CLI; each patch applied with `patch -p1 --binary` must give the new bytes.
 */
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { Syntax } from "../../services/Syntax.js"
import { triviaOf } from "../../src/commands/extract.js"
import { fileFacts } from "../../src/commands/graph/fileFacts.js"
import { patternsOf } from "../../src/commands/query.js"
import { byteOffsets } from "../../src/domain/graph/offsets.js"
import { allGrammars, grammarForPath } from "../../src/domain/languages.js"
import { leadingTrivia } from "../../src/domain/leadingTrivia.js"
import { decodeText, isDecodeFailure } from "../../src/domain/textContent.js"
import { indexOfByte, spanLocator } from "../../src/domain/textSpan.js"
// @ts-expect-error: a JavaScript module of the benches
import { npmPackage, random, ROOT, WORK } from "../graph-truth/common.mjs"

const HERE = import.meta.dirname
const tally = () => ({ checked: 0, agree: 0, problems: [] as string[] })
const report = (name: string, t: ReturnType<typeof tally>, extra = "") => {
  console.log(`${name}: ${t.agree} of ${t.checked} agree${extra}`)
  for (const p of t.problems.slice(0, 15)) console.log(`  ${p}`)
}
const listFiles = (dir: string, re: RegExp, skip: RegExp = /$^/): string[] =>
  (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile() && re.test(e.name)).map((e) => path.join(e.parentPath, e.name)).filter((p) => !skip.test(p)).sort()

/** A file as extract sees it, with its facts, trivia and positions. */
const load = (file: string) =>
  Effect.gen(function*() {
    const bytes = new Uint8Array(fs.readFileSync(file))
    const d = decodeText(bytes)
    if (isDecodeFailure(d)) return undefined
    const grammar = grammarForPath(file)!
    const facts = yield* fileFacts(file, grammar, d.text)
    const trivia = yield* triviaOf(grammar, d.text)
    const toIndex = indexOfByte(d.text)
    const locate = spanLocator(d.text, d.bom ? 3 : 0)
    /** Where extract's text for a symbol starts (line, and whether a comment was taken), checking its bytes on the way. */
    const extracted = (s: { startByte: number; endByte: number }) => {
      const start = toIndex(s.startByte)
      const end = toIndex(s.endByte)
      const lead = leadingTrivia(d.text, start, trivia)
      const span = locate(lead.start, end)
      if (new TextDecoder().decode(bytes.subarray(span.start_byte, span.end_byte)) !== d.text.slice(lead.start, end)) throw new Error(`${file}: span bytes differ`)
      return { ...lead, line: span.start_line }
    }
    return { text: d.text, grammar, facts, extracted }
  })

const python = Effect.gen(function*() {
  const syntax = yield* Syntax
  const lib = execFileSync("python3", ["-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: "utf8" }).trim()
  const files = listFiles(lib, /\.py$/, /__pycache__|site-packages/)
  const oracle = JSON.parse(execFileSync("python3", [path.join(HERE, "py_oracle.py")], { input: files.join("\n"), encoding: "utf8", maxBuffer: 1 << 28 })) as
    Record<string, { defs: Array<{ name: string; line: number; end: number; decorator: number | null }>; functions: number; classes: number }>
  const starts = tally(), ends = tally(), counts = tally()
  for (const [file, o] of Object.entries(oracle)) {
    const f = yield* load(file)
    if (f === undefined) continue
    const lines = f.text.split(/\r\n|\r|\n/)
    for (const s of f.facts.symbols.filter((x) => x.kind === "function" || x.kind === "method" || x.kind === "class")) {
      const def = o.defs.find((x) => x.name === s.name && x.line === s.startLine)
      starts.checked++
      if (def === undefined) {
        starts.problems.push(`${file}:${s.startLine} ${s.name}: no def of ast's there`)
        continue
      }
      const e = f.extracted(s)
      let want = def.decorator ?? def.line
      while (want > 1 && /^\s*#/.test(lines[want - 2]!)) want--
      if (e.line === want && e.decorators === (def.decorator !== null)) starts.agree++
      else starts.problems.push(`${file}:${s.startLine} ${s.name}: starts at ${e.line}, expected ${want}`)
      ends.checked++
      if (s.endLine === def.end) ends.agree++
      else ends.problems.push(`${file}:${s.startLine} ${s.name}: ends at ${s.endLine}, ast ${def.end}`)
    }
    const fn = (yield* syntax.query(f.grammar, f.text, "(function_definition) @n")).length
    const cl = (yield* syntax.query(f.grammar, f.text, "(class_definition) @n")).length
    counts.checked++
    if (fn === o.functions && cl === o.classes) counts.agree++
    else counts.problems.push(`${file}: ${fn} functions and ${cl} classes, ast ${o.functions} and ${o.classes}`)
  }
  report("python: start (decorators, comments)", starts)
  report("python: end", ends)
  report("python: query counts per file", counts)
})

const go = Effect.gen(function*() {
  const syntax = yield* Syntax
  const goroot = execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim()
  const files = listFiles(path.join(goroot, "src"), /\.go$/, /\/testdata\//).slice(0, 3000)
  const oracle = JSON.parse(execFileSync("go", ["run", "."], { cwd: path.join(HERE, "go_doc_oracle"), input: files.join("\n"), encoding: "utf8", maxBuffer: 1 << 28 })) as
    Record<string, { defs: Array<{ name: string; line: number; end: number; doc: number; bodiless: boolean }> | null; funcs: number }>
  const starts = tally(), counts = tally()
  let bodiless = 0
  for (const [file, o] of Object.entries(oracle)) {
    const f = yield* load(file)
    if (f === undefined) continue
    for (const def of o.defs ?? []) {
      const s = f.facts.symbols.find((x) => x.name === def.name && x.startLine === def.line)
      if (s === undefined) {
        // The graph's query wants a body: functions implemented in assembly are not symbols.
        if (def.bodiless) bodiless++
        else starts.problems.push(`${file}:${def.line} ${def.name}: no symbol there`)
        continue
      }
      starts.checked++
      const e = f.extracted(s)
      const want = def.doc === 0 ? def.line : def.doc
      if (e.line === want && e.docComment === (def.doc !== 0) && s.endLine === def.end) starts.agree++
      else starts.problems.push(`${file}:${def.line} ${def.name}: starts at ${e.line}, go/ast ${want}`)
    }
    counts.checked++
    const n = (yield* syntax.query(f.grammar, f.text, "[(function_declaration) (method_declaration)] @n")).length
    if (n === o.funcs) counts.agree++
    else counts.problems.push(`${file}: ${n} funcs, go/ast ${o.funcs}`)
  }
  report("go: start with the doc comment, and end", starts, `; ${bodiless} functions without a body are not symbols`)
  report("go: query counts per file", counts)
})

const typescript = Effect.gen(function*() {
  const { createRequire } = yield* Effect.promise(() => import("node:module"))
  const ts = createRequire(import.meta.url)(path.join(ROOT, "node_modules", "typescript-parser")) as typeof import("typescript-parser")
  const dir = npmPackage("zod", "3.25.76") as string
  const t = tally()
  for (const file of listFiles(dir, /\.(ts|js|mjs|cjs)$/, /\.d\.c?ts$/)) {
    const f = yield* load(file)
    if (f === undefined) continue
    const toByte = byteOffsets(f.text)
    const sf = ts.createSourceFile(file, f.text, ts.ScriptTarget.Latest, true)
    const expected = new Map<number, number>()
    const visit = (n: import("typescript-parser").Node) => {
      if (ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n) || ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n) || ts.isEnumDeclaration(n) || ts.isMethodDeclaration(n) || ts.isVariableStatement(n) || ts.isModuleDeclaration(n)) {
        let start = n.getStart(sf)
        const ranges = ts.getLeadingCommentRanges(f.text, n.getFullStart()) ?? []
        for (let i = ranges.length - 1; i >= 0; i--) {
          const r = ranges[i]!
          const lineStart = f.text.lastIndexOf("\n", r.pos - 1) + 1
          if ((f.text.slice(r.end, start).match(/\n/g)?.length ?? 0) > 1 || !/^\s*$/.test(f.text.slice(lineStart, r.pos))) break
          start = r.pos
        }
        expected.set(toByte(n.getStart(sf)), f.text.slice(0, start).split("\n").length)
      }
      ts.forEachChild(n, visit)
    }
    visit(sf)
    for (const s of f.facts.symbols) {
      const want = expected.get(s.startByte)
      if (want === undefined) continue
      t.checked++
      const e = f.extracted(s)
      if (e.line === want) t.agree++
      else t.problems.push(`${file}:${s.startLine} ${s.qualifiedName}: starts at ${e.line}, TypeScript's comments ${want}`)
    }
  }
  report("ts (zod): start with the comments above", t)
})

const kinds = Effect.gen(function*() {
  const syntax = yield* Syntax
  const t = tally()
  for (const g of allGrammars) {
    const k = yield* syntax.nodeKinds(g)
    for (const kind of [...k.named, ...k.anonymous, ...k.supertypes]) {
      t.checked++
      const r = yield* Effect.either(syntax.query(g, "x", `[${patternsOf(kind, k).join(" ")}] @node`))
      if (r._tag === "Right") t.agree++
      else t.problems.push(`${g.language} ${JSON.stringify(kind)}: ${r.left.message}`)
    }
  }
  report("kinds: a query compiles", t)
})

const diff = Effect.sync(() => {
  const lib = execFileSync("python3", ["-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: "utf8" }).trim()
  const files = listFiles(lib, /\.py$/, /__pycache__|site-packages/).filter((f) => fs.statSync(f).size > 2000)
  const rand = random(13) as () => number
  const ws = fs.mkdtempSync(path.join(WORK as string, "diff-"))
  fs.mkdirSync(path.join(ws, ".git"))
  const t = tally()
  for (let i = 0; i < 60; i++) {
    const pick = () => files[Math.floor(rand() * files.length)]!
    const file = pick()
    const old = fs.readFileSync(file)
    const lines = old.toString("latin1").split("\n")
    let now: string
    if (i % 4 === 0) {
      for (let k = 0, n = 1 + Math.floor(rand() * 20); k < n; k++) {
        const j = Math.floor(rand() * lines.length)
        const op = rand()
        if (op < 0.4) lines.splice(j, 1)
        else if (op < 0.7) lines.splice(j, 0, `# inserted ${j}`)
        else lines[j] = lines[j]!.toUpperCase()
      }
      now = lines.join("\n")
    } else if (i % 4 === 1) {
      const [a, b] = [Math.floor(rand() * lines.length), Math.floor(rand() * lines.length)].sort((x, y) => x - y)
      now = [lines.slice(0, a).join("\n"), lines.slice(a, b).join("\r\n"), lines.slice(b).join("\n")].join("\n")
    } else if (i % 4 === 2) now = fs.readFileSync(pick()).toString("latin1")
    else now = "\xef\xbb\xbf" + old.toString("latin1").replace(/\n+$/, "")
    fs.writeFileSync(path.join(ws, "target.py"), old)
    fs.writeFileSync(path.join(ws, "new.py"), Buffer.from(now, "latin1"))
    const r = spawnSync(process.execPath, [path.join(ROOT, "dist", "splice.mjs"), "diff", "target.py", "new.py", "--output", "json"], { cwd: ws, encoding: "utf8", maxBuffer: 1 << 26 })
    const result = JSON.parse(r.stdout.trim().split("\n").pop()!) as { diff: string }
    const patched = spawnSync("patch", ["-p1", "--binary", "-s", "-f"], { cwd: ws, input: result.diff.replace("+++ b/new.py", "+++ b/target.py"), encoding: "utf8" })
    t.checked++
    if (r.status === 0 && patched.status === 0 && fs.readFileSync(path.join(ws, "target.py")).equals(Buffer.from(now, "latin1"))) t.agree++
    else t.problems.push(`${file} (change ${i % 4}): ${patched.stderr || patched.stdout}`)
  }
  fs.rmSync(ws, { recursive: true, force: true })
  report("diff: patch(1) restores the new bytes", t)
})

const all = { python, go, ts: typescript, kinds, diff } as const
const chosen = process.argv.slice(2).filter((a): a is keyof typeof all => a in all)
const started = Date.now()
Effect.runPromise(Effect.forEach(chosen.length > 0 ? chosen : Object.keys(all) as Array<keyof typeof all>, (k) => all[k], { discard: true }).pipe(Effect.provide(SyntaxLive)))
  .then(() => console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`), (e) => {
    console.error(e)
    process.exitCode = 1
  })
