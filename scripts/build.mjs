// Bundles the CLI into dist/splice.cjs (CommonJS: what the launcher dist/launch.cjs runs, under Node
// 20+ and Deno 2, through its V8 code cache; and the Node single executable) and dist/splice-esm.mjs
// (ESM with code splitting, for `deno compile`, see deno.json), and copies the tree-sitter wasm files
// into dist/grammars/, with TypeScript's own parser (typescript 5.9's lib/typescript.js, CommonJS,
// 9 MB), whose LanguageService rename and complete use and whose standard library declarations it
// reads (grammars/typescript-lib/), and its parser alone (grammars/typescript-parser.cjs, 0.4 MB:
// the code graph's facts and the syntax gate when tree-sitter blames a TS/JS edit, see
// layers/live/typescriptParser.ts), and toml_edit's wasm.
import { build } from "esbuild"
import { mkdirSync, copyFileSync, readdirSync, readFileSync, rmSync, chmodSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { typescriptParserBundle } from "./typescriptParserBundle.mjs"

const grammarPackages = {
  "web-tree-sitter": ["web-tree-sitter.wasm"],
  "tree-sitter-typescript": ["tree-sitter-typescript.wasm", "tree-sitter-tsx.wasm"],
  "tree-sitter-javascript": ["tree-sitter-javascript.wasm"],
  "tree-sitter-python": ["tree-sitter-python.wasm"],
  "tree-sitter-rust": ["tree-sitter-rust.wasm"],
  "tree-sitter-go": ["tree-sitter-go.wasm"],
  "tree-sitter-java": ["tree-sitter-java.wasm"],
  "tree-sitter-c": ["tree-sitter-c.wasm"],
  "tree-sitter-cpp": ["tree-sitter-cpp.wasm"],
  "tree-sitter-json": ["tree-sitter-json.wasm"],
  "tree-sitter-css": ["tree-sitter-css.wasm"],
  "tree-sitter-bash": ["tree-sitter-bash.wasm"],
  "tree-sitter-c-sharp": ["tree-sitter-c_sharp.wasm"],
  "tree-sitter-html": ["tree-sitter-html.wasm"],
  "tree-sitter-ruby": ["tree-sitter-ruby.wasm"],
  "tree-sitter-php": ["tree-sitter-php.wasm"],
  "tree-sitter-scala": ["tree-sitter-scala.wasm"],
  "tree-sitter-haskell": ["tree-sitter-haskell.wasm"],
  "tree-sitter-ocaml": ["tree-sitter-ocaml.wasm", "tree-sitter-ocaml_interface.wasm"],
  "tree-sitter-elixir": ["tree-sitter-elixir.wasm"],
  "@tree-sitter-grammars/tree-sitter-kotlin": ["tree-sitter-kotlin.wasm"],
  "@tree-sitter-grammars/tree-sitter-lua": ["tree-sitter-lua.wasm"],
  "@tree-sitter-grammars/tree-sitter-toml": ["tree-sitter-toml.wasm"],
  "@tree-sitter-grammars/tree-sitter-yaml": ["tree-sitter-yaml.wasm"],
  "@tree-sitter-grammars/tree-sitter-zig": ["tree-sitter-zig.wasm"],
  "@tree-sitter-grammars/tree-sitter-hcl": ["tree-sitter-hcl.wasm", "tree-sitter-terraform.wasm"],
  "sql.js/dist": ["sql-wasm.wasm"]
}

rmSync("dist", { recursive: true, force: true })
mkdirSync("dist/grammars", { recursive: true })
for (const [pkg, files] of Object.entries(grammarPackages)) {
  const root = join("node_modules", pkg)
  for (const f of files) copyFileSync(join(root, f), join("dist/grammars", f))
}
// As .cjs: beside package.json's "type": "module", Deno's require would read a .js file as ESM.
copyFileSync("node_modules/typescript-parser/lib/typescript.js", "dist/grammars/typescript.cjs")
// Its parser alone (~0.4 MB), for the code graph's facts and the syntax check: the whole one is
// loaded only by the LanguageService (rename --engine ts, complete). Derived and checked against it.
await typescriptParserBundle({
  packageDir: join(process.cwd(), "node_modules/typescript-parser"),
  outfile: "dist/grammars/typescript-parser.cjs",
  samples: ["layers/live/typescriptParser.ts", "src/domain/graph/scriptFacts.ts", "test/fixtures/typescript-parser/sample.tsx"]
})
// TypeScript's standard library declarations, for its LanguageService (rename, complete): every
// lib.*.d.ts, chosen at run time by the workspace's tsconfig (layers/live/typescriptLibs.ts).
mkdirSync("dist/grammars/typescript-lib")
for (const f of readdirSync("node_modules/typescript-parser/lib").filter((f) => /^lib\..*\.d\.ts$/.test(f))) {
  copyFileSync(join("node_modules/typescript-parser/lib", f), join("dist/grammars/typescript-lib", f))
}
// toml_edit as wasm, for `splice get/set/del` on TOML (layers/live/tomlWasm.ts reads it from here).
copyFileSync("node_modules/@rainbowatcher/toml-edit-js/index_bg.wasm", "dist/grammars/toml-edit.wasm")

// jsonc-parser's "main" is a UMD build whose require("./impl/...") calls esbuild cannot follow (the
// bundle would fail at run time); its ES module build bundles like any other.
const jsoncParserEsm = {
  name: "jsonc-parser-esm",
  setup(b) {
    b.onResolve({ filter: /^jsonc-parser$/ }, () => ({ path: join(process.cwd(), "node_modules/jsonc-parser/lib/esm/main.js") }))
  }
}

// Work Effect does as its modules load that every start paid for and few runs need (each checked
// with --cpu-prof and process.cpuUsage() around module initialisation, see README "Start-up"). A
// pattern that is no longer found fails the build, so that an upgrade of effect cannot silently
// bring the cost back or patch the wrong code.
const effectPatches = {
  // Whether V8 keeps the name of a function in stack traces, learnt by formatting a stack trace as
  // the module loads (~9 ms of CPU on the loaded machine measured, the first trace of the 1.5 MB
  // bundle). Property names survive esbuild, minified or not, and a function not yet optimised is
  // always in the trace: the probe answers true at start-up, so true it is.
  "effect/dist/esm/Utils.js": [
    ['const isNotOptimizedAway = /*#__PURE__*/standard.effect_internal_function(() => new Error().stack)?.includes("effect_internal_function") === true;',
      "const isNotOptimizedAway = true;"]
  ],
  // The clock's origins, taken at first use instead of as the module loads: the same formulas, but
  // `performance` (a global getter that loads node:perf_hooks and its ten modules) is touched only
  // by a run that reads the clock.
  "effect/dist/esm/internal/clock.js": [
    ['  if (typeof performance === "undefined" || typeof performance.now !== "function") {\n    return () => BigInt(Date.now()) * bigint1e6;\n  }\n  let origin;\n  return () => {\n',
      '  let origin;\n  return () => {\n    if (typeof performance === "undefined" || typeof performance.now !== "function") return BigInt(Date.now()) * bigint1e6;\n'],
    ["const origin = /*#__PURE__*/performanceNowNanos() - /*#__PURE__*/processHrtime.bigint();\n  return () => origin + processHrtime.bigint();",
      "let origin;\n  return () => (origin ??= performanceNowNanos() - processHrtime.bigint()) + processHrtime.bigint();"]
  ],
  // A histogram of fiber lifetimes, updated only when runtime metrics are on (never in splice), built
  // as the module loads: 35 exponential boundaries deduplicated pairwise through Equal, hashed and
  // tagged (~1-5 ms of CPU at start-up, measured per statement of module initialisation). Built at
  // its first update instead; effect/Metric's re-export (not bundled today) gets the real metric.
  "effect/dist/esm/internal/fiberRuntime.js": [
    ['export const fiberLifetimes = /*#__PURE__*/metric.tagged(/*#__PURE__*/metric.histogram("effect_fiber_lifetimes", /*#__PURE__*/metricBoundaries.exponential({\n  start: 0.5,\n  factor: 2,\n  count: 35\n})), "time_unit", "milliseconds");',
      'let fiberLifetimesMetric;\nexport const fiberLifetimesOf = () => fiberLifetimesMetric ??= metric.tagged(metric.histogram("effect_fiber_lifetimes", metricBoundaries.exponential({\n  start: 0.5,\n  factor: 2,\n  count: 35\n})), "time_unit", "milliseconds");\nexport const fiberLifetimes = { unsafeUpdate: (value, tags) => fiberLifetimesOf().unsafeUpdate(value, tags) };'],
    ["fiberLifetimes.unsafeUpdate(endTimeMillis - startTimeMillis, tags);", "fiberLifetimesOf().unsafeUpdate(endTimeMillis - startTimeMillis, tags);"]
  ],
  "effect/dist/esm/Metric.js": [
    ["export const fiberLifetimes = fiberRuntime.fiberLifetimes;", "export const fiberLifetimes = /*#__PURE__*/fiberRuntime.fiberLifetimesOf();"]
  ]
}
const patchEffect = {
  name: "effect-start-up",
  setup(b) {
    b.onLoad({ filter: /[\\/]effect[\\/]dist[\\/]esm[\\/](Utils|Metric|internal[\\/]clock|internal[\\/]fiberRuntime)\.js$/ }, async (args) => {
      const key = Object.keys(effectPatches).find((k) => args.path.replace(/\\/g, "/").endsWith(`node_modules/${k}`))
      if (key === undefined) return undefined
      let src = readFileSync(args.path, "utf8")
      for (const [from, to] of effectPatches[key]) {
        if (!src.includes(from)) throw new Error(`scripts/build.mjs: ${key} no longer contains ${JSON.stringify(from.slice(0, 60))}…`)
        src = src.replace(from, to)
      }
      return { contents: src, loader: "js" }
    })
  }
}

// node:crypto (and its fifteen modules) only when used: splice's own code needs it only to create
// the journal key (layers/live/JournalKeyLive.ts loads it then; the lock's file name is a pure-JS
// SHA-1), but bundled code imports it too (sql.js's Emscripten glue, for random bytes). Its exports
// become getters that load it at first touch.
const cryptoExports = Object.keys(createRequire(import.meta.url)("node:crypto"))
const lazyCrypto = {
  name: "lazy-node-crypto",
  setup(b) {
    b.onResolve({ filter: /^(node:)?crypto$/ }, (args) => args.namespace === "lazy-crypto" ? { path: "node:crypto", external: true } : { path: "crypto", namespace: "lazy-crypto" })
    b.onLoad({ filter: /.*/, namespace: "lazy-crypto" }, () => ({
      loader: "js",
      contents: "let crypto\nconst load = () => crypto || (crypto = require(\"node:crypto\"))\n" +
        cryptoExports.map((k) => `Object.defineProperty(exports, ${JSON.stringify(k)}, { enumerable: true, get: () => load()[${JSON.stringify(k)}] })`).join("\n")
    }))
  }
}

// esbuild gives every module that does `import * as fs from "node:fs"` its own namespace object,
// `__toESM(require("node:fs"), 1)`: a getter defined for each of the module's exports (104 for
// node:fs), 47 times over for fs, path and os as a run starts (~6 ms of CPU measured on the loaded
// machine, README "Start-up"). The objects are alike and read-only, so one per built-in serves
// every importer: the calls go through a memo. The helper's name changes with minification, so it
// is read off the calls, which must all agree; none found fails the build.
const shareBuiltinNamespaces = (text) => {
  const call = /(?<![\w$.])([A-Za-z_$][\w$]*)\(require\("(node:[\w/]+)"\), ?1\)/g
  const helpers = new Set([...text.matchAll(call)].map((m) => m[1]))
  if (helpers.size !== 1) throw new Error(`scripts/build.mjs: expected one __toESM helper around require("node:…"), found ${[...helpers].join(", ") || "none"}`)
  const [helper] = helpers
  const prologue = /^(#![^\n]*\n)?("use strict";\n?)?/.exec(text)[0]
  return prologue + `var __spliceBuiltins={},__spliceBuiltin=(id)=>__spliceBuiltins[id]??=${helper}(require(id),1);\n` +
    text.slice(prologue.length).replace(call, (_, _h, id) => `__spliceBuiltin(${JSON.stringify(id)})`)
}

const common = {
  entryPoints: ["src/main.ts"],
  plugins: [jsoncParserEsm, patchEffect],
  bundle: true,
  platform: "node",
  target: "node20",
  minify: process.env.SPLICE_NO_MINIFY !== "1",
  legalComments: "none",
  logLevel: "warning"
}

// ESM with code splitting (for `deno compile`): the tree-sitter runtime, sql.js and the MCP server
// are chunks of their own, loaded only when used.
await build({
  ...common,
  format: "esm",
  splitting: true,
  outdir: "dist",
  entryNames: "splice-esm",
  chunkNames: "chunks/[name]-[hash]",
  outExtension: { ".js": ".mjs" },
  banner: {
    // CommonJS dependencies (sql.js's Emscripten glue) expect require, __filename and __dirname.
    js: "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; import { dirname as __dn } from 'node:path'; " +
      "const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);"
  }
})

// CommonJS (for the launcher's code cache, on Node and Deno, and for the single executable). Modules
// reached only through import() (the MCP server, tree-sitter, sql.js) are evaluated only when imported.
// Emscripten's Node glue in web-tree-sitter uses `await import("module")` and import.meta.url;
// neither exists in a vm.Script or a single executable, so the CJS build uses require instead.
const emscriptenToCjs = {
  name: "emscripten-to-cjs",
  setup(b) {
    b.onLoad({ filter: /web-tree-sitter[\\/]web-tree-sitter\.js$/ }, async (args) => {
      const { readFile } = await import("node:fs/promises")
      const src = (await readFile(args.path, "utf8"))
        .replace(/const \{ createRequire \} = await import\("module"\);\s*var require = createRequire\(import\.meta\.url\);/, "")
        .replace(/await import\("fs\/promises"\)/g, 'require("fs/promises")')
        .replace(/import\.meta\.url/g, 'require("url").pathToFileURL(__filename).href')
      return { contents: src, loader: "js" }
    })
  }
}
const cjs = await build({ ...common, format: "cjs", outfile: "dist/splice.cjs", write: false, plugins: [jsoncParserEsm, patchEffect, emscriptenToCjs, lazyCrypto] })
const bundled = shareBuiltinNamespaces(cjs.outputFiles[0].text)
// The launcher reads the bundle as Latin-1 (no UTF-8 validation of 1.6 MB per start): ASCII only,
// which esbuild's default charset gives for code. An unminified build (for profiles) keeps comments, which
// are escaped here: nothing reads them.
const cjsText = process.env.SPLICE_NO_MINIFY === "1" ? bundled.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) : bundled
if (/[^\x00-\x7f]/.test(cjsText)) throw new Error("scripts/build.mjs: dist/splice.cjs must be ASCII (src/launcher.cjs reads it as Latin-1)")
writeFileSync("dist/splice.cjs", cjsText)

copyFileSync("src/launcher.cjs", "dist/launch.cjs")
copyFileSync("src/launcher.mjs", "dist/splice.mjs")
chmodSync("dist/launch.cjs", 0o755)
chmodSync("dist/splice.mjs", 0o755)
console.log("built dist/launch.cjs (launcher, npm's bin), dist/splice.mjs (it, as an ES module), dist/splice.cjs, dist/splice-esm.mjs and dist/grammars/")
