// Bundles the CLI into dist/splice.cjs (CommonJS: what the launcher dist/splice.mjs runs, under Node
// 20+ and Deno 2, through its V8 code cache; and the Node single executable) and dist/splice-esm.mjs
// (ESM with code splitting, for `deno compile`, see deno.json), and copies the tree-sitter wasm files
// into dist/grammars/, with TypeScript's own parser (typescript 5.9's lib/typescript.js, CommonJS,
// 9 MB), which the syntax gate loads only when tree-sitter blames a TS/JS edit
// (layers/live/typescriptParser.ts) and whose standard library declarations its LanguageService
// reads (grammars/typescript-lib/), and toml_edit's wasm.
import { build } from "esbuild"
import { mkdirSync, copyFileSync, readdirSync, rmSync, chmodSync } from "node:fs"
import { join } from "node:path"

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

const common = {
  entryPoints: ["src/main.ts"],
  plugins: [jsoncParserEsm],
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
await build({ ...common, format: "cjs", outfile: "dist/splice.cjs", plugins: [jsoncParserEsm, emscriptenToCjs] })

copyFileSync("src/launcher.mjs", "dist/splice.mjs")
chmodSync("dist/splice.mjs", 0o755)
console.log("built dist/splice.mjs (launcher), dist/splice.cjs, dist/splice-esm.mjs and dist/grammars/")
