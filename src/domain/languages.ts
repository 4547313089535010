/**
 * Which tree-sitter grammar parses which file, by extension. Grammars are the official per-language
 * npm packages; the build copies their .wasm files into `grammars/` beside the bundle.
 */

export interface Grammar {
  /** Language id used in output (`"typescript"`, `"python"`, …). */
  readonly language: string
  /** npm package that ships the wasm. */
  readonly pkg: string
  /** File name of the wasm inside the package root (and inside `grammars/`). */
  readonly wasm: string
}

const g = (language: string, pkg: string, wasm: string): Grammar => ({ language, pkg, wasm })

const TS = g("typescript", "tree-sitter-typescript", "tree-sitter-typescript.wasm")
const TSX = g("tsx", "tree-sitter-typescript", "tree-sitter-tsx.wasm")
const JS = g("javascript", "tree-sitter-javascript", "tree-sitter-javascript.wasm")
const PY = g("python", "tree-sitter-python", "tree-sitter-python.wasm")
const RS = g("rust", "tree-sitter-rust", "tree-sitter-rust.wasm")
const GO = g("go", "tree-sitter-go", "tree-sitter-go.wasm")
const JAVA = g("java", "tree-sitter-java", "tree-sitter-java.wasm")
const C = g("c", "tree-sitter-c", "tree-sitter-c.wasm")
const CPP = g("cpp", "tree-sitter-cpp", "tree-sitter-cpp.wasm")
const JSON_ = g("json", "tree-sitter-json", "tree-sitter-json.wasm")
const CSS = g("css", "tree-sitter-css", "tree-sitter-css.wasm")
const BASH = g("bash", "tree-sitter-bash", "tree-sitter-bash.wasm")
const CSHARP = g("csharp", "tree-sitter-c-sharp", "tree-sitter-c_sharp.wasm")
const HTML = g("html", "tree-sitter-html", "tree-sitter-html.wasm")
const RUBY = g("ruby", "tree-sitter-ruby", "tree-sitter-ruby.wasm")
// `php` parses a whole .php file (HTML around `<?php … ?>`); `php_only` expects PHP without the tags.
const PHP = g("php", "tree-sitter-php", "tree-sitter-php.wasm")
const SCALA = g("scala", "tree-sitter-scala", "tree-sitter-scala.wasm")
const HASKELL = g("haskell", "tree-sitter-haskell", "tree-sitter-haskell.wasm")
const OCAML = g("ocaml", "tree-sitter-ocaml", "tree-sitter-ocaml.wasm")
const OCAML_INTERFACE = g("ocaml_interface", "tree-sitter-ocaml", "tree-sitter-ocaml_interface.wasm")
const ELIXIR = g("elixir", "tree-sitter-elixir", "tree-sitter-elixir.wasm")
const KOTLIN = g("kotlin", "@tree-sitter-grammars/tree-sitter-kotlin", "tree-sitter-kotlin.wasm")
const LUA = g("lua", "@tree-sitter-grammars/tree-sitter-lua", "tree-sitter-lua.wasm")
const TOML = g("toml", "@tree-sitter-grammars/tree-sitter-toml", "tree-sitter-toml.wasm")
const YAML = g("yaml", "@tree-sitter-grammars/tree-sitter-yaml", "tree-sitter-yaml.wasm")
const ZIG = g("zig", "@tree-sitter-grammars/tree-sitter-zig", "tree-sitter-zig.wasm")
const HCL = g("hcl", "@tree-sitter-grammars/tree-sitter-hcl", "tree-sitter-hcl.wasm")
// The package's Terraform dialect of HCL, which its tree-sitter.json assigns to .tf and .tfvars.
const TERRAFORM = g("terraform", "@tree-sitter-grammars/tree-sitter-hcl", "tree-sitter-terraform.wasm")

const byExtension: Record<string, Grammar> = {
  ".ts": TS, ".mts": TS, ".cts": TS,
  ".tsx": TSX,
  ".js": JS, ".mjs": JS, ".cjs": JS, ".jsx": JS,
  ".py": PY, ".pyi": PY,
  ".rs": RS,
  ".go": GO,
  ".java": JAVA,
  ".c": C, ".h": C,
  ".cc": CPP, ".cpp": CPP, ".cxx": CPP, ".c++": CPP, ".hh": CPP, ".hpp": CPP, ".hxx": CPP,
  ".json": JSON_,
  ".css": CSS,
  ".sh": BASH, ".bash": BASH,
  ".cs": CSHARP, ".csx": CSHARP,
  ".html": HTML, ".htm": HTML,
  ".rb": RUBY, ".rake": RUBY, ".gemspec": RUBY, ".ru": RUBY, ".rbw": RUBY,
  ".php": PHP, ".phtml": PHP,
  ".scala": SCALA, ".sbt": SCALA, ".sc": SCALA,
  ".hs": HASKELL, ".hs-boot": HASKELL,
  ".ml": OCAML, ".mli": OCAML_INTERFACE,
  ".ex": ELIXIR, ".exs": ELIXIR,
  ".kt": KOTLIN, ".kts": KOTLIN,
  ".lua": LUA,
  ".toml": TOML,
  ".yml": YAML, ".yaml": YAML,
  ".zig": ZIG,
  ".hcl": HCL,
  ".tf": TERRAFORM, ".tfvars": TERRAFORM
}

/** Files known by their whole name, whatever their extension (or lack of one). */
const byName: Record<string, Grammar> = {
  Gemfile: RUBY, Rakefile: RUBY, Guardfile: RUBY, Podfile: RUBY, Vagrantfile: RUBY, Brewfile: RUBY, Capfile: RUBY, Berksfile: RUBY,
  "Cargo.lock": TOML, Pipfile: TOML, "poetry.lock": TOML
}

/** Every grammar splice ships, once each (the build copies these). */
export const allGrammars: ReadonlyArray<Grammar> = [
  TS, TSX, JS, PY, RS, GO, JAVA, C, CPP, JSON_, CSS, BASH,
  CSHARP, HTML, RUBY, PHP, SCALA, HASKELL, OCAML, OCAML_INTERFACE, ELIXIR, KOTLIN, LUA, TOML, YAML, ZIG, HCL, TERRAFORM
]

const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1)

const extensionOf = (path: string): string => {
  const base = baseName(path)
  const dot = base.lastIndexOf(".")
  return dot <= 0 ? "" : base.slice(dot).toLowerCase()
}

export const grammarForPath = (path: string): Grammar | undefined =>
  Object.hasOwn(byName, baseName(path)) ? byName[baseName(path)] : byExtension[extensionOf(path)]

export { extensionOf }
