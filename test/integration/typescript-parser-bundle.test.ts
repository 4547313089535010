/**
 * The parser bundle (dist/grammars/typescript-parser.cjs, lib/typescript.js tree-shaken by
 * scripts/typescriptParserBundle.mjs) against the whole TypeScript, on third-party code: the same
 * facts and the same syntax errors, through typescriptParser.ts as the built CLI loads it
 * (SPLICE_GRAMMARS points it at dist/grammars).
 */
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import type * as TS from "typescript-parser"
import { scriptFacts } from "../../src/domain/graph/scriptFacts.js"
import type { TsSyntaxError } from "../../services/Syntax.js"
import { ensureBuilt } from "../e2e/harness.js"

const ROOT = path.resolve(__dirname, "../..")
const GRAMMARS = path.join(ROOT, "dist", "grammars")
const whole = createRequire(import.meta.url)("typescript-parser") as typeof TS

type Kind = "ts" | "tsx" | "js" | "jsx"
type Parser = typeof import("../../layers/live/typescriptParser.js")
let bundle: Parser

beforeAll(async () => {
  ensureBuilt()
  if (!fs.existsSync(path.join(GRAMMARS, "typescript-parser.cjs"))) throw new Error("dist/grammars/typescript-parser.cjs is missing: run node scripts/build.mjs")
  process.env["SPLICE_GRAMMARS"] = GRAMMARS
  bundle = await import("../../layers/live/typescriptParser.js")
  expect(bundle.typescriptParserFile()).toBe(path.join(GRAMMARS, "typescript-parser.cjs"))
})

const walk = (dir: string, keep: (f: string) => boolean, out: string[] = []): string[] => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) walk(p, keep, out)
    else if (keep(p)) out.push(p)
  }
  return out
}
const modules = (p: string) => path.join(ROOT, "node_modules", p)
/** A fixed sample: every `step`-th file of a sorted walk, of those under 40 KB (a few big files would take most of the time). */
const every = (xs: ReadonlyArray<string>, step: number) => xs.filter((f) => fs.statSync(f).size < 40_000).filter((_, i) => i % step === 0)

const kindOf = (f: string): Kind => (f.endsWith(".tsx") ? "tsx" : f.endsWith(".jsx") ? "jsx" : /\.[cm]?ts$/.test(f) ? "ts" : "js")
const scriptKind = (k: Kind) => ({ ts: whole.ScriptKind.TS, tsx: whole.ScriptKind.TSX, js: whole.ScriptKind.JS, jsx: whole.ScriptKind.JSX })[k]
const parse = (name: string, text: string, kind: Kind) =>
  whole.createSourceFile(name, text, { languageVersion: whole.ScriptTarget.Latest, jsDocParsingMode: whole.JSDocParsingMode.ParseNone }, false, scriptKind(kind))

/** The whole TypeScript's syntax errors for a file, as the gate reports them: a one-file program's for JavaScript. */
const expectedErrors = (file: string, text: string, kind: Kind): ReadonlyArray<TsSyntaxError> => {
  const js = kind === "js" || kind === "jsx"
  const name = js ? "/" + path.basename(file) : file
  const sf = parse(name, text, kind)
  const host = {
    getSourceFile: (f: string) => (f === name ? sf : undefined),
    fileExists: (f: string) => f === name,
    readFile: () => undefined,
    getDefaultLibFileName: () => "lib.d.ts",
    writeFile: () => undefined,
    getCurrentDirectory: () => "/",
    getCanonicalFileName: (f: string) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n"
  }
  const ds = js
    ? whole.createProgram({ rootNames: [name], options: { allowJs: true, noResolve: true, noLib: true, types: [] }, host }).getSyntacticDiagnostics(sf)
    : (sf as unknown as { parseDiagnostics: ReadonlyArray<TS.DiagnosticWithLocation> }).parseDiagnostics
  const message = (m: string | TS.DiagnosticMessageChain) => (typeof m === "string" ? m : m.messageText)
  return ds.map((d) => {
    const rel = d.relatedInformation?.find((r) => r.start !== undefined)
    return { start: d.start!, length: d.length!, code: d.code, message: message(d.messageText), ...(rel !== undefined ? { related: { start: rel.start!, message: message(rel.messageText) } } : {}) }
  })
}

describe("the TypeScript parser bundle against the whole TypeScript", () => {
  const sources = [
    ...every(walk(modules("effect/src"), (f) => f.endsWith(".ts")), 10),
    ...every(walk(modules("@effect"), (f) => /\/src\/.*\.ts$/.test(f)), 12)
  ]
  const compiled = [
    // Other packages' JavaScript and declarations, in every module flavour.
    ...every(walk(modules("effect/dist/esm"), (f) => f.endsWith(".js")), 25),
    ...every(walk(modules("effect/dist/dts"), (f) => f.endsWith(".d.ts")), 25),
    modules("esbuild/lib/main.js"),
    modules("esbuild/lib/main.d.ts"),
    ...walk(modules("sql.js/dist"), (f) => /sql-wasm\.js$/.test(f)),
    ...walk(modules("jsonc-parser/lib/umd"), (f) => f.endsWith(".js")).slice(0, 3),
    ...walk(modules("vitest/dist"), (f) => /\.cjs$/.test(f)).slice(0, 2),
    modules("magic-string/dist/magic-string.es.mjs"),
    path.join(ROOT, "test/fixtures/typescript-parser/sample.tsx")
  ]

  it("finds the same facts in real TS, JS and declaration files", () => {
    const files = [...sources, ...compiled]
    expect(files.length).toBeGreaterThan(60)
    expect(new Set(files.map((f) => path.extname(f)))).toEqual(new Set([".ts", ".js", ".cjs", ".mjs", ".tsx"]))
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8")
      const kind = kindOf(file)
      const expected = scriptFacts(whole, parse(file, text, kind))
      expect(bundle.typescriptFacts(file, text, kind), path.relative(ROOT, file)).toEqual(expected)
    }
  })

  it("finds the same syntax errors, as TypeScript and as JavaScript (TypeScript-only syntax), in whole and broken files", () => {
    let errors = 0
    for (const file of [...every(sources, 3), ...compiled]) {
      const text = fs.readFileSync(file, "utf8")
      // Broken: a cut in the middle (unclosed blocks, strings, JSX), and the rest of the file doubled.
      const broken = text.slice(0, text.length >> 1) + text.slice(text.length >> 2)
      for (const t of [text, broken]) {
        for (const kind of new Set([kindOf(file), "js" as const])) {
          const got = bundle.typescriptSyntaxErrors(file, t, kind)
          expect(got, `${path.relative(ROOT, file)} as ${kind}`).toEqual(expectedErrors(file, t, kind))
          errors += got.length
        }
      }
    }
    expect(errors).toBeGreaterThan(1000)
  })

  it("parses an edit incrementally to the errors the whole TypeScript finds afresh", () => {
    const file = modules("effect/src/Option.ts")
    let before = fs.readFileSync(file, "utf8")
    const at = before.indexOf("export const none")
    for (const [from, to] of [["export const none", "export const none: ("], ["export const none: (", "export const none"], ["export", "expo rt"]] as const) {
      const after = before.slice(0, at) + before.slice(at).replace(from, to)
      const got = bundle.typescriptEditErrors(file, "ts", before, after)
      expect(got.before).toEqual(expectedErrors(file, before, "ts"))
      expect(got.after).toEqual(expectedErrors(file, after, "ts"))
      before = after
    }
  })
})
